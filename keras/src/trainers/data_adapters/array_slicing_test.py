import numpy as np
import scipy.sparse
import torch

from keras.src import backend
from keras.src import testing
from keras.src.trainers.data_adapters import array_slicing


class ArraySlicingTest(testing.TestCase):
    def test_numpy_and_structures(self):
        x = np.arange(10.0).reshape(5, 2)
        rows = array_slicing.convert_to_sliceable({"a": x, "b": [x, None]})
        self.assertIsInstance(rows["a"], array_slicing.NumpySliceable)
        self.assertIsNone(rows["b"][1])
        self.assertEqual(rows["a"].array.dtype.name, backend.floatx())
        self.assertAllClose(rows["a"][np.array([0, 4])], x[[0, 4]])
        self.assertTrue(array_slicing.can_slice_array(x))
        self.assertTrue(array_slicing.can_slice_array(None))
        self.assertFalse(array_slicing.can_slice_array([1, 2]))
        with self.assertRaisesRegex(ValueError, "Received invalid input"):
            array_slicing.convert_to_sliceable([1.0, 2.0])
        (train, _), (val, _) = array_slicing.train_validation_split(
            (x, x[:, 0]), 0.2
        )
        self.assertEqual((len(train), len(val)), (4, 1))

    def test_framework_arrays(self):
        import tensorflow as tf

        rows = array_slicing.convert_to_sliceable(torch.ones(3, 2))
        self.assertIsInstance(rows, array_slicing.TorchSliceable)
        self.assertEqual(rows.cast(rows[0:2], "int32").dtype, torch.int32)
        dense = np.arange(1.0, 10.0).reshape(3, 3)
        rows = array_slicing.convert_to_sliceable(tf.sparse.from_dense(dense))
        self.assertIsInstance(rows, array_slicing.TensorflowSparseSliceable)
        self.assertEqual(tuple(rows.shape), (3, 3))
        self.assertAllClose(rows.convert_to_numpy(rows[np.array([2, 0])]),
                            dense[[2, 0]])
        self.assertAllClose(rows.convert_to_numpy(rows[0:2]), dense[:2])
        rows = array_slicing.convert_to_sliceable(
            scipy.sparse.coo_matrix(np.eye(3))
        )
        self.assertAllClose(rows.convert_to_numpy(rows[np.array([0, 1])]),
                            np.eye(3)[:2])
        ragged = array_slicing.convert_to_sliceable(
            tf.ragged.constant([[1, 2], [3]])
        )
        self.assertAllClose(
            ragged.convert_to_jax_compatible(ragged[np.array([1, 0])]),
            [[3, 0], [1, 2]],
        )
