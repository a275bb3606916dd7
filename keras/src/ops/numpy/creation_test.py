"""Tests of the array creation ops against NumPy, on the active backend."""

import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.testing.op_checks import check_eager
from keras.src.testing.op_checks import check_symbolic


def _int32(values):
    return np.array(values, dtype="int32")


def _float32(values):
    return np.array(values, dtype="float32")


class ConstantsTest(testing.TestCase):
    @parameterized.named_parameters(
        ("zeros", ops.zeros, np.zeros),
        ("ones", ops.ones, np.ones),
        ("empty", ops.empty, np.zeros),
    )
    def test_shape_ops(self, op, reference):
        check_eager(op, reference, ((2, 3),), dtype="float32")
        check_eager(op, reference, (3,), dtype="float32")
        check_eager(op, reference, ([2, 1],), {"dtype": "int8"})
        check_eager(op, reference, ((2,),), {"dtype": "bool"})

    @parameterized.named_parameters(
        ("zeros_like", ops.zeros_like, np.zeros_like),
        ("ones_like", ops.ones_like, np.ones_like),
        ("empty_like", ops.empty_like, np.zeros_like),
    )
    def test_like_ops(self, op, reference):
        x = np.arange(6, dtype="int8").reshape(2, 3)
        check_eager(op, reference, (x,))
        check_eager(op, reference, (x,), {"dtype": "float16"})
        check_eager(op, reference, (_float32([1.5]),), {"dtype": "bool"})
        check_symbolic(op, (KerasTensor((None, 3), "int8"),),
                       shape=(None, 3), dtype="int8")
        check_symbolic(op, (KerasTensor((None, 3)),), {"dtype": "int32"},
                       shape=(None, 3), dtype="int32")

    def test_like_ops_on_python_values(self):
        self.assertDType(ops.zeros_like([1, 2]), "int32")
        self.assertDType(ops.ones_like(2.5), "float32")
        self.assertAllEqual(ops.ones_like([[1], [2]]), [[1], [1]])

    def test_full(self):
        # Without a dtype, `full` gives floatx whatever the fill value.
        check_eager(ops.full, np.full, ((2, 3), 7), dtype="float32")
        check_eager(ops.full, np.full, ((2,), True), dtype="float32")
        check_eager(ops.full, np.full, (3, 2.5), dtype="float32")
        check_eager(ops.full, np.full, ((2, 2), _int32([1, 2])),
                    dtype="float32")
        check_eager(ops.full, np.full, ((2,), 7), {"dtype": "int8"})
        check_symbolic(ops.full, ((2, 3), KerasTensor((3,), "int8")),
                       shape=(2, 3), dtype="float32")

    def test_full_like(self):
        x = np.zeros((2, 3), dtype="int8")
        check_eager(ops.full_like, np.full_like, (x, 3.7))
        check_eager(ops.full_like, np.full_like, (x, 3.5),
                    {"dtype": "float32"})
        check_eager(ops.full_like, np.full_like, (x, _int32([1, 2, 3])))
        check_symbolic(ops.full_like, (KerasTensor((None, 3), "int8"), 2.5),
                       shape=(None, 3), dtype="int8")

    def test_array(self):
        check_eager(ops.array, np.array, ([1, 2],), dtype="int32")
        check_eager(ops.array, np.array, ([1.0, 2],), dtype="float32")
        check_eager(ops.array, np.array, ([True],))
        check_eager(ops.array, np.array, (_int32([1, 2]),),
                    {"dtype": "float16"})
        check_symbolic(ops.array, (KerasTensor((None, 3), "int8"),),
                       shape=(None, 3), dtype="int8")


class MatricesTest(testing.TestCase):
    @parameterized.parameters(
        ((3,), {}),
        ((3, 4), {"k": 1}),
        ((3, 2), {"k": -1}),
        ((2, 0), {}),
        ((4,), {"k": 5}),
        ((2,), {"dtype": "int32"}),
        ((2,), {"dtype": "bool"}),
    )
    def test_eye_and_tri(self, args, kwargs):
        dtype = kwargs.get("dtype", "float32")
        check_eager(ops.eye, np.eye, args, kwargs, dtype=dtype)
        check_eager(ops.tri, np.tri, args, kwargs, dtype=dtype)

    def test_identity(self):
        check_eager(ops.identity, np.identity, (3,), dtype="float32")
        check_eager(ops.identity, np.identity, (2,), {"dtype": "int8"})

    @parameterized.parameters(
        ("int32", None, False),
        ("int32", 4, True),
        ("float32", 2, False),
        ("int8", None, False),
        ("uint8", 3, True),
        ("float16", None, False),
        ("int32", 0, False),
    )
    def test_vander(self, dtype, n, increasing):
        # NumPy widens ints to int64; Keras keeps the input's dtype.
        x = np.array([1, 2, 3], dtype=dtype)
        check_eager(ops.vander, np.vander, (x, n, increasing), dtype=dtype)

    def test_vander_bool(self):
        check_eager(ops.vander, np.vander, (np.array([True, False]),),
                    dtype="bool")

    def test_vander_symbolic(self):
        check_symbolic(ops.vander, (KerasTensor((None,), "int8"),),
                       shape=(None, None), dtype="int8")
        check_symbolic(ops.vander, (KerasTensor((None,), "int8"), 3),
                       shape=(None, 3), dtype="int8")
        check_symbolic(ops.vander, (KerasTensor((4,)),), shape=(4, 4))

    def test_vander_needs_1d(self):
        with self.assertRaisesRegex(ValueError, "vander"):
            ops.vander(KerasTensor((None, 3)))
        with self.assertRaisesRegex(ValueError, "vander"):
            ops.vander(np.ones((2, 2), "float32"))


