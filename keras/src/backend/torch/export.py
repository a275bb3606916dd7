"""Export on the torch backend: SavedModel endpoints, ONNX and `.pt2`.

Every format starts from `torch.export`: a Keras call (a model's
`__call__`, a layer method) runs once on example inputs and is recorded
as a graph of ATen ops. `_ExportModule` wraps the call in an `nn.Module`
whose buffers are the Keras variables' tensors, and feeds them to the
variables through a `StatelessScope`, so the program takes the weights as
inputs instead of baking them in as constants.

- SavedModel (`TorchExportArchive.add_endpoint`): the program, decomposed
  to core ATen, is replayed with TensorFlow ops inside a `tf.function`
  (`aten_to_tf.py`) that reads the archive's `tf.Variable`s.
- ONNX (`export_onnx`): torch's own exporter (`torch.onnx.export`, the
  dynamo path) given that program.
- `.pt2` (`export_torch`): the `ExportedProgram` itself, written with
  `torch.export.save`; `torch.export.load(path).module()` runs it.

Keras's own custom ops (the fused LSTM/GRU kernel of `fused_rnn.py`) are
decomposed into the ATen ops they run, so no format needs Keras to load.

Axes that are `None` in the input signature are marked dynamic
(`Dim.AUTO`). Example inputs give each free axis a size of at least 2
(torch specializes sizes 0 and 1): 2 plus the axis's position (2 for the
batch axis, 3 for axis 1, ...), so that the free axes of one input are
never taken to be the same size, while the batch axes of several inputs
agree. An axis the model's code fixes anyway is reported as an error.
"""

import contextlib
import inspect
import io
import logging
import re
import warnings

import numpy as np
import torch

from keras.src.backend.common import standardize_dtype
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.backend.torch.core import get_device
from keras.src.backend.torch.core import to_torch_dtype


class _ExportModule(torch.nn.Module):
    """`fn` as a module whose buffers are `variables`' tensors.

    With `return_updates`, `forward` returns `(outputs, new_values)`: the
    values `fn` assigned to variables (a `BatchNormalization` called with
    `training=True` updates its moving statistics), in the order of the
    variables' indices that `updates()` gives after tracing.
    """

    def __init__(self, fn, variables, return_updates=False):
        super().__init__()
        self._fn = fn
        self._return_updates = return_updates
        updated = []

        def record(indices=None):
            if indices is not None:
                updated[:] = indices
            return list(updated)

        # torch.export puts copies of the module's attributes back after
        # tracing: a list kept on the module would come back empty, but a
        # function is kept as is, and so is the list it holds.
        self.updates = record
        self._variables = list(variables)
        self._buffer_names = []
        taken = set()
        for variable in self._variables:
            name = _buffer_name(variable.path, taken)
            self.register_buffer(name, variable.value.detach())
            self._buffer_names.append(name)

    def variable_of_buffer(self, name):
        return self._variables[self._buffer_names.index(name)]

    def variable_of_index(self, index):
        return self._variables[index]

    def forward(self, *args):
        # While exporting, torch swaps fake tensors in for the buffers:
        # reading them here (rather than the variables' own tensors) makes
        # the weights inputs of the program.
        mapping = [
            (variable, getattr(self, name))
            for variable, name in zip(self._variables, self._buffer_names)
        ]
        with StatelessScope(
            state_mapping=mapping, collect_losses=False
        ) as scope:
            before = [scope.get_current_value(v) for v, _ in mapping]
            outputs = self._fn(*args)
        if not self._return_updates:
            return outputs
        updated = [
            i for i, (variable, _) in enumerate(mapping)
            if scope.get_current_value(variable) is not before[i]
        ]
        self.updates(updated)
        new_values = [
            scope.get_current_value(self._variables[i]) for i in updated
        ]
        return outputs, new_values


def _buffer_name(path, taken):
    name = re.sub(r"\W", "_", str(path)) or "variable"
    if name[0].isdigit():
        name = f"v_{name}"
    base, index = name, 1
    while name in taken:
        name = f"{base}_{index}"
        index += 1
    taken.add(name)
    return name


