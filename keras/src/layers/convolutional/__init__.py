"""Convolution layers: plain, grouped, depthwise, separable and transposed
convolutions in 1, 2 and 3 spatial dimensions.

Argument checks and shape arithmetic shared by these layers and by the
pooling layers live here.
"""

import numpy as np

from keras.src import ops


def _is_int(value):
    return isinstance(value, (int, np.integer)) and not isinstance(
        value, (bool, np.bool_)
    )


def check_positive_int(name, value):
    """Returns `value` as an `int`; raises a `ValueError` unless it is a
    positive integer."""
    if not _is_int(value) or value <= 0:
        raise ValueError(
            f"`{name}` must be a positive integer. Received: "
            f"{name}={value!r} (of type {type(value).__name__})"
        )
    return int(value)


def int_tuple(name, value, n, allow_zero=False):
    """`value` (an int, or a list/tuple of `n` ints) as a tuple of `n`
    ints, each positive (or non-negative with `allow_zero`)."""
    values = (value,) * n if _is_int(value) else value
    lowest = 0 if allow_zero else 1
    if (
        not isinstance(values, (list, tuple))
        or len(values) != n
        or not all(_is_int(v) and v >= lowest for v in values)
    ):
        kind = "non-negative" if allow_zero else "positive"
        raise ValueError(
            f"`{name}` must be a {kind} integer or a tuple of {n} {kind} "
            f"integers. Received: {name}={value!r}"
        )
    return tuple(int(v) for v in values)


def standardize_padding(padding, allow_causal=False):
    """`padding` in lower case, checked to be `"valid"` or `"same"` (or
    `"causal"` with `allow_causal`)."""
    allowed = ("valid", "same", "causal") if allow_causal else (
        "valid", "same"
    )
    value = padding.lower() if isinstance(padding, str) else padding
    if value not in allowed:
        expected = ", ".join(repr(a) for a in allowed)
        raise ValueError(
            f"`padding` must be one of {expected}. Received: "
            f"padding={padding!r}"
        )
    return value


def check_strides_and_dilation(strides, dilation_rate):
    """Strides and dilation above 1 cannot be combined (TensorFlow's
    kernels do not support it, so no backend offers it)."""
    if max(strides) > 1 and max(dilation_rate) > 1:
        raise ValueError(
            "`strides` > 1 cannot be combined with `dilation_rate` > 1. "
            f"Received: strides={strides}, dilation_rate={dilation_rate}"
        )


def channel_axis(data_format):
    """The channel axis of inputs in `data_format`."""
    return 1 if data_format == "channels_first" else -1


def split_shape(shape, data_format):
    """Splits an input shape into `(batch, channels, spatial dims)`."""
    shape = tuple(shape)
    if data_format == "channels_first":
        return shape[0], shape[1], shape[2:]
    return shape[0], shape[-1], shape[1:-1]


def join_shape(batch, channels, spatial, data_format):
    """The inverse of `split_shape`."""
    if data_format == "channels_first":
        return (batch, channels, *spatial)
    return (batch, *spatial, channels)


def check_input_rank(layer, input_shape, rank):
    """Raises a `ValueError` naming `layer` unless `input_shape` has one
    batch axis, `rank` spatial axes and one channel axis."""
    if len(input_shape) != rank + 2:
        raise ValueError(
            f"{type(layer).__name__} '{layer.name}' expects inputs of rank "
            f"{rank + 2} (batch, {rank} spatial dims, channels). Received: "
            f"input_shape={tuple(input_shape)}"
        )


def known_channels(layer, input_shape, data_format):
    """The number of input channels, which must be known to build."""
    channels = split_shape(input_shape, data_format)[1]
    if channels is None:
        raise ValueError(
            f"{type(layer).__name__} '{layer.name}': the channel axis of "
            "the input must be defined to build the layer "
            f"(data_format={data_format!r}). Received: "
            f"input_shape={tuple(input_shape)}"
        )
    return channels


def output_length(layer, size, window, stride, dilation, padding):
    """The output length of a sliding window along one spatial dim
    (`None` when `size` is unknown)."""
    if size is None:
        return None
    if padding in ("same", "causal"):
        return -(-size // stride)
    length = (size - (window - 1) * dilation - 1) // stride + 1
    if length <= 0:
        raise ValueError(
            f"{type(layer).__name__} '{layer.name}': the output would be "
            f"empty: an input of size {size} is smaller than the window "
            f"{window} (dilation {dilation}) with padding='valid'."
        )
    return length


def add_bias(x, bias, data_format):
    """Adds a per-channel `bias` to `x` in `data_format`."""
    if data_format == "channels_first":
        rank = len(x.shape)
        bias = ops.reshape(bias, (-1,) + (1,) * (rank - 2))
    return ops.add(x, bias)
