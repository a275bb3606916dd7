"""Tests of the statistics ops (spread, quantiles, averages, counts,
correlations, integrals) against NumPy, on the active backend."""

import warnings

import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops.numpy import statistics as ops
from keras.src.testing.op_checks import check_eager
from keras.src.testing.op_checks import check_symbolic


def _x(dtype="float32", shape=(2, 3, 4)):
    """Distinct-ish small values, negative ones too (not for unsigned)."""
    values = (np.arange(np.prod(shape)) * 5 % 11 - 3).reshape(shape)
    if dtype.startswith("uint") or dtype == "bool":
        values = values + 3
    return values.astype(dtype)


def _with_nans():
    x = _x()
    x[0, 1, :] = np.nan
    x[1, :, 2] = np.nan
    x[1, 0, 0] = np.nan
    return x


def _quiet(fn):
    """`fn` without NumPy's warnings about slices of NaNs."""

    def reference(*args, **kwargs):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            return fn(*args, **kwargs)

    return reference


class SpreadTest(testing.TestCase):
    @parameterized.named_parameters(
        ("all", None, False), ("first", 0, True), ("tuple", (0, 2), False),
    )
    def test_var_std_ptp(self, axis, keepdims):
        kwargs = {"axis": axis, "keepdims": keepdims}
        x = _x()
        check_eager(ops.var, np.var, (x,), kwargs, atol=1e-5)
        check_eager(ops.std, np.std, (x,), kwargs, atol=1e-5)
        check_eager(ops.ptp, np.ptp, (x,), kwargs)
        check_eager(ops.ptp, np.ptp, (_x("int8"),), kwargs)
        x = _with_nans()
        check_eager(ops.nanvar, _quiet(np.nanvar), (x,), kwargs, atol=1e-5)
        check_eager(ops.nanstd, _quiet(np.nanstd), (x,), kwargs, atol=1e-5)

    @parameterized.named_parameters(
        ("int8", "int8", "float32"), ("uint8", "uint8", "float32"),
        ("bool", "bool", "float32"), ("float16", "float16", "float16"),
    )
    def test_dtypes(self, dtype, expected):
        x = _x(dtype, (3, 4))
        def reference(x, **kwargs):
            return np.var(x.astype("float32"), **kwargs)

        check_eager(ops.var, reference, (x,), {"axis": 1}, dtype=expected,
                    rtol=1e-3)
        check_eager(ops.nanstd, lambda x, **k: np.sqrt(reference(x, **k)),
                    (x,), {"axis": 0}, dtype=expected, rtol=1e-3)
        check_symbolic(ops.std, (KerasTensor((None, 4), dtype),),
                       {"axis": 1}, shape=(None,), dtype=expected)

    def test_ptp_rejects_booleans(self):
        with self.assertRaisesRegex(TypeError, "ptp"):
            ops.ptp(np.array([True, False]))
        with self.assertRaisesRegex(TypeError, "ptp"):
            ops.ptp(KerasTensor((None, 2), "bool"))

    def test_symbolic(self):
        x = KerasTensor((None, 3, 4), "int32")
        check_symbolic(ops.var, (x,), shape=(), dtype="float32")
        check_symbolic(ops.nanvar, (x,), {"axis": (1, 2), "keepdims": True},
                       shape=(None, 1, 1), dtype="float32")
        check_symbolic(ops.ptp, (x,), {"axis": 0}, shape=(3, 4),
                       dtype="int32")
        with self.assertRaisesRegex(ValueError, "`std`"):
            ops.std(x, axis=3)


