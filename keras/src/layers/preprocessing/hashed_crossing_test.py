import numpy as np

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.hashed_crossing import HashedCrossing
from keras.src.layers.preprocessing.tf_backed_layer import result_int_dtype

A = np.array(["A", "B", "A", "B", "A"])
B = np.array([101, 101, 101, 102, 102])


class HashedCrossingTest(testing.TestCase):
    def test_crossing_matches_oracle(self):
        layer = HashedCrossing(num_bins=5)
        self.assertAllEqual(layer((A, B)), [1, 4, 1, 1, 3])
        self.assertAllEqual(layer((A[:, None], B[:, None])),
                            [[1], [4], [1], [1], [3]])
        self.assertAllEqual(layer((A[0], B[0])), 1)
        self.assertAllEqual(layer((A, B, A)), [0, 4, 0, 1, 4])
        one_hot = HashedCrossing(num_bins=5, output_mode="one_hot")
        self.assertAllClose(one_hot((A, B)), np.eye(5)[[1, 4, 1, 1, 3]])

    def test_symbolic(self):
        y = HashedCrossing(num_bins=5)(
            (Input((1,), dtype="string"), Input((1,), dtype="int64")))
        self.assertEqual((y.shape, y.dtype),
                         ((None, 1), result_int_dtype("int64")))
        y = HashedCrossing(num_bins=5, output_mode="one_hot")(
            (Input((1,), dtype="string"), Input((1,), dtype="int64")))
        self.assertEqual(y.shape, (None, 5))

    def test_config(self):
        layer = HashedCrossing(num_bins=5)
        self.assertEqual(layer.get_config(), {
            "num_bins": 5, "output_mode": "int", "sparse": False,
            "name": layer.name, "dtype": "int64"})
        revived = HashedCrossing.from_config(layer.get_config())
        self.assertAllEqual(revived((A, B)), layer((A, B)))

    def test_tf_data(self):
        import tensorflow as tf

        ds = tf.data.Dataset.from_tensor_slices((A, B)).batch(5).map(
            lambda a, b: HashedCrossing(num_bins=5)((a, b)))
        out = next(iter(ds))
        self.assertIsInstance(out, tf.Tensor)
        self.assertAllEqual(out.numpy(), [1, 4, 1, 1, 3])

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "list or tuple"):
            HashedCrossing(num_bins=5)(A)
        with self.assertRaisesRegex(ValueError, "equal shape"):
            HashedCrossing(num_bins=5)((A, B[:2]))
        with self.assertRaisesRegex(ValueError, r"\(batch_size, 1\)"):
            HashedCrossing(num_bins=5)((np.zeros((2, 2)), np.zeros((2, 2))))
        with self.assertRaisesRegex(ValueError, "output_mode=x"):
            HashedCrossing(num_bins=5, output_mode="x")
        with self.assertRaisesRegex(ValueError, "num_bins=0"):
            HashedCrossing(num_bins=0)
