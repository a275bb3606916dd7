"""Tests for `keras.tree`: both implementations and the dispatching API."""

import collections
import doctest
import sys
import time
import types
import warnings

import numpy as np
import pytest

from keras.src import api_export
from keras.src.tree import optree_impl
from keras.src.tree import python_impl
from keras.src.tree import tree_api

IMPLS = [optree_impl, python_impl, tree_api]
impl_param = pytest.mark.parametrize(
    "impl", IMPLS, ids=["optree", "python", "api"]
)
MAP_TO_NONE = tree_api.MAP_TO_NONE
OD = collections.OrderedDict
DD = collections.defaultdict
NT = collections.namedtuple("NT", ["b", "a"])
NU = collections.namedtuple("NU", ["b", "a"])
SAME = "Structures don't have the same nested structure"


class Stack(list):
    """A list subclass registered as a node, like Keras' tracked lists."""


class Box:
    """A registered mapping-like node whose flatten gives path keys."""

    def __init__(self, tag, items):
        self.tag, self.items = tag, dict(sorted(dict(items).items()))

    def __eq__(self, other):
        return type(other) is Box and vars(self) == vars(other)

    def __repr__(self):
        return f"Box({self.tag!r}, {self.items!r})"


def _flatten_box(box):
    keys = sorted(box.items)
    return [box.items[k] for k in keys], (box.tag, tuple(keys)), keys


tree_api.register_tree_node_class(
    Stack, lambda s: (list(s), None), lambda _, children: Stack(children)
)
tree_api.register_tree_node_class(
    Box, _flatten_box, lambda aux, children: Box(aux[0], zip(aux[1], children))
)


class Tag:
    """A leaf wrapping a value."""

    def __init__(self, value):
        self.value = value

    def __eq__(self, other):
        return type(other) is Tag and same(self.value, other.value)


