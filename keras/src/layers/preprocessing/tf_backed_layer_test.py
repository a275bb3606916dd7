import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.layers.preprocessing import tf_backed_layer


class _Length(tf_backed_layer.TFBackedLayer):
    def _tf_call(self, inputs):
        return self.tf.strings.length(inputs)


class TFBackedLayerTest(testing.TestCase):
    def test_outputs_are_backend_tensors(self):
        out = _Length()(np.array(["ab", "abc"]))
        self.assertTrue(backend.is_tensor(out))
        self.assertAllEqual(out, [2, 3])
        self.assertFalse(_Length().supports_jit["torch"])

    def test_string_outputs_stay_tensorflow(self):
        import tensorflow as tf

        out = tf_backed_layer.from_tf(tf.constant(["a"]))
        self.assertIsInstance(out, tf.Tensor)

    def test_int_dtype_helpers(self):
        self.assertEqual(tf_backed_layer.split_int_dtype("int64"),
                         ("int64", None))
        self.assertEqual(tf_backed_layer.split_int_dtype("float16"),
                         (None, "float16"))
        config = tf_backed_layer.int_dtype_config("int32")
        self.assertEqual(tf_backed_layer.split_int_dtype(config),
                         ("int32", None))
        self.assertIn(tf_backed_layer.result_int_dtype("int64"),
                      ("int32", "int64"))
