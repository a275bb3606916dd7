"""Tests of the indexing, sorting and searching ops against NumPy, on the
active backend."""

import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.testing.op_checks import check_eager
from keras.src.testing.op_checks import check_symbolic

X = np.array([[3.0, 1.0, 2.0], [0.5, 5.0, -1.0]], "float32")


def _arange(shape, dtype="float32"):
    return np.arange(int(np.prod(shape))).reshape(shape).astype(dtype)


def _as_int32(fn):
    return lambda *args, **kwargs: np.asarray(
        fn(*args, **kwargs)
    ).astype("int32")


def _check_tuple(op, reference, args, dtype=None):
    """`check_eager` for ops returning a tuple of tensors."""
    expected = reference(*args)
    for i in range(len(expected)):
        check_eager(
            lambda *a, i=i: op(*a)[i],
            lambda *a, i=i: expected[i],
            args,
            dtype=dtype,
        )


def _compiled(fn):
    """`fn` compiled by the backend's graph compiler, where it has one."""
    if backend.backend() == "jax":
        import jax

        return jax.jit(fn)
    if backend.backend() == "tensorflow":
        import tensorflow as tf

        return tf.function(fn)
    return fn


class SortTest(testing.TestCase):
    @parameterized.parameters(-1, 0, None)
    def test_sort(self, axis):
        check_eager(ops.sort, lambda x, axis: np.sort(x, axis=axis),
                    (X,), {"axis": axis})

    @parameterized.parameters("int8", "uint8", "int32", "float16", "bool")
    def test_sort_keeps_dtype(self, dtype):
        x = np.array([[3, 0, 2], [1, 1, 0]]).astype(dtype)
        check_eager(ops.sort, np.sort, (x,))

    @parameterized.parameters(-1, 0, None)
    def test_argsort(self, axis):
        check_eager(
            ops.argsort,
            _as_int32(lambda x, axis: np.argsort(x, axis=axis)),
            (X,), {"axis": axis},
        )

    def test_argsort_is_stable(self):
        x = np.array([1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1])
        check_eager(
            ops.argsort,
            _as_int32(lambda x: np.argsort(x, kind="stable")),
            (x.astype("float32"),),
        )
        check_eager(
            ops.argsort,
            _as_int32(lambda x: np.argsort(x, kind="stable")),
            (x.astype("bool"),),
        )

    @parameterized.parameters((0,), (2,), (4,), ([1, 3],))
    def test_argpartition(self, kth):
        x = np.array([5.0, 3.0, 1.0, 4.0, 2.0], "float32")
        result = ops.argpartition(x, kth)
        self.assertDType(result, "int32")
        values = x[backend.convert_to_numpy(result)]
        expected = np.sort(x)
        for k in np.atleast_1d(kth):
            self.assertEqual(values[k], expected[k])
            self.assertTrue(np.all(values[:k] <= values[k]))
            self.assertTrue(np.all(values[k:] >= values[k]))

    def test_argpartition_axis(self):
        x = np.array([[5, 3, 1], [0, 4, 2]], "int32")
        result = backend.convert_to_numpy(ops.argpartition(x, 1, axis=0))
        values = np.take_along_axis(x, result, axis=0)
        self.assertAllEqual(values, np.sort(x, axis=0))

    def test_symbolic(self):
        x = KerasTensor((None, 3), "float16")
        check_symbolic(ops.sort, (x,), shape=(None, 3), dtype="float16")
        check_symbolic(ops.argsort, (x,), shape=(None, 3), dtype="int32")
        check_symbolic(ops.argsort, (x, None), shape=(None,), dtype="int32")
        check_symbolic(
            ops.argpartition, (x, 1), {"axis": 0}, shape=(None, 3),
            dtype="int32",
        )
        check_symbolic(ops.sort, (KerasTensor((2, 3)), None), shape=(6,))

    def test_bad_axis(self):
        with self.assertRaisesRegex(ValueError, "sort"):
            ops.sort(KerasTensor((None, 3)), axis=2)


