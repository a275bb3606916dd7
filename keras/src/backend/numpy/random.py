"""Random sampling on the numpy backend.

Each draw builds a fresh `np.random.Generator` from the two words of the
Keras seed (see `keras.src.random.seed_generator.draw_seed`), so a draw
depends on its seed only.
"""

import numpy as np

from keras.src.backend.common import dtypes
from keras.src.backend.numpy.core import _as_array
from keras.src.backend.numpy.core import convert_to_tensor
from keras.src.backend.common.random_utils import (
    fill_noise_shape as _fill_noise_shape,
)

_HALF_DTYPES = ("float16", "bfloat16")


def _rng(seed):
    # Imported here: `keras.src.random` imports the backend.
    from keras.src.random.seed_generator import draw_seed

    return np.random.default_rng(np.asarray(draw_seed(seed), "uint32"))


def _work_dtype(dtype):
    # NumPy samples float32 and float64 only; halves are rounded after.
    return "float64" if dtype == "float64" else "float32"


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    dtype = dtypes.standardize_dtype(dtype)
    x = _rng(seed).standard_normal(shape, dtype=_work_dtype(dtype))
    return (x * stddev + mean).astype(dtype)


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    dtype = dtypes.standardize_dtype(dtype)
    u = _rng(seed).random(shape, dtype=_work_dtype(dtype))
    x = (minval + (maxval - minval) * u).astype(dtype)
    if dtype in _HALF_DTYPES:
        # Rounding to half precision may reach `maxval`: step back below.
        top = np.asarray(maxval).astype(dtype)
        below = np.nextafter(top, np.asarray(-np.inf).astype(dtype))
        x = np.where(x >= top, np.maximum(below, minval), x).astype(dtype)
    return x


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    dtype = dtypes.standardize_dtype(dtype)
    rng = _rng(seed)
    work = _work_dtype(dtype)
    x = rng.standard_normal(shape, dtype=work)
    outside = np.abs(x) > 2.0
    # About 4.6% of the draws fall outside two stddevs: redraw them.
    while outside.any():
        x[outside] = rng.standard_normal(int(outside.sum()), dtype=work)
        outside = np.abs(x) > 2.0
    return (x * stddev + mean).astype(dtype)


def categorical(logits, num_samples, dtype="int32", seed=None):
    logits = np.asarray(convert_to_tensor(logits), "float64")
    batch, classes = logits.shape
    probabilities = np.exp(logits - logits.max(axis=1, keepdims=True))
    cdf = np.cumsum(probabilities, axis=1)
    cdf /= cdf[:, -1:]
    u = _rng(seed).random((batch, num_samples))
    # Inverse CDF for all rows at once: shifting row i by i makes the
    # concatenated CDFs one increasing sequence to search.
    offsets = np.arange(batch)[:, None]
    flat = np.searchsorted(
        (cdf + offsets).ravel(), (u + offsets).ravel(), side="right"
    )
    samples = flat.reshape(batch, num_samples) - offsets * classes
    samples = np.minimum(samples, classes - 1)
    return samples.astype(dtypes.standardize_dtype(dtype))


def randint(shape, minval, maxval, dtype="int32", seed=None):
    dtype = dtypes.standardize_dtype(dtype)
    return _rng(seed).integers(minval, maxval, size=shape, dtype=dtype)


def dropout(inputs, rate, noise_shape=None, seed=None):
    x = _as_array(inputs)
    if not dtypes.is_float_dtype(x.dtype):
        x = x.astype(dtypes.result_type(x.dtype, float))
    if isinstance(rate, (int, float)) and rate in (0, 1):
        return x if rate == 0 else np.zeros_like(x)
    noise_shape = _fill_noise_shape(noise_shape, x.shape)
    keep = _rng(seed).random(noise_shape) >= rate
    scaled = x / np.asarray(1.0 - rate, x.dtype)
    return np.where(keep, scaled, np.zeros((), x.dtype)).astype(x.dtype)


def shuffle(x, axis=0, seed=None):
    x = _as_array(x)
    return _rng(seed).permutation(x, axis=axis)


def gamma(shape, alpha, dtype=None, seed=None):
    dtype = dtypes.standardize_dtype(dtype)
    alpha = np.broadcast_to(np.asarray(alpha, "float64"), shape)
    x = _rng(seed).standard_gamma(alpha, size=shape)
    return x.astype(dtype)


def binomial(shape, counts, probabilities, dtype=None, seed=None):
    dtype = dtypes.standardize_dtype(dtype)
    counts = np.asarray(counts, "float64").astype("int64")
    x = _rng(seed).binomial(counts, np.asarray(probabilities), size=shape)
    return x.astype(dtype)


def beta(shape, alpha, beta, dtype=None, seed=None):
    dtype = dtypes.standardize_dtype(dtype)
    x = _rng(seed).beta(np.asarray(alpha), np.asarray(beta), size=shape)
    return x.astype(dtype)
