import numpy as np

from keras.src import testing
from keras.src.optimizers import optimizer_test_utils as utils
from keras.src.optimizers.adafactor import Adafactor


def numpy_adafactor(lr, decay=-0.8, epsilon_1=1e-30, epsilon_2=1e-3,
                    clip_threshold=1.0, relative_step=True):
    def rms(x):
        return np.sqrt(np.mean(x**2))

    def step(w, g, state, t):
        rate = min(lr, 1 / np.sqrt(t)) if relative_step else lr
        rho = min(rate, 1 / np.sqrt(t))
        alpha = max(epsilon_2, rms(w)) * rho
        squared = g**2 + epsilon_1
        beta = 1 - t**decay
        if w.ndim >= 2:
            r = beta * state.get("r", 0.0) + (1 - beta) * squared.mean(-1)
            c = beta * state.get("c", 0.0) + (1 - beta) * squared.mean(-2)
            v = (r / r.mean(-1, keepdims=True))[..., None] * c[..., None, :]
            state = {"r": r, "c": c}
        else:
            v = beta * state.get("v", 0.0) + (1 - beta) * squared
            state = {"v": v}
        u = g / np.sqrt(v)
        u = u / max(1.0, rms(u) / clip_threshold)
        return w - alpha * u, state

    return step


class AdafactorTest(testing.TestCase):
    def test_updates(self):
        actual = utils.run_updates(Adafactor(learning_rate=0.1))
        expected = utils.numpy_updates(numpy_adafactor(0.1))
        utils.assert_histories_close(self, actual, expected)

    def test_options(self):
        optimizer = Adafactor(
            learning_rate=0.8, beta_2_decay=-0.5, epsilon_2=0.1,
            clip_threshold=0.5, relative_step=False,
        )
        actual = utils.run_updates(optimizer)
        expected = utils.numpy_updates(
            numpy_adafactor(0.8, decay=-0.5, epsilon_2=0.1,
                            clip_threshold=0.5, relative_step=False)
        )
        utils.assert_histories_close(self, actual, expected)

    def test_oracle_values(self):
        history = utils.run_updates(Adafactor(learning_rate=0.1))
        self.assertAllClose(
            history[-1][0], [0.78405, -2.17625, 2.78521], atol=1e-5
        )
        self.assertAllClose(
            history[-1][1], [[0.36006, -0.52574], [1.49586, 1.77905]],
            atol=1e-5,
        )

    def test_factored_slot_shapes(self):
        optimizer = Adafactor()
        optimizer.build(utils.make_variables())
        self.assertEqual(
            [tuple(v.shape) for v in optimizer.variables[2:]],
            [(), (), (3,), (2,), (2,), (2, 2)],
        )

    def test_config(self):
        optimizer = Adafactor(beta_2_decay=-0.5, relative_step=False)
        config = optimizer.get_config()
        self.assertEqual(config["beta_2_decay"], -0.5)
        self.assertFalse(config["relative_step"])
        self.run_class_serialization_test(optimizer)
