"""Initializers that draw random values: `RandomNormal`, `RandomUniform`,
`TruncatedNormal`, `VarianceScaling` and its presets (Glorot, He, LeCun),
and `Orthogonal`.

Seeding: an int seed gives the same values on every call; `seed=None`
picks an int once, when the initializer is created (with Python's
`random`, so `keras.utils.set_random_seed` fixes it), so an unseeded
initializer also repeats its values; a `keras.random.SeedGenerator` gives
new values on each call.
"""

import math
import numbers
import random as python_random

import numpy as np

from keras.src import ops
from keras.src import random
from keras.src.api_export import keras_export
from keras.src.initializers.initializer import Initializer
from keras.src.initializers.initializer import check_float_dtype
from keras.src.initializers.initializer import size_of
from keras.src.initializers.initializer import standardize_shape
from keras.src.random.seed_generator import SeedGenerator

# The standard deviation of a unit normal truncated to [-2, 2]; dividing by
# it makes the truncated samples have the requested standard deviation.
_TRUNCATED_STDDEV = 0.87962566103423978


def _check_seed(seed):
    if isinstance(seed, np.integer):
        return int(seed)
    if isinstance(seed, (int, SeedGenerator)):
        return seed
    raise ValueError(
        "An initializer's `seed` must be None, an integer or a "
        f"`keras.random.SeedGenerator`. Received: seed={seed!r} (of type "
        f"{type(seed).__name__})"
    )


def _check_non_negative(name, value):
    if isinstance(value, numbers.Real) and not value >= 0:
        raise ValueError(
            f"Argument `{name}` must be a non-negative number. Received: "
            f"{name}={value!r}"
        )


class RandomInitializer(Initializer):
    """Base class of the initializers that take a `seed`.

    Args:
        seed: `None`, an int or a `keras.random.SeedGenerator` (see the
            module docstring for what each gives).
    """

    def __init__(self, seed=None):
        if isinstance(seed, dict):
            from keras.src.saving import serialization_lib

            seed = serialization_lib.deserialize_keras_object(seed)
        self._config_seed = None if seed is None else _check_seed(seed)
        if seed is None:
            self.seed = python_random.randint(1, 10**9)
        else:
            self.seed = self._config_seed

    def get_config(self):
        """Returns `{"seed": seed}`; a generator is serialized."""
        seed = self._config_seed
        if isinstance(seed, SeedGenerator):
            from keras.src.saving import serialization_lib

            seed = serialization_lib.serialize_keras_object(seed)
        return {"seed": seed}


@keras_export(
    ["keras.initializers.RandomNormal", "keras.initializers.random_normal"]
)
class RandomNormal(RandomInitializer):
    """Draws values from a normal distribution.

    Args:
        mean: the mean of the distribution.
        stddev: its standard deviation.
        seed: `None`, an int or a `keras.random.SeedGenerator`. An int or
            `None` gives the same values on every call; a generator gives
            new values on each call.

    Example:

    >>> init = keras.initializers.RandomNormal(stddev=1.0, seed=1)
    >>> tuple(init((2, 3)).shape)
    (2, 3)
    """

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        _check_non_negative("stddev", stddev)
        self.mean = mean
        self.stddev = stddev
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        """Returns normal samples of `shape` and float `dtype`."""
        return random.normal(
            standardize_shape(shape),
            mean=self.mean,
            stddev=self.stddev,
            dtype=check_float_dtype("RandomNormal", dtype),
            seed=self.seed,
        )

    def get_config(self):
        """Returns the constructor arguments."""
        config = super().get_config()
        config.update({"mean": self.mean, "stddev": self.stddev})
        return config