def _spec_shape_dtype(spec):
    """`(shape, dtype)` of a `tf.TensorSpec`, `InputSpec`, `KerasTensor`
    or tensor, with `None` for free axes and a Keras dtype string."""
    shape = getattr(spec, "shape", None)
    dtype = getattr(spec, "dtype", None)
    if shape is None or dtype is None:
        raise ValueError(
            "Each entry of `input_signature` needs a shape and a dtype "
            f"(`tf.TensorSpec`, `keras.InputSpec`, `KerasTensor` or "
            f"tensor). Received: {spec!r}"
        )
    if hasattr(shape, "as_list"):
        shape = shape.as_list()
    dtype = getattr(dtype, "name", dtype)  # tf.DType
    return tuple(shape), standardize_dtype(dtype)


def _is_spec(x):
    return hasattr(x, "shape") and hasattr(x, "dtype")


def _map_specs(fn, structure):
    """Maps `fn` over the specs of a (nested) dict/list/tuple structure,
    keeping dict key order (torch's pytree order)."""
    if isinstance(structure, dict):
        return {k: _map_specs(fn, v) for k, v in structure.items()}
    if isinstance(structure, (list, tuple)) and not _is_spec(structure):
        return type(structure)(_map_specs(fn, v) for v in structure)
    if structure is None:
        return None
    return fn(structure)


def _flatten_like(structure, values):
    """The leaves of `values`, read in the order of `structure`'s leaves."""
    if isinstance(structure, dict):
        return [
            leaf for k in structure
            for leaf in _flatten_like(structure[k], values[k])
        ]
    if isinstance(structure, (list, tuple)) and not _is_spec(structure):
        return [
            leaf for s, v in zip(structure, values)
            for leaf in _flatten_like(s, v)
        ]
    if structure is None:
        return []
    return [values]


def _as_arguments(input_signature):
    """The signature as a list of positional arguments."""
    if _is_spec(input_signature) or isinstance(input_signature, dict):
        return [input_signature]
    return list(input_signature)


def _example_inputs(input_signature):
    """Example tensors and the matching `dynamic_shapes` for
    `torch.export` (see the module docstring for the sizes used)."""

    def example(spec):
        shape, dtype = _spec_shape_dtype(spec)
        sizes = [
            (2 + axis if size is None else size)
            for axis, size in enumerate(shape)
        ]
        torch_dtype = to_torch_dtype(dtype)
        device = get_device()  # Where the variables live.
        if torch_dtype.is_floating_point:
            # Not all zeros: keeps code that branches on values honest.
            values = torch.linspace(
                0.1, 0.9, int(np.prod(sizes)), device=device
            )
            return values.reshape(sizes).to(torch_dtype)
        return torch.ones(sizes, dtype=torch_dtype, device=device)

    def dynamic(spec):
        shape, _ = _spec_shape_dtype(spec)
        dims = {
            axis: torch.export.Dim.AUTO
            for axis, size in enumerate(shape) if size is None
        }
        return dims or None

    arguments = _as_arguments(input_signature)
    examples = tuple(_map_specs(example, arg) for arg in arguments)
    # `forward(*args)` takes the positional inputs as one argument.
    dynamic_shapes = (tuple(_map_specs(dynamic, arg) for arg in arguments),)
    return examples, dynamic_shapes


def _export_kwargs(kwargs):
    """The entries of `kwargs` that `torch.export.export` takes."""
    accepted = inspect.signature(torch.export.export).parameters
    unknown = [k for k in kwargs if k not in accepted]
    if unknown:
        raise ValueError(
            f"Unrecognized arguments for `torch.export.export`: {unknown}. "
            f"Accepted: {sorted(set(accepted) - {'mod', 'args'})}"
        )
    return dict(kwargs)


def _check_dynamic_axes(program, input_signature):
    """Raises when torch fixed an axis the signature leaves free."""
    # Imported here: it pulls in sympy, most of a second on `import keras`.
    from torch.fx.experimental.symbolic_shapes import is_concrete_int

    placeholders = [
        node for node in program.graph.nodes
        if node.op == "placeholder"
        and node.name in program.graph_signature.user_inputs
    ]
    specs = []
    _map_specs(specs.append, _as_arguments(input_signature))
    for node, spec in zip(placeholders, specs):
        shape, _ = _spec_shape_dtype(spec)
        traced = node.meta["val"].shape
        for axis, size in enumerate(shape):
            if size is None and is_concrete_int(traced[axis]):
                raise ValueError(
                    f"Axis {axis} of input {node.name!r} is free (`None`) "
                    "in the input signature, but the model's code fixed it "
                    f"to {int(traced[axis])} while `torch.export` traced it. "
                    "Give that axis a static size in `input_signature`."
                )


