import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.utils import numerical_utils


class ToCategoricalTest(testing.TestCase):
    def test_numpy_input(self):
        out = numerical_utils.to_categorical([0, 2, 1])
        self.assertEqual(out.dtype, np.float64)
        self.assertAllEqual(out, np.eye(3)[[0, 2, 1]])
        out = numerical_utils.to_categorical(np.array([[0], [2]]), 4)
        self.assertEqual(out.shape, (2, 4))
        # NumPy arrays are the numpy backend's tensors: float32 there.
        expected = "float32" if backend.backend() == "numpy" else "float64"
        self.assertEqual(out.dtype, expected)
        out = numerical_utils.to_categorical(np.array([[0, 1], [2, 1]]))
        self.assertEqual(out.shape, (2, 2, 3))
        self.assertAllEqual(out[1, 0], [0, 0, 1])
        self.assertEqual(numerical_utils.to_categorical(2, 3).tolist(),
                         [0, 0, 1])
        self.assertEqual(numerical_utils.to_categorical([], 3).shape, (0, 3))
        with self.assertRaisesRegex(IndexError, "num_classes=3"):
            numerical_utils.to_categorical([0, 5], 3)

    def test_tensor_input(self):
        x = ops.convert_to_tensor(np.array([[0], [2], [1]]))
        out = numerical_utils.to_categorical(x, 3)
        self.assertTrue(backend.is_tensor(out))
        self.assertEqual(tuple(out.shape), (3, 3))
        self.assertAllClose(out, np.eye(3)[[0, 2, 1]])
        self.assertEqual(
            tuple(numerical_utils.to_categorical(x).shape), (3, 3)
        )


class NormalizeTest(testing.TestCase):
    def test_numpy_input(self):
        x = np.array([[3.0, 4.0], [0.0, 0.0]])
        self.assertAllClose(numerical_utils.normalize(x),
                            [[0.6, 0.8], [0.0, 0.0]])
        self.assertAllClose(numerical_utils.normalize(x, order=1),
                            [[3 / 7, 4 / 7], [0.0, 0.0]])
        y = np.array([[3.0, 4.0], [4.0, 3.0]])
        self.assertAllClose(numerical_utils.normalize(y, axis=0),
                            [[0.6, 0.8], [0.8, 0.6]])
        self.assertEqual(
            numerical_utils.normalize(np.array([3, 4])).shape, (1, 2)
        )
        self.assertEqual(
            numerical_utils.normalize(x.astype("float32")).dtype,
            np.float32,
        )

    def test_tensor_input(self):
        x = ops.convert_to_tensor(np.array([[3.0, 4.0]], "float32"))
        out = numerical_utils.normalize(x)
        self.assertTrue(backend.is_tensor(out))
        self.assertAllClose(out, [[0.6, 0.8]])


class EncodingTest(testing.TestCase):
    def test_encode_categorical_inputs(self):
        x = np.array([[0, 1, 1], [2, 2, 3]])
        encode = numerical_utils.encode_categorical_inputs
        self.assertAllClose(encode(x, "multi_hot", 4, "float32"),
                            [[1, 1, 0, 0], [0, 0, 1, 1]])
        self.assertAllClose(encode(x, "count", 4, "float32"),
                            [[1, 2, 0, 0], [0, 0, 2, 1]])
        self.assertAllClose(
            encode(x, "count", 4, "float32",
                   count_weights=np.array([[1.0, 2, 3], [4, 5, 6]])),
            [[1, 5, 0, 0], [0, 0, 9, 6]],
        )
        self.assertAllClose(encode(np.array([[0], [2]]), "one_hot", 3,
                                   "float32"), [[1, 0, 0], [0, 0, 1]])
        self.assertAllClose(encode(x, "int", 4, "int32"), x)
        self.assertIsNone(encode(x, "tf_idf", 4, "float32"))

    def test_build_pos_neg_masks(self):
        pos, neg = numerical_utils.build_pos_neg_masks(
            np.array([0, 1, 0]), np.array([0, 1, 0])
        )
        self.assertAllEqual(
            pos, [[False, False, True], [False, False, False],
                  [True, False, False]]
        )
        self.assertAllEqual(
            neg, [[False, True, False], [True, False, True],
                  [False, True, False]]
        )
        pos, _ = numerical_utils.build_pos_neg_masks(
            np.array([0, 1]), np.array([0, 1]), remove_diagonal=False
        )
        self.assertAllEqual(pos, [[True, False], [False, True]])
