"""Pure-Python implementation of the `keras.tree` utilities.

It gives the same results as `optree_impl` (the `optree` based version used
in eager code) but relies only on plain Python: type checks, loops and
recursion. That lets `torch._dynamo` trace through it without graph breaks,
which it cannot do through the C++ `optree` extension.

Conventions shared with `optree_impl`:

- `None` is a leaf (except in `map_structure(..., none_is_leaf=False)`).
- `list`, `tuple`, `dict`, `collections.OrderedDict`,
  `collections.defaultdict`, `collections.deque`, namedtuples and
  `PyStructSequence` types (e.g. `time.struct_time`) are nodes, as are the
  types given to `register_tree_node`. Subclasses of these (other than
  namedtuples) are leaves unless registered themselves.
- `dict` and `defaultdict` children come in sorted-key order, `OrderedDict`
  children in insertion order; rebuilt mappings keep the template's order.
"""

import collections
import itertools


class MAP_TO_NONE:
    """Sentinel that a `traverse` function returns to map a node to `None`.

    Example:

    >>> to_none = lambda x: keras.tree.MAP_TO_NONE if x == 1 else None
    >>> keras.tree.traverse(to_none, [1, 2])
    [None, 2]
    """


# Registered custom node types: class -> (flatten_fn, unflatten_fn).
_REGISTRY = {}

_BUILTIN_NODES = (list, tuple, dict, type(None), collections.OrderedDict)
_BUILTIN_NODES += (collections.defaultdict, collections.deque)

# Node kinds (`_NONE` is `None` as an empty node, for `none_is_leaf=False`).
_LEAF, _NONE, _LIST, _TUPLE, _DICT, _ODICT, _DDICT = range(7)
_DEQUE, _NAMEDTUPLE, _STRUCTSEQ, _CUSTOM = range(7, 11)

_DICT_KINDS = (_DICT, _ODICT, _DDICT)
_DICT_NAMES = {_DICT: "dict", _ODICT: "OrderedDict", _DDICT: "defaultdict"}
_SHAPE_MISMATCH = "Structures don't have the same nested structure."


def register_tree_node(cls, flatten_fn, unflatten_fn):
    """Registers `cls` as a node type of this implementation.

    Args:
        cls: The class to register; instances of exactly this class become
            nodes (subclasses stay leaves unless registered too).
        flatten_fn: Called as `flatten_fn(obj)`, returns `(children, aux)` or
            `(children, aux, keys)`. `aux` is compared with `==` when
            matching structures; `keys` are the path entries of the children
            (their indices when omitted or `None`).
        unflatten_fn: Called as `unflatten_fn(aux, children)` with `children`
            a tuple, returns the rebuilt object.

    Example:

    >>> class Stack(list):
    ...     pass
    >>> register_tree_node(
    ...     Stack, lambda s: (list(s), None), lambda _, c: Stack(c))
    >>> flatten(Stack([1, [2]]))
    [1, 2]
    """
    if cls in _BUILTIN_NODES:
        raise ValueError(
            f"PyTree type {cls!r} is a built-in type and cannot be "
            "re-registered."
        )
    if cls in _REGISTRY:
        raise ValueError(
            f"PyTree type {cls!r} is already registered in namespace 'keras'."
        )
    _REGISTRY[cls] = (flatten_fn, unflatten_fn)


def _is_namedtuple_class(cls):
    fields = getattr(cls, "_fields", None)
    if not isinstance(fields, tuple):
        return False
    for field in fields:
        if not isinstance(field, str):
            return False
    return callable(getattr(cls, "_make", None)) and callable(
        getattr(cls, "_asdict", None)
    )


def _is_structseq_class(cls):
    # Struct sequences are final tuple subclasses with these counters.
    for name in ("n_sequence_fields", "n_fields", "n_unnamed_fields"):
        if type(getattr(cls, name, None)) is not int:
            return False
    return not cls.__flags__ & (1 << 10)  # Py_TPFLAGS_BASETYPE


