import numpy as np

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.merging.minimum import Minimum
from keras.src.layers.merging.minimum import minimum
from keras.src.models.model import Model


def _inputs(count):
    rng = np.random.default_rng(7)
    return [rng.normal(size=(2, 4, 3)).astype("float32")
            for _ in range(count)]


def _reference(xs):
    return np.minimum(np.minimum(xs[0], xs[1]), xs[2])


class MinimumTest(testing.TestCase):
    def test_basic(self):
        self.run_layer_test(
            Minimum,
            init_kwargs={},
            input_shape=[(2, 4, 3)] * 3,
            expected_output_shape=(2, 4, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
            run_training_check=False,
        )

    def test_values(self):
        xs = _inputs(3)
        self.assertAllClose(Minimum()(xs), _reference(xs), atol=1e-6)

    def test_broadcasting(self):
        x, y = _inputs(2)
        y = y[:, :1, :]
        xs = [x, y] + _inputs(3)[2:]
        expected = _reference(xs)
        self.assertEqual(expected.shape, (2, 4, 3))
        self.assertAllClose(Minimum()(xs), expected, atol=1e-6)

    def test_functional_form(self):
        xs = _inputs(3)
        out = minimum(xs, name="merged")
        self.assertAllClose(out, _reference(xs), atol=1e-6)

    def test_symbolic_model(self):
        inputs = [Input((None, 3)) for _ in range(3)]
        outputs = minimum(inputs)
        self.assertEqual(outputs.shape, (None, None, 3))
        model = Model(inputs, outputs)
        xs = _inputs(3)
        self.assertAllClose(model(xs), _reference(xs), atol=1e-6)

    def test_config(self):
        layer = Minimum(name="m")
        restored = Minimum.from_config(layer.get_config())
        self.assertEqual(restored.get_config(), layer.get_config())
        self.assertEqual(restored.name, "m")
