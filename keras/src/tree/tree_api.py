"""Public `keras.tree` API: utilities for nested structures.

A structure is a leaf or a node holding more structures. Nodes are `list`,
`tuple`, namedtuples, `dict`, `collections.OrderedDict`,
`collections.defaultdict`, `collections.deque`, `PyStructSequence` types
and the classes given to `register_tree_node_class`. Everything else is a
leaf, including `None`, strings, sets and tensors. `dict` and `defaultdict`
entries are visited in sorted-key order, `OrderedDict` entries in insertion
order.

Each function runs the `optree` implementation, except while
`torch.compile` traces the call: it then runs the pure-Python one, which
Dynamo can trace without graph breaks. Both give the same results.
"""

import sys
import warnings

from keras.src.api_export import keras_export
from keras.src.tree import optree_impl
from keras.src.tree import python_impl

MAP_TO_NONE = keras_export("keras.tree.MAP_TO_NONE")(python_impl.MAP_TO_NONE)


def _torch_not_imported_yet():
    """Stands in for `torch.compiler.is_compiling` until torch is loaded."""
    global _is_compiling
    if "torch" not in sys.modules:
        return False
    torch = sys.modules["torch"]
    compiler = getattr(torch, "compiler", None)  # None while importing.
    if compiler is None:
        return False
    _is_compiling = compiler.is_compiling
    return _is_compiling()


# Whether `torch.compile` is tracing the call: `torch.compiler.is_compiling`
# once torch has been imported (never imported from here). Dynamo treats
# that function as returning `True`, so traced calls take the Python path.
_is_compiling = _torch_not_imported_yet


def register_tree_node_class(cls, flatten_fn=None, unflatten_fn=None):
    """Makes instances of `cls` nodes for every `keras.tree` function.

    Only instances of exactly `cls` become nodes: subclasses stay leaves
    unless registered too. Called with `cls` alone (as a class decorator,
    like Keras's), it uses the class's own `obj.tree_flatten()` and
    `cls.tree_unflatten(aux, children)`.

    Args:
        cls: The class to register. Built-in node types are refused, as is
            registering the same class twice.
        flatten_fn: Optional; called as `flatten_fn(obj)`; returns
            `(children, aux)` or
            `(children, aux, keys)`. `children` is an iterable of
            sub-structures, `aux` any data needed to rebuild `obj` (compared
            with `==` when matching two structures) and `keys` the path
            entries of the children used by `flatten_with_path` (their
            indices when omitted or `None`).
        unflatten_fn: Optional; called as `unflatten_fn(aux, children)`,
            with `children` a tuple; returns the rebuilt object.

    Returns:
        `cls`, unchanged.

    Example:

    >>> class Stack(list):
    ...     pass
    >>> _ = register_tree_node_class(
    ...     Stack, lambda s: (list(s), None), lambda aux, c: Stack(c))
    >>> keras.tree.flatten(Stack([1, [2, 3]]))
    [1, 2, 3]
    """
    if (flatten_fn is None) != (unflatten_fn is None):
        raise ValueError(
            "`register_tree_node_class`: pass both `flatten_fn` and "
            "`unflatten_fn`, or neither (to use the class's `tree_flatten` "
            f"and `tree_unflatten`). Received: flatten_fn={flatten_fn}, "
            f"unflatten_fn={unflatten_fn}"
        )
    if flatten_fn is None:
        flatten_fn, unflatten_fn = optree_impl.class_methods_of(cls)
    optree_impl.register_tree_node(cls, flatten_fn, unflatten_fn)
    python_impl.register_tree_node(cls, flatten_fn, unflatten_fn)
    return cls


@keras_export("keras.tree.is_nested")
def is_nested(structure):
    """Checks whether `structure` is a node (not a leaf).

    Args:
        structure: Any structure.

    Returns:
        `True` if `structure` is a list, tuple, dict or other registered
        node, `False` otherwise (also for `None`).

    Example:

    >>> keras.tree.is_nested([1, 2]), keras.tree.is_nested({1, 2})
    (True, False)
    """
    if _is_compiling():
        return python_impl.is_nested(structure)
    return optree_impl.is_nested(structure)


