"""Creation functions on JAX: constant tensors, ranges and windows."""

import jax.numpy as jnp
import numpy as np

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.jax.core import convert_to_tensor as _to_tensor
from keras.src.backend.common.creation_utils import ramp_dtype as _compute_dtype
from keras.src.backend.common.creation_utils import range_dtype as _range_dtype


def _dtype(dtype):
    # A Keras dtype name, with 64-bit names mapped to their 32-bit
    # counterparts (JAX runs without 64-bit types).
    dtype = dtypes.standardize_dtype(dtype)
    if dtype in dtypes.FLOAT8_TYPES:
        return dtype
    return dtypes.result_type(dtype)


def _like_dtype(x, dtype):
    return x.dtype if dtype is None else _dtype(dtype)


def _work_dtype(dtype):
    # Half-precision ramps are computed in float32, then rounded once.
    return "float32" if dtype in ("float16", "bfloat16") else dtype


def _as_int(x, name):
    if np.ndim(x):
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
    dtype = natural if dtype is None else _dtype(dtype)
    return jnp.arange(start, stop, step, dtype=dtype)


def empty(shape, dtype=None):
    return jnp.zeros(shape, dtype=_dtype(dtype))


def empty_like(x, dtype=None):
    return zeros_like(x, dtype=dtype)


def zeros(shape, dtype=None):
    return jnp.zeros(shape, dtype=_dtype(dtype))


def ones(shape, dtype=None):
    return jnp.ones(shape, dtype=_dtype(dtype))


def full(shape, fill_value, dtype=None):
    fill_value = _to_tensor(fill_value, dtype=_dtype(dtype))
    return jnp.broadcast_to(fill_value, shape)


def zeros_like(x, dtype=None):
    x = _to_tensor(x)
    return jnp.zeros_like(x, dtype=_like_dtype(x, dtype))


def ones_like(x, dtype=None):
    x = _to_tensor(x)
    return jnp.ones_like(x, dtype=_like_dtype(x, dtype))


def full_like(x, fill_value, dtype=None):
    x = _to_tensor(x)
    fill_value = _to_tensor(fill_value, dtype=_like_dtype(x, dtype))
    return jnp.broadcast_to(fill_value, x.shape)


def eye(N, M=None, k=0, dtype=None):
    return jnp.eye(N, M, k=k, dtype=_dtype(dtype))


def identity(n, dtype=None):
    return jnp.identity(n, dtype=_dtype(dtype))


def tri(N, M=None, k=0, dtype=None):
    return jnp.tri(N, M, k=k, dtype=_dtype(dtype))


def _ramp(start, stop, num, endpoint, axis, dtype):
    num = _as_int(num, "num")
    if num < 0:
        raise ValueError(f"`num` must be non-negative. Received: {num}")
    start = _to_tensor(start, dtype=dtype)
    stop = _to_tensor(stop, dtype=dtype)
    return jnp.linspace(
        start, stop, num, endpoint=endpoint, retstep=True, dtype=dtype,
        axis=axis,
    )


def _cast_result(values, dtype, floor):
    dtype = _dtype(dtype)
    if floor and not (dtypes.is_float_dtype(dtype) or "complex" in dtype):
        values = jnp.floor(values)
    return values.astype(dtype)


def linspace(
    start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0
):
    compute = _compute_dtype(start, stop)
    work = _work_dtype(compute)
    samples, step = _ramp(start, stop, num, endpoint, axis, work)
    samples = _cast_result(samples, dtype or compute, floor=True)
    if retstep:
        return samples, jnp.asarray(step, dtype=compute)
    return samples


def logspace(start, stop, num=50, endpoint=True, base=10, dtype=None, axis=0):
    compute = _compute_dtype(start, stop)
    work = _work_dtype(compute)
    exponents, _ = _ramp(start, stop, num, endpoint, axis, work)
    values = jnp.power(_to_tensor(base, dtype=work), exponents)
    return _cast_result(values, dtype or compute, floor=False)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    compute = _compute_dtype(start, stop)
    work = _work_dtype(compute)
    start = _to_tensor(start, dtype=work)
    stop = _to_tensor(stop, dtype=work)
    sign = jnp.sign(start)
    valid = sign * jnp.sign(stop) > 0
    exponents, _ = _ramp(
        jnp.log10(jnp.abs(start)), jnp.log10(jnp.abs(stop)), num, endpoint,
        0, work,
    )
    values = jnp.power(jnp.asarray(10.0, dtype=work), exponents)
    if values.shape[0]:
        values = values.at[0].set(jnp.abs(start))
        if endpoint and values.shape[0] > 1:
            values = values.at[-1].set(jnp.abs(stop))
    values = jnp.where(valid, values * sign, jnp.nan)
    values = jnp.moveaxis(values, 0, axis)
    return _cast_result(values, dtype or compute, floor=False)


def _window(fn, x):
    return fn(_as_int(x, "x")).astype(config.floatx())


def bartlett(x):
    return _window(jnp.bartlett, x)


def blackman(x):
    return _window(jnp.blackman, x)


def hamming(x):
    return _window(jnp.hamming, x)


def hanning(x):
    return _window(jnp.hanning, x)


def kaiser(x, beta):
    window = jnp.kaiser(_as_int(x, "x"), _to_tensor(beta, dtype="float32"))
    return window.astype(config.floatx())


def meshgrid(*x, indexing="xy"):
    if indexing not in ("xy", "ij"):
        raise ValueError(
            "`meshgrid`: `indexing` must be 'xy' or 'ij'. "
            f"Received: indexing={indexing!r}"
        )
    arrays = [jnp.ravel(_to_tensor(v)) for v in x]
    return list(jnp.meshgrid(*arrays, indexing=indexing))


def vander(x, N=None, increasing=False):
    x = _to_tensor(x)
    if x.ndim != 1:
        raise ValueError(
            f"`vander`: `x` must be 1-D. Received: x.shape={x.shape}"
        )
    work = x.astype("uint8") if x.dtype == "bool" else x
    return jnp.vander(work, N, increasing=increasing).astype(x.dtype)
