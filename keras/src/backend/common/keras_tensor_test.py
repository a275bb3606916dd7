import numpy as np

from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import is_keras_tensor
from keras.src.backend.common.keras_tensor import standardize_shape


class KerasTensorTest(testing.TestCase):
    def test_attributes(self):
        x = KerasTensor((None, 3), dtype="int8", name="x")
        self.assertEqual(x.shape, (None, 3))
        self.assertEqual(x.dtype, "int8")
        self.assertEqual(x.ndim, 2)
        self.assertFalse(x.sparse)
        self.assertTrue(is_keras_tensor(x))
        self.assertFalse(is_keras_tensor(np.ones(2)))

    def test_shape_is_immutable(self):
        with self.assertRaises(AttributeError):
            KerasTensor((2,)).shape = (3,)

    def test_operators_infer_shapes(self):
        x = KerasTensor((None, 3))
        self.assertEqual((x + 1.0).shape, (None, 3))
        self.assertEqual((2 * x).shape, (None, 3))
        self.assertEqual((x @ KerasTensor((3, 5))).shape, (None, 5))
        self.assertEqual(x[:, 0].shape, (None,))
        self.assertEqual((x > 0).dtype, "bool")
        self.assertEqual((-x).shape, (None, 3))
        self.assertEqual(x.reshape((-1,)).shape, (None,))

    def test_no_concrete_values(self):
        x = KerasTensor((2,))
        with self.assertRaises(TypeError):
            bool(x)
        with self.assertRaisesRegex(ValueError, "symbolic"):
            np.asarray(x)

    def test_equality_is_identity(self):
        x, y = KerasTensor((2,)), KerasTensor((2,))
        self.assertTrue(x == x)
        self.assertFalse(x == y)
        self.assertEqual(len({x, y}), 2)

    def test_standardize_shape(self):
        self.assertEqual(standardize_shape([1, None, 3]), (1, None, 3))
        self.assertEqual(standardize_shape((np.int64(2),)), (2,))
        with self.assertRaisesRegex(ValueError, "negative"):
            standardize_shape((-1, 2))
        with self.assertRaisesRegex(ValueError, "integer"):
            standardize_shape((1.5,))