@keras_export("keras.tree.traverse")
def traverse(func, structure, top_down=True):
    """Visits every node and leaf of `structure`, maybe replacing them.

    Top-down, `func` sees each node before its children: a non-`None`
    return value replaces the node (whose children are then skipped), `None`
    keeps the node and visits its children. Bottom-up, `func` sees each
    node after its children were processed, with them already replaced;
    `None` keeps the (rebuilt) node, anything else replaces it. In both
    orders, returning `MAP_TO_NONE` replaces the node by `None`.

    Args:
        func: The function called on each node and leaf.
        structure: The structure to traverse.
        top_down: Whether to visit nodes before (default) or after their
            children.

    Returns:
        The structure with the replacements made.

    Example:

    >>> keras.tree.traverse(
    ...     lambda x: "T" if isinstance(x, tuple) else None, [1, (2, 3)])
    [1, 'T']
    >>> keras.tree.traverse(
    ...     lambda x: keras.tree.MAP_TO_NONE if x == 2 else None, [1, 2])
    [1, None]
    """
    if _is_compiling():
        return python_impl.traverse(func, structure, top_down=top_down)
    return optree_impl.traverse(func, structure, top_down=top_down)


@keras_export("keras.tree.flatten")
def flatten(structure):
    """Returns the leaves of `structure` as a flat list.

    `dict` values come in sorted-key order; `None` is a leaf.

    Args:
        structure: Any structure.

    Returns:
        A list of the leaves (`[structure]` if `structure` is a leaf).

    Example:

    >>> keras.tree.flatten({"b": [1, None], "a": (2, {"c": 3})})
    [2, 3, 1, None]
    """
    if _is_compiling():
        return python_impl.flatten(structure)
    return optree_impl.flatten(structure)


@keras_export("keras.tree.flatten_with_path")
def flatten_with_path(structure):
    """Returns the leaves of `structure` together with their paths.

    A path is the tuple of the keys (for mappings) and indices (for
    sequences) that lead from the root to the leaf.

    Args:
        structure: Any structure.

    Returns:
        A list of `(path, leaf)` pairs, in `flatten` order.

    Example:

    >>> keras.tree.flatten_with_path({"b": [1, 2], "a": 3})
    [(('a',), 3), (('b', 0), 1), (('b', 1), 2)]
    """
    if _is_compiling():
        return python_impl.flatten_with_path(structure)
    return optree_impl.flatten_with_path(structure)


@keras_export("keras.tree.map_structure")
def map_structure(func, *structures, none_is_leaf=True):
    """Applies `func` to the leaves of one or more same-shaped structures.

    Args:
        func: Called with one leaf from each structure.
        *structures: The structures, which must have the same layout (mapping
            types may differ, and so may leaves).
        none_is_leaf: If `False`, `None` is an empty node: `func` is not
            called on it and it stays `None` in the result.

    Returns:
        A structure shaped like the first one, holding `func`'s results.

    Raises:
        ValueError: If no structure is given or their layouts differ.

    Example:

    >>> keras.tree.map_structure(lambda x, y: x + y, [1, (2,)], [10, (20,)])
    [11, (22,)]
    """
    if _is_compiling():
        return python_impl.map_structure(
            func, *structures, none_is_leaf=none_is_leaf
        )
    if len(structures) == 1:  # The common case, without `*args` overhead.
        return optree_impl.map_one_structure(func, structures[0], none_is_leaf)
    return optree_impl.map_structure(
        func, *structures, none_is_leaf=none_is_leaf
    )


@keras_export("keras.tree.map_structure_up_to")
def map_structure_up_to(shallow_structure, func, *structures):
    """Like `map_structure`, but only down to `shallow_structure`'s leaves.

    The parts of `structures` found at the leaves of `shallow_structure` are
    passed to `func` whole, however deep they are.

    Args:
        shallow_structure: A prefix of every structure in `structures`. It
            may not hold `None`.
        func: Called with one sub-structure from each structure.
        *structures: The structures to map.

    Returns:
        A structure shaped like `shallow_structure`, holding `func`'s
        results.

    Raises:
        ValueError: If no structure is given or a structure does not start
            with the layout of `shallow_structure`.

    Example:

    >>> keras.tree.map_structure_up_to([0, 0], len, [[1, 2], (3, 4, 5)])
    [2, 3]
    """
    if _is_compiling():
        return python_impl.map_structure_up_to(
            shallow_structure, func, *structures
        )
    return optree_impl.map_structure_up_to(
        shallow_structure, func, *structures
    )


