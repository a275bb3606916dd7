import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.metrics.auc_metric import AUC
from keras.src.metrics.metric_test import run_compiled

RNG = np.random.default_rng(0)
Y_TRUE = (RNG.random(40) > 0.5).astype("float32")
Y_PRED = RNG.random(40).astype("float32")
WEIGHTS = RNG.random(40).astype("float32")
MULTI_TRUE = (RNG.random((10, 3)) > 0.5).astype("float32")
MULTI_PRED = RNG.random((10, 3)).astype("float32")
MULTI_WEIGHTS = RNG.random(10).astype("float32")


def ratio(a, b):
    return np.divide(a, b, out=np.zeros_like(a), where=b != 0)


def np_counts(y_true, y_pred, thresholds, weights):
    """NumPy reference: [tp, fp, tn, fn], each of shape (T, labels)."""
    above = (y_pred[None] > np.asarray(thresholds)[:, None, None]) * 1.0
    below = 1.0 - above
    w = np.broadcast_to(weights, y_pred.shape)[None]
    positive = (np.asarray(y_true) != 0) * w
    negative = (np.asarray(y_true) == 0) * w
    return [
        (above * positive).sum(1),
        (above * negative).sum(1),
        (below * negative).sum(1),
        (below * positive).sum(1),
    ]


def np_auc(tp, fp, tn, fn, curve, summation):
    """NumPy reference of the Riemann sums, per label."""
    recall = ratio(tp, tp + fn)
    if curve == "ROC":
        x, y = ratio(fp, fp + tn), recall
    elif curve == "PR":
        x, y = recall, ratio(tp, tp + fp)
    else:
        odds = ratio(tp + fn, fp + tn)
        x = np.where(tp == 0, 0.0, 1 - odds * ratio(fn, tp)).clip(0)
        y = np.where(tp == 0, 1.0, 1 - odds * ratio(fp, tp))
    if curve == "PR" and summation == "interpolation":
        return np_pr_interpolated(tp, fp, fn)
    heights = {
        "interpolation": (y[:-1] + y[1:]) / 2,
        "minoring": np.minimum(y[:-1], y[1:]),
        "majoring": np.maximum(y[:-1], y[1:]),
    }[summation]
    return ((x[:-1] - x[1:]) * heights).sum(0)


def np_pr_interpolated(tp, fp, fn):
    """Davis & Goadrich's interpolated area, written per interval."""
    areas = np.zeros(tp.shape[1:])
    for i in range(len(tp) - 1):
        for j in np.ndindex(*tp.shape[1:]):
            p0, p1 = tp[i][j] + fp[i][j], tp[i + 1][j] + fp[i + 1][j]
            positives = tp[i + 1][j] + fn[i + 1][j]
            if p0 == p1 or positives <= 0:
                continue
            slope = (tp[i][j] - tp[i + 1][j]) / (p0 - p1)
            intercept = tp[i + 1][j] - slope * p1
            log_ratio = np.log(p0 / p1) if p0 > 0 and p1 > 0 else 0.0
            areas[j] += slope * (
                tp[i][j] - tp[i + 1][j] + intercept * log_ratio
            ) / positives
    return areas


def thresholds_of(num):
    eps = backend.epsilon()
    inner = [(i + 1) / (num - 1) for i in range(num - 2)]
    return [-eps] + inner + [1 + eps]


