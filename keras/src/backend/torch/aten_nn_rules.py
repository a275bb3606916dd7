"""TensorFlow rules for torch's normalization, convolution and pooling
ATen ops (see `aten_to_tf.py`).

Torch lays images out channels-first and its convolutions and pooling
work that way; TensorFlow's CPU kernels only take channels-last, so these
rules transpose to NHWC, run, and transpose back. Each rule takes the
node's torch output (`out`, unused here) and then the op's arguments.
"""

import tensorflow as tf
import torch

aten = torch.ops.aten


# Normalization.


def _layer_norm(out, x, normalized_shape, weight, bias, eps):
    axes = list(range(len(x.shape) - len(normalized_shape), len(x.shape)))
    mean, variance = tf.nn.moments(x, axes, keepdims=True)
    rstd = tf.math.rsqrt(variance + eps)
    y = (x - mean) * rstd
    if weight is not None:
        y = y * weight
    if bias is not None:
        y = y + bias
    return y, mean, rstd


def _batch_norm_no_training(
    out, x, weight, bias, running_mean, running_var, momentum, eps
):
    shape = [1, -1] + [1] * (len(x.shape) - 2)
    y = (x - tf.reshape(running_mean, shape)) * tf.reshape(
        tf.math.rsqrt(running_var + eps), shape
    )
    if weight is not None:
        y = y * tf.reshape(weight, shape)
    if bias is not None:
        y = y + tf.reshape(bias, shape)
    empty = tf.zeros([0], x.dtype)
    return y, empty, empty


# Convolution and pooling (channels-first in torch).


def _to_channels_last(x):
    rank = len(x.shape)
    return tf.transpose(x, [0] + list(range(2, rank)) + [1])


def _to_channels_first(x):
    rank = len(x.shape)
    return tf.transpose(x, [0, rank - 1] + list(range(1, rank - 1)))


def _convolution(
    out, x, weight, bias, stride, padding, dilation, transposed,
    output_padding, groups,
):
    if transposed:
        return _conv_transpose(
            x, weight, bias, stride, padding, dilation, output_padding,
            groups,
        )
    spatial = len(x.shape) - 2
    if spatial == 1:
        # Conv1D runs as a 2-D convolution over a height of 1.
        x = tf.expand_dims(x, 2)
        weight = tf.expand_dims(weight, 2)
        stride, dilation = [1, *stride], [1, *dilation]
        padding = [0, *padding]
    x = _to_channels_last(x)
    paddings = [[0, 0]] + [[p, p] for p in padding] + [[0, 0]]
    # OI(spatial) -> (spatial)IO
    rank = len(weight.shape)
    kernel = tf.transpose(weight, list(range(2, rank)) + [1, 0])
    if spatial == 3:
        if groups != 1:
            raise ValueError("Grouped 3-D convolutions are not supported.")
        x = tf.pad(x, paddings)
        y = tf.nn.conv3d(
            x, kernel, strides=[1, *stride, 1], padding="VALID",
            dilations=[1, *dilation, 1],
        )
    else:
        y = _conv2d(x, kernel, stride, paddings, dilation, groups)
    if bias is not None:
        y = y + bias
    y = _to_channels_first(y)
    return tf.squeeze(y, 2) if spatial == 1 else y


def _conv_transpose(
    x, weight, bias, stride, padding, dilation, output_padding, groups
):
    spatial = len(x.shape) - 2
    if groups != 1 or any(d != 1 for d in dilation) or spatial == 3:
        raise ValueError(
            "Only 1-D and 2-D transposed convolutions without groups or "
            "dilation can be converted to TensorFlow."
        )
    if spatial == 1:
        x, weight = tf.expand_dims(x, 2), tf.expand_dims(weight, 2)
        stride, padding = [1, *stride], [0, *padding]
        output_padding = [0, *output_padding]
    x = _to_channels_last(x)
    # Torch (in, out, h, w) -> TF (h, w, out, in).
    kernel = tf.transpose(weight, [2, 3, 1, 0])
    shape = tf.shape(x)
    sizes = [
        (shape[1 + i] - 1) * stride[i] + weight.shape[2 + i]
        + output_padding[i]
        for i in range(2)
    ]
    # Without padding ("VALID"), then cropped by torch's padding.
    y = tf.nn.conv2d_transpose(
        x, kernel, tf.stack([shape[0], *sizes, weight.shape[1]]),
        strides=[1, *stride, 1], padding="VALID",
    )
    y = y[
        :, padding[0]:sizes[0] - padding[0],
        padding[1]:sizes[1] - padding[1], :,
    ]
    if bias is not None:
        y = y + bias
    y = _to_channels_first(y)
    return tf.squeeze(y, 2) if spatial == 1 else y


def _conv2d(x, kernel, stride, paddings, dilation, groups):
    in_channels = x.shape[-1]
    if groups == 1:
        return tf.nn.conv2d(
            x, kernel, strides=list(stride), padding=paddings,
            dilations=list(dilation),
        )
    if groups == in_channels and kernel.shape[2] == 1:
        # Depthwise: (h, w, 1, channels * multiplier) -> (h, w, c, m).
        kernel = tf.reshape(
            kernel, [kernel.shape[0], kernel.shape[1], in_channels, -1]
        )
        x = tf.pad(x, paddings)
        return tf.nn.depthwise_conv2d(
            x, kernel, strides=[1, *stride, 1], padding="VALID",
            dilations=list(dilation),
        )
    # TensorFlow's CPU kernel has no groups: one convolution per group.
    inputs = tf.split(x, groups, axis=-1)
    kernels = tf.split(kernel, groups, axis=-1)
    return tf.concat(
        [
            tf.nn.conv2d(
                i, k, strides=list(stride), padding=paddings,
                dilations=list(dilation),
            )
            for i, k in zip(inputs, kernels)
        ],
        axis=-1,
    )


def _pair(value):
    """Torch's pooling sizes: an int, or a list of one or two ints."""
    if isinstance(value, (list, tuple)):
        return list(value) * (2 // len(value))
    return [value, value]


def _max_pool2d_with_indices(
    out, x, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False
):
    kernel_size, padding, dilation = (
        _pair(kernel_size), _pair(padding), _pair(dilation)
    )
    stride = _pair(stride) if stride else kernel_size
    if ceil_mode or dilation != [1, 1]:
        raise ValueError(
            "max_pool2d with ceil_mode or dilation cannot be converted to TF."
        )
    x = _to_channels_last(x)
    if any(padding):
        lowest = x.dtype.min
        x = tf.pad(
            x, [[0, 0], [padding[0]] * 2, [padding[1]] * 2, [0, 0]],
            constant_values=lowest,
        )
    y = tf.nn.max_pool2d(x, kernel_size, stride, "VALID")
    return _to_channels_first(y), None


def _avg_pool2d(
    out, x, kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None,
):
    kernel_size, padding = _pair(kernel_size), _pair(padding)
    stride = _pair(stride) if stride else kernel_size
    if ceil_mode or any(padding) or divisor_override:
        raise ValueError(
            "avg_pool2d with padding, ceil_mode or divisor_override cannot "
            "be converted to TF."
        )
    y = tf.nn.avg_pool2d(_to_channels_last(x), kernel_size, stride, "VALID")
    return _to_channels_first(y)


NN_RULES = {
    aten.native_layer_norm.default: _layer_norm,
    aten._native_batch_norm_legit_no_training.default: (
        _batch_norm_no_training
    ),
    aten.convolution.default: _convolution,
    aten.max_pool2d_with_indices.default: _max_pool2d_with_indices,
    aten.avg_pool2d.default: _avg_pool2d,
}
