"""Tests of the product ops (matmul, einsum, tensordot, ...), traces,
determinants and `vectorize` against NumPy, on the active backend."""

import warnings

import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.testing.op_checks import check_eager
from keras.src.testing.op_checks import check_symbolic


def _arange(shape, dtype="float32", start=0):
    size = int(np.prod(shape))
    return (np.arange(size) + start).reshape(shape).astype(dtype)


def _in(dtype, fn):
    """The NumPy reference `fn` computed on inputs cast to `dtype`."""
    return lambda *xs, **kw: fn(*(np.asarray(x).astype(dtype) for x in xs),
                                 **kw)


def _np_cross(x1, x2, **kwargs):
    # NumPy 2 deprecates (but computes) cross products of 2-D vectors.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return np.cross(x1, x2, **kwargs)


def _compiled(fn):
    """`fn` compiled by the backend's graph compiler, where it has one."""
    if backend.backend() == "jax":
        import jax

        return jax.jit(fn)
    if backend.backend() == "tensorflow":
        import tensorflow as tf

        return tf.function(fn)
    return fn


class MatmulTest(testing.TestCase):
    @parameterized.parameters(
        ((2, 3), (3, 4)),
        ((3,), (3, 4)),
        ((2, 3), (3,)),
        ((3,), (3,)),
        ((2, 1, 2, 3), (5, 3, 2)),
        ((4, 3), (2, 3, 2)),
    )
    def test_matmul(self, shape1, shape2):
        x1, x2 = _arange(shape1), _arange(shape2, start=-3)
        check_eager(ops.matmul, np.matmul, (x1, x2))

    @parameterized.parameters(
        ("int8", "int8", "int32"),
        ("int8", "uint8", "int16"),
        ("int8", "int32", "int32"),
        ("int32", "float16", "float16"),
        ("uint8", "uint8", "uint8"),
        ("uint32", "uint32", "uint32"),
        ("bool", "bool", "bool"),
        ("bfloat16", "float32", "float32"),
    )
    def test_matmul_dtypes(self, dtype1, dtype2, expected):
        x1 = _arange((2, 3), "int32") % 3
        x2 = _arange((3, 2), "int32") % 2
        x1 = backend.cast(x1, dtype1)
        x2 = backend.cast(x2, dtype2)
        result = ops.matmul(x1, x2)
        self.assertDType(result, expected)
        want = np.matmul(_arange((2, 3), "int32") % 3,
                         _arange((3, 2), "int32") % 2)
        self.assertAllEqual(backend.cast(result, "float32"),
                            want.astype(expected).astype("float32"))

    def test_matmul_int8_accumulates(self):
        x = np.full((2, 40), 100, "int8")
        check_eager(ops.matmul, _in("int32", np.matmul), (x, x.T),
                    dtype="int32")
        self.assertDType(ops.matmul(x, [[1]] * 40), "int32")

    def test_symbolic(self):
        x = KerasTensor((None, 3), "int8")
        check_symbolic(ops.matmul, (x, KerasTensor((3, 5), "int8")),
                       shape=(None, 5), dtype="int32")
        check_symbolic(ops.matmul, (x, KerasTensor((3,), "float16")),
                       shape=(None,), dtype="float16")
        check_symbolic(
            ops.matmul, (KerasTensor((None, 1, 2, 3)), KerasTensor((4, 3, 5))),
            shape=(None, 4, 2, 5),
        )
        check_symbolic(ops.matmul, (KerasTensor((3,)), KerasTensor((3,))),
                       shape=())
        check_symbolic(ops.matmul, (KerasTensor((2, None)), x),
                       shape=(2, 3))
        self.assertEqual((x @ KerasTensor((3, 2), "int8")).shape, (None, 2))

    def test_symbolic_mismatch(self):
        with self.assertRaisesRegex(
            ValueError, r"matmul.*\(None, 3\).*\(4, 5\)"
        ):
            ops.matmul(KerasTensor((None, 3)), KerasTensor((4, 5)))
        with self.assertRaisesRegex(
            ValueError, r"matmul.*\(2, 3, 4\).*\(5, 4, 2\)"
        ):
            ops.matmul(KerasTensor((2, 3, 4)), KerasTensor((5, 4, 2)))
        with self.assertRaisesRegex(ValueError, "matmul"):
            ops.matmul(KerasTensor(()), KerasTensor((3,)))

    def test_compiled(self):
        x1, x2 = _arange((2, 3)), _arange((3,))
        fn = _compiled(ops.matmul)
        self.assertAllClose(
            fn(backend.convert_to_tensor(x1), backend.convert_to_tensor(x2)),
            np.matmul(x1, x2),
        )


