"""`Masking`: masks the timesteps whose features all equal a value."""

import numbers

from keras.src import backend
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


@keras_export("keras.layers.Masking")
class Masking(Layer):
    """Masks the timesteps of a sequence whose features all equal
    `mask_value`.

    For inputs of shape `(batch, timesteps, features)`, timestep `t` of
    sample `b` is masked when `inputs[b, t, :] == mask_value` everywhere:
    its outputs are zeroed, and the mask `(batch, timesteps)` it passes on
    is `False` there, so that mask-aware layers that follow (e.g. RNNs)
    skip it.

    Args:
        mask_value: the value marking padded features, a number.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = np.array([[[1.0, 2.0], [0.0, 0.0]]])
    >>> layer = keras.layers.Masking(mask_value=0.0)
    >>> keras.ops.convert_to_numpy(layer.compute_mask(x)).tolist()
    [[True, False]]
    >>> layer(x).shape
    (1, 2, 2)
    """

    def __init__(self, mask_value=0.0, **kwargs):
        super().__init__(**kwargs)
        if isinstance(mask_value, bool) or not isinstance(
            mask_value, numbers.Number
        ):
            raise ValueError(
                "`mask_value` must be a number. Received: "
                f"mask_value={mask_value!r}"
            )
        self.mask_value = mask_value
        self.supports_masking = True
        self.built = True

    def compute_mask(self, inputs, mask=None):
        """Returns `any(inputs != mask_value, axis=-1)`: `False` at the
        masked timesteps."""
        return ops.any(ops.not_equal(inputs, self.mask_value), axis=-1)

    def call(self, inputs):
        keep = ops.any(
            ops.not_equal(inputs, self.mask_value), axis=-1, keepdims=True
        )
        return ops.multiply(inputs, ops.cast(keep, inputs.dtype))

    def compute_output_shape(self, input_shape):
        return input_shape

    def compute_output_spec(self, inputs, **kwargs):
        # Float inputs are cast to the compute dtype; others keep theirs.
        # (`kwargs`: a symbolic call passes `training=` on to here.)
        dtype = inputs.dtype
        if self.autocast and backend.is_float_dtype(dtype):
            dtype = self.compute_dtype
        return backend.KerasTensor(inputs.shape, dtype=dtype)

    def get_config(self):
        config = super().get_config()
        if self.activity_regularizer is not None:
            config["activity_regularizer"] = regularizers.serialize(
                self.activity_regularizer
            )
        config["mask_value"] = self.mask_value
        return config
