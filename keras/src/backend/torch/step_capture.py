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

A large static step (`BACKGROUND_COMPILE_OPS` operations or more in its
first, eager run, such as a ViT's step with augmentation layers, which
takes seconds to capture and minutes to compile) runs eagerly while a
forked child process captures and compiles it; once the child is done,
the parent loads the compiled graph it saved (`_CompileInChild`). So the
first epoch costs about what an eager one does: neither the capture nor
the compilation runs on the main thread. A smaller step runs its first
batch eagerly too (that run counts its operations) and is captured and
compiled in this process on its second batch.
"""

import contextlib
import os
import shutil
import sys
import tempfile
import traceback
import warnings
import weakref

import optree
import torch
import torch._dynamo.utils as dynamo_utils
import torch._guards
import torch._inductor
import torch.utils._pytree as torch_pytree
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.proxy_tensor import make_fx
from torch.fx.experimental.symbolic_shapes import SYMPY_INTERP
from torch.fx.experimental.symbolic_shapes import DimDynamic
from torch.fx.experimental.symbolic_shapes import ShapeEnv
from torch.fx.experimental.symbolic_shapes import StatelessSymbolicContext
from torch.utils._python_dispatch import TorchDispatchMode

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
        # Static signatures whose eager run showed a small step.
        self._small = set()

    def __call__(self, data):
        leaves, treedef = optree.tree_flatten(data)
        shapes = tuple(x.shape for x in leaves)
        key = (treedef, shapes, tuple(x.dtype for x in leaves))
        entry = self._graphs.get(key) or self._dynamic_graph(key, leaves)
        if type(entry) is _CompileInChild:
            if not entry.done():
                return self._eager_step(data)
            entry = self._graphs[key] = (
                entry.result() or self._capture(leaves, treedef))
        if entry is _EAGER:
            return self._eager_step(data)
        if entry is _SIZE_UP:
            return self._size_up(key, leaves, treedef, data)
        graph, variables = entry
        with torch.no_grad():
            return graph([v._value for v in variables], leaves)

    def _eager_step(self, data):
        return getattr(self._model, f"{self._kind}_step")(data)

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
            entry = self._graphs[key] = self._static_graph(key, leaves,
                                                           treedef)
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

    def _static_graph(self, key, leaves, treedef):
        if key in self._small or not _may_compile_in_child(self._options,
                                                           leaves):
            return self._capture(leaves, treedef)
        return _SIZE_UP

    def _size_up(self, key, leaves, treedef, data):
        """Runs the step eagerly, counting its operations: a large step
        is captured and compiled by a child process while later steps run
        eagerly; a small one is captured here on the next call."""
        counter = _OperationCounter()
        with counter:
            outputs = self._eager_step(data)
        variables = self._state_variables()
        if counter.count >= BACKGROUND_COMPILE_OPS[self._kind] and all(
                v._value.device.type == "cpu" for v in variables):
            self._graphs[key] = _CompileInChild(self, variables, leaves,
                                                treedef)
        else:
            self._small.add(key)
            del self._graphs[key]
        return outputs

    def _state_variables(self):
        """The step's state variables, each once (a metric's variables
        are also the model's non-trainable ones): the graph's inputs must
        not alias each other."""
        groups = stateless_steps.state_variables(self._model, self._kind)
        unique = {id(v): v for group in groups for v in group}
        return list(unique.values())

    def _trace(self, variables, leaves, treedef, shape_env=None,
               symbolic=None):
        """The step as a graph of ATen operations taking `(values,
        data_leaves)` (the variables' tensors, the data's leaves) and
        returning the step's outputs, and the inputs it was traced with
        (fake ones with `symbolic` sizes given a `shape_env`)."""
        groups = stateless_steps.state_variables(self._model, self._kind)
        position = {id(v): i for i, v in enumerate(variables)}
        layout = [[position[id(v)] for v in group] for group in groups]
        step = _STEPS[self._kind]

        def pure_step(values, data_leaves):
            state = [[values[i] for i in group] for group in layout]
            outputs, new_state = step(
                self._model, state, optree.tree_unflatten(treedef,
                                                          data_leaves)
            )
            for group, new_group in zip(layout, new_state):
                for i, new in zip(group, new_group):
                    if new is not values[i]:
                        # In the graph, so that the compiled update writes
                        # the variables' tensors in place.
                        values[i].copy_(new)
            return outputs

        values = [v._value.detach() for v in variables]
        inputs = (values, list(leaves))
        if shape_env is not None:
            inputs = _symbolic_inputs(shape_env, values, leaves, symbolic)
        with torch.no_grad(), _fresh_input_checks(self._model):
            # Real tensors a layer keeps as constants become constants of
            # the graph; every variable is an input.
            graph = make_fx(pure_step, tracing_mode="fake",
                            _allow_non_fake_inputs=True)(*inputs)
        return graph, inputs

    def _capture(self, leaves, treedef, symbolic=False):
        # The variables are listed when capturing: an optimizer or metric
        # builds its variables on the first batch.
        variables = self._state_variables()
        shape_env = ShapeEnv() if symbolic else None
        try:
            graph, inputs = self._trace(variables, leaves, treedef,
                                        shape_env, symbolic)
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
    _check_input_spec`) and last called their fast path with (`Layer.
    _plain_input`) before and after capturing: comparing symbolic sizes
    with remembered ones would add shape guards (a graph pinned to one
    batch size), and a remembered symbolic size would outlive its
    capture."""
    layers = list(model._flatten_layers(include_self=True))

    def forget():
        for layer in layers:
            object.__setattr__(layer, "_checked_input", None)
            object.__setattr__(layer, "_plain_input", None)

    forget()
    try:
        yield
    finally:
        forget()


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
    # Inductor's on-disk caches (FX graph, AOTAutograd) look graphs up
    # only in a tracing context with a shape environment, as Dynamo
    # provides; without one they are bypassed.
    context = torch._guards.TracingContext(
        FakeTensorMode(shape_env=ShapeEnv(), allow_non_fake_inputs=True))
    with torch._guards.tracing(context):
        compiled = torch._inductor.compile(
            graph, list(inputs), options=_inductor_patches(options) or None)
    _count_graph()
    return compiled


