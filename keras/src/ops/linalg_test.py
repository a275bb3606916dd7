"""Tests of the linear algebra ops against NumPy, on the active backend."""

import math

import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.testing.op_checks import check_eager
from keras.src.testing.op_checks import check_symbolic

KT = KerasTensor
RNG = np.random.default_rng(4321)
TOL = {"atol": 1e-4, "rtol": 1e-4}


def _random(*shape, dtype="float32"):
    return RNG.normal(size=shape).astype(dtype)


def _spd(*shape):
    """Symmetric positive definite matrices of `shape`."""
    a = _random(*shape)
    n = shape[-1]
    return (a @ np.swapaxes(a, -1, -2) + n * np.eye(n)).astype("float32")


def _numpy(x):
    return backend.convert_to_numpy(x)


def _swap(x):
    return np.conj(np.swapaxes(x, -1, -2))


class CholeskyTest(testing.TestCase):
    def test_eager(self):
        a = _spd(2, 3, 3)
        check_eager(ops.cholesky, np.linalg.cholesky, (a,), **TOL)
        check_eager(ops.cholesky, lambda a, upper: _swap(
            np.linalg.cholesky(a)), (a, True), **TOL)

    def test_reads_the_lower_triangle(self):
        a = _spd(3, 3)
        garbage = a + np.triu(np.full((3, 3), 50.0, "float32"), 1)
        self.assertAllClose(ops.cholesky(garbage), np.linalg.cholesky(a),
                            **TOL)

    def test_not_positive_definite(self):
        with self.assertRaisesRegex(ValueError, "positive definite"):
            ops.cholesky(np.array([[1.0, 2.0], [2.0, 1.0]], "float32"))

    def test_dtypes(self):
        a = np.array([[4, 2], [2, 3]], "int32")
        check_eager(ops.cholesky, np.linalg.cholesky, (a,), dtype="float32",
                    **TOL)
        self.assertDType(ops.cholesky(a.astype("float16")), "float16")
        check_symbolic(ops.cholesky, (KT((None, 3, 3), "int8"),),
                       shape=(None, 3, 3), dtype="float32")

    def test_cholesky_inverse(self):
        a = _spd(2, 4, 4)
        lower = np.linalg.cholesky(a)
        check_eager(ops.cholesky_inverse, lambda x: np.linalg.inv(a),
                    (lower,), **TOL)
        check_eager(ops.cholesky_inverse, lambda x, upper: np.linalg.inv(a),
                    (_swap(lower), True), **TOL)
        check_symbolic(ops.cholesky_inverse, (KT((None, 4, 4)),),
                       shape=(None, 4, 4))

    @parameterized.named_parameters(
        ("cholesky", ops.cholesky), ("cholesky_inverse", ops.cholesky_inverse),
        ("inv", ops.inv), ("det", ops.det), ("eig", ops.eig),
        ("eigh", ops.eigh),
    )
    def test_square_inputs_only(self, op):
        with self.assertRaisesRegex(ValueError, r"square.*\(None, 3, 4\)"):
            op(KT((None, 3, 4)))
        with self.assertRaisesRegex(ValueError, r"rank >= 2.*\(3,\)"):
            op(KT((3,)))


class InverseAndDeterminantTest(testing.TestCase):
    @parameterized.named_parameters(
        ("float32", "float32", "float32"), ("int32", "int32", "float32"),
        ("float64", "float64", "float64"),
    )
    def test_inv(self, dtype, expected):
        a = (_spd(2, 3, 3) * 2).round().astype(dtype)
        check_eager(ops.inv, np.linalg.inv, (a,),
                    dtype=backend.result_type(expected), **TOL)
        check_symbolic(ops.inv, (KT((None, 3, 3), dtype),),
                       shape=(None, 3, 3), dtype=backend.result_type(expected))

    def test_det(self):
        check_eager(ops.det, np.linalg.det, (_random(3, 4, 4),), **TOL)
        check_eager(ops.det, lambda a: -2.0,
                    (np.array([[1, 2], [3, 4]], "int32"),), dtype="float32")
        self.assertDType(ops.det(_random(2, 2).astype("float16")), "float16")
        check_symbolic(ops.det, (KT((None, 3, 3)),), shape=(None,))