class AUCTest(testing.TestCase):
    def test_defaults(self):
        m = AUC()
        self.assertEqual(m.name, "auc")
        self.assertEqual(
            [(v.name, tuple(v.shape)) for v in m.variables],
            [("true_positives", (200,)), ("false_positives", (200,)),
             ("true_negatives", (200,)), ("false_negatives", (200,))],
        )
        self.assertLen(m.thresholds, 200)
        self.assertAllClose(m.thresholds[:2], [-1e-7, 1 / 199])

    @parameterized.product(
        curve=["ROC", "PR", "PRGAIN"],
        summation=["interpolation", "minoring", "majoring"],
    )
    def test_single_label(self, curve, summation):
        m = AUC(num_thresholds=9, curve=curve, summation_method=summation)
        m.update_state(Y_TRUE[:20], Y_PRED[:20], WEIGHTS[:20])
        m.update_state(Y_TRUE[20:], Y_PRED[20:], WEIGHTS[20:])
        counts = np_counts(Y_TRUE[:, None], Y_PRED[:, None],
                           thresholds_of(9), WEIGHTS[:, None])
        for variable, expected in zip(m.variables, counts):
            self.assertAllClose(variable, expected[:, 0], rtol=1e-5,
                                atol=1e-5)
        expected = np_auc(*counts, curve, summation)[0]
        self.assertAllClose(m.result(), expected, rtol=1e-4, atol=1e-6)

    @parameterized.product(
        curve=["ROC", "PR", "PRGAIN"], label_weights=[None, [1, 2, 0.5]]
    )
    def test_multi_label(self, curve, label_weights):
        m = AUC(num_thresholds=9, curve=curve, multi_label=True,
                label_weights=label_weights)
        self.assertEqual(m.variables, [])
        m.update_state(MULTI_TRUE, MULTI_PRED, MULTI_WEIGHTS)
        self.assertEqual(m.num_labels, 3)
        self.assertEqual(tuple(m.variables[0].shape), (9, 3))
        counts = np_counts(MULTI_TRUE, MULTI_PRED, thresholds_of(9),
                           MULTI_WEIGHTS[:, None])
        by_label = np_auc(*counts, curve, "interpolation")
        lw = np.ones(3) if label_weights is None else np.array(label_weights)
        self.assertAllClose(m.result(), (by_label * lw).sum() / lw.sum(),
                            rtol=1e-4, atol=1e-6)

    def test_pooled_labels_with_label_weights(self):
        lw = np.array([1.0, 2.0, 0.5])
        m = AUC(num_thresholds=9, label_weights=lw)
        m.update_state(MULTI_TRUE, MULTI_PRED)
        counts = np_counts(MULTI_TRUE.reshape(-1, 1),
                           MULTI_PRED.reshape(-1, 1), thresholds_of(9),
                           np.tile(lw, 10)[:, None])
        self.assertAllClose(m.result(),
                            np_auc(*counts, "ROC", "interpolation")[0],
                            rtol=1e-5)

    def test_against_keras_values(self):
        # Values computed by Keras 3 on the same data.
        cases = [
            ({"curve": "ROC"}, 0.7433),
            ({"curve": "PR"}, 0.8373),
            ({"curve": "PRGAIN"}, 0.3918),
            ({"curve": "PR", "summation_method": "minoring"}, 0.8279),
        ]
        for kwargs, expected in cases:
            m = AUC(**kwargs)
            m.update_state(Y_TRUE, Y_PRED, sample_weight=WEIGHTS)
            self.assertAllClose(m.result(), expected, atol=1e-4)
        m = AUC(thresholds=[0.3, 0.5, 0.55])
        self.assertAllClose(m(Y_TRUE, Y_PRED), 0.638, atol=1e-4)

    def test_close_to_exact_roc_auc(self):
        positives = Y_PRED[Y_TRUE == 1]
        negatives = Y_PRED[Y_TRUE == 0]
        exact = (positives[:, None] > negatives[None]).mean()
        m = AUC()
        self.assertAllClose(m(Y_TRUE, Y_PRED), exact, atol=1e-2)

    def test_explicit_thresholds(self):
        m = AUC(thresholds=[0.25, 0.5, 0.75])
        self.assertEqual(m.num_thresholds, 5)
        self.assertAllClose(m.thresholds, thresholds_of(5))
        self.assertEqual(m.get_config()["thresholds"], [0.25, 0.5, 0.75])
        uneven = AUC(thresholds=[0.3, 0.6])
        uneven.update_state(Y_TRUE, Y_PRED)
        counts = np_counts(Y_TRUE[:, None], Y_PRED[:, None],
                           [-1e-7, 0.3, 0.6, 1 + 1e-7], np.ones((40, 1)))
        self.assertAllClose(uneven.true_positives, counts[0][:, 0])

    def test_scores_outside_unit_interval_are_clipped(self):
        m = AUC(num_thresholds=5)
        m.update_state([1.0, 0, 1, 1, 0], [0.0, 0, 0, 0.25, 1.5])
        self.assertAllClose(m.true_positives, [3.0, 0, 0, 0, 0])
        self.assertAllClose(m.false_positives, [2.0, 1, 1, 1, 0])

    def test_from_logits(self):
        logits = Y_PRED * 4.0 - 2.0
        m = AUC(from_logits=True)
        expected = AUC()(Y_TRUE, 1.0 / (1.0 + np.exp(-logits)))
        self.assertAllClose(m(Y_TRUE, logits), expected, atol=1e-6)

    def test_interpolate_pr_auc(self):
        m = AUC(num_thresholds=3, curve="PR")
        m.update_state([0, 0, 1, 1], [0, 0.5, 0.3, 0.9])
        self.assertAllClose(m.interpolate_pr_auc(), m.result())
        self.assertAllClose(m.result(), 0.820699, atol=1e-5)  # Keras 3.

    def test_reset(self):
        m = AUC(num_thresholds=9)
        m.update_state(Y_TRUE, Y_PRED)
        m.reset_state()
        for v in m.variables:
            self.assertAllClose(v, np.zeros(9))
        self.assertAllClose(m.result(), 0.0)

    def test_config(self):
        m = AUC(num_thresholds=50, curve="pr", summation_method="Majoring",
                multi_label=True, num_labels=3, label_weights=[1, 2, 3],
                from_logits=True, name="my_auc")
        self.assertEqual(m.get_config(), {
            "name": "my_auc", "dtype": "float32", "num_thresholds": 50,
            "curve": "PR", "summation_method": "majoring",
            "multi_label": True, "num_labels": 3,
            "label_weights": [1.0, 2.0, 3.0], "from_logits": True,
        })
        self.assertEqual(tuple(m.variables[0].shape), (50, 3))
        self.run_class_serialization_test(m)
        self.run_class_serialization_test(AUC(thresholds=[0.1, 0.2]))

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "curve.*'xx'"):
            AUC(curve="xx")
        with self.assertRaisesRegex(ValueError, "summation method.*'xx'"):
            AUC(summation_method="xx")
        with self.assertRaisesRegex(ValueError, "num_thresholds=1"):
            AUC(num_thresholds=1)
        with self.assertRaisesRegex(ValueError, "label_weights"):
            AUC(label_weights=[-1.0, 2.0])
        with self.assertRaisesRegex(ValueError, "thresholds"):
            AUC(thresholds=[0.5, 2.0])

    def test_compiled(self):
        m = AUC(num_thresholds=9, multi_label=True, num_labels=3)
        result = run_compiled(
            m, [(MULTI_TRUE[:5], MULTI_PRED[:5], MULTI_WEIGHTS[:5]),
                (MULTI_TRUE[5:], MULTI_PRED[5:], MULTI_WEIGHTS[5:])],
        )
        m.update_state(MULTI_TRUE, MULTI_PRED, MULTI_WEIGHTS)
        self.assertAllClose(result, m.result(), rtol=1e-5)