class QuantileTest(testing.TestCase):
    @parameterized.named_parameters(
        ("linear", "linear"), ("lower", "lower"), ("higher", "higher"),
        ("midpoint", "midpoint"), ("nearest", "nearest"),
    )
    def test_methods(self, method):
        # NumPy gives float64 for a list `q`; Keras keeps `x`'s float32.
        kwargs = {"axis": 1, "method": method}
        check_eager(ops.quantile, np.quantile, (_x(), [0.0, 0.3, 0.45, 1.0]),
                    kwargs, dtype="float32")
        check_eager(ops.nanpercentile, _quiet(np.nanpercentile),
                    (_with_nans(), 70.0), kwargs, atol=1e-5)

    @parameterized.named_parameters(
        ("all", None), ("one", -1), ("tuple", (0, 2)),
    )
    def test_axes(self, axis):
        x = _x()
        check_eager(ops.quantile, np.quantile, (x, 0.3), {"axis": axis})
        check_eager(ops.percentile, np.percentile, (x, [10.0, 75.0]),
                    {"axis": axis, "keepdims": True}, dtype="float32",
                    atol=1e-5)
        x = _with_nans()
        check_eager(ops.nanquantile, _quiet(np.nanquantile), (x, [0.7]),
                    {"axis": axis, "keepdims": True}, dtype="float32",
                    atol=1e-5)

    @parameterized.named_parameters(
        ("all", None, False), ("last", -1, True), ("tuple", (0, 1), False),
    )
    def test_median(self, axis, keepdims):
        kwargs = {"axis": axis, "keepdims": keepdims}
        check_eager(ops.median, np.median, (_x(),), kwargs)
        check_eager(ops.median, np.median, (_x("int32"),), kwargs,
                    dtype="float32")
        check_eager(ops.nanmedian, _quiet(np.nanmedian), (_with_nans(),),
                    kwargs)

    def test_scalar_input(self):
        x = np.array(3.0, "float32")
        check_eager(ops.quantile, np.quantile, (x, [0.5]),
                    {"keepdims": True}, dtype="float32")
        check_eager(ops.nanmedian, np.nanmedian, (x,))

    def test_nans(self):
        x = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, np.nan]],
                     "float32")
        self.assertAllClose(ops.median(x, axis=1), [np.nan, np.nan])
        self.assertAllClose(ops.nanmedian(x, axis=1), [2.0, np.nan])
        self.assertAllClose(ops.nanquantile(x, [0.0, 1.0], axis=1),
                            [[1.0, np.nan], [3.0, np.nan]])

    @parameterized.named_parameters(
        ("int8", "int8", "float32"), ("uint8", "uint8", "float32"),
        ("bool", "bool", "float32"), ("float16", "float16", "float16"),
    )
    def test_dtypes(self, dtype, expected):
        x = _x(dtype, (3, 4))
        def reference(x, q, **kwargs):
            return np.quantile(x.astype("float32"), q, **kwargs)

        check_eager(ops.quantile, reference, (x, 0.25), {"axis": 1},
                    dtype=expected, rtol=1e-3)
        result = ops.quantile(x, np.array(0.25, "float32"), axis=1)
        self.assertDType(result, expected)
        self.assertAllClose(
            backend.convert_to_numpy(result).astype("float32"),
            np.quantile(x.astype("float32"), 0.25, axis=1), rtol=1e-3,
        )
        check_symbolic(ops.median, (KerasTensor((None, 4), dtype),),
                       shape=(), dtype=expected)

    def test_symbolic(self):
        x = KerasTensor((None, 3, 4))
        check_symbolic(ops.quantile, (x, [0.1, 0.5]), {"axis": 1},
                       shape=(2, None, 4), dtype="float32")
        check_symbolic(ops.nanpercentile, (x, KerasTensor((5,))),
                       {"axis": (0, 2), "keepdims": True},
                       shape=(5, 1, 3, 1))
        check_symbolic(ops.nanquantile, (x, 0.5), shape=())
        check_symbolic(ops.nanmedian, (x,), {"axis": -1}, shape=(None, 3))

    def test_bad_arguments(self):
        x = np.ones((3,), "float32")
        with self.assertRaisesRegex(ValueError, "`quantile`.*method"):
            ops.quantile(x, 0.5, method="cubic")
        with self.assertRaisesRegex(ValueError, "`percentile`.*method"):
            ops.percentile(KerasTensor((None,)), 50, method="cubic")
        with self.assertRaisesRegex(ValueError, r"`quantile`.*\[0, 1\]"):
            ops.quantile(x, [0.5, 1.5])
        with self.assertRaisesRegex(ValueError, r"`nanpercentile`.*100"):
            ops.nanpercentile(x, -1)
        with self.assertRaisesRegex(ValueError, "`median`"):
            ops.median(KerasTensor((None, 3)), axis=(0, 0))


