import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.reshaping.up_sampling2d import UpSampling2D


def _bilinear_ref(x, size):
    """NumPy reference of bilinear upsampling of channels-last images with
    pixel centres at half-integer positions: output pixel `i` samples
    input position `(i + 0.5) / factor - 0.5`, clamped to the image."""
    out = x
    for axis, factor in ((1, size[0]), (2, size[1])):
        n = out.shape[axis]
        pos = np.clip((np.arange(n * factor) + 0.5) / factor - 0.5, 0,
                      n - 1)
        low = np.floor(pos).astype(int)
        high = np.minimum(low + 1, n - 1)
        frac = (pos - low).reshape([-1 if a == axis else 1
                                    for a in range(out.ndim)])
        out = (np.take(out, low, axis) * (1 - frac)
               + np.take(out, high, axis) * frac)
    return out


class UpSampling2DTest(testing.TestCase):
    @parameterized.parameters("nearest", "bilinear")
    def test_layer(self, interpolation):
        self.run_layer_test(
            UpSampling2D,
            init_kwargs={"size": (2, 3), "interpolation": interpolation},
            input_shape=(2, 3, 2, 2),
            expected_output_shape=(2, 6, 6, 2),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
        )

    @parameterized.product(
        size=[2, (1, 3), (3, 2)],
        data_format=["channels_last", "channels_first"],
    )
    def test_nearest(self, size, data_format):
        x = np.random.rand(2, 3, 4, 3).astype("float32")
        layer = UpSampling2D(size, data_format=data_format)
        first = 2 if data_format == "channels_first" else 1
        expected = np.repeat(np.repeat(x, layer.size[0], first),
                             layer.size[1], first + 1)
        self.assertAllClose(layer(x), expected)

    @parameterized.product(
        size=[2, (1, 3), (3, 2)],
        data_format=["channels_last", "channels_first"],
    )
    def test_bilinear(self, size, data_format):
        x = np.random.rand(2, 3, 4, 2).astype("float32")
        layer = UpSampling2D(size, data_format=data_format,
                             interpolation="bilinear")
        expected = _bilinear_ref(x, layer.size)
        if data_format == "channels_first":
            got = layer(np.transpose(x, (0, 3, 1, 2)))
            expected = np.transpose(expected, (0, 3, 1, 2))
        else:
            got = layer(x)
        self.assertAllClose(got, expected, atol=1e-5)

    def test_bicubic_keeps_shape(self):
        x = np.random.rand(1, 3, 3, 1).astype("float32")
        out = UpSampling2D((2, 3), interpolation="bicubic")(x)
        self.assertEqual(tuple(out.shape), (1, 6, 9, 1))

    def test_config_and_errors(self):
        layer = UpSampling2D(3, interpolation="bilinear")
        config = layer.get_config()
        self.assertEqual(config["size"], (3, 3))
        self.assertEqual(config["interpolation"], "bilinear")
        self.run_class_serialization_test(layer)
        # As in Keras: an unknown interpolation is refused at call.
        layer = UpSampling2D(interpolation="area")
        with self.assertRaisesRegex(ValueError, "interpolation.*'area'"):
            layer(np.ones((1, 2, 2, 1), "float32"))
        with self.assertRaisesRegex(ValueError, r"size.*\(2, 0\)"):
            UpSampling2D((2, 0))
