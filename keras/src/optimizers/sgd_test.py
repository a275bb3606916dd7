import numpy as np

from keras.src import testing
from keras.src.optimizers import optimizer_test_utils as utils
from keras.src.optimizers.sgd import SGD


def numpy_sgd(lr, momentum=0.0, nesterov=False):
    def step(w, g, state, t):
        if momentum == 0:
            return w - lr * g, state
        velocity = momentum * state.get("v", 0.0) - lr * g
        if nesterov:
            w = w + momentum * velocity - lr * g
        else:
            w = w + velocity
        return w, {"v": velocity}

    return step


class SGDTest(testing.TestCase):
    def test_plain_updates(self):
        actual = utils.run_updates(SGD(learning_rate=0.1))
        expected = utils.numpy_updates(numpy_sgd(0.1))
        utils.assert_histories_close(self, actual, expected)

    def test_momentum_updates(self):
        actual = utils.run_updates(SGD(learning_rate=0.1, momentum=0.9))
        expected = utils.numpy_updates(numpy_sgd(0.1, 0.9))
        utils.assert_histories_close(self, actual, expected)

    def test_nesterov_updates(self):
        optimizer = SGD(learning_rate=0.1, momentum=0.9, nesterov=True)
        actual = utils.run_updates(optimizer)
        expected = utils.numpy_updates(numpy_sgd(0.1, 0.9, nesterov=True))
        utils.assert_histories_close(self, actual, expected)

    def test_slots(self):
        optimizer = SGD(momentum=0.5)
        optimizer.build(utils.make_variables())
        self.assertEqual(
            [v.path for v in optimizer.variables],
            ["sgd/iteration", "sgd/learning_rate", "sgd/w0_momentum",
             "sgd/w1_momentum"],
        )
        plain = SGD()
        plain.build(utils.make_variables())
        self.assertLen(plain.variables, 2)

    def test_config(self):
        optimizer = SGD(learning_rate=0.5, momentum=0.25, nesterov=True)
        config = optimizer.get_config()
        self.assertEqual(config["momentum"], 0.25)
        self.assertTrue(config["nesterov"])
        self.assertEqual(config["learning_rate"], 0.5)
        self.run_class_serialization_test(optimizer)

    def test_oracle_values(self):
        # Keras 3.15's SGD(0.1, momentum=0.9) on the shared data.
        history = utils.run_updates(SGD(learning_rate=0.1, momentum=0.9))
        self.assertAllClose(
            history[-1][0], [0.9789, -2.1208, 2.8947], atol=1e-5
        )

    def test_bad_momentum(self):
        for momentum in (-0.1, 1.5, "0.9"):
            with self.assertRaisesRegex(ValueError, "momentum"):
                SGD(momentum=momentum)

    def test_float64_variable(self):
        variable = utils.make_variables(
            [np.array([1.0, 2.0], dtype="float64")]
        )[0]
        dtype = variable.dtype  # float32 on JAX without x64.
        SGD(learning_rate=0.5).apply([np.ones(2)], [variable])
        self.assertDType(variable, dtype)
        self.assertAllClose(variable, [0.5, 1.5])