class EigenTest(testing.TestCase):
    def test_eig(self):
        a = _random(2, 3, 3)
        w, v = ops.eig(a)
        self.assertDType(w, "complex64")
        self.assertDType(v, "complex64")
        w, v = _numpy(w), _numpy(v)
        self.assertAllClose(a @ v, v * w[..., None, :], **TOL)
        expected = np.sort(np.linalg.eigvals(a), axis=-1)
        self.assertAllClose(np.sort(w, axis=-1), expected, **TOL)

    def test_eig_of_a_rotation(self):
        w, _ = ops.eig(np.array([[0.0, -1.0], [1.0, 0.0]], "float32"))
        self.assertAllClose(np.sort(_numpy(w)), [-1j, 1j], **TOL)

    def test_eig_symbolic(self):
        w, v = ops.eig(KT((None, 3, 3)))
        self.assertEqual((w.shape, w.dtype), ((None, 3), "complex64"))
        self.assertEqual((v.shape, v.dtype), ((None, 3, 3), "complex64"))
        w, _ = ops.eig(KT((3, 3), "float64"))
        self.assertDType(w, backend.result_type("complex128"))

    def test_eigh(self):
        a = _spd(2, 4, 4)
        # Only the lower triangle is read.
        skewed = a + np.triu(_random(4, 4), 1)
        w, v = ops.eigh(skewed)
        self.assertAllClose(w, np.linalg.eigh(a)[0], **TOL)
        w, v = _numpy(w), _numpy(v)
        self.assertAllClose(a @ v, v * w[..., None, :], atol=1e-3)
        self.assertAllClose(_swap(v) @ v, np.broadcast_to(np.eye(4), a.shape),
                            **TOL)

    def test_eigh_symbolic(self):
        w, v = ops.eigh(KT((None, 3, 3), "int32"))
        self.assertEqual((w.shape, w.dtype), ((None, 3), "float32"))
        self.assertEqual(v.shape, (None, 3, 3))


@pytest.mark.skipif(
    backend.backend() == "numpy",
    reason="the numpy backend has no automatic differentiation",
)
class JVPTest(testing.TestCase):
    def test_values(self):
        x, y = _random(3), _random(3)
        tx, ty = _random(3), _random(3)

        def fun(x, y):
            return ops.erf(x) * y

        out, tangent = ops.jvp(fun, (x, y), (tx, ty))
        derivative = 2 / np.sqrt(np.pi) * np.exp(-x * x)
        erf = np.vectorize(math.erf)(x)
        self.assertAllClose(out, erf * y, **TOL)
        self.assertAllClose(tangent, derivative * tx * y + erf * ty, **TOL)

    def test_aux_and_structures(self):
        def fun(x):
            return {"double": x * 2.0, "cube": x * x * x}, x + 1.0

        x, t = _random(2, 2), np.ones((2, 2), "float32")
        out, tangent, aux = ops.jvp(fun, [x], [t], has_aux=True)
        self.assertAllClose(tangent["double"], 2 * t)
        self.assertAllClose(tangent["cube"], 3 * x * x, **TOL)
        self.assertAllClose(aux, x + 1)
        self.assertAllClose(out["cube"], x**3, **TOL)


class JVPArgumentsTest(testing.TestCase):
    @pytest.mark.skipif(backend.backend() != "numpy",
                        reason="checks the numpy backend's error")
    def test_numpy_backend_has_no_autodiff(self):
        with self.assertRaisesRegex(RuntimeError, "numpy backend"):
            ops.jvp(ops.erf, (_random(2),), (_random(2),))

    def test_symbolic(self):
        out, tangent = ops.jvp(ops.erf, (KT((None, 3)),), (KT((None, 3)),))
        self.assertEqual((out.shape, tangent.shape), ((None, 3), (None, 3)))
        out, tangent, aux = ops.jvp(
            lambda x: (ops.erf(x), ops.rsqrt(x)), (KT((2,), "int32"),),
            (KT((2,)),), has_aux=True,
        )
        self.assertEqual((tangent.dtype, aux.shape), ("float32", (2,)))

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "tuples or lists"):
            ops.jvp(ops.erf, KT((3,)), KT((3,)))
        with self.assertRaisesRegex(ValueError, "same length"):
            ops.jvp(ops.erf, (KT((3,)),), ())
        with self.assertRaisesRegex(ValueError, r"\(2,\) and \(3,\)"):
            ops.jvp(ops.erf, (_random(2),), (_random(3),))