class RangesTest(testing.TestCase):
    @parameterized.parameters(
        ((3,), {}, "int32"),
        ((3.0,), {}, "float32"),
        ((1, 8, 2), {}, "int32"),
        ((5, 0, -1), {}, "int32"),
        ((1, 5.0), {}, "float32"),
        ((1, 5, 0.5), {}, "float32"),
        ((0, 3), {"dtype": "float16"}, "float16"),
        ((4,), {"dtype": "uint8"}, "uint8"),
        ((2, 2), {}, "int32"),
        ((0, 5, 1.5), {"dtype": "int32"}, "int32"),
        ((0.5, 3.2), {"dtype": "int16"}, "int16"),
    )
    def test_arange(self, args, kwargs, dtype):
        check_eager(ops.arange, np.arange, args, kwargs, dtype=dtype)

    def test_arange_tensor_bounds_keep_their_dtype(self):
        bound = backend.convert_to_tensor(np.array(4, "int8"))
        self.assertDType(ops.arange(bound), "int8")
        self.assertAllEqual(ops.arange(bound), [0, 1, 2, 3])
        self.assertDType(ops.arange(np.array(1, "int16"), 3), "int16")

    def test_arange_zero_step(self):
        with self.assertRaisesRegex(ValueError, "arange"):
            ops.arange(0, 3, 0)

    def test_arange_symbolic(self):
        check_symbolic(ops.arange, (KerasTensor((), "int8"),),
                       shape=(None,), dtype="int8")

    @parameterized.parameters(
        ((0, 1, 5), {}, "float32"),
        ((0, 1, 5), {"endpoint": False}, "float32"),
        ((2, -3, 7), {}, "float32"),
        ((0, 1, 1), {}, "float32"),
        ((0, 1, 0), {}, "float32"),
        ((0, 10, 4), {"dtype": "int32"}, "int32"),
        ((-10, 0, 4), {"dtype": "int32"}, "int32"),
        ((0, 1, 3), {"dtype": "float16"}, "float16"),
    )
    def test_linspace(self, args, kwargs, dtype):
        check_eager(ops.linspace, np.linspace, args, kwargs, dtype=dtype)

    def test_linspace_tensors_and_axis(self):
        start, stop = _float32([0.0, 1.0]), _float32([[1.0, 3.0]])
        for axis in (0, 1, -1):
            check_eager(ops.linspace, np.linspace, (start, stop, 3),
                        {"axis": axis}, atol=1e-6)
        half = np.array(0, "float16")
        check_eager(ops.linspace, np.linspace, (half, 1.0, 3))
        check_eager(ops.linspace, np.linspace,
                    (np.array(0, "int8"), 1, 3), dtype="float32")

    def test_linspace_retstep(self):
        values, step = ops.linspace(0, 1, 5, retstep=True)
        self.assertAllClose(values, np.linspace(0, 1, 5))
        self.assertAllClose(step, 0.25)
        self.assertDType(step, "float32")
        _, step = ops.linspace(0, 10, 5, retstep=True, dtype="int32")
        self.assertDType(step, "float32")

    def test_linspace_symbolic(self):
        check_symbolic(ops.linspace, (KerasTensor((None, 3)), 1.0, 5),
                       shape=(5, None, 3), dtype="float32")
        check_symbolic(ops.linspace, (KerasTensor((2, 3)), 1.0, 5),
                       {"axis": -1}, shape=(2, 3, 5))
        check_symbolic(ops.linspace, (KerasTensor((2,), "int8"), 1, 4),
                       {"dtype": "int16"}, shape=(4, 2), dtype="int16")
        values, step = ops.linspace(
            KerasTensor((None,)), 1.0, 4, retstep=True
        )
        self.assertEqual((values.shape, step.shape), ((4, None), (None,)))
        with self.assertRaisesRegex(ValueError, "linspace"):
            ops.linspace(KerasTensor((2,)), KerasTensor((3,)), 4)

    @parameterized.parameters(
        ((0, 2, 3), {}, "float32"),
        ((0, 2, 3), {"base": 2}, "float32"),
        ((0, 2, 4), {"endpoint": False}, "float32"),
        ((0, 2, 3), {"dtype": "int32"}, "int32"),
        ((0, 1, 5), {"dtype": "int32"}, "int32"),
    )
    def test_logspace(self, args, kwargs, dtype):
        check_eager(ops.logspace, np.logspace, args, kwargs, dtype=dtype,
                    rtol=1e-5)

    def test_logspace_tensors(self):
        start, stop = _float32([0.0, 1.0]), _float32([1.0, 3.0])
        check_eager(ops.logspace, np.logspace, (start, stop, 3),
                    {"axis": 1}, rtol=1e-5)
        check_symbolic(ops.logspace, (KerasTensor((2,), "int8"), 1, 5),
                       shape=(5, 2), dtype="float32")

    @parameterized.parameters(
        ((1, 100, 3), {}, "float32"),
        ((-1, -100, 3), {}, "float32"),
        ((1, 100, 3), {"endpoint": False}, "float32"),
        ((2, 1, 4), {}, "float32"),
        ((1, 1000, 4), {"dtype": "int32"}, "int32"),
        ((1, 10, 1), {}, "float32"),
    )
    def test_geomspace(self, args, kwargs, dtype):
        check_eager(ops.geomspace, np.geomspace, args, kwargs, dtype=dtype,
                    rtol=1e-5)

    def test_geomspace_tensors(self):
        start, stop = _float32([1.0, 2.0]), _float32([10.0, 20.0])
        check_eager(ops.geomspace, np.geomspace, (start, stop, 3),
                    {"axis": 1}, dtype="float32", rtol=1e-5)
        check_symbolic(ops.geomspace, (KerasTensor((None,)), 1.0, 5),
                       shape=(5, None), dtype="float32")

    def test_geomspace_of_mixed_signs_is_nan(self):
        values = backend.convert_to_numpy(ops.geomspace(-1.0, 10.0, 3))
        self.assertTrue(np.isnan(values).all())


