"""`LayerNormalization`: normalizes each example over its feature axes."""

import numpy as np

from keras.src import backend
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


def standardize_axis(axis, name="axis"):
    """`axis` as a list of ints; raises `TypeError` for other types."""
    if isinstance(axis, (list, tuple)):
        values = list(axis)
    else:
        values = [axis]
    if not values or not all(
        isinstance(a, int) and not isinstance(a, bool) for a in values
    ):
        raise TypeError(
            f"Expected an int or a list/tuple of ints for the argument "
            f"`{name}`. Received: {name}={axis!r}"
        )
    return values


def resolve_axes(axes, rank, layer_name):
    """`axes` made non-negative for inputs of `rank`; raises `ValueError`
    when one is out of range (NumPy's `AxisError`, also an `IndexError`
    as Keras raises there) or repeated."""
    resolved = []
    for a in axes:
        if not -rank <= a < rank:
            raise np.exceptions.AxisError(
                f"Invalid axis {a} for layer '{layer_name}': expected an "
                f"axis in [{-rank}, {rank}) for inputs of rank {rank}."
            )
        resolved.append(a % rank)
    if len(set(resolved)) != len(resolved):
        raise ValueError(
            f"Duplicate axis in layer '{layer_name}'. Received: "
            f"axis={axes}"
        )
    return sorted(resolved)


def needs_float32(dtype):
    """Whether statistics of `dtype` inputs are computed in float32 (half
    precision loses too much in the variance)."""
    return backend.standardize_dtype(dtype) in ("float16", "bfloat16")


@keras_export("keras.layers.LayerNormalization")
class LayerNormalization(Layer):
    """Normalizes each example to zero mean and unit variance over `axis`.

    Unlike batch normalization, the statistics are those of each example
    alone, in training and in inference alike. The result is then scaled
    by `gamma` and shifted by `beta`, learned per normalized feature:
    `gamma * (x - mean) / sqrt(var + epsilon) + beta`.

    Args:
        axis: an int or a list of ints, the axes to normalize over
            (default: the last).
        epsilon: a small float added to the variance.
        center: whether to add the learned offset `beta`.
        scale: whether to multiply by the learned factor `gamma`.
        beta_initializer: the initializer of `beta`.
        gamma_initializer: the initializer of `gamma`.
        beta_regularizer: a regularizer applied to `beta`.
        gamma_regularizer: a regularizer applied to `gamma`.
        beta_constraint: a constraint applied to `beta`.
        gamma_constraint: a constraint applied to `gamma`.
        **kwargs: base layer arguments (`name`, `dtype`, ...), and
            `rms_scaling` (bool): scale the inputs by the inverse
            standard deviation without centering them (no `beta` then).

    Example:

    >>> layer = keras.layers.LayerNormalization()
    >>> y = layer(np.array([[1.0, 2.0, 3.0]], "float32"))
    >>> np.round(keras.ops.convert_to_numpy(y).astype("float64"), 3).tolist()
    [[-1.224, 0.0, 1.224]]
    """

    def __init__(
        self,
        axis=-1,
        epsilon=1e-3,
        center=True,
        scale=True,
        beta_initializer="zeros",
        gamma_initializer="ones",
        beta_regularizer=None,
        gamma_regularizer=None,
        beta_constraint=None,
        gamma_constraint=None,
        **kwargs,
    ):
        rms_scaling = kwargs.pop("rms_scaling", False)
        super().__init__(**kwargs)
        self.axis = axis if isinstance(axis, int) else list(axis)
        self._axes = standardize_axis(axis)
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.rms_scaling = rms_scaling
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.beta_constraint = constraints.get(beta_constraint)
        self.gamma_constraint = constraints.get(gamma_constraint)
        self.supports_masking = True
        self.gamma = None
        self.beta = None

    def build(self, input_shape):
        rank = len(input_shape)
        axes = resolve_axes(self._axes, rank, self.name)
        self._resolved_axes = axes
        shape = tuple(input_shape[a] for a in axes)
        # Parameters broadcast against the inputs without a reshape when
        # they span the trailing axes.
        self._param_broadcast = None
        if axes != list(range(rank - len(axes), rank)):
            self._param_broadcast = tuple(
                input_shape[i] if i in axes else 1 for i in range(rank)
            )
        if self.scale or self.rms_scaling:
            self.gamma = self.add_weight(
                name="gamma",
                shape=shape,
                initializer=self.gamma_initializer,
                regularizer=self.gamma_regularizer,
                constraint=self.gamma_constraint,
            )
        if self.center and not self.rms_scaling:
            self.beta = self.add_weight(
                name="beta",
                shape=shape,
                initializer=self.beta_initializer,
                regularizer=self.beta_regularizer,
                constraint=self.beta_constraint,
            )
        self.built = True

    def _param(self, variable, dtype):
        value = ops.cast(variable, dtype)
        if self._param_broadcast is not None:
            value = ops.reshape(value, self._param_broadcast)
        return value

    def call(self, inputs):
        out_dtype = inputs.dtype
        dtype = "float32" if needs_float32(out_dtype) else out_dtype
        x = ops.cast(inputs, dtype)
        axes = self._resolved_axes
        mean, variance = ops.moments(x, axes=axes, keepdims=True)
        inverse = ops.rsqrt(ops.add(variance, self.epsilon))
        # Keras's `rms_scaling` divides the uncentered inputs by the
        # standard deviation; kept so, for identical results.
        if not self.rms_scaling:
            x = ops.subtract(x, mean)
        x = ops.multiply(x, inverse)
        if self.gamma is not None:
            x = ops.multiply(x, self._param(self.gamma, dtype))
        if self.beta is not None:
            x = ops.add(x, self._param(self.beta, dtype))
        return ops.cast(x, out_dtype)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({
            "axis": self.axis,
            "epsilon": self.epsilon,
            "center": self.center,
            "scale": self.scale,
            "rms_scaling": self.rms_scaling,
            "beta_initializer": initializers.serialize(self.beta_initializer),
            "gamma_initializer": initializers.serialize(
                self.gamma_initializer
            ),
            "beta_regularizer": regularizers.serialize(self.beta_regularizer),
            "gamma_regularizer": regularizers.serialize(
                self.gamma_regularizer
            ),
            "beta_constraint": constraints.serialize(self.beta_constraint),
            "gamma_constraint": constraints.serialize(self.gamma_constraint),
        })
        return config
