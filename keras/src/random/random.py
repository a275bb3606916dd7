"""`keras.random`: random sampling, reproducible through seeds.

Every op takes a `seed`:

- an int: a fixed draw (the same int gives the same numbers, on one
  backend);
- a `keras.random.SeedGenerator`: each call draws the generator's next
  seed, so successive calls differ; use one in layers and in traced or
  compiled code;
- a seed tensor of shape `(2,)`;
- `None`: the next seed of a global generator (fixed by
  `keras.utils.set_random_seed`). On JAX it cannot be used in `jax.jit`.

The numbers drawn for one seed differ between backends.

Ops that take a shape check it here, so every backend rejects bad shapes
and dtypes the same way; `dropout`, `shuffle` and `categorical` take
tensors and also accept `KerasTensor`s.
"""

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import shape_rules
from keras.src.ops.operation import symbolic_op

# Checks shared by the ops.


def _shape(op_name, shape):
    """Returns `shape` as a tuple, rejecting unknown or negative dims."""
    if isinstance(shape, (int, np.integer)):
        shape = (shape,)
    try:
        shape = tuple(shape)
    except TypeError:
        raise ValueError(
            f"`keras.random.{op_name}`: `shape` must be a tuple of ints. "
            f"Received: shape={shape!r}"
        ) from None
    for dim in shape:
        if dim is None or (isinstance(dim, (int, np.integer)) and dim < 0):
            raise ValueError(
                f"`keras.random.{op_name}`: `shape` must be fully defined, "
                f"with non-negative dims. Received: shape={shape}"
            )
    return shape


def _float_dtype(op_name, dtype):
    dtype = dtypes.standardize_dtype(dtype)
    if not dtypes.is_float_dtype(dtype):
        raise backend.core.input_error(
            ValueError,
            f"`keras.random.{op_name}` requires a floating point `dtype`. "
            f"Received: dtype={dtype}",
            dtype=True,
        )
    return dtype


def _int_dtype(op_name, dtype):
    dtype = dtypes.standardize_dtype(dtype)
    if not dtypes.is_int_dtype(dtype):
        raise ValueError(
            f"`keras.random.{op_name}` requires an integer `dtype`. "
            f"Received: dtype={dtype}"
        )
    return dtype


def _check_rate(rate):
    if isinstance(rate, (int, float)) and not 0 <= rate <= 1:
        raise ValueError(
            "`keras.random.dropout`: `rate` must be in [0, 1]. "
            f"Received: rate={rate}"
        )


def _check_noise_shape(shape, noise_shape):
    """Checks that `noise_shape` (None entries: the input's dims) can be
    broadcast to the inputs' `shape`."""
    noise_shape = tuple(noise_shape)
    compatible = len(noise_shape) == len(shape) and all(
        n is None or d is None or not isinstance(n, (int, np.integer))
        or n in (1, d)
        for n, d in zip(noise_shape, shape)
    )
    if not compatible:
        raise ValueError(
            f"`keras.random.dropout`: noise_shape {noise_shape} cannot be "
            f"broadcast to the inputs' shape {shape}."
        )
    return noise_shape


def _float_input_dtype(x):
    dtype = dtypes.result_type(dtypes.dtype_of(x))
    return dtype if dtypes.is_float_dtype(dtype) else (
        dtypes.result_type(dtype, float)
    )


def _shuffle_axis(x, axis):
    ndim = len(shape_rules.shape_of(x))
    if ndim == 0:
        raise ValueError(
            "`keras.random.shuffle` needs a tensor of rank >= 1. "
            f"Received a scalar: x={x!r}"
        )
    return shape_rules.canonicalize_axis("shuffle", axis, ndim)


