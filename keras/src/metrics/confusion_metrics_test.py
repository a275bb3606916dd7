import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.metrics import confusion_metrics as cm
from keras.src.metrics import metrics_utils
from keras.src.metrics.metric_test import run_compiled

RNG = np.random.default_rng(0)
Y_TRUE = (RNG.random(40) > 0.5).astype("float32")
Y_PRED = RNG.random(40).astype("float32")
WEIGHTS = RNG.random(40).astype("float32")
MULTI_TRUE = (RNG.random((10, 3)) > 0.5).astype("float32")
MULTI_PRED = RNG.random((10, 3)).astype("float32")
MULTI_WEIGHTS = RNG.random(10).astype("float32")


def np_counts(y_true, y_pred, thresholds, weights=None):
    """NumPy reference: weighted (tp, fp, tn, fn) at each threshold."""
    y_pred = np.asarray(y_pred, "float64")
    w = np.ones_like(y_pred) if weights is None else np.broadcast_to(
        np.asarray(weights, "float64"), y_pred.shape
    )
    y_true = np.asarray(y_true, bool).reshape(-1)
    y_pred, w = y_pred.reshape(-1), w.reshape(-1)
    out = {k: [] for k in metrics_utils.KINDS}
    for t in thresholds:
        pos = y_pred > t
        out["true_positives"].append(w[pos & y_true].sum())
        out["false_positives"].append(w[pos & ~y_true].sum())
        out["true_negatives"].append(w[~pos & ~y_true].sum())
        out["false_negatives"].append(w[~pos & y_true].sum())
    return {k: np.array(v) for k, v in out.items()}


def row_weights(weights, classes):
    return np.repeat(weights[:, None], classes, axis=1)


class ConditionCountsTest(testing.TestCase):
    @parameterized.named_parameters(
        ("tp", cm.TruePositives, "true_positives"),
        ("fp", cm.FalsePositives, "false_positives"),
        ("tn", cm.TrueNegatives, "true_negatives"),
        ("fn", cm.FalseNegatives, "false_negatives"),
    )
    def test_counts(self, cls, kind):
        m = cls()
        self.assertEqual(m.name, kind)
        self.assertEqual([v.name for v in m.variables], ["accumulator"])
        m.update_state(Y_TRUE[:20], Y_PRED[:20], sample_weight=WEIGHTS[:20])
        m.update_state(Y_TRUE[20:], Y_PRED[20:], sample_weight=WEIGHTS[20:])
        expected = np_counts(Y_TRUE, Y_PRED, [0.5], WEIGHTS)[kind][0]
        self.assertAllClose(m.result(), expected, rtol=1e-5)
        self.assertEqual(tuple(m.result().shape), ())
        thresholds = [0.2, 0.5, 0.9]
        m = cls(thresholds=thresholds)
        m.update_state(MULTI_TRUE, MULTI_PRED, sample_weight=MULTI_WEIGHTS)
        expected = np_counts(MULTI_TRUE, MULTI_PRED, thresholds,
                             row_weights(MULTI_WEIGHTS, 3))[kind]
        self.assertAllClose(m.result(), expected, rtol=1e-5)
        m.reset_state()
        self.assertAllClose(m.result(), [0.0, 0.0, 0.0])
        self.run_class_serialization_test(cls(thresholds=0.3))

    def test_threshold_forms(self):
        self.assertEqual(cm.TruePositives().thresholds, [0.5])
        scalar = cm.TruePositives(thresholds=0.3)
        self.assertAllClose(scalar(Y_TRUE, Y_PRED),
                            np_counts(Y_TRUE, Y_PRED, [0.3])[
                                "true_positives"][0])
        single = cm.TruePositives(thresholds=[0.3])
        self.assertEqual(tuple(single(Y_TRUE, Y_PRED).shape), ())
        self.assertEqual(single.get_config()["thresholds"], [0.3])
        # A score equal to the threshold is not above it; labels are
        # positive when non-zero.
        self.assertAllClose(cm.TruePositives()([1.0, 2.0], [0.5, 0.6]), 1.0)

    def test_bad_thresholds(self):
        with self.assertRaisesRegex(ValueError, r"\[0, 1\].*1.3"):
            cm.TruePositives(thresholds=1.3)
        with self.assertRaisesRegex(ValueError, "thresholds"):
            cm.FalsePositives(thresholds=[-0.1, 0.5])
        with self.assertRaisesRegex(ValueError, "thresholds"):
            cm.FalsePositives(thresholds="high")


