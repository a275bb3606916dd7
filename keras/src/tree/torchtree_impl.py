"""`keras.tree` over PyTorch's pytrees (`torch.utils._pytree`).

An alternative to `optree_impl` for code that wants the node types PyTorch
knows (its registry: built-in containers, namedtuples, `torch.return_types`
and the classes registered with `torch.utils._pytree.register_pytree_node`
or with `register_tree_node_class` here). Keras's semantics are kept where
PyTorch's differ: `None` is a leaf (PyTorch makes it an empty node) and
`dict`/`defaultdict` children come in sorted-key order (PyTorch keeps
insertion order), so results match `optree_impl` on shared node types.

The walk over nodes is written here, one level at a time through PyTorch's
flatten functions; PyTorch is imported on first use. The `keras.tree`
facade does not dispatch here: import this module to use it.
"""

import collections

from keras.src.tree.python_impl import MAP_TO_NONE
from keras.src.tree.python_impl import _sorted_keys
from keras.src.tree.python_impl import check_same_paths
from keras.src.tree.python_impl import is_shape_tuple
from keras.src.utils.module_utils import LazyModule

_pytree = LazyModule("torch.utils._pytree", pip_name="torch")
_SHAPE_MISMATCH = "Structures don't have the same nested structure."
_SORTED_DICTS = (dict, collections.defaultdict)


def register_tree_node_class(cls):
    """Registers `cls` as a node with PyTorch's pytree registry, through its
    own `obj.tree_flatten()` (returning `(children, aux)`) and
    `cls.tree_unflatten(aux, children)`.

    The registry is PyTorch's global one, so `torch.utils._pytree` (and
    `torch.compile`) see the class as a node too.

    Args:
        cls: the class to register.

    Returns:
        `cls`, unchanged (usable as a class decorator).

    Example:

    >>> from keras.src.tree import torchtree_impl
    >>> @torchtree_impl.register_tree_node_class
    ... class Pair:
    ...     def __init__(self, a, b):
    ...         self.a, self.b = a, b
    ...     def tree_flatten(self):
    ...         return (self.a, self.b), None
    ...     @classmethod
    ...     def tree_unflatten(cls, aux, children):
    ...         return cls(*children)
    >>> torchtree_impl.flatten(Pair(1, [2, 3]))
    [1, 2, 3]
    """
    from keras.src.tree.optree_impl import class_methods_of

    flatten_fn, unflatten_fn = class_methods_of(cls)

    def torch_flatten(obj):
        children, aux = flatten_fn(obj)
        return list(children), aux

    _pytree.register_pytree_node(
        cls,
        torch_flatten,
        lambda children, aux: unflatten_fn(aux, tuple(children)),
    )
    return cls


def _raw_key(entry):
    for attribute in ("key", "idx", "name"):
        if hasattr(entry, attribute):
            return getattr(entry, attribute)
    return entry


def _node(x):
    """`(children, keys, rebuild)` for a node, `None` for a leaf.

    `rebuild(children)` makes a node like `x` holding `children`.
    """
    if x is None:
        return None
    kind = type(x)
    if kind in _SORTED_DICTS:
        keys = _sorted_keys(x)

        def rebuild(children):
            values = dict(zip(keys, children))
            pairs = [(k, values[k]) for k in x]
            if kind is dict:
                return dict(pairs)
            return collections.defaultdict(x.default_factory, pairs)

        return [x[k] for k in keys], keys, rebuild
    node_type = _pytree._get_node_type(x)
    node_def = _pytree.SUPPORTED_NODES.get(node_type)
    if node_def is None:
        return None
    children, context = node_def.flatten_fn(x)
    children = list(children)
    keys = list(range(len(children)))
    with_keys = node_def.flatten_with_keys_fn
    if with_keys is not None and not isinstance(x, tuple):
        # Mappings and registered classes name their children; tuples
        # (namedtuples and structseqs included) use indices, as optree.
        keys = [_raw_key(entry) for entry, _ in with_keys(x)[0]]
    return children, keys, lambda new: node_def.unflatten_fn(new, context)


def is_nested(structure):
    """See `keras.tree.is_nested`."""
    return _node(structure) is not None


def _flatten_into(x, out):
    node = _node(x)
    if node is None:
        out.append(x)
        return
    for child in node[0]:
        _flatten_into(child, out)


