import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.activations.relu import ReLU
from keras.src.layers.core.input_layer import Input
from keras.src.models.model import Model


def _relu(x, max_value=None, negative_slope=0.0, threshold=0.0):
    y = np.where(x > threshold, x, negative_slope * (x - threshold))
    if max_value is not None:
        y = np.minimum(y, max_value)
    return y


class ReLUTest(testing.TestCase):
    def test_layer_checks(self):
        x = np.array([[-2.0, 0.5, 1.5, 9.0]], "float32")
        kwargs = {"max_value": 6.0, "negative_slope": 0.5,
                  "threshold": 1.0}
        self.run_layer_test(
            ReLU,
            init_kwargs=kwargs,
            input_data=x,
            expected_output=_relu(x, **kwargs),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
            assert_built_after_instantiation=True,
        )

    def test_default(self):
        x = np.array([[-3.0, -0.5, 0.0, 0.5, 7.0]], "float32")
        self.assertAllClose(ReLU()(x), _relu(x))

    def test_all_options(self):
        x = np.linspace(-4, 10, 29).astype("float32").reshape(1, -1)
        kwargs = {"max_value": 6.0, "negative_slope": 0.1,
                  "threshold": 0.5}
        self.assertAllClose(ReLU(**kwargs)(x), _relu(x, **kwargs),
                            atol=1e-6)

    def test_max_value_only(self):
        x = np.array([[-1.0, 2.0, 9.0]], "float32")
        self.assertAllClose(ReLU(max_value=6)(x), [[0.0, 2.0, 6.0]])

    def test_config_round_trip(self):
        layer = ReLU(max_value=6.0, negative_slope=0.2, threshold=1.0)
        config = layer.get_config()
        for key, value in (("max_value", 6.0), ("negative_slope", 0.2),
                           ("threshold", 1.0)):
            self.assertEqual(config[key], value)
        restored = ReLU.from_config(config)
        self.assertEqual(restored.get_config(), config)
        self.assertTrue(restored.supports_masking)

    @parameterized.parameters("max_value", "negative_slope", "threshold")
    def test_negative_arguments(self, arg):
        with pytest.raises(ValueError, match=f"{arg}=-1"):
            ReLU(**{arg: -1})

    def test_none_arguments(self):
        with pytest.raises(ValueError, match="negative_slope=None"):
            ReLU(negative_slope=None)
        with pytest.raises(ValueError, match="threshold=None"):
            ReLU(threshold=None)
        with pytest.raises(ValueError, match="expected None or a non-"):
            ReLU(max_value="a")

    def test_functional(self):
        inputs = Input((None, 3))
        outputs = ReLU(max_value=1.0)(inputs)
        self.assertEqual(outputs.shape, (None, None, 3))
        x = np.linspace(-2, 2, 12).astype("float32").reshape(2, 2, 3)
        self.assertAllClose(Model(inputs, outputs)(x),
                            _relu(x, max_value=1.0))
