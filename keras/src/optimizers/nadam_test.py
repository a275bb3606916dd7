import numpy as np

from keras.src import testing
from keras.src.optimizers import optimizer_test_utils as utils
from keras.src.optimizers.nadam import Nadam


def numpy_nadam(lr, beta_1=0.9, beta_2=0.999, epsilon=1e-7):
    def mu(t):
        return beta_1 * (1 - 0.5 * 0.96**t)

    def step(w, g, state, t):
        product = state.get("product", 1.0) * mu(t)
        m = beta_1 * state.get("m", 0.0) + (1 - beta_1) * g
        v = beta_2 * state.get("v", 0.0) + (1 - beta_2) * g**2
        m_hat = mu(t + 1) * m / (1 - product * mu(t + 1)) + (
            1 - mu(t)
        ) * g / (1 - product)
        v_hat = v / (1 - beta_2**t)
        w = w - lr * m_hat / (np.sqrt(v_hat) + epsilon)
        return w, {"product": product, "m": m, "v": v}

    return step


class NadamTest(testing.TestCase):
    def test_updates(self):
        actual = utils.run_updates(Nadam(learning_rate=0.1))
        expected = utils.numpy_updates(numpy_nadam(0.1))
        utils.assert_histories_close(self, actual, expected)

    def test_custom_betas(self):
        optimizer = Nadam(learning_rate=0.05, beta_1=0.8, beta_2=0.9)
        actual = utils.run_updates(optimizer)
        expected = utils.numpy_updates(numpy_nadam(0.05, 0.8, 0.9))
        utils.assert_histories_close(self, actual, expected)

    def test_momentum_product_advances_once_per_step(self):
        optimizer = Nadam()
        utils.run_updates(optimizer)
        expected = np.prod([0.9 * (1 - 0.5 * 0.96**t) for t in (1, 2, 3)])
        self.assertAllClose(optimizer.variables[-1], expected)

    def test_oracle_values(self):
        history = utils.run_updates(Nadam(learning_rate=0.1))
        self.assertAllClose(
            history[-1][0], [0.90228, -2.07742, 2.87816], atol=1e-5
        )

    def test_config(self):
        optimizer = Nadam(beta_1=0.8, beta_2=0.95, epsilon=1e-4)
        self.assertEqual(optimizer.get_config()["beta_2"], 0.95)
        self.run_class_serialization_test(optimizer)