class PrecisionRecallTest(testing.TestCase):
    def test_precision_recall(self):
        counts = np_counts(Y_TRUE, Y_PRED, [0.5], WEIGHTS)
        tp, fp, fn = (counts[k][0] for k in (
            "true_positives", "false_positives", "false_negatives"))
        precision, recall = cm.Precision(), cm.Recall()
        for part in (slice(0, 15), slice(15, 40)):
            precision.update_state(Y_TRUE[part], Y_PRED[part], WEIGHTS[part])
            recall.update_state(Y_TRUE[part], Y_PRED[part], WEIGHTS[part])
        self.assertAllClose(precision.result(), tp / (tp + fp), rtol=1e-5)
        self.assertAllClose(recall.result(), tp / (tp + fn), rtol=1e-5)
        self.assertEqual(
            [v.name for v in recall.variables],
            ["true_positives", "false_negatives"],
        )

    def test_thresholds_list(self):
        thresholds = [0.3, 0.5]
        counts = np_counts(MULTI_TRUE, MULTI_PRED, thresholds)
        tp = counts["true_positives"]
        self.assertAllClose(
            cm.Precision(thresholds=thresholds)(MULTI_TRUE, MULTI_PRED),
            tp / (tp + counts["false_positives"]), rtol=1e-6,
        )

    def test_empty_is_zero(self):
        self.assertAllClose(cm.Precision()([0.0, 0.0], [0.1, 0.2]), 0.0)
        self.assertAllClose(cm.Recall().result(), 0.0)

    def test_top_k_and_class_id(self):
        y_true = np.array([[0, 1, 0], [1, 0, 0], [0, 0, 1]], "float32")
        y_pred = np.array(
            [[0.2, 0.5, 0.3], [0.6, 0.3, 0.1], [0.2, 0.7, 0.1]], "float32"
        )
        # Values checked against Keras 3.
        self.assertAllClose(cm.Precision(top_k=1)(y_true, y_pred), 2 / 3)
        self.assertAllClose(cm.Precision(top_k=2)(y_true, y_pred), 1 / 3)
        self.assertAllClose(
            cm.Precision(top_k=2, thresholds=0.25)(y_true, y_pred), 0.4
        )
        self.assertAllClose(cm.Precision(class_id=1)(y_true, y_pred), 0.0)
        self.assertAllClose(
            cm.Recall(class_id=0, top_k=1)(y_true, y_pred), 1.0
        )
        self.assertAllClose(
            cm.Precision()(y_true, y_pred, sample_weight=[1.0, 2.0, 3.0]),
            0.4,
        )
        self.assertEqual(cm.Precision(top_k=2).thresholds,
                         [metrics_utils.NEG_INF])

    def test_top_k_matches_numpy(self):
        keep = np.argsort(-MULTI_PRED, axis=-1)[:, :2]
        filtered = np.full_like(MULTI_PRED, metrics_utils.NEG_INF)
        np.put_along_axis(filtered, keep,
                          np.take_along_axis(MULTI_PRED, keep, -1), -1)
        counts = np_counts(MULTI_TRUE, filtered, [0.4])
        tp = counts["true_positives"][0]
        self.assertAllClose(
            cm.Recall(top_k=2, thresholds=0.4)(MULTI_TRUE, MULTI_PRED),
            tp / (tp + counts["false_negatives"][0]), rtol=1e-6,
        )

    def test_config(self):
        m = cm.Precision(thresholds=[0.1, 0.2], top_k=2, class_id=1)
        self.assertEqual(m.get_config(), {
            "name": "precision", "dtype": "float32",
            "thresholds": [0.1, 0.2], "top_k": 2, "class_id": 1,
        })
        self.run_class_serialization_test(m)
        self.run_class_serialization_test(cm.Recall(name="r"))

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "top_k=0"):
            cm.Precision(top_k=0)
        with self.assertRaisesRegex(ValueError, "class_id=-1"):
            cm.Recall(class_id=-1)

    def test_compiled(self):
        result = run_compiled(
            cm.Precision(top_k=1),
            [(MULTI_TRUE[:5], MULTI_PRED[:5]),
             (MULTI_TRUE[5:], MULTI_PRED[5:], MULTI_WEIGHTS[5:])],
        )
        eager = cm.Precision(top_k=1)
        eager.update_state(MULTI_TRUE[:5], MULTI_PRED[:5])
        eager.update_state(MULTI_TRUE[5:], MULTI_PRED[5:], MULTI_WEIGHTS[5:])
        self.assertAllClose(result, eager.result())