class LeastSquaresTest(testing.TestCase):
    @parameterized.named_parameters(
        ("tall", (6, 3), (6,), None),
        ("tall_matrix", (6, 3), (6, 2), None),
        ("wide", (3, 5), (3, 2), None),
        ("cutoff", (4, 3), (4,), 0.3),
    )
    def test_eager(self, a_shape, b_shape, rcond):
        a, b = _random(*a_shape), _random(*b_shape)
        a[:, -1] *= 0.1
        check_eager(ops.lstsq, lambda a, b, rcond: np.linalg.lstsq(
            a, b, rcond=rcond)[0], (a, b, rcond), **TOL)

    def test_rank_deficient(self):
        a = np.array([[1, 2], [2, 4], [3, 6]], "int32")
        b = np.array([1, 2, 3], "int32")
        check_eager(ops.lstsq, lambda a, b: np.linalg.lstsq(a, b)[0], (a, b),
                    dtype="float32", **TOL)

    def test_symbolic(self):
        check_symbolic(ops.lstsq, (KT((None, 3)), KT((None, 2))),
                       shape=(3, 2))
        check_symbolic(ops.lstsq, (KT((5, 3), "int32"), KT((5,), "int8")),
                       shape=(3,), dtype="float32")

    def test_bad_shapes(self):
        with self.assertRaisesRegex(ValueError, r"lstsq.*\(5, 3\).*\(4, 2\)"):
            ops.lstsq(KT((5, 3)), KT((4, 2)))
        with self.assertRaisesRegex(ValueError, "lstsq"):
            ops.lstsq(_random(2, 5, 3), _random(2, 5))


def _lu_reference(a):
    a = a.astype("float64").copy()
    m, n = a.shape
    pivots = []
    for j in range(min(m, n)):
        p = j + int(np.argmax(np.abs(a[j:, j])))
        pivots.append(p)
        a[[j, p]] = a[[p, j]]
        if a[j, j] != 0:
            a[j + 1:, j] /= a[j, j]
        a[j + 1:, j + 1:] -= np.outer(a[j + 1:, j], a[j, j + 1:])
    return a, np.array(pivots, "int32")


def _lu_rebuild(lu, pivots, m):
    """Returns `(P @ A, L @ U)` from a factorization of `A` (m rows)."""
    k = min(lu.shape)
    lower = np.tril(lu, -1)[:, :k] + np.eye(m, k)
    upper = np.triu(lu)[:k]
    rows = np.arange(m)
    for i, p in enumerate(pivots):
        rows[[i, p]] = rows[[p, i]]
    return rows, lower @ upper


class LUFactorTest(testing.TestCase):
    @parameterized.named_parameters(
        ("square", (4, 4)), ("tall", (5, 3)), ("wide", (3, 5)),
    )
    def test_eager(self, shape):
        a = _random(*shape)
        check_eager(lambda a: ops.lu_factor(a)[0],
                    lambda a: _lu_reference(a)[0], (a,), dtype="float32",
                    **TOL)
        check_eager(lambda a: ops.lu_factor(a)[1],
                    lambda a: _lu_reference(a)[1], (a,))

    def test_singular_and_batched(self):
        a = np.stack([_random(3, 3), np.zeros((3, 3), "float32")])
        a[0, :, 1] = 0.0
        lu, pivots = ops.lu_factor(a)
        lu, pivots = _numpy(lu), _numpy(pivots)
        self.assertDType(pivots, "int32")
        for i in range(2):
            rows, product = _lu_rebuild(lu[i], pivots[i], 3)
            self.assertAllClose(product, a[i][rows], **TOL)

    def test_dtypes_and_symbolic(self):
        lu, _ = ops.lu_factor(np.array([[1, 2], [3, 4]], "int32"))
        self.assertDType(lu, "float32")
        lu, pivots = ops.lu_factor(KT((None, 4, 3)))
        self.assertEqual((lu.shape, pivots.shape), ((None, 4, 3), (None, 3)))
        self.assertDType(pivots, "int32")


