import numpy as np

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.discretization import Discretization
from keras.src.layers.preprocessing.normalization import Normalization
from keras.src.layers.preprocessing.pipeline import Pipeline
from keras.src.layers.preprocessing.string_lookup import StringLookup


def _pipeline():
    return Pipeline([Normalization(mean=1.0, variance=4.0),
                     Discretization(bin_boundaries=[0.0])])


class PipelineTest(testing.TestCase):
    def test_call_and_symbolic(self):
        pipeline = _pipeline()
        self.assertAllEqual(pipeline(np.array([[0.0, 3.0]])), [[0, 1]])
        self.assertEqual(len(pipeline.layers), 2)
        self.assertEqual(pipeline(Input((2,))).shape, (None, 2))

    def test_config(self):
        pipeline = _pipeline()
        pipeline(np.array([[0.0, 3.0]]))
        config = pipeline.get_config()
        self.assertEqual(set(config), {"layers", "name"})
        self.assertEqual(config["layers"][1]["class_name"], "Discretization")
        revived = Pipeline.from_config(config)
        self.assertAllEqual(revived(np.array([[0.0, 3.0]])), [[0, 1]])

    def test_tf_data(self):
        import tensorflow as tf

        ds = tf.data.Dataset.from_tensor_slices(
            np.array([[0.0, 3.0]], "float32")).batch(1).map(_pipeline())
        out = next(iter(ds))
        self.assertIsInstance(out, tf.Tensor)
        self.assertAllEqual(out.numpy(), [[0, 1]])
        strings = Pipeline([StringLookup(vocabulary=["a", "b"])])
        ds = tf.data.Dataset.from_tensor_slices(np.array(["b", "z"]))
        out = next(iter(ds.batch(2).map(strings)))
        self.assertAllEqual(out.numpy(), [2, 0])

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "list of layers"):
            Pipeline([1, 2])
