"""Control-flow ops (`cond`, `switch`, loops, scans, maps) and
`custom_gradient`, exported from `keras.ops` through `ops/core.py`.

Symbolic calls infer their outputs by tracing the user's functions with
the backend (`compute_output_spec`); loop variables keep their specs.
"""

import functools

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import shape_rules
from keras.src.ops.operation import symbolic_op

__all__ = [
    "associative_scan",
    "cond",
    "custom_gradient",
    "fori_loop",
    "map",
    "scan",
    "switch",
    "vectorized_map",
    "while_loop",
]

# -- spec helpers --------------------------------------------------------


def fresh_spec(x):
    """A new `KerasTensor` like `x` (a tensor, value or `KerasTensor`):
    outputs must not reuse an input's `KerasTensor`."""
    if isinstance(x, KerasTensor):
        return KerasTensor(x.shape, dtype=x.dtype, sparse=x.sparse,
                           ragged=x.ragged)
    return shape_rules.same_spec(x)


def _structure_spec(structure):
    return tree.map_structure(
        lambda x: None if x is None else fresh_spec(x), structure
    )


def _output_spec(fn, *args, **kwargs):
    """The specs of `fn(*args, **kwargs)` (arguments holding
    `KerasTensor`s), traced by the backend; `None` outputs stay `None`."""
    outputs = []

    def run(*call_args, **call_kwargs):
        outputs.append(fn(*call_args, **call_kwargs))
        return [
            x if isinstance(x, KerasTensor) or backend.is_tensor(x)
            else backend.convert_to_tensor(x)
            for x in tree.flatten(outputs[-1]) if x is not None
        ]

    specs = iter(backend.compute_output_spec(run, *args, **kwargs))
    leaves = [
        None if x is None else fresh_spec(next(specs))
        for x in tree.flatten(outputs[-1])
    ]
    return tree.pack_sequence_as(outputs[-1], leaves)


def _symbolic_call(fn, spec, *args):
    """`symbolic_op` for ops whose outputs may hold `None`s, which a graph
    node cannot record: the node records the other outputs."""
    structures = []

    def recordable_spec(*call_args):
        structures.append(spec(*call_args))
        leaves = tree.flatten(structures[-1])
        if any(x is None for x in leaves):
            return [x for x in leaves if x is not None]
        return structures[-1]

    symbolic_op(fn, recordable_spec, *args)
    return structures[-1]


def _check_same_specs(op_name, names, first, second):
    """Raises a `ValueError` unless two output structures match in
    structure, shapes and dtypes."""
    flat_first, flat_second = tree.flatten(first), tree.flatten(second)
    same = len(flat_first) == len(flat_second) and all(
        (a is None and b is None)
        or (a is not None and b is not None and a.shape == b.shape
            and a.dtype == b.dtype)
        for a, b in zip(flat_first, flat_second)
    )
    if same:
        try:
            tree.assert_same_structure(first, second)
        except (TypeError, ValueError):
            same = False
    if not same:
        raise ValueError(
            f"`{op_name}`: {names[0]} and {names[1]} must return the same "
            f"structure, shapes and dtypes. Received: {first} and {second}"
        )


def _slice_spec(x):
    """The spec of one slice of `x` along axis 0."""
    shape = shape_rules.shape_of(x)
    return KerasTensor(shape[1:], dtype=fresh_spec(x).dtype)


def _stacked_spec(spec, length):
    if spec is None:
        return None
    return KerasTensor((length,) + spec.shape, dtype=spec.dtype)


def _leading_length(op_name, xs, length=None):
    """Returns the common size of axis 0 of the leaves of `xs` (`None` if
    unknown), checking it against `length`."""
    shapes = [shape_rules.shape_of(x) for x in tree.flatten(xs)]
    if any(len(s) == 0 for s in shapes):
        raise ValueError(
            f"`{op_name}`: every input must have a leading axis to loop "
            f"over. Received shapes: {shapes}"
        )
    sizes = {s[0] for s in shapes if s[0] is not None}
    if length is not None:
        sizes.add(int(length))
    if len(sizes) > 1:
        raise ValueError(
            f"`{op_name}`: the inputs disagree on the size of their leading "
            f"axis. Received shapes: {shapes}"
            + ("" if length is None else f" and length={length}")
        )
    return sizes.pop() if sizes else None