@keras_export("keras.tree.assert_same_structure")
def assert_same_structure(a, b, check_types=None):
    """Checks that two structures have the same nested layout.

    Node types must match (except between mapping types) and so must
    `dict` keys and sequence lengths; the leaves themselves may differ.

    Args:
        a: A structure.
        b: Another structure.
        check_types: Deprecated and ignored.

    Raises:
        ValueError: If the layouts differ.

    Example:

    >>> keras.tree.assert_same_structure([1, (2, 3)], ["a", ("b", "c")])
    >>> keras.tree.assert_same_structure([1, 2], (1, 2))
    Traceback (most recent call last):
    ...
    ValueError: Expected an instance of list, got (1, 2).
    """
    if check_types is not None:
        if check_types:
            message = "please remove."
        else:
            message = (
                "for a looser check use `keras.tree.assert_same_paths()`, "
                "which only compares keys and indices."
            )
        warnings.warn(
            "The `check_types` argument is deprecated and has no effect; "
            + message,
            DeprecationWarning,
            stacklevel=2,
        )
    if _is_compiling():
        return python_impl.assert_same_structure(a, b)
    return optree_impl.assert_same_structure(a, b)


@keras_export("keras.tree.assert_same_paths")
def assert_same_paths(a, b):
    """Checks that two structures have the same set of leaf paths.

    Looser than `assert_same_structure`: only the keys and indices on the way
    to each leaf count, so a list matches a tuple of the same length.

    Args:
        a: A structure.
        b: Another structure.

    Raises:
        ValueError: If some paths are in only one of the structures.

    Example:

    >>> keras.tree.assert_same_paths([1, (2, 3)], ("a", ["b", "c"]))
    >>> keras.tree.assert_same_paths({"x": 1}, {"y": 1})
    Traceback (most recent call last):
    ...
    ValueError: `a` and `b` don't have the same paths.
    Paths in `a` missing in `b`:
    {('x',)}
    Paths in `b` missing in `a`:
    {('y',)}
    """
    if _is_compiling():
        return python_impl.assert_same_paths(a, b)
    return optree_impl.assert_same_paths(a, b)


@keras_export("keras.tree.pack_sequence_as")
def pack_sequence_as(structure, flat_sequence):
    """Rebuilds `structure` with its leaves taken from `flat_sequence`.

    The inverse of `flatten`: leaves are used in `flatten` order.

    Args:
        structure: The template structure.
        flat_sequence: An iterable with exactly one item per leaf of
            `structure`.

    Returns:
        A structure like `structure` holding the items of `flat_sequence`.

    Raises:
        ValueError: If `flat_sequence` has too few or too many items.
        TypeError: If `flat_sequence` is not iterable.

    Example:

    >>> keras.tree.pack_sequence_as({"b": 0, "a": [0, 0]}, [1, 2, 3])
    {'b': 3, 'a': [1, 2]}
    """
    if _is_compiling():
        return python_impl.pack_sequence_as(structure, flat_sequence)
    return optree_impl.pack_sequence_as(structure, flat_sequence)


@keras_export("keras.tree.lists_to_tuples")
def lists_to_tuples(structure):
    """Converts every list in `structure` into a tuple.

    Args:
        structure: Any structure.

    Returns:
        The structure with lists replaced by tuples (at every depth).

    Example:

    >>> keras.tree.lists_to_tuples([1, {"a": [2, (3, [4])]}])
    (1, {'a': (2, (3, (4,)))})
    """
    if _is_compiling():
        return python_impl.lists_to_tuples(structure)
    return optree_impl.lists_to_tuples(structure)


@keras_export("keras.tree.map_shape_structure")
def map_shape_structure(func, structure):
    """Applies `func` to the "shapes" and other leaves of `structure`.

    A list or tuple whose items are all ints or `None` counts as a shape
    and is passed to `func` whole rather than traversed.

    Args:
        func: Called on each shape and each leaf.
        structure: A structure of shapes.

    Returns:
        `structure` with each shape replaced by `func`'s result.

    Example:

    >>> keras.tree.map_shape_structure(
    ...     lambda s: len(s), {"x": (None, 3), "y": [(2, 2, 2), []]})
    {'x': 2, 'y': [3, 0]}
    """
    if _is_compiling():
        return python_impl.map_shape_structure(func, structure)
    return optree_impl.map_shape_structure(func, structure)
