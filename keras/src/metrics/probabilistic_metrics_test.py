import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.metrics import probabilistic_metrics as prob
from keras.src.metrics.metric_test import run_compiled

RNG = np.random.default_rng(0)
LABELS = RNG.integers(0, 3, 6)
ONE_HOT = np.eye(3, dtype="float32")[LABELS]
BINARY = (RNG.random((6, 3)) > 0.5).astype("float32")
LOGITS = RNG.normal(size=(6, 3)).astype("float32")
PROBS = np.exp(LOGITS) / np.exp(LOGITS).sum(-1, keepdims=True)
WEIGHTS = RNG.random(6).astype("float32")
EPS = 1e-7


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def np_bce(y_true, y_pred, smoothing=0.0):
    y_true = y_true * (1 - smoothing) + 0.5 * smoothing
    y_pred = np.clip(y_pred, EPS, 1 - EPS)
    return -(y_true * np.log(y_pred) + (1 - y_true) * np.log(1 - y_pred)
             ).mean(-1)


def np_cce(y_true, y_pred, smoothing=0.0):
    y_true = y_true * (1 - smoothing) + smoothing / y_true.shape[-1]
    y_pred = np.clip(y_pred / y_pred.sum(-1, keepdims=True), EPS, 1 - EPS)
    return -(y_true * np.log(y_pred)).sum(-1)


def np_mean(values, weights=None):
    weights = np.ones(len(values)) if weights is None else weights
    return (values * weights).sum() / weights.sum()


class ProbabilisticMetricsTest(testing.TestCase):
    def test_binary_crossentropy(self):
        m = prob.BinaryCrossentropy()
        self.assertAllClose(m(BINARY, PROBS), np_bce(BINARY, PROBS).mean(),
                            rtol=1e-5)
        m = prob.BinaryCrossentropy(label_smoothing=0.2)
        m.update_state(BINARY[:3], PROBS[:3], sample_weight=WEIGHTS[:3])
        m.update_state(BINARY[3:], PROBS[3:], sample_weight=WEIGHTS[3:])
        self.assertAllClose(
            m.result(), np_mean(np_bce(BINARY, PROBS, 0.2), WEIGHTS),
            rtol=1e-5,
        )
        m = prob.BinaryCrossentropy(from_logits=True)
        self.assertAllClose(m(BINARY, LOGITS),
                            np_bce(BINARY, sigmoid(LOGITS)).mean(),
                            rtol=1e-4)

    def test_categorical_crossentropy(self):
        m = prob.CategoricalCrossentropy()
        self.assertAllClose(m(ONE_HOT, PROBS), np_cce(ONE_HOT, PROBS).mean(),
                            rtol=1e-5)
        m = prob.CategoricalCrossentropy(label_smoothing=0.1,
                                         from_logits=True)
        m.update_state(ONE_HOT, LOGITS, sample_weight=WEIGHTS)
        self.assertAllClose(
            m.result(), np_mean(np_cce(ONE_HOT, PROBS, 0.1), WEIGHTS),
            rtol=1e-4,
        )
        m = prob.CategoricalCrossentropy(axis=0)
        self.assertAllClose(m(ONE_HOT.T, PROBS.T),
                            np_cce(ONE_HOT, PROBS).mean(), rtol=1e-5)

    def test_sparse_categorical_crossentropy(self):
        values = np_cce(ONE_HOT, PROBS)
        m = prob.SparseCategoricalCrossentropy()
        self.assertAllClose(m(LABELS, PROBS), values.mean(), rtol=1e-5)
        m = prob.SparseCategoricalCrossentropy(from_logits=True)
        m.update_state(LABELS[:, None], LOGITS, sample_weight=WEIGHTS)
        self.assertAllClose(m.result(), np_mean(values, WEIGHTS), rtol=1e-4)

    def test_sparse_ignore_class(self):
        values = np_cce(ONE_HOT, PROBS) * (LABELS != 1)
        # As in Keras: without weights, ignored samples count as 0 ...
        m = prob.SparseCategoricalCrossentropy(ignore_class=1)
        self.assertAllClose(m(LABELS, PROBS), values.mean(), rtol=1e-5)
        # ... and with weights they leave the denominator.
        m = prob.SparseCategoricalCrossentropy(ignore_class=1)
        m.update_state(LABELS, PROBS, sample_weight=WEIGHTS)
        self.assertAllClose(
            m.result(), np_mean(values, WEIGHTS * (LABELS != 1)), rtol=1e-5
        )

    def test_kl_divergence_and_poisson(self):
        y_true = RNG.random((6, 3)).astype("float32")
        t, p = np.clip(y_true, EPS, 1), np.clip(PROBS, EPS, 1)
        kld = (t * np.log(t / p)).sum(-1)
        self.assertAllClose(prob.KLDivergence()(y_true, PROBS, WEIGHTS),
                            np_mean(kld, WEIGHTS), rtol=1e-5)
        poisson = (PROBS - y_true * np.log(PROBS + EPS)).mean(-1)
        self.assertAllClose(prob.Poisson()(y_true, PROBS),
                            poisson.mean(), rtol=1e-5)

    @parameterized.named_parameters(
        ("bce", prob.BinaryCrossentropy,
         {"from_logits": True, "label_smoothing": 0.1}),
        ("cce", prob.CategoricalCrossentropy,
         {"from_logits": False, "label_smoothing": 0.2, "axis": 0}),
        ("scce", prob.SparseCategoricalCrossentropy,
         {"from_logits": True, "ignore_class": 2, "axis": -1}),
        ("kld", prob.KLDivergence, {}),
        ("poisson", prob.Poisson, {}),
    )
    def test_config(self, cls, kwargs):
        m = cls(**kwargs)
        config = m.get_config()
        self.assertEqual(config, {"name": m.name, "dtype": "float32",
                                  **kwargs})
        self.run_class_serialization_test(m)

    def test_default_config(self):
        self.assertEqual(prob.BinaryCrossentropy().get_config(), {
            "name": "binary_crossentropy", "dtype": "float32",
            "from_logits": False, "label_smoothing": 0,
        })

    def test_mask_on_predictions(self):
        probs = ops.convert_to_tensor(PROBS)
        try:
            probs._keras_mask = ops.convert_to_tensor(LABELS != 0)
        except AttributeError:
            self.skipTest("This backend's tensors cannot carry a mask.")
        m = prob.CategoricalCrossentropy()
        keep = (LABELS != 0).astype("float32")
        self.assertAllClose(m(ONE_HOT, probs),
                            np_mean(np_cce(ONE_HOT, PROBS), keep),
                            rtol=1e-5)

    def test_compiled(self):
        result = run_compiled(
            prob.SparseCategoricalCrossentropy(ignore_class=1),
            [(LABELS, PROBS, WEIGHTS)],
        )
        values = np_cce(ONE_HOT, PROBS)
        self.assertAllClose(
            result, np_mean(values, WEIGHTS * (LABELS != 1)), rtol=1e-5
        )
        self.assertEqual(backend.standardize_dtype(result.dtype), "float32")
