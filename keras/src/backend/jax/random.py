"""Random sampling on the jax backend.

Each draw makes a `jax.random` key from the two words of the Keras seed
(see `keras.src.random.seed_generator.draw_seed`). Drawing with `seed=None`
inside `jax.jit` is refused: the global generator's state would be baked
into the compiled function as a constant.
"""

import functools

import jax
import jax.numpy as jnp

from keras.src.backend.common import dtypes
from keras.src.backend.jax.core import convert_to_tensor
from keras.src.backend.common.random_utils import (
    fill_noise_shape as _fill_noise_shape,
)

_UNSEEDED_IN_JIT = (
    "[JAX RNG] A random op was called with `seed=None` while JAX traces a "
    "function (`jax.jit`, `lax.scan`, ...): the draw would be baked into "
    "the traced function and return the same numbers on every call. "
    "Create a `keras.random.SeedGenerator`, keep it as an attribute of "
    "your layer or model, and pass it as `seed`:\n\n"
    "    self.seed_generator = keras.random.SeedGenerator(seed=1337)\n"
    "    ...\n"
    "    x = keras.random.normal((2,), seed=self.seed_generator)"
)


def _tracing():
    # Under `jit`, even a fresh constant is a tracer (not under `grad`).
    return isinstance(jnp.zeros(()), jax.core.Tracer)


def _key(seed):
    # Imported here: `keras.src.random` imports the backend.
    from keras.src.random.seed_generator import draw_seed

    if seed is None and _tracing():
        raise ValueError(_UNSEEDED_IN_JIT)
    words = draw_seed(seed)
    if words.dtype != jnp.uint32:
        words = words.astype(jnp.uint32)
    return jax.random.wrap_key_data(words, impl="threefry2x32")


def _dtype(dtype):
    # 64-bit names map to their 32-bit counterparts (no x64 in JAX).
    return dtypes.result_type(dtypes.standardize_dtype(dtype))


def _work_dtype(dtype):
    # The gamma-based samplers run in float32 for half precision: one
    # compiled sampler serves all three dtypes, and is more accurate.
    return "float32" if dtype in ("float16", "bfloat16") else dtype


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    dtype = _dtype(dtype)
    x = jax.random.normal(_key(seed), shape, dtype=dtype)
    return (x * stddev + mean).astype(dtype)


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    dtype = _dtype(dtype)
    return jax.random.uniform(
        _key(seed), shape, dtype=dtype, minval=minval, maxval=maxval
    )


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    dtype = _dtype(dtype)
    x = jax.random.truncated_normal(_key(seed), -2.0, 2.0, shape, dtype)
    return (x * stddev + mean).astype(dtype)


def categorical(logits, num_samples, dtype="int32", seed=None):
    logits = convert_to_tensor(logits)
    if not dtypes.is_float_dtype(logits.dtype):
        logits = logits.astype("float32")
    batch = logits.shape[0]
    samples = jax.random.categorical(
        _key(seed), logits[:, None, :], axis=-1, shape=(batch, num_samples)
    )
    return samples.astype(_dtype(dtype))


def randint(shape, minval, maxval, dtype="int32", seed=None):
    return jax.random.randint(
        _key(seed), shape, minval, maxval, dtype=_dtype(dtype)
    )


def dropout(inputs, rate, noise_shape=None, seed=None):
    x = convert_to_tensor(inputs)
    if not dtypes.is_float_dtype(x.dtype):
        x = x.astype(dtypes.result_type(x.dtype, float))
    if isinstance(rate, (int, float)) and rate in (0, 1):
        return x if rate == 0 else jnp.zeros_like(x)
    noise_shape = _fill_noise_shape(noise_shape, x.shape)
    return _masked(_key(seed), x, rate, noise_shape=tuple(noise_shape))


@functools.partial(jax.jit, static_argnames=("noise_shape",))
def _masked(key, x, rate, noise_shape):
    # One compiled call: eager dropout would otherwise dispatch five ops.
    keep = jax.random.uniform(key, noise_shape) >= rate
    scaled = x / (1.0 - rate).astype(x.dtype)
    return jnp.where(keep, scaled, jnp.zeros((), x.dtype))


def shuffle(x, axis=0, seed=None):
    x = convert_to_tensor(x)
    return jax.random.permutation(_key(seed), x, axis=axis, independent=False)


def gamma(shape, alpha, dtype=None, seed=None):
    dtype = _dtype(dtype)
    x = jax.random.gamma(
        _key(seed), alpha, shape=shape, dtype=_work_dtype(dtype)
    )
    return x.astype(dtype)


def binomial(shape, counts, probabilities, dtype=None, seed=None):
    dtype = _dtype(dtype)
    x = jax.random.binomial(
        _key(seed), counts, probabilities, shape=shape,
        dtype=_work_dtype(dtype),
    )
    return x.astype(dtype)


def beta(shape, alpha, beta, dtype=None, seed=None):
    dtype = _dtype(dtype)
    x = jax.random.beta(
        _key(seed), alpha, beta, shape=shape, dtype=_work_dtype(dtype)
    )
    return x.astype(dtype)


def jax_draw_seed(seed):
    """Returns the seed words to draw random numbers with: `seed` itself
    when it is already a JAX array (a traced seed state), else
    `draw_seed(seed)` (an int, a `SeedGenerator`, or `None`).

    Example:

    >>> jax_draw_seed(42).tolist()
    [42, 0]
    """
    if isinstance(seed, jax.Array):
        return seed
    from keras.src.random.seed_generator import draw_seed

    return draw_seed(seed)
