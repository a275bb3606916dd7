import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.testing.op_checks import check_eager
from keras.src.testing.op_checks import check_symbolic

F = np.array([[-2.5, -1.0, 0.0], [0.5, 1.5, 3.0]], "float32")
G = np.array([[1.5, -2.0, 4.0], [2.0, -0.5, 3.0]], "float32")
INTS = np.array([[-3, -1, 0], [1, 2, 7]], "int32")
J = np.array([[2, -3, 5], [1, 4, -2]], "int32")
B = np.array([[True, False, True], [False, False, True]])
B2 = np.array([[True, True, False], [False, True, True]])


def _no_nan_division(a, b):
    quotient = np.divide(a, np.where(b == 0, 1, b))
    return np.where(b == 0, 0, quotient).astype("float32")


# name, NumPy reference: ops that keep the promoted dtype of their inputs.
ARITHMETIC = [
    ("add", np.add),
    ("subtract", np.subtract),
    ("multiply", np.multiply),
    ("maximum", np.maximum),
    ("minimum", np.minimum),
    ("fmax", np.fmax),
    ("fmin", np.fmin),
    ("floor_divide", np.floor_divide),
    ("mod", np.mod),
    ("fmod", np.fmod),
]
DIVISIONS = [
    ("divide", np.divide),
    ("true_divide", np.true_divide),
    ("divide_no_nan", _no_nan_division),
]
COMPARISONS = [
    ("equal", np.equal),
    ("not_equal", np.not_equal),
    ("less", np.less),
    ("less_equal", np.less_equal),
    ("greater", np.greater),
    ("greater_equal", np.greater_equal),
    ("logical_and", np.logical_and),
    ("logical_or", np.logical_or),
    ("logical_xor", np.logical_xor),
]
BINARY_NAMES = [n for n, _ in ARITHMETIC + DIVISIONS + COMPARISONS] + [
    "power", "isclose", "allclose",
]


def _named(table):
    return [{"testcase_name": name, "name": name, "ref": ref}
            for name, ref in table]


