import numpy as np

from keras.src import testing
from keras.src.optimizers import optimizer_test_utils as utils
from keras.src.optimizers.lion import Lion


def numpy_lion(lr, beta_1=0.9, beta_2=0.99):
    def step(w, g, state, t):
        m = state.get("m", 0.0)
        w = w - lr * np.sign(beta_1 * m + (1 - beta_1) * g)
        return w, {"m": beta_2 * m + (1 - beta_2) * g}

    return step


class LionTest(testing.TestCase):
    def test_updates(self):
        actual = utils.run_updates(Lion(learning_rate=0.1))
        expected = utils.numpy_updates(numpy_lion(0.1))
        utils.assert_histories_close(self, actual, expected)

    def test_custom_betas(self):
        optimizer = Lion(learning_rate=0.1, beta_1=0.2, beta_2=0.5)
        actual = utils.run_updates(optimizer)
        expected = utils.numpy_updates(numpy_lion(0.1, 0.2, 0.5))
        utils.assert_histories_close(self, actual, expected)

    def test_oracle_values(self):
        history = utils.run_updates(Lion(learning_rate=0.1))
        self.assertAllClose(history[-1][0], [0.9, -2.1, 2.9], atol=1e-6)

    def test_config(self):
        optimizer = Lion(beta_1=0.5, beta_2=0.9)
        self.assertEqual(optimizer.get_config()["beta_1"], 0.5)
        self.run_class_serialization_test(optimizer)

    def test_bad_beta_1(self):
        for beta_1 in (0.0, 1.5):
            with self.assertRaisesRegex(ValueError, "beta_1"):
                Lion(beta_1=beta_1)
