"""`ExportArchive`: writes a TensorFlow SavedModel of Keras layers.

THE CONTRACT between this module and the backends. `ExportArchive`
subclasses the active backend's archive class,
`keras.src.backend.<name>.export.<Name>ExportArchive` (TFExportArchive,
JaxExportArchive, TorchExportArchive, NumpyExportArchive), which provides:

- `_track_layer(self, layer)`: called by `track()` once for every Keras
  `Layer`/`Model` tracked (already checked to be built). It makes each of
  the layer's variables (`layer.variables`) available as a `tf.Variable`
  (on TensorFlow they already are; other backends create a mirror holding
  the value, dtype, trainable flag and name, and keep a mapping from the
  Keras variable, by id, to it) and appends those `tf.Variable`s to
  `self._tf_trackable.variables` and to `.trainable_variables` or
  `.non_trainable_variables`, each once, through
  `self._add_tf_variable(tf_variable, trainable)`. Returns nothing. Backends may
  offer `_tf_variable_for(keras_variable)` returning the mirror; the
  archive uses it for `add_variable_collection`.
- `add_endpoint(self, name, fn, input_signature=None, **kwargs)`: returns
  a `tf.function` with a concrete `input_signature` whose body computes
  `fn` on TF tensors, reading the tracked `tf.Variable`s. The
  `input_signature` it receives is already normalized here: a list, one
  entry per positional argument of `fn`, each a (nested) structure of
  `tf.TensorSpec` (`None` axes are dynamic), whatever the user passed
  (`keras.InputSpec`, `KerasTensor`, `tf.TensorSpec`). `kwargs` are the
  user's backend options (JAX: `jax2tf_kwargs`, `is_static`).

`self._tf_trackable` is a TensorFlow `AutoTrackable`: what
`tf.saved_model.save` writes. Endpoints and variable collections become
its attributes; each endpoint is also a signature of the SavedModel, and
the endpoint named `serve` (else the first one) is `serving_default`.
"""

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.export import export_utils
from keras.src.layers.layer import Layer
from keras.src.utils import io_utils
from keras.src.utils.module_utils import tensorflow as tf

DEFAULT_ENDPOINT_NAME = "serve"

if backend.backend() == "tensorflow":
    from keras.src.backend.tensorflow.export import (
        TFExportArchive as BackendExportArchive,
    )
elif backend.backend() == "jax":
    from keras.src.backend.jax.export import (
        JaxExportArchive as BackendExportArchive,
    )
elif backend.backend() == "torch":
    try:
        from keras.src.backend.torch.export import (
            TorchExportArchive as BackendExportArchive,
        )
    except ImportError:  # Not written yet: export refuses with an error.
        from keras.src.backend.numpy.export import (
            NumpyExportArchive as BackendExportArchive,
        )
else:
    from keras.src.backend.numpy.export import (
        NumpyExportArchive as BackendExportArchive,
    )

_NEEDS_SIGNATURE = (
    "If the `fn` argument provided is not a `tf.function` with an "
    "`input_signature`, you must provide an `input_signature` argument "
    "to specify the shape and dtype of the function arguments. Example:\n\n"
    "export_archive.add_endpoint(\n"
    "    name='call',\n"
    "    fn=model.call,\n"
    "    input_signature=[\n"
    "        keras.InputSpec(\n"
    "            shape=(None, 224, 224, 3),\n"
    "            dtype='float32',\n"
    "        )\n"
    "    ],\n"
    ")"
)


