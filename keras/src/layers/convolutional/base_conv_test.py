"""Tests of `BaseConv` (through `Conv1D`/`Conv2D`), and the NumPy reference
convolutions the other convolution tests import."""

import itertools

import numpy as np
from absl.testing import parameterized

import keras
from keras.src import ops
from keras.src import testing
from keras.src.layers.convolutional.conv1d import Conv1D
from keras.src.layers.convolutional.conv2d import Conv2D

# -- NumPy references (channels-last internally, float64) --------------------


def _tuple(value, n):
    return (value,) * n if isinstance(value, int) else tuple(value)


def _to_last(x, data_format):
    x = np.asarray(x, "float64")
    return np.moveaxis(x, 1, -1) if data_format == "channels_first" else x


def _from_last(x, data_format):
    return np.moveaxis(x, -1, 1) if data_format == "channels_first" else x


def _pad_spatial(x, pads, value=0.0):
    return np.pad(x, [(0, 0), *pads, (0, 0)], constant_values=value)


def same_pads(sizes, window, strides, dilation):
    """TensorFlow's "same" padding: the odd extra element goes last."""
    pads = []
    for n, k, s, d in zip(sizes, window, strides, dilation):
        out = -(-n // s)
        total = max((out - 1) * s + (k - 1) * d + 1 - n, 0)
        pads.append((total // 2, total - total // 2))
    return pads


def np_conv(x, kernel, strides=1, padding="valid", dilation_rate=1,
            data_format="channels_last", bias=None):
    """Grouped N-D cross-correlation (groups = channels / kernel's
    input channels)."""
    x = _to_last(x, data_format)
    rank = x.ndim - 2
    window = kernel.shape[:rank]
    s, d = _tuple(strides, rank), _tuple(dilation_rate, rank)
    if padding == "same":
        x = _pad_spatial(x, same_pads(x.shape[1:-1], window, s, d))
    elif padding == "causal":
        x = _pad_spatial(x, [((window[0] - 1) * d[0], 0)])
    group_in, filters = kernel.shape[-2:]
    groups = x.shape[-1] // group_in
    group_out = filters // groups
    sizes = [(n - (k - 1) * dd - 1) // ss + 1
             for n, k, ss, dd in zip(x.shape[1:-1], window, s, d)]
    out = np.zeros((x.shape[0], *sizes, filters))
    for pos in itertools.product(*(range(k) for k in window)):
        taps = x[(slice(None),) + tuple(
            slice(p * dd, p * dd + (o - 1) * ss + 1, ss)
            for p, dd, o, ss in zip(pos, d, sizes, s)
        )]
        for g in range(groups):
            cols = slice(g * group_out, (g + 1) * group_out)
            rows = slice(g * group_in, (g + 1) * group_in)
            out[..., cols] += taps[..., rows] @ kernel[pos][:, cols]
    if bias is not None:
        out = out + bias
    return _from_last(out, data_format)


def np_depthwise_conv(x, kernel, **kwargs):
    """Depthwise convolution as a grouped one with one group per
    channel."""
    rank = kernel.ndim - 2
    channels, multiplier = kernel.shape[-2:]
    grouped = kernel.reshape(kernel.shape[:rank] + (1, channels * multiplier))
    return np_conv(x, grouped, **kwargs)


def np_conv_transpose(x, kernel, strides=1, padding="valid",
                      output_padding=None, dilation_rate=1,
                      data_format="channels_last", bias=None):
    """Transposed convolution: every input element scatters
    `x * kernel` into the output, which is then cropped like the gradient
    of a "same"/"valid" convolution."""
    x = _to_last(x, data_format)
    rank = x.ndim - 2
    window = kernel.shape[:rank]
    s, d = _tuple(strides, rank), _tuple(dilation_rate, rank)
    extra = (None,) * rank if output_padding is None else _tuple(
        output_padding, rank)
    reach = [(k - 1) * dd + 1 for k, dd in zip(window, d)]
    full = [(n - 1) * ss + k for n, ss, k in zip(x.shape[1:-1], s, reach)]
    y = np.zeros((x.shape[0], *[f + ss for f, ss in zip(full, s)],
                  kernel.shape[-2]))
    for idx in itertools.product(*(range(n) for n in x.shape[1:-1])):
        for pos in itertools.product(*(range(k) for k in window)):
            at = tuple(i * ss + p * dd
                       for i, ss, p, dd in zip(idx, s, pos, d))
            y[(slice(None),) + at] += x[(slice(None),) + idx] @ kernel[pos].T
    crops = []
    for n, ss, k, f, e in zip(x.shape[1:-1], s, reach, full, extra):
        if e is None:
            length = n * ss if padding == "same" else n * ss + max(k - ss, 0)
        else:
            pad = 0 if padding == "valid" else k // 2
            length = (n - 1) * ss + k - 2 * pad + e
        left = max(f - length, 0) // 2
        crops.append(slice(left, left + length))
    out = y[(slice(None),) + tuple(crops)]
    if bias is not None:
        out = out + bias
    return _from_last(out, data_format)


def random_input(shape, data_format="channels_last", seed=0):
    """A float32 input given by its channels-last `shape`."""
    x = np.random.default_rng(seed).normal(size=shape).astype("float32")
    return np.moveaxis(x, -1, 1) if data_format == "channels_first" else x


def weights_of(layer):
    return [ops.convert_to_numpy(w) for w in layer.weights]


# -- tests -------------------------------------------------------------------


class BaseConvTest(testing.TestCase):
    @parameterized.named_parameters(
        ("zero_filters", {"filters": 0}, "filters", "filters=0"),
        ("negative_filters", {"filters": -2}, "filters", "filters=-2"),
        ("float_filters", {"filters": 2.5}, "filters", "filters=2.5"),
        ("none_filters", {"filters": None}, "filters", "filters=None"),
        ("kernel_length", {"kernel_size": (3, 3, 3)}, "kernel_size",
         "kernel_size=(3, 3, 3)"),
        ("kernel_zero", {"kernel_size": 0}, "kernel_size", "kernel_size=0"),
        ("kernel_float", {"kernel_size": 3.0}, "kernel_size",
         "kernel_size=3.0"),
        ("strides_zero", {"strides": (1, 0)}, "strides", "strides=(1, 0)"),
        ("dilation_zero", {"dilation_rate": 0}, "dilation_rate",
         "dilation_rate=0"),
        ("strides_and_dilation", {"strides": 2, "dilation_rate": 2},
         "dilation_rate", "strides=(2, 2)"),
        ("causal_2d", {"padding": "causal"}, "padding",
         "padding='causal'"),
        ("bad_padding", {"padding": "full"}, "padding", "padding='full'"),
        ("bad_data_format", {"data_format": "nhwc"}, "data_format",
         "data_format='nhwc'"),
        ("zero_groups", {"groups": 0}, "groups", "groups=0"),
        ("groups_not_dividing", {"filters": 5, "groups": 2}, "groups",
         "filters=5"),
    )
    def test_invalid_arguments(self, overrides, argument, received):
        kwargs = {"filters": 4, "kernel_size": 3, **overrides}
        with self.assertRaises(ValueError) as ctx:
            Conv2D(**kwargs)
        message = str(ctx.exception)
        self.assertIn("Conv2D", message)
        self.assertIn(f"`{argument}`", message)
        self.assertIn(received, message)

    def test_unknown_keyword_argument(self):
        with self.assertRaisesRegex(ValueError, "Unrecognized keyword"):
            Conv2D(4, 3, output_padding=1)

    def test_input_channels_not_divisible_by_groups(self):
        layer = Conv2D(4, 3, groups=2)
        with self.assertRaisesRegex(
            ValueError, r"Conv2D '.*'.*groups=2.*Received: 3 channels"
        ):
            layer(np.ones((1, 5, 5, 3), "float32"))

    def test_wrong_input_rank(self):
        layer = Conv2D(4, 3)
        with self.assertRaisesRegex(
            ValueError, r"Conv2D '.*' expects inputs of rank 4.*\(1, 5, 5\)"
        ):
            layer(np.ones((1, 5, 5), "float32"))
        with self.assertRaisesRegex(ValueError, "rank 4"):
            layer.compute_output_shape((None, 5, 5, 3, 1))

    def test_unknown_channels_cannot_build(self):
        with self.assertRaisesRegex(ValueError, "channel axis"):
            Conv2D(4, 3).build((None, 5, 5, None))

    def test_wrong_channels_after_build(self):
        layer = Conv2D(4, 3)
        layer(np.ones((1, 5, 5, 3), "float32"))
        self.assertEqual(layer.input_spec.axes, {-1: 3})
        with self.assertRaisesRegex(ValueError, "axis -1"):
            layer(np.ones((1, 5, 5, 2), "float32"))

    def test_input_smaller_than_kernel(self):
        layer = Conv2D(4, 3)
        with self.assertRaisesRegex(ValueError, "output would be empty"):
            layer.compute_output_shape((None, 2, 2, 3))
        with self.assertRaisesRegex(ValueError, "output would be empty"):
            layer(np.ones((1, 2, 5, 3), "float32"))

    def test_normalized_arguments_and_config(self):
        layer = Conv2D(np.int64(4), [3, 2], strides=[2, 1], padding="SAME",
                       data_format="Channels_First", activation="relu")
        config = layer.get_config()
        expected = {
            "filters": 4, "kernel_size": (3, 2), "strides": (2, 1),
            "padding": "same", "data_format": "channels_first",
            "dilation_rate": (1, 1), "groups": 1, "activation": "relu",
            "use_bias": True, "kernel_regularizer": None,
            "bias_regularizer": None, "activity_regularizer": None,
            "kernel_constraint": None, "bias_constraint": None,
        }
        self.assertEqual({k: config[k] for k in expected}, expected)
        self.assertEqual(config["kernel_initializer"]["class_name"],
                         "GlorotUniform")
        self.assertEqual(config["bias_initializer"]["class_name"], "Zeros")
        self.assertEqual(
            set(config),
            set(expected) | {"name", "trainable", "dtype",
                             "kernel_initializer", "bias_initializer"},
        )
        self.assertIsInstance(config["filters"], int)

    def test_serialization_with_regularizers_and_constraints(self):
        layer = Conv1D(
            3, 2, kernel_regularizer="l2", bias_regularizer="l1",
            activity_regularizer="l2", kernel_constraint="max_norm",
            bias_constraint="non_neg", groups=1, dilation_rate=2,
        )
        copy = self.run_class_serialization_test(layer)
        self.assertEqual(copy.dilation_rate, (2,))
        y = layer(np.ones((2, 6, 2), "float32"))
        self.assertEqual(tuple(y.shape), (2, 4, 3))
        self.assertLen(layer.losses, 3)

    def test_no_bias(self):
        layer = Conv1D(3, 2, use_bias=False)
        layer.build((None, 4, 2))
        self.assertIsNone(layer.bias)
        self.assertEqual([w.path for w in layer.weights],
                         [f"{layer.name}/kernel"])
        x = random_input((2, 4, 2))
        kernel = ops.convert_to_numpy(layer.kernel)
        self.assertAllClose(layer(x), np_conv(x, kernel), atol=1e-5)

    def test_lora(self):
        layer = Conv1D(3, 2, lora_rank=2, lora_alpha=4.0)
        x = random_input((2, 5, 2))
        layer.build(x.shape)
        self.assertTrue(layer.lora_enabled)
        self.assertEqual(
            [(w.path.split("/")[-1], tuple(w.shape), w.trainable)
             for w in layer.weights],
            [("kernel", (2, 2, 3), False), ("bias", (3,), True),
             ("lora_kernel_a", (2, 2, 2), True),
             ("lora_kernel_b", (2, 3), True)],
        )
        b = np.random.default_rng(1).normal(size=(2, 3))
        layer.lora_kernel_b.assign(b.astype("float32"))
        kernel = (ops.convert_to_numpy(layer._kernel)
                  + 2.0 * ops.convert_to_numpy(layer.lora_kernel_a) @ b)
        self.assertAllClose(layer.kernel, kernel, atol=1e-5)
        self.assertAllClose(layer(x), np_conv(x, kernel), atol=1e-4)
        config = layer.get_config()
        self.assertEqual((config["lora_rank"], config["lora_alpha"]),
                         (2, 4.0))
        self.assertNotIn("lora_rank", Conv1D(3, 2).get_config())

    def test_enable_lora_after_build(self):
        layer = Conv2D(4, 2)
        layer.build((None, 4, 4, 3))
        layer.enable_lora(3)
        self.assertLen(layer.trainable_weights, 3)
        self.assertEqual(tuple(layer.lora_kernel_a.shape), (2, 2, 3, 3))
        self.assertEqual(tuple(layer.lora_kernel_b.shape), (3, 4))
        x = random_input((1, 4, 4, 3))
        # `b` starts at zero, so the output is the plain convolution's.
        kernel = ops.convert_to_numpy(layer._kernel)
        self.assertAllClose(layer(x), np_conv(x, kernel), atol=1e-4)

    def test_functional_model_with_none_dims(self):
        inputs = keras.Input((None, None, 3))
        layer = Conv2D(4, 3, strides=2, padding="same")
        outputs = layer(inputs)
        self.assertEqual(outputs.shape, (None, None, None, 4))
        model = keras.Model(inputs, outputs)
        x = random_input((2, 5, 6, 3))
        y = model(x)
        self.assertEqual(tuple(y.shape), (2, 3, 3, 4))
        kernel, bias = weights_of(layer)
        self.assertAllClose(
            y, np_conv(x, kernel, 2, "same", bias=bias), atol=1e-4
        )
