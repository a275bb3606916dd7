import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.metrics import regression_metrics as reg
from keras.src.metrics.metric_test import run_compiled

RNG = np.random.default_rng(0)
Y_TRUE = RNG.random((5, 3)).astype("float32")
Y_PRED = RNG.random((5, 3)).astype("float32")
WEIGHTS = RNG.random(5).astype("float32")
EPS = 1e-7


def np_cosine(y_true, y_pred, axis=-1):
    def unit(x):
        norm = np.sqrt(np.maximum((x**2).sum(axis, keepdims=True), EPS**2))
        return x / norm

    return (unit(y_true) * unit(y_pred)).sum(axis)


PER_SAMPLE = {
    "mse": lambda t, p: ((p - t) ** 2).mean(-1),
    "mae": lambda t, p: np.abs(p - t).mean(-1),
    "mape": lambda t, p: 100 * (np.abs(t - p) / np.maximum(np.abs(t), EPS)
                                ).mean(-1),
    "msle": lambda t, p: ((np.log1p(np.maximum(p, EPS))
                           - np.log1p(np.maximum(t, EPS))) ** 2).mean(-1),
    "logcosh": lambda t, p: np.log(np.cosh(p - t)).mean(-1),
    "cosine": np_cosine,
}


def np_mean(values, weights=None):
    weights = np.ones(len(values)) if weights is None else weights
    return (values * weights).sum() / weights.sum()


class MeanRegressionMetricsTest(testing.TestCase):
    @parameterized.named_parameters(
        ("mse", reg.MeanSquaredError, "mse", "mean_squared_error"),
        ("mae", reg.MeanAbsoluteError, "mae", "mean_absolute_error"),
        ("mape", reg.MeanAbsolutePercentageError, "mape",
         "mean_absolute_percentage_error"),
        ("msle", reg.MeanSquaredLogarithmicError, "msle",
         "mean_squared_logarithmic_error"),
        ("logcosh", reg.LogCoshError, "logcosh", "logcosh"),
        ("cosine", reg.CosineSimilarity, "cosine", "cosine_similarity"),
    )
    def test_metric(self, cls, key, name):
        m = cls()
        self.assertEqual(m.name, name)
        values = PER_SAMPLE[key](Y_TRUE, Y_PRED)
        self.assertAllClose(m(Y_TRUE, Y_PRED), values.mean(), rtol=1e-5)
        m.reset_state()
        m.update_state(Y_TRUE[:2], Y_PRED[:2], sample_weight=WEIGHTS[:2])
        m.update_state(Y_TRUE[2:], Y_PRED[2:], sample_weight=WEIGHTS[2:])
        self.assertAllClose(m.result(), np_mean(values, WEIGHTS), rtol=1e-5)
        self.assertEqual(m.get_config()["name"], name)
        self.run_class_serialization_test(m)

    def test_cosine_similarity_axis_and_zeros(self):
        m = reg.CosineSimilarity(axis=0)
        self.assertAllClose(m(Y_TRUE, Y_PRED),
                            np_cosine(Y_TRUE, Y_PRED, axis=0).mean(),
                            rtol=1e-5)
        self.assertEqual(m.get_config()["axis"], 0)
        zeros = reg.CosineSimilarity()
        self.assertAllClose(zeros(np.zeros((2, 3)), np.ones((2, 3))), 0.0)

    def test_root_mean_squared_error(self):
        m = reg.RootMeanSquaredError()
        per_row = ((Y_PRED - Y_TRUE) ** 2).mean(-1)
        self.assertAllClose(m(Y_TRUE, Y_PRED), np.sqrt(per_row.mean()),
                            rtol=1e-5)
        m.reset_state()
        m.update_state(Y_TRUE, Y_PRED, sample_weight=WEIGHTS)
        self.assertAllClose(m.result(), np.sqrt(np_mean(per_row, WEIGHTS)),
                            rtol=1e-5)
        one_d = reg.RootMeanSquaredError()
        one_d.update_state(Y_TRUE[:, 0], Y_PRED[:, 0], sample_weight=WEIGHTS)
        expected = np_mean((Y_PRED[:, 0] - Y_TRUE[:, 0]) ** 2, WEIGHTS)
        self.assertAllClose(one_d.result(), np.sqrt(expected), rtol=1e-5)
        self.run_class_serialization_test(m)

    def test_compiled(self):
        result = run_compiled(
            reg.MeanSquaredError(),
            [(Y_TRUE[:2], Y_PRED[:2]), (Y_TRUE[2:], Y_PRED[2:], WEIGHTS[2:])],
        )
        values = PER_SAMPLE["mse"](Y_TRUE, Y_PRED)
        weights = np.concatenate([[1.0, 1.0], WEIGHTS[2:]])
        self.assertAllClose(result, np_mean(values, weights), rtol=1e-5)


