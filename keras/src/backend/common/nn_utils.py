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