def export_program(fn, variables, input_signature, layers=(),
                   core_aten=False, return_updates=False, **kwargs):
    """Records `fn` with `torch.export`.

    Args:
        fn: a callable over torch tensors (e.g. `model.__call__`).
        variables: the Keras variables `fn` reads; they become buffers of
            the program (named after the variables' paths).
        input_signature: a list of (nested) specs, one per positional
            argument of `fn` (`tf.TensorSpec`, `keras.InputSpec`,
            `KerasTensor` or tensors); `None` axes are dynamic.
        layers: the Keras layers `fn` calls (their sublayers included).
        core_aten: whether to decompose the program to core ATen ops.
        return_updates: whether the program also returns the new values
            of the variables `fn` assigns (see `_ExportModule`).
        **kwargs: passed to `torch.export.export` (e.g. `strict`).

    Returns:
        A tuple `(program, module)`: the `torch.export.ExportedProgram`
        and the `_ExportModule` it was recorded from.
    """
    module = _ExportModule(fn, variables, return_updates=return_updates)
    examples, dynamic_shapes = _example_inputs(input_signature)
    options = {"strict": False}
    options.update(_export_kwargs(kwargs))
    with torch.no_grad(), warnings.catch_warnings(), _fresh_input_checks(
        layers
    ):
        warnings.simplefilter("ignore")
        program = torch.export.export(
            module, examples, dynamic_shapes=dynamic_shapes, **options
        )
    program = _decomposed(program, core_aten)
    _check_dynamic_axes(program, input_signature)
    return program, module


@contextlib.contextmanager
def _fresh_input_checks(layers):
    """Forgets, before and after tracing, the input shape each layer last
    checked (`Layer._check_input_spec` skips inputs of that shape).

    Comparing a traced batch size with a remembered one of the same value
    (an eager call on as many samples as the example inputs hold) makes
    torch fix that size; a remembered traced size outlives its trace and
    breaks the next export's comparison.
    """

    def forget():
        for layer in layers:
            for sublayer in layer._flatten_layers():
                sublayer.__dict__.pop("_checked_input", None)

    forget()
    try:
        yield
    finally:
        forget()


def _decomposed(program, core_aten):
    """`program` with Keras's own custom ops (the fused RNN kernel of
    `fused_rnn.py`) replaced by the ATen ops they run, so that the program
    loads without Keras and converts to TensorFlow and ONNX; also
    decomposed to core ATen if `core_aten`."""
    table = torch.export.default_decompositions() if core_aten else {}
    keras_ops = {
        node.target for node in program.graph.nodes
        if node.op == "call_function"
        and getattr(node.target, "namespace", None) == "keras"
    }
    if keras_ops:
        table.update(_keras_op_decompositions(keras_ops))
    if not table:
        return program
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return program.run_decompositions(table)


def _keras_op_decompositions(keras_ops):
    from keras.src.backend.torch import fused_rnn

    inference = torch.ops.keras.fused_rnn_inference.default
    unknown = keras_ops - {inference}
    if unknown:
        names = sorted(map(str, unknown))
        raise ValueError(
            f"Cannot export Keras's custom torch ops {names} (they run "
            "only inside Keras's training steps)."
        )

    def fused_rnn_inference(
        kind, inputs, states, params, has_bias, bidirectional
    ):
        # `torch.lstm`/`torch.gru` unroll into ATen ops per time step here.
        return fused_rnn._kernel(
            kind, inputs, states, params, has_bias, bidirectional
        )

    return {inference: fused_rnn_inference}