class DiagonalTest(testing.TestCase):
    @parameterized.parameters(0, 1, -2, 5)
    def test_diag(self, k):
        v = np.array([1, 2, 3], "int32")
        m = _arange((3, 4), "float32")
        check_eager(ops.diag, lambda x, k: np.diag(x, k=k), (v,), {"k": k})
        check_eager(ops.diag, lambda x, k: np.diag(x, k=k), (m,), {"k": k})

    @parameterized.parameters(0, 2, -1)
    def test_diagflat(self, k):
        x = _arange((2, 2), "int8")
        check_eager(ops.diagflat, lambda x, k: np.diagflat(x, k=k),
                    (x,), {"k": k})

    @parameterized.parameters(
        (0, 0, 1), (1, 1, 2), (-1, 2, 0), (2, -1, -2), (9, 0, 1)
    )
    def test_diagonal(self, offset, axis1, axis2):
        x = _arange((2, 3, 4), "float32")
        kwargs = {"offset": offset, "axis1": axis1, "axis2": axis2}
        check_eager(ops.diagonal, np.diagonal, (x,), kwargs)

    @parameterized.parameters(0, 1, -1)
    def test_tril_triu(self, k):
        x = _arange((2, 3, 4), "int32") - 5
        check_eager(ops.tril, lambda x, k: np.tril(x, k=k), (x,), {"k": k})
        check_eager(ops.triu, lambda x, k: np.triu(x, k=k), (x,), {"k": k})
        b = x > 0
        check_eager(ops.tril, lambda x, k: np.tril(x, k=k), (b,), {"k": k})

    def test_symbolic(self):
        x = KerasTensor((None, 4), "int8")
        check_symbolic(ops.diag, (x,), shape=(None,), dtype="int8")
        check_symbolic(ops.diag, (KerasTensor((3, 5)),), {"k": 1},
                       shape=(3,))
        check_symbolic(ops.diag, (KerasTensor((None,)),), shape=(None, None))
        check_symbolic(ops.diag, (KerasTensor((3,)),), {"k": -2},
                       shape=(5, 5))
        check_symbolic(ops.diagflat, (KerasTensor((2, 3)),), shape=(6, 6))
        check_symbolic(ops.diagflat, (x,), shape=(None, None))
        check_symbolic(
            ops.diagonal, (KerasTensor((None, 3, 4)),),
            {"offset": 1, "axis1": 1, "axis2": 2}, shape=(None, 3),
        )
        check_symbolic(ops.tril, (x,), shape=(None, 4), dtype="int8")
        check_symbolic(ops.triu, (x,), {"k": 2}, shape=(None, 4))

    def test_bad_ranks(self):
        with self.assertRaisesRegex(ValueError, "diag"):
            ops.diag(KerasTensor((2, 2, 2)))
        with self.assertRaisesRegex(ValueError, "diag"):
            ops.diag(np.ones((2, 2, 2), "float32"))
        with self.assertRaisesRegex(ValueError, "tril"):
            ops.tril(KerasTensor((3,)))
        with self.assertRaisesRegex(ValueError, "triu"):
            ops.triu(np.ones(3, "float32"))
        with self.assertRaisesRegex(ValueError, "diagonal"):
            ops.diagonal(KerasTensor((2, 2)), axis1=1, axis2=1)


