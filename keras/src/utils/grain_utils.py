"""Batching helpers for Grain data pipelines.

Grain hands a batching function the list of elements of one batch; these
turn that list into one batched element of the same structure. They need
no Grain themselves.
"""

from keras.src import ops
from keras.src import tree


def make_batch(values):
    """Stacks a list of same-structure elements into one batch.

    Each leaf position of the structure becomes one tensor whose first
    axis runs over the elements.

    Args:
        values: a non-empty list of elements (tensors, arrays, numbers, or
            nested tuples, lists and dicts of them).

    Returns:
        The structure of one element, with stacked tensors as leaves.

    Example:

    >>> batch = make_batch([(np.ones(2), 1), (np.zeros(2), 0)])
    >>> [tuple(x.shape) for x in batch]
    [(2, 2), (2,)]
    """
    _check_not_empty(values)
    return tree.map_structure(lambda *xs: ops.stack(xs, axis=0), *values)


def make_string_batch(values):
    """Like `make_batch`, but string leaves are gathered into tuples of
    strings (tensors cannot hold them on every backend).

    Whether a leaf position holds strings is read from the first element.

    Args:
        values: a non-empty list of same-structure elements.

    Returns:
        The structure of one element: tuples of strings where it holds
        strings, stacked tensors elsewhere.

    Example:

    >>> texts, labels = make_string_batch([("a", 1), ("bc", 0)])
    >>> texts
    ('a', 'bc')
    """
    _check_not_empty(values)

    def batch(*xs):
        if isinstance(xs[0], str):
            return tuple(xs)
        return ops.stack(xs, axis=0)

    return tree.map_structure(batch, *values)


def _check_not_empty(values):
    if not values:
        raise ValueError(
            "Cannot batch 0 values: a batch needs at least one element."
        )
