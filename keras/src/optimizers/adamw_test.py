from keras.src import testing
from keras.src.optimizers import optimizer_test_utils as utils
from keras.src.optimizers.adam_test import numpy_adam
from keras.src.optimizers.adamw import AdamW


class AdamWTest(testing.TestCase):
    def test_updates(self):
        optimizer = AdamW(learning_rate=0.1, weight_decay=0.1)
        actual = utils.run_updates(optimizer)
        expected = utils.numpy_updates(numpy_adam(0.1, weight_decay=0.1))
        utils.assert_histories_close(self, actual, expected)

    def test_amsgrad_updates(self):
        optimizer = AdamW(learning_rate=0.1, weight_decay=0.3, amsgrad=True)
        actual = utils.run_updates(optimizer)
        expected = utils.numpy_updates(
            numpy_adam(0.1, amsgrad=True, weight_decay=0.3)
        )
        utils.assert_histories_close(self, actual, expected)

    def test_oracle_values(self):
        history = utils.run_updates(AdamW(learning_rate=0.1,
                                          weight_decay=0.1))
        self.assertAllClose(
            history[-1][0], [0.89457, -1.95845, 2.724], atol=1e-5
        )

    def test_excluded_variables_do_not_decay(self):
        optimizer = AdamW(learning_rate=0.1, weight_decay=0.5)
        optimizer.exclude_from_weight_decay(var_names=["w1"])
        actual = utils.run_updates(optimizer)
        decayed = utils.numpy_updates(numpy_adam(0.1, weight_decay=0.5))
        plain = utils.numpy_updates(numpy_adam(0.1))
        self.assertAllClose(actual[-1][0], decayed[-1][0], atol=1e-5)
        self.assertAllClose(actual[-1][1], plain[-1][1], atol=1e-5)

    def test_default_weight_decay_and_config(self):
        optimizer = AdamW()
        self.assertEqual(optimizer.weight_decay, 0.004)
        self.assertEqual(optimizer.get_config()["weight_decay"], 0.004)
        self.run_class_serialization_test(optimizer)

    def test_weight_decay_is_required(self):
        with self.assertRaisesRegex(ValueError, "weight_decay=None"):
            AdamW(weight_decay=None)
