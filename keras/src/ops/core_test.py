"""Tests of the core ops: conversions, casts, scatters, slices, unstack."""

import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.testing.op_checks import check_eager
from keras.src.testing.op_checks import check_symbolic


def _f32(values):
    return np.asarray(values, "float32")


class CastTest(testing.TestCase):
    @parameterized.named_parameters(
        ("float_to_int", _f32([1.7, -2.5, 0.0]), "int32"),
        ("int_to_float16", np.array([1, -2], "int32"), "float16"),
        ("int8_to_uint8", np.array([1, 100], "int8"), "uint8"),
        ("bool_to_float", np.array([True, False]), "float32"),
        ("float_to_bool", _f32([0.0, 2.0]), "bool"),
        ("int_to_bfloat16", np.array([1, 3], "int32"), "bfloat16"),
    )
    def test_eager(self, x, dtype):
        check_eager(ops.cast, lambda v, d: v.astype(d), (x, dtype),
                    dtype=dtype)

    def test_python_value(self):
        self.assertDType(ops.cast(1.5, "int32"), "int32")
        self.assertAllEqual(ops.cast([1.5, 2.5], "int32"), [1, 2])

    def test_variable(self):
        v = backend.Variable(np.array([1.5, 2.5], "float32"))
        self.assertAllEqual(ops.cast(v, "int32"), [1, 2])

    def test_symbolic(self):
        x = KerasTensor((None, 3), dtype="int32")
        check_symbolic(ops.cast, (x, "float16"), shape=(None, 3),
                       dtype="float16")

    def test_invalid_dtype(self):
        with self.assertRaisesRegex(ValueError, "dtype"):
            ops.cast(np.ones((2,)), "not_a_dtype")
        with self.assertRaisesRegex(ValueError, "dtype"):
            ops.cast(KerasTensor((2,)), "not_a_dtype")


class SaturateCastTest(testing.TestCase):
    @parameterized.named_parameters(
        ("int32_to_uint8", np.array([-1, 7, 300], "int32"), "uint8"),
        ("int16_to_int8", np.array([-300, 5, 300], "int16"), "int8"),
        ("uint8_to_int8", np.array([0, 100, 200], "uint8"), "int8"),
        ("float_to_uint8", _f32([-1.5, 7.2, 300.7]), "uint8"),
        ("float_to_int8", _f32([-1000.0, 3.9, 1000.0]), "int8"),
        ("int_to_float16", np.array([0, 100000, -100000], "int32"),
         "float16"),
        ("float32_to_float16", _f32([1e6, -1e6, 0.5]), "float16"),
        ("int8_to_int32", np.array([-128, 127], "int8"), "int32"),
    )
    def test_eager(self, x, dtype):
        def reference(v, d):
            low, high = _range(d)
            return np.clip(v, low, high).astype(d)

        check_eager(ops.saturate_cast, reference, (x, dtype), dtype=dtype)

    def test_float_to_int_extremes(self):
        x = _f32([np.inf, -np.inf, np.nan, 1e10, -1e10])
        result = ops.saturate_cast(x, "int32")
        self.assertDType(result, "int32")
        self.assertAllEqual(
            result, [2**31 - 1, -(2**31), 0, 2**31 - 1, -(2**31)]
        )

    def test_narrow_float_infinities_to_int(self):
        x = np.array([np.inf, -np.inf, np.nan], "float16")
        self.assertAllEqual(ops.saturate_cast(x, "int32"),
                            [65504, -65504, 0])

    def test_float_infinities_to_float16(self):
        result = ops.saturate_cast(_f32([np.inf, -np.inf, np.nan]),
                                   "float16")
        self.assertDType(result, "float16")
        np.testing.assert_array_equal(
            backend.convert_to_numpy(result), [65504, -65504, np.nan]
        )

    def test_bool(self):
        self.assertAllEqual(
            ops.saturate_cast(np.array([0, 2], "int32"), "bool"),
            [False, True],
        )
        result = ops.saturate_cast(np.array([True, False]), "uint8")
        self.assertDType(result, "uint8")
        self.assertAllEqual(result, [1, 0])

    def test_symbolic(self):
        x = KerasTensor((None, 3), dtype="float32")
        check_symbolic(ops.saturate_cast, (x, "uint8"), shape=(None, 3),
                       dtype="uint8")