class SearchTest(testing.TestCase):
    @parameterized.parameters(
        ([1.0, 2.0, 3.0],), ([3.0, 2.0, 1.0],), ([2.0],), ([0.0, 0.0, 4.0],)
    )
    def test_digitize(self, bins):
        x = np.array([[0.5, 1.0, 1.5], [3.0, 2.0, 9.0]], "float32")
        bins = np.array(bins, "float32")
        check_eager(ops.digitize, _as_int32(np.digitize), (x, bins))

    def test_digitize_promotes(self):
        x = np.array([0, 1, 3], "int32")
        result = check_eager(
            ops.digitize, _as_int32(np.digitize), (x, [0.5, 2.0])
        )
        self.assertAllEqual(result, [0, 1, 2])

    @parameterized.parameters("left", "right")
    def test_searchsorted(self, side):
        seq = np.array([1, 2, 2, 3], "int32")
        values = np.array([[2, 0], [5, 3]], "int32")
        check_eager(
            ops.searchsorted, _as_int32(np.searchsorted), (seq, values),
            {"side": side},
        )
        mixed = np.array([2.0, 2.5], "float32")
        check_eager(
            ops.searchsorted, _as_int32(np.searchsorted), (seq, mixed),
            {"side": side},
        )

    @parameterized.parameters(False, True)
    def test_isin(self, invert):
        x1 = np.array([[1, 2], [3, 4]], "int32")
        x2 = np.array([4.0, 2.0, 7.0], "float32")
        kwargs = {"invert": invert}
        check_eager(ops.isin, np.isin, (x1, x2), kwargs)
        check_eager(ops.isin, np.isin, (x1 > 2, np.array([True])), kwargs)
        check_eager(ops.isin, np.isin, (x1, np.zeros((0,), "int32")),
                    kwargs)

    def test_nonzero(self):
        x = np.array([[0, 3, 0], [1, 0, 2]], "float32")
        _check_tuple(ops.nonzero, np.nonzero, (x,), dtype="int32")
        _check_tuple(ops.nonzero, np.nonzero, (x > 1,), dtype="int32")

    def test_symbolic(self):
        x = KerasTensor((None, 3), "float32")
        check_symbolic(ops.digitize, (x, [1.0, 2.0]), shape=(None, 3),
                       dtype="int32")
        check_symbolic(ops.searchsorted, (KerasTensor((5,)), x),
                       shape=(None, 3), dtype="int32")
        check_symbolic(ops.isin, (x, KerasTensor((None,))), shape=(None, 3),
                       dtype="bool")
        rows, cols = ops.nonzero(x)
        self.assertEqual((rows.shape, rows.dtype), ((None,), "int32"))
        self.assertEqual(cols.shape, (None,))

    def test_bad_inputs(self):
        with self.assertRaisesRegex(ValueError, "searchsorted.*1-D"):
            ops.searchsorted(KerasTensor((2, 2)), KerasTensor((3,)))
        with self.assertRaisesRegex(ValueError, "searchsorted"):
            ops.searchsorted(np.ones((2, 2), "int32"), np.ones(3, "int32"))
        with self.assertRaisesRegex(ValueError, "side"):
            ops.searchsorted(
                np.ones(2, "int32"), np.ones(3, "int32"), side="middle"
            )
        with self.assertRaisesRegex(ValueError, "digitize"):
            ops.digitize(KerasTensor((3,)), KerasTensor((2, 2)))
        with self.assertRaisesRegex(ValueError, "nonzero"):
            ops.nonzero(KerasTensor(()))
        with self.assertRaisesRegex(ValueError, "nonzero"):
            ops.nonzero(np.array(1.0))


class SelectTest(testing.TestCase):
    def test_select(self):
        x = np.array([1, 5, 9, 3], "int32")
        conds = [x < 3, x > 7, x > 2]
        choices = [x, -x, x * 10]
        result = ops.select(conds, choices, 7)
        self.assertDType(result, "int32")
        self.assertAllEqual(result, np.select(conds, choices, 7))

    @parameterized.parameters(
        ("int8", "int16", 0, "int16"),
        ("int8", "uint8", 0, "int16"),
        ("int32", "int32", 1.5, "float32"),
        ("float16", "float16", 9, "float16"),
        ("bool", "bool", False, "bool"),
    )
    def test_select_promotes(self, dtype1, dtype2, default, expected):
        conds = [np.array([True, False, False]),
                 np.array([False, True, False])]
        choices = [np.array([1, 0, 1]).astype(dtype1),
                   np.array([0, 1, 1]).astype(dtype2)]
        result = ops.select(conds, choices, default)
        self.assertDType(result, expected)
        want = np.select(conds, choices, default).astype(expected)
        self.assertAllEqual(result, want)

    def test_select_broadcasts(self):
        conds = [np.array([[True], [False]])]
        choices = [np.array([1.0, 2.0, 3.0], "float32")]
        result = ops.select(conds, choices, 0.0)
        self.assertEqual(tuple(result.shape), (2, 3))
        self.assertAllEqual(result, np.select(conds, choices, 0.0))

    def test_symbolic(self):
        cond = KerasTensor((None, 3), "bool")
        choice = KerasTensor((1, 3), "int8")
        check_symbolic(ops.select, ([cond], [choice], 0.5), shape=(None, 3),
                       dtype="float32")
        with self.assertRaisesRegex(ValueError, "select"):
            ops.select([cond, cond], [choice], 0)
        with self.assertRaisesRegex(ValueError, "select"):
            ops.select([KerasTensor((2, 3), "bool")], [KerasTensor((4,))])


