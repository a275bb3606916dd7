"""The JAX backend's half of `keras.export.ExportArchive`.

Tracking a layer mirrors each of its Keras variables in a `tf.Variable`
(what the SavedModel stores). An endpoint runs the user's function as a
pure JAX function of those variables' values (a `StatelessScope` maps each
Keras variable to the value passed in), converted to TensorFlow with
`jax2tf.convert` and wrapped in a `tf.function` that reads the
`tf.Variable`s. Free (`None`) axes of the signature become symbolic
dimensions of jax2tf's shape polymorphism, so the exported function takes
any batch size. The first axis of every input shares one symbol
(`batch`): inputs that are concatenated or added along it must agree.

jax2tf (JAX 0.10) serializes natively: the graph holds one `XlaCallModule`
op with the StableHLO of the function, lowered for the platforms in
`jax2tf_kwargs["native_serialization_platforms"]` (default: the platform
exporting). TensorFlow runs it anywhere XLA does; converters that read TF
graphs op by op (tf2onnx) cannot read it.

Variables a training-mode endpoint updates (BatchNormalization's moving
statistics) are assigned to their `tf.Variable`s after the call.

TensorFlow and jax2tf are imported on first use: `import keras` on JAX
stays free of TensorFlow.
"""

from keras.src import tree
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.utils.module_utils import tensorflow as tf

BATCH_SYMBOL = "batch"


class JaxExportArchive:
    """Mirrors Keras variables in `tf.Variable`s; endpoints via jax2tf."""

    def _jax_state(self):
        # (keras variables in tracking order, {id: tf.Variable}).
        if "_jax_keras_variables" not in self.__dict__:
            self._jax_keras_variables = []
            self._jax_tf_variables = {}
        return self._jax_keras_variables, self._jax_tf_variables

    def _tf_variable_for(self, variable):
        """Returns the `tf.Variable` mirroring a tracked Keras variable."""
        _, tf_variables = self._jax_state()
        if id(variable) not in tf_variables:
            raise ValueError(
                f"Variable {getattr(variable, 'path', variable)!r} belongs "
                "to no tracked layer: call `track()` on its layer first."
            )
        return tf_variables[id(variable)]

    def _track_layer(self, layer):
        keras_variables, tf_variables = self._jax_state()
        trainable_ids = {id(v) for v in layer.trainable_variables}
        for variable in layer.variables:
            if id(variable) in tf_variables:
                continue
            tf_variable = tf.Variable(
                variable.numpy(),
                dtype=variable.dtype,
                trainable=id(variable) in trainable_ids,
                name=variable.name,
            )
            keras_variables.append(variable)
            tf_variables[id(variable)] = tf_variable
            self._tf_trackable.variables.append(tf_variable)
            if id(variable) in trainable_ids:
                self._tf_trackable.trainable_variables.append(tf_variable)
            else:
                self._tf_trackable.non_trainable_variables.append(
                    tf_variable
                )

    def add_endpoint(self, name, fn, input_signature=None, **kwargs):
        from jax.experimental import jax2tf

        jax2tf_kwargs = dict(kwargs.pop("jax2tf_kwargs", None) or {})
        is_static = kwargs.pop("is_static", False)
        if kwargs:
            raise TypeError(
                f"Endpoint '{name}': unexpected keyword arguments "
                f"{sorted(kwargs)} for the jax backend (it accepts "
                "`jax2tf_kwargs` and `is_static`)."
            )
        keras_variables, tf_variables = self._jax_state()
        keras_variables = list(keras_variables)
        tf_vars = [tf_variables[id(v)] for v in keras_variables]
        updated = []

        def stateless_fn(values, *args):
            mapping = list(zip(keras_variables, values))
            with StatelessScope(state_mapping=mapping) as scope:
                outputs = fn(*args)
            new_values = []
            updated.clear()
            for i, (variable, value) in enumerate(mapping):
                current = scope.get_current_value(variable)
                if current is not None and current is not value:
                    updated.append(i)
                    new_values.append(current)
            return outputs, new_values

        if "polymorphic_shapes" not in jax2tf_kwargs and not is_static:
            jax2tf_kwargs["polymorphic_shapes"] = [None] + [
                _polymorphic_shapes(arg, i)
                for i, arg in enumerate(input_signature)
            ]
        jax2tf_kwargs.setdefault("with_gradient", False)
        converted = jax2tf.convert(stateless_fn, **jax2tf_kwargs)

        def endpoint(*args):
            values = [v.read_value() for v in tf_vars]
            outputs, new_values = converted(values, *args)
            for i, value in zip(updated, new_values):
                tf_vars[i].assign(value)
            return outputs

        return tf.function(
            endpoint, input_signature=input_signature, autograph=False
        )


def _polymorphic_shapes(arg_spec, arg_index):
    """jax2tf shape strings for one argument's spec structure: the first
    axis is `batch`, other free axes get their own symbol."""
    counter = [0]

    def one(spec):
        dims = []
        for axis, size in enumerate(spec.shape.as_list()):
            if size is not None:
                dims.append(str(size))
            elif axis == 0:
                dims.append(BATCH_SYMBOL)
            else:
                counter[0] += 1
                dims.append(f"d{arg_index}_{counter[0]}")
        if len(dims) == 1:
            return f"({dims[0]},)"
        return "(" + ", ".join(dims) + ")"

    return tree.map_structure(one, arg_spec)
