import numpy as np

from keras.src import testing
from keras.src.optimizers import optimizer_test_utils as utils
from keras.src.optimizers.ftrl import Ftrl


def numpy_ftrl(lr, power=-0.5, initial=0.1, l1=0.0, l2=0.0, shrinkage=0.0,
               beta=0.0):
    def step(w, g, state, t):
        n = state.get("n", initial)
        z = state.get("z", 0.0)
        shrunk = g + 2 * shrinkage * w
        new_n = n + g**2
        sigma = (new_n ** (-power) - n ** (-power)) / lr
        z = z + shrunk - sigma * w
        quadratic = new_n ** (-power) / lr + 2 * (l2 + beta / (2 * lr))
        w = (np.clip(z, -l1, l1) - z) / quadratic
        return w, {"n": new_n, "z": z}

    return step


class FtrlTest(testing.TestCase):
    def test_updates(self):
        actual = utils.run_updates(Ftrl(learning_rate=0.1))
        expected = utils.numpy_updates(numpy_ftrl(0.1))
        utils.assert_histories_close(self, actual, expected)

    def test_regularized_updates(self):
        optimizer = Ftrl(
            learning_rate=0.1,
            learning_rate_power=-0.3,
            initial_accumulator_value=0.5,
            l1_regularization_strength=0.05,
            l2_regularization_strength=0.02,
            l2_shrinkage_regularization_strength=0.03,
            beta=0.1,
        )
        actual = utils.run_updates(optimizer)
        expected = utils.numpy_updates(
            numpy_ftrl(0.1, -0.3, 0.5, 0.05, 0.02, 0.03, 0.1)
        )
        utils.assert_histories_close(self, actual, expected)

    def test_l1_drives_small_weights_to_zero(self):
        optimizer = Ftrl(learning_rate=0.1, l1_regularization_strength=10.0)
        history = utils.run_updates(optimizer)
        self.assertAllClose(history[-1][0], np.zeros(3))

    def test_oracle_values(self):
        history = utils.run_updates(Ftrl(learning_rate=0.1))
        self.assertAllClose(
            history[-1][0], [0.01307, -0.41513, 0.75102], atol=1e-5
        )

    def test_config(self):
        optimizer = Ftrl(learning_rate_power=-0.2, beta=0.5,
                         l1_regularization_strength=0.1)
        config = optimizer.get_config()
        self.assertEqual(config["learning_rate_power"], -0.2)
        self.assertEqual(config["beta"], 0.5)
        self.run_class_serialization_test(optimizer)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "learning_rate_power"):
            Ftrl(learning_rate_power=0.5)
        with self.assertRaisesRegex(ValueError, "l1_regularization"):
            Ftrl(l1_regularization_strength=-1.0)
        with self.assertRaisesRegex(ValueError, "initial_accumulator"):
            Ftrl(initial_accumulator_value=-0.1)