def np_r2(y_true, y_pred, weights, aggregation, num_regressors=0):
    w = np.broadcast_to(weights, y_true.shape)
    mean = (y_true * w).sum(0) / w.sum(0)
    total = ((y_true - mean) ** 2 * w).sum(0)
    residual = ((y_true - y_pred) ** 2 * w).sum(0)
    scores = 1 - residual / total
    if aggregation == "uniform_average":
        scores = scores.mean()
    elif aggregation == "variance_weighted_average":
        scores = (scores * total).sum() / total.sum()
    if num_regressors:
        n = y_true.size
        scores = 1 - (1 - scores) * (n - 1) / (n - num_regressors - 1)
    return scores


class R2ScoreTest(testing.TestCase):
    @parameterized.named_parameters(
        ("none", None), ("uniform", "uniform_average"),
        ("variance", "variance_weighted_average"),
    )
    def test_r2(self, aggregation):
        m = reg.R2Score(class_aggregation=aggregation)
        self.assertEqual([v.name for v in m.variables], ["num_samples"])
        m.update_state(Y_TRUE[:2], Y_PRED[:2], sample_weight=WEIGHTS[:2])
        m.update_state(Y_TRUE[2:], Y_PRED[2:], sample_weight=WEIGHTS[2:])
        self.assertEqual(
            [v.name for v in m.variables],
            ["num_samples", "squared_sum", "sum", "residual", "count"],
        )
        expected = np_r2(Y_TRUE, Y_PRED, WEIGHTS[:, None], aggregation)
        self.assertAllClose(m.result(), expected, rtol=1e-4, atol=1e-5)

    def test_weights_per_output_and_regressors(self):
        weights = RNG.random((5, 3)).astype("float32")
        m = reg.R2Score()
        expected = np_r2(Y_TRUE, Y_PRED, weights, "uniform_average")
        self.assertAllClose(m(Y_TRUE, Y_PRED, sample_weight=weights),
                            expected, rtol=1e-4)
        m = reg.R2Score(num_regressors=2)
        expected = np_r2(Y_TRUE, Y_PRED, 1.0, "uniform_average", 2)
        self.assertAllClose(m(Y_TRUE, Y_PRED), expected, rtol=1e-4)
        # Too many regressors for the samples: the plain score.
        m = reg.R2Score(num_regressors=14)
        expected = np_r2(Y_TRUE, Y_PRED, 1.0, "uniform_average")
        self.assertAllClose(m(Y_TRUE, Y_PRED), expected, rtol=1e-4)

    def test_constant_target(self):
        m = reg.R2Score()
        self.assertAllClose(
            m(np.ones((4, 1)), np.array([[1.0], [2.0], [1.0], [1.0]])), 0.0
        )
        self.assertAllClose(reg.R2Score().result(), 0.0)
        exact = reg.R2Score()(np.ones((4, 1)), np.ones((4, 1)))
        self.assertTrue(np.isnan(self.convert_to_numpy(exact)))

    def test_config_and_errors(self):
        m = reg.R2Score(class_aggregation=None, num_regressors=1)
        self.assertEqual(m.get_config(), {
            "name": "r2_score", "dtype": "float32",
            "class_aggregation": None, "num_regressors": 1,
        })
        self.run_class_serialization_test(m)
        with self.assertRaisesRegex(ValueError, "class_aggregation='x'"):
            reg.R2Score(class_aggregation="x")
        with self.assertRaisesRegex(ValueError, "num_regressors=-1"):
            reg.R2Score(num_regressors=-1)
        with self.assertRaisesRegex(ValueError, "2D inputs"):
            reg.R2Score().update_state(Y_TRUE[:, 0], Y_PRED[:, 0])

    def test_compiled(self):
        m = reg.R2Score()
        m.build(Y_TRUE.shape, Y_PRED.shape)
        result = run_compiled(m, [(Y_TRUE, Y_PRED, WEIGHTS)])
        expected = np_r2(Y_TRUE, Y_PRED, WEIGHTS[:, None], "uniform_average")
        self.assertAllClose(result, expected, rtol=1e-4)
