import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.utils import dtype_utils


class DtypeUtilsTest(testing.TestCase):
    def test_dtype_size_and_is_float(self):
        self.assertEqual(dtype_utils.dtype_size("float32"), 32)
        self.assertEqual(dtype_utils.dtype_size("bool"), 1)
        with self.assertRaisesRegex(ValueError, "Invalid dtype: string"):
            dtype_utils.dtype_size("string")
        self.assertTrue(dtype_utils.is_float("bfloat16"))
        self.assertFalse(dtype_utils.is_float("int8"))

    def test_cast_to_common_dtype(self):
        def dtypes(tensors):
            return [backend.standardize_dtype(t.dtype) for t in tensors]

        mixed = [
            backend.convert_to_tensor(np.ones(2, "float16")),
            backend.convert_to_tensor(np.ones(2, "float32")),
            backend.convert_to_tensor(np.ones(2, "int32")),
        ]
        self.assertEqual(
            dtypes(dtype_utils.cast_to_common_dtype(mixed)), ["float32"] * 3
        )
        ints = [
            backend.convert_to_tensor(np.ones(2, "int8")),
            backend.convert_to_tensor(np.ones(2, "int32")),
        ]
        self.assertEqual(
            dtypes(dtype_utils.cast_to_common_dtype(ints)), ["int8", "int32"]
        )
        halves = [
            backend.convert_to_tensor(np.ones(2, "bfloat16")),
            backend.convert_to_tensor(np.ones(2, "float16")),
        ]
        self.assertEqual(
            dtypes(dtype_utils.cast_to_common_dtype(halves)),
            ["float32", "float32"],
        )