@keras_export(
    [
        "keras.initializers.TruncatedNormal",
        "keras.initializers.truncated_normal",
    ]
)
class TruncatedNormal(RandomInitializer):
    """Draws values from a normal distribution truncated to two standard
    deviations around the mean (samples outside are drawn again).

    Args:
        mean: the mean of the untruncated distribution.
        stddev: its standard deviation.
        seed: `None`, an int or a `keras.random.SeedGenerator`. An int or
            `None` gives the same values on every call; a generator gives
            new values on each call.

    Example:

    >>> init = keras.initializers.TruncatedNormal(stddev=1.0, seed=1)
    >>> bool(keras.ops.max(keras.ops.abs(init((50,)))) <= 2.0)
    True
    """

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        _check_non_negative("stddev", stddev)
        self.mean = mean
        self.stddev = stddev
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        """Returns truncated normal samples of `shape` and float `dtype`."""
        return random.truncated_normal(
            standardize_shape(shape),
            mean=self.mean,
            stddev=self.stddev,
            dtype=check_float_dtype("TruncatedNormal", dtype),
            seed=self.seed,
        )

    def get_config(self):
        """Returns the constructor arguments."""
        config = super().get_config()
        config.update({"mean": self.mean, "stddev": self.stddev})
        return config


@keras_export(
    ["keras.initializers.RandomUniform", "keras.initializers.random_uniform"]
)
class RandomUniform(RandomInitializer):
    """Draws values from a uniform distribution over `[minval, maxval)`.

    Args:
        minval: the lower bound.
        maxval: the upper bound.
        seed: `None`, an int or a `keras.random.SeedGenerator`. An int or
            `None` gives the same values on every call; a generator gives
            new values on each call.

    Example:

    >>> init = keras.initializers.RandomUniform(0.0, 1.0, seed=1)
    >>> x = init((10,))
    >>> bool(keras.ops.all((x >= 0.0) & (x < 1.0)))
    True
    """

    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        if (
            isinstance(minval, numbers.Real)
            and isinstance(maxval, numbers.Real)
            and minval > maxval
        ):
            raise ValueError(
                "Argument `minval` must not exceed `maxval`. Received: "
                f"minval={minval}, maxval={maxval}"
            )
        self.minval = minval
        self.maxval = maxval
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        """Returns uniform samples of `shape` and float `dtype`."""
        return random.uniform(
            standardize_shape(shape),
            minval=self.minval,
            maxval=self.maxval,
            dtype=check_float_dtype("RandomUniform", dtype),
            seed=self.seed,
        )

    def get_config(self):
        """Returns the constructor arguments."""
        config = super().get_config()
        config.update({"minval": self.minval, "maxval": self.maxval})
        return config


_MODES = ("fan_in", "fan_out", "fan_avg")
_DISTRIBUTIONS = ("truncated_normal", "untruncated_normal", "uniform")


def _axes(name, axes):
    """`axes` as a tuple of ints (an int gives a 1-tuple), or `None`."""
    if axes is None:
        return None
    if isinstance(axes, (int, np.integer)):
        return (int(axes),)
    try:
        axes = tuple(axes)
    except TypeError:
        axes = (axes,)
    for axis in axes:
        if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
            raise ValueError(
                f"Argument `{name}` must be None, an int or a tuple of "
                f"ints. Received: {name}={axes!r}"
            )
    return axes


def _product_over(name, shape, axes):
    size = 1
    for axis in axes:
        if not -len(shape) <= axis < len(shape):
            raise ValueError(
                f"Axis {axis} of `{name}` is out of range for a weight of "
                f"shape {shape}. Received: {name}={axes}"
            )
        size *= shape[axis]
    return size


def compute_fans(shape, input_axes=None, output_axes=None):
    """Returns `(fan_in, fan_out)`, the numbers of input and output units of
    a weight of `shape`.

    With both `input_axes` and `output_axes`, the fans are the products of
    the dims on those axes. Otherwise the shape is read as a dense kernel
    `(inputs, outputs)` or a convolution kernel `(*spatial, inputs,
    outputs)`, whose fans also count the receptive field (the product of
    the spatial dims); a scalar has fans of 1 and a vector of its length.
    """
    if input_axes is not None and output_axes is not None:
        return (
            _product_over("input_axes", shape, input_axes),
            _product_over("output_axes", shape, output_axes),
        )
    if not shape:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    receptive_field = math.prod(shape[:-2])
    return shape[-2] * receptive_field, shape[-1] * receptive_field


