"""`Sequential`: a model that is a plain stack of layers."""

from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.backend.common.masking import get_keras_mask
from keras.src.backend.common.name_scope import name_scope
from keras.src.layers.core.input_layer import InputLayer
from keras.src.layers.layer import Layer
from keras.src.models.functional import Functional
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


@keras_export(["keras.Sequential", "keras.models.Sequential"])
class Sequential(Model):
    """A stack of layers, each feeding the next.

    The model is built as soon as its input shape is known: from a
    `keras.Input` (or an `input_shape` argument) given first, from
    `build(input_shape)`, or from the first batch it is called on.

    Args:
        layers: the layers, in order.
        trainable: whether the model's variables are trained.
        name: the model's name.

    Example:

    >>> model = keras.Sequential([
    ...     keras.Input((4,)),
    ...     keras.layers.Dense(8, activation="relu"),
    ...     keras.layers.Dense(2),
    ... ])
    >>> model(np.ones((3, 4))).shape
    (3, 2)
    """

    def __new__(cls, *args, **kwargs):
        return Layer.__new__(cls, *args, **kwargs)

    def __init__(self, layers=None, trainable=True, name=None):
        Model.__init__(self, trainable=trainable, name=name)
        self._functional = None
        for layer in layers or []:
            self.add(layer, rebuild=False)
        self._maybe_rebuild()

    @property
    def layers(self):
        """The model's layers, without the `InputLayer`."""
        return [l for l in self._layers if not isinstance(l, InputLayer)]

    def add(self, layer, rebuild=True):
        """Appends `layer` to the stack.

        Args:
            layer: a `Layer`, or a `keras.Input` tensor to fix the input.
            rebuild: whether to rebuild the model now (when its input
                shape is known).

        Example:

        >>> model = keras.Sequential()
        >>> model.add(keras.Input((3,)))
        >>> model.add(keras.layers.Dense(2))
        >>> model.output_shape
        (None, 2)
        """
        if isinstance(layer, KerasTensor):
            history = getattr(layer, "_keras_history", None)
            if history is None or not isinstance(history.operation,
                                                 InputLayer):
                raise ValueError(
                    f"Sequential '{self.name}': only tensors from "
                    f"`keras.Input` can be added. Received: {layer!r}"
                )
            layer = history.operation
        if not isinstance(layer, Layer):
            raise ValueError(
                f"Sequential '{self.name}': only `Layer` instances can be "
                f"added. Received: {layer!r} of type {type(layer).__name__}"
            )
        if isinstance(layer, InputLayer) and self._layers:
            raise ValueError(
                f"Sequential '{self.name}': an `Input` can only be the "
                "first element of the model, and only once. Received it "
                f"after layers {[l.name for l in self._layers]}."
            )
        names = {l.name for l in self._layers}
        if layer.name in names:
            raise ValueError(
                f"Sequential '{self.name}': all layers must have unique "
                f"names. The name {layer.name!r} is already used by "
                f"{[l.name for l in self._layers]}."
            )
        self._track_layer(layer)
        if rebuild:
            self._maybe_rebuild()
        else:
            self.built = False
            self._functional = None

    def pop(self, rebuild=True):
        """Removes and returns the last layer.

        Example:

        >>> model = keras.Sequential([keras.layers.Dense(2),
        ...                           keras.layers.Dense(3)])
        >>> model.pop().units
        3
        """
        if not self.layers:
            raise ValueError(
                f"Sequential '{self.name}' has no layers to pop."
            )
        layer = self._layers.pop()
        self.built = False
        self._functional = None
        if rebuild:
            self._maybe_rebuild()
        return layer

    def _maybe_rebuild(self):
        self.built = False
        self._functional = None
        if not self._layers:
            return
        first = self._layers[0]
        if isinstance(first, InputLayer) and len(self._layers) > 1:
            self.build(first.batch_shape)
        elif getattr(first, "_batch_input_shape", None) is not None:
            self.build(first._batch_input_shape)

    def build(self, input_shape=None):
        """Builds every layer by running the stack on a symbolic input of
        `input_shape` (batch axis included)."""
        if input_shape is None:
            raise ValueError(
                f"Sequential '{self.name}': `build()` needs an "
                "`input_shape`, e.g. `model.build((None, 16))`."
            )
        if not self.layers:
            raise ValueError(
                f"Sequential '{self.name}' has no layers to build."
            )
        if isinstance(self._layers[0], InputLayer):
            inputs = self._layers[0].output
        else:
            shape = tuple(input_shape)
            input_layer = InputLayer(
                batch_shape=(None,) + shape[1:] if shape else shape,
                dtype=self.layers[0].input_dtype,
            )
            self._layers.insert(0, input_layer)
            inputs = input_layer.output
        self._build_shapes = {"input_shape": tuple(inputs.shape)}
        outputs = inputs
        with name_scope(self.name, caller=self):
            for layer in self.layers:
                outputs = layer(outputs)
        self._functional = Functional(inputs, outputs, name=self.name)
        self.built = True

    def _build_with(self, shapes):
        # Building from the first call's shapes goes through `build`.
        self.build(next(iter(shapes.values())))

    def call(self, inputs, training=None, mask=None):
        if self._functional is not None:
            return self._functional.call(inputs, training=training,
                                         mask=mask)
        outputs = inputs
        for layer in self.layers:
            kwargs = {}
            if layer._call_info.has_mask and mask is not None:
                kwargs["mask"] = mask
            if training is not None and layer._call_info.has_training:
                kwargs["training"] = training
            outputs = layer(outputs, **kwargs)
            mask = get_keras_mask(outputs)
        return outputs

    def compute_output_spec(self, inputs, training=None, mask=None):
        if self._functional is not None:
            return self._functional.compute_output_spec(inputs)
        outputs = inputs
        for layer in self.layers:
            outputs = layer.compute_output_spec(outputs)
        return outputs

    def compute_output_shape(self, input_shape):
        spec = self.compute_output_spec(KerasTensor(input_shape))
        return tree.map_structure(lambda x: x.shape, spec)

    @property
    def input_shape(self):
        return self._require_functional("input_shape").input_shape

    @property
    def output_shape(self):
        return self._require_functional("output_shape").output_shape

    @property
    def inputs(self):
        return self._require_functional("inputs").inputs

    @property
    def outputs(self):
        return self._require_functional("outputs").outputs

    @property
    def input(self):
        return self._require_functional("input").input

    @property
    def output(self):
        return self._require_functional("output").output

    @property
    def input_dtype(self):
        layers = self._layers
        if layers and isinstance(layers[0], InputLayer):
            return layers[0].dtype
        if self.layers:
            return self.layers[0].input_dtype
        return super().input_dtype

    def _require_functional(self, attribute):
        if self._functional is None:
            raise AttributeError(
                f"Sequential model '{self.name}' has no `{attribute}` yet: "
                "it is not built. Give it a `keras.Input` first, call "
                "`build(input_shape)`, or call it on data."
            )
        return self._functional

    def get_config(self):
        config = {
            "name": self.name,
            "trainable": self.trainable,
            "dtype": serialization_lib.serialize_keras_object(
                self.dtype_policy
            ),
            "layers": [
                serialization_lib.serialize_keras_object(layer)
                for layer in self._layers
            ],
        }
        if self._build_shapes is not None:
            config["build_input_shape"] = self._build_shapes["input_shape"]
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        model = cls(
            name=config.get("name"), trainable=config.get("trainable", True)
        )
        for layer_config in config["layers"]:
            layer = serialization_lib.deserialize_keras_object(
                layer_config, custom_objects=custom_objects
            )
            model.add(layer, rebuild=False)
        model._maybe_rebuild()
        shape = config.get("build_input_shape")
        if not model.built and shape is not None:
            model.build(shape)
        return model