class RankAndPseudoInverseTest(testing.TestCase):
    def test_matrix_rank(self):
        a = _random(3, 4, 5)
        a[1] = np.outer(_random(4), _random(5))
        a[2] = 0.0
        check_eager(ops.matrix_rank, lambda a: np.linalg.matrix_rank(a), (a,),
                    dtype="int32")
        b = np.diag([3.0, 0.5, 1e-3]).astype("float32")
        check_eager(ops.matrix_rank, lambda b, tol: np.linalg.matrix_rank(
            b, tol), (b, 0.1), dtype="int32")
        check_symbolic(ops.matrix_rank, (KT((None, 3, 4)),), shape=(None,),
                       dtype="int32")

    def test_pinv(self):
        a = _random(2, 3, 5)
        check_eager(ops.pinv, np.linalg.pinv, (a,), **TOL)
        d = np.diag([1.0, 1e-3]).astype("float32")
        check_eager(ops.pinv, lambda d, rcond: np.diag([1.0, 0.0]),
                    (d, 0.01), dtype="float32")
        check_symbolic(ops.pinv, (KT((None, 3, 4)),), shape=(None, 4, 3))


NORM_CASES = (
    ("vector_default", (5,), None, None),
    ("vector_inf", (5,), math.inf, None),
    ("vector_neg_inf", (5,), -math.inf, None),
    ("vector_0", (5,), 0, None),
    ("vector_1", (5,), 1, None),
    ("vector_3", (5,), 3, None),
    ("vector_half", (5,), 0.5, None),
    ("vector_axis", (2, 3, 4), 1, 1),
    ("all_entries", (2, 3, 4), None, None),
    ("matrix_fro", (3, 4), "fro", None),
    ("matrix_nuc", (3, 4), "nuc", None),
    ("matrix_1", (3, 4), 1, None),
    ("matrix_neg_1", (3, 4), -1, None),
    ("matrix_2", (3, 4), 2, None),
    ("matrix_neg_2", (3, 4), -2, None),
    ("matrix_inf", (3, 4), math.inf, None),
    ("matrix_neg_inf", (3, 4), -math.inf, None),
    ("matrix_axes", (2, 3, 4), "nuc", (2, 0)),
    ("matrix_axes_inf", (2, 3, 4), math.inf, (0, -1)),
)


class NormTest(testing.TestCase):
    @parameterized.named_parameters(*NORM_CASES)
    def test_eager(self, shape, ord, axis):
        x = _random(*shape)
        x.flat[0] = 0.0
        for keepdims in (False, True):
            check_eager(ops.norm, np.linalg.norm, (x, ord, axis, keepdims),
                        dtype="float32", **TOL)

    @parameterized.named_parameters(
        ("int8", "int8", "float32"), ("bool", "bool", "float32"),
        ("float16", "float16", "float16"),
        ("complex64", "complex64", "float32"),
    )
    def test_dtypes(self, dtype, expected):
        x = np.array([[3, 4], [0, 1]]).astype(dtype)
        tol = {"atol": 1e-2, "rtol": 1e-3}
        check_eager(ops.norm, np.linalg.norm, (x,), dtype=expected, **tol)
        check_eager(ops.norm, lambda x, ord, axis: np.linalg.norm(
            x.astype("complex128"), ord, axis), (x, 1, -1), dtype=expected,
            **tol)
        check_symbolic(ops.norm, (KT((None, 2), dtype),), {"axis": -1},
                       shape=(None,), dtype=expected)

    def test_symbolic(self):
        check_symbolic(ops.norm, (KT((None, 3, 4)),), shape=())
        check_symbolic(ops.norm, (KT((None, 3, 4)),),
                       {"ord": "nuc", "axis": (1, 2), "keepdims": True},
                       shape=(None, 1, 1))

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "vector norm"):
            ops.norm(_random(3), ord="fro")
        with self.assertRaisesRegex(ValueError, "matrix norm"):
            ops.norm(KT((3, 4)), ord=3, axis=(0, 1))
        with self.assertRaisesRegex(ValueError, "rank 1 or 2"):
            ops.norm(_random(2, 2, 2), ord=2)
        with self.assertRaisesRegex(ValueError, "two distinct"):
            ops.norm(KT((3, 4)), axis=(0, 0))
        with self.assertRaisesRegex(ValueError, "norm"):
            ops.norm(KT((None, 3)), axis=3)


