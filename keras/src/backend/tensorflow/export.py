"""The TensorFlow backend's half of `keras.export.ExportArchive`.

On TensorFlow a Keras variable already holds a `tf.Variable` and a layer's
call is made of TensorFlow ops, so an endpoint is the user's function
wrapped in `tf.function` with its input signature, reading the variables
directly. See `keras/src/export/saved_model.py` for the contract.
"""

import tensorflow as tf

# Endpoint options meant for other backends' archives (JAX's), accepted
# and ignored here so one export call works on every backend.
_OTHER_BACKENDS_OPTIONS = ("is_static", "jax2tf_kwargs")


class TFExportArchive:
    """Tracks `tf.Variable`s and builds `tf.function` endpoints."""

    def _tf_variable_for(self, variable):
        """Returns the `tf.Variable` behind a Keras variable."""
        value = getattr(variable, "_value", None)
        if isinstance(value, tf.Variable):
            return value
        if isinstance(variable, tf.Variable):
            return variable
        raise ValueError(
            f"Variable {getattr(variable, 'path', variable)!r} holds no "
            "`tf.Variable`: it was not created by the tensorflow backend."
        )

    def _track_layer(self, layer):
        tracked = self.__dict__.setdefault("_tf_tracked_variable_ids", set())
        trainable_ids = {id(v) for v in layer.trainable_variables}
        for variable in layer.variables:
            if id(variable) in tracked:
                continue
            tracked.add(id(variable))
            self._add_tf_variable(
                self._tf_variable_for(variable), id(variable) in trainable_ids
            )

    def add_endpoint(self, name, fn, input_signature=None, **kwargs):
        jit_compile = kwargs.pop("jit_compile", None)
        for key in _OTHER_BACKENDS_OPTIONS:
            kwargs.pop(key, None)
        if kwargs:
            raise TypeError(
                f"Endpoint '{name}': unexpected keyword arguments "
                f"{sorted(kwargs)} for the tensorflow backend (it accepts "
                "`jit_compile`)."
            )
        return tf.function(
            fn,
            input_signature=input_signature,
            autograph=False,
            jit_compile=jit_compile,
        )
