import numpy as np

from keras.src import testing
from keras.src.optimizers import optimizer_test_utils as utils
from keras.src.optimizers.schedule_free_adamw import ScheduleFreeAdamW


def numpy_schedule_free(lr, beta_1=0.9, beta_2=0.999, epsilon=1e-8,
                        warmup=0, weight_decay=None):
    def step(y, g, state, t):
        # `z` starts at the value the optimizer was built with.
        z = state.get("z", y)
        if weight_decay is not None:
            y = y - y * weight_decay * lr
        x = (y - (1 - beta_1) * z) / beta_1
        rate = lr * min(1.0, t / warmup) if warmup else lr
        v = beta_2 * state.get("v", 0.0) + (1 - beta_2) * g**2
        z = z - rate * g / (np.sqrt(v / (1 - beta_2**t)) + epsilon)
        x = (1 - 1 / t) * x + z / t
        return (1 - beta_1) * z + beta_1 * x, {"z": z, "v": v}

    return step


class ScheduleFreeAdamWTest(testing.TestCase):
    def test_updates(self):
        actual = utils.run_updates(ScheduleFreeAdamW(learning_rate=0.1))
        expected = utils.numpy_updates(numpy_schedule_free(0.1))
        utils.assert_histories_close(self, actual, expected)

    def test_options(self):
        optimizer = ScheduleFreeAdamW(
            learning_rate=0.1, beta_1=0.5, beta_2=0.9, epsilon=0.3,
            warmup_steps=3, weight_decay=0.2,
        )
        actual = utils.run_updates(optimizer)
        expected = utils.numpy_updates(
            numpy_schedule_free(0.1, 0.5, 0.9, 0.3, 3, 0.2)
        )
        utils.assert_histories_close(self, actual, expected)

    def test_z_starts_at_the_variables(self):
        optimizer = ScheduleFreeAdamW()
        optimizer.build(utils.make_variables())
        self.assertAllClose(optimizer.variables[2], utils.INITIAL_VALUES[0])
        self.assertAllClose(optimizer.variables[3], np.zeros(3))

    def test_oracle_values(self):
        # Keras 3.15, lr=0.1, from [1, 2] with gradients below.
        w = utils.make_variables([np.array([1.0, 2.0], "float32")])
        grads = [[np.array(g, "float32")] for g in
                 ([0.5, -1.0], [1.0, 2.0], [-0.3, 0.4], [0.2, 0.2])]
        history = utils.run_updates(ScheduleFreeAdamW(0.1), w, grads)
        self.assertAllClose(history[-1][0], [0.815605, 1.979505], atol=1e-5)

    def test_config(self):
        optimizer = ScheduleFreeAdamW(warmup_steps=10, beta_1=0.8)
        self.assertEqual(optimizer.get_config()["warmup_steps"], 10)
        self.run_class_serialization_test(optimizer)
