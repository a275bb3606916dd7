"""Tests of the package API (`get`, `serialize`, `deserialize`) and of every
built-in metric inside one compiled step."""

import numpy as np

from keras.src import metrics
from keras.src import ops
from keras.src import testing
from keras.src.losses import losses
from keras.src.metrics.accuracy_metrics import binary_accuracy
from keras.src.metrics.metric_test import compile_fn

RNG = np.random.default_rng(0)
BINARY = (RNG.random((6, 3)) > 0.5).astype("float32")
SCORES = RNG.random((6, 3)).astype("float32")
LABELS = RNG.integers(0, 3, 6)
ONE_HOT = np.eye(3, dtype="float32")[LABELS]
WEIGHTS = RNG.random(6).astype("float32")


def all_metric_cases():
    """(metric, update arguments) for every built-in metric class."""
    m = metrics
    binary = (BINARY, SCORES, WEIGHTS)
    one_hot = (ONE_HOT, SCORES, WEIGHTS)
    sparse = (LABELS, SCORES, WEIGHTS)
    regression = (SCORES, SCORES[::-1] * 2.0, WEIGHTS)
    cases = [
        (m.Sum(), (SCORES,)),
        (m.Mean(), (SCORES, WEIGHTS)),
        (m.MeanMetricWrapper(binary_accuracy, threshold=0.3), binary),
        (m.Accuracy(), (LABELS, np.argmax(SCORES, -1))),
        (m.BinaryAccuracy(), binary),
        (m.CategoricalAccuracy(), one_hot),
        (m.SparseCategoricalAccuracy(), sparse),
        (m.TopKCategoricalAccuracy(k=2), one_hot),
        (m.SparseTopKCategoricalAccuracy(k=2), sparse),
        (m.BinaryCrossentropy(), binary),
        (m.CategoricalCrossentropy(), one_hot),
        (m.SparseCategoricalCrossentropy(ignore_class=1), sparse),
        (m.KLDivergence(), one_hot),
        (m.Poisson(), regression),
        (m.MeanSquaredError(), regression),
        (m.MeanAbsoluteError(), regression),
        (m.MeanAbsolutePercentageError(), regression),
        (m.MeanSquaredLogarithmicError(), regression),
        (m.RootMeanSquaredError(), regression),
        (m.CosineSimilarity(), regression),
        (m.LogCoshError(), regression),
        (m.Hinge(), binary),
        (m.SquaredHinge(), binary),
        (m.CategoricalHinge(), one_hot),
        (m.PearsonCorrelation(), regression),
        (m.ConcordanceCorrelation(), regression),
        (m.TruePositives(), binary),
        (m.FalsePositives(thresholds=[0.2, 0.6]), binary),
        (m.TrueNegatives(), binary),
        (m.FalseNegatives(), binary),
        (m.Precision(top_k=2), binary),
        (m.Recall(class_id=1), binary),
        (m.AUC(num_thresholds=9), binary),
        (m.AUC(num_thresholds=9, curve="PR", multi_label=True,
               num_labels=3), binary),
        (m.SensitivityAtSpecificity(0.5, num_thresholds=9), binary),
        (m.SpecificityAtSensitivity(0.5, num_thresholds=9), binary),
        (m.PrecisionAtRecall(0.5, num_thresholds=9), binary),
        (m.RecallAtPrecision(0.5, num_thresholds=9), binary),
        (m.IoU(3, [0, 2], sparse_y_pred=False), sparse),
        (m.MeanIoU(3, dtype="float32"), (LABELS, LABELS[::-1], WEIGHTS)),
        (m.BinaryIoU(), binary),
        (m.OneHotIoU(3, [1]), one_hot),
        (m.OneHotMeanIoU(3), one_hot),
        (m.FBetaScore(beta=2.0), binary),
        (m.F1Score(average="macro"), one_hot),
        (m.R2Score(), regression),
    ]
    for metric, args in cases:
        if getattr(metric, "built", True) is False:  # State from shapes.
            metric.build(args[0].shape, args[1].shape)
    return cases