class DotTest(testing.TestCase):
    @parameterized.parameters(
        ((3,), (3,)), ((2, 3), (3,)), ((2, 3), (3, 4)), ((2, 2, 3), (4, 3, 2)),
        ((), (2, 3)), ((2, 3), ()),
    )
    def test_dot(self, shape1, shape2):
        x1, x2 = _arange(shape1, start=1), _arange(shape2, start=-2)
        check_eager(ops.dot, np.dot, (x1, x2))

    @parameterized.parameters(
        ((3,), (3,)), ((2, 3), (3,)), ((2, 3), (4, 3)), ((2, 2, 3), (2, 3)),
        ((), (2, 3)),
    )
    def test_inner(self, shape1, shape2):
        x1, x2 = _arange(shape1, start=1), _arange(shape2, start=-2)
        check_eager(ops.inner, np.inner, (x1, x2))

    @parameterized.parameters(
        ((3,), (2,)), ((2, 2), (3,)), ((), (2,)),
    )
    def test_outer(self, shape1, shape2):
        x1, x2 = _arange(shape1, "int32", 1), _arange(shape2, "int32", -1)
        check_eager(ops.outer, np.outer, (x1, x2))
        check_eager(ops.outer, np.outer, (x1 > 1, x2 > 0))

    @parameterized.parameters(
        ((2,), (3,)), ((2, 2), (2, 3)), ((3,), (2, 2)), ((2, 1, 2), (3, 2)),
    )
    def test_kron(self, shape1, shape2):
        x1, x2 = _arange(shape1, "int32", 1), _arange(shape2, "int32", -2)
        check_eager(ops.kron, np.kron, (x1, x2))
        check_eager(ops.kron, np.kron, (x1 > 2, x2 > 0))

    def test_vdot(self):
        x1, x2 = _arange((2, 3), start=1), _arange((6,), start=-2)
        check_eager(ops.vdot, np.vdot, (x1, x2))
        check_eager(ops.vdot, np.vdot, (x1.astype("int8"), x2.astype("int8")))

    @parameterized.parameters(
        (0, (2, 3), (3,)),
        (1, (2, 3), (3, 4)),
        (2, (2, 3, 4), (3, 4, 2)),
        (([1], [0]), (2, 3), (3, 4)),
        (([0, 2], [2, 0]), (2, 3, 4), (4, 5, 2)),
        ((2, 0), (2, 3, 4), (4, 5)),
    )
    def test_tensordot(self, axes, shape1, shape2):
        x1, x2 = _arange(shape1), _arange(shape2, start=-5)
        check_eager(ops.tensordot, np.tensordot, (x1, x2), {"axes": axes})

    @parameterized.parameters(
        ("int8", "uint8", "int16"),
        ("int32", "float16", "float16"),
        ("bool", "int8", "int8"),
        ("int8", "int8", "int8"),
    )
    def test_dtypes(self, dtype1, dtype2, expected):
        x1 = backend.cast(_arange((2, 2), "int32") % 2, dtype1)
        x2 = backend.cast(_arange((2, 2), "int32") % 3, dtype2)
        for op in (ops.dot, ops.inner, ops.outer, ops.kron, ops.vdot,
                   ops.tensordot):
            self.assertDType(op(x1, x2), expected)
        self.assertDType(ops.dot(x1, 2), dtype1 if dtype1 != "bool" else
                         "int32")

    def test_symbolic(self):
        x = KerasTensor((None, 3), "int8")
        y = KerasTensor((3, 4), "float16")
        check_symbolic(ops.dot, (x, y), shape=(None, 4), dtype="float16")
        check_symbolic(ops.dot, (x, KerasTensor((2, 3, 5))),
                       shape=(None, 2, 5), dtype="float32")
        check_symbolic(ops.dot, (x, 2), shape=(None, 3), dtype="int8")
        check_symbolic(ops.inner, (x, KerasTensor((5, 3))), shape=(None, 5))
        check_symbolic(ops.outer, (x, KerasTensor((2, 2))), shape=(None, 4))
        check_symbolic(ops.kron, (x, KerasTensor((2, 2, 2))),
                       shape=(2, None, 6))
        check_symbolic(ops.vdot, (x, KerasTensor((None,))), shape=())
        check_symbolic(ops.tensordot, (x, y), {"axes": 1}, shape=(None, 4))
        check_symbolic(ops.tensordot, (x, y), {"axes": ([1], [0])},
                       shape=(None, 4))
        check_symbolic(ops.tensordot, (x, y), {"axes": 0},
                       shape=(None, 3, 3, 4))

    def test_symbolic_mismatch(self):
        x = KerasTensor((None, 3))
        with self.assertRaisesRegex(ValueError, r"dot.*\(None, 3\).*\(4, 2\)"):
            ops.dot(x, KerasTensor((4, 2)))
        with self.assertRaisesRegex(ValueError, r"inner.*\(None, 3\)"):
            ops.inner(x, KerasTensor((4, 2)))
        with self.assertRaisesRegex(ValueError, "tensordot"):
            ops.tensordot(x, KerasTensor((4, 2)), axes=1)
        with self.assertRaisesRegex(ValueError, "tensordot"):
            ops.tensordot(x, KerasTensor((4, 2)), axes=3)
        with self.assertRaisesRegex(ValueError, "vdot"):
            ops.vdot(KerasTensor((2, 3)), KerasTensor((5,)))


