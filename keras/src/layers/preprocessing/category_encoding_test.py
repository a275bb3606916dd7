import numpy as np

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.category_encoding import (
    CategoryEncoding,
)

IDS = np.array([[0, 1, 1], [3, 3, 2]])


class CategoryEncodingTest(testing.TestCase):
    def test_layer_basics(self):
        self.run_layer_test(
            CategoryEncoding,
            init_kwargs={"num_tokens": 4, "output_mode": "count"},
            input_data=IDS,
            expected_output=[[1.0, 2.0, 0.0, 0.0], [0.0, 0.0, 1.0, 2.0]],
            expected_output_shape=(2, 4),
            expected_num_trainable_weights=0,
            run_training_check=False,
        )

    def test_modes_match_numpy(self):
        eye = np.eye(4, dtype="float32")
        multi = CategoryEncoding(num_tokens=4)
        self.assertAllClose(multi(IDS), eye[IDS].max(axis=1))
        self.assertAllClose(multi(np.array([0, 1, 3])), [1.0, 1.0, 0.0, 1.0])
        one_hot = CategoryEncoding(num_tokens=4, output_mode="one_hot")
        self.assertAllClose(one_hot(np.array([0, 1, 3])), eye[[0, 1, 3]])
        self.assertEqual(tuple(one_hot(np.array([[0], [1]])).shape), (2, 4))
        self.assertEqual(tuple(one_hot(IDS).shape), (2, 3, 4))
        count = CategoryEncoding(num_tokens=4, output_mode="count")
        weights = np.array([[0.5, 1.0, 2.0], [1.0, 1.0, 1.0]])
        self.assertAllClose(count(IDS, count_weights=weights),
                            [[0.5, 3.0, 0.0, 0.0], [0.0, 0.0, 1.0, 2.0]])
        self.assertAllClose(count(np.array([[5, 1]])), [[0.0, 1.0, 0, 0]])

    def test_symbolic(self):
        layer = CategoryEncoding(num_tokens=3)
        self.assertEqual(layer(Input((2, 3), dtype="int32")).shape,
                         (None, 2, 3))
        one_hot = CategoryEncoding(num_tokens=3, output_mode="one_hot")
        self.assertEqual(one_hot(Input((1,), dtype="int32")).shape,
                         (None, 3))
        self.assertEqual(one_hot(Input((2,), dtype="int32")).shape,
                         (None, 2, 3))

    def test_config(self):
        layer = CategoryEncoding(num_tokens=3, output_mode="count")
        config = layer.get_config()
        self.assertEqual(config["num_tokens"], 3)
        self.assertEqual(config["output_mode"], "count")
        self.assertNotIn("sparse", config)
        self.run_class_serialization_test(layer)

    def test_tf_data(self):
        import tensorflow as tf

        layer = CategoryEncoding(num_tokens=4)
        out = next(iter(tf.data.Dataset.from_tensor_slices(IDS).batch(2)
                        .map(layer)))
        self.assertIsInstance(out, tf.Tensor)
        self.assertAllClose(out.numpy(), [[1, 1, 0, 0], [0, 0, 1, 1]])

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "num_tokens must be set"):
            CategoryEncoding()
        with self.assertRaisesRegex(ValueError, "num_tokens=0"):
            CategoryEncoding(num_tokens=0)
        with self.assertRaisesRegex(ValueError, "output_mode=x"):
            CategoryEncoding(num_tokens=3, output_mode="x")
        with self.assertRaisesRegex(ValueError, "sparse"):
            CategoryEncoding(num_tokens=3, sparse=True)
        with self.assertRaisesRegex(ValueError, "count_weights"):
            CategoryEncoding(num_tokens=3)(
                np.array([[1]]), count_weights=np.array([[1.0]]))
