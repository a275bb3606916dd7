"""Tests of the control-flow ops: cond, switch, loops, scans, maps and
custom gradients, eagerly, symbolically and inside compiled functions."""

import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src import tree
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.testing.op_checks import check_eager
from keras.src.testing.op_checks import check_symbolic


def _f32(values):
    return np.asarray(values, "float32")


class StructureTestCase(testing.TestCase):
    def assertStructureClose(self, actual, expected):
        """Leaves of `expected` (NumPy arrays or `None`) give the values
        and dtypes; structures may differ in list/tuple types."""
        actual_leaves = tree.flatten(actual)
        expected_leaves = tree.flatten(expected)
        self.assertLen(actual_leaves, len(expected_leaves))
        for a, e in zip(actual_leaves, expected_leaves):
            if e is None:
                self.assertIsNone(a)
                continue
            e = np.asarray(e)
            self.assertDType(a, e.dtype)
            self.assertEqual(tuple(ops.shape(a)), e.shape)
            self.assertAllClose(a, e)


class CondTest(StructureTestCase):
    @parameterized.named_parameters(("true", True), ("false", False))
    def test_eager(self, pred):
        x = _f32([1.0, 2.0])
        check_eager(
            lambda p: ops.cond(p, lambda: x * 2.0, lambda: x - 1.0),
            lambda p: x * 2.0 if p else x - 1.0,
            (np.array(pred),),
        )

    def test_variable_predicate(self):
        pred = backend.Variable(False, trainable=False)
        self.assertEqual(ops.cond(pred, lambda: 1, lambda: 2), 2)
        pred.assign(True)
        self.assertEqual(ops.cond(pred, lambda: 1, lambda: 2), 1)

    def test_python_predicate_and_structures(self):
        result = ops.cond(False, lambda: (1, {"a": _f32([1])}),
                          lambda: (2, {"a": _f32([5])}))
        self.assertEqual(result[0], 2)
        self.assertAllClose(result[1]["a"], [5.0])
        self.assertIsNone(ops.cond(True, lambda: None, lambda: None))

    def test_symbolic(self):
        x = KerasTensor((None, 3), dtype="float16")
        pred = KerasTensor((), dtype="bool")
        result = check_symbolic(ops.cond, (pred, lambda: x, lambda: x),
                                shape=(None, 3), dtype="float16")
        self.assertIsNot(result, x)
        pair = ops.cond(pred, lambda: (x, x), lambda: (x, x))
        self.assertEqual([t.shape for t in pair], [(None, 3), (None, 3)])

    def test_symbolic_with_concrete_branches(self):
        pred = KerasTensor((1,), dtype="bool")
        result = ops.cond(pred, lambda: _f32([1, 2]), lambda: _f32([3, 4]))
        self.assertEqual(result.shape, (2,))
        self.assertEqual(result.dtype, "float32")

    def test_python_predicate_with_symbolic_branches(self):
        x = KerasTensor((None, 3))
        self.assertIs(ops.cond(True, lambda: x, lambda: None), x)

    @parameterized.named_parameters(
        ("shape", KerasTensor((None, 4))),
        ("known_vs_unknown", KerasTensor((5, 3))),
        ("dtype", KerasTensor((None, 3), dtype="int32")),
        ("structure", (KerasTensor((None, 3)), KerasTensor((None, 3)))),
    )
    def test_symbolic_branch_mismatch(self, other):
        x = KerasTensor((None, 3))
        pred = KerasTensor((), dtype="bool")
        with self.assertRaisesRegex(ValueError, "cond.*true_fn.*false_fn"):
            ops.cond(pred, lambda: x, lambda: other)

    def test_symbolic_non_scalar_predicate(self):
        with self.assertRaisesRegex(ValueError, r"cond.*\(3,\)"):
            ops.cond(KerasTensor((3,), dtype="bool"), lambda: 1, lambda: 2)