def _check_categorical(logits, num_samples, dtype):
    shape = shape_rules.shape_of(logits)
    if len(shape) != 2:
        raise ValueError(
            "`keras.random.categorical`: `logits` must be a 2D tensor of "
            f"shape (batch_size, num_classes). Received: shape={shape}"
        )
    if isinstance(num_samples, bool) or not isinstance(
        num_samples, (int, np.integer)
    ) or num_samples < 0:
        raise ValueError(
            "`keras.random.categorical`: `num_samples` must be a "
            f"non-negative int. Received: num_samples={num_samples!r}"
        )
    dtype = dtypes.standardize_dtype(dtype)
    if not (dtypes.is_int_dtype(dtype) or dtypes.is_float_dtype(dtype)):
        raise ValueError(
            "`keras.random.categorical` requires an integer or float "
            f"`dtype`. Received: dtype={dtype}"
        )
    return shape, int(num_samples), dtype


# Symbolic specs.


def _dropout_spec(inputs, rate, noise_shape=None, seed=None):
    shape = shape_rules.shape_of(inputs)
    if noise_shape is not None:
        _check_noise_shape(shape, noise_shape)
    return KerasTensor(shape, dtype=_float_input_dtype(inputs))


def _shuffle_spec(x, axis=0, seed=None):
    _shuffle_axis(x, axis)
    return shape_rules.same_spec(x)


def _categorical_spec(logits, num_samples, dtype="int32", seed=None):
    shape, num_samples, dtype = _check_categorical(logits, num_samples, dtype)
    return KerasTensor((shape[0], num_samples), dtype=dtypes.result_type(dtype))


# Ops.


@keras_export("keras.random.normal")
def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Draws samples from a normal (Gaussian) distribution.

    Args:
        shape: the shape of the result: a tuple of ints (or an int).
        mean: the mean of the distribution.
        stddev: its standard deviation.
        dtype: a float dtype; defaults to `keras.config.floatx()`.
        seed: `None`, an int, a `keras.random.SeedGenerator` or a seed
            tensor (see `keras.random`).

    Returns:
        A tensor of `shape` and `dtype`.

    Example:

    >>> x = keras.random.normal((2, 3), mean=1.0, stddev=0.5, seed=7)
    >>> tuple(x.shape)
    (2, 3)
    """
    return backend.random.normal(
        _shape("normal", shape),
        mean=mean,
        stddev=stddev,
        dtype=_float_dtype("normal", dtype),
        seed=seed,
    )


@keras_export("keras.random.uniform")
def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    """Draws samples from a uniform distribution over `[minval, maxval)`.

    Args:
        shape: the shape of the result: a tuple of ints (or an int).
        minval: the lower bound (included).
        maxval: the upper bound (excluded).
        dtype: a float dtype; defaults to `keras.config.floatx()`. For
            integers, use `keras.random.randint`.
        seed: `None`, an int, a `keras.random.SeedGenerator` or a seed
            tensor (see `keras.random`).

    Returns:
        A tensor of `shape` and `dtype`.

    Example:

    >>> x = keras.random.uniform((4,), minval=-1.0, maxval=1.0, seed=7)
    >>> bool(keras.ops.all((x >= -1.0) & (x < 1.0)))
    True
    """
    return backend.random.uniform(
        _shape("uniform", shape),
        minval=minval,
        maxval=maxval,
        dtype=_float_dtype("uniform", dtype),
        seed=seed,
    )


@keras_export("keras.random.truncated_normal")
def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Draws samples from a normal distribution truncated to two standard
    deviations around the mean.

    Args:
        shape: the shape of the result: a tuple of ints (or an int).
        mean: the mean of the (untruncated) distribution.
        stddev: its standard deviation; every sample lies within
            `2 * stddev` of `mean`.
        dtype: a float dtype; defaults to `keras.config.floatx()`.
        seed: `None`, an int, a `keras.random.SeedGenerator` or a seed
            tensor (see `keras.random`).

    Returns:
        A tensor of `shape` and `dtype`.

    Example:

    >>> x = keras.random.truncated_normal((100,), seed=7)
    >>> bool(keras.ops.max(keras.ops.abs(x)) <= 2.0)
    True
    """
    return backend.random.truncated_normal(
        _shape("truncated_normal", shape),
        mean=mean,
        stddev=stddev,
        dtype=_float_dtype("truncated_normal", dtype),
        seed=seed,
    )


