import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.backend.common import dtypes


class ResultTypeTest(testing.TestCase):
    @parameterized.parameters(
        ((), "float32"),
        (("int32",), "int32"),
        ((int,), "int32"),
        ((float,), "float32"),
        ((bool,), "bool"),
        ((complex,), "complex64"),
        (("int8", "uint8"), "int16"),
        (("int16", "uint16"), "int32"),
        (("int64", "uint64"), "float32"),
        (("int32", float), "float32"),
        (("float16", float), "float16"),
        (("float16", int), "float16"),
        (("uint8", int), "uint8"),
        (("bool", int), "int32"),
        (("bool", float), "float32"),
        (("bfloat16", "float16"), "float32"),
        (("int32", "float16"), "float16"),
        (("float32", "complex64"), "complex64"),
        ((int, float), "float32"),
        (("string", "string"), "string"),
    )
    def test_promotion(self, inputs, expected):
        self.assertEqual(dtypes.result_type(*inputs), expected)

    @parameterized.parameters(
        (("int32", "int64"), "int64"),
        (("float64", "int8"), "float64"),
        (("uint32", "int32"), "int64"),
        (("float64", "complex64"), "complex128"),
    )
    def test_64_bit_promotion(self, inputs, expected):
        if backend.backend() in ("jax", "numpy"):
            # JAX runs without 64-bit types: they canonicalize to 32 bits
            # (and so on numpy, as upstream Keras's numpy backend).
            expected = {"int64": "int32", "float64": "float32",
                        "complex128": "complex64"}[expected]
        self.assertEqual(dtypes.result_type(*inputs), expected)

    def test_weak_types_follow_floatx(self):
        backend.set_floatx("float16")
        try:
            self.assertEqual(dtypes.result_type(float), "float16")
            self.assertEqual(dtypes.result_type("int32", float), "float16")
        finally:
            backend.set_floatx("float32")

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "float8"):
            dtypes.result_type("float8_e4m3fn", "float16")
        with self.assertRaisesRegex(ValueError, "strings"):
            dtypes.result_type("string", "int32")
        with self.assertRaisesRegex(ValueError, "Invalid dtype"):
            dtypes.standardize_dtype("float")


class StandardizeDtypeTest(testing.TestCase):
    def test_spellings(self):
        self.assertEqual(dtypes.standardize_dtype(None), "float32")
        self.assertEqual(dtypes.standardize_dtype(np.float32), "float32")
        self.assertEqual(dtypes.standardize_dtype(np.dtype("int8")), "int8")
        # Python's int is int64 on TensorFlow, as in Keras.
        default_int = "int64" if backend.backend() == "tensorflow" else "int32"
        self.assertEqual(dtypes.standardize_dtype(int), default_int)
        self.assertEqual(dtypes.standardize_dtype("int"), default_int)
        self.assertEqual(dtypes.standardize_dtype("double"), "float64")
        tensor = backend.convert_to_tensor(np.ones(2, "int16"))
        self.assertEqual(dtypes.standardize_dtype(tensor.dtype), "int16")

    def test_infer_dtype(self):
        self.assertEqual(dtypes.infer_dtype(3), "int32")
        self.assertEqual(dtypes.infer_dtype(np.float64(3.0)), "float32")
        self.assertEqual(dtypes.infer_dtype([1, 2.5]), "float32")
        self.assertEqual(dtypes.infer_dtype([[True, False]]), "bool")
        self.assertEqual(dtypes.infer_dtype(np.ones(2, "int64")), "int64")

    def test_predicates(self):
        self.assertTrue(dtypes.is_float_dtype("bfloat16"))
        self.assertFalse(dtypes.is_float_dtype("int8"))
        self.assertTrue(dtypes.is_int_dtype("uint8"))
        self.assertFalse(dtypes.is_int_dtype("bool"))
