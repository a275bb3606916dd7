"""Tests of the reductions, cumulative ops and their NaN-ignoring forms
against NumPy, on the active backend."""

import warnings

import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops.numpy import reductions as ops
from keras.src.testing.op_checks import check_eager
from keras.src.testing.op_checks import check_symbolic

AXES = (
    ("all_keepdims", None, True),
    ("first", 0, False),
    ("last_keepdims", -1, True),
    ("list", [0, 2], False),
)


def _x(dtype="float32", shape=(2, 3, 4)):
    """Small values in [-2, 4] ([0, 6] for unsigned dtypes)."""
    values = np.arange(np.prod(shape)).reshape(shape) % 7 - 2
    if dtype.startswith("uint"):
        values = values + 2
    return values.astype(dtype)


def _with_nans():
    x = _x()
    x[0, 1, :] = np.nan
    x[1, :, 2] = np.nan
    return x


class SumProdMeanTest(testing.TestCase):
    @parameterized.named_parameters(*AXES)
    def test_float32(self, axis, keepdims):
        kwargs = {"axis": axis, "keepdims": keepdims}
        x = _x()
        for op, ref in ((ops.sum, np.sum), (ops.prod, np.prod),
                        (ops.mean, np.mean), (ops.max, np.max),
                        (ops.min, np.min), (ops.amax, np.amax),
                        (ops.amin, np.amin)):
            check_eager(op, lambda x, **k: ref(x, **_tuple_axis(k)), (x,),
                        kwargs)

    @parameterized.named_parameters(*AXES)
    def test_logical(self, axis, keepdims):
        kwargs = {"axis": axis, "keepdims": keepdims}
        for x in (_x("uint8"), _x("float32") > 0):
            check_eager(ops.all, lambda x, **k: np.all(x, **_tuple_axis(k)),
                        (x,), kwargs)
            check_eager(ops.any, lambda x, **k: np.any(x, **_tuple_axis(k)),
                        (x,), kwargs)

    @parameterized.named_parameters(
        ("bool", "bool", "int32"),
        ("int8", "int8", "int32"),
        ("int16", "int16", "int32"),
        ("uint8", "uint8", "uint32"),
        ("int32", "int32", "int32"),
        ("float16", "float16", "float16"),
    )
    def test_sum_prod_dtypes(self, dtype, expected):
        x = np.abs(_x(dtype, (2, 3)))
        check_eager(ops.sum, np.sum, (x,), {"axis": 1}, dtype=expected)
        check_eager(ops.prod, np.prod, (x,), {"axis": 0}, dtype=expected)
        check_symbolic(ops.sum, (KerasTensor((None, 3), dtype),),
                       shape=(), dtype=expected)
        check_symbolic(ops.prod, (KerasTensor((None, 3), dtype),),
                       {"axis": 1, "keepdims": True}, shape=(None, 1),
                       dtype=expected)

    def test_prod_dtype_argument(self):
        x = _x("int32", (2, 3))
        check_eager(ops.prod, np.prod, (x,), {"dtype": "float32"})
        check_eager(ops.prod, np.prod, (x,), {"axis": (0, 1),
                                              "dtype": "int16"})
        check_symbolic(ops.prod, (KerasTensor((None, 3), "int8"),),
                       {"dtype": "float16"}, shape=(), dtype="float16")

    @parameterized.named_parameters(
        ("bool", "bool", "float32"),
        ("int8", "int8", "float32"),
        ("uint8", "uint8", "float32"),
        ("int32", "int32", "float32"),
        ("float16", "float16", "float16"),
    )
    def test_mean_dtypes(self, dtype, expected):
        x = _x(dtype, (2, 3))
        check_eager(ops.mean, lambda x, **k: np.mean(x.astype("float32"), **k),
                    (x,), {"axis": 0}, dtype=expected, atol=1e-2, rtol=1e-2)
        check_symbolic(ops.mean, (KerasTensor((None, 3), dtype),),
                       {"axis": 0}, shape=(3,), dtype=expected)

    def test_bfloat16(self):
        x = backend.convert_to_tensor(_x(shape=(2, 3)), dtype="bfloat16")
        for op in (ops.mean, ops.sum, ops.max, ops.nanmean, ops.cumsum):
            result = op(x, axis=1)
            self.assertDType(result, "bfloat16")
            expected = op(_x(shape=(2, 3)), axis=1)
            self.assertAllClose(
                backend.convert_to_numpy(result).astype("float32"),
                expected, atol=1e-2, rtol=1e-2,
            )

    def test_float16_accumulates_in_float32(self):
        x = np.full((4,), 30000, dtype="float16")
        self.assertAllClose(ops.mean(x), 30000.0)
        self.assertDType(ops.mean(x), "float16")

    def test_python_values(self):
        self.assertDType(ops.sum([1, 2, 3]), "int32")
        self.assertAllClose(ops.sum([1, 2, 3]), 6)
        self.assertDType(ops.mean([1, 2]), "float32")
        self.assertDType(ops.max(3.0), "float32")

    def test_scalar_input(self):
        x = np.array(3.0, "float32")
        for op, ref in ((ops.sum, np.sum), (ops.prod, np.prod),
                        (ops.max, np.max), (ops.nanmean, np.nanmean)):
            check_eager(op, ref, (x,))
            check_eager(op, ref, (x,), {"keepdims": True})
        check_eager(ops.argmax, np.argmax, (x,), dtype="int32")
        check_eager(ops.cumsum, np.cumsum, (x,))

    def test_axis_without_reduction(self):
        x = _x("int8", (2, 3))
        check_eager(ops.sum, np.sum, (x,), {"axis": ()}, dtype="int32")
        check_eager(ops.max, np.max, (x,), {"axis": ()})