@keras_export("keras.random.categorical")
def categorical(logits, num_samples, dtype="int32", seed=None):
    """Draws class indices from categorical distributions.

    Row `i` of `logits` holds the unnormalized log-probabilities of the
    classes of distribution `i`; the result's row `i` holds `num_samples`
    independent draws from it.

    Args:
        logits: a 2D tensor of shape `(batch_size, num_classes)`.
        num_samples: how many samples to draw per row.
        dtype: the result's dtype (an integer dtype, or a float dtype).
        seed: `None`, an int, a `keras.random.SeedGenerator` or a seed
            tensor (see `keras.random`).

    Returns:
        A tensor of shape `(batch_size, num_samples)`.

    Example:

    >>> logits = np.array([[-np.inf, 0.0], [0.0, -np.inf]])
    >>> keras.random.categorical(logits, 3, seed=7)
    array([[1, 1, 1],
           [0, 0, 0]], dtype=int32)
    """
    if any_symbolic_tensors((logits,)):
        return symbolic_op(
            categorical, _categorical_spec, logits, num_samples,
            dtype=dtype, seed=seed,
        )
    _, num_samples, dtype = _check_categorical(logits, num_samples, dtype)
    return backend.random.categorical(
        logits, num_samples, dtype=dtype, seed=seed
    )


@keras_export("keras.random.randint")
def randint(shape, minval, maxval, dtype="int32", seed=None):
    """Draws integers uniformly from `[minval, maxval)`.

    Args:
        shape: the shape of the result: a tuple of ints (or an int).
        minval: the lower bound (included).
        maxval: the upper bound (excluded).
        dtype: an integer dtype (default `"int32"`).
        seed: `None`, an int, a `keras.random.SeedGenerator` or a seed
            tensor (see `keras.random`).

    Returns:
        A tensor of `shape` and `dtype`.

    Example:

    >>> x = keras.random.randint((2, 2), minval=0, maxval=1, seed=7)
    >>> x
    array([[0, 0],
           [0, 0]], dtype=int32)
    """
    shape = _shape("randint", shape)
    dtype = _int_dtype("randint", dtype)
    if isinstance(minval, (int, np.integer)) and isinstance(
        maxval, (int, np.integer)
    ):
        if maxval <= minval:
            raise ValueError(
                "`keras.random.randint` needs `maxval > minval`. "
                f"Received: minval={minval}, maxval={maxval}"
            )
        minval, maxval = int(minval), int(maxval)
    return backend.random.randint(shape, minval, maxval, dtype=dtype, seed=seed)


@keras_export("keras.random.dropout")
def dropout(inputs, rate, noise_shape=None, seed=None):
    """Randomly zeroes entries of `inputs`, scaling the others up.

    Each entry is kept with probability `1 - rate` and then multiplied by
    `1 / (1 - rate)`, so that the expected value of every entry is
    unchanged.

    Args:
        inputs: a tensor. Integer and bool inputs become floatx.
        rate: the probability of zeroing each entry, in `[0, 1]`.
        noise_shape: the shape of the keep/drop mask, which is broadcast
            to the inputs' shape: `(batch, 1, features)` drops the same
            features at every timestep, say. `None` entries take the
            inputs' dim. Defaults to the inputs' shape.
        seed: `None`, an int, a `keras.random.SeedGenerator` or a seed
            tensor (see `keras.random`).

    Returns:
        A tensor of the inputs' shape.

    Example:

    >>> x = keras.random.dropout(np.ones((2, 4), "float32"), 0.5, seed=7)
    >>> sorted(set(keras.ops.convert_to_numpy(x).ravel().tolist())) in (
    ...     [0.0, 2.0], [0.0], [2.0])
    True
    """
    _check_rate(rate)
    if any_symbolic_tensors((inputs,)):
        return symbolic_op(
            dropout, _dropout_spec, inputs, rate,
            noise_shape=noise_shape, seed=seed,
        )
    if noise_shape is not None:
        noise_shape = _check_noise_shape(
            shape_rules.shape_of(inputs), noise_shape
        )
    return backend.random.dropout(
        inputs, rate, noise_shape=noise_shape, seed=seed
    )