class EinsumTest(testing.TestCase):
    @parameterized.parameters(
        ("ij,jk->ik", [(2, 3), (3, 4)]),
        ("ij,jk", [(2, 3), (3, 4)]),
        ("ii->", [(3, 3)]),
        ("ii->i", [(3, 3)]),
        ("ij->ji", [(2, 3)]),
        ("bij,bjk->bik", [(2, 2, 3), (2, 3, 4)]),
        ("...ij,...jk->...ik", [(5, 2, 3), (3, 4)]),
        ("i...->...", [(2, 3, 4)]),
        ("i,i", [(3,), (3,)]),
        ("i,j->ij", [(3,), (2,)]),
        ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)]),
        ("bA", [(2, 3)]),
        ("ij,j->i", [(2, 1), (3,)]),
    )
    def test_einsum(self, subscripts, shapes):
        arrays = [_arange(s, start=-i) for i, s in enumerate(shapes)]
        check_eager(
            lambda *xs: ops.einsum(subscripts, *xs),
            lambda *xs: np.einsum(subscripts, *xs),
            arrays,
        )

    @parameterized.parameters(
        (["int8", "int8"], "int32"),
        (["int8"], "int32"),
        (["int8", "uint8"], "int16"),
        (["int8", "int32"], "int32"),
        (["int32", "float16"], "float16"),
        (["bool", "bool"], "bool"),
    )
    def test_einsum_dtypes(self, dtypes, expected):
        arrays = [_arange((2, 2), "int32") % 2 for _ in dtypes]
        tensors = [backend.cast(a, d) for a, d in zip(arrays, dtypes)]
        subscripts = ",".join(["ij"] * len(dtypes)) + "->j"
        result = ops.einsum(subscripts, *tensors)
        self.assertDType(result, expected)
        want = np.einsum(subscripts, *arrays).astype(expected)
        self.assertAllEqual(result, want)

    def test_symbolic(self):
        x = KerasTensor((None, 3, 4))
        check_symbolic(
            ops.einsum, ("bij,jk->bik", x, KerasTensor((4, 5))),
            shape=(None, 3, 5),
        )
        check_symbolic(
            ops.einsum, ("...ij,...jk->...ik", x, KerasTensor((2, 1, 4, 6))),
            shape=(2, None, 3, 6),
        )
        check_symbolic(ops.einsum, ("bij", x), shape=(None, 3, 4))
        check_symbolic(ops.einsum, ("bij->", x), shape=())
        check_symbolic(ops.einsum, ("i...j->j...", x), shape=(4, 3))
        check_symbolic(
            ops.einsum, ("ij,jk", KerasTensor((2, None), "int8"),
                         KerasTensor((3, 5), "int8")),
            shape=(2, 5), dtype="int32",
        )

    def test_symbolic_errors(self):
        x = KerasTensor((None, 3, 4))
        with self.assertRaisesRegex(ValueError, r"einsum.*\(4, 5\)"):
            ops.einsum("bij,ik->bjk", x, KerasTensor((4, 5)))
        with self.assertRaisesRegex(ValueError, "einsum"):
            ops.einsum("ij,jk->ik", x, KerasTensor((4, 5)))
        with self.assertRaisesRegex(ValueError, "einsum"):
            ops.einsum("bij->bz", x)
        with self.assertRaisesRegex(ValueError, "einsum"):
            ops.einsum("bij,jk->bik", x)
        with self.assertRaisesRegex(ValueError, "einsum"):
            ops.einsum("...j->j", x)

    def test_compiled(self):
        x1, x2 = _arange((2, 3)), _arange((3, 4))
        fn = _compiled(lambda a, b: ops.einsum("ij,jk->ki", a, b))
        self.assertAllClose(
            fn(backend.convert_to_tensor(x1), backend.convert_to_tensor(x2)),
            np.einsum("ij,jk->ki", x1, x2),
        )