class ExtremaTest(testing.TestCase):
    def test_initial(self):
        x = _x("int32", (2, 3))
        check_eager(ops.max, np.max, (x,), {"initial": 3})
        check_eager(ops.max, np.max, (x,), {"axis": 1, "initial": 3})
        check_eager(ops.min, np.min, (x,), {"axis": 0, "initial": 0,
                                            "keepdims": True})
        # `initial` is cast to the tensor's dtype.
        self.assertAllEqual(ops.max(x, initial=7.5), 7)
        self.assertDType(ops.max(x, initial=7.5), "int32")

    def test_empty(self):
        empty = np.zeros((0, 3), "float32")
        check_eager(ops.max, np.max, (empty,), {"axis": 0, "initial": 1.0})
        check_eager(ops.min, np.min, (empty,), {"initial": -1.0})
        with self.assertRaisesRegex(ValueError, "empty"):
            ops.max(empty)
        with self.assertRaisesRegex(ValueError, "empty"):
            ops.amin(empty)

    @parameterized.named_parameters(
        ("bool", "bool"), ("uint8", "uint8"), ("int8", "int8"),
        ("uint32", "uint32"), ("float16", "float16"),
    )
    def test_dtypes_are_kept(self, dtype):
        x = np.abs(_x(dtype, (2, 3)))
        check_eager(ops.max, np.max, (x,), {"axis": 1})
        check_eager(ops.min, np.min, (x,), {"axis": 0, "keepdims": True})
        check_symbolic(ops.amax, (KerasTensor((None, 3), dtype),),
                       {"axis": 1}, shape=(None,), dtype=dtype)


