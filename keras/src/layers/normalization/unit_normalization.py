"""`UnitNormalization`: scales each example to unit L2 norm."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.layers.normalization.layer_normalization import needs_float32

_EPSILON = 1e-12


def _standardize_axis(axis):
    if isinstance(axis, (list, tuple)):
        values = list(axis)
    else:
        values = [axis]
    if not values or not all(
        isinstance(a, int) and not isinstance(a, bool) for a in values
    ):
        raise TypeError(
            "Invalid value for `axis` argument: expected an int or a "
            f"list/tuple of ints. Received: axis={axis!r}"
        )
    return axis if isinstance(axis, int) else values


@keras_export("keras.layers.UnitNormalization")
class UnitNormalization(Layer):
    """Divides each example by its L2 norm over `axis`.

    Slices whose norm is zero stay zero.

    Args:
        axis: an int or a list of ints, the axes the norm is taken over.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.UnitNormalization()
    >>> y = layer(np.array([[3.0, 4.0]], "float32"))
    >>> np.round(keras.ops.convert_to_numpy(y).astype("float64"), 3).tolist()
    [[0.6, 0.8]]
    """

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = _standardize_axis(axis)
        self.supports_masking = True
        self.built = True

    def call(self, inputs):
        out_dtype = inputs.dtype
        dtype = "float32" if needs_float32(out_dtype) else out_dtype
        x = ops.cast(inputs, dtype)
        squares = ops.sum(ops.square(x), axis=self.axis, keepdims=True)
        x = ops.multiply(x, ops.rsqrt(ops.maximum(squares, _EPSILON)))
        return ops.cast(x, out_dtype)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        config = super().get_config()
        config["axis"] = self.axis
        return config