class CrossTest(testing.TestCase):
    @parameterized.parameters(
        ((3,), (3,), {}),
        ((2,), (3,), {}),
        ((3,), (2,), {}),
        ((2,), (2,), {}),
        ((4, 3), (3,), {}),
        ((3, 4), (2, 4, 3), {"axisa": 0}),
        ((3, 2), (3, 2), {"axisa": 0, "axisb": 0, "axisc": 0}),
        ((2, 3, 2), (2, 3, 2), {"axis": 1}),
    )
    def test_cross(self, shape1, shape2, kwargs):
        x1, x2 = _arange(shape1, start=1) ** 2, _arange(shape2, start=-3)
        check_eager(ops.cross, _np_cross, (x1, x2), kwargs)

    def test_cross_dtypes(self):
        x1, x2 = _arange((3,), "int8", 1), _arange((3,), "uint8", 2)
        check_eager(ops.cross, _in("int16", _np_cross), (x1, x2),
                    dtype="int16")
        self.assertDType(ops.cross(x1, x2.astype("float16")), "float16")

    def test_symbolic(self):
        x = KerasTensor((None, 3))
        check_symbolic(ops.cross, (x, KerasTensor((3,))), shape=(None, 3))
        check_symbolic(ops.cross, (KerasTensor((None, 2)),
                                   KerasTensor((1, 2))), shape=(None,))
        check_symbolic(
            ops.cross, (KerasTensor((3, None)), KerasTensor((None, 3))),
            {"axisa": 0, "axisc": 0}, shape=(3, None),
        )
        with self.assertRaisesRegex(ValueError, r"cross.*\(None, 4\)"):
            ops.cross(KerasTensor((None, 4)), x)
        with self.assertRaisesRegex(ValueError, "cross"):
            ops.cross(KerasTensor((2, 3)), KerasTensor((5, 3)))