def _range(dtype):
    if np.dtype(dtype).kind == "f":
        info = np.finfo(dtype)
    else:
        info = np.iinfo(dtype)
    return info.min, info.max


class ConversionTest(testing.TestCase):
    def test_convert_to_tensor(self):
        x = ops.convert_to_tensor([1, 2])
        self.assertTrue(ops.is_tensor(x))
        self.assertDType(x, "int32")
        self.assertDType(ops.convert_to_tensor([1, 2], "float16"), "float16")

    def test_convert_to_tensor_symbolic(self):
        x = KerasTensor((None, 3))
        self.assertIs(ops.convert_to_tensor(x), x)
        self.assertIs(ops.convert_to_tensor(x, "float32"), x)
        check_symbolic(ops.convert_to_tensor, (x, "int32"),
                       shape=(None, 3), dtype="int32")

    def test_convert_to_tensor_densifies_sparse_specs(self):
        x = KerasTensor((None, 3), sparse=True)
        self.assertTrue(ops.convert_to_tensor(x).sparse)
        dense = ops.convert_to_tensor(x, sparse=False)
        self.assertFalse(dense.sparse)
        self.assertEqual(dense.shape, (None, 3))

    def test_convert_to_numpy(self):
        array = ops.convert_to_numpy(ops.convert_to_tensor([[1.0, 2.0]]))
        self.assertIsInstance(array, np.ndarray)
        self.assertEqual(array.dtype, np.float32)
        np.testing.assert_array_equal(array, [[1.0, 2.0]])

    def test_convert_to_numpy_symbolic_fails(self):
        with self.assertRaisesRegex(ValueError, "symbolic"):
            ops.convert_to_numpy(KerasTensor((2,)))

    def test_is_tensor(self):
        self.assertTrue(ops.is_tensor(ops.convert_to_tensor(1.0)))
        self.assertFalse(ops.is_tensor(KerasTensor((2,))))
        self.assertFalse(ops.is_tensor(1.0))
        self.assertFalse(ops.is_tensor([1.0, 2.0]))


class ShapeDtypeTest(testing.TestCase):
    def test_shape(self):
        x = ops.convert_to_tensor(np.zeros((2, 3), "float32"))
        self.assertEqual(tuple(ops.shape(x)), (2, 3))
        self.assertEqual(tuple(ops.shape(np.zeros((4,)))), (4,))
        self.assertEqual(tuple(ops.shape([[1, 2, 3]])), (1, 3))

    def test_shape_symbolic(self):
        self.assertEqual(ops.shape(KerasTensor((None, 3))), (None, 3))

    @parameterized.named_parameters(
        ("float16", np.ones((2,), "float16"), "float16"),
        ("int8", np.ones((2,), "int8"), "int8"),
        ("bool", np.ones((2,), "bool"), "bool"),
        ("python_float", 1.5, "float32"),
        ("python_int", 3, "int32"),
        ("int_list", [1, 2], "int32"),
    )
    def test_dtype(self, value, dtype):
        self.assertEqual(ops.dtype(value), dtype)

    def test_dtype_of_tensors(self):
        x = ops.convert_to_tensor([1.0], dtype="bfloat16")
        self.assertEqual(ops.dtype(x), "bfloat16")
        self.assertEqual(ops.dtype(KerasTensor((2,), dtype="int8")), "int8")
        v = backend.Variable(np.ones((2,), "float16"))
        self.assertEqual(ops.dtype(v), "float16")