class TakeTest(testing.TestCase):
    @parameterized.parameters(
        (None, [5, 0, -1]), (0, [1, 0]), (1, [[2, 0], [-1, 1]]), (-1, 2),
    )
    def test_take(self, axis, indices):
        x = _arange((2, 3), "float32")
        indices = np.array(indices, "int32")
        check_eager(ops.take, lambda x, i, axis: np.take(x, i, axis=axis),
                    (x, indices), {"axis": axis})

    def test_take_index_forms(self):
        x = _arange((2, 3), "int8")
        check_eager(ops.take, lambda x, i, axis: np.take(x, i, axis=axis),
                    (x, [1, 0]), {"axis": 0})
        check_eager(ops.take, lambda x, i, axis: np.take(x, i, axis=axis),
                    (x, 2), {"axis": 1})
        check_eager(ops.take, lambda x, i, axis: np.take(x, i, axis=axis),
                    (x, np.array([1, 0], "uint8")), {"axis": 1})

    @parameterized.parameters(0, 1, -1, None)
    def test_take_along_axis(self, axis):
        x = _arange((2, 3), "float32")
        if axis is None:
            indices = np.array([5, 0, -2], "int32")
        else:
            indices = np.argsort(-x, axis=axis).astype("int32")
        check_eager(
            ops.take_along_axis,
            lambda x, i, axis: np.take_along_axis(x, i, axis=axis),
            (x, indices), {"axis": axis},
        )

    def test_take_along_axis_broadcasts(self):
        x = _arange((2, 3), "int32")
        result = ops.take_along_axis(x, np.array([[2, -1]], "int32"), axis=1)
        self.assertAllEqual(result, [[2, 2], [5, 5]])
        result = ops.take_along_axis(x[:1], np.array([[2], [0]]), axis=1)
        self.assertAllEqual(result, [[2], [0]])

    def test_symbolic(self):
        x = KerasTensor((None, 3, 4), "float16")
        check_symbolic(ops.take, (x, KerasTensor((5, 2), "int32")),
                       {"axis": 1}, shape=(None, 5, 2, 4), dtype="float16")
        check_symbolic(ops.take, (x, [0, 1]), shape=(2,))
        check_symbolic(ops.take, (x, 0), {"axis": -1}, shape=(None, 3))
        check_symbolic(
            ops.take_along_axis, (x, KerasTensor((1, 3, 7), "int32")),
            {"axis": 2}, shape=(None, 3, 7), dtype="float16",
        )
        check_symbolic(ops.take_along_axis,
                       (x, KerasTensor((None,), "int32")), shape=(None,))

    def test_bad_inputs(self):
        x = KerasTensor((None, 3, 4))
        with self.assertRaisesRegex(ValueError, r"take_along_axis.*\(4, 4\)"):
            ops.take_along_axis(x, KerasTensor((4, 4), "int32"), axis=1)
        with self.assertRaisesRegex(ValueError, "take_along_axis"):
            ops.take_along_axis(x, KerasTensor((2, 2, 4), "int32"), axis=2)
        with self.assertRaisesRegex(ValueError, "take"):
            ops.take(x, KerasTensor((2,), "int32"), axis=3)

    def test_compiled(self):
        x = _arange((2, 3), "float32")
        indices = np.array([[2, 0, 1], [1, 1, 0]], "int32")
        fn = _compiled(lambda x, i: ops.take_along_axis(x, i, axis=1))
        self.assertAllClose(
            fn(backend.convert_to_tensor(x), backend.convert_to_tensor(
                indices)),
            np.take_along_axis(x, indices, axis=1),
        )
        fn = _compiled(lambda x: ops.take(x, np.array([-1, 0]), axis=1))
        self.assertAllClose(fn(backend.convert_to_tensor(x)),
                            np.take(x, [-1, 0], axis=1))


