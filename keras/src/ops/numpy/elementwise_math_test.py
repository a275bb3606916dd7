import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.testing.op_checks import check_eager
from keras.src.testing.op_checks import check_symbolic

REALS = np.array([[-2.5, -1.0, 0.0], [0.5, 1.5, 3.0]], "float32")
POSITIVE = np.array([[0.5, 1.0, 2.0], [4.0, 8.0, 100.0]], "float32")
UNIT = np.array([[-0.9, -0.5, 0.0], [0.25, 0.5, 0.9]], "float32")
INTS = np.array([[-3, -1, 0], [1, 2, 4]], "int32")
POSITIVE_INTS = np.array([[1, 2, 3], [4, 8, 10]], "int32")
UNIT_INTS = np.array([-1, 0, 1], "int32")

# name, NumPy reference, float input, int input (inside the domain).
UNARY = [
    ("exp", np.exp, REALS, INTS),
    ("exp2", np.exp2, REALS, INTS),
    ("expm1", np.expm1, REALS, INTS),
    ("log", np.log, POSITIVE, POSITIVE_INTS),
    ("log10", np.log10, POSITIVE, POSITIVE_INTS),
    ("log1p", np.log1p, POSITIVE - 0.75, POSITIVE_INTS),
    ("log2", np.log2, POSITIVE, POSITIVE_INTS),
    ("sqrt", np.sqrt, POSITIVE, POSITIVE_INTS),
    ("cbrt", np.cbrt, REALS, INTS),
    ("sin", np.sin, REALS, INTS),
    ("cos", np.cos, REALS, INTS),
    ("tan", np.tan, REALS, INTS),
    ("arcsin", np.arcsin, UNIT, UNIT_INTS),
    ("arccos", np.arccos, UNIT, UNIT_INTS),
    ("arctan", np.arctan, REALS, INTS),
    ("sinh", np.sinh, REALS, INTS),
    ("cosh", np.cosh, REALS, INTS),
    ("tanh", np.tanh, REALS, INTS),
    ("arcsinh", np.arcsinh, REALS, INTS),
    ("arccosh", np.arccosh, POSITIVE + 1, POSITIVE_INTS),
    ("arctanh", np.arctanh, UNIT, UNIT_INTS[1:]),
    ("sinc", np.sinc, REALS, INTS),
    ("i0", np.i0, REALS, INTS),
    ("deg2rad", np.deg2rad, REALS * 60, INTS),
    ("rad2deg", np.rad2deg, REALS, INTS),
]
BINARY = [
    ("arctan2", np.arctan2),
    ("hypot", np.hypot),
    ("logaddexp", np.logaddexp),
    ("logaddexp2", np.logaddexp2),
]


def _in_float32(ref):
    def run(*args):
        args = [np.asarray(a).astype("float32") if isinstance(a, np.ndarray)
                else a for a in args]
        return ref(*args).astype("float32")

    return run


class UnaryMathTest(testing.TestCase):
    @parameterized.named_parameters(
        [{"testcase_name": u[0], "name": u[0], "ref": u[1], "x": u[2],
          "ints": u[3]} for u in UNARY]
    )
    @np.errstate(divide="ignore")
    def test_unary(self, name, ref, x, ints):
        op = getattr(ops, name)
        check_eager(op, ref, (x,), atol=1e-6, rtol=1e-5)
        check_eager(op, _in_float32(ref), (ints,), dtype="float32",
                    atol=1e-6, rtol=1e-5)
        check_eager(op, ref, (x.astype("float16"),), atol=2e-3, rtol=2e-3)
        bf16 = op(backend.cast(x, "bfloat16"))
        self.assertDType(bf16, "bfloat16")
        self.assertAllClose(backend.cast(bf16, "float32"), ref(x),
                            atol=2e-2, rtol=2e-2)
        check_symbolic(op, (KerasTensor((None, 3), "int32"),),
                       shape=(None, 3), dtype="float32")
        check_symbolic(op, (KerasTensor((2, None), "float16"),),
                       shape=(2, None), dtype="float16")

    def test_python_scalars(self):
        self.assertAllClose(ops.sqrt(4), 2.0)
        self.assertDType(ops.sqrt(4), "float32")
        self.assertDType(ops.exp(1.0), "float32")

    def test_bools_give_floatx(self):
        check_eager(ops.exp, _in_float32(np.exp),
                    (np.array([True, False]),), dtype="float32")

    def test_out_of_domain_values(self):
        x = np.array([-1.0, 0.0, np.inf, np.nan], "float32")
        with np.errstate(divide="ignore", invalid="ignore"):
            for name in ("log", "log2", "log10", "sqrt", "arccosh"):
                check_eager(getattr(ops, name), getattr(np, name), (x,))
            check_eager(ops.arcsin, np.arcsin, (x * 2,))

    def test_cbrt_of_negatives_and_cubes(self):
        x = np.array([-27.0, -8.0, 0.0, 64.0, 1e-6], "float32")
        check_eager(ops.cbrt, np.cbrt, (x,), rtol=1e-5)


class BinaryMathTest(testing.TestCase):
    @parameterized.named_parameters(
        [{"testcase_name": n, "name": n, "ref": r} for n, r in BINARY]
    )
    def test_binary(self, name, ref):
        op = getattr(ops, name)
        other = np.array([[1.5, -2.0, 4.0], [2.0, -0.5, 3.0]], "float32")
        check_eager(op, ref, (REALS, other), rtol=1e-5)
        check_eager(op, ref, (REALS, 2.0), rtol=1e-5)
        check_eager(op, _in_float32(ref), (INTS, POSITIVE_INTS),
                    dtype="float32", rtol=1e-5)
        check_eager(op, ref, (REALS.astype("float16"), 1.0),
                    atol=2e-3, rtol=2e-3)
        check_symbolic(
            op, (KerasTensor((None, 3), "int8"), KerasTensor((3,), "int8")),
            shape=(None, 3), dtype="float32",
        )
        check_symbolic(op, (KerasTensor((None, 3), "float16"), 2),
                       shape=(None, 3), dtype="float16")
        with self.assertRaisesRegex(ValueError, name):
            op(KerasTensor((None, 3)), KerasTensor((2, 4)))

    def test_arctan2_quadrants(self):
        y = np.array([0.0, 0.0, -0.0, 1.0, -1.0, 0.0], "float32")
        x = np.array([1.0, -1.0, -1.0, 0.0, 0.0, 0.0], "float32")
        check_eager(ops.arctan2, np.arctan2, (y, x))

    def test_hypot_extremes(self):
        x = np.array([3e30, np.inf, np.inf, 0.0], "float32")
        y = np.array([4e30, np.nan, np.inf, 0.0], "float32")
        check_eager(ops.hypot, np.hypot, (x, y), rtol=1e-5)

    @np.errstate(invalid="ignore")
    def test_logaddexp_extremes(self):
        x = np.array([np.inf, -np.inf, 100.0, -100.0, np.nan], "float32")
        y = np.array([np.inf, -np.inf, 100.0, -np.inf, 0.0], "float32")
        check_eager(ops.logaddexp, np.logaddexp, (x, y), rtol=1e-5)
        check_eager(ops.logaddexp2, np.logaddexp2, (x, y), rtol=1e-5)