class StopGradientTest(testing.TestCase):
    def test_eager(self):
        check_eager(ops.stop_gradient, lambda v: v,
                    (_f32([[1.0, -2.0], [3.0, 4.0]]),))
        check_eager(ops.stop_gradient, lambda v: v,
                    (np.array([1, 2], "int8"),))

    def test_python_value_and_variable(self):
        self.assertDType(ops.stop_gradient(1.0), "float32")
        v = backend.Variable(_f32([1.0, 2.0]))
        result = ops.stop_gradient(v)
        self.assertTrue(ops.is_tensor(result))
        self.assertAllClose(result, [1.0, 2.0])

    def test_symbolic(self):
        x = KerasTensor((None, 3), dtype="int32")
        result = check_symbolic(ops.stop_gradient, (x,), shape=(None, 3),
                                dtype="int32")
        self.assertIsNot(result, x)


def _scatter_reference(indices, values, shape):
    result = np.zeros(shape, values.dtype)
    for index, value in zip(indices, values):
        result[tuple(index)] += value
    return result


_REDUCE = {
    None: lambda old, new: new,
    "add": lambda old, new: old + new,
    "max": np.maximum,
    "min": np.minimum,
    "mul": lambda old, new: old * new,
}


def _scatter_update_reference(inputs, indices, updates, reduction=None):
    result = inputs.copy()
    for index, update in zip(indices, updates.astype(inputs.dtype)):
        index = tuple(index)
        result[index] = _REDUCE[reduction](result[index], update)
    return result


class ScatterTest(testing.TestCase):
    @parameterized.named_parameters(
        ("1d", np.array([[0], [2]]), _f32([1.0, 2.0]), (4,)),
        ("duplicates_sum", np.array([[0], [2], [0]]), _f32([1, 2, 3]), (4,)),
        ("2d_points", np.array([[0, 1], [2, 0]], "int32"),
         np.array([5, 7], "int32"), (3, 2)),
        ("row_slices", np.array([[1], [3]]), np.ones((2, 3), "float16"),
         (4, 3)),
        ("negative_index", np.array([[-1]]), _f32([4.0]), (3,)),
    )
    def test_eager(self, indices, values, shape):
        check_eager(ops.scatter, _scatter_reference, (indices, values, shape))

    def test_symbolic(self):
        indices = KerasTensor((None, 1), dtype="int32")
        values = KerasTensor((None, 3), dtype="float16")
        check_symbolic(ops.scatter, (indices, values, (4, 3)),
                       shape=(4, 3), dtype="float16")

    def test_symbolic_shape_mismatch(self):
        indices = KerasTensor((2, 1), dtype="int32")
        with self.assertRaisesRegex(ValueError, r"scatter.*\(2, 1\).*\(3,\)"):
            ops.scatter(indices, KerasTensor((3,)), (4,))

    def test_eager_shape_mismatch(self):
        with self.assertRaisesRegex(ValueError, "scatter"):
            ops.scatter(np.array([[0], [1]]), _f32([1.0, 2.0, 3.0]), (4,))