class SwitchTest(StructureTestCase):
    branches = [lambda a: a + 1.0, lambda a: a * 3.0, lambda a: a - 1.0]

    @parameterized.named_parameters(
        ("first", 0, [2.0, 3.0]),
        ("middle", 1, [3.0, 6.0]),
        ("clamped_high", 7, [0.0, 1.0]),
        ("clamped_low", -2, [2.0, 3.0]),
    )
    def test_eager(self, index, expected):
        x = _f32([1.0, 2.0])
        result = ops.switch(index, self.branches, x)
        self.assertStructureClose(result, _f32(expected))
        result = ops.switch(ops.convert_to_tensor(index), self.branches, x)
        self.assertStructureClose(result, _f32(expected))

    def test_several_operands(self):
        result = ops.switch(
            1, [lambda a, b: a + b, lambda a, b: a * b],
            np.array([2, 3], "int8"), np.array([4, 5], "int8"),
        )
        self.assertStructureClose(result, np.array([8, 15], "int8"))

    def test_symbolic(self):
        x = KerasTensor((None, 3), dtype="float16")
        check_symbolic(ops.switch, (0, self.branches, x), shape=(None, 3),
                       dtype="float16")
        index = KerasTensor((), dtype="int32")
        check_symbolic(ops.switch, (index, self.branches, _f32([1, 2])),
                       shape=(2,), dtype="float32")

    def test_symbolic_branch_mismatch(self):
        x = KerasTensor((None, 3))
        branches = [lambda a: a, lambda a: a[:, :2]]
        with self.assertRaisesRegex(ValueError, r"switch.*branches\[1\]"):
            ops.switch(0, branches, x)

    def test_no_branches(self):
        with self.assertRaisesRegex(ValueError, "switch"):
            ops.switch(0, [], _f32([1.0]))


class WhileLoopTest(StructureTestCase):
    def test_tuple(self):
        result = ops.while_loop(
            lambda i, total: i < 5, lambda i, total: (i + 1, total + 2.0),
            (0, 0.0),
        )
        self.assertIsInstance(result, tuple)
        self.assertStructureClose(
            result, (np.array(5, "int32"), np.array(10.0, "float32"))
        )

    def test_list_gives_a_tuple(self):
        result = ops.while_loop(
            lambda i, x: i < 3, lambda i, x: [i + 1, x * 2.0],
            [0, _f32([1.0, 2.0])],
        )
        self.assertIsInstance(result, tuple)
        self.assertStructureClose(
            result, (np.array(3, "int32"), _f32([8.0, 16.0]))
        )

    def test_single_and_dict(self):
        result = ops.while_loop(lambda i: i < 4, lambda i: i + 1, 0)
        self.assertStructureClose(result, np.array(4, "int32"))
        result = ops.while_loop(
            lambda d: d["n"] < 3, lambda d: {"n": d["n"] + 1}, {"n": 0}
        )
        self.assertIsInstance(result, dict)
        self.assertStructureClose(result, {"n": np.array(3, "int32")})

    def test_maximum_iterations(self):
        result = ops.while_loop(lambda i: i < 10, lambda i: i + 1, 0,
                                maximum_iterations=3)
        self.assertStructureClose(result, np.array(3, "int32"))
        result = ops.while_loop(lambda i: i < 10, lambda i: i + 1, (0,),
                                maximum_iterations=2)
        self.assertStructureClose(result, (np.array(2, "int32"),))

    def test_dtypes_are_kept(self):
        result = ops.while_loop(
            lambda i, x: i < 3, lambda i, x: (i + 1, x * 2),
            (np.array(0, "int8"), np.array([1.5], "float16")),
        )
        self.assertStructureClose(
            result, (np.array(3, "int8"), np.array([12.0], "float16"))
        )

    def test_symbolic(self):
        x = KerasTensor((None, 3), dtype="float16")
        result = ops.while_loop(lambda i, v: i < 3,
                                lambda i, v: (i + 1, v), [0, x])
        self.assertIsInstance(result, tuple)
        self.assertEqual(result[0].shape, ())
        self.assertEqual(result[0].dtype, "int32")
        self.assertEqual(result[1].shape, (None, 3))
        self.assertEqual(result[1].dtype, "float16")
        self.assertIsNot(result[1], x)


class ForiLoopTest(StructureTestCase):
    def test_eager(self):
        result = ops.fori_loop(0, 5, lambda i, total: total + i, 0)
        self.assertStructureClose(result, np.array(10, "int32"))

    def test_structure(self):
        result = ops.fori_loop(
            1, 4, lambda i, v: (v[0] * 2.0, v[1] + 1), (_f32([1.0]), 0)
        )
        self.assertStructureClose(
            result, (_f32([8.0]), np.array(3, "int32"))
        )

    def test_empty_range(self):
        result = ops.fori_loop(3, 3, lambda i, v: v + 1.0, _f32([1.0]))
        self.assertStructureClose(result, _f32([1.0]))

    def test_symbolic(self):
        x = KerasTensor((None, 3), dtype="int8")
        check_symbolic(ops.fori_loop, (0, 3, lambda i, v: v, x),
                       shape=(None, 3), dtype="int8")
        lower = KerasTensor((), dtype="int32")
        check_symbolic(ops.fori_loop,
                       (lower, 3, lambda i, v: v, _f32([1, 2])),
                       shape=(2,), dtype="float32")


