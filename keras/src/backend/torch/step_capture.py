"""Whole-step graphs for `jit_compile` on torch.

`torch.compile` of a training step that calls `loss.backward()` breaks
the graph there (Dynamo does not trace `Tensor.backward()`) and guards
on every Python attribute the step reads. Instead, the step runs once as
a pure function of the model's state (the shared step body of
`keras/src/trainers/steps.py`, made pure by `stateless_steps.py`,
gradients from `torch.func.grad_and_value`) under
`make_fx` with fake tensors. That records forward, backward, optimizer
update and metric updates as one graph of ATen operations, which
`torch.compile` then compiles with the user's options. Each call feeds
the variables' tensors in; the graph writes the new values of the
variables the step changes into them in place.

Like `jax.jit`, a captured step replays tensor operations only: Python
side effects in a layer's `call` happen once, while capturing. Code that
needs tensor values in Python (`.item()`, NumPy) fails to capture; such
layers declare `supports_jit = {"torch": False}`.

The first batch of each structure and dtypes is captured with its exact
shapes. When a second, different shape of the same structure arrives
(text padded to each batch's longest sequence), the step
is captured once more with symbolic sizes for the data's batch dimension
and the dimensions that changed (the other sizes and the variables' stay
static) and compiled with `dynamic=True`; that graph serves every later
shape its guards accept (the shape conditions that
capturing relied on: a branch on a length, sizes 0 and 1, which are
specialized). So a fit over batches of 30 different lengths captures two
graphs per step kind, not 30. A shape the guards refuse gets a graph of
its own; `jit_compile={"dynamic": False}` keeps one graph per shape.

A short last batch (fewer rows, every other size the same) that no graph
accepts runs the model's ordinary step eagerly instead: it comes once an
epoch, and compiling a graph for it costs more than running it eagerly in
every epoch of a fit.

A large static graph (`BACKGROUND_COMPILE_NODES` operations or more, such
as a ViT's step with augmentation layers, which Inductor takes minutes to
compile) is compiled by a forked child process into Inductor's on-disk
cache while the step runs eagerly; once the child is done, the parent
compiles the graph again, which loads the child's kernels from the cache
(`_CompileInChild`). So the first epoch costs about what an eager one
does instead of the whole compilation.
"""

import contextlib
import os
import sys
import warnings
import weakref

import optree
import torch
import torch._dynamo.utils as dynamo_utils
import torch._guards
import torch._inductor
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.proxy_tensor import make_fx
from torch.fx.experimental.symbolic_shapes import SYMPY_INTERP
from torch.fx.experimental.symbolic_shapes import DimDynamic
from torch.fx.experimental.symbolic_shapes import ShapeEnv
from torch.fx.experimental.symbolic_shapes import StatelessSymbolicContext

from keras.src.backend.torch import distribution_lib
from keras.src.trainers import stateless_steps


def _value_and_grad(fn):
    grad_and_value = torch.func.grad_and_value(fn, has_aux=True)

    def value_and_grad(*args):
        gradients, (value, aux) = grad_and_value(*args)
        if distribution_lib.data_parallel_world() is not None:
            # Averaged over the ranks inside the graph (data parallel).
            gradients = distribution_lib.traced_mean_gradients(gradients)
        return (value, aux), gradients

    return value_and_grad


_GRADIENTS = stateless_steps.stateless_gradients(_value_and_grad)


def _train_step(model, state, data):
    return stateless_steps.train_step(model, state, data, _GRADIENTS)


_STEPS = {
    "train": _train_step,
    "test": stateless_steps.test_step,
    "predict": stateless_steps.predict_step,
}