@keras_export("keras.export.ExportArchive")
class ExportArchive(BackendExportArchive):
    """Writes an inference artifact (a TensorFlow SavedModel).

    Track the layers or models whose variables the artifact holds, add one
    or more endpoints (functions with an input signature), then write the
    archive. The SavedModel runs in TensorFlow alone (TF Serving, TFLite
    converters, `tf.saved_model.load`), without Keras.

    The numpy backend cannot export (it has no graph to trace); the
    example runs on the others.

    Example:

    >>> model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    >>> if keras.config.backend() != "numpy":
    ...     archive = keras.export.ExportArchive()
    ...     archive.track(model)
    ...     _ = archive.add_endpoint(
    ...         name="serve",
    ...         fn=lambda x: model(x, training=False),
    ...         input_signature=[
    ...             keras.InputSpec(shape=(None, 3), dtype="float32")
    ...         ],
    ...     )
    ...     archive.write_out("/tmp/exported_model", verbose=False)
    """

    def __init__(self):
        self._endpoint_names = []
        self._endpoint_signatures = {}
        self._tracked = []
        self.tensorflow_version = tf.initialize().__version__
        tracking = tf.initialize().__internal__.tracking
        self._tf_trackable = tracking.AutoTrackable()
        self._tf_trackable.variables = []
        self._tf_trackable.trainable_variables = []
        self._tf_trackable.non_trainable_variables = []
        self._tf_trackable._misc_resources = []

    def _add_tf_variable(self, tf_variable, trainable):
        """Lists a tracked layer's `tf.Variable` in the SavedModel."""
        self._tf_trackable.variables.append(tf_variable)
        if trainable:
            self._tf_trackable.trainable_variables.append(tf_variable)
        else:
            self._tf_trackable.non_trainable_variables.append(tf_variable)

    @property
    def variables(self):
        """The `tf.Variable`s of every tracked resource."""
        return list(self._tf_trackable.variables)

    @property
    def trainable_variables(self):
        """The trainable `tf.Variable`s of every tracked resource."""
        return list(self._tf_trackable.trainable_variables)

    @property
    def non_trainable_variables(self):
        """The non-trainable `tf.Variable`s of every tracked resource."""
        return list(self._tf_trackable.non_trainable_variables)

    def track(self, resource):
        """Tracks a layer (its variables) or a TensorFlow resource.

        Endpoints may only use the variables of tracked layers.

        Args:
            resource: a built Keras `Layer` or `Model`, or a TensorFlow
                trackable (a lookup table, a `tf.Module`).

        Example:

        >>> model = keras.Sequential([keras.Input((3,)),
        ...                           keras.layers.Dense(2)])
        >>> archive = keras.export.ExportArchive()
        >>> archive.track(model)
        >>> len(archive.variables)
        2
        """
        if isinstance(resource, Layer):
            if not resource.built:
                raise ValueError(
                    "The layer provided has not yet been built. It must be "
                    f"built before export. Received: layer '{resource.name}'"
                    " of type "
                    f"{resource.__class__.__name__}. Call it on data or call"
                    " `build(input_shape)` first."
                )
            if any(r is resource for r in self._tracked):
                return
            self._tracked.append(resource)
            self._track_layer(resource)
            return
        if tf.available and isinstance(
            resource, tf.initialize().__internal__.tracking.Trackable
        ):
            self._tracked.append(resource)
            self._tf_trackable._misc_resources.append(resource)
            return
        raise ValueError(
            "Invalid resource type. Expected a Keras `Layer` or `Model` or "
            "a TensorFlow `Trackable` object. Received object "
            f"{resource!r} of type '{type(resource)}'."
        )

    def add_endpoint(self, name, fn, input_signature=None, **kwargs):
        """Adds a function the artifact exposes under `name`.

        Args:
            name: the endpoint's name (an attribute of the reloaded
                SavedModel, and a signature key).
            fn: the function, calling tracked layers. A `tf.function`
                with its own `input_signature` needs none here.
            input_signature: one spec per positional argument of `fn`
                (`keras.InputSpec`, `tf.TensorSpec` or `KerasTensor`, or
                nested lists/dicts of them). `None` axes stay dynamic.
            **kwargs: backend options: on JAX, `jax2tf_kwargs` (passed to
                `jax2tf.convert`; the function is lowered for the platform
                exporting unless, e.g.,
                `{"native_serialization_platforms": ("cpu", "cuda")}`)
                and `is_static` (no symbolic shapes); on TensorFlow,
                `jit_compile`.

        Returns:
            The `tf.function` stored as the endpoint.

        Example:

        >>> model = keras.Sequential([keras.Input((3,)),
        ...                           keras.layers.Dense(2)])
        >>> archive = keras.export.ExportArchive()
        >>> archive.track(model)
        >>> fn = archive.add_endpoint(
        ...     "call", lambda x: model(x),
        ...     input_signature=[
        ...         keras.InputSpec(shape=(None, 3), dtype="float32")])
        >>> tuple(fn(np.ones((4, 3), "float32")).shape)
        (4, 2)
        """
        if not isinstance(name, str) or not name.isidentifier():
            raise ValueError(
                "Endpoint names must be valid Python identifiers (they "
                f"become attributes of the reloaded SavedModel). Received: "
                f"name={name!r}"
            )
        if name in self._endpoint_names:
            raise ValueError(f"Endpoint name '{name}' is already taken.")
        if not callable(fn):
            raise TypeError(
                f"Endpoint '{name}': `fn` must be callable. Received: {fn!r}"
            )
        if input_signature is None:
            input_signature = getattr(fn, "input_signature", None)
            if input_signature is None:
                raise ValueError(_NEEDS_SIGNATURE)
        signature = export_utils.normalize_signature(input_signature)
        decorated = super().add_endpoint(name, fn, signature, **kwargs)
        self._endpoint_signatures[name] = signature
        setattr(self._tf_trackable, name, decorated)
        self._endpoint_names.append(name)
        return decorated

    def track_and_add_endpoint(self, name, resource, input_signature,
                               **kwargs):
        """Tracks `resource` and adds an endpoint calling it.

        Args:
            name: the endpoint's name.
            resource: a built Keras `Layer` or `Model`.
            input_signature: one spec per positional argument of the
                resource's call (see `add_endpoint`).
            **kwargs: backend options (see `add_endpoint`).

        Returns:
            The `tf.function` stored as the endpoint.

        Example:

        >>> model = keras.Sequential([keras.Input((3,)),
        ...                           keras.layers.Dense(2)])
        >>> archive = keras.export.ExportArchive()
        >>> _ = archive.track_and_add_endpoint(
        ...     "serve", model,
        ...     [keras.InputSpec(shape=(None, 3), dtype="float32")])
        >>> archive.write_out("/tmp/exported_dense", verbose=False)
        """
        self.track(resource)
        if not isinstance(resource, Layer):
            raise ValueError(
                "`track_and_add_endpoint` takes a Keras `Layer` or `Model`. "
                f"Received: {resource!r} of type '{type(resource)}'."
            )

        def call(*args):
            return resource(*args, training=False)

        return self.add_endpoint(name, call, input_signature, **kwargs)

    def add_variable_collection(self, name, variables):
        """Saves a list of variables under `name` in the artifact.

        The reloaded SavedModel exposes them as the attribute `name`.

        Args:
            name: the collection's name.
            variables: a list, tuple or set of Keras variables (of tracked
                layers) or `tf.Variable`s.

        Example:

        >>> model = keras.Sequential([keras.Input((3,)),
        ...                           keras.layers.Dense(2)])
        >>> archive = keras.export.ExportArchive()
        >>> archive.track(model)
        >>> archive.add_variable_collection("kernels", [model.weights[0]])
        """
        if not isinstance(variables, (list, tuple, set)):
            raise ValueError(
                "Expected `variables` to be a list/tuple/set. Received "
                f"instead object of type '{type(variables)}'."
            )
        if not isinstance(name, str) or not name.isidentifier():
            raise ValueError(
                "Variable collection names must be valid Python identifiers."
                f" Received: name={name!r}"
            )
        if name in self._endpoint_names:
            raise ValueError(
                f"The name '{name}' is already taken by an endpoint."
            )
        variables = list(variables)
        bad = [
            type(v) for v in variables
            if not isinstance(v, backend.Variable)
            and not (tf.available and isinstance(v, tf.Variable))
        ]
        if bad:
            raise ValueError(
                "Expected all elements in `variables` to be `tf.Variable` "
                "or Keras variable instances. Found instead the following "
                f"types: {bad}"
            )
        tf_variables = [self._as_tf_variable(v) for v in variables]
        setattr(self._tf_trackable, name, tf_variables)

    def _as_tf_variable(self, variable):
        if isinstance(variable, tf.Variable):
            return variable
        # A tracked layer's variable: its mirror. Otherwise a copy of its
        # value, saved with the collection.
        lookup = getattr(self, "_tf_variable_for", None)
        if lookup is not None:
            try:
                return lookup(variable)
            except (ValueError, KeyError):
                pass
        return tf.Variable(
            variable.numpy(), trainable=variable.trainable,
            name=variable.name,
        )

    def write_out(self, filepath, options=None, verbose=True):
        """Writes the SavedModel to `filepath`.

        Args:
            filepath: the directory to write.
            options: a `tf.saved_model.SaveOptions`.
            verbose: whether to print the endpoints and their signatures.

        Example:

        >>> model = keras.Sequential([keras.Input((3,)),
        ...                           keras.layers.Dense(2)])
        >>> archive = keras.export.ExportArchive()
        >>> _ = archive.track_and_add_endpoint(
        ...     "serve", model,
        ...     [keras.InputSpec(shape=(None, 3), dtype="float32")])
        >>> archive.write_out("/tmp/exported_out", verbose=False)
        """
        if not self._endpoint_names:
            raise ValueError(
                "No endpoints have been set yet. Call add_endpoint()."
            )
        filepath = str(filepath)
        signatures = {}
        for name in self._endpoint_names:
            signatures[name] = self._signature_function(name)
        default = (
            DEFAULT_ENDPOINT_NAME
            if DEFAULT_ENDPOINT_NAME in self._endpoint_names
            else self._endpoint_names[0]
        )
        signatures["serving_default"] = signatures[default]
        tf.saved_model.save(
            self._tf_trackable, filepath, options=options,
            signatures=signatures,
        )
        if verbose:
            lines = [
                f"Saved artifact at '{filepath}'. The following endpoints "
                "are available:"
            ]
            for name in self._endpoint_names:
                concrete = getattr(self._tf_trackable, name)
                concrete = concrete.get_concrete_function()
                text = concrete.pretty_printed_signature()
                text = text.removeprefix("Input Parameters:\n")
                lines.append(f"\n* Endpoint '{name}'\n{text}")
            io_utils.print_msg("\n".join(lines))

    def _signature_function(self, name):
        # A signature returns a tensor or a flat dict of tensors.
        fn = getattr(self._tf_trackable, name)
        concrete = fn.get_concrete_function()
        outputs = concrete.structured_outputs
        if isinstance(outputs, dict) and all(
            not tree.is_nested(v) for v in outputs.values()
        ):
            return concrete
        if not tree.is_nested(outputs):
            return concrete
        def flat_outputs(*args):
            flat = tree.flatten(fn(*args))
            return {f"output_{i}": t for i, t in enumerate(flat)}

        return tf.function(
            flat_outputs, input_signature=self._endpoint_signatures[name],
            autograph=False,
        ).get_concrete_function()