def _scan_reference(f, init, xs, reverse=False):
    carry, ys = init, [None] * len(xs)
    order = range(len(xs) - 1, -1, -1) if reverse else range(len(xs))
    for i in order:
        carry, ys[i] = f(carry, xs[i])
    return carry, np.stack(ys)


class ScanTest(StructureTestCase):
    @parameterized.named_parameters(("forward", False), ("reverse", True))
    def test_eager(self, reverse):
        def step(carry, x):
            return carry * 0.5 + x, carry * x

        xs = _f32([[1, 2], [3, 4], [5, 6]])
        init = _f32([1.0, -1.0])
        result = ops.scan(step, init, xs, reverse=reverse)
        self.assertStructureClose(
            result, _scan_reference(step, init, xs, reverse)
        )

    def test_ys_match_numpy(self):
        xs = _f32([1, 2, 3, 4])
        check_eager(
            lambda v: ops.scan(lambda c, x: (c + x, c + x), 0.0, v)[1],
            np.cumsum, (xs,),
        )

    def test_length_without_xs(self):
        result = ops.scan(lambda c, x: (c + 1, c * 2), 0, length=3)
        self.assertStructureClose(
            result, (np.array(3, "int32"), np.array([0, 2, 4], "int32"))
        )

    def test_structures_and_none(self):
        xs = {"a": _f32([1, 2, 3]), "b": np.ones((3, 2), "int32")}

        def step(carry, x):
            return (carry[0] + x["a"], carry[1]), (x["b"] * 2, None)

        carry, ys = ops.scan(step, (0.0, 7), xs)
        self.assertStructureClose(
            carry, (np.array(6.0, "float32"), np.array(7, "int32"))
        )
        self.assertStructureClose(ys, (np.full((3, 2), 2, "int32"), None))

    def test_length_zero(self):
        carry, ys = ops.scan(lambda c, x: (c + x, c * x), _f32([1, 2]),
                             np.zeros((0, 2), "float32"))
        self.assertStructureClose(carry, _f32([1, 2]))
        self.assertStructureClose(ys, np.zeros((0, 2), "float32"))

    def test_unroll_is_accepted(self):
        xs = _f32([1, 2, 3])
        for unroll in (2, True):
            _, ys = ops.scan(lambda c, x: (c + x, c), 0.0, xs, unroll=unroll)
            self.assertStructureClose(ys, _f32([0, 1, 3]))

    def test_symbolic(self):
        def step(carry, x):
            return carry + x, carry * x

        carry, ys = ops.scan(step, KerasTensor((3,)), KerasTensor((None, 3)))
        self.assertEqual(carry.shape, (3,))
        self.assertEqual(ys.shape, (None, 3))
        carry, ys = ops.scan(step, KerasTensor((3,)), KerasTensor((5, 3)))
        self.assertEqual(ys.shape, (5, 3))
        carry, ys = ops.scan(lambda c, x: (c, None), KerasTensor((2,)),
                             length=4)
        self.assertEqual(carry.shape, (2,))
        self.assertIsNone(ys)

    def test_bad_arguments(self):
        xs = _f32([1, 2, 3])
        with self.assertRaisesRegex(ValueError, r"scan.*length=2"):
            ops.scan(lambda c, x: (c, x), 0.0, xs, length=2)
        with self.assertRaisesRegex(ValueError, r"scan.*\(3,\).*\(4,\)"):
            ops.scan(lambda c, x: (c, x), 0.0, (xs, _f32([1, 2, 3, 4])))
        with self.assertRaisesRegex(ValueError, "unroll"):
            ops.scan(lambda c, x: (c, x), 0.0, xs, unroll=0)
        with self.assertRaisesRegex(ValueError, "length"):
            ops.scan(lambda c, x: (c, x), 0.0)
        with self.assertRaisesRegex(ValueError, r"scan.*\(5,\)"):
            ops.scan(lambda c, x: (c, x), KerasTensor((2,)),
                     (KerasTensor((None, 2)), KerasTensor((5,)),
                      KerasTensor((4,))))
        with self.assertRaisesRegex(ValueError, "pair"):
            ops.scan(lambda c, x: c, KerasTensor((2,)), KerasTensor((4, 2)))


def _affine_compose(first, second):
    # Composing x -> a * x + b maps: associative but not commutative.
    a1, b1 = first
    a2, b2 = second
    return a1 * a2, a2 * b1 + b2


