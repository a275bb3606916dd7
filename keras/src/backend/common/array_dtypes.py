"""Dtype rules of the elementwise and math functions, for the backends
whose arrays follow NumPy's array API (`.dtype` a NumPy dtype, `.astype`):
the NumPy and JAX backends share them from here.

The functions take arrays already converted (and promoted) by the
backend, so nothing here imports a framework.
"""

from keras.src.backend.common import dtypes

INEXACT = frozenset(
    ["float16", "bfloat16", "float32", "float64", "complex64", "complex128"]
)
HALF = frozenset(["float16", "bfloat16"])


def dtype_name(x):
    """The standardized dtype name of the array `x`."""
    return dtypes.standardize_dtype(x.dtype)


def as_floating(x):
    """`x` in the float dtype Keras gives float functions of its dtype
    (itself when already inexact)."""
    dtype = dtype_name(x)
    if dtype in INEXACT:
        return x
    return x.astype(dtypes.result_type(dtype, float))


def as_floating_pair(x1, x2):
    """`as_floating` for two arrays of one (promoted) dtype."""
    dtype = dtype_name(x1)
    if dtype in INEXACT:
        return x1, x2
    dtype = dtypes.result_type(dtype, float)
    return x1.astype(dtype), x2.astype(dtype)


def bools_as_int32(x1, x2):
    """Two arrays of one (promoted) dtype, bools turned into int32, as
    arithmetic on bools does not stay boolean."""
    if x1.dtype == bool:
        return x1.astype("int32"), x2.astype("int32")
    return x1, x2


def widen_half(x):
    """`x` in float32 when it is float16 or bfloat16 (FFT and linalg
    routines do not take half precision)."""
    return x.astype("float32") if dtype_name(x) in HALF else x


def check_integer(name, x, allow_bool=True):
    """Raises a `TypeError` naming the function `name` unless `x` holds
    integers (or bools, with `allow_bool`)."""
    if x.dtype.kind in "iu" or (allow_bool and x.dtype == bool):
        return
    raise TypeError(
        f"`{name}` only supports integer{' and bool' if allow_bool else ''}"
        f" inputs. Received: dtype={dtype_name(x)}"
    )


def check_not_bool(name, x):
    """Raises a `TypeError` naming the function `name` when `x` is bool."""
    if x.dtype == bool:
        raise TypeError(f"`{name}` does not support bool inputs.")
