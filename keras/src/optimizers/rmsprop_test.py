import numpy as np

from keras.src import testing
from keras.src.optimizers import optimizer_test_utils as utils
from keras.src.optimizers.rmsprop import RMSprop


def numpy_rmsprop(lr, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False):
    def step(w, g, state, t):
        v = rho * state.get("v", 0.0) + (1 - rho) * g**2
        new_state = {"v": v}
        denominator = v + epsilon
        if centered:
            mean = rho * state.get("mean", 0.0) + (1 - rho) * g
            new_state["mean"] = mean
            denominator = denominator - mean**2
        increment = lr * g / np.sqrt(denominator)
        if momentum > 0:
            increment = momentum * state.get("velocity", 0.0) + increment
            new_state["velocity"] = increment
        return w - increment, new_state

    return step


class RMSpropTest(testing.TestCase):
    def test_updates(self):
        actual = utils.run_updates(RMSprop(learning_rate=0.1))
        expected = utils.numpy_updates(numpy_rmsprop(0.1))
        utils.assert_histories_close(self, actual, expected)

    def test_momentum_updates(self):
        optimizer = RMSprop(learning_rate=0.1, rho=0.8, momentum=0.5)
        actual = utils.run_updates(optimizer)
        expected = utils.numpy_updates(
            numpy_rmsprop(0.1, rho=0.8, momentum=0.5)
        )
        utils.assert_histories_close(self, actual, expected)

    def test_centered_updates(self):
        optimizer = RMSprop(learning_rate=0.1, momentum=0.5, centered=True)
        actual = utils.run_updates(optimizer)
        expected = utils.numpy_updates(
            numpy_rmsprop(0.1, momentum=0.5, centered=True)
        )
        utils.assert_histories_close(self, actual, expected, atol=1e-4)

    def test_oracle_values(self):
        history = utils.run_updates(RMSprop(learning_rate=0.1))
        self.assertAllClose(
            history[-1][0], [0.71523, -2.24648, 2.65712], atol=1e-5
        )

    def test_slots_follow_options(self):
        plain = RMSprop()
        plain.build(utils.make_variables())
        self.assertEqual(
            [v.name for v in plain.variables[2:]],
            ["w0_velocity", "w1_velocity"],
        )
        full = RMSprop(momentum=0.9, centered=True)
        full.build(utils.make_variables())
        self.assertEqual(
            [v.name for v in full.variables[2:]],
            ["w0_velocity", "w1_velocity", "w0_momentum", "w1_momentum",
             "w0_average_gradient", "w1_average_gradient"],
        )

    def test_config(self):
        optimizer = RMSprop(rho=0.5, momentum=0.1, epsilon=1e-4,
                            centered=True)
        config = optimizer.get_config()
        self.assertEqual(
            [config[k] for k in ("rho", "momentum", "epsilon", "centered")],
            [0.5, 0.1, 1e-4, True],
        )
        self.run_class_serialization_test(optimizer)

    def test_bad_momentum(self):
        with self.assertRaisesRegex(ValueError, "momentum=2"):
            RMSprop(momentum=2)