class ArgTest(testing.TestCase):
    @parameterized.named_parameters(
        ("flat", None, False),
        ("flat_keepdims", None, True),
        ("first", 0, False),
        ("last_keepdims", -1, True),
    )
    def test_argmax_argmin(self, axis, keepdims):
        for x in (_x(), _x("uint8")):
            kwargs = {"axis": axis, "keepdims": keepdims}
            check_eager(ops.argmax, np.argmax, (x,), kwargs, dtype="int32")
            check_eager(ops.argmin, np.argmin, (x,), kwargs, dtype="int32")

    def test_ties_and_nans(self):
        x = np.array([[1.0, 3.0, 3.0, np.nan], [2.0, 2.0, 0.0, 0.0]],
                     "float32")
        check_eager(ops.argmax, np.argmax, (x,), {"axis": 1}, dtype="int32")
        check_eager(ops.argmin, np.argmin, (x,), {"axis": 1}, dtype="int32")
        check_eager(ops.argmax, np.argmax, (x,), dtype="int32")
        check_eager(ops.argmin, np.argmin, (x > 1,), {"axis": 1},
                    dtype="int32")

    def test_symbolic(self):
        x = KerasTensor((None, 3, 4))
        check_symbolic(ops.argmax, (x,), shape=(), dtype="int32")
        check_symbolic(ops.argmin, (x,), {"axis": 1, "keepdims": True},
                       shape=(None, 1, 4), dtype="int32")
        check_symbolic(ops.argmax, (x,), {"keepdims": True},
                       shape=(1, 1, 1), dtype="int32")
        with self.assertRaisesRegex(TypeError, "argmax"):
            ops.argmax(x, axis=(0, 1))

    def test_count_nonzero(self):
        x = _x("int32")
        for axis in (None, 0, -1, (0, 2)):
            check_eager(ops.count_nonzero, np.count_nonzero, (x,),
                        {"axis": axis}, dtype="int32")
        check_eager(ops.count_nonzero, np.count_nonzero, (x > 0,),
                    dtype="int32")
        check_symbolic(ops.count_nonzero, (KerasTensor((None, 3), "bool"),),
                       {"axis": 1}, shape=(None,), dtype="int32")


class CumulativeTest(testing.TestCase):
    @parameterized.named_parameters(
        ("flat", None), ("first", 0), ("last", -1),
    )
    def test_cumsum_cumprod(self, axis):
        x = _x("float32", (2, 3, 2))
        check_eager(ops.cumsum, np.cumsum, (x,), {"axis": axis})
        check_eager(ops.cumprod, np.cumprod, (x,), {"axis": axis})

    @parameterized.named_parameters(
        ("bool", "bool", "int32"), ("int8", "int8", "int8"),
        ("uint8", "uint8", "uint8"), ("uint32", "uint32", "uint32"),
        ("float16", "float16", "float16"),
    )
    def test_dtypes(self, dtype, expected):
        x = np.abs(_x(dtype, (2, 3)))
        check_eager(ops.cumsum, np.cumsum, (x,), {"axis": 1}, dtype=expected)
        check_eager(ops.cumprod, np.cumprod, (x,), {"axis": 0},
                    dtype=expected)
        check_symbolic(ops.cumsum, (KerasTensor((None, 3), dtype),),
                       {"axis": 1}, shape=(None, 3), dtype=expected)

    def test_dtype_argument(self):
        x = _x("int32", (2, 3))
        check_eager(ops.cumsum, np.cumsum, (x,), {"dtype": "float16"})
        check_eager(ops.cumprod, np.cumprod, (x > 0,), {"axis": 1,
                                                         "dtype": "int8"})

    def test_symbolic_flattens(self):
        check_symbolic(ops.cumsum, (KerasTensor((2, 3)),), shape=(6,))
        check_symbolic(ops.cumprod, (KerasTensor((None, 3)),),
                       shape=(None,))
        with self.assertRaisesRegex(ValueError, "cumsum"):
            ops.cumsum(KerasTensor((None, 3)), axis=2)

    @parameterized.named_parameters(
        ("zero", 0, -1), ("one", 1, -1), ("two", 2, 1), ("first", 1, 0),
        ("too_many", 5, -1),
    )
    def test_diff(self, n, axis):
        for x in (_x("float32", (2, 3, 4)), _x("int8", (2, 3, 4)),
                  _x("float32", (2, 3, 4)) > 0):
            check_eager(ops.diff, np.diff, (x,), {"n": n, "axis": axis})

    def test_diff_symbolic(self):
        check_symbolic(ops.diff, (KerasTensor((None, 3), "int8"),),
                       {"n": 2}, shape=(None, 1), dtype="int8")
        check_symbolic(ops.diff, (KerasTensor((4, None)),), {"axis": 0},
                       shape=(3, None))
        check_symbolic(ops.diff, (KerasTensor((None, 3)),), {"n": 5},
                       shape=(None, 0))
        with self.assertRaisesRegex(ValueError, "diff"):
            ops.diff(np.zeros((3,), "float32"), n=-1)


