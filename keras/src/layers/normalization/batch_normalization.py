"""`BatchNormalization`: normalizes with batch statistics in training and
moving averages of them in inference."""

import numpy as np

from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.normalization.layer_normalization import needs_float32

_CLIPPING_KEYS = ("rmax", "rmin", "dmax")


def _check_axis(axis):
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise TypeError(
            "Expected an int for the argument `axis`. Received: "
            f"axis={axis!r}"
        )


def _check_clipping(renorm_clipping):
    if renorm_clipping is None:
        return
    if not isinstance(renorm_clipping, dict):
        raise ValueError(
            "`renorm_clipping` must be None or a dict with keys among "
            f"{list(_CLIPPING_KEYS)}. Received: "
            f"renorm_clipping={renorm_clipping!r}"
        )
    unknown = {k: v for k, v in renorm_clipping.items()
               if k not in _CLIPPING_KEYS}
    if unknown:
        raise ValueError(
            "Received invalid keys for `renorm_clipping` argument: "
            f"{unknown}. Supported values: {list(_CLIPPING_KEYS)}."
        )


def masked_moments(x, mask, axes):
    """Mean and variance of `x` over `axes`, counting only the entries
    where `mask` (broadcast to `x`) is true."""
    mask = ops.cast(mask, x.dtype)
    while len(mask.shape) < len(x.shape):
        mask = ops.expand_dims(mask, -1)
    mask = ops.broadcast_to(mask, ops.shape(x))
    count = ops.maximum(ops.sum(mask, axis=axes, keepdims=True), 1e-7)
    mean = ops.divide(ops.sum(ops.multiply(x, mask), axis=axes,
                              keepdims=True), count)
    squares = ops.square(ops.subtract(x, mean))
    variance = ops.divide(
        ops.sum(ops.multiply(squares, mask), axis=axes, keepdims=True),
        count,
    )
    return mean, variance