@keras_export("keras.random.shuffle")
def shuffle(x, axis=0, seed=None):
    """Randomly permutes the slices of `x` along `axis`.

    Args:
        x: a tensor of rank >= 1.
        axis: the axis to shuffle along.
        seed: `None`, an int, a `keras.random.SeedGenerator` or a seed
            tensor (see `keras.random`).

    Returns:
        A tensor of the shape and dtype of `x`.

    Example:

    >>> x = keras.random.shuffle(np.arange(5), seed=7)
    >>> sorted(keras.ops.convert_to_numpy(x).tolist())
    [0, 1, 2, 3, 4]
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(shuffle, _shuffle_spec, x, axis=axis, seed=seed)
    return backend.random.shuffle(x, axis=_shuffle_axis(x, axis), seed=seed)


@keras_export("keras.random.gamma")
def gamma(shape, alpha, dtype=None, seed=None):
    """Draws samples from a gamma distribution of scale 1.

    Args:
        shape: the shape of the result: a tuple of ints (or an int).
        alpha: the shape parameter (concentration), positive; a number or
            a tensor that broadcasts to `shape`.
        dtype: a float dtype; defaults to `keras.config.floatx()`.
        seed: `None`, an int, a `keras.random.SeedGenerator` or a seed
            tensor (see `keras.random`).

    Returns:
        A tensor of `shape` and `dtype`; its mean is `alpha`.

    Example:

    >>> x = keras.random.gamma((3,), alpha=2.0, seed=7)
    >>> tuple(x.shape)
    (3,)
    """
    return backend.random.gamma(
        _shape("gamma", shape),
        alpha,
        dtype=_float_dtype("gamma", dtype),
        seed=seed,
    )


@keras_export("keras.random.binomial")
def binomial(shape, counts, probabilities, dtype=None, seed=None):
    """Draws samples from a binomial distribution: the number of successes
    in `counts` trials that each succeed with `probabilities`.

    Args:
        shape: the shape of the result: a tuple of ints (or an int).
        counts: the number of trials; a number or a tensor that broadcasts
            to `shape`.
        probabilities: the success probability of each trial; a number or
            a tensor that broadcasts to `shape`.
        dtype: a float dtype; defaults to `keras.config.floatx()`.
        seed: `None`, an int, a `keras.random.SeedGenerator` or a seed
            tensor (see `keras.random`).

    Returns:
        A tensor of `shape` and `dtype` holding whole numbers.

    Example:

    >>> keras.random.binomial((3,), counts=5, probabilities=1.0, seed=7)
    array([5., 5., 5.], dtype=float32)
    """
    return backend.random.binomial(
        _shape("binomial", shape),
        counts,
        probabilities,
        dtype=_float_dtype("binomial", dtype),
        seed=seed,
    )


@keras_export("keras.random.beta")
def beta(shape, alpha, beta, dtype=None, seed=None):
    """Draws samples from a beta distribution over `[0, 1]`.

    Args:
        shape: the shape of the result: a tuple of ints (or an int).
        alpha: the first concentration parameter, positive; a number or a
            tensor that broadcasts to `shape`.
        beta: the second concentration parameter, positive; likewise.
        dtype: a float dtype; defaults to `keras.config.floatx()`.
        seed: `None`, an int, a `keras.random.SeedGenerator` or a seed
            tensor (see `keras.random`).

    Returns:
        A tensor of `shape` and `dtype`; its mean is
        `alpha / (alpha + beta)`.

    Example:

    >>> x = keras.random.beta((3,), alpha=2.0, beta=5.0, seed=7)
    >>> tuple(x.shape)
    (3,)
    """
    return backend.random.beta(
        _shape("beta", shape),
        alpha,
        beta,
        dtype=_float_dtype("beta", dtype),
        seed=seed,
    )