class MetricsApiTest(testing.TestCase):
    def test_get_names(self):
        expected = {
            "mse": metrics.MeanSquaredError,
            "MSE": metrics.MeanSquaredError,
            "mae": metrics.MeanAbsoluteError,
            "mape": metrics.MeanAbsolutePercentageError,
            "msle": metrics.MeanSquaredLogarithmicError,
            "bce": metrics.BinaryCrossentropy,
            "accuracy": metrics.Accuracy,
            "auc": metrics.AUC,
            "AUC": metrics.AUC,
            "binary_accuracy": metrics.BinaryAccuracy,
            "mean_squared_error": metrics.MeanSquaredError,
            "Precision": metrics.Precision,
            "f1_score": metrics.F1Score,
            "r2_score": metrics.R2Score,
            "binary_io_u": metrics.BinaryIoU,
            "log_cosh_error": metrics.LogCoshError,
            "sum": metrics.Sum,
        }
        for name, cls in expected.items():
            self.assertIs(type(metrics.get(name)), cls, name)

    def test_get_other_forms(self):
        self.assertIsNone(metrics.get(None))
        mean = metrics.Mean()
        self.assertIs(metrics.get(mean), mean)
        self.assertIsInstance(metrics.get(metrics.Mean), metrics.Mean)

        def fn(y_true, y_pred):
            return y_pred

        self.assertIs(metrics.get(fn), fn)
        config = {"class_name": "Mean", "config": {"name": "zz"}}
        self.assertEqual(metrics.get(config).name, "zz")
        with self.assertRaisesRegex(ValueError, "identifier=3"):
            metrics.get(3)
        with self.assertRaisesRegex(ValueError, "'acc'"):
            metrics.get("acc")
        with self.assertRaises(TypeError):
            metrics.get("io_u")  # Needs `num_classes`.

    def test_serialize_deserialize(self):
        m = metrics.AUC(num_thresholds=20, curve="PR", name="pr")
        config = metrics.serialize(m)
        self.assertEqual(config["module"], "keras.metrics")
        self.assertEqual(config["class_name"], "AUC")
        copy = metrics.deserialize(config)
        self.assertEqual(copy.get_config(), m.get_config())
        self.assertIsInstance(metrics.deserialize("mse"),
                              metrics.MeanSquaredError)
        fn_config = metrics.serialize(losses.mean_squared_error)
        self.assertIs(metrics.deserialize(fn_config),
                      losses.mean_squared_error)

    def test_custom_objects(self):
        class Doubled(metrics.Mean):
            def update_state(self, values, sample_weight=None):
                super().update_state(ops.multiply(values, 2.0),
                                     sample_weight)

        config = metrics.serialize(Doubled(name="d"))
        copy = metrics.deserialize(config, custom_objects={"Doubled": Doubled})
        self.assertIsInstance(copy, Doubled)
        self.assertAllClose(copy([1.0, 2.0]), 3.0)

    def test_every_metric_eager_and_compiled(self):
        cases = all_metric_cases()
        self.assertEqual(
            {type(metric).__name__ for metric, _ in cases},
            {cls.__name__ for cls in metrics.ALL_OBJECTS} - {"Metric"},
        )
        eager = [metric(*args) for metric, args in cases]
        for metric, _ in cases:
            metric.reset_state()

        def step(values, args):
            out = [metric.stateless_update_state(v, *a)
                   for (metric, _), v, a in zip(cases, values, args)]
            results = [metric.stateless_result(v)
                       for (metric, _), v in zip(cases, out)]
            return out, results

        step = compile_fn(step)
        values = [[v.value for v in metric.variables] for metric, _ in cases]
        args = [tuple(ops.convert_to_tensor(a) for a in case_args)
                for _, case_args in cases]
        _, results = step(values, args)
        for (metric, _), expected, result in zip(cases, eager, results):
            self.assertAllClose(result, expected, rtol=1e-5, atol=1e-6,
                                msg=type(metric).__name__)