class GridsTest(testing.TestCase):
    @parameterized.parameters("xy", "ij")
    def test_meshgrid(self, indexing):
        x, y, z = _int32([1, 2, 3]), _float32([4, 5]), _int32([6, 7, 8, 9])
        for args in ((x,), (x, y), (x, y, z)):
            tensors = [backend.convert_to_tensor(a) for a in args]
            grids = ops.meshgrid(*tensors, indexing=indexing)
            expected = np.meshgrid(*args, indexing=indexing)
            self.assertLen(grids, len(expected))
            for grid, want in zip(grids, expected):
                self.assertEqual(tuple(grid.shape), want.shape)
                self.assertDType(grid, want.dtype)
                self.assertAllEqual(grid, want)

    def test_meshgrid_flattens_inputs(self):
        x = np.arange(4, dtype="int32").reshape(2, 2)
        grids = ops.meshgrid(backend.convert_to_tensor(x), _int32([1, 2]))
        self.assertEqual(tuple(grids[0].shape), (2, 4))

    def test_meshgrid_symbolic(self):
        grids = ops.meshgrid(KerasTensor((None,), "int8"), KerasTensor((3,)))
        self.assertEqual([g.shape for g in grids], [(3, None), (3, None)])
        self.assertEqual([g.dtype for g in grids], ["int8", "float32"])
        grids = ops.meshgrid(KerasTensor((2,)), KerasTensor((3,)),
                             indexing="ij")
        self.assertEqual(grids[0].shape, (2, 3))

    def test_meshgrid_bad_indexing(self):
        with self.assertRaisesRegex(ValueError, "indexing"):
            ops.meshgrid(_int32([1]), indexing="xz")


class WindowsTest(testing.TestCase):
    @parameterized.product(
        name=["bartlett", "blackman", "hamming", "hanning"],
        length=[0, 1, 5, 8],
    )
    def test_windows(self, name, length):
        check_eager(getattr(ops, name), getattr(np, name), (length,),
                    dtype="float32", atol=1e-6)

    @parameterized.product(length=[1, 6], beta=[0.0, 8.6])
    def test_kaiser(self, length, beta):
        check_eager(ops.kaiser, np.kaiser, (length, beta), dtype="float32",
                    atol=1e-6, rtol=1e-5)

    def test_window_of_a_tensor_length(self):
        length = backend.convert_to_tensor(np.array(5, "int32"))
        self.assertAllClose(ops.hanning(length), np.hanning(5))

    def test_windows_symbolic(self):
        for op in (ops.bartlett, ops.blackman, ops.hamming, ops.hanning):
            check_symbolic(op, (KerasTensor((), "int32"),), shape=(None,),
                           dtype="float32")
        check_symbolic(ops.kaiser, (5, KerasTensor(())), shape=(5,))
