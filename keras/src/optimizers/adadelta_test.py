import numpy as np

from keras.src import testing
from keras.src.optimizers import optimizer_test_utils as utils
from keras.src.optimizers.adadelta import Adadelta


def numpy_adadelta(lr, rho=0.95, epsilon=1e-7):
    def step(w, g, state, t):
        grad_average = rho * state.get("g2", 0.0) + (1 - rho) * g**2
        delta = (
            -np.sqrt(state.get("dx2", 0.0) + epsilon)
            / np.sqrt(grad_average + epsilon) * g
        )
        delta_average = rho * state.get("dx2", 0.0) + (1 - rho) * delta**2
        return w + lr * delta, {"g2": grad_average, "dx2": delta_average}

    return step


class AdadeltaTest(testing.TestCase):
    def test_updates(self):
        actual = utils.run_updates(Adadelta(learning_rate=1.0))
        expected = utils.numpy_updates(numpy_adadelta(1.0))
        utils.assert_histories_close(self, actual, expected, atol=1e-6)

    def test_rho_and_epsilon(self):
        optimizer = Adadelta(learning_rate=0.5, rho=0.5, epsilon=1e-2)
        actual = utils.run_updates(optimizer)
        expected = utils.numpy_updates(
            numpy_adadelta(0.5, rho=0.5, epsilon=1e-2)
        )
        utils.assert_histories_close(self, actual, expected)

    def test_oracle_values(self):
        history = utils.run_updates(Adadelta(learning_rate=1.0))
        self.assertAllClose(
            history[-1][0], [0.99813, -2.00272, 2.99895], atol=1e-5
        )

    def test_config(self):
        optimizer = Adadelta(rho=0.5, epsilon=1e-3)
        self.assertEqual(optimizer.get_config()["rho"], 0.5)
        self.run_class_serialization_test(optimizer)