def same(a, b):
    """Equality that also compares the types of all nodes and leaves."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple, collections.deque)):
        return len(a) == len(b) and all(map(same, a, b))
    if isinstance(a, Box):
        return a.tag == b.tag and same(a.items, b.items)
    if isinstance(a, np.ndarray):
        return a is b
    return a == b


def outcome(fn, *args, **kwargs):
    """Runs `fn`, returning `("ok", result)` or `(error type, message)`."""
    try:
        return "ok", fn(*args, **kwargs)
    except Exception as e:  # noqa: BLE001
        return type(e), str(e)


ARRAY = np.arange(3)
# (structure, its leaves in `flatten` order)
CASES = [
    (None, [None]),
    (1, [1]),
    ("str", ["str"]),
    (b"bytes", [b"bytes"]),
    (ARRAY, [ARRAY]),
    ({1, 2}, [{1, 2}]),
    ([], []),
    ((), []),
    ({}, []),
    ([None, 1], [None, 1]),
    ((1, [2, (3,)]), [1, 2, 3]),
    ({"b": 1, "a": 2, "c": None}, [2, 1, None]),
    ({"b": [1, {"z": 2, "y": (3, None)}], "a": NT(4, [5])},
     [4, 5, 1, 3, None, 2]),
    (OD([("b", 1), ("a", {"d": 2, "c": 3})]), [1, 3, 2]),
    (DD(list, {"b": 1, "a": 2}), [2, 1]),
    (collections.deque([1, [2]], maxlen=5), [1, 2]),
    ([(), {}, [None], OD()], [None]),
    (NT(NT(1, 2), (3,)), [1, 2, 3]),
    ({1: "a", "b": 2, 1.5: 3, None: 4}, [4, 3, "a", 2]),
    (Stack([1, [2, Stack([3])]]), [1, 2, 3]),
    ([Box("t", {"y": 1, "x": [2]}), Box("u", {"y": 1})], [2, 1, 1]),
    (time.gmtime(0), list(time.gmtime(0))),
    ([[1, 2], (None, 3), [], ()], [1, 2, None, 3]),
]
STRUCTURES = [structure for structure, _ in CASES]


@impl_param
@pytest.mark.parametrize("index", range(len(CASES)))
def test_flatten_pack_map_roundtrip(impl, index):
    s, expected_leaves = CASES[index]
    leaves = impl.flatten(s)
    assert same(leaves, expected_leaves)
    assert impl.is_nested(s) == (not same(leaves, [s]))
    assert same(impl.pack_sequence_as(s, leaves), s)
    assert same(impl.map_structure(lambda x: x, s), s)
    tagged = impl.map_structure(Tag, s)
    assert same(impl.flatten(tagged), [Tag(x) for x in leaves])
    paths = impl.flatten_with_path(s)
    assert same([leaf for _, leaf in paths], leaves)
    assert all(type(path) is tuple for path, _ in paths)
    impl.assert_same_structure(s, tagged)
    impl.assert_same_paths(s, tagged)


@impl_param
def test_leaves_and_nodes(impl):
    for leaf in [None, 0, "s", {1}, frozenset(), np.ones(2), range(2)]:
        assert not impl.is_nested(leaf)
        assert impl.flatten(leaf) == [leaf]
    # Subclasses of node types are leaves unless registered (namedtuple
    # subclasses are still namedtuples).
    for leaf in [type("L", (list,), {})([1]), type("D", (dict,), {})(a=1)]:
        assert not impl.is_nested(leaf)
    sub_nt = type("SubNT", (NT,), {})(1, 2)
    assert impl.is_nested(sub_nt) and impl.flatten(sub_nt) == [1, 2]
    assert not impl.is_nested(type("SubStack", (Stack,), {})([1]))
    for node in [[], (), {}, OD(), DD(int), collections.deque(), NT(1, 2)]:
        assert impl.is_nested(node)
    assert impl.is_nested(time.gmtime(0)) and impl.is_nested(Stack())


@impl_param
def test_dict_key_order(impl):
    d = {"b": 1, "a": 2}
    assert impl.flatten(d) == [2, 1]
    assert list(impl.pack_sequence_as(d, [10, 20])) == ["b", "a"]
    assert impl.pack_sequence_as(d, [10, 20]) == {"a": 10, "b": 20}
    od = OD([("b", 1), ("a", 2)])
    assert impl.flatten(od) == [1, 2]
    assert impl.flatten_with_path(od) == [(("b",), 1), (("a",), 2)]
    assert list(impl.map_structure(str, od).items()) == [("b", "1"), ("a", "2")]
    dd = impl.map_structure(str, DD(list, {"b": 1, "a": 2}))
    assert dd.default_factory is list and list(dd) == ["b", "a"]
    deque = impl.pack_sequence_as(collections.deque([0], maxlen=3), [7])
    assert deque.maxlen == 3
    # Mixed key types are sorted by type name, then by value; keys that
    # still cannot be compared keep their insertion order.
    mixed = {"a": 1, 2: 2, 1.5: 3, None: 4, (1,): 5}
    assert impl.flatten(mixed) == [4, 3, 2, 1, 5]
    assert impl.flatten({"b": 1, 2: 2, "a": 3, 1: 4}) == [4, 2, 3, 1]
    assert impl.flatten({(1,): 1, ("a",): 2, (0,): 3}) == [1, 2, 3]
    assert impl.flatten({2j: 0, 1: 1, 1j: 2}) == [0, 1, 2]


@impl_param
def test_flatten_with_path(impl):
    s = {"b": [1, (2, None)], "a": NT(3, {"z": 4})}
    paths = [("a", 0), ("a", 1, "z"), ("b", 0), ("b", 1, 0), ("b", 1, 1)]
    assert impl.flatten_with_path(s) == list(zip(paths, [3, 4, 1, 2, None]))
    assert impl.flatten_with_path(None) == [((), None)]
    s = [Box("t", {"y": 1, "x": 2}), Stack([3])]
    paths = [(0, "x"), (0, "y"), (1, 0)]
    assert impl.flatten_with_path(s) == list(zip(paths, [2, 1, 3]))


@impl_param
def test_pack_sequence_as(impl):
    assert impl.pack_sequence_as(None, [3]) == 3
    assert impl.pack_sequence_as([1, 2], "ab") == ["a", "b"]
    assert impl.pack_sequence_as([1, 2], iter([3, 4])) == [3, 4]
    assert impl.pack_sequence_as([1, 2], {"x": 0, "y": 0}) == ["x", "y"]
    assert impl.pack_sequence_as([1, [2]], [[1], (2,)]) == [[1], [(2,)]]
    assert impl.pack_sequence_as(NT(1, 2), (3, 4)) == NT(3, 4)
    with pytest.raises(ValueError, match="Too few leaves.*expected: 2, got: 1"):
        impl.pack_sequence_as([1, 2], [1])
    with pytest.raises(ValueError, match="Too many leaves.*expected: 2"):
        impl.pack_sequence_as([1, 2], [1, 2, 3])
    with pytest.raises(ValueError, match="Too many leaves.*expected: 0"):
        impl.pack_sequence_as([], [1])
    with pytest.raises(TypeError):
        impl.pack_sequence_as([1], 5)


@impl_param
def test_map_structure(impl):
    add = lambda x, y: x + y  # noqa: E731
    assert impl.map_structure(add, [1, (2,)], [3, (4,)]) == [4, (6,)]
    both = impl.map_structure(add, {"b": 1, "a": 2}, OD(a=10, b=20))
    assert type(both) is dict and list(both.items()) == [("b", 21), ("a", 12)]
    assert impl.map_structure(lambda x, y: y, [None, 1], [2, 3]) == [2, 3]
    # `none_is_leaf=False`: `None` is an empty node, `func` never sees it.
    pair = lambda *x: x  # noqa: E731
    f = impl.map_structure
    assert f(pair, [None, 1], none_is_leaf=False) == [None, (1,)]
    assert f(pair, [None, 1], [None, 2], none_is_leaf=False) == [None, (1, 2)]
    with pytest.raises(ValueError, match="Expected None, got 2"):
        f(pair, [None, 1], [2, 3], none_is_leaf=False)
    with pytest.raises(ValueError, match=SAME):
        f(pair, [1, [3]], [2, [None]], none_is_leaf=False)
    with pytest.raises(ValueError, match="at least one structure"):
        f(pair)
    with pytest.raises(TypeError, match="not callable"):
        f(1, [1])
    # Layout checks happen first, then `func` runs leaf by leaf until a
    # leaf faces a sub-structure.
    calls = []
    with pytest.raises(ValueError, match=SAME):
        f(lambda *x: calls.append(x), [1, 5], [2, [5]])
    assert calls == [(1, 2)]
    calls.clear()
    with pytest.raises(ValueError, match="Expected an instance of list"):
        f(lambda *x: calls.append(x), [1, [3]], [2, 5])
    assert calls == []


MISMATCHES = [
    ([1, 2], (3, 4), "Expected an instance of list, got \\(3, 4\\)"),
    ([1, 2], [3], "list arity mismatch; expected: 2, got: 1"),
    ((1, 2), (3,), "tuple arity mismatch"),
    ({"a": 1}, {"b": 1}, "key mismatch; expected key\\(s\\): \\['a'\\], got"),
    ({"a": 1}, [1], "Expected an instance of dict, collections.OrderedDict"),
    ([1, 2], [1, [2]], SAME),
    ([1, [2]], [1, 2], "Expected an instance of list, got 2"),
    ([None], [[1]], SAME),
    (NT(1, 2), (1, 2), "Expected an instance of collections.namedtuple"),
    ((1, 2), NT(1, 2), "Expected an instance of tuple"),
    (NT(1, 2), NU(1, 2), "namedtuple type mismatch"),
    (collections.deque([1]), [1], "Expected an instance of collections.deque"),
    (collections.deque([1]), collections.deque(), "deque arity mismatch"),
    (Stack([1]), [1], "Custom node type mismatch"),
    ([1], Stack([1]), "Expected an instance of list"),
    (Box("t", {"a": 1}), Box("u", {"a": 1}), "Mismatch custom node data"),
    (time.gmtime(0), tuple(range(9)), "Expected an instance of PyStruct"),
    ([[1], [[2]]], [3, [7]], "Expected an instance of list, got 7"),
    ({"a": [1], "b": [2]}, {"a": 1, "b": 2}, "list, got 2"),
]


@impl_param
@pytest.mark.parametrize("a, b, message", MISMATCHES)
def test_structure_mismatches(impl, a, b, message):
    for fn in [
        lambda: impl.map_structure(lambda *x: x, a, b),
        lambda: impl.assert_same_structure(a, b),
    ]:
        with pytest.raises(ValueError, match=message):
            fn()
    if message != SAME:
        with pytest.raises(ValueError, match=message):
            impl.map_structure_up_to(a, lambda x: x, b)


def test_assert_same_structure_and_check_types():
    for impl in IMPLS:
        impl.assert_same_structure([1, (2, None)], ["a", (np.ones(2), 3)])
        impl.assert_same_structure({"a": 1}, OD(a=1))
        impl.assert_same_structure({"a": 1}, DD(int, a=1))
        impl.assert_same_structure(1, "leaf")
    for check_types in [True, False]:
        with pytest.warns(DeprecationWarning, match="check_types"):
            tree_api.assert_same_structure([1], [2], check_types=check_types)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tree_api.assert_same_structure([1], [2])


@impl_param
def test_assert_same_paths(impl):
    impl.assert_same_paths([1, (2,)], (3, [4]))
    impl.assert_same_paths([1], {0: 1})
    impl.assert_same_paths(NT(1, 2), [1, 2])
    with pytest.raises(ValueError, match="(?s)in `a` missing.*\\('x',\\)"):
        impl.assert_same_paths({"x": 1}, {"y": 1})
    with pytest.raises(ValueError) as info:
        impl.assert_same_paths([1], [1, 2])
    assert "in `b` missing in `a`:\n{(1,)}" in str(info.value)
    assert "in `a` missing" not in str(info.value)


@impl_param
def test_map_structure_up_to(impl):
    f = impl.map_structure_up_to
    assert f([0, 0], len, [[1, 2], (3,)]) == [2, 1]
    pair = lambda *x: x  # noqa: E731
    out = f({"a": 0, "b": 0}, pair, {"a": [1], "b": 2}, {"a": 3, "b": (4,)})
    assert out == {"a": ([1], 3), "b": (2, (4,))}
    assert f(1, pair, [1, 2]) == ([1, 2],)
    assert f([1, 2], pair, [None, 2]) == [(None,), (2,)]
    assert type(f(OD(a=1), pair, {"a": [2]})) is OD
    with pytest.raises(ValueError, match="at least one structure"):
        f([1], pair)
    # A `None` in the shallow structure is refused when reached.
    calls = []
    with pytest.raises(ValueError, match=SAME):
        f([1, None], lambda x: calls.append(x), [1, 2])
    assert calls == [1]
    with pytest.raises(ValueError, match=SAME):
        f(None, pair, None)


S = [1, (2, None), {"b": 3, "a": [4]}]


@impl_param
def test_traverse_top_down(impl):
    seen = []
    out = impl.traverse(lambda x: seen.append(x), S)
    assert out == S and out is not S
    assert seen == [S, 1, (2, None), 2, None, S[2], [4], 4, 3]
    replace = lambda x: "T" if isinstance(x, tuple) else None  # noqa: E731
    assert impl.traverse(replace, S) == [1, "T", {"b": 3, "a": [4]}]
    to_none = lambda x: MAP_TO_NONE if x in (2, 4) else None  # noqa: E731
    assert impl.traverse(to_none, S) == [1, (None, None), {"b": 3, "a": [None]}]
    assert impl.traverse(lambda x: MAP_TO_NONE, S) is None
    assert impl.traverse(lambda x: "root", S) == "root"
    # Returning an instance (rather than the class) is a plain value.
    box = [MAP_TO_NONE()]
    assert impl.traverse(lambda x: box[0] if x == 1 else None, [1]) == box


@impl_param
def test_traverse_bottom_up(impl):
    seen = []
    out = impl.traverse(lambda x: seen.append(x), S, top_down=False)
    assert out == S
    assert seen == [1, 2, None, (2, None), 4, [4], 3, S[2], S]
    seen.clear()
    times_ten = lambda x: x * 10 if isinstance(x, int) else None  # noqa: E731
    out = impl.traverse(lambda x: seen.append(x) or times_ten(x), S, False)
    assert out == [10, (20, None), {"b": 30, "a": [40]}]
    assert seen[3] == (20, None)  # Nodes are seen with new children.
    to_none = lambda x: MAP_TO_NONE if x == 2 else None  # noqa: E731
    assert impl.traverse(to_none, [1, (2,)], top_down=False) == [1, (None,)]
    assert impl.traverse(lambda x: 5, 3, top_down=False) == 5
    out = impl.traverse(lambda x: None, Stack([NT(1, [2])]), top_down=False)
    assert same(out, Stack([NT(1, [2])]))


@impl_param
def test_lists_to_tuples(impl):
    s = [1, [2, {"a": [3]}], (4, [5]), NT([1], 2), None]
    expected = (1, (2, {"a": (3,)}), (4, (5,)), NT((1,), 2), None)
    assert same(impl.lists_to_tuples(s), expected)
    assert impl.lists_to_tuples(1) == 1
    out = impl.lists_to_tuples(collections.deque([1, [2]]))
    assert same(out, collections.deque([1, (2,)]))
    unregistered = type("L", (list,), {})([1, [2]])
    assert same(impl.lists_to_tuples(unregistered), (1, [2]))
    assert same(impl.lists_to_tuples(Stack([[1]])), ((1,),))


@impl_param
def test_map_shape_structure(impl):
    tag = lambda s: ("S", s)  # noqa: E731
    f = impl.map_shape_structure
    s = [(1, 2), {"a": [None, 3], "b": (None,)}, [], ()]
    mapped = {"a": ("S", [None, 3]), "b": ("S", (None,))}
    assert f(tag, s) == [("S", (1, 2)), mapped, ("S", []), ("S", ())]
    out = (("S", (1, 2)), (("S", 3), ("S", (4,))))
    assert f(tag, ((1, 2), (3, (4,)))) == out
    assert f(tag, None) == ("S", None)
    assert f(tag, NT(1, 2)) == ("S", NT(1, 2))
    assert f(tag, [(True, 2)]) == [("S", (True, 2))]
    assert f(tag, [(1.0, 2)]) == [(("S", 1.0), ("S", 2))]
    assert f(tag, [(np.int64(1),)]) == [(("S", np.int64(1)),)]
    assert f(tag, collections.deque([1])) == collections.deque([("S", 1)])


@impl_param
def test_registered_nodes(impl):
    s = Stack([1, Stack([2, None])])
    assert impl.flatten(s) == [1, 2, None]
    out = impl.map_structure(lambda x: x, s)
    assert type(out) is Stack and type(out[1]) is Stack
    box = Box("t", {"y": 1, "x": [2]})
    packed = impl.pack_sequence_as(box, ["a", "b"])
    assert same(packed, Box("t", {"x": ["a"], "y": "b"}))
    impl.assert_same_structure(box, Box("t", {"x": [7], "y": 0}))
    register = getattr(impl, "register_tree_node", None)
    register = register or impl.register_tree_node_class
    functions = (lambda x: (list(x), None), lambda _, c: list(c))
    with pytest.raises(ValueError, match="already registered"):
        register(Stack, *functions)
    with pytest.raises(ValueError, match="built-in type"):
        register(list, *functions)


PAIRS_POOL = [s for s in STRUCTURES if not isinstance(s, np.ndarray)] + [
    [1, 2],
    [[1], 2],
    {"a": 1, "b": [2, 3]},
    OD([("b", [2, 3]), ("a", 1)]),
    NU(1, 2),
]


def assert_same_outcome(expected, got, context):
    if expected[0] == "ok":
        assert got[0] == "ok" and same(got[1], expected[1]), context
    elif "paths" in expected[1]:  # Messages print sets: order varies.
        assert got[0] is expected[0], context
    else:
        assert got == expected, context


@pytest.mark.parametrize("first", range(len(PAIRS_POOL)))
def test_implementations_agree(first):
    """Both implementations match on every pair: results and errors."""
    a = PAIRS_POOL[first]
    pair = lambda *x: x  # noqa: E731
    for b in PAIRS_POOL:
        for fn, args, kwargs in [
            ("map_structure", (pair, a, b), {}),
            ("map_structure", (pair, a, b), {"none_is_leaf": False}),
            ("map_structure_up_to", (a, pair, b, b), {}),
            ("assert_same_structure", (a, b), {}),
            ("assert_same_paths", (a, b), {}),
        ]:
            expected = outcome(getattr(optree_impl, fn), *args, **kwargs)
            got = outcome(getattr(python_impl, fn), *args, **kwargs)
            assert_same_outcome(expected, got, (fn, kwargs, b))


def test_exports_and_docstring_examples():
    names = [n for n in dir(tree_api) if n[0] != "_" and n not in (
        "keras_export", "optree_impl", "python_impl", "sys", "warnings",
        "register_tree_node_class")]
    assert len(names) == 12
    for name in names:
        path = f"keras.tree.{name}"
        assert api_export.REGISTRY[path] == ("keras.src.tree.tree_api", name)
    keras = types.SimpleNamespace(tree=tree_api)
    for module in [tree_api, optree_impl, python_impl]:
        result = doctest.testmod(module, extraglobs={"keras": keras})
        assert result.failed == 0 and result.attempted > 0


def test_dispatch_without_and_with_torch(monkeypatch):
    stub = tree_api._torch_not_imported_yet
    monkeypatch.setattr(tree_api, "_is_compiling", stub)
    monkeypatch.delitem(sys.modules, "torch", raising=False)
    assert tree_api.flatten({"a": [1]}) == [1]
    assert tree_api._is_compiling is stub
    compiler = types.SimpleNamespace(is_compiling=lambda: True)
    fake_torch = types.SimpleNamespace(compiler=compiler)
    monkeypatch.setitem(sys.modules, "torch", fake_torch)
    # Pretend to be traced: the calls must reach the Python implementation.
    monkeypatch.setattr(optree_impl, "flatten", None)
    assert tree_api.flatten({"a": [1]}) == [1]
    assert tree_api._is_compiling is compiler.is_compiling


def _not_while_tracing(*args, **kwargs):
    raise AssertionError("optree_impl was called while Dynamo traced.")


@pytest.mark.parametrize("fresh_dispatch", [False, True])
def test_torch_compile_has_no_graph_breaks(monkeypatch, fresh_dispatch):
    torch = pytest.importorskip("torch")
    dynamo = pytest.importorskip("torch._dynamo")
    from torch._dynamo.utils import counters

    tree = tree_api
    is_tensor = lambda x: isinstance(x, torch.Tensor)  # noqa: E731
    keep_none = lambda f: lambda x, *y: None if x is None else f(x, *y)  # noqa

    def fn(inputs):
        flat = tree.flatten(inputs)
        doubled = tree.map_structure(keep_none(lambda x: x * 2), inputs)
        packed = tree.pack_sequence_as(inputs, list(reversed(flat)))
        paths = tree.flatten_with_path(inputs)
        total = sum(t.sum() for _, t in paths if t is not None)
        sizes = tree.map_structure_up_to(
            dict.fromkeys("abcde", 0), lambda x: len(tree.flatten(x)), inputs
        )
        nested = tree.is_nested(inputs["a"]) and not tree.is_nested(flat[0])
        tree.assert_same_structure(inputs, doubled)
        tree.assert_same_paths(inputs, packed)
        sub = keep_none(lambda x, y: x - y)
        diff = tree.map_structure(sub, doubled, inputs)
        bump = lambda x: x + 1 if is_tensor(x) else None  # noqa: E731
        bumped = tree.traverse(bump, inputs)
        dropped = tree.traverse(
            lambda x: MAP_TO_NONE if is_tensor(x) and x.dim() == 0 else None,
            inputs,
            top_down=False,
        )
        tuples = tree.lists_to_tuples(inputs)
        shapes = tree.map_shape_structure(len, {"s": [1, None]})
        return [doubled, packed, total, sizes, nested, diff, bumped, dropped,
                tuples, shapes]

    inputs = {
        "b": [torch.ones(2), (torch.zeros(3), None)],
        "a": (torch.ones(1),),
        "c": OD(z=torch.ones(1), y=torch.full((2,), 3.0)),
        "d": NT(torch.ones(1), torch.tensor(2.0)),
        "e": Stack([torch.arange(3.0)]),
    }
    expected = fn(inputs)
    for name, value in list(vars(optree_impl).items()):
        if getattr(value, "__module__", None) == optree_impl.__name__:
            monkeypatch.setattr(optree_impl, name, _not_while_tracing)
    if fresh_dispatch:  # As if no tree call ran since torch was imported.
        stub = tree_api._torch_not_imported_yet
        monkeypatch.setattr(tree_api, "_is_compiling", stub)
    dynamo.reset()
    counters.clear()
    got = torch.compile(fn, fullgraph=True, backend="eager")(inputs)
    assert not counters["graph_break"]
    dynamo.reset()
    python_impl.assert_same_structure(expected, got)
    for want, have in zip(
        python_impl.flatten(expected), python_impl.flatten(got)
    ):
        if is_tensor(want):
            torch.testing.assert_close(have, want)
        else:
            assert have == want
    assert type(got[0]["c"]) is OD and type(got[0]["e"]) is Stack
    assert list(got[0]["c"]) == ["z", "y"] and got[7]["d"].a is None