class CapturedStep:
    """A model's step of one kind, captured as graphs and compiled.

    Args:
        model: the compiled Keras model.
        kind: `"train"`, `"test"` or `"predict"`.
        options: keyword arguments for `torch.compile`.
    """

    def __init__(self, model, kind, options):
        self._model = model
        self._kind = kind
        self._options = options
        self._graphs = {}
        # Per structure and dtypes: the first shape seen, then the graphs
        # with symbolic sizes and their guards.
        self._first_shapes = {}
        self._dynamic = {}

    def __call__(self, data):
        leaves, treedef = optree.tree_flatten(data)
        shapes = tuple(x.shape for x in leaves)
        key = (treedef, shapes, tuple(x.dtype for x in leaves))
        entry = self._graphs.get(key) or self._dynamic_graph(key, leaves)
        if type(entry) is _CompileInChild:
            if not entry.done():
                return getattr(self._model, f"{self._kind}_step")(data)
            entry = self._graphs[key] = entry.result()
        if entry is _EAGER:
            return getattr(self._model, f"{self._kind}_step")(data)
        graph, variables = entry
        with torch.no_grad():
            return graph([v._value for v in variables], leaves)

    def _dynamic_graph(self, key, leaves):
        """A graph for a shape not seen before: one with symbolic sizes
        from the second shape of a signature on."""
        treedef, shapes, dtypes = key
        signature = (treedef, dtypes)
        first = self._first_shapes.setdefault(signature, shapes)
        graphs = self._dynamic.setdefault(signature, [])
        for graph, variables, accepts in graphs or ():
            if accepts(variables, leaves):
                return graph, variables
        if _is_short_batch(first, shapes):
            self._graphs[key] = _EAGER
            return _EAGER
        if first == shapes or graphs is None or (
                self._options.get("dynamic") is False):
            entry = self._graphs[key] = self._capture(leaves, treedef)
            return entry
        try:
            graph, variables, accepts = self._capture(
                leaves, treedef, symbolic=_varying_dims(first, shapes))
        except Exception:
            # Ops that need static sizes: one graph per shape from now on.
            self._dynamic[signature] = None
            entry = self._graphs[key] = self._capture(leaves, treedef)
            return entry
        graphs.append((graph, variables, accepts))
        return graph, variables

    def _capture(self, leaves, treedef, symbolic=False):
        # The variables are listed when capturing: an optimizer or metric
        # builds its variables on the first batch.
        groups = stateless_steps.state_variables(self._model, self._kind)
        variables = [v for group in groups for v in group]
        sizes = [len(group) for group in groups]
        step = _STEPS[self._kind]

        def pure_step(values, data_leaves):
            state, start = [], 0
            for size in sizes:
                state.append(values[start:start + size])
                start += size
            outputs, new_state = step(
                self._model, state, optree.tree_unflatten(treedef,
                                                          data_leaves)
            )
            new_values = [value for group in new_state for value in group]
            for old, new in zip(values, new_values):
                if new is not old:
                    # In the graph, so that the compiled update writes the
                    # variables' tensors in place.
                    old.copy_(new)
            return outputs

        values = [v._value.detach() for v in variables]
        inputs = (values, list(leaves))
        if symbolic:
            shape_env = ShapeEnv()
            inputs = _symbolic_inputs(shape_env, values, leaves, symbolic)
        try:
            with torch.no_grad(), _fresh_input_checks(self._model):
                # Real tensors a layer keeps as constants become constants
                # of the graph; every variable is an input.
                graph = make_fx(pure_step, tracing_mode="fake",
                                _allow_non_fake_inputs=True)(*inputs)
        except Exception as error:
            if symbolic:
                raise
            self._raise_eager_error(variables,
                                    optree.tree_unflatten(treedef, leaves))
            raise RuntimeError(
                f"jit_compile could not capture the {self._kind} step of "
                f"model {self._model.name!r} as one graph: {error}\n"
                "A layer whose call needs the values of tensors in Python "
                "(`.item()`, NumPy, shapes that depend on values) must "
                "declare `supports_jit = {'torch': False}`; or compile the "
                "model with jit_compile=False."
            ) from error
        if not symbolic:
            if _compiles_in_child(graph, values, self._options,
                                  self._kind):
                return _CompileInChild(graph, inputs, self._options,
                                       variables)
            return _compile_static(graph, inputs, self._options), variables
        options = dict(self._options, dynamic=True)
        accepts = _guards(shape_env, graph)
        return torch.compile(graph, **options), variables, accepts

    def _raise_eager_error(self, variables, data):
        """Runs the model's ordinary step once, eagerly, so that an error of
        the user's own code surfaces as eager execution raises it; every
        variable is restored afterwards."""
        saved = [v._value.detach().clone() for v in variables]
        try:
            with torch.set_grad_enabled(self._kind == "train"):
                getattr(self._model, f"{self._kind}_step")(data)
        finally:
            with torch.no_grad():
                for variable, value in zip(variables, saved):
                    variable._value.copy_(value)


