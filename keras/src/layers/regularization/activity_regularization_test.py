import numpy as np
import pytest

from keras.src import backend
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.regularization.activity_regularization import (
    ActivityRegularization,
)
from keras.src.models.model import Model


class ActivityRegularizationTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            ActivityRegularization,
            init_kwargs={"l1": 0.1, "l2": 0.2},
            input_shape=(2, 3),
            expected_output_shape=(2, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=1,
            supports_masking=True,
            assert_built_after_instantiation=True,
        )

    def test_loss_value(self):
        x = np.arange(24, dtype="float32").reshape(2, 3, 4) / 10 - 1
        layer = ActivityRegularization(l1=0.1, l2=0.01)
        y = layer(x)
        self.assertAllClose(y, x)
        self.assertLen(layer.losses, 1)
        expected = (0.1 * np.abs(x).sum() + 0.01 * np.square(x).sum()) / 2
        self.assertAllClose(layer.losses[0], expected, atol=1e-5)

    def test_loss_is_replaced_on_each_call(self):
        layer = ActivityRegularization(l2=1.0)
        layer(np.ones((4, 2), "float32"))
        layer(np.full((4, 2), 2.0, "float32"))
        self.assertLen(layer.losses, 1)
        self.assertAllClose(layer.losses[0], 8.0)

    def test_zero_factors_and_scalars(self):
        layer = ActivityRegularization()
        layer(np.ones((2, 3), "float32"))
        self.assertAllClose(layer.losses[0], 0.0)
        layer = ActivityRegularization(l1=0.1)
        layer(np.array(2.0, "float32"))
        self.assertAllClose(layer.losses[0], 0.2)

    def test_integer_and_half_inputs(self):
        layer = ActivityRegularization(l1=0.5)
        layer(np.ones((2, 3), "int32"))
        self.assertAllClose(layer.losses[0], 1.5)
        layer = ActivityRegularization(l2=0.1, dtype="float16")
        layer(np.ones((2, 3), "float32"))
        self.assertEqual(
            backend.standardize_dtype(layer.losses[0].dtype), "float16"
        )
        self.assertAllClose(layer.losses[0], 0.3, atol=1e-3)

    def test_functional_model_losses(self):
        inputs = Input((3,))
        outputs = ActivityRegularization(l1=0.1)(inputs)
        self.assertEqual(outputs.shape, (None, 3))
        model = Model(inputs, outputs)
        model(np.ones((4, 3), "float32"))
        self.assertLen(model.losses, 1)
        self.assertAllClose(model.losses[0], 0.3, atol=1e-6)

    def test_config_round_trip(self):
        layer = ActivityRegularization(l1=0.1, l2=0.2)
        config = layer.get_config()
        self.assertEqual(config["l1"], 0.1)
        self.assertEqual(config["l2"], 0.2)
        self.assertNotIn("activity_regularizer", config)
        restored = ActivityRegularization.from_config(config)
        self.assertEqual(restored.get_config(), config)
        self.assertTrue(layer.supports_masking)

    def test_bad_factors(self):
        with pytest.raises(ValueError, match="l1=-1"):
            ActivityRegularization(l1=-1)
        with pytest.raises(ValueError, match="l2='a'"):
            ActivityRegularization(l2="a")