class AverageTest(testing.TestCase):
    def test_average(self):
        x = _x()
        w = np.array([1.0, 2.0, 0.5, 4.0], "float32")
        check_eager(ops.average, np.average, (x,))
        check_eager(ops.average, np.average, (x,), {"axis": (0, 1)})
        check_eager(ops.average, np.average, (x,),
                    {"axis": -1, "weights": w}, atol=1e-5)
        check_eager(ops.average, np.average, (x,),
                    {"axis": 2, "weights": w}, atol=1e-5)
        check_eager(ops.average, np.average, (x,),
                    {"axis": 1, "weights": np.abs(x) + 1}, atol=1e-5)
        check_eager(ops.average, np.average, (x,),
                    {"weights": np.abs(x) + 1}, atol=1e-5)

    def test_dtypes(self):
        x = _x("int32", (2, 3))
        w = np.array([1, 2, 3], "int8")
        check_eager(ops.average, np.average, (x,), {"axis": 1, "weights": w},
                    dtype="float32")
        check_eager(ops.average, np.average, (x.astype("float16"),),
                    {"axis": 1, "weights": w.astype("float16")}, rtol=1e-3)
        check_eager(ops.average, np.average, (x.astype("float16"),),
                    {"axis": 1, "weights": w.astype("float32")},
                    dtype="float32", rtol=1e-3)
        check_symbolic(ops.average, (KerasTensor((None, 3), "float16"),),
                       {"axis": 1, "weights": KerasTensor((3,), "int32")},
                       shape=(None,), dtype="float16")

    def test_bad_weights(self):
        x = _x(shape=(2, 3))
        with self.assertRaisesRegex(ValueError, "average"):
            ops.average(x, axis=1, weights=np.ones((2,), "float32"))
        with self.assertRaisesRegex(ValueError, "average"):
            ops.average(x, weights=np.ones((3,), "float32"))
        with self.assertRaisesRegex(ValueError, r"average.*\(2,\)"):
            ops.average(KerasTensor((None, 3)), axis=1,
                        weights=KerasTensor((2,)))
        check_symbolic(ops.average, (KerasTensor((None, 3)),),
                       {"weights": KerasTensor((None, 3))}, shape=())