class ArithmeticTest(testing.TestCase):
    @parameterized.named_parameters(_named(ARITHMETIC))
    def test_floats_ints_and_scalars(self, name, ref):
        op = getattr(ops, name)
        check_eager(op, ref, (F, G))
        check_eager(op, ref, (INTS, J))
        check_eager(op, ref, (F, 2.0))
        check_eager(op, ref, (3, J))

    @parameterized.named_parameters(_named(DIVISIONS))
    def test_divisions_give_floats(self, name, ref):
        op = getattr(ops, name)
        check_eager(op, ref, (F, G))
        check_eager(op, ref, (INTS, J), dtype="float32")
        check_eager(op, ref, (INTS, 2), dtype="float32")

    def test_divide_no_nan_zeroes(self):
        x = np.array([1.0, np.nan, np.inf, -4.0], "float32")
        y = np.array([0.0, 0.0, 0.0, 2.0], "float32")
        check_eager(ops.divide_no_nan, _no_nan_division, (x, y))

    def test_power(self):
        check_eager(ops.power, np.power, (INTS, np.abs(J)))
        check_eager(ops.power, np.power, (np.abs(F), G), rtol=1e-5)
        check_eager(ops.power, np.power, (F, 2))

    def test_floor_divide_and_mod_signs(self):
        x = np.array([7, -7, 7, -7], "int32")
        y = np.array([2, 2, -2, -2], "int32")
        for name in ("floor_divide", "mod", "fmod"):
            check_eager(getattr(ops, name), getattr(np, name), (x, y))
        check_eager(ops.mod, np.mod, (x.astype("float32") + 0.5, 2.0))

    @np.errstate(divide="ignore")
    def test_integer_division_by_zero_gives_zero(self):
        x = np.array([7, -7, 0, 3], "int32")
        y = np.array([0, 0, 0, 2], "int32")
        for name in ("floor_divide", "mod", "fmod"):
            expected = np.array([0, 0, 0, getattr(np, name)(3, 2)], "int32")
            self.assertAllEqual(getattr(ops, name)(x, y), expected)

    def test_negative_integer_powers_truncate(self):
        x = np.array([2, 1, -1, -1, 3, 5], "int32")
        y = np.array([-1, -3, -3, -2, -2, 2], "int32")
        expected = np.array([0, 1, -1, 1, 0, 25], "int32")
        self.assertAllEqual(ops.power(x, y), expected)
        self.assertAllEqual(ops.power(x.astype("int8"), y), expected)

    def test_fmax_fmin_ignore_nan_maximum_propagates_it(self):
        x = np.array([np.nan, 1.0, np.nan], "float32")
        y = np.array([2.0, np.nan, np.nan], "float32")
        for name in ("fmax", "fmin", "maximum", "minimum"):
            check_eager(getattr(ops, name), getattr(np, name), (x, y))

    @parameterized.named_parameters(
        ("negative", "negative", np.negative),
        ("abs", "abs", np.abs),
        ("absolute", "absolute", np.absolute),
        ("square", "square", np.square),
        ("sign", "sign", np.sign),
    )
    def test_unary_keep_dtype(self, name, ref):
        op = getattr(ops, name)
        check_eager(op, ref, (F,))
        check_eager(op, ref, (INTS,))
        check_eager(op, ref, (INTS.astype("int8"),))
        check_symbolic(op, (KerasTensor((None, 3), "int16"),),
                       shape=(None, 3), dtype="int16")

    def test_reciprocal(self):
        check_eager(ops.reciprocal, np.reciprocal, (G,))
        if backend.backend() == "numpy":
            # As upstream's numpy backend: computed in float64 and cast
            # back to the integer dtype.
            check_eager(ops.reciprocal, lambda x: (1 / x).astype("int32"),
                        (J,))
        elif backend.backend() == "tensorflow":
            # Refused with the class upstream's TensorFlow backend raises.
            with self.assertRaisesRegex(Exception, "needs floating") as e:
                ops.reciprocal(J)
            self.assertEqual(type(e.exception).__name__, "NotFoundError")
        else:
            check_eager(ops.reciprocal, lambda x: 1 / x, (J,),
                        dtype="float32")
        check_symbolic(ops.reciprocal, (KerasTensor((None,), "int8"),),
                       shape=(None,), dtype="float32")

    def test_sign_keeps_nan(self):
        x = np.array([np.nan, -0.0, -2.0, 5.0], "float32")
        check_eager(ops.sign, np.sign, (x,))

    def test_square_of_bools_is_int32(self):
        check_eager(ops.square, lambda x: np.square(x.astype("int32")), (B,))
        check_symbolic(ops.square, (KerasTensor((None,), "bool"),),
                       dtype="int32")

    def test_abs_of_complex_is_float(self):
        x = np.array([3 + 4j, -1j], "complex64")
        check_eager(ops.abs, np.abs, (x,))
        check_symbolic(ops.abs, (KerasTensor((2,), "complex64"),),
                       dtype="float32")


