"""Tests of `BasePooling` (through its subclasses), and the NumPy
reference pooling the other pooling tests import."""

import itertools

import numpy as np
from absl.testing import parameterized

import keras
from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.convolutional.base_conv_test import same_pads
from keras.src.layers.pooling.average_pooling2d import AveragePooling2D
from keras.src.layers.pooling.max_pooling1d import MaxPooling1D
from keras.src.layers.pooling.max_pooling2d import MaxPooling2D


def np_pool(x, pool_size, strides=None, padding="valid",
            data_format="channels_last", mode="max"):
    """Max or average pooling; with "same" padding the padded positions
    are ignored (averages count only real elements)."""
    x = np.asarray(x, "float64")
    if data_format == "channels_first":
        x = np.moveaxis(x, 1, -1)
    rank = x.ndim - 2
    size = (pool_size,) * rank if isinstance(pool_size, int) else pool_size
    step = size if strides is None else (
        (strides,) * rank if isinstance(strides, int) else strides)
    real = np.ones(x.shape)
    if padding == "same":
        pads = [(0, 0), *same_pads(x.shape[1:-1], size, step, (1,) * rank),
                (0, 0)]
        x = np.pad(x, pads, constant_values=-np.inf if mode == "max" else 0)
        real = np.pad(real, pads)
    out = [(n - k) // s + 1 for n, k, s in zip(x.shape[1:-1], size, step)]
    windows, counts = [], []
    for pos in itertools.product(*(range(k) for k in size)):
        index = (slice(None),) + tuple(
            slice(p, p + (o - 1) * s + 1, s)
            for p, o, s in zip(pos, out, step)
        )
        windows.append(x[index])
        counts.append(real[index])
    if mode == "max":
        result = np.max(windows, axis=0)
    else:
        result = np.sum(windows, axis=0) / np.sum(counts, axis=0)
    if data_format == "channels_first":
        result = np.moveaxis(result, -1, 1)
    return result


class BasePoolingTest(testing.TestCase):
    @parameterized.named_parameters(
        ("pool_zero", {"pool_size": 0}, "pool_size", "pool_size=0"),
        ("pool_length", {"pool_size": (2, 2, 2)}, "pool_size",
         "pool_size=(2, 2, 2)"),
        ("strides_zero", {"strides": 0}, "strides", "strides=0"),
        ("strides_length", {"strides": [1]}, "strides", "strides=[1]"),
        ("bad_data_format", {"data_format": "x"}, "data_format",
         "data_format='x'"),
    )
    def test_invalid_arguments(self, overrides, argument, received):
        with self.assertRaises(ValueError) as ctx:
            MaxPooling2D(**overrides)
        message = str(ctx.exception)
        self.assertIn("MaxPooling2D", message)
        self.assertIn(f"`{argument}`", message)
        self.assertIn(received, message)

    def test_unknown_padding_is_refused_when_used(self):
        # As in Keras: accepted at construction, refused at call.
        layer = MaxPooling2D(padding="causal")
        for inputs in (np.ones((1, 4, 4, 1), "float32"),
                       keras.Input((4, 4, 1))):
            with self.assertRaisesRegex(
                ValueError, "MaxPooling2D.*`padding`.*padding='causal'"
            ):
                layer(inputs)

    def test_wrong_input_rank(self):
        with self.assertRaisesRegex(ValueError, "expected ndim=4"):
            MaxPooling2D()(np.ones((1, 4, 4), "float32"))
        with self.assertRaisesRegex(ValueError, "MaxPooling2D.*rank 4"):
            MaxPooling2D().compute_output_shape((None, 4, 4))

    def test_input_smaller_than_pool(self):
        with self.assertRaisesRegex(ValueError, "output would be empty"):
            MaxPooling2D(3).compute_output_shape((None, 2, 5, 1))

    def test_config_and_defaults(self):
        layer = MaxPooling2D((3, 2), padding="SAME")
        self.assertTrue(layer.built)
        self.assertEqual(layer.pool_mode, "max")
        config = layer.get_config()
        self.assertEqual(
            {k: v for k, v in config.items() if k != "dtype"},
            {"name": layer.name, "trainable": True, "pool_size": (3, 2),
             "padding": "same", "strides": (3, 2),
             "data_format": "channels_last"},
        )
        self.assertEqual(AveragePooling2D(2, strides=1).pool_mode,
                         "average")
        self.assertEqual(MaxPooling1D().get_config()["strides"], (2,))

    def test_output_dtypes(self):
        x = np.arange(16, dtype="int32").reshape(1, 4, 4, 1)
        y = MaxPooling2D()(x)
        self.assertDType(y, "int32")
        self.assertAllEqual(y[0, :, :, 0], [[5, 7], [13, 15]])
        self.assertDType(AveragePooling2D(2)(x), "float32")
        inputs = keras.Input((4, 4, 1), dtype="int32")
        self.assertDType(MaxPooling2D()(inputs), "int32")
        self.assertDType(AveragePooling2D(2)(inputs), "float32")

    def test_symbolic_none_dims(self):
        inputs = keras.Input((None, 5, 2))
        outputs = MaxPooling2D(2, strides=1, padding="same")(inputs)
        self.assertEqual(outputs.shape, (None, None, 5, 2))
        model = keras.Model(inputs, outputs)
        x = random_input((2, 3, 5, 2))
        self.assertAllClose(model(x), np_pool(x, 2, 1, "same"))