class CountTest(testing.TestCase):
    def test_bincount(self):
        x = np.array([0, 1, 1, 3, 7, 1], "int32")
        check_eager(ops.bincount, np.bincount, (x,), dtype="int32")
        check_eager(ops.bincount, np.bincount, (x,), {"minlength": 10},
                    dtype="int32")
        check_eager(ops.bincount, np.bincount, (x.astype("uint8"),),
                    {"minlength": 3}, dtype="int32")
        weights = np.linspace(0.5, 3.0, 6).astype("float32")
        check_eager(ops.bincount, np.bincount, (x,), {"weights": weights},
                    dtype="float32")
        check_eager(ops.bincount, np.bincount, (x,),
                    {"weights": weights.astype("float16")}, dtype="float16",
                    rtol=1e-3)
        check_eager(ops.bincount, np.bincount, (x,),
                    {"weights": np.arange(6, dtype="int8")}, dtype="int32")

    def test_bincount_rows(self):
        x = np.array([[0, 2, 2], [1, 1, 4]], "int32")
        weights = np.arange(6, dtype="float32").reshape(2, 3)
        result = ops.bincount(x, weights=weights, minlength=3)
        expected = np.stack([np.bincount(r, w, minlength=5)
                             for r, w in zip(x, weights)])
        self.assertAllClose(result, expected)
        self.assertEqual(tuple(result.shape), (2, 5))

    def test_bincount_symbolic_and_errors(self):
        check_symbolic(ops.bincount, (KerasTensor((None,), "int32"),),
                       shape=(None,), dtype="int32")
        check_symbolic(ops.bincount, (KerasTensor((4, None), "int32"),),
                       {"weights": KerasTensor((4, None), "int8"),
                        "minlength": 3}, shape=(4, None), dtype="int32")
        with self.assertRaisesRegex(TypeError, "bincount"):
            ops.bincount(np.array([1.0, 2.0], "float32"))
        with self.assertRaisesRegex(ValueError, "bincount"):
            ops.bincount(np.zeros((2, 2, 2), "int32"))
        with self.assertRaisesRegex(ValueError, "bincount"):
            ops.bincount(np.zeros((3,), "int32"),
                         weights=np.ones((2,), "float32"))

    def test_bincount_sparse(self):
        x = np.array([0, 2, 2], "int32")
        if backend.backend() != "tensorflow":
            with self.assertRaisesRegex(ValueError, "sparse"):
                ops.bincount(x, sparse=True)
            return
        result = ops.bincount(x, minlength=4, sparse=True)
        self.assertSparse(result)
        import tensorflow as tf

        self.assertAllEqual(tf.sparse.to_dense(result), [1, 0, 2, 0])

    def test_histogram(self):
        x = np.array([0.0, 1.0, 1.5, 2.0, 2.0, 4.0, -1.0], "float32")
        for bins, range_ in ((4, None), (3, (0.0, 2.0)), (1, None),
                             (5, (-3, 10))):
            counts, edges = ops.histogram(x, bins=bins, range=range_)
            ref_counts, ref_edges = np.histogram(x, bins=bins, range=range_)
            self.assertAllEqual(counts, ref_counts)
            self.assertAllClose(edges, ref_edges, atol=1e-6)
            # Counts as upstream gives them: int64 on numpy, else in the
            # edges' dtype.
            self.assertDType(
                counts, "int64" if backend.backend() == "numpy" else "float32"
            )
            self.assertDType(edges, "float32")

    def test_histogram_edge_cases(self):
        same = np.full((3,), 2.0, "float32")
        counts, edges = ops.histogram(same, bins=2)
        self.assertAllEqual(counts, np.histogram(same, bins=2)[0])
        self.assertAllClose(edges, [1.5, 2.0, 2.5])
        counts, edges = ops.histogram(np.array([1, 5, 3], "int8"), bins=2)
        self.assertAllEqual(counts, [1, 2])
        self.assertDType(edges, "float32")

    def test_histogram_symbolic_and_errors(self):
        counts, edges = ops.histogram(KerasTensor((None,), "int32"), bins=4)
        self.assertEqual((counts.shape, counts.dtype), ((4,), "int32"))
        self.assertEqual((edges.shape, edges.dtype), ((5,), "float32"))
        with self.assertRaisesRegex(ValueError, "histogram.*1-D"):
            ops.histogram(KerasTensor((None, 3)))
        with self.assertRaisesRegex(TypeError, "bins"):
            ops.histogram(np.ones((3,), "float32"), bins=[0, 1])
        with self.assertRaisesRegex(ValueError, "range"):
            ops.histogram(np.ones((3,), "float32"), range=(2, 1))


class CorrelationTest(testing.TestCase):
    @parameterized.product(
        lengths=((5, 3), (3, 5), (4, 4), (1, 3)),
        mode=("valid", "same", "full"),
    )
    def test_correlate(self, lengths, mode):
        x1 = _x(shape=(lengths[0],))
        x2 = _x(shape=(lengths[1],)) * 0.5 + 1
        check_eager(ops.correlate, np.correlate, (x1, x2), {"mode": mode},
                    atol=1e-5)
        check_symbolic(ops.correlate, (KerasTensor(x1.shape),
                                       KerasTensor(x2.shape)),
                       {"mode": mode},
                       shape=np.correlate(x1, x2, mode=mode).shape)

    def test_correlate_dtypes(self):
        x1, x2 = _x("int8", (4,)), _x("uint8", (2,))
        check_eager(ops.correlate, np.correlate, (x1, x2), dtype="float32")
        check_eager(ops.correlate, np.correlate,
                    (x1.astype("float16"), x2.astype("float16")),
                    {"mode": "full"})
        a = np.array([1 + 1j, 2j, 3], "complex64")
        v = np.array([1j, 1 - 2j], "complex64")
        check_eager(ops.correlate, np.correlate, (a, v), {"mode": "full"},
                    atol=1e-5)
        check_symbolic(ops.correlate, (KerasTensor((None,), "int32"),
                                       KerasTensor((3,), "float16")),
                       shape=(None,), dtype="float16")

    def test_correlate_errors(self):
        with self.assertRaisesRegex(ValueError, r"correlate.*\(2, 2\)"):
            ops.correlate(KerasTensor((2, 2)), KerasTensor((3,)))
        with self.assertRaisesRegex(ValueError, "mode"):
            ops.correlate(np.ones((3,), "float32"), np.ones((2,), "float32"),
                          mode="middle")

    def test_corrcoef(self):
        x = np.array([[1.0, 2.0, 4.0, 7.0], [2.0, 1.0, 0.0, 3.0],
                      [5.0, 3.0, 1.0, -1.0]], "float32")
        # NumPy computes in float64; Keras keeps float32.
        check_eager(ops.corrcoef, np.corrcoef, (x,), dtype="float32",
                    atol=1e-5)
        check_eager(ops.corrcoef, np.corrcoef, (x[0],), dtype="float32",
                    atol=1e-5)
        check_eager(ops.corrcoef, np.corrcoef, (x.astype("int32"),),
                    dtype="float32", atol=1e-5)
        check_symbolic(ops.corrcoef, (KerasTensor((None, 5)),),
                       shape=(None, None), dtype="float32")
        check_symbolic(ops.corrcoef, (KerasTensor((3, 5), "int8"),),
                       shape=(3, 3), dtype="float32")
        check_symbolic(ops.corrcoef, (KerasTensor((5,)),), shape=())
        with self.assertRaisesRegex(ValueError, "corrcoef"):
            ops.corrcoef(KerasTensor((2, 2, 2)))