class ComparisonTest(testing.TestCase):
    @parameterized.named_parameters(_named(COMPARISONS))
    def test_comparisons(self, name, ref):
        op = getattr(ops, name)
        check_eager(op, ref, (F, G))
        check_eager(op, ref, (INTS, J))
        check_eager(op, ref, (INTS, 1))
        check_eager(op, ref, (B, B2))
        check_symbolic(op, (KerasTensor((None, 3)), KerasTensor((1, 3))),
                       shape=(None, 3), dtype="bool")

    def test_logical_not(self):
        check_eager(ops.logical_not, np.logical_not, (F,))
        check_eager(ops.logical_not, np.logical_not, (B,))
        check_symbolic(ops.logical_not, (KerasTensor((None, 2), "int32"),),
                       shape=(None, 2), dtype="bool")

    def test_isclose(self):
        near = F + np.float32(1e-6)
        check_eager(ops.isclose, np.isclose, (F, near))
        check_eager(ops.isclose, np.isclose, (F, G))
        check_eager(ops.isclose, np.isclose, (INTS, INTS + 1), {"atol": 1.0})
        x = np.array([np.nan, np.inf, -np.inf, 1.0], "float32")
        y = np.array([np.nan, np.inf, np.inf, 1.1], "float32")
        check_eager(ops.isclose, np.isclose, (x, y))
        check_eager(ops.isclose, np.isclose, (x, y),
                    {"equal_nan": True, "rtol": 0.2})
        check_symbolic(ops.isclose, (KerasTensor((None, 3)), 1.0),
                       shape=(None, 3), dtype="bool")

    def test_allclose(self):
        check_eager(ops.allclose, np.allclose, (F, F + np.float32(1e-7)))
        check_eager(ops.allclose, np.allclose, (F, G))
        check_eager(ops.allclose, np.allclose, (INTS, INTS))
        check_symbolic(ops.allclose, (KerasTensor((None, 3)), F),
                       shape=(), dtype="bool")


class SelectionTest(testing.TestCase):
    def test_where(self):
        check_eager(ops.where, np.where, (B, F, G))
        check_eager(ops.where, np.where, (INTS, F, 0.0))
        check_eager(ops.where, np.where, (B, INTS, 2.5), dtype="float32")
        check_eager(ops.where, np.where,
                    (B, INTS.astype("int8"), INTS.astype("uint8")))
        check_symbolic(
            ops.where,
            (KerasTensor((None, 1), "bool"), KerasTensor((3,), "int8"), 1),
            shape=(None, 3), dtype="int8",
        )

    def test_where_with_condition_only_gives_indices(self):
        result = ops.where(INTS)
        self.assertLen(result, 2)
        # int64 on numpy, as upstream's numpy backend gives them.
        index = "int64" if backend.backend() == "numpy" else "int32"
        for actual, expected in zip(result, np.nonzero(INTS)):
            self.assertDType(actual, index)
            self.assertAllEqual(actual, expected)
        result = ops.where(KerasTensor((None, 3)))
        self.assertEqual([r.shape for r in result], [(None,), (None,)])
        self.assertEqual(result[0].dtype, "int32")

    def test_where_rejects_one_branch(self):
        with self.assertRaisesRegex(ValueError, "where"):
            ops.where(B, F)
        with self.assertRaisesRegex(ValueError, "where"):
            ops.where(KerasTensor((2, 3), "bool"), None, F)

    def test_clip(self):
        check_eager(ops.clip, np.clip, (F, -1.0, 1.0))
        check_eager(ops.clip, np.clip, (INTS, 0, 3))
        check_eager(ops.clip, np.clip, (F, G, 2.0))
        check_eager(ops.clip, np.clip, (INTS, 0.5, 2.5), dtype="float32")
        check_eager(ops.clip, lambda x, a, b: np.clip(x, a, b).astype("int32"),
                    (B, 0, 1))
        # A lower bound above the upper one gives the upper one.
        check_eager(ops.clip, lambda x, a, b: np.minimum(np.maximum(x, a), b),
                    (F, 2.0, 1.0))
        check_symbolic(ops.clip, (KerasTensor((None, 3), "int8"), 0, 5),
                       shape=(None, 3), dtype="int8")
        check_symbolic(ops.clip, (KerasTensor((None,), "bool"), 0, 1),
                       dtype="int32")


