import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.testing.op_checks import check_eager
from keras.src.testing.op_checks import check_symbolic

F = np.array([[-2.5, -1.5, -0.0], [0.5, 1.5, 2.7]], "float32")
INTS = np.array([[-12, -7, 0], [5, 18, 100]], "int32")
J = np.array([[8, 3, 0], [15, -12, 7]], "int32")
SHIFTS = np.array([[0, 1, 2], [3, 1, 4]], "int32")
G = np.array([[0.5, 0.0, -1.0], [2.0, 0.0, 1.0]], "float32")
B = np.array([[True, False, True], [False, False, True]])
B2 = np.array([[True, True, False], [False, True, True]])
SPECIAL = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, -2.0, 3.0],
                   "float32")
COMPLEX = np.array([1 + 2j, -3 + 0j, -0.5j, 0j], "complex64")
# Integer-only ops given other tensors: on torch the class torch (and so
# Keras's torch backend) raises; symbolic checks raise TypeError everywhere.
INTEGER_ONLY_ERROR = (
    NotImplementedError if backend.backend() == "torch" else TypeError
)

BITWISE = [
    ("bitwise_and", np.bitwise_and),
    ("bitwise_or", np.bitwise_or),
    ("bitwise_xor", np.bitwise_xor),
]
SHIFT = [
    ("bitwise_left_shift", np.left_shift),
    ("left_shift", np.left_shift),
    ("bitwise_right_shift", np.right_shift),
    ("right_shift", np.right_shift),
]
PREDICATES = [
    ("isfinite", np.isfinite),
    ("isinf", np.isinf),
    ("isnan", np.isnan),
    ("isneginf", np.isneginf),
    ("isposinf", np.isposinf),
    ("isreal", np.isreal),
    ("signbit", np.signbit),
]


def _named(table):
    return [{"testcase_name": n, "name": n, "ref": r} for n, r in table]


class BitsTest(testing.TestCase):
    @parameterized.named_parameters(_named(BITWISE))
    def test_bitwise(self, name, ref):
        op = getattr(ops, name)
        check_eager(op, ref, (INTS, J))
        check_eager(op, ref, (INTS.astype("uint8"), J.astype("uint8")))
        check_eager(op, ref, (INTS.astype("int8"), J.astype("uint8")))
        check_eager(op, ref, (B, B2))
        check_eager(op, ref, (INTS, 6))
        check_symbolic(op, (KerasTensor((None, 3), "int16"), 1),
                       shape=(None, 3), dtype="int16")
        with self.assertRaisesRegex(INTEGER_ONLY_ERROR, name):
            op(F, F)
        with self.assertRaisesRegex(TypeError, name):
            op(KerasTensor((2,), "float32"), 1)

    @parameterized.named_parameters(_named(SHIFT))
    def test_shifts(self, name, ref):
        op = getattr(ops, name)
        check_eager(op, ref, (INTS, SHIFTS))
        check_eager(op, ref, (INTS.astype("uint8"), 1))
        check_eager(op, lambda x, y: ref(x, y).astype("int32"), (B, B))
        check_symbolic(op, (KerasTensor((None,), "bool"), True),
                       shape=(None,), dtype="int32")
        with self.assertRaisesRegex(INTEGER_ONLY_ERROR, name):
            op(F, 1)

    def test_shifts_out_of_range_shift_everything_out(self):
        x = np.array([-8, 8, -8, 8, 5], "int32")
        y = np.array([40, 40, -1, -1, 31], "int32")
        self.assertAllEqual(ops.left_shift(x, y), [0, 0, 0, 0, -2**31])
        self.assertAllEqual(ops.right_shift(x, y), [-1, 0, -1, 0, 0])

    @parameterized.parameters("bitwise_not", "bitwise_invert")
    def test_invert(self, name):
        op = getattr(ops, name)
        check_eager(op, np.invert, (INTS,))
        check_eager(op, np.invert, (INTS.astype("uint8"),))
        check_eager(op, np.invert, (B,))
        check_symbolic(op, (KerasTensor((None,), "int8"),),
                       shape=(None,), dtype="int8")
        with self.assertRaisesRegex(INTEGER_ONLY_ERROR, name):
            op(F)

    @parameterized.parameters(("gcd", np.gcd), ("lcm", np.lcm))
    def test_gcd_lcm(self, name, ref):
        op = getattr(ops, name)
        check_eager(op, ref, (INTS, J))
        check_eager(op, ref, (INTS.astype("int8"), 4))
        check_eager(op, ref, (np.abs(INTS).astype("uint8"), 6))
        check_eager(op, ref, (INTS[:, :1], J[0]))
        check_symbolic(op, (KerasTensor((None, 1), "int32"), J),
                       shape=(2, 3), dtype="int32")
        with self.assertRaisesRegex(INTEGER_ONLY_ERROR, name):
            op(B, B)
        with self.assertRaisesRegex(TypeError, name):
            op(KerasTensor((2,), "float32"), 3)


