import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.metrics import f_score_metrics
from keras.src.metrics.metric_test import run_compiled

RNG = np.random.default_rng(0)
Y_TRUE = (RNG.random((6, 3)) > 0.5).astype("float32")
Y_PRED = RNG.random((6, 3)).astype("float32")
WEIGHTS = RNG.random(6).astype("float32")
EPS = 1e-7


def np_fbeta(y_true, y_pred, beta, threshold, average, weights=None):
    """NumPy reference of the F-beta score."""
    if threshold is None:
        predicted = (y_pred >= y_pred.max(-1, keepdims=True)) & (
            np.abs(y_pred) > 1e-9
        )
    else:
        predicted = y_pred > threshold
    predicted = predicted.astype("float64")
    w = np.ones((len(y_true), 1)) if weights is None else weights[:, None]
    axis = None if average == "micro" else 0
    tp = (predicted * y_true * w).sum(axis)
    fp = (predicted * (1 - y_true) * w).sum(axis)
    fn = ((1 - predicted) * y_true * w).sum(axis)
    support = (y_true * w).sum(axis)
    precision = tp / (tp + fp + EPS)
    recall = tp / (tp + fn + EPS)
    b2 = beta**2
    scores = (1 + b2) * precision * recall / (b2 * precision + recall + EPS)
    if average == "weighted":
        return (scores * support / (support.sum() + EPS)).sum()
    if average == "macro":
        return scores.mean()
    return scores


class FBetaScoreTest(testing.TestCase):
    @parameterized.product(
        average=[None, "micro", "macro", "weighted"],
        threshold=[None, 0.5],
    )
    def test_fbeta(self, average, threshold):
        m = f_score_metrics.FBetaScore(average=average, beta=2.0,
                                       threshold=threshold)
        m.update_state(Y_TRUE[:3], Y_PRED[:3], sample_weight=WEIGHTS[:3])
        m.update_state(Y_TRUE[3:], Y_PRED[3:], sample_weight=WEIGHTS[3:])
        expected = np_fbeta(Y_TRUE, Y_PRED, 2.0, threshold, average, WEIGHTS)
        self.assertAllClose(m.result(), expected, rtol=1e-5, atol=1e-6)

    def test_f1(self):
        for average in (None, "macro"):
            m = f_score_metrics.F1Score(average=average, threshold=0.4)
            self.assertAllClose(
                m(Y_TRUE, Y_PRED),
                np_fbeta(Y_TRUE, Y_PRED, 1.0, 0.4, average),
                rtol=1e-5,
            )

    def test_state(self):
        m = f_score_metrics.FBetaScore()
        self.assertEqual(m.variables, [])
        m.update_state(Y_TRUE, Y_PRED)
        self.assertEqual(
            [(v.name, tuple(v.shape)) for v in m.variables],
            [("true_positives", (3,)), ("false_positives", (3,)),
             ("false_negatives", (3,)), ("intermediate_weights", (3,))],
        )
        micro = f_score_metrics.FBetaScore(average="micro")
        micro.update_state(Y_TRUE, Y_PRED)
        self.assertEqual(tuple(micro.variables[0].shape), ())
        m.reset_state()
        self.assertAllClose(m.result(), [0.0, 0.0, 0.0])

    def test_weight_column_and_no_predictions(self):
        m = f_score_metrics.FBetaScore()
        m.update_state(Y_TRUE, Y_PRED, sample_weight=WEIGHTS[:, None])
        self.assertAllClose(
            m.result(), np_fbeta(Y_TRUE, Y_PRED, 1.0, None, None, WEIGHTS),
            rtol=1e-5,
        )
        zeros = f_score_metrics.FBetaScore()
        self.assertAllClose(zeros(np.zeros((2, 3)), np.zeros((2, 3))),
                            [0.0, 0.0, 0.0])

    def test_config(self):
        m = f_score_metrics.FBetaScore(average="macro", beta=2.0,
                                       threshold=0.3)
        self.assertEqual(m.get_config(), {
            "name": "fbeta_score", "dtype": "float32", "average": "macro",
            "beta": 2.0, "threshold": 0.3,
        })
        self.run_class_serialization_test(m)
        f1 = f_score_metrics.F1Score(average="weighted")
        self.assertEqual(f1.get_config(), {
            "name": "f1_score", "dtype": "float32", "average": "weighted",
            "threshold": None,
        })
        self.run_class_serialization_test(f1)

    def test_bad_arguments(self):
        cls = f_score_metrics.FBetaScore
        with self.assertRaisesRegex(ValueError, "average='x'"):
            cls(average="x")
        with self.assertRaisesRegex(ValueError, "beta=0"):
            cls(beta=0)
        with self.assertRaisesRegex(ValueError, "threshold=1.5"):
            cls(threshold=1.5)
        with self.assertRaisesRegex(ValueError, "2D inputs.*y_pred.shape"):
            cls().update_state(Y_TRUE[:, 0], Y_PRED[:, 0])

    def test_compiled(self):
        m = f_score_metrics.F1Score(average="weighted")
        m.build(Y_TRUE.shape, Y_PRED.shape)
        result = run_compiled(m, [(Y_TRUE, Y_PRED, WEIGHTS)])
        self.assertAllClose(
            result,
            np_fbeta(Y_TRUE, Y_PRED, 1.0, None, "weighted", WEIGHTS),
            rtol=1e-5,
        )
