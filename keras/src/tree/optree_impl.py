"""`optree` implementation of the `keras.tree` utilities.

This is the fast path used in eager code. `None` is a leaf and custom node
types are registered in the `"keras"` namespace of `optree`. `python_impl`
mirrors every function here in pure Python for `torch.compile` tracing.
"""

import optree

from keras.src.tree.python_impl import MAP_TO_NONE
from keras.src.tree.python_impl import check_same_paths
from keras.src.tree.python_impl import is_shape_tuple

NAMESPACE = "keras"
_SHAPE_MISMATCH = "Structures don't have the same nested structure."


def register_tree_node(cls, flatten_fn, unflatten_fn):
    """Registers `cls` as a node type in the `"keras"` `optree` namespace.

    Args:
        cls: The class to register.
        flatten_fn: `flatten_fn(obj)` returns `(children, aux)` or
            `(children, aux, keys)`.
        unflatten_fn: `unflatten_fn(aux, children)` rebuilds the object.

    Example:

    >>> class Stack(list):
    ...     pass
    >>> register_tree_node(
    ...     Stack, lambda s: (list(s), None), lambda _, c: Stack(c))
    >>> flatten(Stack([1, [2]]))
    [1, 2]
    """
    optree.register_pytree_node(
        cls, flatten_fn, unflatten_fn, namespace=NAMESPACE
    )


def class_methods_of(cls):
    """`(flatten_fn, unflatten_fn)` from a class's `tree_flatten` method
    and `tree_unflatten(aux, children)` class method.

    Raises:
        TypeError: naming what `cls` lacks.
    """
    missing = [
        name for name in ("tree_flatten", "tree_unflatten")
        if not callable(getattr(cls, name, None))
    ]
    if missing:
        raise TypeError(
            f"`register_tree_node_class`: {cls.__name__} must define "
            f"{' and '.join(missing)} (`obj.tree_flatten()` returning "
            "`(children, aux)` and `cls.tree_unflatten(aux, children)`)."
        )
    return (lambda obj: obj.tree_flatten()), cls.tree_unflatten


def register_tree_node_class(cls):
    """Registers `cls` with `optree` through its own methods.

    Usable as a class decorator. `obj.tree_flatten()` returns
    `(children, aux)`; `cls.tree_unflatten(aux, children)` rebuilds an
    instance. Only this implementation learns of `cls`: register with
    `keras.tree`'s facade to reach every implementation.

    Args:
        cls: the class to register.

    Returns:
        `cls`, unchanged.

    Example:

    >>> @register_tree_node_class
    ... class Pair:
    ...     def __init__(self, a, b):
    ...         self.a, self.b = a, b
    ...     def tree_flatten(self):
    ...         return (self.a, self.b), None
    ...     @classmethod
    ...     def tree_unflatten(cls, aux, children):
    ...         return cls(*children)
    >>> flatten(Pair(1, [2, 3]))
    [1, 2, 3]
    """
    register_tree_node(cls, *class_methods_of(cls))
    return cls


def _is_leaf(x, none_is_leaf=True):
    return optree.tree_is_leaf(
        x, none_is_leaf=none_is_leaf, namespace=NAMESPACE
    )


def is_nested(structure):
    """See `keras.tree.is_nested`."""
    return not _is_leaf(structure)


def flatten(structure):
    """See `keras.tree.flatten`."""
    return optree.tree_leaves(
        structure, none_is_leaf=True, namespace=NAMESPACE
    )


def flatten_with_path(structure):
    """See `keras.tree.flatten_with_path`."""
    paths, leaves, _ = optree.tree_flatten_with_path(
        structure, none_is_leaf=True, namespace=NAMESPACE
    )
    return list(zip(paths, leaves))


def pack_sequence_as(structure, flat_sequence):
    """See `keras.tree.pack_sequence_as`."""
    spec = optree.tree_structure(
        structure, none_is_leaf=True, namespace=NAMESPACE
    )
    return spec.unflatten(flat_sequence)


def map_one_structure(func, structure, none_is_leaf):
    """`map_structure` for a single structure (no `*args` call overhead)."""
    return optree.tree_map(
        func, structure, none_is_leaf=none_is_leaf, namespace=NAMESPACE
    )


def map_structure(func, *structures, none_is_leaf=True):
    """See `keras.tree.map_structure`."""
    if not structures:
        raise ValueError("Must provide at least one structure")
    if len(structures) == 1:
        return map_one_structure(func, structures[0], none_is_leaf)

    def checked_func(*args):
        for arg in args[1:]:
            if not _is_leaf(arg, none_is_leaf):
                raise ValueError(_SHAPE_MISMATCH)
        return func(*args)

    return optree.tree_map(
        checked_func,
        *structures,
        none_is_leaf=none_is_leaf,
        namespace=NAMESPACE,
    )


def map_structure_up_to(shallow_structure, func, *structures):
    """See `keras.tree.map_structure_up_to`."""
    if not structures:
        raise ValueError("Must provide at least one structure")
    shallow_leaves, spec = optree.tree_flatten(
        shallow_structure, none_is_leaf=True, namespace=NAMESPACE
    )
    others = [spec.flatten_up_to(s) for s in structures]
    results = []
    for i, shallow_leaf in enumerate(shallow_leaves):
        if shallow_leaf is None:
            raise ValueError(_SHAPE_MISMATCH)
        results.append(func(*[other[i] for other in others]))
    return spec.unflatten(results)


def assert_same_structure(a, b, check_types=None):
    """See `keras.tree.assert_same_structure` (`check_types` is unused)."""
    spec = optree.tree_structure(a, none_is_leaf=True, namespace=NAMESPACE)
    for leaf in spec.flatten_up_to(b):
        if not _is_leaf(leaf):
            raise ValueError(_SHAPE_MISMATCH)


def assert_same_paths(a, b):
    """See `keras.tree.assert_same_paths`."""
    a_paths = optree.tree_paths(a, none_is_leaf=True, namespace=NAMESPACE)
    b_paths = optree.tree_paths(b, none_is_leaf=True, namespace=NAMESPACE)
    check_same_paths(set(a_paths), set(b_paths))


def _traverse(func, x, top_down):
    if top_down:
        result = func(x)
        if result is MAP_TO_NONE:
            return None
        if result is not None:
            return result
    if _is_leaf(x):
        new_x = x
    else:
        children, aux, _, unflatten = optree.tree_flatten_one_level(
            x, none_is_leaf=True, namespace=NAMESPACE
        )
        new_children = [_traverse(func, c, top_down) for c in children]
        new_x = unflatten(aux, tuple(new_children))
    if top_down:
        return new_x
    result = func(new_x)
    if result is MAP_TO_NONE:
        return None
    if result is None:
        return new_x
    return result


def traverse(func, structure, top_down=True):
    """See `keras.tree.traverse`."""
    return _traverse(func, structure, top_down)


def _list_to_tuple(x):
    if isinstance(x, list):
        return tuple(x)
    return None


def lists_to_tuples(structure):
    """See `keras.tree.lists_to_tuples`."""
    return _traverse(_list_to_tuple, structure, False)


def map_shape_structure(func, structure):
    """See `keras.tree.map_shape_structure`."""
    return optree.tree_map(
        func,
        structure,
        is_leaf=is_shape_tuple,
        none_is_leaf=True,
        namespace=NAMESPACE,
    )
