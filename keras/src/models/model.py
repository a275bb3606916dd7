"""`Model`: a layer with training, saving and inspection features.

`Model(inputs, outputs)` builds a functional model (a `Functional`);
subclasses define their own `call`.
"""

import json
import warnings

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.layers import layer_helpers
from keras.src.layers.layer import Layer
from keras.src.trainers.trainer import Trainer
from keras.src.saving import serialization_lib


@keras_export(["keras.Model", "keras.models.Model"])
class Model(Trainer, Layer):
    """A layer that groups layers, with `summary()`, `get_layer()` and
    (de)serialization. Create one in one of three ways:

    - functionally: `keras.Model(inputs, outputs)` from `keras.Input`s;
    - by subclassing `Model` and writing `call`;
    - with `keras.Sequential` for a plain stack of layers.

    Example:

    >>> inputs = keras.Input((4,))
    >>> outputs = keras.layers.Dense(2)(inputs)
    >>> model = keras.Model(inputs, outputs)
    >>> model(np.ones((3, 4))).shape
    (3, 2)
    """

    def __new__(cls, *args, **kwargs):
        if _functional_arguments(args, kwargs):
            # `Model(inputs, outputs)` (and `MyModel(inputs, outputs)` for
            # a subclass that only overrides methods such as `train_step`)
            # is a functional model: Keras code relies on getting a
            # `Functional` instance (saved files name that class).
            cls = _as_functional(cls)
        return super().__new__(cls, *args, **kwargs)

    def __init__(self, *args, **kwargs):
        if _functional_arguments(args, kwargs):
            # A subclass's `__init__` that passes `inputs` and `outputs` to
            # `super().__init__()`: make it functional from here on.
            object.__setattr__(self, "__class__", _as_functional(type(self)))
            _functional_class().__init__(self, *args, **kwargs)
            return
        trainable = kwargs.pop("trainable", True)
        name = kwargs.pop("name", None)
        dtype = kwargs.pop("dtype", None)
        Layer.__init__(
            self, trainable=trainable, name=name, dtype=dtype, **kwargs
        )

    @property
    def layers(self):
        """The model's direct sublayers."""
        return [layer for layer in self._layers]

    def get_layer(self, name=None, index=None):
        """Returns a sublayer by `name` or by `index` in `layers`.

        Example:

        >>> model = keras.Sequential([keras.layers.Dense(2, name="out")])
        >>> model.get_layer("out").name
        'out'
        """
        if (name is None) == (index is None):
            raise ValueError(
                f"Model '{self.name}': pass exactly one of `name` and "
                f"`index` to `get_layer()`. Received: name={name!r}, "
                f"index={index!r}"
            )
        layers = self.layers
        if index is not None:
            if not -len(layers) <= index < len(layers):
                raise ValueError(
                    f"Model '{self.name}' has {len(layers)} layers; "
                    f"`index={index}` is out of range."
                )
            return layers[index]
        for layer in layers:
            if layer.name == name:
                return layer
        raise ValueError(
            f"No such layer: {name}. Existing layers are: "
            f"{[layer.name for layer in layers]}."
        )

    def build(self, input_shape):
        """Creates the model's variables by running `call` symbolically
        on inputs of `input_shape`."""
        if input_shape is None:
            raise ValueError(
                f"Model '{self.name}': `build()` needs an `input_shape`."
            )
        specs = layer_helpers.map_shapes(
            lambda shape: KerasTensor(shape, dtype=self.input_dtype),
            input_shape,
        )
        backend.compute_output_spec(self.call, specs)
        self.built = True

    def summary(
        self,
        line_length=None,
        positions=None,
        print_fn=None,
        expand_nested=False,
        show_trainable=False,
        layer_range=None,
    ):
        """Prints a table of the model's layers, their output shapes and
        parameter counts.

        Args:
            line_length: the table's width in characters.
            positions: where the columns end (fractions or characters).
            print_fn: a function called with each line (default: print).
            expand_nested: whether to list the layers of nested models.
            show_trainable: whether to add a column saying whether each
                layer is trainable.
            layer_range: `[first, last]` names (or indices) of the layers
                to show.

        Example:

        >>> model = keras.Sequential([keras.Input((3,)),
        ...                           keras.layers.Dense(2)])
        >>> model.summary(print_fn=lambda line, **kw: None)
        """
        # Imported here: `rich` costs `import keras` ~20 ms.
        from keras.src.utils import summary_utils

        summary_utils.print_summary(
            self,
            line_length=line_length,
            positions=positions,
            print_fn=print_fn,
            expand_nested=expand_nested,
            show_trainable=show_trainable,
            layer_range=layer_range,
        )

    # -- saving (keras.src.saving.saving_api does the work) ----------------

    def __reduce__(self):
        # A model pickles (and deep-copies) as the bytes of its `.keras`
        # file, as Keras's do: its compiled step functions cannot pickle.
        from keras.src.saving import saving_lib

        return (
            saving_lib.model_from_bytes,
            (saving_lib.model_to_bytes(self),),
        )

    def save(self, filepath, overwrite=True, zipped=None, **kwargs):
        """Saves the model (architecture, variables and optimizer state)
        to a `.keras` file, written atomically.

        Args:
            filepath: a `.keras` path; a folder path with `zipped=False`;
                or a `.h5` path for the legacy HDF5 format.
            overwrite: whether to replace an existing file.
            zipped: whether to write a zip file (default for `.keras`) or
                a plain folder.
            **kwargs: see `keras.saving.save_model`.

        Example:

        >>> import os, tempfile
        >>> model = keras.Sequential([keras.Input((3,)),
        ...                           keras.layers.Dense(2)])
        >>> path = os.path.join(tempfile.mkdtemp(), "model.keras")
        >>> model.save(path)
        >>> keras.models.load_model(path).layers[0].units
        2
        """
        from keras.src.saving import saving_api

        return saving_api.save_model(
            self, filepath, overwrite=overwrite, zipped=zipped, **kwargs
        )

    def save_weights(self, filepath, overwrite=True, max_shard_size=None):
        """Saves the variables of the model and its optimizer to a
        `.weights.h5` file (written atomically).

        Args:
            filepath: the file path; must end in `.weights.h5`.
            overwrite: whether to replace an existing file.
            max_shard_size: when set, the largest shard in GB: the weights
                go to `<name>_00000.weights.h5`, ... indexed by
                `<name>.weights.json`.

        Example:

        >>> model = keras.Sequential([keras.Input((3,)),
        ...                           keras.layers.Dense(2)])
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "m.weights.h5")
        >>> model.save_weights(path)
        >>> model.load_weights(path)
        """
        from keras.src.saving import saving_api

        return saving_api.save_weights(
            self, filepath, overwrite=overwrite,
            max_shard_size=max_shard_size,
        )

    def load_weights(self, filepath, skip_mismatch=False, **kwargs):
        """Loads variables into the model (and its optimizer, when the
        file holds optimizer state) from a `.weights.h5` file, a sharded
        `.weights.json` index, a `.keras` file or a legacy `.h5` file.

        Args:
            filepath: the file to read.
            skip_mismatch: whether to skip (with a warning) variables
                whose count or shape does not match instead of raising.
            **kwargs: `by_name` for legacy `.h5` files.

        Example:

        >>> model = keras.Sequential([keras.Input((3,)),
        ...                           keras.layers.Dense(2)])
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "m.weights.h5")
        >>> model.save_weights(path)
        >>> model.load_weights(path)
        """
        from keras.src.saving import saving_api

        saving_api.load_weights(
            self, filepath, skip_mismatch=skip_mismatch, **kwargs
        )

    # -- end of saving ---------------------------------------------------------

    def export(
        self,
        filepath,
        format="tf_saved_model",
        verbose=None,
        input_signature=None,
        **kwargs,
    ):
        """Exports the model for inference outside Keras.

        Formats: `"tf_saved_model"` (a TensorFlow SavedModel directory
        with a `serve` endpoint, also its `serving_default` signature),
        `"onnx"` (kwargs: `opset_version`), `"openvino"` (needs
        `openvino`), `"litert"` (a `.tflite` file) and `"torch"` (torch
        backend). The numpy backend cannot export.

        Args:
            filepath: where to write the artifact.
            format: one of the formats above.
            verbose: whether to print what was written (default `True`).
            input_signature: the inputs' specs (`keras.InputSpec`,
                `tf.TensorSpec` or `KerasTensor`); default: inferred from
                the built model, with a free batch axis.
            **kwargs: options of the format's exporter.

        Example:

        >>> model = keras.Sequential([keras.Input((3,)),
        ...                           keras.layers.Dense(2)])
        >>> if keras.config.backend() != "numpy":
        ...     model.export("/tmp/exported_model", verbose=False)
        """
        from keras.src import export as export_lib

        exporters = {
            "tf_saved_model": export_lib.export_saved_model,
            "onnx": export_lib.export_onnx,
            "openvino": export_lib.export_openvino,
            "litert": export_lib.export_litert,
            "torch": export_lib.export_torch,
        }
        if format not in exporters:
            raise ValueError(
                f"Unrecognized format={format}. Supported formats are: "
                f"{list(exporters)}."
            )
        exporters[format](
            self, filepath, verbose=verbose,
            input_signature=input_signature, **kwargs,
        )

    def quantize(self, mode=None, config=None, filters=None, **kwargs):
        """Quantizes the weights of the model's `Dense`, `EinsumDense`
        and `Embedding` layers in place.

        Args:
            mode: `"int8"`, `"int4"`, `"float8"`, `"gptq"` or `"awq"` (or
                `None` to take `config.mode`).
            config: a `keras.quantizers.QuantizationConfig`; required for
                `"gptq"` (`GPTQConfig`) and `"awq"` (`AWQConfig`), whose
                calibration data and layer structure it carries.
            filters: which layers to quantize: `None` (all), a regex or a
                list of regexes searched in layer names, or a callable
                `f(layer) -> bool`.
            **kwargs: none are accepted.

        Example:

        >>> model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
        >>> model.quantize("int8")
        >>> model.layers[0].dtype_policy.name
        'int8_from_float32'
        """
        from keras.src.quantizers import quantization_config
        from keras.src.quantizers.utils import should_quantize_layer

        if kwargs:
            raise ValueError(
                "Unrecognized keyword arguments passed to "
                f"{type(self).__name__}: {kwargs}"
            )
        if mode is None and config is None:
            raise ValueError(
                "You must provide either `mode` or `config` to `quantize`."
            )
        calibrated = {"gptq": "GPTQConfig", "awq": "AWQConfig"}
        if mode in calibrated and config is None:
            raise ValueError(
                f"For {mode.upper()}, you must pass a `{calibrated[mode]}` "
                "object in the `config` argument."
            )
        config = quantization_config.validate_and_resolve_config(
            mode, config
        )
        from keras.src.trainers.trainer import _backend_trainer

        # State the steps hold outside the variables (JAX) goes back into
        # them first: the float variables are about to be replaced.
        _backend_trainer().sync_state(self)
        if config.mode in calibrated:
            self._calibrated_quantize(config, filters)
            return
        quantized = 0
        for layer in self._flatten_layers(include_self=False):
            if (type(layer).quantize is Layer.quantize
                    or isinstance(layer, Model)
                    or layer.quantization_mode is not None
                    or not layer.built
                    or not should_quantize_layer(layer, filters)):
                continue
            layer.quantize(config.mode, type_check=False, config=config)
            quantized += 1
        if not quantized:
            warnings.warn(
                f"Model '{self.name}': no layer was quantized (none of its "
                "layers supports quantization or passes `filters`).",
                stacklevel=2,
            )
        # Compiled steps hold the float variables: rebuild them.
        self.train_function = self.test_function = None
        self.predict_function = None

    def get_quantization_layer_structure(self, mode):
        """The layers GPTQ/AWQ calibrate through, for `quantize`.

        Override it in a model class to describe how calibration samples
        flow through the model (the default has no structure: pass one
        in the config's `quantization_layer_structure` instead).

        Args:
            mode: `"gptq"` or `"awq"`.

        Returns:
            `None`, or a dict with `"pre_block_layers"` (layers turning
            the samples into the first block's inputs) and
            `"sequential_blocks"` (the blocks, in order).

        Example:

        >>> model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
        >>> model.get_quantization_layer_structure("gptq") is None
        True
        """
        return None

    def _calibrated_quantize(self, config, filters):
        from keras.src.quantizers.awq_core import awq_quantize
        from keras.src.quantizers.gptq_core import gptq_quantize

        structure = config.quantization_layer_structure
        if structure is None:
            structure = self.get_quantization_layer_structure(config.mode)
        run = gptq_quantize if config.mode == "gptq" else awq_quantize
        if structure is None:
            # Let the core raise its error naming both ways to give one.
            run(config, structure, filters=filters)
        quantized = run(config, structure, filters=filters)
        if not quantized:
            warnings.warn(
                f"Model '{self.name}': no layer was quantized (none of the "
                "structure's blocks holds a float Dense/EinsumDense layer "
                "passing `filters`).",
                stacklevel=3,
            )
        self.train_function = self.test_function = None
        self.predict_function = None

    def to_json(self, **kwargs):
        """Returns the model's architecture as a JSON string.

        Args:
            **kwargs: passed to `json.dumps`.

        Example:

        >>> model = keras.Sequential([keras.layers.Dense(2)])
        >>> json_string = model.to_json()
        >>> keras.models.model_from_json(json_string).layers[0].units
        2
        """
        config = serialization_lib.serialize_keras_object(self)
        return json.dumps(config, default=_json_default, **kwargs)

    def get_config(self):
        config = {
            "name": self.name,
            "trainable": self.trainable,
        }
        if type(self).get_config is not Model.get_config:
            return config
        auto = self._auto_config
        if auto is None:
            raise NotImplementedError(
                f"Model {type(self).__name__} was created with arguments "
                "that cannot be serialized automatically, so it must "
                "override `get_config()`."
            )
        return {**config, **auto}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        if _looks_functional(config):
            functional = _functional_class()
            return functional.from_config.__func__(
                _as_functional(cls), config, custom_objects=custom_objects
            )
        return super().from_config(config)