class AssociativeScanTest(StructureTestCase):
    @parameterized.parameters(1, 2, 7)
    def test_cumulative_sum(self, n):
        x = np.arange(1, n + 1, dtype="float32")
        check_eager(
            lambda v: ops.associative_scan(lambda a, b: a + b, v),
            np.cumsum, (x,),
        )
        check_eager(
            lambda v: ops.associative_scan(lambda a, b: a + b, v,
                                           reverse=True),
            lambda v: np.cumsum(v[::-1])[::-1], (x,),
        )

    def test_order_of_a_non_commutative_function(self):
        n = 6
        rng = np.random.default_rng(n)
        a = rng.uniform(0.5, 1.5, (n, 2)).astype("float32")
        b = rng.uniform(-1, 1, (n, 2)).astype("float32")
        expected_a, expected_b = [a[0]], [b[0]]
        for i in range(1, n):
            step = _affine_compose((expected_a[-1], expected_b[-1]),
                                   (a[i], b[i]))
            expected_a.append(step[0])
            expected_b.append(step[1])
        result = ops.associative_scan(_affine_compose, (a, b))
        self.assertStructureClose(
            result, (np.stack(expected_a), np.stack(expected_b))
        )

    def test_axis(self):
        x = np.arange(1, 13, dtype="int32").reshape(3, 4)
        check_eager(
            lambda v: ops.associative_scan(lambda a, b: a * b, v, axis=1),
            lambda v: np.cumprod(v, axis=1), (x,), dtype="int32",
        )
        check_eager(
            lambda v: ops.associative_scan(lambda a, b: a + b, v, axis=-2,
                                           reverse=True),
            lambda v: np.cumsum(v[::-1], axis=0)[::-1], (x,), dtype="int32",
        )

    def test_symbolic(self):
        x = KerasTensor((None, 3), dtype="float16")
        check_symbolic(
            ops.associative_scan, (lambda a, b: a + b, x),
            kwargs={"axis": 1}, shape=(None, 3), dtype="float16",
        )

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, r"associative_scan.*\(4,\)"):
            ops.associative_scan(lambda a, b: a, (_f32([1, 2, 3]),
                                                  _f32([1, 2, 3, 4])))
        with self.assertRaisesRegex(ValueError, "associative_scan.*axis"):
            ops.associative_scan(lambda a, b: a, KerasTensor((3,)), axis=2)


class MapTest(StructureTestCase):
    def test_eager(self):
        xs = np.arange(6, dtype="float32").reshape(3, 2)
        check_eager(lambda v: ops.map(lambda x: x * 2.0 + x[0], v),
                    lambda v: np.stack([x * 2.0 + x[0] for x in v]), (xs,))

    def test_structures(self):
        xs = (np.ones((3, 2), "float32"), np.arange(3, dtype="int32"))
        result = ops.map(lambda x: {"sum": x[0] * 2.0, "n": x[1] + 1}, xs)
        self.assertStructureClose(
            result,
            {"n": np.arange(1, 4, dtype="int32"),
             "sum": np.full((3, 2), 2.0, "float32")},
        )

    def test_symbolic(self):
        x = KerasTensor((None, 3))
        check_symbolic(ops.map, (lambda v: v[:2], x), shape=(None, 2),
                       dtype="float32")
        pair = ops.map(lambda v: (v, v[0]), KerasTensor((4, 3), "int8"))
        self.assertEqual(pair[0].shape, (4, 3))
        self.assertEqual(pair[1].shape, (4,))
        self.assertEqual(pair[1].dtype, "int8")

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, r"map.*\(2,\).*\(3,\)"):
            ops.map(lambda x: x, (_f32([1, 2]), _f32([1, 2, 3])))


class VectorizedMapTest(StructureTestCase):
    def test_eager(self):
        xs = np.arange(6, dtype="float32").reshape(3, 2)
        check_eager(lambda v: ops.vectorized_map(lambda x: x * x + 1.0, v),
                    lambda v: v * v + 1.0, (xs,))

    def test_structures(self):
        xs = (np.ones((3, 2), "float32"), np.full((3, 2), 2.0, "float32"))
        result = ops.vectorized_map(lambda x: (x[0] + x[1], x[1] * 2.0), xs)
        self.assertStructureClose(
            result, (np.full((3, 2), 3.0, "float32"),
                     np.full((3, 2), 4.0, "float32")),
        )

    def test_data_dependent_branches(self):
        xs = _f32([[1.0, 2.0], [-3.0, 4.0]])
        result = ops.vectorized_map(
            lambda v: ops.cond(v[0] > 0, lambda: v * 2.0, lambda: v * 0.0),
            xs,
        )
        self.assertStructureClose(result, _f32([[2.0, 4.0], [0.0, 0.0]]))

    def test_symbolic(self):
        check_symbolic(ops.vectorized_map,
                       (lambda v: v[0] * 2, KerasTensor((None, 3, 4))),
                       shape=(None, 4), dtype="float32")