# -- control flow ---------------------------------------------------------


@keras_export("keras.ops.cond")
def cond(pred, true_fn, false_fn):
    """Calls `true_fn()` if `pred` is true, `false_fn()` otherwise.

    Inside compiled functions both branches are traced; they must return
    the same structure, shapes and dtypes.

    Args:
        pred: a boolean scalar (tensor or Python bool).
        true_fn: a function of no arguments.
        false_fn: a function of no arguments.

    Returns:
        The output of the chosen branch.

    Example:

    >>> keras.ops.cond(True, lambda: 1.0, lambda: 2.0)
    1.0
    """
    if isinstance(pred, KerasTensor):
        return _symbolic_call(cond, _cond_spec, pred, true_fn, false_fn)
    return backend.cond(pred, true_fn, false_fn)


def _cond_spec(pred, true_fn, false_fn):
    if any(d is not None and d != 1 for d in pred.shape):
        raise ValueError(
            f"`cond`: `pred` must be a scalar. Received shape {pred.shape}"
        )
    # The branches run on the symbolic tensors they close over.
    true_spec = _structure_spec(true_fn())
    false_spec = _structure_spec(false_fn())
    _check_same_specs(
        "cond", ("`true_fn`", "`false_fn`"), true_spec, false_spec
    )
    return true_spec


@keras_export("keras.ops.switch")
def switch(index, branches, *operands):
    """Calls `branches[index](*operands)`.

    `index` is clamped to the valid range. Inside compiled functions all
    branches are traced; they must return the same structure, shapes and
    dtypes.

    Args:
        index: an integer scalar (tensor or Python int).
        branches: a sequence of functions.
        *operands: the arguments of the branches.

    Returns:
        The output of the chosen branch.

    Example:

    >>> keras.ops.switch(1, [lambda x: x + 1, lambda x: x * 3], 2)
    6
    """
    if not branches:
        raise ValueError("`switch`: `branches` must hold a function.")
    if any_symbolic_tensors((index,) + operands):
        return _symbolic_call(switch, _switch_spec, index, branches,
                              *operands)
    return backend.core.switch(index, branches, *operands)


def _switch_spec(index, branches, *operands):
    specs = [_output_spec(branch, *operands) for branch in branches]
    for i, spec in enumerate(specs[1:], start=1):
        _check_same_specs(
            "switch", ("`branches[0]`", f"`branches[{i}]`"), specs[0], spec
        )
    return specs[0]


@keras_export("keras.ops.while_loop")
def while_loop(cond, body, loop_vars, maximum_iterations=None):
    """Runs `loop_vars = body(*loop_vars)` while `cond(*loop_vars)`.

    A tuple or list of loop variables is unpacked into the arguments of
    `cond` and `body`; any other structure (a tensor, a dict) is passed
    as one argument. The variables must keep their shapes and dtypes.

    Args:
        cond: returns a boolean scalar: whether to run `body` again.
        body: returns the new loop variables, in their structure.
        loop_vars: the initial loop variables.
        maximum_iterations: the most times `body` may run (unbounded by
            default).

    Returns:
        The final loop variables: a tuple if `loop_vars` is a tuple or a
        list, else the structure of `loop_vars`.

    Example:

    >>> keras.ops.while_loop(lambda i: i < 5, lambda i: i + 1, 0)
    array(5, dtype=int32)
    """
    if any_symbolic_tensors((loop_vars,)):
        return _symbolic_call(while_loop, _loop_spec, cond, body, loop_vars,
                              maximum_iterations)
    return backend.core.while_loop(cond, body, loop_vars,
                                   maximum_iterations=maximum_iterations)


def _loop_spec(cond, body, loop_vars, maximum_iterations=None):
    # Loop variables keep their shapes and dtypes on every backend.
    if isinstance(loop_vars, list):
        loop_vars = tuple(loop_vars)
    return _structure_spec(loop_vars)