@keras_export("keras.layers.BatchNormalization")
class BatchNormalization(Layer):
    """Normalizes its inputs to zero mean and unit variance per feature.

    In training (`training=True`) the layer normalizes with the mean and
    variance of the current batch and updates moving averages of them:
    `moving = moving * momentum + batch * (1 - momentum)`. In inference
    it normalizes with the moving averages. The result is scaled by
    `gamma` and shifted by `beta`. A layer with `trainable=False` always
    runs in inference mode.

    Args:
        axis: the feature axis (the others are reduced over).
        momentum: the momentum of the moving averages.
        epsilon: a small float added to the variance.
        center: whether to add the learned offset `beta`.
        scale: whether to multiply by the learned factor `gamma`.
        beta_initializer: the initializer of `beta`.
        gamma_initializer: the initializer of `gamma`.
        moving_mean_initializer: the initializer of the moving mean.
        moving_variance_initializer: the initializer of the moving
            variance.
        beta_regularizer: a regularizer applied to `beta`.
        gamma_regularizer: a regularizer applied to `gamma`.
        beta_constraint: a constraint applied to `beta`.
        gamma_constraint: a constraint applied to `gamma`.
        renorm: whether to use batch renormalization: in training the
            normalized batch is corrected by `r` and `d`, the ratio and
            offset of the batch statistics to moving ones (updated with
            `renorm_momentum`), so that training and inference agree.
        renorm_clipping: a dict with optional keys `"rmax"`, `"rmin"`
            and `"dmax"` bounding `r` and `|d|`.
        renorm_momentum: the momentum of the renormalization averages.
        synchronized: whether statistics are synchronized across
            replicas (single-device runs are unaffected).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        inputs: the input tensor.
        training: whether to use (and update) the batch statistics.
        mask: an optional boolean mask of the inputs' leading axes; only
            the unmasked entries count in the batch statistics.

    Example:

    >>> layer = keras.layers.BatchNormalization(momentum=0.5)
    >>> x = np.array([[1.0], [3.0]], "float32")
    >>> y = layer(x, training=True)
    >>> np.round(keras.ops.convert_to_numpy(layer.moving_mean), 3).tolist()
    [1.0]
    """

    def __init__(
        self,
        axis=-1,
        momentum=0.99,
        epsilon=1e-3,
        center=True,
        scale=True,
        beta_initializer="zeros",
        gamma_initializer="ones",
        moving_mean_initializer="zeros",
        moving_variance_initializer="ones",
        beta_regularizer=None,
        gamma_regularizer=None,
        beta_constraint=None,
        gamma_constraint=None,
        renorm=False,
        renorm_clipping=None,
        renorm_momentum=0.99,
        synchronized=False,
        **kwargs,
    ):
        super().__init__(**kwargs)
        _check_axis(axis)
        _check_clipping(renorm_clipping)
        self.axis = axis
        self.momentum = float(momentum)
        self.epsilon = float(epsilon)
        self.center = center
        self.scale = scale
        self.renorm = renorm
        self.renorm_clipping = renorm_clipping
        if renorm:
            self.renorm_clipping = dict(renorm_clipping or {})
        self.renorm_momentum = float(renorm_momentum)
        self.synchronized = synchronized
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.moving_mean_initializer = initializers.get(
            moving_mean_initializer
        )
        self.moving_variance_initializer = initializers.get(
            moving_variance_initializer
        )
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.beta_constraint = constraints.get(beta_constraint)
        self.gamma_constraint = constraints.get(gamma_constraint)
        self.supports_masking = True
        self.gamma = None
        self.beta = None

    def build(self, input_shape):
        rank = len(input_shape)
        if not -rank <= self.axis < rank:
            # NumPy's AxisError: a ValueError, and the IndexError Keras
            # raises here.
            raise np.exceptions.AxisError(
                f"Invalid axis {self.axis} for layer '{self.name}': "
                f"expected an axis in [{-rank}, {rank}) for inputs of "
                f"rank {rank}. Received: input_shape={input_shape}"
            )
        self._feature_axis = self.axis % rank
        size = input_shape[self._feature_axis]
        if size is None:
            raise ValueError(
                f"Layer '{self.name}' needs a known size on axis "
                f"{self.axis}. Received: input_shape={input_shape}"
            )
        shape = (size,)
        if self.scale:
            self.gamma = self.add_weight(
                name="gamma", shape=shape,
                initializer=self.gamma_initializer,
                regularizer=self.gamma_regularizer,
                constraint=self.gamma_constraint,
            )
        if self.center:
            self.beta = self.add_weight(
                name="beta", shape=shape,
                initializer=self.beta_initializer,
                regularizer=self.beta_regularizer,
                constraint=self.beta_constraint,
            )
        self.moving_mean = self._statistic(
            "moving_mean", shape, self.moving_mean_initializer
        )
        self.moving_variance = self._statistic(
            "moving_variance", shape, self.moving_variance_initializer
        )
        if self.renorm:
            self.moving_stddev = self._statistic("moving_stddev", shape,
                                                 "ones")
            self.renorm_mean = self._statistic("renorm_mean", shape,
                                               "zeros")
            self.renorm_stddev = self._statistic("renorm_stddev", shape,
                                                 "ones")
        self._reduction_axes = [
            i for i in range(rank) if i != self._feature_axis
        ]
        self._broadcast_shape = [1] * rank
        self._broadcast_shape[self._feature_axis] = size
        self.input_spec = InputSpec(
            ndim=rank, axes={self._feature_axis: size}
        )
        self.built = True

    def _statistic(self, name, shape, initializer):
        return self.add_weight(
            name=name, shape=shape, initializer=initializer,
            trainable=False, autocast=False,
        )

    def _broadcast(self, value, dtype):
        value = ops.cast(value, dtype)
        if self._feature_axis == len(self._broadcast_shape) - 1:
            return value
        return ops.reshape(value, self._broadcast_shape)

    def call(self, inputs, training=None, mask=None):
        out_dtype = inputs.dtype
        dtype = "float32" if needs_float32(out_dtype) else out_dtype
        x = ops.cast(inputs, dtype)
        if training and self.trainable:
            x = self._normalize_training(x, mask, dtype)
        else:
            x = ops.multiply(
                ops.subtract(x, self._broadcast(self.moving_mean, dtype)),
                ops.rsqrt(ops.add(
                    self._broadcast(self.moving_variance, dtype),
                    self.epsilon,
                )),
            )
        if self.gamma is not None:
            x = ops.multiply(x, self._broadcast(self.gamma, dtype))
        if self.beta is not None:
            x = ops.add(x, self._broadcast(self.beta, dtype))
        return ops.cast(x, out_dtype)

    def _normalize_training(self, x, mask, dtype):
        axes = self._reduction_axes
        if mask is None:
            mean, variance = ops.moments(x, axes=axes, keepdims=True)
        else:
            mean, variance = masked_moments(x, mask, axes)
        stddev = ops.sqrt(ops.add(variance, self.epsilon))
        normalized = ops.divide(ops.subtract(x, mean), stddev)
        mean = ops.reshape(mean, (-1,))
        variance = ops.reshape(variance, (-1,))
        stddev = ops.reshape(stddev, (-1,))
        if self.renorm:
            normalized = self._renormalize(normalized, mean, stddev, dtype)
            self._update_renorm_statistics(mean, stddev)
        else:
            self._update(self.moving_mean, mean, self.momentum)
            self._update(self.moving_variance, variance, self.momentum)
        return normalized

    def _renormalize(self, normalized, mean, stddev, dtype):
        renorm_stddev = ops.cast(self.renorm_stddev, dtype)
        r = ops.divide(stddev, renorm_stddev)
        d = ops.divide(
            ops.subtract(mean, ops.cast(self.renorm_mean, dtype)),
            renorm_stddev,
        )
        clipping = self.renorm_clipping
        if clipping.get("rmax") is not None:
            r = ops.minimum(r, clipping["rmax"])
        if clipping.get("rmin") is not None:
            r = ops.maximum(r, clipping["rmin"])
        if clipping.get("dmax") is not None:
            d = ops.clip(d, -clipping["dmax"], clipping["dmax"])
        # `r` and `d` correct the forward pass only (Ioffe, 2017).
        r = ops.stop_gradient(self._broadcast(r, dtype))
        d = ops.stop_gradient(self._broadcast(d, dtype))
        return ops.add(ops.multiply(normalized, r), d)

    def _update_renorm_statistics(self, mean, stddev):
        self._update(self.moving_mean, mean, self.momentum)
        self._update(self.moving_stddev, stddev, self.momentum)
        self.moving_variance.assign(ops.subtract(
            ops.square(self.moving_stddev.value), self.epsilon
        ))
        self._update(self.renorm_mean, mean, self.renorm_momentum)
        self._update(self.renorm_stddev, stddev, self.renorm_momentum)

    @staticmethod
    def _update(variable, batch_value, momentum):
        batch_value = ops.stop_gradient(
            ops.cast(batch_value, variable.dtype)
        )
        variable.assign(ops.add(
            ops.multiply(variable.value, momentum),
            ops.multiply(batch_value, 1.0 - momentum),
        ))

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({
            "axis": self.axis,
            "momentum": self.momentum,
            "epsilon": self.epsilon,
            "center": self.center,
            "scale": self.scale,
        })
        for name in ("beta_initializer", "gamma_initializer",
                     "moving_mean_initializer",
                     "moving_variance_initializer"):
            config[name] = initializers.serialize(getattr(self, name))
        for name in ("beta_regularizer", "gamma_regularizer"):
            config[name] = regularizers.serialize(getattr(self, name))
        for name in ("beta_constraint", "gamma_constraint"):
            config[name] = constraints.serialize(getattr(self, name))
        config.update({
            "synchronized": self.synchronized,
            "renorm": self.renorm,
            "renorm_clipping": self.renorm_clipping,
            "renorm_momentum": self.renorm_momentum,
        })
        return config