def export_saved_model(
    model, filepath, verbose=None, input_signature=None, **kwargs
):
    """Exports `model` as a TensorFlow SavedModel with a `serve` endpoint.

    Args:
        model: a built Keras `Model` or `Layer`.
        filepath: the directory to write.
        verbose: whether to print the endpoint (default `True`).
        input_signature: the inputs' specs (default: inferred from the
            model's inputs or build shapes, with a free batch axis).
        **kwargs: backend options (see `ExportArchive.add_endpoint`).

    Example:

    >>> model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    >>> from keras.src.export import export_saved_model
    >>> export_saved_model(model, "/tmp/sm_model", verbose=False)
    """
    archive = ExportArchive()
    if input_signature is None:
        input_signature = export_utils.get_input_signature(model)
    archive.track_and_add_endpoint(
        DEFAULT_ENDPOINT_NAME, model, input_signature, **kwargs
    )
    archive.write_out(filepath, verbose=True if verbose is None else verbose)


def graph_function(model, input_signature, **kwargs):
    """Returns `model`'s inference call as a `tf.function` that converters
    reading TensorFlow graphs op by op (LiteRT, OpenVINO) accept.

    On JAX that is the model's jaxpr written with TensorFlow ops
    (`keras.src.backend.jax.export.graph_function`): the archive's jax2tf
    endpoint is one opaque `XlaCallModule` op. Elsewhere it is the `serve`
    endpoint of an `ExportArchive`.

    Args:
        model: a built Keras model.
        input_signature: the inputs' specs.
        **kwargs: backend options (see `ExportArchive.add_endpoint`).

    Returns:
        `(fn, trackable)`: the `tf.function` and a TensorFlow trackable
        holding the variables it reads.
    """
    if backend.backend() == "jax":
        from keras.src.backend.jax.export import graph_function as jax_graph

        fn, tf_variables = jax_graph(model, input_signature, **kwargs)
        holder = tf.Module()
        holder.saved_variables = tf_variables
        return fn, holder
    archive = ExportArchive()
    fn = archive.track_and_add_endpoint(
        DEFAULT_ENDPOINT_NAME, model, input_signature, **kwargs
    )
    return fn, archive._tf_trackable