class CustomGradientTest(testing.TestCase):
    @staticmethod
    def _scaled():
        @ops.custom_gradient
        def scaled(x):
            def grad(*args, upstream=None):
                if upstream is None:
                    (upstream,) = args
                return upstream * 7.0

            return x * 3.0, grad

        return scaled

    @staticmethod
    def _product():
        @ops.custom_gradient
        def product(x, y):
            def grad(upstream):
                return upstream * 2.0, upstream * 5.0

            return x * y, grad

        return product

    def test_forward(self):
        x = _f32([1.0, 2.0])
        self.assertAllClose(self._scaled()(x), [3.0, 6.0])
        self.assertAllClose(self._product()(x, x), [1.0, 4.0])

    def test_gradients(self):
        x = _f32([1.0, 2.0])
        grads = _gradients(self._scaled(), x)
        self.assertAllClose(grads[0], [7.0, 7.0])
        grads = _gradients(self._product(), x, x)
        self.assertAllClose(grads[0], [2.0, 2.0])
        self.assertAllClose(grads[1], [5.0, 5.0])

    def test_symbolic(self):
        result = self._scaled()(KerasTensor((None, 2), dtype="float16"))
        self.assertEqual(result.shape, (None, 2))
        self.assertEqual(result.dtype, "float16")


def _gradients(fn, *args):
    """Gradients of `sum(fn(*args))` with respect to each argument."""
    name = backend.backend()
    if name == "numpy":
        pytest.skip("The numpy backend computes no gradients.")
    if name == "jax":
        import jax

        def loss(*a):
            return fn(*a).sum()

        return jax.grad(loss, argnums=tuple(range(len(args))))(*args)
    if name == "tensorflow":
        import tensorflow as tf

        args = [tf.constant(a) for a in args]
        with tf.GradientTape() as tape:
            tape.watch(args)
            loss = tf.reduce_sum(fn(*args))
        return tape.gradient(loss, args)
    import torch

    args = [torch.tensor(a, requires_grad=True) for a in args]
    fn(*args).sum().backward()
    return [a.grad for a in args]


def _program(x, index):
    """A mix of control-flow ops, run eagerly and compiled."""
    return {
        "while": ops.while_loop(lambda i, v: i < 4,
                                lambda i, v: (i + 1, v * 2.0), (0, x))[1],
        "fori": ops.fori_loop(0, 3, lambda i, v: v + 1.0, x),
        "scan": ops.scan(lambda c, v: (c + v, c * v), x[0] * 0.0, x),
        "map": ops.map(lambda v: v * 2.0, x),
        "associative_scan": ops.associative_scan(lambda a, b: a + b, x),
        "cond": ops.cond(index > 1, lambda: x * 2.0, lambda: x * 3.0),
        "switch": ops.switch(index, [lambda a: a + 1.0, lambda a: a * 3.0],
                             x),
        "slice": ops.slice(x, [index], (2,)),
        "slice_update": ops.slice_update(x, [index], x[:2] * 0.0 + 9.0),
        "scatter_update": ops.scatter_update(
            x, [[0], [2]], x[:2] * 0.0 + 5.0, reduction="mul"
        ),
        "saturate_cast": ops.saturate_cast(x * 1e10, "int32"),
        "vectorized_map": ops.vectorized_map(lambda v: v * v, x),
    }


class CompiledTest(StructureTestCase):
    def test_compiled_matches_eager(self):
        x = _f32([1.0, 2.0, 3.0, 4.0])
        name = backend.backend()
        if name == "jax":
            import jax

            compiled = jax.jit(_program)(x, 2)
        elif name == "tensorflow":
            import tensorflow as tf

            compiled = tf.function(_program)(tf.constant(x), tf.constant(2))
        else:
            pytest.skip(f"No compiled mode is tested on {name}.")
        eager = _program(x, 2)
        expected = tree.map_structure(backend.convert_to_numpy, eager)
        self.assertStructureClose(compiled, expected)
        self.assertAllClose(expected["slice"], [3.0, 4.0])
        self.assertAllClose(expected["scan"][1], [0.0, 2.0, 9.0, 24.0])
