"""`RepeatVector`: repeats each sample's vector `n` times."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.reshaping import is_int
from keras.src.layers.reshaping import output_dtype


@keras_export("keras.layers.RepeatVector")
class RepeatVector(Layer):
    """Repeats the input `n` times: `(batch, features)` becomes
    `(batch, n, features)`.

    Args:
        n: a positive int, the number of repetitions.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = keras.ops.ones((2, 3))
    >>> keras.layers.RepeatVector(4)(x).shape
    (2, 4, 3)
    """

    def __init__(self, n, **kwargs):
        super().__init__(**kwargs)
        if not is_int(n):
            raise TypeError(
                "RepeatVector: argument `n` must be an integer. "
                f"Received: n={n!r} of type {type(n).__name__}"
            )
        if n < 1:
            raise ValueError(
                f"Argument `n` must be a positive integer. Received: n={n}"
            )
        self.n = int(n)
        self.input_spec = InputSpec(ndim=2)

    def call(self, inputs):
        return ops.repeat(ops.expand_dims(inputs, 1), self.n, axis=1)

    def compute_output_shape(self, input_shape):
        input_shape = tuple(input_shape)
        if len(input_shape) != 2:
            raise ValueError(
                f"Layer '{self.name}' (RepeatVector) expects inputs of rank "
                f"2, (batch, features). Received: input_shape={input_shape}"
            )
        return (input_shape[0], self.n, input_shape[1])

    def compute_output_spec(self, inputs, **kwargs):
        shape = self.compute_output_shape(inputs.shape)
        return KerasTensor(shape, dtype=output_dtype(self, inputs))

    def get_config(self):
        config = super().get_config()
        config.update({"n": self.n})
        return config
