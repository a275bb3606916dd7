"""`TFSMLayer`: a TensorFlow SavedModel endpoint used as a Keras layer.

On the tensorflow backend the layer calls the reloaded endpoint inside
Keras's graphs, and its weights are the SavedModel's own `tf.Variable`s
(trainable ones stay trainable). On the other backends it runs eagerly:
inputs go to TensorFlow as NumPy arrays and outputs come back as backend
tensors; the weights are then inference-only (the endpoint reads the
SavedModel's variables, not Keras's), so the layer is not trainable there,
and models holding it run their steps uncompiled (`supports_jit` False).
"""

import numpy as np

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib
from keras.src.utils.module_utils import tensorflow as tf


@keras_export("keras.layers.TFSMLayer")
class TFSMLayer(Layer):
    """Calls an endpoint of a TensorFlow SavedModel as a layer (inference).

    Reloads a SavedModel written by `model.export()` or
    `keras.export.ExportArchive` (or any SavedModel with endpoints or
    signatures). Use it to run or fine-tune an exported artifact inside a
    Keras model. Loading a SavedModel runs its graph: a config holding a
    `TFSMLayer` only deserializes with `safe_mode=False`.

    Args:
        filepath: the SavedModel directory.
        call_endpoint: the endpoint (an attribute of the reloaded model,
            or a key of its `signatures`) called in inference.
        call_training_endpoint: the endpoint called with `training=True`
            (default: `call_endpoint`).
        trainable: whether the SavedModel's trainable variables are
            trainable weights of this layer (tensorflow backend).
        name: the layer's name.
        dtype: the layer's dtype policy.

    Example:

    >>> model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    >>> if keras.config.backend() != "numpy":
    ...     model.export("/tmp/tfsm_example", verbose=False)
    ...     layer = keras.layers.TFSMLayer("/tmp/tfsm_example")
    ...     outputs = layer(np.ones((4, 3), "float32"))
    """

    def __init__(
        self,
        filepath,
        call_endpoint="serve",
        call_training_endpoint=None,
        trainable=True,
        name=None,
        dtype=None,
    ):
        super().__init__(trainable=trainable, name=name, dtype=dtype)
        self.filepath = str(filepath)
        self.call_endpoint = call_endpoint
        self.call_training_endpoint = call_training_endpoint
        self._reloaded_obj = tf.saved_model.load(self.filepath)
        self._call_fn = self._find_endpoint(call_endpoint, "call_endpoint")
        self._training_fn = None
        if call_training_endpoint is not None:
            self._training_fn = self._find_endpoint(
                call_training_endpoint, "call_training_endpoint"
            )
        self._track_saved_variables()
        if backend.backend() != "tensorflow":
            # Calls go through NumPy: a compiled step cannot trace them.
            self.supports_jit = False
        self.built = True

    def _find_endpoint(self, endpoint, argument):
        obj = self._reloaded_obj
        if isinstance(endpoint, str) and hasattr(obj, endpoint):
            fn = getattr(obj, endpoint)
            if callable(fn):
                return fn
        signatures = getattr(obj, "signatures", {})
        if endpoint in signatures:
            return signatures[endpoint]
        available = sorted(
            set(signatures)
            | {n for n in dir(obj) if _is_endpoint(getattr(obj, n, None))}
        )
        raise ValueError(
            f"The endpoint '{endpoint}' is neither an attribute of the "
            "reloaded SavedModel, nor an entry in the `signatures` field of "
            f"the reloaded SavedModel. Select another endpoint via the "
            f"`{argument}` argument. Available endpoints for this "
            f"SavedModel: {available}"
        )

    def _track_saved_variables(self):
        obj = self._reloaded_obj
        trainable = list(getattr(obj, "trainable_variables", []) or [])
        non_trainable = list(
            getattr(obj, "non_trainable_variables", []) or []
        )
        seen = {id(v) for v in trainable + non_trainable}
        for v in getattr(obj, "variables", []) or []:
            if id(v) not in seen:
                (trainable if v.trainable else non_trainable).append(v)
        on_tf = backend.backend() == "tensorflow"
        for tf_variable, is_trainable in [(v, True) for v in trainable] + [
            (v, False) for v in non_trainable
        ]:
            variable = backend.Variable(
                initializer=tf_variable.numpy(),
                dtype=tf_variable.dtype.name,
                trainable=is_trainable and on_tf,
                name=tf_variable.name.split(":")[0].split("/")[-1],
            )
            if on_tf:
                # The endpoint reads the SavedModel's variables: the Keras
                # variable holds that same `tf.Variable`.
                variable._value = tf_variable
            self._track_variable(variable)

    def call(self, inputs, training=False, **kwargs):
        fn = self._training_fn if training and self._training_fn else (
            self._call_fn
        )
        if backend.backend() == "tensorflow":
            return _call(fn, inputs, kwargs)
        inputs = tree.map_structure(
            lambda x: tf.convert_to_tensor(backend.convert_to_numpy(x)),
            inputs,
        )
        outputs = _call(fn, inputs, kwargs)
        return tree.map_structure(
            lambda x: backend.convert_to_tensor(np.asarray(x)), outputs
        )

    def compute_output_spec(self, inputs, training=False, **kwargs):
        fn = self._training_fn if training and self._training_fn else (
            self._call_fn
        )
        outputs = _output_specs(fn)
        return tree.map_structure(
            lambda s: backend.KerasTensor(
                tuple(s.shape.as_list()), dtype=s.dtype.name
            ),
            outputs,
        )

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "filepath": self.filepath,
                "call_endpoint": self.call_endpoint,
                "call_training_endpoint": self.call_training_endpoint,
            }
        )
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None, safe_mode=None):
        from keras.src.saving import safe_mode as safe_mode_lib

        scoped = safe_mode_lib.in_safe_mode()
        safe = scoped if scoped is not None else (
            True if safe_mode is None else safe_mode
        )
        if safe:
            raise safe_mode_lib.refusal(
                "Requested the deserialization of a `TFSMLayer`, which "
                "loads an external SavedModel and runs its graph: this may "
                "execute arbitrary code, so it is disallowed by default."
            )
        config = dict(config)
        if isinstance(config.get("dtype"), dict):
            config["dtype"] = serialization_lib.deserialize_keras_object(
                config["dtype"], custom_objects=custom_objects
            )
        return cls(**config)


def _is_endpoint(value):
    return value is not None and hasattr(value, "concrete_functions")


def _call(fn, inputs, kwargs):
    # A signature takes keyword tensors and returns a dict.
    if hasattr(fn, "structured_input_signature") and not hasattr(
        fn, "concrete_functions"
    ):
        args, keywords = fn.structured_input_signature
        if not args and keywords and not isinstance(inputs, dict):
            flat = tree.flatten(inputs)
            inputs = dict(zip(sorted(keywords), flat))
        if isinstance(inputs, dict):
            return fn(**inputs, **kwargs)
    return fn(inputs, **kwargs)


def _output_specs(fn):
    if hasattr(fn, "concrete_functions"):
        concrete = fn.concrete_functions
        if not concrete:
            raise ValueError(
                "The reloaded endpoint has no traced function, so its "
                "outputs cannot be inferred."
            )
        return concrete[0].structured_outputs
    return fn.structured_outputs
