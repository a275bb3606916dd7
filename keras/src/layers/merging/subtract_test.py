import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.merging.subtract import Subtract
from keras.src.layers.merging.subtract import subtract
from keras.src.models.model import Model


def _inputs(count):
    rng = np.random.default_rng(7)
    return [rng.normal(size=(2, 4, 3)).astype("float32")
            for _ in range(count)]


def _reference(xs):
    return xs[0] - xs[1]


class SubtractTest(testing.TestCase):
    def test_basic(self):
        self.run_layer_test(
            Subtract,
            init_kwargs={},
            input_shape=[(2, 4, 3)] * 2,
            expected_output_shape=(2, 4, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
            run_training_check=False,
        )

    def test_values(self):
        xs = _inputs(2)
        self.assertAllClose(Subtract()(xs), _reference(xs), atol=1e-6)

    def test_broadcasting(self):
        x, y = _inputs(2)
        y = y[:, :1, :]
        xs = [x, y] + _inputs(2)[2:]
        expected = _reference(xs)
        self.assertEqual(expected.shape, (2, 4, 3))
        self.assertAllClose(Subtract()(xs), expected, atol=1e-6)

    def test_functional_form(self):
        xs = _inputs(2)
        out = subtract(xs, name="merged")
        self.assertAllClose(out, _reference(xs), atol=1e-6)

    def test_symbolic_model(self):
        inputs = [Input((None, 3)) for _ in range(2)]
        outputs = subtract(inputs)
        self.assertEqual(outputs.shape, (None, None, 3))
        model = Model(inputs, outputs)
        xs = _inputs(2)
        self.assertAllClose(model(xs), _reference(xs), atol=1e-6)

    def test_config(self):
        layer = Subtract(name="m")
        restored = Subtract.from_config(layer.get_config())
        self.assertEqual(restored.get_config(), layer.get_config())
        self.assertEqual(restored.name, "m")

    def test_needs_exactly_two_inputs(self):
        with pytest.raises(ValueError, match="exactly 2 inputs. Received 3"):
            Subtract()(_inputs(3))
        with pytest.raises(ValueError, match="exactly 2 inputs. Received 1"):
            Subtract().build([(None, 3)])