def _kind(x, none_is_leaf=True):
    t = type(x)
    if t is list:
        return _LIST
    if t is tuple:
        return _TUPLE
    if t is dict:
        return _DICT
    if x is None:
        return _LEAF if none_is_leaf else _NONE
    if t is collections.OrderedDict:
        return _ODICT
    if t is collections.defaultdict:
        return _DDICT
    if t is collections.deque:
        return _DEQUE
    if t in _REGISTRY:
        return _CUSTOM
    if isinstance(x, tuple):
        if _is_namedtuple_class(t):
            return _NAMEDTUPLE
        if _is_structseq_class(t):
            return _STRUCTSEQ
    return _LEAF


def _qualified_type_name(key):
    t = type(key)
    return (f"{t.__module__}.{t.__qualname__}", key)


def _sorted_keys(keys):
    """Sorts keys; by type name first if mixed, as given if unorderable."""
    keys = list(keys)
    for key in keys:
        if type(key) is not str:
            break
    else:
        return sorted(keys)
    try:
        return sorted(keys)
    except TypeError:
        pass
    try:
        return sorted(keys, key=_qualified_type_name)
    except TypeError:
        return keys


def _custom_flatten(x):
    out = _REGISTRY[type(x)][0](x)
    keys = out[2] if len(out) > 2 else None
    children = list(out[0])
    if keys is None:
        keys = list(range(len(children)))
    return children, out[1], list(keys)


def _children(x, kind):
    """Returns `(children, aux)`: the direct children and rebuild data."""
    if kind == _DICT or kind == _DDICT:
        keys = _sorted_keys(x)
        return [x[k] for k in keys], keys
    if kind == _ODICT:
        keys = list(x)
        return [x[k] for k in keys], keys
    if kind == _CUSTOM:
        children, aux, _ = _custom_flatten(x)
        return children, aux
    if kind == _STRUCTSEQ:
        return list(x[: type(x).n_sequence_fields]), None
    if kind == _NONE:
        return [], None
    return list(x), None


def _entries(x, kind, aux, num_children):
    if kind in _DICT_KINDS:
        return aux
    if kind == _CUSTOM:
        return _custom_flatten(x)[2]
    return list(range(num_children))


def _rebuild(x, kind, aux, children):
    """Builds a node like `x` (of kind `kind`) holding `children`."""
    if kind == _LIST:
        return list(children)
    if kind == _TUPLE:
        return tuple(children)
    if kind in _DICT_KINDS:
        values = dict(zip(aux, children))
        if kind == _ODICT:
            return collections.OrderedDict(zip(aux, children))
        if kind == _DDICT:
            return collections.defaultdict(
                x.default_factory, [(k, values[k]) for k in x]
            )
        return {k: values[k] for k in x}
    if kind == _NAMEDTUPLE:
        return type(x)(*children)
    if kind == _DEQUE:
        return collections.deque(children, maxlen=x.maxlen)
    if kind == _CUSTOM:
        return _REGISTRY[type(x)][1](aux, tuple(children))
    if kind == _STRUCTSEQ:
        return type(x)(children)
    return None  # _NONE


def _mismatch(message):
    raise ValueError(message)


