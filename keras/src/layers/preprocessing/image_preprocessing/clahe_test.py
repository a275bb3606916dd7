import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.image_preprocessing.clahe import (
    ContrastLimitedAdaptiveHistogramEqualization as CLAHE,
)


def _mapping(tile, clip_limit):
    hist = np.bincount(tile.ravel(), minlength=256).astype("float64")
    if clip_limit > 0:
        limit = clip_limit * tile.size / 256
        excess = np.maximum(hist - limit, 0).sum()
        hist = np.minimum(hist, limit) + excess / 256
    cdf = np.cumsum(hist)
    span = cdf[-1] - cdf[0]
    return (cdf - cdf[0]) / span * 255 if span > 0 else np.zeros(256)


def clahe_ref(image, grid, clip_limit):
    """NumPy reference on one channel of values in [0, 255]: per-tile
    clipped histograms over the image mirrored to whole tiles, blended
    bilinearly between the tile centres."""
    bins = np.floor(np.clip(image, 0, 255)).astype(int)
    height, width = bins.shape
    rows, cols = grid
    th, tw = -(-height // rows), -(-width // cols)
    padded = np.pad(bins, ((0, rows * th - height), (0, cols * tw - width)),
                    mode="symmetric")
    maps = [[_mapping(padded[r * th:(r + 1) * th, c * tw:(c + 1) * tw],
                      clip_limit) for c in range(cols)] for r in range(rows)]
    out = np.zeros(bins.shape)
    for i in range(height):
        for j in range(width):
            fy, fx = i / th - 0.5, j / tw - 0.5
            r0, c0 = int(np.floor(fy)), int(np.floor(fx))
            wy, wx = fy - r0, fx - c0
            r1, c1 = min(r0 + 1, rows - 1), min(c0 + 1, cols - 1)
            r0, c0 = max(r0, 0), max(c0, 0)
            v = bins[i, j]
            out[i, j] = (
                (1 - wy) * ((1 - wx) * maps[r0][c0][v] + wx * maps[r0][c1][v])
                + wy * ((1 - wx) * maps[r1][c0][v] + wx * maps[r1][c1][v])
            )
    return out


def _images(shape, seed=0):
    return np.random.RandomState(seed).randint(0, 256, shape).astype(
        "float32")


class CLAHETest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            CLAHE,
            init_kwargs={"tile_grid_size": (2, 2)},
            input_data=_images((2, 6, 6, 3)),
            expected_output_shape=(2, 6, 6, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
            run_training_check=False,
        )

    @parameterized.parameters(((1, 1), 1.0), ((2, 2), 2.0), ((3, 4), 0.0))
    def test_matches_numpy(self, grid, clip_limit):
        x = _images((2, 7, 10, 2), seed=1)
        out = backend.convert_to_numpy(
            CLAHE(tile_grid_size=grid, clip_limit=clip_limit)(x)
        )
        for i in range(2):
            for c in range(2):
                self.assertAllClose(
                    out[i, :, :, c], clahe_ref(x[i, :, :, c], grid,
                                               clip_limit),
                    atol=1e-3,
                )

    def test_matches_keras_numbers(self):
        # Keras 3.15.1's output on this image.
        x = np.random.RandomState(0).randint(0, 256, (1, 8, 8, 1))
        out = CLAHE(tile_grid_size=(2, 2), clip_limit=2.0)(
            x.astype("float32"))
        self.assertAllClose(
            backend.convert_to_numpy(out)[0, :2, :4, 0],
            [[173.764, 49.469, 119.234, 192.911],
             [9.941, 214.175, 22.529, 243.029]],
            atol=2e-3,
        )

    def test_value_range_data_format_and_dtypes(self):
        x = _images((1, 6, 8, 1))
        expected = CLAHE(tile_grid_size=(2, 2))(x)
        scaled = CLAHE(tile_grid_size=(2, 2), value_range=(0, 510))(x * 2)
        self.assertAllClose(scaled / 2, expected, atol=1e-3)
        first = CLAHE(tile_grid_size=(2, 2), data_format="channels_first")(
            np.transpose(x, (0, 3, 1, 2)))
        self.assertAllClose(np.transpose(first, (0, 2, 3, 1)), expected,
                            atol=1e-4)
        as_uint8 = CLAHE(tile_grid_size=(2, 2))(x.astype("uint8"))
        self.assertDType(as_uint8, "uint8")
        self.assertAllEqual(as_uint8, np.floor(
            backend.convert_to_numpy(expected)).astype("uint8"))
        single = CLAHE(tile_grid_size=(2, 2))(x[0])
        self.assertAllClose(single, expected[0])
        flat = CLAHE(tile_grid_size=(2, 2), clip_limit=0.0)(
            np.zeros_like(x))
        self.assertAllClose(flat, np.zeros_like(x))

    def test_symbolic_and_config(self):
        out = CLAHE()(Input((16, 16, 3)))
        self.assertEqual(out.shape, (None, 16, 16, 3))
        layer = CLAHE(value_range=(0, 1), clip_limit=2.0,
                      tile_grid_size=(4, 2))
        config = layer.get_config()
        self.assertEqual(config["tile_grid_size"], (4, 2))
        self.assertEqual(config["clip_limit"], 2.0)
        self.run_class_serialization_test(layer)

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "clip_limit.*-1"):
            CLAHE(clip_limit=-1)
        with self.assertRaisesRegex(ValueError, r"tile_grid_size.*\(0, 2\)"):
            CLAHE(tile_grid_size=(0, 2))
        with self.assertRaisesRegex(ValueError, "value_range"):
            CLAHE(value_range=(1,))

    def test_tf_data(self):
        import tensorflow as tf

        x = _images((4, 8, 8, 1))
        layer = CLAHE(tile_grid_size=(2, 2))
        ds = tf.data.Dataset.from_tensor_slices(x).batch(2).map(layer)
        out = next(iter(ds))
        self.assertIsInstance(out, tf.Tensor)
        self.assertAllClose(out, layer(x[:2]), atol=1e-3)
