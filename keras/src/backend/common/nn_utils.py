"""Convolution geometry and axis helpers shared by the backends' nn
modules."""


def normalize_axes(axis, ndim):
    """`axis` (None, an int or a sequence) as a tuple of non-negative
    axes of a rank-`ndim` tensor."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, int):
        axis = (axis,)
    return tuple(a % ndim for a in axis) if ndim else ()


def normalize_tuple(value, n):
    """`value` (an int or a sequence) as a tuple of `n` ints."""
    if isinstance(value, int):
        return (value,) * n
    value = tuple(int(v) for v in value)
    return value * n if len(value) == 1 else value


def same_padding(size, k, s, d):
    """`(before, after)` padding of "same" convolution along one dimension
    of length `size`, kernel `k`, stride `s`, dilation `d`."""
    kd = (k - 1) * d + 1
    total = max((-(-size // s) - 1) * s + kd - size, 0)
    return total // 2, total - total // 2


def transpose_geometry(size, k, s, d, padding, output_padding):
    """Returns `(output length, crop at the start of the full output)` of a
    transposed convolution along one dimension."""
    kd = (k - 1) * d + 1
    if output_padding is None:
        if padding == "valid":
            length = size * s + max(kd - s, 0)
        else:
            length = size * s
    else:
        pad = 0 if padding == "valid" else kd // 2
        length = (size - 1) * s + kd - 2 * pad + output_padding
    full = (size - 1) * s + kd
    return length, max(full - length, 0) // 2


def separable_conv(
    depthwise_conv,
    conv,
    inputs,
    depthwise_kernel,
    pointwise_kernel,
    strides,
    padding,
    data_format,
    dilation_rate,
):
    """A backend's `separable_conv`, written once over that backend's
    `depthwise_conv` and `conv`: a depthwise convolution, then a 1x1
    pointwise one (stride 1, no padding, no dilation)."""
    depthwise = depthwise_conv(
        inputs, depthwise_kernel, strides, padding, data_format,
        dilation_rate,
    )
    return conv(depthwise, pointwise_kernel, 1, "valid", data_format, 1)


def pair(value):
    """`value` (an int or a pair) as a tuple of two ints."""
    return (value, value) if isinstance(value, int) else tuple(value)


def fold_geometry(size, kernel_size, dilation, padding, stride):
    """The pairs `(kernel, dilation, padding, stride)` of `fold`/`unfold`
    on a 2-D `size`, and the number of blocks along each axis."""
    k, d, p, s = (pair(v) for v in (kernel_size, dilation, padding, stride))
    blocks = [
        (size[i] + 2 * p[i] - d[i] * (k[i] - 1) - 1) // s[i] + 1
        for i in range(2)
    ]
    return k, d, p, s, blocks