def _match_children(shallow, kind, aux, other):
    """Returns the children of `other` lined up with those of `shallow`."""
    if kind == _NONE:
        if other is not None:
            _mismatch(f"Expected None, got {other!r}.")
        return []
    if kind == _LIST or kind == _TUPLE or kind == _DEQUE:
        name = {_LIST: "list", _TUPLE: "tuple", _DEQUE: "deque"}[kind]
        if type(other) is not type(shallow):
            if kind == _DEQUE:
                name = "collections.deque"
            _mismatch(f"Expected an instance of {name}, got {other!r}.")
        if len(other) != len(shallow):
            _mismatch(
                f"{name} arity mismatch; expected: {len(shallow)}, got: "
                f"{len(other)}; {name}: {other!r}."
            )
        return list(other)
    if kind in _DICT_KINDS:
        if _kind(other) not in _DICT_KINDS:
            _mismatch(
                "Expected an instance of dict, collections.OrderedDict, or "
                f"collections.defaultdict, got {other!r}."
            )
        if set(other) != set(aux):
            missing = _sorted_keys(set(aux).difference(other))
            extra = _sorted_keys(set(other).difference(aux))
            message = (
                f"dictionary key mismatch; expected key(s): {list(aux)}, got "
                f"key(s): {_sorted_keys(other)}"
            )
            if missing:
                message += f", missing key(s): {missing}"
            if extra:
                message += f", extra key(s): {extra}"
            _mismatch(f"{message}; {_DICT_NAMES[kind]}: {other!r}.")
        return [other[k] for k in aux]
    if kind == _NAMEDTUPLE or kind == _STRUCTSEQ:
        if kind == _NAMEDTUPLE:
            name, expected = "namedtuple", "collections.namedtuple"
        else:
            name, expected = "PyStructSequence", "PyStructSequence type"
        if not isinstance(other, tuple) or _kind(other) != kind:
            _mismatch(f"Expected an instance of {expected}, got {other!r}.")
        theirs, _ = _children(other, kind)
        ours, _ = _children(shallow, kind)
        if len(theirs) != len(ours):
            _mismatch(
                f"{name} arity mismatch; expected: {len(ours)}, got: "
                f"{len(theirs)}; tuple: {other!r}."
            )
        if type(other) is not type(shallow):
            _mismatch(
                f"{name} type mismatch; expected type: {type(shallow)!r}, "
                f"got type: {type(other)!r}; tuple: {other!r}."
            )
        return theirs
    # _CUSTOM
    if type(other) is not type(shallow):
        _mismatch(
            f"Custom node type mismatch; expected type: {type(shallow)!r}, "
            f"got type: {type(other)!r}; value: {other!r}."
        )
    theirs, their_aux, _ = _custom_flatten(other)
    if their_aux != aux:
        _mismatch(
            f"Mismatch custom node data; expected: {aux!r}, got: "
            f"{their_aux!r}; value: {other!r}."
        )
    num_children = len(_children(shallow, kind)[0])
    if len(theirs) != num_children:
        _mismatch(
            f"Custom type arity mismatch; expected: {num_children}, got: "
            f"{len(theirs)}; value: {other!r}."
        )
    return theirs


def _flatten_into(x, leaves, none_is_leaf):
    kind = _kind(x, none_is_leaf)
    if kind == _LEAF:
        leaves.append(x)
        return
    for child in _children(x, kind)[0]:
        _flatten_into(child, leaves, none_is_leaf)


def _flatten_up_to_into(shallow, other, out, none_is_leaf):
    # Children are matched last to first (and `out` filled in reverse) so
    # that the first mismatch reported is the one `optree` reports.
    kind = _kind(shallow, none_is_leaf)
    if kind == _LEAF:
        out.append(other)
        return
    children, aux = _children(shallow, kind)
    theirs = _match_children(shallow, kind, aux, other)
    for i in range(len(children) - 1, -1, -1):
        _flatten_up_to_into(children[i], theirs[i], out, none_is_leaf)


def _flatten_up_to(shallow, other, none_is_leaf=True):
    """Returns the parts of `other` found at the leaves of `shallow`."""
    out = []
    _flatten_up_to_into(shallow, other, out, none_is_leaf)
    out.reverse()
    return out


def _unflatten(x, leaves, index, none_is_leaf):
    kind = _kind(x, none_is_leaf)
    if kind == _LEAF:
        return leaves[index], index + 1
    children, aux = _children(x, kind)
    new_children = []
    for child in children:
        new_child, index = _unflatten(child, leaves, index, none_is_leaf)
        new_children.append(new_child)
    return _rebuild(x, kind, aux, new_children), index


def _pack(structure, leaves, none_is_leaf=True):
    num_leaves = len(_flatten(structure, none_is_leaf))
    if not isinstance(leaves, (list, tuple)):
        # Reads at most one leaf too many, like `optree` (and unlike `list`,
        # this stops on endless iterators).
        leaves = list(itertools.islice(iter(leaves), num_leaves + 1))
    if len(leaves) < num_leaves:
        raise ValueError(
            f"Too few leaves for PyTreeSpec; expected: {num_leaves}, got: "
            f"{len(leaves)}."
        )
    if len(leaves) > num_leaves:
        raise ValueError(
            f"Too many leaves for PyTreeSpec; expected: {num_leaves}."
        )
    return _unflatten(structure, leaves, 0, none_is_leaf)[0]


def _flatten(structure, none_is_leaf=True):
    leaves = []
    _flatten_into(structure, leaves, none_is_leaf)
    return leaves


def is_nested(structure):
    """See `keras.tree.is_nested`."""
    return _kind(structure) != _LEAF


