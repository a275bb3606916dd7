"""Small layers shared by the model tests (not part of the API)."""

from keras.src import ops
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.saving.object_registration import register_keras_serializable


@register_keras_serializable(package="models_test")
class Affine(Layer):
    """`x @ kernel + bias`, a stand-in for `Dense` in model tests."""

    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.kernel = self.add_weight(
            shape=(input_shape[-1], self.units), name="kernel"
        )
        self.bias = self.add_weight(
            shape=(self.units,), initializer="zeros", name="bias"
        )
        self.input_spec = InputSpec(axes={-1: input_shape[-1]}, min_ndim=2)

    def call(self, x):
        return ops.matmul(x, self.kernel) + self.bias

    def compute_output_shape(self, input_shape):
        return tuple(input_shape[:-1]) + (self.units,)


@register_keras_serializable(package="models_test")
class Join(Layer):
    """Concatenates a list of inputs on the last axis."""

    def call(self, inputs):
        return ops.concatenate(inputs, axis=-1)