# NaNs in every row and column, but no slice of NaNs only.
_NO_ALL_NAN_SLICE = np.array(
    [[np.nan, 1, 3, 2], [2, np.nan, 0, np.nan], [5, 4, np.nan, 1]], "float32"
)


def _nan_reference(fn):
    """`fn` without NumPy's warnings about all-NaN slices."""

    def reference(x, **kwargs):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            return fn(x, **_tuple_axis(kwargs))

    return reference


class NanTest(testing.TestCase):
    @parameterized.named_parameters(*AXES)
    def test_nan_reductions(self, axis, keepdims):
        x = _with_nans()
        kwargs = {"axis": axis, "keepdims": keepdims}
        for op, ref in ((ops.nansum, np.nansum), (ops.nanprod, np.nanprod),
                        (ops.nanmean, np.nanmean), (ops.nanmax, np.nanmax),
                        (ops.nanmin, np.nanmin)):
            check_eager(op, _nan_reference(ref), (x,), kwargs, atol=1e-5)

    def test_all_nan_slices(self):
        x = np.array([[np.nan, np.nan], [1.0, np.nan]], "float32")
        self.assertAllClose(ops.nanmax(x, axis=1), [np.nan, 1.0])
        self.assertAllClose(ops.nanmean(x, axis=1), [np.nan, 1.0])
        self.assertAllEqual(ops.nanargmax(x, axis=1), [-1, 0])
        self.assertAllEqual(ops.nanargmin(x, axis=1, keepdims=True),
                            [[-1], [0]])
        self.assertAllEqual(ops.nansum(x, axis=1), [0.0, 1.0])

    @parameterized.named_parameters(
        ("flat", None, False), ("first_keepdims", 0, True), ("last", -1, False),
    )
    def test_nanargmax_nanargmin(self, axis, keepdims):
        x = _NO_ALL_NAN_SLICE
        kwargs = {"axis": axis, "keepdims": keepdims}
        check_eager(ops.nanargmax, np.nanargmax, (x,), kwargs, dtype="int32")
        check_eager(ops.nanargmin, np.nanargmin, (x,), kwargs, dtype="int32")

    @parameterized.named_parameters(("flat", None), ("last", -1))
    def test_nan_cumulative(self, axis):
        x = _with_nans()
        check_eager(ops.nancumsum, np.nancumsum, (x,), {"axis": axis})
        check_eager(ops.nancumprod, np.nancumprod, (x[:, :, :2],),
                    {"axis": axis})
        check_eager(ops.nancumsum, np.nancumsum, (x,),
                    {"axis": axis, "dtype": "float16"}, rtol=1e-3)

    def test_integers_have_no_nans(self):
        x = _x("int8", (2, 3))
        check_eager(ops.nansum, np.nansum, (x,), {"axis": 1}, dtype="int32")
        check_eager(ops.nanmax, np.nanmax, (x,), {"axis": 0})
        check_eager(ops.nanmean, np.nanmean, (x,), dtype="float32")
        check_eager(ops.nanargmin, np.nanargmin, (x,), dtype="int32")
        check_eager(ops.nancumsum, np.nancumsum, (x,), dtype="int8")

    def test_float16(self):
        x = _with_nans().astype("float16")
        check_eager(ops.nanmean, _nan_reference(np.nanmean), (x,),
                    {"axis": 1}, rtol=1e-3)
        check_eager(ops.nanmax, _nan_reference(np.nanmax), (x,),
                    {"axis": 1})

    def test_symbolic(self):
        x = KerasTensor((None, 3, 4), "int8")
        check_symbolic(ops.nansum, (x,), {"axis": 1}, shape=(None, 4),
                       dtype="int32")
        check_symbolic(ops.nanmean, (x,), shape=(), dtype="float32")
        check_symbolic(ops.nanmin, (x,), {"keepdims": True},
                       shape=(1, 1, 1), dtype="int8")
        check_symbolic(ops.nanargmin, (x,), {"axis": -1},
                       shape=(None, 3), dtype="int32")
        check_symbolic(ops.nancumprod, (x,), {"axis": 0},
                       shape=(None, 3, 4), dtype="int8")


