import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.layers.preprocessing import adapt_utils


class AdaptUtilsTest(testing.TestCase):
    def test_iter_batches(self):
        x = np.arange(10).reshape(5, 2)
        batches = list(adapt_utils.iter_batches(x, batch_size=2))
        self.assertEqual([len(b) for b in batches], [2, 2, 1])
        tensor = backend.convert_to_tensor(x)
        self.assertAllEqual(next(adapt_utils.iter_batches(tensor)), x)
        self.assertAllEqual(next(adapt_utils.iter_batches([[1, 2]])),
                            [[1, 2]])

    def test_datasets(self):
        import tensorflow as tf

        x = np.arange(10).reshape(5, 2)
        ds = tf.data.Dataset.from_tensor_slices((x, x)).batch(2)
        self.assertTrue(adapt_utils.is_tf_dataset(ds))
        self.assertFalse(adapt_utils.is_tf_dataset(x))
        batches = list(adapt_utils.iter_batches(ds, steps=2))
        self.assertEqual(len(batches), 2)
        self.assertAllEqual(batches[0], x[:2])