class UniqueTest(testing.TestCase):
    def test_unique(self):
        x = np.array([[3, 1], [3, 2]], "int32")
        check_eager(ops.unique, np.unique, (x,))
        check_eager(ops.unique, np.unique, (x.astype("float16"),))
        check_eager(ops.unique, np.unique, (x > 1,))

    def test_unique_extras(self):
        x = np.array([3.0, 1.0, 3.0, 2.0, 1.0], "float32")
        values, index, inverse, counts = ops.unique(
            x, return_index=True, return_inverse=True, return_counts=True
        )
        expected = np.unique(
            x, return_index=True, return_inverse=True, return_counts=True
        )
        for got, want in zip((values, index, inverse, counts), expected):
            self.assertEqual(tuple(got.shape), want.shape)
            self.assertAllEqual(got, want)
        for extra in (index, inverse, counts):
            self.assertDType(extra, "int32")

    def test_unique_inverse_keeps_shape(self):
        x = np.array([[3, 1], [3, 2]], "int32")
        _, inverse = ops.unique(x, return_inverse=True)
        self.assertAllEqual(inverse, [[2, 0], [2, 1]])

    def test_unique_axis(self):
        x = np.array([[1, 2], [1, 2], [0, 1], [1, 0]], "int32")
        for axis in (0, 1):
            values, inverse, counts = ops.unique(
                x, axis=axis, return_inverse=True, return_counts=True
            )
            want = np.unique(
                x, axis=axis, return_inverse=True, return_counts=True
            )
            self.assertAllEqual(values, want[0])
            self.assertAllEqual(inverse, want[1].reshape(-1))
            self.assertAllEqual(counts, want[2])

    @parameterized.parameters(
        (5, -1, [1, 2, 3, -1, -1], [1, 1, 2, 0, 0]),
        (5, None, [1, 2, 3, 1, 1], [1, 1, 2, 0, 0]),
        (2, None, [1, 2], [1, 1]),
    )
    def test_unique_size(self, size, fill_value, values, counts):
        x = np.array([3, 1, 3, 2], "int32")
        got, got_counts = ops.unique(
            x, size=size, fill_value=fill_value, return_counts=True
        )
        self.assertDType(got, "int32")
        self.assertAllEqual(got, values)
        self.assertAllEqual(got_counts, counts)

    def test_unique_compiled_with_size(self):
        x = np.array([[3, 1], [3, 2]], "float32")
        fn = _compiled(
            lambda t: ops.unique(t, size=4, return_index=True,
                                 return_inverse=True, return_counts=True)
        )
        values, index, inverse, counts = fn(backend.convert_to_tensor(x))
        self.assertAllEqual(values, [1, 2, 3, 1])
        self.assertAllEqual(index, [1, 3, 0, 0])
        self.assertAllEqual(inverse, [[2, 0], [2, 1]])
        self.assertAllEqual(counts, [1, 1, 2, 0])

    def test_symbolic(self):
        x = KerasTensor((None, 3), "int8")
        check_symbolic(ops.unique, (x,), shape=(None,), dtype="int8")
        check_symbolic(ops.unique, (x,), {"size": 4}, shape=(4,))
        values, inverse, counts = ops.unique(
            x, return_inverse=True, return_counts=True, axis=1
        )
        self.assertEqual(values.shape, (None, None))
        self.assertEqual((inverse.shape, inverse.dtype), ((3,), "int32"))
        self.assertEqual(counts.shape, (None,))

    def test_unravel_index(self):
        for dtype in ("int32", "int8"):
            indices = np.array([[1, 5], [0, 4]], dtype)
            _check_tuple(
                lambda i: ops.unravel_index(i, (2, 3)),
                lambda i, dtype=dtype: tuple(
                    c.astype(dtype) for c in np.unravel_index(i, (2, 3))
                ),
                (indices,),
            )
        coords = ops.unravel_index(7, (2, 2, 3))
        self.assertEqual([int(c) for c in coords], [1, 0, 1])
        self.assertDType(coords[0], "int32")
        coords = ops.unravel_index(KerasTensor((None,), "int32"), (4, 5))
        self.assertLen(coords, 2)
        self.assertEqual((coords[1].shape, coords[1].dtype),
                         ((None,), "int32"))