def _inductor_patches(options):
    """The Inductor configuration `torch.compile(mode=..., options=...)`
    would apply."""
    patches = {}
    mode = options.get("mode")
    if mode not in (None, "default"):
        patches.update(torch._inductor.list_mode_options(mode))
    patches.update(options.get("options") or {})
    return patches


def _count_graph():
    # Counted as Dynamo counts the graphs it compiles, so that tools and
    # tests reading `counters["stats"]["unique_graphs"]` see it.
    dynamo_utils.counters["stats"]["unique_graphs"] += 1


# A static step whose first, eager run dispatches at least this many ATen
# operations is captured and compiled in a child process
# (`_CompileInChild`). The keras.io ViT's train step with augmentation
# layers runs ~1,600 (its captured graph has ~3,000 nodes and takes
# minutes to compile), its test step ~470; the benchmark transformer's
# ~320 and ~120, an MLP's ~75 and ~30, and they compile in seconds.
BACKGROUND_COMPILE_OPS = {"train": 800, "test": 250, "predict": 250}


class _OperationCounter(TorchDispatchMode):
    """Counts the ATen operations dispatched while active, forward and
    backward (it slowed a ViT's eager train step by no measurable
    amount)."""

    def __init__(self):
        super().__init__()
        self.count = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.count += 1
        return func(*args, **(kwargs or {}))


def _may_compile_in_child(options, leaves):
    """Whether a step of these options and data may compile in a forked
    child: data on the CPU (a forked child cannot use CUDA), on Linux
    (where forking a process that has loaded torch is safe), going to
    Inductor directly with its caches on (they hold what the child hands
    back), outside a multi-process run."""
    return (
        sys.platform.startswith("linux")
        and all(x.device.type == "cpu" for x in leaves)
        and _goes_to_inductor(options)
        and torch._inductor.config.fx_graph_cache
        and torch._functorch.config.enable_autograd_cache
        and distribution_lib.data_parallel_world() is None
    )