@contextlib.contextmanager
def _fresh_input_checks(model):
    """Forgets the input shapes the layers last checked (`Layer.
    _check_input_spec`) before and after capturing: comparing symbolic
    sizes with remembered ones would add shape guards, and a remembered
    symbolic size would outlive its capture."""
    layers = list(model._flatten_layers(include_self=True))
    for layer in layers:
        object.__setattr__(layer, "_checked_input", None)
    try:
        yield
    finally:
        for layer in layers:
            object.__setattr__(layer, "_checked_input", None)


def _compile_static(graph, inputs, options):
    """Compiles a graph with static shapes.

    With Inductor (the default backend) the ATen graph goes to Inductor
    directly (`torch._inductor.compile`): it is already one graph of ATen
    operations, so tracing its Python code again with Dynamo only costs
    time (about 7% of the compile time of a ViT-like step with
    augmentation layers, `benchmarks/compile_latency.py`) and adds guards
    checked on every call. Other backends, and options only
    `torch.compile` understands, go through `torch.compile`.
    """
    if not _goes_to_inductor(options):
        return torch.compile(graph, **options)
    patches = {}
    mode = options.get("mode")
    if mode not in (None, "default"):
        patches.update(torch._inductor.list_mode_options(mode))
    patches.update(options.get("options") or {})
    # Inductor's on-disk caches (FX graph, AOTAutograd) look graphs up
    # only in a tracing context with a shape environment, as Dynamo
    # provides; without one they are bypassed.
    context = torch._guards.TracingContext(
        FakeTensorMode(shape_env=ShapeEnv(), allow_non_fake_inputs=True))
    with torch._guards.tracing(context):
        compiled = torch._inductor.compile(graph, list(inputs),
                                           options=patches or None)
    # Counted as Dynamo counts the graphs it compiles, so that tools and
    # tests reading `counters["stats"]["unique_graphs"]` still see it.
    dynamo_utils.counters["stats"]["unique_graphs"] += 1
    return compiled


# Static graphs of at least this many operations compile in a child
# process while the step runs eagerly (`_CompileInChild`). The keras.io
# ViT's train step with augmentation layers has ~3,000 (its test step
# ~570) and takes minutes to compile; the benchmark transformer's has ~940
# (~160), an MLP's ~270 (~50), and they compile in seconds. A test or
# predict step, forward only, has about a fifth of its train step's.
BACKGROUND_COMPILE_NODES = {"train": 1500, "test": 300, "predict": 300}


def _compiles_in_child(graph, values, options, kind):
    """Whether `graph` compiles in a forked child: a large graph of CPU
    tensors (a forked child cannot use CUDA) that goes to Inductor
    directly, on Linux (where forking a process that has loaded torch is
    safe), with Inductor's on-disk caches on (the parent loads the child's
    result from them), outside a multi-process run."""
    return (
        sys.platform.startswith("linux")
        and all(value.device.type == "cpu" for value in values)
        and len(graph.graph.nodes) >= BACKGROUND_COMPILE_NODES[kind]
        and _goes_to_inductor(options)
        and torch._inductor.config.fx_graph_cache
        and torch._functorch.config.enable_autograd_cache
        and distribution_lib.data_parallel_world() is None
    )


class _CompileInChild:
    """A static graph being compiled by a forked child process.

    Inductor spends most of a large graph's compile time in Python
    (lowering, scheduling, C++ code generation), which would hold the GIL
    against the eager steps of the parent if it ran in a thread. The child
    compiles the graph into Inductor's on-disk caches (FX graph and
    AOTAutograd) and exits; `result()` then compiles it in the parent,
    which finds the child's kernels in the cache and costs a fraction of a
    compile. A child that failed leaves nothing in the cache: the parent
    then compiles in full, raising what the compile raises.
    """

    def __init__(self, graph, inputs, options, variables):
        self._graph = graph
        self._inputs = inputs
        self._options = options
        self._variables = variables
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        pid = os.fork()
        if pid == 0:
            _compile_and_exit(graph, inputs, options)
        self._pid = pid
        # Stops the child if the step is dropped (`clear_session()`, a
        # recompiled model) or the process exits while it compiles.
        self._stop = weakref.finalize(self, _stop_child, pid, os.getpid())

    def done(self):
        """Whether the child has exited (never blocks)."""
        if self._pid is not None:
            pid, status = os.waitpid(self._pid, os.WNOHANG)
            if pid == 0:
                return False
            self._exited(status)
        return True

    def wait(self):
        """Blocks until the child has exited."""
        if self._pid is not None:
            self._exited(os.waitpid(self._pid, 0)[1])

    def _exited(self, status):
        self._stop.detach()
        self._pid = None
        if os.waitstatus_to_exitcode(status) != 0:
            warnings.warn(
                "jit_compile: compiling a step in the background failed; "
                "compiling it in this process.", stacklevel=3)

    def result(self):
        """`(graph, variables)`, compiled (from the cache the child
        filled)."""
        self.wait()
        graph = _compile_static(self._graph, self._inputs, self._options)
        return graph, self._variables