class RoundingTest(testing.TestCase):
    @parameterized.parameters(("ceil", np.ceil), ("floor", np.floor),
                              ("fabs", np.fabs))
    def test_float_rounding(self, name, ref):
        op = getattr(ops, name)
        check_eager(op, ref, (F,))
        check_eager(op, ref, (SPECIAL,))
        check_eager(op, ref, (F.astype("float16"),))
        check_eager(op, lambda x: ref(x).astype("float32"), (INTS,),
                    dtype="float32")
        check_symbolic(op, (KerasTensor((None,), "int32"),), dtype="float32")

    def test_trunc(self):
        check_eager(ops.trunc, np.trunc, (F,))
        check_eager(ops.trunc, np.trunc, (SPECIAL,))
        check_eager(ops.trunc, np.trunc, (INTS,))
        check_symbolic(ops.trunc, (KerasTensor((None,), "int8"),),
                       dtype="int8")

    def test_round(self):
        x = np.array([0.5, 1.5, 2.5, -0.5, -2.6, 3.14159], "float32")
        check_eager(ops.round, np.round, (x,))
        check_eager(ops.round, np.round, (x, 2), rtol=1e-6)
        check_eager(ops.round, np.round, (x * 100, -1), rtol=1e-6)
        check_eager(ops.round, np.round, (x.astype("float16"),))
        check_eager(ops.round, np.round, (SPECIAL,))
        check_symbolic(ops.round, (KerasTensor((None,), "float16"), 1),
                       shape=(None,), dtype="float16")

    def test_round_integers(self):
        x = np.array([15, 25, 35, -15, -25, 149, 150, 7], "int32")
        for decimals in (0, 1, -1, -2, -12):
            check_eager(ops.round, np.round, (x, decimals))
        check_eager(ops.round, np.round, (x.astype("int8"), -1))
        check_eager(ops.round, np.round, (x[:4].astype("uint8"), -1))

    def test_round_rejects_bools_and_float_decimals(self):
        with self.assertRaises(TypeError):
            ops.round(backend.convert_to_tensor(B))
        with self.assertRaisesRegex(TypeError, "decimals"):
            ops.round(F, 1.5)


class PredicateTest(testing.TestCase):
    @parameterized.named_parameters(_named(PREDICATES))
    def test_predicates(self, name, ref):
        op = getattr(ops, name)
        check_eager(op, ref, (SPECIAL,))
        check_eager(op, ref, (INTS,))
        check_eager(op, ref, (SPECIAL.astype("float16"),))
        check_eager(op, ref, (B,))
        check_symbolic(op, (KerasTensor((None, 3)),), shape=(None, 3),
                       dtype="bool")
        # Not NaN: casting it to bfloat16 may flip its sign bit (torch).
        bf16 = op(backend.cast(SPECIAL[1:], "bfloat16"))
        self.assertAllEqual(bf16, ref(SPECIAL[1:]))

    @parameterized.parameters("isfinite", "isinf", "isnan", "isreal")
    def test_complex_predicates(self, name):
        x = np.array([1 + 1j, np.nan + 0j, 1j * np.inf, 2 + 0j], "complex64")
        check_eager(getattr(ops, name), getattr(np, name), (x,))

    def test_nan_to_num(self):
        check_eager(ops.nan_to_num, np.nan_to_num, (SPECIAL,))
        check_eager(ops.nan_to_num, np.nan_to_num, (SPECIAL,),
                    {"nan": 1.0, "posinf": 7.0, "neginf": -7.0})
        check_eager(ops.nan_to_num, np.nan_to_num, (SPECIAL.astype("float16"),))
        check_eager(ops.nan_to_num, np.nan_to_num, (INTS,), {"nan": 3.0})
        bf16 = ops.nan_to_num(backend.cast(SPECIAL, "bfloat16"), posinf=2.0)
        self.assertDType(bf16, "bfloat16")
        self.assertAllClose(backend.cast(bf16, "float32"),
                            np.nan_to_num(SPECIAL, posinf=2.0, neginf=-3.4e38),
                            rtol=1e-2)
        check_symbolic(ops.nan_to_num, (KerasTensor((None,), "float16"),),
                       shape=(None,), dtype="float16")

    def test_heaviside(self):
        check_eager(ops.heaviside, np.heaviside, (SPECIAL, 0.5))
        check_eager(ops.heaviside, np.heaviside, (F, G))
        check_eager(ops.heaviside, lambda x, y: np.heaviside(x, y).astype(
            "float32"), (INTS, 1), dtype="float32")
        check_symbolic(ops.heaviside, (KerasTensor((None,), "int8"), 0.5),
                       dtype="float32")

    def test_ldexp(self):
        check_eager(ops.ldexp, np.ldexp, (F, SHIFTS))
        check_eager(ops.ldexp, np.ldexp, (F.astype("float16"), 3))
        check_eager(ops.ldexp, lambda x, y: np.ldexp(x, y).astype("float32"),
                    (INTS, SHIFTS), dtype="float32")
        check_symbolic(ops.ldexp, (KerasTensor((None, 3), "float16"), SHIFTS),
                       shape=(2, 3), dtype="float16")
        with self.assertRaisesRegex(TypeError, "ldexp"):
            ops.ldexp(F, 1.5)
        with self.assertRaisesRegex(TypeError, "ldexp"):
            ops.ldexp(KerasTensor((3,)), KerasTensor((3,)))

    @parameterized.parameters("float16", "bfloat16", "float32")
    def test_nextafter(self, dtype):
        x = np.array([1.0, -1.0, 0.0, -0.0, 2.0, np.nan, 5.0], "float32")
        y = np.array([2.0, 0.0, 1.0, -1.0, 2.0, 1.0, -np.inf], "float32")
        result = ops.nextafter(backend.cast(x, dtype), backend.cast(y, dtype))
        self.assertDType(result, dtype)
        expected = np.nextafter(x.astype(dtype), y.astype(dtype))
        np.testing.assert_array_equal(
            backend.convert_to_numpy(result).astype("float32"),
            expected.astype("float32"),
        )
        check_symbolic(ops.nextafter, (KerasTensor((None,), "int32"), 1),
                       dtype="float32")


