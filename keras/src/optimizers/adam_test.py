import numpy as np

from keras.src import testing
from keras.src.optimizers import optimizer_test_utils as utils
from keras.src.optimizers.adam import Adam


def numpy_adam(lr, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False,
               weight_decay=None):
    def step(w, g, state, t):
        if weight_decay is not None:
            w = w - w * weight_decay * lr
        m = beta_1 * state.get("m", 0.0) + (1 - beta_1) * g
        v = beta_2 * state.get("v", 0.0) + (1 - beta_2) * g**2
        v_used = v
        new_state = {"m": m, "v": v}
        if amsgrad:
            v_used = np.maximum(state.get("v_hat", 0.0), v)
            new_state["v_hat"] = v_used
        alpha = lr * np.sqrt(1 - beta_2**t) / (1 - beta_1**t)
        return w - alpha * m / (np.sqrt(v_used) + epsilon), new_state

    return step


class AdamTest(testing.TestCase):
    def test_updates(self):
        actual = utils.run_updates(Adam(learning_rate=0.1))
        expected = utils.numpy_updates(numpy_adam(0.1))
        utils.assert_histories_close(self, actual, expected)

    def test_custom_betas(self):
        optimizer = Adam(learning_rate=0.05, beta_1=0.5, beta_2=0.8,
                         epsilon=1e-3)
        actual = utils.run_updates(optimizer)
        expected = utils.numpy_updates(
            numpy_adam(0.05, beta_1=0.5, beta_2=0.8, epsilon=1e-3)
        )
        utils.assert_histories_close(self, actual, expected)

    def test_amsgrad_updates(self):
        actual = utils.run_updates(Adam(learning_rate=0.1, amsgrad=True))
        expected = utils.numpy_updates(numpy_adam(0.1, amsgrad=True))
        utils.assert_histories_close(self, actual, expected)

    def test_weight_decay_updates(self):
        optimizer = Adam(learning_rate=0.1, weight_decay=0.2)
        actual = utils.run_updates(optimizer)
        expected = utils.numpy_updates(numpy_adam(0.1, weight_decay=0.2))
        utils.assert_histories_close(self, actual, expected)

    def test_oracle_values(self):
        history = utils.run_updates(Adam(learning_rate=0.1))
        self.assertAllClose(
            history[-1][0], [0.92284, -2.01631, 2.81014], atol=1e-5
        )
        self.assertAllClose(
            history[-1][1], [[0.32742, -0.45702], [1.65169, 1.73473]],
            atol=1e-5,
        )

    def test_slots(self):
        optimizer = Adam(amsgrad=True)
        optimizer.build(utils.make_variables())
        self.assertEqual(
            [v.name for v in optimizer.variables[2:]],
            ["w0_momentum", "w0_velocity", "w1_momentum", "w1_velocity",
             "w0_velocity_hat", "w1_velocity_hat"],
        )

    def test_config(self):
        optimizer = Adam(learning_rate=0.01, beta_1=0.8, beta_2=0.9,
                         epsilon=1e-5, amsgrad=True)
        config = optimizer.get_config()
        self.assertEqual(
            {k: config[k] for k in ("beta_1", "beta_2", "epsilon",
                                    "amsgrad")},
            {"beta_1": 0.8, "beta_2": 0.9, "epsilon": 1e-5, "amsgrad": True},
        )
        self.run_class_serialization_test(optimizer)
