"""`Permute`: reorders the non-batch axes of each sample."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.reshaping import is_int
from keras.src.layers.reshaping import output_dtype


@keras_export("keras.layers.Permute")
class Permute(Layer):
    """Permutes the non-batch axes of the input.

    Args:
        dims: a tuple holding each of `1, ..., n` once, for inputs of
            rank `n + 1`: output axis `i` is input axis `dims[i - 1]`.
            Axis 0, the batch axis, is not listed and stays first.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = keras.ops.ones((2, 3, 4))
    >>> keras.layers.Permute((2, 1))(x).shape
    (2, 4, 3)
    """

    def __init__(self, dims, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(dims, (list, tuple)):
            raise TypeError(
                "Permute: argument `dims` must be a tuple of ints. "
                f"Received: dims={dims!r}"
            )
        if not all(is_int(d) for d in dims) or sorted(dims) != list(
            range(1, len(dims) + 1)
        ):
            raise ValueError(
                "Argument `dims` must hold each of the axes 1, ..., n once "
                "(the batch axis 0 is excluded). Received: "
                f"dims={dims!r}"
            )
        self.dims = tuple(int(d) for d in dims)
        self.input_spec = InputSpec(ndim=len(self.dims) + 1)

    def call(self, inputs):
        return ops.transpose(inputs, (0,) + self.dims)

    def compute_output_shape(self, input_shape):
        input_shape = tuple(input_shape)
        if len(input_shape) != len(self.dims) + 1:
            raise ValueError(
                f"Layer '{self.name}' (Permute) with dims={self.dims} "
                f"expects inputs of rank {len(self.dims) + 1}. Received: "
                f"input_shape={input_shape}"
            )
        return (input_shape[0],) + tuple(input_shape[d] for d in self.dims)

    def compute_output_spec(self, inputs, **kwargs):
        shape = self.compute_output_shape(inputs.shape)
        return KerasTensor(shape, dtype=output_dtype(self, inputs))

    def get_config(self):
        config = super().get_config()
        config.update({"dims": self.dims})
        return config