class ComplexPartsTest(testing.TestCase):
    @parameterized.parameters(
        ("real", np.real), ("imag", np.imag), ("conj", np.conj),
        ("conjugate", np.conjugate), ("angle", np.angle),
    )
    def test_complex_parts(self, name, ref):
        op = getattr(ops, name)
        check_eager(op, ref, (COMPLEX,))
        real_dtype = "complex64" if name.startswith("conj") else "float32"
        check_symbolic(op, (KerasTensor((None,), "complex64"),),
                       shape=(None,), dtype=real_dtype)

    @parameterized.parameters(("real", np.real), ("imag", np.imag),
                              ("conj", np.conj), ("conjugate", np.conjugate))
    def test_parts_of_reals_keep_dtype(self, name, ref):
        op = getattr(ops, name)
        check_eager(op, ref, (F,))
        check_eager(op, ref, (INTS,))
        check_symbolic(op, (KerasTensor((None,), "int8"),), dtype="int8")

    def test_angle_of_reals(self):
        check_eager(ops.angle, np.angle, (SPECIAL,))
        check_eager(ops.angle, lambda x: np.angle(x).astype("float32"), (INTS,),
                    dtype="float32")
        check_symbolic(ops.angle, (KerasTensor((None,), "int8"),),
                       dtype="float32")

    def test_copy(self):
        for x in (F, INTS, B):
            check_eager(ops.copy, np.copy, (x,))
        tensor = backend.convert_to_tensor(F)
        self.assertIsNot(ops.copy(tensor), tensor)
        check_symbolic(ops.copy, (KerasTensor((None, 2), "uint8"),),
                       shape=(None, 2), dtype="uint8")


class CompiledTest(testing.TestCase):
    """The ops trace inside `jax.jit` and `tf.function`."""

    def _compiled(self, fn):
        if backend.backend() == "jax":
            import jax

            return jax.jit(fn)
        if backend.backend() == "tensorflow":
            import tensorflow as tf

            return tf.function(fn)
        return fn

    def test_ops_trace(self):
        def fn(x, i, h):
            return (
                ops.gcd(i, 6), ops.lcm(i, 4), ops.round(i, -1),
                ops.signbit(x), ops.nextafter(h, 2.0),
                ops.where(x > 0, x, -x), ops.nan_to_num(x),
                ops.isclose(x, x), ops.hypot(x, 1.0),
            )

        x = np.array([-1.5, 0.0, np.inf, 2.0], "float32")
        i = np.array([12, -18, 25, 0], "int32")
        h = np.array([1.0, -1.0, 0.0, 2.0], "float16")
        args = [backend.convert_to_tensor(a) for a in (x, i, h)]
        results = self._compiled(fn)(*args)
        expected = (
            np.gcd(i, 6), np.lcm(i, 4), np.round(i, -1), np.signbit(x),
            np.nextafter(h, np.float16(2.0)), np.abs(x), np.nan_to_num(x),
            np.isclose(x, x), np.hypot(x, 1.0),
        )
        for result, value in zip(results, expected):
            np.testing.assert_allclose(backend.convert_to_numpy(result),
                                       value, rtol=1e-6)
