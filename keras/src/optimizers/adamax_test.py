import numpy as np

from keras.src import testing
from keras.src.optimizers import optimizer_test_utils as utils
from keras.src.optimizers.adamax import Adamax


def numpy_adamax(lr, beta_1=0.9, beta_2=0.999, epsilon=1e-7):
    def step(w, g, state, t):
        m = beta_1 * state.get("m", 0.0) + (1 - beta_1) * g
        u = np.maximum(beta_2 * state.get("u", 0.0), np.abs(g))
        w = w - lr * m / ((1 - beta_1**t) * (u + epsilon))
        return w, {"m": m, "u": u}

    return step


class AdamaxTest(testing.TestCase):
    def test_updates(self):
        actual = utils.run_updates(Adamax(learning_rate=0.1))
        expected = utils.numpy_updates(numpy_adamax(0.1))
        utils.assert_histories_close(self, actual, expected)

    def test_custom_betas(self):
        optimizer = Adamax(learning_rate=0.1, beta_1=0.5, beta_2=0.5)
        actual = utils.run_updates(optimizer)
        expected = utils.numpy_updates(numpy_adamax(0.1, 0.5, 0.5))
        utils.assert_histories_close(self, actual, expected)

    def test_oracle_values(self):
        history = utils.run_updates(Adamax(learning_rate=0.1))
        self.assertAllClose(
            history[-1][0], [0.9186, -1.98387, 2.82848], atol=1e-5
        )

    def test_config(self):
        optimizer = Adamax(beta_1=0.8, beta_2=0.95, epsilon=1e-4)
        config = optimizer.get_config()
        self.assertEqual(
            [config["beta_1"], config["beta_2"], config["epsilon"]],
            [0.8, 0.95, 1e-4],
        )
        self.run_class_serialization_test(optimizer)
