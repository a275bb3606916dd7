"""Axis and slicing helpers shared by the backends, at Keras's path
`keras.src.backend.common.backend_utils`."""


def canonicalize_axis(axis, num_dims):
    """Returns `axis` as a non-negative index into `num_dims` dimensions.

    Args:
        axis: an int, possibly negative.
        num_dims: the rank of the tensor.

    Returns:
        The axis in `[0, num_dims)`.

    Example:

    >>> canonicalize_axis(-1, 3)
    2
    """
    axis = int(axis)
    if not -num_dims <= axis < num_dims:
        raise ValueError(
            f"axis {axis} is out of bounds for an array with dimension "
            f"{num_dims}."
        )
    return axis % num_dims


def canonicalize_axes(axis, num_dims):
    """Returns `axis` (an int or a sequence of ints) as a tuple of
    non-negative axes.

    Args:
        axis: an int or a sequence of ints, possibly negative.
        num_dims: the rank of the tensor.

    Returns:
        A tuple of axes in `[0, num_dims)`.

    Example:

    >>> canonicalize_axes((-1, 0), 3)
    (2, 0)
    """
    if isinstance(axis, int):
        axis = (axis,)
    return tuple(canonicalize_axis(a, num_dims) for a in axis)


def standardize_axis_for_numpy(axis):
    """Returns `axis` with a list turned into a tuple, the form NumPy's
    reductions accept.

    Example:

    >>> standardize_axis_for_numpy([1, 2])
    (1, 2)
    """
    return tuple(axis) if isinstance(axis, list) else axis


def to_tuple_or_list(value):
    """Returns `value` as a tuple when it is a single value; lists, tuples
    and `None` are returned as they are.

    Example:

    >>> to_tuple_or_list(3), to_tuple_or_list([3])
    ((3,), [3])
    """
    if value is None or isinstance(value, (list, tuple)):
        return value
    return (value,)


def slice_along_axis(x, start=0, stop=None, step=1, axis=0):
    """Returns `x[start:stop:step]` taken along `axis`.

    Args:
        x: a tensor of any backend (or a NumPy array).
        start: first index.
        stop: end index (exclusive), `None` for the end.
        step: stride.
        axis: the axis to slice, possibly negative.

    Returns:
        The sliced tensor.

    Example:

    >>> import numpy as np
    >>> slice_along_axis(np.arange(6).reshape(2, 3), 1, None, 1, axis=1)
    array([[1, 2],
           [4, 5]])
    """
    axis = canonicalize_axis(axis, len(x.shape))
    index = (slice(None),) * axis + (slice(start, stop, step),)
    return x[index]