class QRAndSVDTest(testing.TestCase):
    @parameterized.product(shape=((5, 3), (3, 5), (2, 4, 4)),
                           mode=("reduced", "complete"))
    def test_qr(self, shape, mode):
        a = _random(*shape)
        q, r = ops.qr(a, mode=mode)
        q, r = _numpy(q), _numpy(r)
        expected_q, expected_r = np.linalg.qr(a, mode=mode)
        self.assertEqual((q.shape, r.shape),
                         (expected_q.shape, expected_r.shape))
        self.assertAllClose(q @ r, a, **TOL)
        self.assertAllClose(np.triu(r), r)
        eye = np.eye(q.shape[-1])
        self.assertAllClose(_swap(q) @ q, np.broadcast_to(
            eye, q.shape[:-2] + eye.shape), **TOL)
        self.assertAllClose(np.abs(r), np.abs(expected_r), **TOL)

    def test_qr_symbolic(self):
        q, r = ops.qr(KT((None, 5, 3)))
        self.assertEqual((q.shape, r.shape), ((None, 5, 3), (None, 3, 3)))
        q, r = ops.qr(KT((None, 5, 3), "int32"), mode="complete")
        self.assertEqual((q.shape, r.shape), ((None, 5, 5), (None, 5, 3)))
        self.assertDType(q, "float32")
        with self.assertRaisesRegex(ValueError, "mode"):
            ops.qr(_random(3, 3), mode="r")

    @parameterized.product(shape=((5, 3), (3, 5), (2, 4, 4)),
                           full_matrices=(True, False))
    def test_svd(self, shape, full_matrices):
        a = _random(*shape)
        u, s, vh = ops.svd(a, full_matrices=full_matrices)
        u, s, vh = _numpy(u), _numpy(s), _numpy(vh)
        expected = np.linalg.svd(a, full_matrices=full_matrices)
        self.assertEqual((u.shape, s.shape, vh.shape),
                         tuple(e.shape for e in expected))
        self.assertAllClose(s, expected[1], **TOL)
        k = s.shape[-1]
        rebuilt = (u[..., :k] * s[..., None, :]) @ vh[..., :k, :]
        self.assertAllClose(rebuilt, a, **TOL)

    def test_singular_values_only(self):
        check_eager(ops.svd, lambda a, full, uv: np.linalg.svd(
            a, compute_uv=False), (_random(2, 3, 5), True, False), **TOL)
        check_symbolic(ops.svd, (KT((None, 3, 5)),), {"compute_uv": False},
                       shape=(None, 3))

    def test_svd_symbolic(self):
        u, s, vh = ops.svd(KT((None, 5, 3)))
        self.assertEqual((u.shape, s.shape, vh.shape),
                         ((None, 5, 5), (None, 3), (None, 3, 3)))
        u, s, vh = ops.svd(KT((None, 5, 3)), full_matrices=False)
        self.assertEqual((u.shape, vh.shape), ((None, 5, 3), (None, 3, 3)))
        with self.assertRaisesRegex(ValueError, "svd"):
            ops.svd(KT((3,)))


SOLVE_CASES = (
    ("vector", (3, 3), (3,)),
    ("matrix", (3, 3), (3, 2)),
    ("batch", (2, 3, 3), (2, 3, 4)),
    # As in NumPy 2: a 2-D `b` is a matrix, broadcast against the batch.
    ("matrix_broadcast", (2, 3, 3), (3, 3)),
    ("vector_batch", (2, 3, 3), (3,)),
)