@keras_export(
    [
        "keras.initializers.VarianceScaling",
        "keras.initializers.variance_scaling",
    ]
)
class VarianceScaling(RandomInitializer):
    """Draws values whose variance is `scale / n`, where `n` depends on the
    weight's shape.

    `n` is the number of input units (`mode="fan_in"`), of output units
    (`"fan_out"`) or their average (`"fan_avg"`). A dense kernel of shape
    `(inputs, outputs)` has `inputs` input units; a convolution kernel
    `(*spatial, inputs, outputs)` has `inputs` times the product of its
    spatial dims. `input_axes` and `output_axes`, given together, name the
    axes whose dims multiply to the fans instead.

    The `"truncated_normal"` distribution is a normal one truncated to two
    standard deviations, scaled up (by `1 / 0.8796...`) so that the
    truncated samples have standard deviation `sqrt(scale / n)`;
    `"untruncated_normal"` is a plain normal one and `"uniform"` draws from
    `[-limit, limit]` with `limit = sqrt(3 * scale / n)`.

    Args:
        scale: a positive float, the scaling factor.
        mode: `"fan_in"`, `"fan_out"` or `"fan_avg"`.
        distribution: `"truncated_normal"`, `"untruncated_normal"` or
            `"uniform"` (`"normal"` means `"truncated_normal"`).
        seed: `None`, an int or a `keras.random.SeedGenerator`. An int or
            `None` gives the same values on every call; a generator gives
            new values on each call.
        input_axes: an int or a tuple of ints, the axes of the input units
            (only used together with `output_axes`).
        output_axes: an int or a tuple of ints, the axes of the output
            units (only used together with `input_axes`).

    Example:

    >>> init = keras.initializers.VarianceScaling(
    ...     scale=2.0, mode="fan_in", distribution="uniform", seed=1)
    >>> tuple(init((3, 3, 8, 16)).shape)
    (3, 3, 8, 16)
    """

    def __init__(
        self,
        scale=1.0,
        mode="fan_in",
        distribution="truncated_normal",
        seed=None,
        input_axes=None,
        output_axes=None,
    ):
        if not isinstance(scale, numbers.Real) or not scale > 0.0:
            raise ValueError(
                "Argument `scale` must be a positive float. Received: "
                f"scale={scale!r}"
            )
        if mode not in _MODES:
            raise ValueError(
                f"Invalid `mode`. Expected one of {_MODES}. Received: "
                f"mode={mode!r}"
            )
        if distribution == "normal":
            distribution = "truncated_normal"
        if distribution not in _DISTRIBUTIONS:
            raise ValueError(
                f"Invalid `distribution`. Expected one of {_DISTRIBUTIONS}. "
                f"Received: distribution={distribution!r}"
            )
        _axes("input_axes", input_axes)
        _axes("output_axes", output_axes)
        self.scale = scale
        self.mode = mode
        self.distribution = distribution
        self.input_axes = input_axes
        self.output_axes = output_axes
        super().__init__(seed=seed)

    def _variance(self, shape):
        fan_in, fan_out = compute_fans(
            shape,
            _axes("input_axes", self.input_axes),
            _axes("output_axes", self.output_axes),
        )
        if self.mode == "fan_in":
            units = fan_in
        elif self.mode == "fan_out":
            units = fan_out
        else:
            units = (fan_in + fan_out) / 2.0
        return self.scale / max(1.0, units)

    def __call__(self, shape, dtype=None):
        """Returns samples of `shape` and float `dtype`."""
        shape = standardize_shape(shape)
        dtype = check_float_dtype(type(self).__name__, dtype)
        variance = self._variance(shape)
        if self.distribution == "uniform":
            limit = math.sqrt(3.0 * variance)
            return random.uniform(
                shape, -limit, limit, dtype=dtype, seed=self.seed
            )
        stddev = math.sqrt(variance)
        if self.distribution == "untruncated_normal":
            return random.normal(
                shape, 0.0, stddev, dtype=dtype, seed=self.seed
            )
        return random.truncated_normal(
            shape,
            0.0,
            stddev / _TRUNCATED_STDDEV,
            dtype=dtype,
            seed=self.seed,
        )

    def get_config(self):
        """Returns the constructor arguments."""
        config = super().get_config()
        config.update(
            {
                "scale": self.scale,
                "mode": self.mode,
                "distribution": self.distribution,
                "input_axes": self.input_axes,
                "output_axes": self.output_axes,
            }
        )
        return config


