import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.reshaping.cropping2d import Cropping2D


def _crop_ref(x, pairs, data_format):
    """NumPy reference: slices `(before, after)` off each spatial dim."""
    first = 2 if data_format == "channels_first" else 1
    index = [slice(None)] * x.ndim
    for i, (before, after) in enumerate(pairs):
        index[first + i] = slice(before, x.shape[first + i] - after)
    return x[tuple(index)]


class Cropping2DTest(testing.TestCase):
    @parameterized.parameters("channels_last", "channels_first")
    def test_layer(self, data_format):
        shape = (2, 6, 7, 3) if data_format == "channels_last" else (
            2, 3, 6, 7)
        out = (2, 3, 3, 3) if data_format == "channels_last" else (
            2, 3, 3, 3)
        self.run_layer_test(
            Cropping2D,
            init_kwargs={"cropping": ((1, 2), (4, 0)),
                         "data_format": data_format},
            input_shape=shape,
            expected_output_shape=out,
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
        )

    @parameterized.product(
        cropping=[1, (1, 2), ((0, 2), (1, 3))],
        data_format=["channels_last", "channels_first"],
    )
    def test_values(self, cropping, data_format):
        x = np.random.rand(2, 6, 7, 6).astype("float32")
        layer = Cropping2D(cropping, data_format=data_format)
        expected = _crop_ref(x, layer.cropping, data_format)
        self.assertAllClose(layer(x), expected)
        self.assertEqual(layer.compute_output_shape(x.shape),
                         expected.shape)

    def test_arguments(self):
        self.assertEqual(Cropping2D(2).cropping, ((2, 2), (2, 2)))
        self.assertEqual(Cropping2D((1, 3)).cropping, ((1, 1), (3, 3)))
        config = Cropping2D(((1, 2), (3, 4))).get_config()
        self.assertEqual(config["cropping"], ((1, 2), (3, 4)))

    def test_dynamic_dims(self):
        out = Cropping2D(1)(Input((None, 5, 2)))
        self.assertEqual(out.shape, (None, None, 3, 2))

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, r"cropping.*\(\(1, 2\),\)"):
            Cropping2D(((1, 2),))
        with self.assertRaisesRegex(ValueError, "cropping.*'a'"):
            Cropping2D("a")
        with self.assertRaisesRegex(ValueError, "smaller than its size"):
            Cropping2D(2).compute_output_shape((2, 4, 8, 1))