@keras_export("keras.ops.fori_loop")
def fori_loop(lower, upper, body_fun, init_val):
    """Runs `val = body_fun(i, val)` for `i` from `lower` to `upper - 1`.

    Args:
        lower: the first index (an int).
        upper: the index to stop before.
        body_fun: returns the new value from the index and the value,
            keeping its structure, shapes and dtypes.
        init_val: the initial value (a tensor or a structure of them).

    Returns:
        The final value.

    Example:

    >>> keras.ops.fori_loop(0, 4, lambda i, total: total + i, 0)
    array(6, dtype=int32)
    """
    if any_symbolic_tensors((lower, upper, init_val)):
        return _symbolic_call(fori_loop, _fori_loop_spec, lower, upper,
                              body_fun, init_val)
    return backend.core.fori_loop(lower, upper, body_fun, init_val)


def _fori_loop_spec(lower, upper, body_fun, init_val):
    return _structure_spec(init_val)


def _check_unroll(unroll):
    if isinstance(unroll, bool) or (isinstance(unroll, int) and unroll > 0):
        return
    raise ValueError(
        "`scan`: `unroll` must be a positive integer or a boolean. "
        f"Received: unroll={unroll!r}"
    )


@keras_export("keras.ops.scan")
def scan(f, init, xs=None, length=None, reverse=False, unroll=1):
    """Loops a function over the leading axis of `xs`, carrying a state.

    Computes `carry, y = f(carry, x)` for each slice `x` of `xs` (a
    structure of tensors, sliced together) and stacks the `y`s, like
    `jax.lax.scan`.

    Args:
        f: returns `(new_carry, y)`; the carry keeps its structure, shapes
            and dtypes, `y` may hold `None`s.
        init: the initial carry.
        xs: the values to loop over, or `None` to loop `length` times with
            `x=None`.
        length: the number of steps; needed when `xs` is `None`.
        reverse: whether to loop from the last slice to the first (the
            `y`s stay aligned with `xs`).
        unroll: how many steps to unroll in compiled loops (a positive int
            or a bool); only a hint.

    Returns:
        A pair `(final_carry, stacked_ys)`.

    Example:

    >>> xs = np.arange(3, dtype="float32")
    >>> keras.ops.scan(lambda c, x: (c + x, c), 0.0, xs)[1]
    array([0., 0., 1.], dtype=float32)
    """
    _check_unroll(unroll)
    if xs is None:
        if length is None:
            raise ValueError("`scan`: pass `xs` or `length`.")
    else:
        _leading_length("scan", xs, length)
    if any_symbolic_tensors((init, xs)):
        return _symbolic_call(scan, _scan_spec, f, init, xs, length,
                              reverse, unroll)
    return backend.core.scan(f, init, xs=xs, length=length, reverse=reverse,
                             unroll=unroll)


def _scan_spec(f, init, xs=None, length=None, reverse=False, unroll=1):
    steps = length if xs is None else _leading_length("scan", xs, length)
    x_spec = None if xs is None else tree.map_structure(_slice_spec, xs)
    outputs = _output_spec(f, init, x_spec)
    if not isinstance(outputs, (list, tuple)) or len(outputs) != 2:
        raise ValueError(
            "`scan`: `f` must return a pair `(carry, y)`. Received: "
            f"{outputs}"
        )
    carry, y = outputs
    ys = tree.map_structure(lambda s: _stacked_spec(s, steps), y)
    return carry, ys


def _check_scan_axis(elems, axis):
    shapes = [shape_rules.shape_of(x) for x in tree.flatten(elems)]
    sizes = set()
    for shape in shapes:
        axis_index = shape_rules.canonicalize_axis(
            "associative_scan", axis, len(shape)
        )
        if shape[axis_index] is not None:
            sizes.add(shape[axis_index])
    if len(sizes) > 1:
        raise ValueError(
            "`associative_scan`: the inputs disagree on the size of axis "
            f"{axis}. Received shapes: {shapes}"
        )