_GET_ITEM_KEYS = (
    1,
    -1,
    (slice(None), 2),
    (slice(1, None), slice(None, None, 2)),
    (slice(None, None, -1), slice(3, 0, -2)),
    (Ellipsis, 1),
    (None, 0, Ellipsis, None),
    (0, slice(None), 3),
    [1, 0, 1],
    (slice(None), [2, 0]),
    ([0, 1], [1, 2]),
    ([[0], [1]], slice(None), [0, 3]),
    (0, slice(None), [1, 2]),
    (slice(None), 1, [0, 2]),
    (Ellipsis, [0, -1]),
    (slice(None), slice(None, None, -1), [0, 1]),
)


class GetItemTest(testing.TestCase):

    @parameterized.parameters(*[(k,) for k in _GET_ITEM_KEYS])
    def test_get_item(self, key):
        x = _arange((2, 3, 4), "float32")
        np_key = tuple(
            np.array(k) if isinstance(k, list) else k
            for k in (key if isinstance(key, tuple) else (key,))
        )
        check_eager(ops.get_item, lambda x, key: x[np_key], (x, key))

    def test_get_item_tensor_keys(self):
        x = _arange((2, 3, 4), "int32")
        index = backend.convert_to_tensor(np.array([2, 0], "int32"))
        mask = np.array([True, False, True])
        self.assertAllEqual(ops.get_item(x, (1, index)), x[1, [2, 0]])
        self.assertAllEqual(ops.get_item(x, (slice(None), mask)), x[:, mask])
        self.assertAllEqual(
            ops.get_item(x, (slice(None), backend.convert_to_tensor(mask))),
            x[:, mask],
        )
        self.assertAllEqual(ops.get_item(x, x > 20), x[x > 20])
        self.assertAllEqual(
            ops.get_item(x, backend.convert_to_tensor(1)), x[1]
        )

    def test_compiled(self):
        x = _arange((2, 3, 4), "float32")
        fn = _compiled(lambda t: ops.get_item(t, (slice(None), [2, 0], 1)))
        self.assertAllClose(fn(backend.convert_to_tensor(x)), x[:, [2, 0], 1])

    @parameterized.parameters(
        (0, (3, 4)),
        ((slice(None), None, 1), (None, 1, 4)),
        ((Ellipsis, 0), (None, 3)),
        (np.array([0, 1]), (2, 3, 4)),
        (np.array([[True, False, True]] * 2), (4, 4)),
        ((slice(None), np.array([0, 1]), slice(None)), (None, 2, 4)),
        ((0, slice(None), np.array([1, 2])), (2, 3)),
        ((slice(1, None, 2),), (None, 3, 4)),
        ((slice(None), slice(-2, None)), (None, 2, 4)),
        ((slice(None), [True, False, True]), (None, 2, 4)),
        ((Ellipsis, np.array([[0], [1]]), np.array([1, 2, 3])), (None, 2, 3)),
        ((np.array([0, 1]), slice(None), np.array([1, 2])), (2, 3)),
    )
    def test_symbolic(self, key, shape):
        x = KerasTensor((None, 3, 4), "int8")
        check_symbolic(ops.get_item, (x, key), shape=shape, dtype="int8")

    def test_symbolic_keys(self):
        x = KerasTensor((5, 3, 4))
        self.assertEqual(x[1:4, ..., None].shape, (3, 3, 4, 1))
        self.assertEqual(x[::-2].shape, (3, 3, 4))
        index = KerasTensor((2, 6), "int32")
        self.assertEqual(x[index].shape, (2, 6, 3, 4))
        self.assertEqual(x[0, :, KerasTensor((7,), "int32")].shape, (7, 3))
        self.assertEqual(x[KerasTensor((5, 3), "bool")].shape, (None, 4))

    def test_bad_keys(self):
        x = KerasTensor((5, 3, 4))
        with self.assertRaisesRegex(ValueError, "get_item.*out of bounds"):
            x[7]
        with self.assertRaisesRegex(ValueError, "get_item.*too many"):
            x[0, 0, 0, 0]
        with self.assertRaisesRegex(ValueError, "get_item.*Ellipsis"):
            x[..., 0, ...]
        with self.assertRaisesRegex(ValueError, r"get_item.*\(5, 3, 4\)"):
            x[KerasTensor((5, 2), "bool")]
        with self.assertRaisesRegex(ValueError, "get_item.*integers"):
            x[KerasTensor((2,), "float32")]
        with self.assertRaisesRegex(ValueError, "get_item.*broadcast"):
            x[[0, 1], [0, 1, 2]]