class SymbolicTest(testing.TestCase):
    @parameterized.named_parameters(
        ("sum", ops.sum, "float32"), ("prod", ops.prod, "float32"),
        ("mean", ops.mean, "float32"), ("max", ops.max, "float32"),
        ("min", ops.min, "float32"), ("all", ops.all, "bool"),
        ("any", ops.any, "bool"), ("nanmax", ops.nanmax, "float32"),
        ("nanprod", ops.nanprod, "float32"),
    )
    def test_shapes(self, op, dtype):
        x = KerasTensor((None, 3, 4))
        check_symbolic(op, (x,), shape=(), dtype=dtype)
        check_symbolic(op, (x,), {"axis": 1}, shape=(None, 4), dtype=dtype)
        check_symbolic(op, (x,), {"axis": (0, -1), "keepdims": True},
                       shape=(1, 3, 1), dtype=dtype)
        check_symbolic(op, (x,), {"keepdims": True}, shape=(1, 1, 1))

    def test_bad_axes(self):
        x = KerasTensor((None, 3))
        with self.assertRaisesRegex(ValueError, "`sum`.*axis 2"):
            ops.sum(x, axis=2)
        with self.assertRaisesRegex(ValueError, "`mean`: repeated axis"):
            ops.mean(x, axis=(1, -1))
        with self.assertRaisesRegex(ValueError, "`max`"):
            ops.max(x, axis=(0, -3))


class CompiledTest(testing.TestCase):
    """The ops work inside `jax.jit` and `tf.function`, where shapes may be
    unknown and values are not readable."""

    def _compile(self, fn, x):
        name = backend.backend()
        if name == "jax":
            import jax

            return jax.jit(fn)(x)
        if name == "tensorflow":
            import tensorflow as tf

            spec = tf.TensorSpec([None] * x.ndim, x.dtype)
            return tf.function(fn, input_signature=[spec])(x)
        return fn(backend.convert_to_tensor(x))

    def test_reductions_compile(self):
        x = _NO_ALL_NAN_SLICE
        cases = (
            (lambda t: ops.sum(t, axis=(0, 1)), np.sum(x, axis=(0, 1))),
            (lambda t: ops.argmax(t, axis=1), np.argmax(x, axis=1)),
            (lambda t: ops.nanmax(t, axis=-1), np.nanmax(x, axis=-1)),
            (lambda t: ops.nanmean(t), np.nanmean(x)),
            (lambda t: ops.nanargmin(t, axis=0), np.nanargmin(x, axis=0)),
            (lambda t: ops.cumsum(t), np.cumsum(x)),
            (lambda t: ops.diff(t, n=2, axis=1), np.diff(x, n=2, axis=1)),
            (lambda t: ops.max(t, initial=100.0), np.max(x, initial=100.0)),
        )
        for fn, expected in cases:
            self.assertAllClose(self._compile(fn, x), expected)


def _tuple_axis(kwargs):
    axis = kwargs.get("axis")
    if isinstance(axis, list):
        kwargs = dict(kwargs, axis=tuple(axis))
    return kwargs