class _CompileInChild:
    """A static step being captured and compiled by a forked child.

    The child has the model as it was when forked: it captures the step
    (`CapturedStep._trace`), compiles it with Inductor
    (`torch._inductor.standalone_compile`) and saves the compiled graph
    and the structure of its outputs in a temporary folder, then exits;
    `result()` loads them, without capturing or compiling in this
    process. Capture and compilation run in Python, which would hold the
    GIL against the parent's eager steps if they ran in a thread, and the
    child runs at nice 19, so that on a machine with few cores the eager
    steps keep theirs.

    Args:
        step: the `CapturedStep`.
        variables: the step's state variables, in the graph's input
            order.
        leaves: the data's leaves (tensors).
        treedef: the data's structure.
    """

    def __init__(self, step, variables, leaves, treedef):
        self._variables = variables
        self._folder = tempfile.mkdtemp(prefix="keras_step_")
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        pid = os.fork()
        if pid == 0:
            _compile_and_exit(step, variables, leaves, treedef, self._folder)
        self._pid = pid
        # Stops the child if the step is dropped (`clear_session()`, a
        # recompiled model) or the process exits while it compiles.
        self._stop = weakref.finalize(self, _stop_child, pid, os.getpid(),
                                      self._folder)
        self._failed = False

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
        self._failed = os.waitstatus_to_exitcode(status) != 0

    def result(self):
        """`(graph, variables)` as the child compiled them, or `None`
        (with a warning) if the child failed: the caller then captures
        and compiles the step itself, raising what that raises."""
        self.wait()
        try:
            if self._failed:
                warnings.warn(
                    "jit_compile: capturing and compiling a step in the "
                    "background failed; compiling it in this process. "
                    f"The child's error: {self._read('error')}",
                    stacklevel=3)
                return None
            artifact = torch._inductor.CompiledArtifact.load(
                path=os.path.join(self._folder, "graph"), format="binary")
            outputs = torch_pytree.treespec_loads(self._read("outputs"))
            constants = torch.load(os.path.join(self._folder, "constants"))
        finally:
            shutil.rmtree(self._folder, ignore_errors=True)
        _count_graph()

        def graph(values, leaves):
            return torch_pytree.tree_unflatten(
                list(artifact(*values, *leaves, *constants)), outputs)

        return graph, self._variables

    def _read(self, name):
        try:
            with open(os.path.join(self._folder, name)) as file:
                return file.read()
        except OSError:
            return "(none reported)"


def _compile_and_exit(step, variables, leaves, treedef, folder):
    """In the forked child: captures and compiles the step into `folder`
    (`graph`, the compiled graph; `constants`, tensors it takes after the
    data; `outputs`, the structure of its outputs; or `error`) and exits without running the parent's exit
    handlers."""
    code = 1
    try:
        # The parent's eager steps come first: on a machine with few
        # cores, the compiler (and the C++ compilers it starts) otherwise
        # takes the cores the parent's steps wait for.
        os.nice(19)
        graph, (values, data_leaves) = step._trace(variables, leaves,
                                                   treedef)
        outputs, constants = _flat_calling_convention(graph)
        torch.save(constants, os.path.join(folder, "constants"))
        artifact = torch._inductor.standalone_compile(
            graph, values + data_leaves + constants,
            dynamic_shapes="from_example_inputs",
            options={"config_patches": _inductor_patches(step._options)},
            donate_graph_module=True,
        )
        artifact.save(path=os.path.join(folder, "graph"), format="binary")
        with open(os.path.join(folder, "outputs"), "w") as file:
            file.write(torch_pytree.treespec_dumps(outputs))
        code = 0
    except BaseException as error:  # noqa: B036 - reported in `folder`.
        with contextlib.suppress(OSError):
            with open(os.path.join(folder, "error"), "w") as file:
                file.write("".join(
                    traceback.format_exception_only(error)).strip())
    finally:
        os._exit(code)


def _flat_calling_convention(graph):
    """Makes `graph` (from `make_fx`, which takes and returns pytrees)
    take its flat inputs, then its tensor constants, as arguments and
    return a flat list, as a loaded compiled graph is called (it takes
    no constants of its own). Returns the structure of its outputs and
    the constants."""
    outputs = graph.graph._codegen.pytree_info.out_spec
    graph.graph._codegen = torch.fx.graph.CodeGen()
    last = [n for n in graph.graph.nodes if n.op == "placeholder"][-1]
    placeholders = {}
    for node in list(graph.graph.nodes):
        if node.op != "get_attr" or not isinstance(
                getattr(graph, node.target), torch.Tensor):
            continue
        if node.target not in placeholders:
            with graph.graph.inserting_after(last):
                last = graph.graph.placeholder(
                    f"constant_{len(placeholders)}")
            placeholders[node.target] = last
        node.replace_all_uses_with(placeholders[node.target])
        graph.graph.erase_node(node)
    constants = [getattr(graph, name) for name in placeholders]
    for name in placeholders:
        delattr(graph, name)
    graph.recompile()
    return outputs, constants


def _stop_child(pid, parent, folder):
    if os.getpid() != parent:
        return  # A forked sibling's copy of the finalizer.
    try:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass
    shutil.rmtree(folder, ignore_errors=True)


def _goes_to_inductor(options):
    """Whether `_compile_static` compiles with Inductor directly."""
    return options.get("backend", "inductor") == "inductor" and not (
        set(options) - _INDUCTOR_OPTIONS)


# `torch.compile` arguments `_compile_static` honours without Dynamo:
# a static graph has no dynamic sizes and no graph breaks.
_INDUCTOR_OPTIONS = frozenset(
    {"backend", "mode", "options", "fullgraph", "dynamic"})


# `_graphs` entries: run the model's ordinary step; run it and decide
# where to capture and compile (`CapturedStep._size_up`).
_EAGER = object()
_SIZE_UP = object()


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