@keras_export("keras.models.model_from_json")
def model_from_json(json_string, custom_objects=None):
    """Recreates a model from the JSON string `Model.to_json()` gave.

    Args:
        json_string: the JSON string.
        custom_objects: `{name: class or function}` for custom objects.

    Returns:
        The (unbuilt or freshly built) model, with new weights.

    Example:

    >>> model = keras.Sequential([keras.layers.Dense(2)])
    >>> clone = keras.models.model_from_json(model.to_json())
    >>> type(clone).__name__
    'Sequential'
    """
    config = json.loads(json_string)
    return serialization_lib.deserialize_keras_object(
        config, custom_objects=custom_objects
    )


def _functional_arguments(args, kwargs):
    """Whether `Model(...)` was given functional `inputs` and `outputs`."""
    if "inputs" in kwargs and "outputs" in kwargs:
        return True
    if len(args) == 2 or (len(args) == 1 and "outputs" in kwargs):
        return all(
            isinstance(x, KerasTensor) for x in tree.flatten(args[0])
        ) and bool(tree.flatten(args[0]))
    return False


def _functional_class():
    # Imported here: `functional.py` subclasses `Model`.
    from keras.src.models.functional import Functional

    return Functional


_FUNCTIONAL_SUBCLASSES = {}


def _as_functional(cls):
    """`cls` itself if it is functional, else a subclass of `cls` and
    `Functional` (made once per class)."""
    functional = _functional_class()
    if issubclass(cls, functional):
        return cls
    if cls is Model:
        return functional
    if cls not in _FUNCTIONAL_SUBCLASSES:
        _FUNCTIONAL_SUBCLASSES[cls] = type(
            cls.__name__,
            (cls, functional),
            {"__module__": cls.__module__, "__qualname__": cls.__qualname__},
        )
    return _FUNCTIONAL_SUBCLASSES[cls]


def _looks_functional(config):
    return (
        isinstance(config, dict)
        and "layers" in config
        and "input_layers" in config
        and "output_layers" in config
    )


def _json_default(value):
    """Makes NumPy scalars and arrays in configs JSON-serializable."""
    if hasattr(value, "tolist"):
        return value.tolist()
    raise TypeError(f"Not JSON serializable: {value!r}")


# -- Keras's module-level names -------------------------------------------------


def functional_init_arguments(args, kwargs):
    """Returns whether `Model(*args, **kwargs)` describes a functional
    model (`inputs` and `outputs` given, positionally or by name).

    Example:

    >>> x = keras.Input((2,))
    >>> functional_init_arguments((x, keras.layers.Dense(1)(x)), {})
    True
    >>> functional_init_arguments((), {"inputs": x})
    False
    """
    return _functional_arguments(args, kwargs)


def inject_functional_model_class(cls):
    """Returns the functional form of the model class `cls`: `Functional`
    for `Model` itself, `cls` when it is already functional, else a
    subclass of both `cls` and `Functional` (made once per class).

    Example:

    >>> inject_functional_model_class(keras.Model).__name__
    'Functional'
    """
    return _as_functional(cls)
