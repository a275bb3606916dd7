"""The parallel prefix scan behind `associative_scan` on the backends
without one of their own (NumPy, TensorFlow, PyTorch).

Only slicing is written here; the backends pass in how they concatenate
and gather along an axis, so the same O(log n)-round recursion serves all
of them.
"""

import builtins


def axis_slice(x, axis, start, stop=None, step=None):
    """`x[start:stop:step]` along `axis`."""
    index = (builtins.slice(None),) * axis
    return x[index + (builtins.slice(start, stop, step),)]


def prefix_scan(combine, leaves, axis, concatenate, take):
    """Inclusive scan of `leaves` with the associative `combine`, in
    O(log n) rounds: scan the combinations of pairs, then fill in between.

    Args:
        combine: maps two lists of leaves (same structure, same lengths
            along `axis`) to their combination, a list of leaves.
        leaves: the tensors to scan, all of one length along `axis`.
        axis: a non-negative axis.
        concatenate: `concatenate(tensors, axis)` of the backend.
        take: `take(x, indices, axis)`, with `indices` a Python list,
            gathering those positions of `x` along `axis`.

    Returns:
        The list of scanned leaves.
    """
    n = leaves[0].shape[axis]
    if n < 2:
        return leaves
    odd = prefix_scan(
        combine,
        combine(
            [axis_slice(x, axis, 0, -1, 2) for x in leaves],
            [axis_slice(x, axis, 1, None, 2) for x in leaves],
        ),
        axis,
        concatenate,
        take,
    )
    firsts = [axis_slice(x, axis, 0, 1) for x in leaves]
    if n > 2:
        rest = [axis_slice(x, axis, 2, None, 2) for x in leaves]
        done = odd if n % 2 else [axis_slice(x, axis, 0, -1) for x in odd]
        evens = combine(done, rest)
        firsts = [concatenate(pair, axis) for pair in zip(firsts, evens)]
    return [
        _interleave(e, o, axis, concatenate, take)
        for e, o in zip(firsts, odd)
    ]


def _interleave(even, odd, axis, concatenate, take):
    """Interleaves `even` and `odd` along `axis`: e0, o0, e1, o1, ..."""
    n_even, n = even.shape[axis], even.shape[axis] + odd.shape[axis]
    order = [i // 2 if i % 2 == 0 else n_even + i // 2 for i in range(n)]
    return take(concatenate([even, odd], axis), order, axis)
