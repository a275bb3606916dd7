import numpy as np

from keras.src.testing import TestCase
from keras.src.utils import tf_utils
from keras.src.utils.module_utils import tensorflow as tf


class TfUtilsTest(TestCase):
    # Expected values are the oracle's for the same inputs.

    def test_bincounts(self):
        x = tf.constant([[1, 2, 2], [0, 3, 3]])
        self.assertAllClose(
            tf_utils.dense_bincount(x, 4, False, "float32"),
            [[0, 1, 2, 0], [1, 0, 0, 2]],
        )
        binary = tf_utils.dense_bincount(x, 4, True, "int32")
        self.assertEqual(binary.dtype, tf.int32)
        self.assertAllClose(binary, [[0, 1, 1, 0], [1, 0, 0, 1]])
        weighted = tf_utils.dense_bincount(
            tf.constant([1, 2, 2]), 4, False, "float32",
            count_weights=tf.constant([0.5, 1.0, 2.0]),
        )
        self.assertAllClose(weighted, [0, 0.5, 3, 0])
        sparse = tf_utils.sparse_bincount(x, 4, False, "float32")
        self.assertIsInstance(sparse, tf.SparseTensor)
        self.assertAllClose(sparse.indices, [[0, 1], [0, 2], [1, 0], [1, 3]])
        self.assertAllClose(sparse.dense_shape, [2, 4])

    def test_encode_categorical_inputs(self):
        encode = tf_utils.tf_encode_categorical_inputs
        x = tf.constant([[1, 2, 2], [0, 3, 3]])
        self.assertAllClose(encode(tf.constant([1, 2, 3]), "one_hot", 4),
                            np.eye(4)[[1, 2, 3]])
        self.assertAllClose(encode(x, "multi_hot", 4),
                            [[0, 1, 1, 0], [1, 0, 0, 1]])
        self.assertAllClose(encode(x, "count", 4),
                            [[0, 1, 2, 0], [1, 0, 0, 2]])
        self.assertAllClose(
            encode(x, "tf_idf", 4,
                   idf_weights=tf.constant([1.0, 0.5, 0.25, 0.1])),
            [[0, 0.5, 0.5, 0], [1, 0, 0, 0.2]],
        )
        self.assertAllClose(encode(x, "int", 4), x)
        self.assertAllClose(encode(tf.constant(2), "multi_hot", 4),
                            [0, 0, 1, 0])
        sparse = encode(tf.constant([[1, 2]]), "multi_hot", 4, sparse=True)
        self.assertAllClose(tf.sparse.to_dense(sparse), [[0, 1, 1, 0]])
        with self.assertRaisesRegex(ValueError, "maximum supported output"):
            encode(tf.ones((2, 2, 2), "int32"), "multi_hot", 4)

    def test_tensor_helpers(self):
        ragged = tf.ragged.constant([[1], [2, 3]])
        self.assertTrue(tf_utils.is_ragged_tensor(ragged))
        self.assertFalse(tf_utils.is_ragged_tensor(np.ones(2)))
        self.assertEqual(tf_utils.ensure_tensor(np.array([1.7]), "int32")
                         .numpy().tolist(), [1])
        self.assertEqual(
            tf_utils.ensure_tensor(ragged, "float32").dtype, tf.float32
        )
        self.assertEqual(tf_utils.expand_dims(ragged, -1).shape.as_list(),
                         [2, None, 1])
        sparse = tf.sparse.from_dense([[1, 0]])
        self.assertEqual(tf_utils.expand_dims(sparse, 0).shape, (1, 1, 2))
        spec = tf_utils.get_tensor_spec(tf.ones((2, 3)), dynamic_batch=True,
                                        name="n")
        self.assertEqual(spec, tf.TensorSpec((None, 3), tf.float32, "n"))
        self.assertEqual(
            tf_utils.get_tensor_spec(sparse, dynamic_batch=True),
            tf.SparseTensorSpec((None, 2), tf.int32),
        )
        self.assertIsNone(tf_utils.get_tensor_spec([1, 2]))
