"""Control flow on PyTorch: conditionals, loops, scans and maps.

torch runs Python control flow eagerly, and Dynamo traces through it (or
unrolls it) when a step is compiled, so these are plain Python loops over
tensors.
"""

import builtins

import torch

from keras.src import tree
from keras.src.backend.common.prefix_scan import prefix_scan
from keras.src.backend.torch.conversion import Variable
from keras.src.backend.torch.conversion import convert_to_tensor


def cond(pred, true_fn, false_fn):
    """Calls `true_fn()` if `pred` else `false_fn()`."""
    if isinstance(pred, Variable):
        pred = pred.value
    if isinstance(pred, torch.Tensor) and pred.numel() == 1:
        pred = bool(pred)
    return true_fn() if pred else false_fn()


def _to_tensors(structure):
    return tree.map_structure(
        lambda x: x if x is None else convert_to_tensor(x), structure
    )


def while_loop(cond, body, loop_vars, maximum_iterations=None):
    """Runs `loop_vars = body(*loop_vars)` while `cond(*loop_vars)`."""
    unpack = isinstance(loop_vars, (list, tuple))
    state = _to_tensors(tuple(loop_vars) if unpack else loop_vars)
    count = 0
    while maximum_iterations is None or count < maximum_iterations:
        if not (cond(*state) if unpack else cond(state)):
            break
        outputs = body(*state) if unpack else body(state)
        if unpack:
            if not isinstance(outputs, (list, tuple)):
                outputs = (outputs,)
            outputs = tuple(outputs)
        state = outputs
        count += 1
    return state


def fori_loop(lower, upper, body_fun, init_val):
    """Runs `val = body_fun(i, val)` for `i` in `range(lower, upper)`."""
    value = _to_tensors(init_val)
    for i in range(int(lower), int(upper)):
        value = body_fun(i, value)
    return value


def _stack(outputs, reverse_order):
    """Stacks per-step outputs (each a structure) along a new axis 0."""
    if reverse_order:
        outputs = outputs[::-1]
    flat = [tree.flatten(y) for y in outputs]
    stacked = [
        None if column[0] is None
        else torch.stack([convert_to_tensor(v) for v in column])
        for column in zip(*flat)
    ]
    return tree.pack_sequence_as(outputs[0], stacked)


def _empty_outputs(f, carry, xs, flat_xs):
    """The outputs of a scan of length 0: `f`'s, with a 0-sized axis."""
    first = [x.new_zeros(x.shape[1:]) for x in flat_xs]
    x = tree.pack_sequence_as(xs, first) if xs is not None else None
    _, y = f(carry, x)

    def empty(v):
        v = convert_to_tensor(v)
        return v.new_zeros((0,) + tuple(v.shape))

    return tree.map_structure(lambda v: None if v is None else empty(v), y)


def scan(f, init, xs=None, length=None, reverse=False, unroll=1):
    """Loops `carry, y = f(carry, x)` over the leading axis of `xs`;
    returns the final carry and the stacked `y`s."""
    carry = _to_tensors(init)
    flat_xs = [] if xs is None else [
        convert_to_tensor(x) for x in tree.flatten(xs)
    ]
    n = flat_xs[0].shape[0] if flat_xs else int(length)
    if n == 0:
        return carry, _empty_outputs(f, carry, xs, flat_xs)
    outputs = []
    for i in (range(n - 1, -1, -1) if reverse else range(n)):
        x = None
        if xs is not None:
            x = tree.pack_sequence_as(xs, [a[i] for a in flat_xs])
        carry, y = f(carry, x)
        outputs.append(y)
    return carry, _stack(outputs, reverse)


def map(f, xs):
    """Applies `f` to each slice of `xs` along axis 0; stacks the results."""
    return scan(lambda carry, x: (carry, f(x)), (), xs)[1]


def _take(x, indices, axis):
    return torch.index_select(
        x, axis, torch.tensor(indices, device=x.device)
    )


def associative_scan(f, elems, reverse=False, axis=0):
    """Inclusive scan of `elems` along `axis` with the associative `f`."""
    leaves = [convert_to_tensor(x) for x in tree.flatten(elems)]
    axis = axis % leaves[0].ndim

    def combine(a, b):
        out = f(tree.pack_sequence_as(elems, a),
                tree.pack_sequence_as(elems, b))
        return [convert_to_tensor(x) for x in tree.flatten(out)]

    if reverse:
        leaves = [torch.flip(x, (axis,)) for x in leaves]
    leaves = prefix_scan(combine, leaves, axis, torch.cat, _take)
    if reverse:
        leaves = [torch.flip(x, (axis,)) for x in leaves]
    return tree.pack_sequence_as(elems, leaves)


def switch(index, branches, *operands):
    """Calls `branches[index](*operands)`, `index` clamped to the range."""
    index = builtins.min(builtins.max(int(index), 0), len(branches) - 1)
    return branches[index](*operands)


def vectorized_map(function, elements):
    """Maps `function` over axis 0 of `elements` with `torch.vmap`, or a
    loop where `torch.vmap` cannot batch it."""
    elements = _to_tensors(elements)
    try:
        return torch.vmap(function)(elements)
    except RuntimeError:
        # Data-dependent control flow and `.item()` cannot be batched:
        # loop instead, as `tf.vectorized_map` does.
        return map(function, elements)


def unstack(x, num=None, axis=0):
    """Splits `x` along `axis` into a list of tensors."""
    return list(torch.unbind(convert_to_tensor(x), axis))