class _Preset(VarianceScaling):
    """A `VarianceScaling` with a fixed scale, mode and distribution; its
    config only holds the seed and the axes."""

    _preset = None

    def __init__(self, seed=None, input_axes=None, output_axes=None):
        scale, mode, distribution = self._preset
        super().__init__(
            scale=scale,
            mode=mode,
            distribution=distribution,
            seed=seed,
            input_axes=input_axes,
            output_axes=output_axes,
        )

    def get_config(self):
        """Returns the constructor arguments."""
        config = RandomInitializer.get_config(self)
        config.update(
            {"input_axes": self.input_axes, "output_axes": self.output_axes}
        )
        return config


@keras_export(
    ["keras.initializers.GlorotUniform", "keras.initializers.glorot_uniform"]
)
class GlorotUniform(_Preset):
    """Glorot (Xavier) uniform initializer: uniform over `[-limit, limit]`
    with `limit = sqrt(6 / (fan_in + fan_out))`.

    Args:
        seed: `None`, an int or a `keras.random.SeedGenerator`. An int or
            `None` gives the same values on every call; a generator gives
            new values on each call.
        input_axes: the axes of the input units, used with `output_axes`
            (see `keras.initializers.VarianceScaling`).
        output_axes: the axes of the output units, used with
            `input_axes`.

    Example:

    >>> init = keras.initializers.GlorotUniform(seed=1)
    >>> tuple(init((4, 5)).shape)
    (4, 5)
    """

    _preset = (1.0, "fan_avg", "uniform")


@keras_export(
    ["keras.initializers.GlorotNormal", "keras.initializers.glorot_normal"]
)
class GlorotNormal(_Preset):
    """Glorot (Xavier) normal initializer: truncated normal with standard
    deviation `sqrt(2 / (fan_in + fan_out))`.

    Args:
        seed: `None`, an int or a `keras.random.SeedGenerator`. An int or
            `None` gives the same values on every call; a generator gives
            new values on each call.
        input_axes: the axes of the input units, used with `output_axes`
            (see `keras.initializers.VarianceScaling`).
        output_axes: the axes of the output units, used with
            `input_axes`.

    Example:

    >>> init = keras.initializers.GlorotNormal(seed=1)
    >>> tuple(init((4, 5)).shape)
    (4, 5)
    """

    _preset = (1.0, "fan_avg", "truncated_normal")


@keras_export(["keras.initializers.HeUniform", "keras.initializers.he_uniform"])
class HeUniform(_Preset):
    """He uniform initializer: uniform over `[-limit, limit]` with
    `limit = sqrt(6 / fan_in)`.

    Args:
        seed: `None`, an int or a `keras.random.SeedGenerator`. An int or
            `None` gives the same values on every call; a generator gives
            new values on each call.
        input_axes: the axes of the input units, used with `output_axes`
            (see `keras.initializers.VarianceScaling`).
        output_axes: the axes of the output units, used with
            `input_axes`.

    Example:

    >>> init = keras.initializers.HeUniform(seed=1)
    >>> tuple(init((4, 5)).shape)
    (4, 5)
    """

    _preset = (2.0, "fan_in", "uniform")


@keras_export(["keras.initializers.HeNormal", "keras.initializers.he_normal"])
class HeNormal(_Preset):
    """He normal initializer: truncated normal with standard deviation
    `sqrt(2 / fan_in)`.

    Args:
        seed: `None`, an int or a `keras.random.SeedGenerator`. An int or
            `None` gives the same values on every call; a generator gives
            new values on each call.
        input_axes: the axes of the input units, used with `output_axes`
            (see `keras.initializers.VarianceScaling`).
        output_axes: the axes of the output units, used with
            `input_axes`.

    Example:

    >>> init = keras.initializers.HeNormal(seed=1)
    >>> tuple(init((4, 5)).shape)
    (4, 5)
    """

    _preset = (2.0, "fan_in", "truncated_normal")


