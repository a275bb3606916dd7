import numpy as np

from keras.src import testing
from keras.src.optimizers import optimizer_test_utils as utils
from keras.src.optimizers.lamb import Lamb


def numpy_lamb(lr, beta_1=0.9, beta_2=0.999, epsilon=1e-7):
    def step(w, g, state, t):
        m = beta_1 * state.get("m", 0.0) + (1 - beta_1) * g
        v = beta_2 * state.get("v", 0.0) + (1 - beta_2) * g**2
        update = (m / (1 - beta_1**t)) / (
            np.sqrt(v / (1 - beta_2**t)) + epsilon
        )
        w_norm = np.linalg.norm(w)
        u_norm = np.linalg.norm(update)
        ratio = w_norm / u_norm if w_norm > 0 and u_norm > 0 else 1.0
        return w - lr * ratio * update, {"m": m, "v": v}

    return step


class LambTest(testing.TestCase):
    def test_updates(self):
        actual = utils.run_updates(Lamb(learning_rate=0.1))
        expected = utils.numpy_updates(numpy_lamb(0.1))
        utils.assert_histories_close(self, actual, expected)

    def test_zero_weights_use_ratio_one(self):
        values = (np.zeros(3, "float32"), np.zeros((2, 2), "float32"))
        variables = utils.make_variables(values)
        actual = utils.run_updates(Lamb(learning_rate=0.1), variables)
        expected = utils.numpy_updates(numpy_lamb(0.1), values=values)
        utils.assert_histories_close(self, actual, expected)

    def test_oracle_values(self):
        history = utils.run_updates(Lamb(learning_rate=0.1))
        self.assertAllClose(
            history[-1][0], [0.80549, -2.20729, 2.53821], atol=1e-5
        )

    def test_config(self):
        optimizer = Lamb(beta_1=0.5, epsilon=1e-3)
        self.assertEqual(optimizer.get_config()["epsilon"], 1e-3)
        self.run_class_serialization_test(optimizer)