def flatten(structure):
    """See `keras.tree.flatten`."""
    leaves = []
    _flatten_into(structure, leaves)
    return leaves


def _paths_into(x, path, out):
    node = _node(x)
    if node is None:
        out.append((path, x))
        return
    for key, child in zip(node[1], node[0]):
        _paths_into(child, path + (key,), out)


def flatten_with_path(structure):
    """See `keras.tree.flatten_with_path`."""
    out = []
    _paths_into(structure, (), out)
    return out


def _pack(x, leaves):
    node = _node(x)
    if node is None:
        return next(leaves)
    return node[2]([_pack(child, leaves) for child in node[0]])


def pack_sequence_as(structure, flat_sequence):
    """See `keras.tree.pack_sequence_as`."""
    flat_sequence = list(flat_sequence)
    expected = len(flatten(structure))
    if len(flat_sequence) != expected:
        raise ValueError(
            "The target structure has "
            f"{expected} leaves, but `flat_sequence` has "
            f"{len(flat_sequence)} elements."
        )
    return _pack(structure, iter(flat_sequence))


def _assert_same(a, b):
    node_a, node_b = _node(a), _node(b)
    if node_a is None or node_b is None:
        if node_a is not node_b:
            raise ValueError(_SHAPE_MISMATCH)
        return
    if type(a) is not type(b) or node_a[1] != node_b[1]:
        raise ValueError(_SHAPE_MISMATCH)
    for child_a, child_b in zip(node_a[0], node_b[0]):
        _assert_same(child_a, child_b)


def assert_same_structure(a, b, check_types=None):
    """See `keras.tree.assert_same_structure` (`check_types` is unused:
    node types must always match)."""
    _assert_same(a, b)


def assert_same_paths(a, b):
    """See `keras.tree.assert_same_paths`."""
    check_same_paths(
        {p for p, _ in flatten_with_path(a)},
        {p for p, _ in flatten_with_path(b)},
    )


def map_structure(func, *structures, none_is_leaf=True):
    """See `keras.tree.map_structure`. With `none_is_leaf=False`, `None`
    stays `None` instead of being passed to `func`."""
    if not structures:
        raise ValueError("Must provide at least one structure")
    for other in structures[1:]:
        _assert_same(structures[0], other)
    flats = [flatten(s) for s in structures]
    results = []
    for args in zip(*flats):
        if not none_is_leaf and args[0] is None:
            results.append(None)
        else:
            results.append(func(*args))
    return _pack(structures[0], iter(results))


def _flatten_up_to(shallow, other, out):
    node = _node(shallow)
    if node is None:
        out.append(other)
        return
    other_node = _node(other)
    if other_node is None or type(other) is not type(shallow) or (
        other_node[1] != node[1]
    ):
        raise ValueError(_SHAPE_MISMATCH)
    for child, other_child in zip(node[0], other_node[0]):
        _flatten_up_to(child, other_child, out)


def map_structure_up_to(shallow_structure, func, *structures):
    """See `keras.tree.map_structure_up_to`."""
    if not structures:
        raise ValueError("Must provide at least one structure")
    flats = []
    for structure in structures:
        out = []
        _flatten_up_to(shallow_structure, structure, out)
        flats.append(out)
    results = [func(*args) for args in zip(*flats)]
    return _pack(shallow_structure, iter(results))


def _traverse(func, x, top_down):
    if top_down:
        result = func(x)
        if result is MAP_TO_NONE:
            return None
        if result is not None:
            return result
    node = _node(x)
    if node is None:
        new_x = x
    else:
        new_x = node[2]([_traverse(func, c, top_down) for c in node[0]])
    if top_down:
        return new_x
    result = func(new_x)
    if result is MAP_TO_NONE:
        return None
    return new_x if result is None else result


def traverse(func, structure, top_down=True):
    """See `keras.tree.traverse`."""
    return _traverse(func, structure, top_down)


def lists_to_tuples(structure):
    """See `keras.tree.lists_to_tuples`."""
    return _traverse(
        lambda x: tuple(x) if isinstance(x, list) else None, structure, False
    )


def _map_shape(func, x):
    if is_shape_tuple(x):
        return func(x)
    node = _node(x)
    if node is None:
        return func(x)
    return node[2]([_map_shape(func, c) for c in node[0]])


def map_shape_structure(func, structure):
    """See `keras.tree.map_shape_structure`."""
    return _map_shape(func, structure)
