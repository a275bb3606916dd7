"""Creation functions on NumPy: constant tensors, ranges and windows."""

import numpy as np

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.numpy.core import _as_array
from keras.src.backend.numpy.core import convert_to_tensor as _to_tensor
from keras.src.backend.common.creation_utils import range_dtype as _range_dtype


def _like_dtype(x, dtype):
    return x.dtype if dtype is None else dtypes.standardize_dtype(dtype)


def _as_int(x, name):
    if isinstance(x, np.ndarray) and x.ndim:
        raise ValueError(f"`{name}` must be a scalar. Received: {x!r}")
    return int(x)


def array(x, dtype=None):
    return _to_tensor(x, dtype=dtype)


def arange(start, stop=None, step=None, dtype=None):
    natural = _range_dtype(start, stop, step)
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    if np.any(np.asarray(step) == 0):
        raise ValueError("`arange`: `step` must be nonzero.")
    dtype = natural if dtype is None else dtypes.standardize_dtype(dtype)
    return np.arange(start, stop, step, dtype=dtype)


def empty(shape, dtype=None):
    return np.zeros(shape, dtype=dtypes.standardize_dtype(dtype))


def empty_like(x, dtype=None):
    return zeros_like(x, dtype=dtype)


def zeros(shape, dtype=None):
    return np.zeros(shape, dtype=dtypes.standardize_dtype(dtype))


def ones(shape, dtype=None):
    return np.ones(shape, dtype=dtypes.standardize_dtype(dtype))


def full(shape, fill_value, dtype=None):
    dtype = dtypes.standardize_dtype(dtype)
    fill_value = _to_tensor(fill_value, dtype=dtype)
    return np.array(np.broadcast_to(fill_value, shape))


def zeros_like(x, dtype=None):
    x = _to_tensor(x)
    return np.zeros(x.shape, dtype=_like_dtype(x, dtype))


def ones_like(x, dtype=None):
    x = _to_tensor(x)
    return np.ones(x.shape, dtype=_like_dtype(x, dtype))


def full_like(x, fill_value, dtype=None):
    x = _to_tensor(x)
    fill_value = _to_tensor(fill_value, dtype=_like_dtype(x, dtype))
    return np.array(np.broadcast_to(fill_value, x.shape))


def eye(N, M=None, k=0, dtype=None):
    return np.eye(N, M, k=k, dtype=dtypes.standardize_dtype(dtype))


def identity(n, dtype=None):
    return np.identity(n, dtype=dtypes.standardize_dtype(dtype))


def tri(N, M=None, k=0, dtype=None):
    return np.tri(N, M, k=k, dtype=dtypes.standardize_dtype(dtype))


def _ramp(start, stop, num, endpoint, axis, dtype):
    # Evenly spaced values from `start` to `stop`, in a float `dtype`; also
    # returns the step.
    num = _as_int(num, "num")
    if num < 0:
        raise ValueError(f"`num` must be non-negative. Received: {num}")
    samples, step = np.linspace(
        start, stop, num, endpoint=endpoint, retstep=True, axis=axis
    )
    return samples.astype(dtype), np.asarray(step).astype(dtype)


def _float_result(values, dtype):
    dtype = dtypes.standardize_dtype(dtype)
    if dtypes.is_float_dtype(dtype) or "complex" in dtype:
        return values.astype(dtype)
    return np.floor(values).astype(dtype)


def linspace(
    start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0
):
    compute = dtypes.result_type(
        dtypes.dtype_of(start), dtypes.dtype_of(stop), float
    )
    samples, step = _ramp(start, stop, num, endpoint, axis, "float64")
    samples = _float_result(samples, dtype or compute)
    if retstep:
        return samples, step.astype(compute)
    return samples


def logspace(start, stop, num=50, endpoint=True, base=10, dtype=None, axis=0):
    compute = dtypes.result_type(
        dtypes.dtype_of(start), dtypes.dtype_of(stop), float
    )
    exponents, _ = _ramp(start, stop, num, endpoint, axis, "float64")
    values = np.power(np.asarray(base, dtype="float64"), exponents)
    return values.astype(dtypes.standardize_dtype(dtype or compute))


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    compute = dtypes.result_type(
        dtypes.dtype_of(start), dtypes.dtype_of(stop), float
    )
    start = np.asarray(start, dtype="float64")
    stop = np.asarray(stop, dtype="float64")
    sign = np.sign(start)
    valid = sign * np.sign(stop) > 0
    exponents, _ = _ramp(
        np.log10(np.abs(start)), np.log10(np.abs(stop)), num, endpoint, 0,
        "float64",
    )
    values = np.power(10.0, exponents)
    if values.shape[0]:
        values[0] = np.abs(start)
        if endpoint and values.shape[0] > 1:
            values[-1] = np.abs(stop)
    values = np.where(valid, values * sign, np.nan)
    values = np.moveaxis(values, 0, axis)
    return values.astype(dtypes.standardize_dtype(dtype or compute))


def _window(name, x):
    length = _as_int(x, "x")
    return getattr(np, name)(length).astype(config.floatx())


def bartlett(x):
    return _window("bartlett", x)


def blackman(x):
    return _window("blackman", x)


def hamming(x):
    return _window("hamming", x)


def hanning(x):
    return _window("hanning", x)


def kaiser(x, beta):
    length = _as_int(x, "x")
    return np.kaiser(length, float(beta)).astype(config.floatx())


def meshgrid(*x, indexing="xy"):
    if indexing not in ("xy", "ij"):
        raise ValueError(
            "`meshgrid`: `indexing` must be 'xy' or 'ij'. "
            f"Received: indexing={indexing!r}"
        )
    arrays = [np.ravel(_as_array(v)) for v in x]
    return list(np.meshgrid(*arrays, indexing=indexing))


def vander(x, N=None, increasing=False):
    x = _to_tensor(x)
    if x.ndim != 1:
        raise ValueError(
            f"`vander`: `x` must be 1-D. Received: x.shape={x.shape}"
        )
    return np.vander(x, N, increasing=increasing).astype(x.dtype)