class TorchExportArchive:
    """The torch backend's part of `keras.export.ExportArchive`.

    Endpoints are `torch.export` programs replayed with TensorFlow ops
    (see the module docstring), reading `tf.Variable` copies of the
    tracked layers' variables.
    """

    def _track_layer(self, layer):
        import tensorflow as tf

        mirrors = self.__dict__.setdefault("_torch_variable_mirrors", {})
        self.__dict__.setdefault("_torch_tracked_layers", []).append(layer)
        for variable in layer.variables:
            if id(variable) in mirrors:
                continue
            value = variable.value.detach().cpu()
            if value.dtype == torch.bfloat16:
                value = tf.cast(value.float().numpy(), tf.bfloat16)
            else:
                value = value.numpy()
            mirror = tf.Variable(
                value,
                dtype=standardize_dtype(variable.dtype),
                trainable=variable.trainable,
                name=variable.path,
            )
            mirrors[id(variable)] = (variable, mirror)
            self._add_tf_variable(mirror, variable.trainable)

    def _tf_variable_for(self, variable):
        """The `tf.Variable` mirroring tracked Keras variable `variable`."""
        mirrors = self.__dict__.get("_torch_variable_mirrors", {})
        if id(variable) not in mirrors:
            raise ValueError(
                f"Variable {variable.path!r} belongs to no tracked layer: "
                "track its layer with `archive.track(layer)` first."
            )
        return mirrors[id(variable)][1]

    def add_endpoint(self, name, fn, input_signature=None, **kwargs):
        """Returns `fn` as a `tf.function` over `input_signature`.

        Args:
            name: the endpoint's name (used in error messages).
            fn: a callable over torch tensors.
            input_signature: a list of (nested) `tf.TensorSpec`, one per
                positional argument of `fn`.
            **kwargs: passed to `torch.export.export`.

        Returns:
            A `tf.function` with that input signature computing `fn` with
            TensorFlow ops.
        """
        import tensorflow as tf

        from keras.src.backend.torch import aten_to_tf

        if input_signature is None:
            raise ValueError(
                f"Endpoint {name!r}: the torch backend needs an "
                "`input_signature` to export a function."
            )
        arguments = _as_arguments(input_signature)
        mirrors = self.__dict__.get("_torch_variable_mirrors", {})
        variables = [variable for variable, _ in mirrors.values()]
        layers = self.__dict__.get("_torch_tracked_layers", [])
        program, module = export_program(
            fn, variables, arguments, layers=layers, core_aten=True,
            return_updates=True, **kwargs,
        )
        unsupported = aten_to_tf.unsupported_node(program.graph_module)
        if unsupported is not None:
            examples, _ = _example_inputs(arguments)
            layer = _layer_running(
                layers, module, examples, unsupported.target
            )
            raise aten_to_tf.unsupported_error(unsupported, layer)
        sources = _placeholder_sources(program, module, mirrors)
        user_inputs = list(program.graph_signature.user_inputs)
        user_outputs = _user_output_positions(program)
        out_spec = program.call_spec.out_spec
        graph_module = program.graph_module
        updated = [
            mirrors[id(module.variable_of_index(i))][1]
            for i in module.updates()
        ]

        def endpoint(*args):
            values = _flatten_like(arguments, list(args))
            inputs = dict(sources)
            inputs.update(zip(user_inputs, values))
            outputs = aten_to_tf.run_graph(graph_module, inputs)
            outputs = [outputs[i] for i in user_outputs]
            outputs, new_values = torch.utils._pytree.tree_unflatten(
                outputs, out_spec
            )
            for mirror, value in zip(updated, new_values):
                mirror.assign(tf.cast(value, mirror.dtype))
            return outputs

        tf_signature = [
            _map_specs(_as_tf_spec, arg) for arg in arguments
        ]
        # The graph is plain Python over TF ops: nothing for AutoGraph to
        # convert (and converting the interpreter only slows tracing).
        return tf.function(
            endpoint, input_signature=tf_signature, autograph=False
        )


