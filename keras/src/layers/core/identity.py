"""`Identity`: returns its inputs unchanged."""

from keras.src import backend
from keras.src import regularizers
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.layers.layer import Layer


@keras_export("keras.layers.Identity")
class Identity(Layer):
    """Returns its inputs (a tensor or a structure of tensors) unchanged,
    and passes their mask on.

    Useful as a placeholder, e.g. to switch a block off in a model.

    Args:
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.Identity()
    >>> layer(keras.ops.ones((2, 3))).shape
    (2, 3)
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.built = True

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def compute_output_spec(self, inputs, **kwargs):
        # `kwargs`: a symbolic call passes `training=` on to here.
        return tree.map_structure(self._spec_of, inputs)

    def _spec_of(self, x):
        # Float inputs are cast to the compute dtype; others keep theirs.
        dtype = x.dtype
        if self.autocast and backend.is_float_dtype(dtype):
            dtype = self.compute_dtype
        return KerasTensor(
            x.shape, dtype=dtype, sparse=x.sparse, ragged=x.ragged
        )

    def get_config(self):
        config = super().get_config()
        if self.activity_regularizer is not None:
            config["activity_regularizer"] = regularizers.serialize(
                self.activity_regularizer
            )
        if not self.autocast:
            config["autocast"] = False
        return config
