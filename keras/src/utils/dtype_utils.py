"""Dtype sizes and casting to a common dtype, at Keras's path
`keras.src.utils.dtype_utils`."""

from keras.src import backend
from keras.src import ops

# Bits per element of each numeric dtype (`bool` counts as 1 bit).
DTYPE_TO_SIZE = {
    **{f"float{i}": i for i in (16, 32, 64)},
    **{f"int{i}": i for i in (8, 16, 32, 64)},
    **{f"uint{i}": i for i in (8, 16, 32, 64)},
    "bfloat16": 16,
    "bool": 1,
}


def dtype_size(dtype):
    """Returns the number of bits one element of `dtype` takes.

    Args:
        dtype: a dtype name such as `"float32"`.

    Returns:
        An int (1 for `"bool"`).

    Example:

    >>> dtype_size("bfloat16")
    16
    """
    if dtype not in DTYPE_TO_SIZE:
        raise ValueError(
            f"Invalid dtype: {dtype}. Expected one of "
            f"{sorted(DTYPE_TO_SIZE)}."
        )
    return DTYPE_TO_SIZE[dtype]


def is_float(dtype):
    """Returns whether the dtype name `dtype` is a floating-point type.

    Example:

    >>> is_float("bfloat16"), is_float("int8")
    (True, False)
    """
    return "float" in dtype


def cast_to_common_dtype(tensors):
    """Casts `tensors` to one floating-point dtype when any of them is a
    float; returns them unchanged otherwise.

    The common dtype follows Keras's type promotion over the float
    dtypes present (`bfloat16` with `float16` gives `float32`).

    Args:
        tensors: a list of tensors.

    Returns:
        A list of tensors.

    Example:

    >>> import numpy as np
    >>> out = cast_to_common_dtype(
    ...     [np.ones(2, "float16"), np.ones(2, "float32"), np.ones(2, "int32")])
    >>> [keras.backend.standardize_dtype(t.dtype) for t in out]
    ['float32', 'float32', 'float32']
    """
    float_dtypes = [
        backend.standardize_dtype(t.dtype)
        for t in tensors
        if is_float(backend.standardize_dtype(t.dtype))
    ]
    if not float_dtypes:
        return tensors
    common = backend.result_type(*float_dtypes)
    return [ops.cast(t, common) for t in tensors]