@keras_export("keras.ops.associative_scan")
def associative_scan(f, elems, reverse=False, axis=0):
    """Computes all prefix combinations of `elems` with an associative
    function, in a logarithmic number of steps.

    With `f = add` this is a cumulative sum: the `i`-th output combines
    the inputs `0..i` along `axis`.

    Args:
        f: an associative function of two structures like `elems`, applied
            to whole blocks of slices (it must work elementwise).
        elems: a tensor or a structure of tensors of one size along `axis`.
        reverse: whether to combine from the end instead.
        axis: the axis to scan along.

    Returns:
        A structure like `elems`.

    Example:

    >>> x = np.arange(1, 5, dtype="float32")
    >>> keras.ops.associative_scan(lambda a, b: a + b, x)
    array([ 1.,  3.,  6., 10.], dtype=float32)
    """
    _check_scan_axis(elems, axis)
    if any_symbolic_tensors((elems,)):
        return _symbolic_call(associative_scan, _associative_scan_spec, f,
                              elems, reverse, axis)
    return backend.core.associative_scan(f, elems, reverse=reverse,
                                         axis=axis)


def _associative_scan_spec(f, elems, reverse=False, axis=0):
    return _output_spec(f, elems, elems)


@keras_export("keras.ops.map")
def map(f, xs):
    """Applies a function to each slice of `xs` along axis 0, in a loop.

    Args:
        f: a function of one slice (a structure like `xs`).
        xs: a tensor or a structure of tensors of one leading size.

    Returns:
        The outputs of `f`, stacked along a new axis 0.

    Example:

    >>> keras.ops.map(lambda x: x * 2, np.array([1.0, 2.0], "float32"))
    array([2., 4.], dtype=float32)
    """
    _leading_length("map", xs)
    if any_symbolic_tensors((xs,)):
        return _symbolic_call(map, _map_spec("map"), f, xs)
    return backend.core.map(f, xs)


def _map_spec(op_name):
    def spec(f, xs):
        steps = _leading_length(op_name, xs)
        outputs = _output_spec(f, tree.map_structure(_slice_spec, xs))
        return tree.map_structure(lambda s: _stacked_spec(s, steps), outputs)

    return spec


@keras_export("keras.ops.vectorized_map")
def vectorized_map(function, elements):
    """Applies a function to each slice of `elements` along axis 0, as one
    batched computation where the backend can (`jax.vmap`, `torch.vmap`,
    `tf.vectorized_map`; a loop with NumPy).

    Args:
        function: a function of one slice (a structure like `elements`).
        elements: a tensor or a structure of tensors of one leading size.

    Returns:
        The outputs of `function`, stacked along a new axis 0.

    Example:

    >>> x = np.array([1.0, 2.0], "float32")
    >>> keras.ops.vectorized_map(lambda v: v * 2, x)
    array([2., 4.], dtype=float32)
    """
    _leading_length("vectorized_map", elements)
    if any_symbolic_tensors((elements,)):
        return _symbolic_call(vectorized_map, _map_spec("vectorized_map"),
                              function, elements)
    return backend.core.vectorized_map(function, elements)


@keras_export("keras.ops.custom_gradient")
def custom_gradient(f):
    """Decorates a function to give it a custom gradient.

    `f(*args)` returns `(output, grad_fn)`; the decorated function returns
    `output`, and the gradient of a loss with respect to `args` is
    `grad_fn(upstream)`, where `upstream` is the gradient with respect to
    `output`. `grad_fn` returns one gradient per argument. With torch,
    `upstream` is passed by name when `grad_fn` has such a parameter.

    Args:
        f: the function.

    Returns:
        The decorated function.

    Example:

    >>> @keras.ops.custom_gradient
    ... def double_gradient(x):
    ...     return x, lambda upstream: upstream * 2
    >>> double_gradient(np.array([1.0, 2.0], "float32"))
    array([1., 2.], dtype=float32)
    """
    differentiable = backend.core.custom_gradient(f)

    @functools.wraps(f)
    def call(*args, **kwargs):
        if any_symbolic_tensors(args, kwargs):
            return _symbolic_custom_gradient(call, f, args, kwargs)
        return differentiable(*args, **kwargs)

    return call


def _symbolic_custom_gradient(call, f, args, kwargs):
    def spec(*spec_args):
        return _output_spec(lambda *a: f(*a, **kwargs)[0], *spec_args)

    def replay(*replay_args):
        return call(*replay_args, **kwargs)

    functools.update_wrapper(replay, f)
    return _symbolic_call(replay, spec, *args)