@keras_export(
    ["keras.initializers.LecunUniform", "keras.initializers.lecun_uniform"]
)
class LecunUniform(_Preset):
    """LeCun uniform initializer: uniform over `[-limit, limit]` with
    `limit = sqrt(3 / fan_in)`.

    Args:
        seed: `None`, an int or a `keras.random.SeedGenerator`. An int or
            `None` gives the same values on every call; a generator gives
            new values on each call.
        input_axes: the axes of the input units, used with `output_axes`
            (see `keras.initializers.VarianceScaling`).
        output_axes: the axes of the output units, used with
            `input_axes`.

    Example:

    >>> init = keras.initializers.LecunUniform(seed=1)
    >>> tuple(init((4, 5)).shape)
    (4, 5)
    """

    _preset = (1.0, "fan_in", "uniform")


@keras_export(
    ["keras.initializers.LecunNormal", "keras.initializers.lecun_normal"]
)
class LecunNormal(_Preset):
    """LeCun normal initializer: truncated normal with standard deviation
    `sqrt(1 / fan_in)`.

    Args:
        seed: `None`, an int or a `keras.random.SeedGenerator`. An int or
            `None` gives the same values on every call; a generator gives
            new values on each call.
        input_axes: the axes of the input units, used with `output_axes`
            (see `keras.initializers.VarianceScaling`).
        output_axes: the axes of the output units, used with
            `input_axes`.

    Example:

    >>> init = keras.initializers.LecunNormal(seed=1)
    >>> tuple(init((4, 5)).shape)
    (4, 5)
    """

    _preset = (1.0, "fan_in", "truncated_normal")


@keras_export(
    [
        "keras.initializers.Orthogonal",
        "keras.initializers.OrthogonalInitializer",
        "keras.initializers.orthogonal",
    ]
)
class Orthogonal(RandomInitializer):
    """Initializes a weight with a (semi-)orthogonal matrix times `gain`.

    The shape is read as a matrix of `prod(shape[:-1])` rows and
    `shape[-1]` columns; its rows (if fewer) or its columns are
    orthonormal. The matrix is the Q factor of the QR decomposition of a
    normal random matrix, signs fixed so that it is uniformly distributed.

    Args:
        gain: the factor applied to the orthogonal matrix.
        seed: `None`, an int or a `keras.random.SeedGenerator`. An int or
            `None` gives the same values on every call; a generator gives
            new values on each call.

    Example:

    >>> q = keras.initializers.Orthogonal(seed=1)((3, 3))
    >>> eye = keras.ops.matmul(keras.ops.transpose(q), q)
    >>> keras.ops.convert_to_numpy(eye).round(4).tolist()
    [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    """

    def __init__(self, gain=1.0, seed=None):
        self.gain = gain
        super().__init__(seed=seed)

    def __call__(self, shape, dtype=None):
        """Returns a scaled (semi-)orthogonal tensor of `shape`."""
        shape = standardize_shape(shape)
        dtype = check_float_dtype("Orthogonal", dtype)
        if len(shape) < 2:
            raise ValueError(
                "The Orthogonal initializer needs a tensor of rank 2 or "
                f"more. Received: shape={shape} of rank {len(shape)}"
            )
        if size_of(shape) == 0:
            return ops.zeros(shape, dtype=dtype)
        rows, cols = size_of(shape[:-1]), shape[-1]
        # Decompositions are not implemented for half precision everywhere.
        compute_dtype = "float64" if dtype == "float64" else "float32"
        flat = random.normal(
            (max(rows, cols), min(rows, cols)),
            dtype=compute_dtype,
            seed=self.seed,
        )
        q, r = ops.qr(flat)
        q = ops.multiply(q, ops.sign(ops.diagonal(r)))
        if rows < cols:
            q = ops.transpose(q)
        q = ops.reshape(ops.multiply(q, self.gain), shape)
        return ops.cast(q, dtype)

    def get_config(self):
        """Returns the constructor arguments."""
        config = super().get_config()
        config["gain"] = self.gain
        return config
