"""`GroupNormalization`: normalizes groups of channels per example."""

from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.normalization.layer_normalization import needs_float32


@keras_export("keras.layers.GroupNormalization")
class GroupNormalization(Layer):
    """Normalizes each example over groups of channels.

    The channels (on `axis`) are split into `groups` groups of equal
    size; each example is normalized to zero mean and unit variance over
    each group's channels and every other non-batch axis. `groups=1`
    is layer normalization over all features; `groups=-1` (one group
    per channel) is instance normalization. The result is scaled by
    `gamma` and shifted by `beta`, one per channel.

    Args:
        groups: the number of groups (must divide the channels), or `-1`
            for one group per channel.
        axis: the channel axis.
        epsilon: a small float added to the variance.
        center: whether to add the learned offset `beta`.
        scale: whether to multiply by the learned factor `gamma`.
        beta_initializer: the initializer of `beta`.
        gamma_initializer: the initializer of `gamma`.
        beta_regularizer: a regularizer applied to `beta`.
        gamma_regularizer: a regularizer applied to `gamma`.
        beta_constraint: a constraint applied to `beta`.
        gamma_constraint: a constraint applied to `gamma`.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.GroupNormalization(groups=2)
    >>> y = layer(np.array([[1.0, 3.0, 5.0, 9.0]], "float32"))
    >>> np.round(keras.ops.convert_to_numpy(y), 2).tolist()
    [[-1.0, 1.0, -1.0, 1.0]]
    """

    def __init__(
        self,
        groups=32,
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
        super().__init__(**kwargs)
        if isinstance(groups, bool) or not isinstance(groups, int) or (
            groups < 1 and groups != -1
        ):
            raise ValueError(
                "`groups` must be a positive int or -1. Received: "
                f"groups={groups!r}"
            )
        if isinstance(axis, bool) or not isinstance(axis, int):
            raise TypeError(
                f"Expected an int for the argument `axis`. Received: "
                f"axis={axis!r}"
            )
        self.supports_masking = True
        self.groups = groups
        self.axis = axis
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.beta_constraint = constraints.get(beta_constraint)
        self.gamma_constraint = constraints.get(gamma_constraint)
        self.gamma = None
        self.beta = None

    def build(self, input_shape):
        rank = len(input_shape)
        if not -rank <= self.axis < rank:
            raise ValueError(
                f"Invalid axis {self.axis} for layer '{self.name}': "
                f"expected an axis in [{-rank}, {rank}) for inputs of "
                f"rank {rank}. Received: input_shape={input_shape}"
            )
        channel_axis = self.axis % rank
        channels = input_shape[channel_axis]
        if channels is None:
            raise ValueError(
                f"Axis {self.axis} of input tensor should have a defined "
                "dimension but the layer received an input with shape "
                f"{input_shape}."
            )
        groups = channels if self.groups == -1 else self.groups
        if groups > channels:
            raise ValueError(
                f"Number of groups ({groups}) cannot be more than the "
                f"number of channels ({channels})."
            )
        if channels % groups:
            raise ValueError(
                f"Number of groups ({groups}) must be a multiple of the "
                f"number of channels ({channels})."
            )
        self._channel_axis = channel_axis
        self._num_groups = groups
        self.input_spec = InputSpec(ndim=rank, axes={self.axis: channels})
        for name, flag, init, reg, cons in (
            ("gamma", self.scale, self.gamma_initializer,
             self.gamma_regularizer, self.gamma_constraint),
            ("beta", self.center, self.beta_initializer,
             self.beta_regularizer, self.beta_constraint),
        ):
            if flag:
                setattr(self, name, self.add_weight(
                    name=name, shape=(channels,), initializer=init,
                    regularizer=reg, constraint=cons,
                ))
        self.built = True

    def call(self, inputs):
        out_dtype = inputs.dtype
        dtype = "float32" if needs_float32(out_dtype) else out_dtype
        x = ops.cast(inputs, dtype)
        axis = self._channel_axis
        rank = len(x.shape)
        shape = ops.shape(x)
        channels = shape[axis]
        grouped_shape = (
            tuple(shape[:axis])
            + (self._num_groups, channels // self._num_groups)
            + tuple(shape[axis + 1:])
        )
        grouped = ops.reshape(x, grouped_shape)
        # Statistics over every axis but the batch and the group axes.
        axes = [i for i in range(1, rank + 1) if i != axis]
        mean, variance = ops.moments(grouped, axes=axes, keepdims=True)
        grouped = ops.multiply(
            ops.subtract(grouped, mean),
            ops.rsqrt(ops.add(variance, self.epsilon)),
        )
        x = ops.reshape(grouped, shape)
        broadcast = [1] * rank
        broadcast[axis] = channels
        if self.gamma is not None:
            x = ops.multiply(
                x, ops.reshape(ops.cast(self.gamma, dtype), broadcast)
            )
        if self.beta is not None:
            x = ops.add(x, ops.reshape(ops.cast(self.beta, dtype), broadcast))
        return ops.cast(x, out_dtype)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({
            "groups": self.groups,
            "axis": self.axis,
            "epsilon": self.epsilon,
            "center": self.center,
            "scale": self.scale,
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