def np_rates(y_true, y_pred, num_thresholds, weights=None):
    """NumPy reference of the constraint metrics' rates: scores clipped to
    [0, 1], thresholds evenly spaced over [0, 1]."""
    thresholds = np.linspace(0.0, 1.0, num_thresholds)
    c = np_counts(y_true, np.clip(y_pred, 0, 1), thresholds, weights)
    tp, fp, tn, fn = (c[k] for k in metrics_utils.KINDS)
    ratio = lambda a, b: np.divide(a, b, out=np.zeros_like(a),  # noqa: E731
                                   where=b != 0)
    return {
        "sensitivity": ratio(tp, tp + fn),
        "specificity": ratio(tn, tn + fp),
        "precision": ratio(tp, tp + fp),
    }


def np_best(rates, wanted, constrained, value):
    feasible = rates[constrained] >= value
    return rates[wanted][feasible].max() if feasible.any() else 0.0


class AtConstraintTest(testing.TestCase):
    @parameterized.named_parameters(
        ("sens_at_spec", cm.SensitivityAtSpecificity, "specificity",
         "sensitivity", "specificity"),
        ("spec_at_sens", cm.SpecificityAtSensitivity, "sensitivity",
         "specificity", "sensitivity"),
        ("prec_at_rec", cm.PrecisionAtRecall, "recall", "precision",
         "sensitivity"),
        ("rec_at_prec", cm.RecallAtPrecision, "precision", "sensitivity",
         "precision"),
    )
    def test_metric(self, cls, arg, wanted, constrained):
        for value, num in ((0.6, 200), (0.3, 9)):
            m = cls(value, num_thresholds=num)
            m.update_state(Y_TRUE[:25], Y_PRED[:25], WEIGHTS[:25])
            m.update_state(Y_TRUE[25:], Y_PRED[25:], WEIGHTS[25:])
            rates = np_rates(Y_TRUE, Y_PRED, num, WEIGHTS)
            self.assertAllClose(
                m.result(), np_best(rates, wanted, constrained, value),
                atol=1e-5,
            )
        m = cls(0.5, num_thresholds=9, class_id=1)
        m.update_state(MULTI_TRUE, MULTI_PRED, MULTI_WEIGHTS)
        rates = np_rates(MULTI_TRUE[:, 1], MULTI_PRED[:, 1], 9,
                         MULTI_WEIGHTS)
        self.assertAllClose(
            m.result(), np_best(rates, wanted, constrained, 0.5), atol=1e-5
        )
        config = m.get_config()
        self.assertEqual(config[arg], 0.5)
        self.assertEqual(config["num_thresholds"], 9)
        self.assertEqual(getattr(m, arg), 0.5)
        self.run_class_serialization_test(m)
        with self.assertRaisesRegex(ValueError, f"`{arg}`.*1.5"):
            cls(1.5)
        with self.assertRaisesRegex(ValueError, "num_thresholds"):
            cls(0.5, num_thresholds=0)

    def test_edges(self):
        # Zero scores are not above the 0 threshold; scores above 1 are
        # clipped (values checked against Keras 3).
        m = cm.PrecisionAtRecall(0.6, num_thresholds=5)
        m.update_state([1.0, 0, 1, 1, 0], [0.0, -0.5, 1.5, 0.25, 0.5])
        self.assertAllClose(m.true_positives, [2.0, 1.0, 1.0, 1.0, 0.0])
        self.assertAllClose(m.false_negatives, [1.0, 2.0, 2.0, 2.0, 3.0])
        m = cm.RecallAtPrecision(0.6, num_thresholds=5)
        self.assertAllClose(m(Y_TRUE, np.zeros_like(Y_PRED)), 0.0)
        single = cm.SensitivityAtSpecificity(0.5, num_thresholds=1)
        self.assertEqual(single.thresholds, [0.5])
        rates = np_rates(Y_TRUE, Y_PRED, 3)
        single.update_state(Y_TRUE, Y_PRED)
        self.assertAllClose(single.result(), rates["sensitivity"][1])

    def test_compiled(self):
        result = run_compiled(
            cm.SensitivityAtSpecificity(0.6),
            [(Y_TRUE[:20], Y_PRED[:20]), (Y_TRUE[20:], Y_PRED[20:])],
        )
        rates = np_rates(Y_TRUE, Y_PRED, 200)
        self.assertAllClose(
            result, np_best(rates, "sensitivity", "specificity", 0.6)
        )
