"""Random sampling on the tensorflow backend.

Every draw goes through a `tf.random.stateless_*` op keyed by the two words
of the Keras seed (see `keras.src.random.seed_generator.draw_seed`), so it
runs the same eagerly and inside `tf.function`.
"""

import tensorflow as tf

from keras.src.backend.common import dtypes
from keras.src.backend.tensorflow.core import convert_to_tensor

_HALF_DTYPES = ("float16", "bfloat16")


def _seed(seed):
    # Imported here: `keras.src.random` imports the backend.
    from keras.src.random.seed_generator import draw_seed

    return tf.cast(draw_seed(seed), "int32")


def _work_dtype(dtype):
    # Gamma and binomial sampling lack half-precision kernels.
    return "float32" if dtype in _HALF_DTYPES else dtype


def _fill_noise_shape(noise_shape, x):
    if noise_shape is None:
        return tf.shape(x)
    if None not in noise_shape:
        return noise_shape
    dynamic = tf.shape(x)
    return [dynamic[i] if n is None else n for i, n in enumerate(noise_shape)]


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    dtype = dtypes.standardize_dtype(dtype)
    return tf.random.stateless_normal(
        shape, _seed(seed), mean=mean, stddev=stddev, dtype=dtype
    )


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    dtype = dtypes.standardize_dtype(dtype)
    return tf.random.stateless_uniform(
        shape, _seed(seed), minval=minval, maxval=maxval, dtype=dtype
    )


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    dtype = dtypes.standardize_dtype(dtype)
    return tf.random.stateless_truncated_normal(
        shape, _seed(seed), mean=mean, stddev=stddev, dtype=dtype
    )


def categorical(logits, num_samples, dtype="int32", seed=None):
    logits = convert_to_tensor(logits)
    if not dtypes.is_float_dtype(logits.dtype):
        logits = tf.cast(logits, "float32")
    dtype = dtypes.standardize_dtype(dtype)
    draw_dtype = dtype if dtype in ("int32", "int64") else "int64"
    samples = tf.random.stateless_categorical(
        logits, num_samples, _seed(seed), dtype=draw_dtype
    )
    return tf.cast(samples, dtype)


def randint(shape, minval, maxval, dtype="int32", seed=None):
    dtype = dtypes.standardize_dtype(dtype)
    # Integer kernels exist for 32 and 64 bits: draw wide, then narrow.
    draw_dtype = "int64" if dtype in ("int64", "uint32", "uint64") else (
        "int32"
    )
    x = tf.random.stateless_uniform(
        shape,
        _seed(seed),
        minval=tf.cast(minval, draw_dtype),
        maxval=tf.cast(maxval, draw_dtype),
        dtype=draw_dtype,
    )
    return tf.cast(x, dtype)


def dropout(inputs, rate, noise_shape=None, seed=None):
    x = convert_to_tensor(inputs)
    if not dtypes.is_float_dtype(x.dtype):
        x = tf.cast(x, dtypes.result_type(x.dtype.name, float))
    if isinstance(rate, (int, float)) and rate in (0, 1):
        return x if rate == 0 else tf.zeros_like(x)
    noise = tf.random.stateless_uniform(
        _fill_noise_shape(noise_shape, x), _seed(seed), dtype=x.dtype
    )
    keep = noise >= tf.cast(rate, x.dtype)
    scaled = x / tf.cast(1.0 - rate, x.dtype)
    return tf.where(keep, scaled, tf.zeros((), x.dtype))


def shuffle(x, axis=0, seed=None):
    x = convert_to_tensor(x)
    length = tf.shape(x)[axis]
    # Sorting uniform noise gives a uniformly random permutation.
    order = tf.argsort(tf.random.stateless_uniform([length], _seed(seed)))
    return tf.gather(x, order, axis=axis)


def gamma(shape, alpha, dtype=None, seed=None):
    dtype = dtypes.standardize_dtype(dtype)
    work = _work_dtype(dtype)
    x = tf.random.stateless_gamma(
        shape, _seed(seed), alpha=tf.cast(alpha, work), dtype=work
    )
    return tf.cast(x, dtype)


def binomial(shape, counts, probabilities, dtype=None, seed=None):
    dtype = dtypes.standardize_dtype(dtype)
    work = _work_dtype(dtype)
    x = tf.random.stateless_binomial(
        shape,
        _seed(seed),
        counts=tf.cast(counts, work),
        probs=tf.cast(probabilities, work),
        output_dtype=work,
    )
    return tf.cast(x, dtype)


def beta(shape, alpha, beta, dtype=None, seed=None):
    dtype = dtypes.standardize_dtype(dtype)
    work = _work_dtype(dtype)
    seeds = tf.random.experimental.stateless_split(_seed(seed), 2)
    # If X ~ Gamma(a) and Y ~ Gamma(b), X / (X + Y) ~ Beta(a, b).
    x = tf.random.stateless_gamma(
        shape, seeds[0], alpha=tf.cast(alpha, work), dtype=work
    )
    y = tf.random.stateless_gamma(
        shape, seeds[1], alpha=tf.cast(beta, work), dtype=work
    )
    return tf.cast(x / (x + y), dtype)