class ScatterUpdateTest(testing.TestCase):
    @parameterized.named_parameters(
        ("set", None), ("add", "add"), ("max", "max"), ("min", "min"),
        ("mul", "mul"),
    )
    def test_reductions(self, reduction):
        inputs = _f32([2.0, 2.0, 2.0, 2.0])
        # No repeated index: the result does not depend on write order.
        indices = np.array([[0], [2], [3]])
        updates = _f32([1.0, 3.0, 5.0])
        check_eager(ops.scatter_update, _scatter_update_reference,
                    (inputs, indices, updates, reduction))

    @parameterized.named_parameters(
        ("add", "add"), ("max", "max"), ("min", "min"), ("mul", "mul"),
    )
    def test_reductions_with_repeated_indices(self, reduction):
        inputs = np.full((2, 3), 2.0, "float32")
        indices = np.array([[1], [1], [0]])
        updates = _f32([[1, 2, 3], [4, 0.5, 1], [3, 3, 3]])
        check_eager(ops.scatter_update, _scatter_update_reference,
                    (inputs, indices, updates, reduction))

    def test_points(self):
        inputs = np.zeros((3, 3), "int32")
        indices = np.array([[0, 0], [1, 2]], "int32")
        updates = np.array([4, 5], "int32")
        check_eager(ops.scatter_update, _scatter_update_reference,
                    (inputs, indices, updates))

    def test_updates_take_the_inputs_dtype(self):
        check_eager(ops.scatter_update, _scatter_update_reference,
                    (np.zeros((3,), "int32"), np.array([[1]]),
                     _f32([2.7])))
        check_eager(ops.scatter_update, _scatter_update_reference,
                    (np.zeros((3,), "float16"), np.array([[1]]),
                     _f32([1.5])))

    def test_negative_index(self):
        result = ops.scatter_update(_f32([0, 0, 0]), np.array([[-1]]),
                                    _f32([1.0]))
        self.assertAllClose(result, [0.0, 0.0, 1.0])

    def test_symbolic(self):
        inputs = KerasTensor((None, 3), dtype="float16")
        indices = KerasTensor((2, 2), dtype="int32")
        updates = KerasTensor((2,), dtype="float32")
        check_symbolic(ops.scatter_update, (inputs, indices, updates),
                       shape=(None, 3), dtype="float16")

    def test_symbolic_shape_mismatch(self):
        inputs = KerasTensor((4, 3))
        indices = KerasTensor((2, 1), dtype="int32")
        with self.assertRaisesRegex(
            ValueError, r"scatter_update.*\(2, 1\).*\(2, 4\)"
        ):
            ops.scatter_update(inputs, indices, KerasTensor((2, 4)))

    def test_invalid_reduction(self):
        with self.assertRaisesRegex(ValueError, "reduction"):
            ops.scatter_update(_f32([0, 0]), np.array([[0]]), _f32([1]),
                               reduction="mean")


class SliceTest(testing.TestCase):
    x = np.arange(12, dtype="int32").reshape(3, 4)

    @parameterized.named_parameters(
        ("inside", (1, 1), (2, 2), (slice(1, 3), slice(1, 3))),
        ("clamped", (2, 3), (2, 2), (slice(1, 3), slice(2, 4))),
        ("negative_start", (-1, 0), (1, 4), (slice(2, 3), slice(0, 4))),
        ("negative_clamped", (-1, -9), (2, 2), (slice(1, 3), slice(0, 2))),
        ("negative_to_the_end", (-2, 1), (-1, 3),
         (slice(1, 3), slice(1, 4))),
        ("to_the_end", (1, 1), (-1, 2), (slice(1, 3), slice(1, 3))),
        ("whole", (0, 0), (3, 4), (slice(0, 3), slice(0, 4))),
    )
    def test_eager(self, start, shape, window):
        check_eager(ops.slice, lambda v, s, n: v[window],
                    (self.x, start, shape))

    def test_tensor_start(self):
        start = ops.convert_to_tensor([1, 2])
        result = ops.slice(self.x, start, (2, 2))
        self.assertAllEqual(result, self.x[1:3, 2:4])

    def test_float16(self):
        x = np.arange(6, dtype="float16").reshape(2, 3)
        check_eager(ops.slice, lambda v, s, n: v[:, 1:],
                    (x, (0, 1), (2, 2)))

    def test_symbolic(self):
        x = KerasTensor((None, 4), dtype="int8")
        check_symbolic(ops.slice, (x, (1, 1), (2, 2)), shape=(2, 2),
                       dtype="int8")
        check_symbolic(ops.slice, (x, (1, 1), (-1, 2)), shape=(None, 2))
        check_symbolic(ops.slice, (KerasTensor((3, 4)), (1, 1), (-1, 2)),
                       shape=(2, 2))
        check_symbolic(ops.slice, (KerasTensor((3, 4)), (-1, 1), (-1, 2)),
                       shape=(1, 2))

    def test_rank_mismatch(self):
        with self.assertRaisesRegex(ValueError, r"slice.*\(3, 4\)"):
            ops.slice(KerasTensor((3, 4)), (1,), (2, 2))
        with self.assertRaisesRegex(ValueError, r"slice.*\(3, 4\)"):
            ops.slice(self.x, (1, 1), (2,))