def _layer_running(layers, module, examples, target):
    """The path (`"model/block/dense"`) of the innermost of `layers` (and
    their sublayers) that runs ATen op `target` when `module` runs eagerly
    on `examples`; `None` if none is seen. Only for error messages."""
    from torch.utils._python_dispatch import TorchDispatchMode

    packet = getattr(target, "overloadpacket", target)
    running, found = [], []

    def watched(layer, call):
        def wrapper(*args, **kwargs):
            running.append(layer.name)
            try:
                return call(*args, **kwargs)
            finally:
                running.pop()

        return wrapper

    class Watch(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            if not found and getattr(func, "overloadpacket", func) == packet:
                found.append("/".join(running))
            return func(*args, **(kwargs or {}))

    patched = {}
    for layer in layers:
        for sublayer in layer._flatten_layers():
            if id(sublayer) not in patched:
                patched[id(sublayer)] = sublayer
                # An instance attribute shadows the class's `call`.
                sublayer.__dict__["call"] = watched(sublayer, sublayer.call)
    try:
        with torch.no_grad(), Watch():
            module(*examples)
    except Exception:  # Only a hint for an error message.
        pass
    finally:
        for sublayer in patched.values():
            sublayer.__dict__.pop("call", None)
    return found[0] if found and found[0] else None


def _as_tf_spec(spec):
    import tensorflow as tf

    if isinstance(spec, tf.TensorSpec):
        return spec
    shape, dtype = _spec_shape_dtype(spec)
    return tf.TensorSpec(shape, dtype, name=getattr(spec, "name", None))


def _placeholder_sources(program, module, mirrors):
    """TensorFlow values for the program's non-user placeholders: the
    archive's `tf.Variable`s for buffers, constants for lifted tensors."""
    import tensorflow as tf

    signature = program.graph_signature
    sources = {}
    targets = dict(signature.inputs_to_buffers)
    targets.update(signature.inputs_to_parameters)
    for placeholder, target in targets.items():
        variable = module.variable_of_buffer(target)
        sources[placeholder] = mirrors[id(variable)][1]
    constants = signature.inputs_to_lifted_tensor_constants
    for placeholder, target in constants.items():
        value = program.constants[target].detach().cpu()
        sources[placeholder] = tf.constant(value.numpy())
    return sources


def _user_output_positions(program):
    from torch.export.graph_signature import OutputKind

    return [
        i for i, spec in enumerate(program.graph_signature.output_specs)
        if spec.kind == OutputKind.USER_OUTPUT
    ]


def _input_names(input_signature):
    names, taken = [], set()
    specs = []
    _map_specs(specs.append, _as_arguments(input_signature))
    for index, spec in enumerate(specs):
        name = getattr(spec, "name", None) or f"input_{index}"
        name = re.sub(r"[^\w.:/-]", "_", str(name))
        base, suffix = name, 1
        while name in taken:
            name = f"{base}_{suffix}"
            suffix += 1
        taken.add(name)
        names.append(name)
    return names


def export_onnx(
    model, filepath, input_signature, opset_version=None, verbose=None,
    **kwargs,
):
    """Writes `model`'s inference call as an ONNX file with torch's own
    exporter.

    Args:
        model: a built Keras model.
        filepath: where to write the `.onnx` file.
        input_signature: a list of (nested) specs, one per positional
            input; `None` axes stay dynamic in the ONNX graph.
        opset_version: the ONNX opset (default: the exporter's).
        verbose: whether to let the exporter print its progress.
        **kwargs: passed to `torch.onnx.export`.
    """

    def call(*args):
        return model(*args, training=False)

    # The exporter takes the program recorded here (the weights are its
    # buffers, so they become the ONNX graph's initializers), which spares
    # it trying its own ways of capturing the model.
    program, _ = export_program(
        call, model.variables, input_signature, layers=[model]
    )
    options = {
        "dynamo": True,
        "input_names": _input_names(input_signature),
        "verbose": bool(verbose),
        "external_data": False,
    }
    if opset_version is not None:
        options["opset_version"] = opset_version
    options.update(kwargs)
    quiet = contextlib.nullcontext() if verbose else _silenced()
    with torch.no_grad(), quiet, warnings.catch_warnings():
        if not verbose:
            warnings.simplefilter("ignore")
        torch.onnx.export(program, (), str(filepath), **options)


@contextlib.contextmanager
def _silenced():
    # The dynamo exporter prints its steps to stdout even when not verbose,
    # and logs a warning for each torchvision op it cannot register
    # (and its optimizer, onnxscript, logs what it skips).
    loggers = [logging.getLogger(name) for name in ("torch.onnx", "onnxscript")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.ERROR)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


def export_torch(model, filepath, input_signature, verbose=None, **kwargs):
    """Writes `model`'s inference call as a `torch.export` program.

    Args:
        model: a built Keras model.
        filepath: the file to write (`.pt2` by convention).
        input_signature: a list of (nested) specs, one per positional
            input; `None` axes stay dynamic in the program.
        verbose: unused here (the caller prints the message).
        **kwargs: passed to `torch.export.export`.

    Returns:
        The `torch.export.ExportedProgram` written; its weights are
        buffers named after the variables' paths.
    """

    def call(*args):
        return model(*args, training=False)

    program, _ = export_program(
        call, model.variables, input_signature, layers=[model], **kwargs
    )
    torch.export.save(program, str(filepath))
    return program