class PromotionTest(testing.TestCase):
    @parameterized.parameters(
        ("int8", "uint8"), ("int32", "float32"), ("bool", "bool"),
        ("bool", "int8"), ("float16", "float32"), ("bfloat16", "float16"),
        ("int16", "float16"), ("uint8", "int32"), ("int64", "float16"),
        ("float64", "int8"),
    )
    def test_binary_dtypes_follow_result_type(self, dtype1, dtype2):
        x1 = backend.cast(np.array([1, 2, 0]), dtype1)
        x2 = backend.cast(np.array([2, 1, 1]), dtype2)
        expected = backend.result_type(dtype1, dtype2)
        for name in ("add", "maximum", "floor_divide"):
            if name == "floor_divide" and expected == "bool":
                continue
            self.assertDType(getattr(ops, name)(x1, x2), expected, msg=name)
            symbolic = getattr(ops, name)(KerasTensor((2, 3), dtype1),
                                          KerasTensor((3,), dtype2))
            self.assertDType(symbolic, expected, msg=name)
        if expected != "bool":
            self.assertDType(ops.subtract(x1, x2), expected)
        floating = backend.is_float_dtype(expected)
        self.assertDType(
            ops.divide(x1, x2),
            expected if floating else backend.result_type(expected, float),
        )
        self.assertDType(ops.less(x1, x2), "bool")

    def test_python_scalars_are_weak(self):
        f16 = backend.cast(np.array([1.0, 2.0]), "float16")
        i8 = backend.cast(np.array([1, 2]), "int8")
        self.assertDType(ops.add(f16, 1), "float16")
        self.assertDType(ops.multiply(f16, 2.5), "float16")
        self.assertDType(ops.add(i8, 1), "int8")
        self.assertDType(ops.add(i8, 1.5), "float32")
        self.assertDType(ops.divide(i8, 2), "float32")
        self.assertDType(ops.power(i8, 2), "int8")
        self.assertDType(ops.add(1, 2), "int32")
        self.assertDType(ops.add(1.5, 2), "float32")

    def test_bool_arithmetic(self):
        check_eager(ops.add, np.add, (B, B2))
        check_eager(ops.multiply, np.multiply, (B, B2))
        for name in ("floor_divide", "mod", "fmod", "power"):
            result = getattr(ops, name)(B, np.ones_like(B))
            self.assertDType(result, "int32", msg=name)
            symbolic = getattr(ops, name)(KerasTensor((2,), "bool"), True)
            self.assertDType(symbolic, "int32", msg=name)

    @pytest.mark.skipif(backend.backend() in ("jax", "numpy"),
                        reason="jax runs without 64-bit types; numpy "
                        "narrows them, as upstream's numpy backend")
    def test_64_bit_inputs_keep_64_bits(self):
        x = np.array([1.0, 2.0], "float64")
        check_eager(ops.add, np.add, (x, np.array([1, 2], "int8")))
        check_eager(ops.divide, np.divide, (np.array([1, 3], "int64"), x))
        check_eager(ops.maximum, np.maximum, (np.array([1, 3], "int64"), 2))


class BadInputTest(testing.TestCase):
    @parameterized.parameters(BINARY_NAMES)
    def test_incompatible_symbolic_shapes(self, name):
        x1, x2 = KerasTensor((None, 3)), KerasTensor((2, 4))
        with self.assertRaisesRegex(ValueError, name) as context:
            getattr(ops, name)(x1, x2)
        self.assertIn("(None, 3)", str(context.exception))
        self.assertIn("(2, 4)", str(context.exception))

    def test_incompatible_symbolic_shapes_of_where_and_clip(self):
        with self.assertRaisesRegex(ValueError, "where"):
            ops.where(KerasTensor((None, 3), "bool"), KerasTensor((4,)), 1.0)
        with self.assertRaisesRegex(ValueError, "clip"):
            ops.clip(KerasTensor((None, 3)), KerasTensor((2,)), 1.0)

    def test_bools_rejected_where_numpy_rejects_them(self):
        for fn in (lambda x: ops.subtract(x, x), ops.negative, ops.sign):
            with self.assertRaises(TypeError):
                fn(backend.convert_to_tensor(B))
            with self.assertRaises(TypeError):
                fn(KerasTensor((None, 2), "bool"))