class SolveTest(testing.TestCase):
    @parameterized.named_parameters(*SOLVE_CASES)
    def test_solve(self, a_shape, b_shape):
        a = _random(*a_shape) + 3 * np.eye(a_shape[-1], dtype="float32")
        check_eager(ops.solve, np.linalg.solve, (a, _random(*b_shape)),
                    **TOL)

    @parameterized.named_parameters(*SOLVE_CASES)
    def test_solve_triangular(self, a_shape, b_shape):
        a = _random(*a_shape) + 3 * np.eye(a_shape[-1], dtype="float32")
        b = _random(*b_shape)
        for lower, part in ((True, np.tril), (False, np.triu)):
            check_eager(ops.solve_triangular,
                        lambda a, b, lower: np.linalg.solve(part(a), b),
                        (a, b, lower), **TOL)

    def test_dtypes(self):
        a = np.array([[2, 1], [1, 3]], "int32")
        b = np.array([1, 2], "float16")
        def reference(a, b):
            return np.linalg.solve(a.astype("float64"), b.astype("float64"))

        check_eager(ops.solve, reference, (a, b), dtype="float16",
                    atol=1e-3, rtol=1e-3)
        check_eager(ops.solve, reference, (a, a.astype("int8")),
                    dtype="float32", **TOL)

    @parameterized.named_parameters(
        ("solve", ops.solve), ("solve_triangular", ops.solve_triangular)
    )
    def test_symbolic(self, op):
        check_symbolic(op, (KT((None, 3, 3)), KT((None, 3, 2))),
                       shape=(None, 3, 2))
        check_symbolic(op, (KT((None, 3, 3), "int32"), KT((3,), "float16")),
                       shape=(None, 3), dtype="float16")
        check_symbolic(op, (KT((4, 1, 3, 3)), KT((5, 3, 2))),
                       shape=(4, 5, 3, 2))

    @parameterized.named_parameters(
        ("solve", ops.solve), ("solve_triangular", ops.solve_triangular)
    )
    def test_bad_shapes(self, op):
        with self.assertRaisesRegex(ValueError, r"\(3, 3\).*\(4,\)"):
            op(KT((3, 3)), KT((4,)))
        with self.assertRaisesRegex(ValueError, "square"):
            op(KT((3, 4)), KT((3,)))
        with self.assertRaisesRegex(ValueError, "broadcast"):
            op(KT((2, 3, 3)), KT((4, 3, 1)))
        with self.assertRaisesRegex(ValueError, r"\(2, 3, 3\).*\(2, 3\)"):
            op(_random(2, 3, 3), _random(2, 3))


@pytest.mark.skipif(
    backend.backend() not in ("jax", "tensorflow"),
    reason="checks tracing with jax.jit and tf.function",
)
class CompiledTest(testing.TestCase):
    def _compile(self, fn):
        if backend.backend() == "jax":
            import jax

            return jax.jit(fn)
        import tensorflow as tf

        spec = tf.TensorSpec([None, 3, 3], "float32")
        return tf.function(fn, input_signature=[spec, spec])

    def test_ops_trace(self):
        eye = np.eye(3, dtype="float32")

        def fn(a, spd):
            return [
                ops.cholesky_inverse(ops.cholesky(spd)),
                ops.lu_factor(a)[0],
                ops.solve(a + 3 * eye, a),
                ops.solve_triangular(a + 3 * eye, a[..., :1], lower=True),
                ops.norm(a, ord="nuc", axis=(1, 2)),
                ops.norm(a, ord=-math.inf, axis=(1, 2)),
                ops.svd(a, compute_uv=False),
                ops.matrix_rank(a),
                ops.lstsq(a[0], a[0, :, 0]),
                ops.det(a),
            ]

        a, spd = _random(2, 3, 3), _spd(2, 3, 3)
        compiled = self._compile(fn)
        for expected, actual in zip(fn(a, spd), compiled(a, spd)):
            self.assertAllClose(actual, expected, **TOL)
