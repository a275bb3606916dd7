import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.metrics import hinge_metrics

RNG = np.random.default_rng(0)
Y_TRUE = (RNG.random((6, 3)) > 0.5).astype("float32")
Y_PRED = RNG.normal(size=(6, 3)).astype("float32")
WEIGHTS = RNG.random(6).astype("float32")


def signed(y_true):
    return 2.0 * y_true - 1.0


PER_SAMPLE = {
    "hinge": lambda t, p: np.maximum(1 - signed(t) * p, 0).mean(-1),
    "squared_hinge": lambda t, p: (
        np.maximum(1 - signed(t) * p, 0) ** 2
    ).mean(-1),
    "categorical_hinge": lambda t, p: np.maximum(
        ((1 - t) * p).max(-1) - (t * p).sum(-1) + 1, 0
    ),
}


class HingeMetricsTest(testing.TestCase):
    @parameterized.named_parameters(
        ("hinge", hinge_metrics.Hinge, "hinge"),
        ("squared", hinge_metrics.SquaredHinge, "squared_hinge"),
        ("categorical", hinge_metrics.CategoricalHinge, "categorical_hinge"),
    )
    def test_metric(self, cls, name):
        y_true = Y_TRUE
        if name == "categorical_hinge":
            y_true = np.eye(3, dtype="float32")[RNG.integers(0, 3, 6)]
        values = PER_SAMPLE[name](y_true, Y_PRED)
        m = cls()
        self.assertEqual(m.name, name)
        self.assertAllClose(m(y_true, Y_PRED), values.mean(), rtol=1e-5)
        m.reset_state()
        m.update_state(y_true[:2], Y_PRED[:2], sample_weight=WEIGHTS[:2])
        m.update_state(y_true[2:], Y_PRED[2:], sample_weight=WEIGHTS[2:])
        expected = (values * WEIGHTS).sum() / WEIGHTS.sum()
        self.assertAllClose(m.result(), expected, rtol=1e-5)
        self.assertEqual(m.get_config(), {"name": name, "dtype": "float32"})
        self.run_class_serialization_test(m)

    def test_signed_labels(self):
        m = hinge_metrics.Hinge()
        self.assertAllClose(
            m(signed(Y_TRUE), Y_PRED),
            PER_SAMPLE["hinge"](Y_TRUE, Y_PRED).mean(), rtol=1e-5,
        )