def _compile_and_exit(graph, inputs, options):
    """In the forked child: compiles `graph` into the on-disk caches and
    exits without running the parent's exit handlers."""
    code = 1
    try:
        # The parent's eager steps come first: on a machine with few
        # cores, the compiler (and the C++ compilers it starts) otherwise
        # takes the cores the parent's steps wait for.
        os.nice(19)
        _compile_static(graph, inputs, options)
        code = 0
    except BaseException:  # noqa: B036 - reported by the exit code.
        pass
    finally:
        os._exit(code)


def _stop_child(pid, parent):
    if os.getpid() != parent:
        return  # A forked sibling's copy of the finalizer.
    try:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


def _goes_to_inductor(options):
    """Whether `_compile_static` compiles with Inductor directly."""
    return options.get("backend", "inductor") == "inductor" and not (
        set(options) - _INDUCTOR_OPTIONS)


# `torch.compile` arguments `_compile_static` honours without Dynamo:
# a static graph has no dynamic sizes and no graph breaks.
_INDUCTOR_OPTIONS = frozenset(
    {"backend", "mode", "options", "fullgraph", "dynamic"})


# A `_graphs` entry: run the model's ordinary step.
_EAGER = object()


def _is_short_batch(first, shapes):
    """Whether `shapes` differ from `first` only by fewer rows."""
    return all(
        len(old) == len(new) and len(new) > 0 and new[0] < old[0]
        and old[1:] == new[1:]
        for old, new in zip(first, shapes)
    )


def _varying_dims(first, shapes):
    """Per data leaf, whether each dimension gets a symbolic size: the
    batch dimension, and those that differ from the signature's first
    shape (a sequence length, say). Image sizes that never varied stay
    static: Inductor lowers convolution gradients over symbolic spatial
    sizes badly."""
    return [
        [d == 0 or a != b for d, (a, b) in enumerate(zip(old, new))]
        for old, new in zip(first, shapes)
    ]


def _symbolic_inputs(shape_env, values, leaves, dynamic_dims):
    """Fake versions of the step's inputs: the data's dimensions marked in
    `dynamic_dims` symbolic, every other size static."""
    mode = FakeTensorMode(shape_env=shape_env, allow_non_fake_inputs=True)

    def fake(tensor, dynamic):
        context = StatelessSymbolicContext(dynamic_sizes=[
            DimDynamic.DYNAMIC if d else DimDynamic.STATIC for d in dynamic
        ])
        return mode.from_tensor(tensor, symbolic_context=context)

    return ([fake(v, [False] * v.dim()) for v in values],
            [fake(x, dims) for x, dims in zip(leaves, dynamic_dims)])


def _guards(shape_env, graph):
    """`accepts(variables, leaves)`: whether the graph captured with
    `shape_env` holds for these inputs (the shape conditions the capture
    relied on)."""
    placeholders = [node.meta["val"] for node in graph.graph.nodes
                    if node.op == "placeholder"]
    code = shape_env.produce_guards_expression(placeholders,
                                               ignore_static=False)
    if code is None:
        return lambda variables, leaves: True
    compiled = compile(code, "<captured step guards>", "eval")

    def accepts(variables, leaves):
        tensors = [v._value for v in variables] + list(leaves)
        inputs = {f"t{i}": t for i, t in enumerate(tensors)}
        return eval(compiled, SYMPY_INTERP, {"L": inputs})  # noqa: S307

    return accepts