def flatten(structure):
    """See `keras.tree.flatten`."""
    return _flatten(structure)


def _flatten_with_path_into(x, path, out):
    kind = _kind(x)
    if kind == _LEAF:
        out.append((path, x))
        return
    children, aux = _children(x, kind)
    entries = _entries(x, kind, aux, len(children))
    for entry, child in zip(entries, children):
        _flatten_with_path_into(child, path + (entry,), out)


def flatten_with_path(structure):
    """See `keras.tree.flatten_with_path`."""
    out = []
    _flatten_with_path_into(structure, (), out)
    return out


def pack_sequence_as(structure, flat_sequence):
    """See `keras.tree.pack_sequence_as`."""
    return _pack(structure, flat_sequence)


def map_structure(func, *structures, none_is_leaf=True):
    """See `keras.tree.map_structure`."""
    if not structures:
        raise ValueError("Must provide at least one structure")
    first = structures[0]
    leaves = _flatten(first, none_is_leaf)
    if len(structures) == 1:
        results = [func(leaf) for leaf in leaves]
        return _unflatten(first, results, 0, none_is_leaf)[0]
    others = [_flatten_up_to(first, s, none_is_leaf) for s in structures[1:]]
    results = []
    for i, leaf in enumerate(leaves):
        args = [leaf]
        for other in others:
            if _kind(other[i], none_is_leaf) != _LEAF:
                raise ValueError(_SHAPE_MISMATCH)
            args.append(other[i])
        results.append(func(*args))
    return _unflatten(first, results, 0, none_is_leaf)[0]


def map_structure_up_to(shallow_structure, func, *structures):
    """See `keras.tree.map_structure_up_to`."""
    if not structures:
        raise ValueError("Must provide at least one structure")
    shallow_leaves = _flatten(shallow_structure)
    others = [_flatten_up_to(shallow_structure, s) for s in structures]
    results = []
    for i, shallow_leaf in enumerate(shallow_leaves):
        if shallow_leaf is None:
            raise ValueError(_SHAPE_MISMATCH)
        results.append(func(*[other[i] for other in others]))
    return _unflatten(shallow_structure, results, 0, True)[0]


def assert_same_structure(a, b, check_types=None):
    """See `keras.tree.assert_same_structure` (`check_types` is unused)."""
    for leaf in _flatten_up_to(a, b):
        if _kind(leaf) != _LEAF:
            raise ValueError(_SHAPE_MISMATCH)


def check_same_paths(a_paths, b_paths):
    """Raises `ValueError` listing the differences of two sets of paths."""
    if a_paths != b_paths:
        message = "`a` and `b` don't have the same paths."
        a_only = a_paths - b_paths
        b_only = b_paths - a_paths
        if a_only:
            message += f"\nPaths in `a` missing in `b`:\n{a_only}"
        if b_only:
            message += f"\nPaths in `b` missing in `a`:\n{b_only}"
        raise ValueError(message)


def assert_same_paths(a, b):
    """See `keras.tree.assert_same_paths`."""
    check_same_paths(
        set(path for path, _ in flatten_with_path(a)),
        set(path for path, _ in flatten_with_path(b)),
    )


def _traverse(func, x, top_down):
    if top_down:
        result = func(x)
        if result is MAP_TO_NONE:
            return None
        if result is not None:
            return result
    kind = _kind(x)
    if kind == _LEAF:
        new_x = x
    else:
        children, aux = _children(x, kind)
        new_children = [_traverse(func, c, top_down) for c in children]
        new_x = _rebuild(x, kind, aux, new_children)
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


def is_shape_tuple(x):
    """Whether `x` is a list or tuple of ints and `None`s (a "shape")."""
    if not isinstance(x, (list, tuple)):
        return False
    for dim in x:
        if dim is not None and not isinstance(dim, int):
            return False
    return True


def _map_shape(func, x):
    if is_shape_tuple(x):
        return func(x)
    kind = _kind(x)
    if kind == _LEAF:
        return func(x)
    children, aux = _children(x, kind)
    return _rebuild(x, kind, aux, [_map_shape(func, c) for c in children])


def map_shape_structure(func, structure):
    """See `keras.tree.map_shape_structure`."""
    return _map_shape(func, structure)
