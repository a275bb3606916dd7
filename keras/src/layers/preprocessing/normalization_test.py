import numpy as np
import pytest

from keras.src import backend
from keras.src.layers.core.dense import Dense
from keras.src import testing
from keras.src.layers.preprocessing.normalization import Normalization


class NormalizationTest(testing.TestCase):
    def test_layer_basics_with_mean(self):
        self.run_layer_test(
            Normalization,
            init_kwargs={"axis": -1, "mean": [1.0, 2.0, 3.0],
                         "variance": [1.0, 4.0, 9.0]},
            input_shape=(2, 3),
            expected_output_shape=(2, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            supports_masking=True,
        )

    def test_layer_basics_adaptable(self):
        self.run_layer_test(
            Normalization,
            init_kwargs={"axis": -1},
            input_shape=(2, 3),
            expected_output_shape=(2, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=3,
            supports_masking=True,
        )

    def test_given_mean_matches_numpy(self):
        x = np.array([[1.0, 2.0], [3.0, 5.0]], "float32")
        layer = Normalization(mean=[1.0, 2.0], variance=[4.0, 9.0])
        out = layer(x)
        self.assertAllClose(out, (x - [1.0, 2.0]) / [2.0, 3.0])
        inverse = Normalization(mean=[1.0, 2.0], variance=[4.0, 9.0],
                                invert=True)
        self.assertAllClose(inverse(out), x, atol=1e-6)
        self.assertAllClose(
            Normalization(mean=2.0, variance=4.0, invert=True)(
                np.array([[1.0, 2.0]])), [[4.0, 6.0]])

    def test_adapt_numpy_and_axes(self):
        x = np.random.RandomState(0).normal(size=(16, 3, 4)) * 3 + 2
        for axis, reduce in [(-1, (0, 1)), ((1, 2), (0,)), (None, None)]:
            layer = Normalization(axis=axis)
            layer.adapt(x)
            mean = x.mean(axis=reduce, keepdims=True)
            std = x.std(axis=reduce, keepdims=True)
            self.assertAllClose(layer(x.astype("float32")),
                                (x - mean) / std, atol=1e-4, rtol=1e-4)
        layer = Normalization(axis=(1, 2))
        layer.adapt(x)
        self.assertEqual(tuple(layer.mean.shape), (1, 3, 4))
        self.assertEqual(tuple(layer.adapt_mean.shape), (3, 4))

    def test_adapt_tf_dataset_and_py_dataset(self):
        import tensorflow as tf

        from keras.src.trainers.data_adapters.py_dataset_adapter import (
            PyDataset,
        )

        x = np.arange(40.0).reshape(20, 2) ** 1.5
        layer = Normalization()
        layer.adapt(tf.data.Dataset.from_tensor_slices(x).batch(3))
        self.assertAllClose(layer.mean, x.mean(0, keepdims=True), rtol=1e-5)
        self.assertAllClose(layer.variance, x.var(0, keepdims=True),
                            rtol=1e-5)

        class Batches(PyDataset):
            def __len__(self):
                return 4

            def __getitem__(self, i):
                return x[i * 5:(i + 1) * 5]

        layer = Normalization()
        layer.adapt(Batches())
        self.assertAllClose(layer.variance, x.var(0, keepdims=True),
                            rtol=1e-5)

    def test_weights_round_trip(self):
        x = np.array([[1.0, 2.0], [3.0, 6.0]])
        layer = Normalization()
        layer.adapt(x)
        self.assertAllClose(layer.mean, [[2.0, 4.0]])
        self.assertAllClose(layer.variance, [[1.0, 4.0]])
        other = Normalization()
        other.build((None, 2))
        other.set_weights(layer.get_weights())
        self.assertAllClose(other(x), layer(x))

    def test_symbolic_and_int_inputs(self):
        from keras.src.layers.core.input_layer import Input

        layer = Normalization(mean=1.0, variance=1.0)
        y = layer(Input((3,)))
        self.assertEqual(y.shape, (None, 3))
        self.assertDType(layer(np.array([[1, 2, 3]])), "float32")

    def test_config(self):
        layer = Normalization(mean=np.array([1.0, 2.0]),
                              variance=np.array([1.0, 2.0]))
        config = layer.get_config()
        self.assertEqual(config["mean"], [1.0, 2.0])
        self.assertEqual(config["axis"], (-1,))
        revived = Normalization.from_config(config)
        x = np.array([[3.0, 4.0]], "float32")
        self.assertAllClose(revived(x), layer(x))
        self.run_class_serialization_test(layer)

    def test_tf_data(self):
        import tensorflow as tf

        layer = Normalization(mean=[1.0, 2.0], variance=[4.0, 4.0])
        ds = tf.data.Dataset.from_tensor_slices(
            np.array([[1.0, 4.0], [3.0, 2.0]], "float32")
        ).batch(2).map(layer)
        out = next(iter(ds))
        self.assertIsInstance(out, tf.Tensor)
        self.assertAllClose(out.numpy(), [[0.0, 1.0], [1.0, 0.0]])

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "mean.*variance"):
            Normalization(mean=1.0)
        with self.assertRaisesRegex(ValueError, "axis"):
            Normalization(axis="a")
        with self.assertRaisesRegex(ValueError, "range"):
            Normalization(axis=5).build((None, 3))
        with self.assertRaisesRegex(ValueError, "Cannot adapt"):
            Normalization(mean=1.0, variance=1.0).adapt(np.ones((2, 2)))
        with self.assertRaisesRegex(ValueError, "known shape"):
            Normalization().build((None, None))

    @pytest.mark.requires_trainable_backend
    def test_in_model_fit(self):
        from keras.src.models.sequential import Sequential

        layer = Normalization()
        x = np.random.RandomState(1).normal(size=(8, 3)).astype("float32")
        layer.adapt(x)
        model = Sequential([layer, Dense(1)])
        model.compile(optimizer="sgd", loss="mse")
        model.fit(x, np.zeros((8, 1)), epochs=1, verbose=0)
        self.assertEqual(backend.standardize_dtype(
            model.predict(x, verbose=0).dtype), "float32")