class TrapezoidTest(testing.TestCase):
    def test_trapezoid(self):
        y = _x()
        check_eager(ops.trapezoid, np.trapezoid, (y,), atol=1e-5)
        check_eager(ops.trapezoid, np.trapezoid, (y,),
                    {"dx": 0.5, "axis": 0}, atol=1e-5)
        points = np.array([0.0, 0.5, 2.0], "float32")
        check_eager(ops.trapezoid, np.trapezoid, (y,),
                    {"x": points, "axis": 1}, atol=1e-5)
        check_eager(ops.trapezoid, np.trapezoid, (y,),
                    {"x": np.cumsum(np.abs(y), axis=-1)}, atol=1e-4)

    def test_dtypes(self):
        y = _x("int32", (3, 4))
        check_eager(ops.trapezoid, np.trapezoid, (y,), dtype="float32")
        check_eager(ops.trapezoid, np.trapezoid, (y.astype("float16"),),
                    {"dx": 2.0}, rtol=1e-3)
        check_eager(ops.trapezoid, np.trapezoid, (y.astype("float16"),),
                    {"x": np.arange(4, dtype="float32")}, dtype="float32")

    def test_symbolic(self):
        y = KerasTensor((None, 3, 4), "int8")
        check_symbolic(ops.trapezoid, (y,), shape=(None, 3),
                       dtype="float32")
        check_symbolic(ops.trapezoid, (y,),
                       {"x": KerasTensor((3,), "float16"), "axis": 1},
                       shape=(None, 4), dtype="float16")
        with self.assertRaisesRegex(ValueError, r"trapezoid.*\(2,\)"):
            ops.trapezoid(y, x=KerasTensor((2,)), axis=1)


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

    def test_statistics_compile(self):
        x = _with_nans()[0]
        cases = (
            (lambda t: ops.median(t, axis=0), np.median(x, axis=0)),
            (lambda t: ops.nanquantile(t, [0.2, 0.9], axis=1,
                                       keepdims=True),
             _quiet(np.nanquantile)(x, [0.2, 0.9], axis=1, keepdims=True)),
            (lambda t: ops.nanstd(t, axis=0), _quiet(np.nanstd)(x, axis=0)),
            (lambda t: ops.trapezoid(t, dx=0.5),
             np.trapezoid(x, dx=0.5)),
            (lambda t: ops.average(t, axis=0), np.average(x, axis=0)),
        )
        for fn, expected in cases:
            self.assertAllClose(self._compile(fn, x), expected, atol=1e-5)

    def test_counts_compile(self):
        x = np.array([0.0, 1.0, 1.5, 4.0], "float32")
        counts, edges = self._compile(
            lambda t: ops.histogram(t, bins=2, range=(0, 4)), x)
        self.assertAllEqual(counts, [3, 1])
        self.assertAllClose(edges, [0.0, 2.0, 4.0])
        ints = np.array([0, 2, 2], "int32")
        counts = self._compile(lambda t: ops.bincount(t, minlength=3), ints)
        self.assertAllEqual(counts, [1, 0, 2])
