import numpy as np

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.discretization import Discretization

X = np.array([[-1.5, 1.0, 3.4, 0.5], [0.0, 3.0, 1.3, 0.0]], "float32")


class DiscretizationTest(testing.TestCase):
    def test_layer_basics(self):
        self.run_layer_test(
            Discretization,
            init_kwargs={"bin_boundaries": [0.0, 0.5, 1.0]},
            input_shape=(2, 3),
            expected_output_shape=(2, 3),
            expected_output_dtype="int32",
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            run_training_check=False,
        )
        self.run_layer_test(
            Discretization,
            init_kwargs={"bin_boundaries": [0.0, 0.5],
                         "output_mode": "multi_hot"},
            input_shape=(2, 3),
            expected_output_shape=(2, 3),
            expected_output_dtype="float32",
        )

    def test_bins_match_numpy(self):
        layer = Discretization(bin_boundaries=[0.0, 1.0, 2.0])
        self.assertAllEqual(layer(X), np.digitize(X, [0.0, 1.0, 2.0]))
        self.assertAllEqual(layer(X), [[0, 2, 3, 1], [1, 3, 2, 1]])

    def test_adapt_quantiles(self):
        layer = Discretization(num_bins=4, epsilon=0.01)
        layer.adapt(X)
        self.assertAllEqual(layer(X), [[0, 2, 3, 2], [1, 3, 3, 1]])
        layer = Discretization(num_bins=4)
        layer.adapt(np.arange(100.0))
        self.assertEqual(layer.bin_boundaries, [24.0, 49.0, 74.0])

    def test_adapt_tf_dataset(self):
        import tensorflow as tf

        layer = Discretization(num_bins=4)
        layer.adapt(tf.data.Dataset.from_tensor_slices(X.ravel()).batch(3))
        self.assertAllEqual(layer(X), [[0, 2, 3, 2], [1, 3, 3, 1]])

    def test_encodings(self):
        x = np.array([-1.0, 0.5, 2.0], "float32")
        one_hot = Discretization(bin_boundaries=[0.0, 1.0],
                                 output_mode="one_hot")
        self.assertAllClose(one_hot(x), np.eye(3))
        count = Discretization(bin_boundaries=[0.0, 1.0],
                               output_mode="count")
        self.assertAllClose(count(np.array([[-1.0, 0.5, 2.0, 3.0]])),
                            [[1.0, 1.0, 2.0]])
        multi = Discretization(bin_boundaries=[0.0, 1.0],
                               output_mode="multi_hot")
        self.assertAllClose(
            multi(np.array([[-1.0, 0.5, 2.0], [1.0, 1.0, 1.0]])),
            [[1.0, 1.0, 1.0], [0.0, 0.0, 1.0]])
        self.assertEqual(multi(Input((3,))).shape, (None, 3))
        self.assertEqual(one_hot(Input((3,))).shape, (None, 3, 3))

    def test_config(self):
        layer = Discretization(bin_boundaries=[0.0, 1.0])
        self.assertEqual(layer.get_config(), {
            "bin_boundaries": [0.0, 1.0], "num_bins": None,
            "epsilon": 0.01, "output_mode": "int", "sparse": False,
            "name": layer.name, "dtype": "float32",
        })
        self.run_class_serialization_test(layer)
        adapted = Discretization(num_bins=3)
        adapted.adapt(np.arange(9.0))
        revived = Discretization.from_config(adapted.get_config())
        self.assertAllEqual(revived(X), adapted(X))

    def test_tf_data(self):
        import tensorflow as tf

        layer = Discretization(bin_boundaries=[0.0, 1.0, 2.0])
        out = next(iter(tf.data.Dataset.from_tensor_slices(X).batch(2)
                        .map(layer)))
        self.assertIsInstance(out, tf.Tensor)
        self.assertAllEqual(out.numpy(), [[0, 2, 3, 1], [1, 3, 2, 1]])

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "either `num_bins`"):
            Discretization()
        with self.assertRaisesRegex(ValueError, "output_mode=foo"):
            Discretization(bin_boundaries=[1.0], output_mode="foo")
        with self.assertRaisesRegex(ValueError, "num_bins=3"):
            Discretization(bin_boundaries=[1.0], num_bins=3)
        with self.assertRaisesRegex(ValueError, "sorted"):
            Discretization(bin_boundaries=[1.0, 0.0])
        with self.assertRaisesRegex(ValueError, "adapt"):
            Discretization(num_bins=3)(X)


class QuantileSummaryTest(testing.TestCase):
    def test_summaries(self):
        from keras.src.layers.preprocessing import discretization as d

        summary = d.summarize(np.array([3.0, 1.0, 2.0]), 0.01)
        self.assertAllClose(summary, [[1, 2, 3], [1, 1, 1]])
        merged = d.merge_summaries(summary, d.summarize([0.0], 0.01), 0.01)
        self.assertAllClose(merged[0], [0, 1, 2, 3])
        compressed = d.compress_summary(d.summarize(np.arange(100.0), 0.001),
                                        0.1)
        self.assertEqual(compressed.shape, (2, 10))
        self.assertAllClose(compressed[:, :2], [[9, 19], [10, 10]])
        self.assertAllClose(
            d.get_bin_boundaries(d.summarize(np.arange(10.0), 0.01), 4),
            [1.5, 4.0, 6.5],
        )