class TraceTest(testing.TestCase):
    @parameterized.parameters(
        (0, 0, 1), (1, 0, 1), (-1, 1, 2), (1, 2, 0), (7, 0, 1),
    )
    def test_trace(self, offset, axis1, axis2):
        x = _arange((3, 4, 2))
        kwargs = {"offset": offset, "axis1": axis1, "axis2": axis2}
        check_eager(ops.trace, np.trace, (x,), kwargs)

    @parameterized.parameters(
        ("bool", "int32"), ("int8", "int32"), ("int16", "int32"),
        ("uint8", "uint32"), ("int32", "int32"), ("float16", "float16"),
        ("bfloat16", "bfloat16"), ("uint32", "uint32"),
    )
    def test_trace_dtypes(self, dtype, expected):
        x = backend.cast(_arange((3, 3), "int32") % 4 + 100, dtype)
        result = ops.trace(x)
        self.assertDType(result, expected)
        want = np.trace(backend.convert_to_numpy(x).astype("float32"))
        self.assertAllClose(backend.cast(result, "float32"), want)

    def test_symbolic(self):
        check_symbolic(ops.trace, (KerasTensor((None, 3, 3), "int8"),),
                       {"axis1": 1, "axis2": 2}, shape=(None,), dtype="int32")
        check_symbolic(ops.trace, (KerasTensor((3, 4, None)),), shape=(None,))
        with self.assertRaisesRegex(ValueError, "trace"):
            ops.trace(KerasTensor((3,)))

    def test_slogdet(self):
        x = np.array([[[2.0, 1.0], [1.0, 3.0]], [[0.0, 1.0], [1.0, 0.0]]],
                     "float32")
        sign, logdet = ops.slogdet(x)
        want_sign, want_logdet = np.linalg.slogdet(x)
        self.assertDType(sign, "float32")
        self.assertDType(logdet, "float32")
        self.assertAllClose(sign, want_sign)
        self.assertAllClose(logdet, want_logdet, atol=1e-5)

    @parameterized.parameters(
        ("int32", "float32"), ("float16", "float16"), ("float64", "float64"),
    )
    def test_slogdet_dtypes(self, dtype, expected):
        x = np.array([[4, 1], [2, 3]]).astype(dtype)
        sign, logdet = ops.slogdet(x)
        if backend.backend() == "jax":
            expected = expected.replace("64", "32")
        self.assertDType(sign, expected)
        self.assertDType(logdet, expected)
        self.assertAllClose(backend.cast(logdet, "float32"), np.log(10.0),
                            atol=1e-2)

    def test_slogdet_symbolic(self):
        sign, logdet = ops.slogdet(KerasTensor((None, 3, 3), "int32"))
        self.assertEqual((sign.shape, sign.dtype), ((None,), "float32"))
        self.assertEqual(logdet.shape, (None,))
        with self.assertRaisesRegex(ValueError, r"slogdet.*\(2, 3\)"):
            ops.slogdet(KerasTensor((2, 3)))


class VectorizeTest(testing.TestCase):
    def test_elementwise(self):
        fn = ops.vectorize(lambda a, b: ops.maximum(a, b) * 2)
        x1, x2 = _arange((2, 3)), _arange((3,), start=1)
        self.assertAllClose(fn(x1, x2), np.maximum(x1, x2) * 2)
        self.assertEqual(tuple(fn(x1, x2).shape), (2, 3))

    def test_signature(self):
        fn = ops.vectorize(
            lambda a, b: ops.matmul(a, b), signature="(m,n),(n)->(m)"
        )
        x1, x2 = _arange((4, 2, 3)), _arange((5, 1, 3), start=-1)
        result = fn(x1, x2)
        self.assertEqual(tuple(result.shape), (5, 4, 2))
        self.assertAllClose(result, np.einsum("amn,bzn->bam", x1, x2))

    def test_multiple_outputs_and_excluded(self):
        def stats(x, scale, offset=0.0):
            return ops.sum(x) * scale + offset, ops.max(x)

        fn = ops.vectorize(stats, excluded={1}, signature="(n)->(),()")
        x = _arange((2, 3))
        total, peak = fn(x, 10.0, offset=1.0)
        self.assertAllClose(total, x.sum(axis=1) * 10.0 + 1.0)
        self.assertAllClose(peak, x.max(axis=1))

    def test_symbolic(self):
        fn = ops.vectorize(lambda a: ops.sum(a), signature="(n)->()")
        result = fn(KerasTensor((None, 4, 3)))
        self.assertEqual(result.shape, (None, 4))

    def test_bad_signature(self):
        with self.assertRaisesRegex(ValueError, "vectorize.*signature"):
            ops.vectorize(lambda a: a, signature="(n->()")
        fn = ops.vectorize(lambda a, b: a, signature="(n),(n)->(n)")
        with self.assertRaisesRegex(ValueError, "vectorize.*'n'"):
            fn(np.ones((2, 3)), np.ones((2, 4)))
        with self.assertRaisesRegex(ValueError, "vectorize"):
            fn(np.ones((3,)))
