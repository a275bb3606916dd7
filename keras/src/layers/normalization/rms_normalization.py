"""`RMSNormalization`: divides each example by its root mean square."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.layers.normalization.layer_normalization import needs_float32
from keras.src.layers.normalization.layer_normalization import resolve_axes
from keras.src.layers.normalization.layer_normalization import (
    standardize_axis,
)


@keras_export("keras.layers.RMSNormalization")
class RMSNormalization(Layer):
    """Root mean square normalization (Zhang and Sennrich, 2019).

    Computes `x / sqrt(mean(x**2) + epsilon) * scale` with the mean over
    `axis`, `scale` being learned per normalized feature (initialized to
    ones). Unlike layer normalization, the inputs are not centered.

    Args:
        axis: an int or a list of ints, the axes to normalize over.
        epsilon: a small float added to the mean square.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        x: the input tensor.

    Example:

    >>> layer = keras.layers.RMSNormalization(epsilon=0.0)
    >>> y = layer(np.array([[3.0, 4.0]], "float32"))
    >>> np.round(keras.ops.convert_to_numpy(y).astype("float64"), 3).tolist()
    [[0.849, 1.131]]
    """

    def __init__(self, axis=-1, epsilon=1e-6, **kwargs):
        super().__init__(**kwargs)
        standardize_axis(axis)
        self.axis = axis if isinstance(axis, int) else list(axis)
        self.epsilon = epsilon

    def build(self, input_shape):
        rank = len(input_shape)
        axes = resolve_axes(standardize_axis(self.axis), rank, self.name)
        self._axes = axes
        self._broadcast = None
        if axes != list(range(rank - len(axes), rank)):
            self._broadcast = tuple(
                input_shape[i] if i in axes else 1 for i in range(rank)
            )
        self.scale = self.add_weight(
            name="scale",
            shape=tuple(input_shape[a] for a in axes),
            initializer="ones",
        )
        self.built = True

    def call(self, x):
        out_dtype = x.dtype
        dtype = "float32" if needs_float32(out_dtype) else out_dtype
        x = ops.cast(x, dtype)
        mean_square = ops.mean(ops.square(x), axis=self._axes, keepdims=True)
        x = ops.multiply(x, ops.rsqrt(ops.add(mean_square, self.epsilon)))
        scale = ops.cast(self.scale, dtype)
        if self._broadcast is not None:
            scale = ops.reshape(scale, self._broadcast)
        return ops.cast(ops.multiply(x, scale), out_dtype)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({"axis": self.axis, "epsilon": self.epsilon})
        return config
