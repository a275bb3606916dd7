import numpy as np

from keras.src import testing
from keras.src.optimizers import optimizer_test_utils as utils
from keras.src.optimizers.adagrad import Adagrad


def numpy_adagrad(lr, initial=0.1, epsilon=1e-7):
    def step(w, g, state, t):
        accumulator = state.get("acc", initial) + g**2
        w = w - lr * g / np.sqrt(accumulator + epsilon)
        return w, {"acc": accumulator}

    return step


class AdagradTest(testing.TestCase):
    def test_updates(self):
        actual = utils.run_updates(Adagrad(learning_rate=0.1))
        expected = utils.numpy_updates(numpy_adagrad(0.1))
        utils.assert_histories_close(self, actual, expected)

    def test_initial_accumulator(self):
        optimizer = Adagrad(learning_rate=0.2, initial_accumulator_value=1.0)
        actual = utils.run_updates(optimizer)
        expected = utils.numpy_updates(numpy_adagrad(0.2, initial=1.0))
        utils.assert_histories_close(self, actual, expected)
        self.assertAllClose(optimizer.variables[2][0], 1.0 + 0.01 + 0.16
                            + 0.49)

    def test_oracle_values(self):
        history = utils.run_updates(Adagrad(learning_rate=0.1))
        self.assertAllClose(
            history[-1][0], [0.96653, -2.10544, 2.92745], atol=1e-5
        )

    def test_config(self):
        optimizer = Adagrad(initial_accumulator_value=0.5, epsilon=1e-3)
        config = optimizer.get_config()
        self.assertEqual(config["initial_accumulator_value"], 0.5)
        self.assertEqual(config["epsilon"], 1e-3)
        self.run_class_serialization_test(optimizer)

    def test_negative_accumulator(self):
        with self.assertRaisesRegex(ValueError, "initial_accumulator_value"):
            Adagrad(initial_accumulator_value=-1.0)
