import collections

import numpy as np
import pytest

from keras.src.testing import TestCase
from keras.src.tree import optree_impl

torchtree_impl = pytest.importorskip(
    "keras.src.tree.torchtree_impl", reason="needs torch"
)
pytest.importorskip("torch", reason="torchtree_impl runs on torch's pytree")

NT = collections.namedtuple("NT", ["b", "a"])


def _structures():
    return [
        1,
        None,
        [1, None, (2, 3)],
        {"b": 1, "a": [2, {"d": 3, "c": 4}]},
        collections.OrderedDict([("b", 1), ("a", 2)]),
        collections.defaultdict(int, {"z": 1, "y": (2, None)}),
        collections.deque([1, [2]]),
        NT(b=1, a={"y": 2, "x": 3}),
        (np.ones(2), "s", [[]]),
    ]


class TorchTreeTest(TestCase):
    def test_matches_optree(self):
        for s in _structures():
            for name in ("flatten", "is_nested", "flatten_with_path",
                         "lists_to_tuples"):
                ours = getattr(torchtree_impl, name)(s)
                expected = getattr(optree_impl, name)(s)
                self.assertEqual(repr(ours), repr(expected), (name, s))
            def add(x):
                return x if x is None or isinstance(x, str) else x + 1

            self.assertEqual(
                repr(torchtree_impl.map_structure(add, s)),
                repr(optree_impl.map_structure(add, s)),
            )
            leaves = list(range(len(optree_impl.flatten(s))))
            self.assertEqual(
                repr(torchtree_impl.pack_sequence_as(s, leaves)),
                repr(optree_impl.pack_sequence_as(s, leaves)),
            )
            torchtree_impl.assert_same_structure(s, s)
            torchtree_impl.assert_same_paths(s, s)

    def test_mismatches_and_up_to(self):
        with self.assertRaisesRegex(ValueError, "same nested structure"):
            torchtree_impl.map_structure(lambda a, b: a, [1, 2], (1, 2))
        with self.assertRaisesRegex(ValueError, "same nested structure"):
            torchtree_impl.assert_same_structure({"a": 1}, {"b": 1})
        with self.assertRaises(ValueError):
            torchtree_impl.assert_same_paths({"a": 1}, {"b": 1})
        with self.assertRaisesRegex(ValueError, "leaves"):
            torchtree_impl.pack_sequence_as([1, 2], [1])
        result = torchtree_impl.map_structure_up_to(
            {"a": None, "b": None}, lambda x, y: (x, y),
            {"a": [1, 2], "b": 3}, {"a": 4, "b": 5},
        )
        self.assertEqual(result, {"a": ([1, 2], 4), "b": (3, 5)})
        self.assertEqual(
            torchtree_impl.map_shape_structure(len, [(1, 2), {"x": (3,)}]),
            [2, {"x": 1}],
        )
        self.assertEqual(
            torchtree_impl.traverse(
                lambda x: optree_impl.MAP_TO_NONE if x == 2 else None,
                [1, [2, 3]],
            ),
            [1, [None, 3]],
        )

    def test_register_tree_node_class(self):
        @torchtree_impl.register_tree_node_class
        class Pair:
            def __init__(self, a, b):
                self.a, self.b = a, b

            def tree_flatten(self):
                return (self.a, self.b), "aux"

            @classmethod
            def tree_unflatten(cls, aux, children):
                return cls(*children)

        pair = Pair(1, [2, 3])
        self.assertEqual(torchtree_impl.flatten(pair), [1, 2, 3])
        self.assertEqual(torchtree_impl.flatten_with_path(pair),
                         [((0,), 1), ((1, 0), 2), ((1, 1), 3)])
        doubled = torchtree_impl.map_structure(lambda x: x * 2, pair)
        self.assertIsInstance(doubled, Pair)
        self.assertEqual(doubled.b, [4, 6])