class SliceUpdateTest(testing.TestCase):
    @parameterized.named_parameters(
        ("inside", (1, 1), (slice(1, 3), slice(1, 3))),
        ("clamped", (2, 3), (slice(1, 3), slice(2, 4))),
        ("negative_start", (-2, 0), (slice(1, 3), slice(0, 2))),
        ("negative_clamped", (0, -9), (slice(0, 2), slice(0, 2))),
    )
    def test_eager(self, start, window):
        inputs = np.zeros((3, 4), "float32")
        updates = _f32([[1, 2], [3, 4]])

        def reference(v, s, u):
            result = v.copy()
            result[window] = u
            return result

        check_eager(ops.slice_update, reference, (inputs, start, updates))

    def test_updates_take_the_inputs_dtype(self):
        result = ops.slice_update(np.zeros((4,), "int32"), (1,),
                                  _f32([1.7, 2.2]))
        self.assertDType(result, "int32")
        self.assertAllEqual(result, [0, 1, 2, 0])
        result = ops.slice_update(np.zeros((3,), "float16"), (0,),
                                  _f32([0.5]))
        self.assertDType(result, "float16")

    def test_symbolic(self):
        inputs = KerasTensor((None, 4), dtype="int32")
        updates = KerasTensor((2, 2), dtype="float32")
        check_symbolic(ops.slice_update, (inputs, (1, 1), updates),
                       shape=(None, 4), dtype="int32")

    def test_bad_shapes(self):
        with self.assertRaisesRegex(ValueError, r"slice_update.*\(3, 4\)"):
            ops.slice_update(KerasTensor((3, 4)), (0,), KerasTensor((2,)))
        with self.assertRaisesRegex(ValueError, r"\(4, 1\).*\(3, 4\)"):
            ops.slice_update(KerasTensor((3, 4)), (0, 0),
                             KerasTensor((4, 1)))


class UnstackTest(testing.TestCase):
    @parameterized.named_parameters(
        ("axis0", 0), ("axis1", 1), ("last", -1),
    )
    def test_eager(self, axis):
        x = np.arange(24, dtype="float32").reshape(2, 3, 4)
        result = ops.unstack(x, axis=axis)
        expected = list(np.moveaxis(x, axis, 0))
        self.assertLen(result, len(expected))
        for actual, wanted in zip(result, expected):
            check_eager(lambda v: v, lambda v: wanted, (actual,))

    def test_num(self):
        x = np.array([[1, 2], [3, 4]], "int8")
        result = ops.unstack(x, num=2)
        self.assertDType(result[0], "int8")
        self.assertAllEqual(result[1], [3, 4])
        with self.assertRaisesRegex(ValueError, r"unstack.*\(2, 2\)"):
            ops.unstack(x, num=3)

    def test_symbolic(self):
        x = KerasTensor((2, None), dtype="int32")
        result = ops.unstack(x)
        self.assertLen(result, 2)
        self.assertEqual(result[0].shape, (None,))
        self.assertEqual(result[0].dtype, "int32")
        result = ops.unstack(x, num=3, axis=1)
        self.assertLen(result, 3)
        self.assertEqual(result[2].shape, (2,))

    def test_symbolic_unknown_size(self):
        with self.assertRaisesRegex(ValueError, r"unstack.*\(2, None\)"):
            ops.unstack(KerasTensor((2, None)), axis=1)
        with self.assertRaisesRegex(ValueError, "unstack"):
            ops.unstack(KerasTensor((2, None)), axis=2)
