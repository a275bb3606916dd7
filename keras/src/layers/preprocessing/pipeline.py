"""The `Pipeline` layer."""

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib
from keras.src.utils import backend_utils


@keras_export("keras.layers.Pipeline")
class Pipeline(Layer):
    """Applies a sequence of layers, one after the other.

    Unlike a `Sequential` model it is a plain layer, meant for chains of
    preprocessing layers; like them it also runs inside a `tf.data`
    pipeline (`dataset.map(pipeline)`) on every backend.

    Args:
        layers: the layers to apply, in order.
        name: the layer's name.

    Example:

    >>> pipeline = keras.layers.Pipeline([
    ...     keras.layers.Normalization(mean=1.0, variance=4.0),
    ...     keras.layers.Discretization(bin_boundaries=[0.0])])
    >>> print(keras.ops.convert_to_numpy(pipeline(np.array([[0.0, 3.0]]))))
    [[0 1]]
    """

    def __init__(self, layers, name=None):
        super().__init__(name=name)
        if not isinstance(layers, (list, tuple)) or not all(
            isinstance(layer, Layer) for layer in layers
        ):
            raise ValueError(
                "`layers` of Pipeline must be a list of layers. Received: "
                f"layers={layers}"
            )
        self._pipeline_layers = list(layers)

    @property
    def layers(self):
        """The layers, in the order they are applied."""
        return list(self._pipeline_layers)

    def __call__(self, inputs, *args, **kwargs):
        if (backend.backend() != "tensorflow"
                and backend_utils.in_tf_graph()
                and not backend.any_symbolic_tensors((inputs,), kwargs)):
            # Inside tf.data: each layer handles TensorFlow tensors itself.
            return self.call(inputs, *args, **kwargs)
        return super().__call__(inputs, *args, **kwargs)

    def build(self, input_shape=None):
        self.built = True

    def call(self, inputs, training=True, mask=None):
        outputs = inputs
        for layer in self._pipeline_layers:
            kwargs = {}
            if "training" in layer.call_signature_parameters:
                kwargs["training"] = training
            if mask is not None and "mask" in layer.call_signature_parameters:
                kwargs["mask"] = mask
            outputs = layer(outputs, **kwargs)
            mask = backend.get_keras_mask(outputs)
        return outputs

    def compute_output_spec(self, inputs, training=True, mask=None):
        outputs = inputs
        for layer in self._pipeline_layers:
            if not layer.built:
                layer.build(tree.map_structure(
                    lambda x: tuple(x.shape), outputs
                ))
            outputs = layer.compute_output_spec(outputs)
        return outputs

    def compute_output_shape(self, input_shape):
        spec = self.compute_output_spec(
            backend.KerasTensor(input_shape, dtype=self.compute_dtype)
        )
        return tuple(spec.shape)

    def get_config(self):
        return {
            "layers": [
                serialization_lib.serialize_keras_object(layer)
                for layer in self._pipeline_layers
            ],
            "name": self.name,
        }

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        config["layers"] = [
            serialization_lib.deserialize_keras_object(layer)
            for layer in config["layers"]
        ]
        return cls(**config)
