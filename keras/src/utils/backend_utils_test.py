import sys

from keras.src import backend
from keras.src import testing
from keras.src.utils import backend_utils


class InTFGraphTest(testing.TestCase):
    def test_eager_is_not_a_graph(self):
        self.assertFalse(backend_utils.in_tf_graph())

    def test_inside_tf_function(self):
        import tensorflow as tf

        seen = []

        @tf.function
        def fn():
            seen.append(backend_utils.in_tf_graph())
            return tf.constant(0)

        fn()
        self.assertEqual(seen, [True])

    def test_never_imports_tensorflow(self):
        tf = sys.modules.pop("tensorflow", None)
        try:
            self.assertFalse(backend_utils.in_tf_graph())
            self.assertNotIn("tensorflow", sys.modules)
        finally:
            if tf is not None:
                sys.modules["tensorflow"] = tf


class DynamicBackendTest(testing.TestCase):
    def test_defaults_to_the_active_backend(self):
        dynamic = backend_utils.DynamicBackend()
        self.assertEqual(dynamic.name, backend.backend())
        self.assertIs(dynamic.numpy.clip, backend.numpy.clip)
        self.assertIs(dynamic.cast, backend.cast)
        self.assertIs(dynamic.random.uniform, backend.random.uniform)

    def test_switch_and_reset(self):
        dynamic = backend_utils.DynamicBackend()
        dynamic.set_backend("tensorflow")
        self.assertEqual(dynamic.name, "tensorflow")
        x = dynamic.numpy.clip(dynamic.convert_to_tensor([-1.0, 2.0]),
                               0.0, 1.0)
        self.assertEqual(type(x).__module__.split(".")[0], "tensorflow")
        self.assertAllClose(x, [0.0, 1.0])
        dynamic.reset()
        self.assertEqual(dynamic.name, backend.backend())

    def test_named_backend_and_submodules(self):
        dynamic = backend_utils.DynamicBackend("numpy")
        self.assertEqual(dynamic.name, "numpy")
        self.assertAllClose(dynamic.core.convert_to_numpy([1, 2]), [1, 2])
        with self.assertRaisesRegex(AttributeError, "no_such_thing"):
            dynamic.no_such_thing

    def test_unknown_backend(self):
        with self.assertRaisesRegex(ValueError, "Expected one of.*'mxnet'"):
            backend_utils.DynamicBackend("mxnet")
        with self.assertRaisesRegex(ValueError, "'mxnet'"):
            backend_utils.DynamicBackend().set_backend("mxnet")


class TFHelpersTest(testing.TestCase):
    def test_tf_graph_scope(self):
        self.assertFalse(backend_utils.in_tf_graph())
        with backend_utils.TFGraphScope():
            self.assertTrue(backend_utils.in_tf_graph())
            with backend_utils.TFGraphScope():
                self.assertTrue(backend_utils.in_tf_graph())
            self.assertTrue(backend_utils.in_tf_graph())
        self.assertFalse(backend_utils.in_tf_graph())

    def test_in_grain_data_pipeline(self):
        self.assertFalse(backend_utils.in_grain_data_pipeline())

    def test_convert_tf_tensor(self):
        x = backend_utils.convert_tf_tensor([1, 2], dtype="int32")
        self.assertTrue(backend.is_tensor(x))
        self.assertDType(x, "int32")
        self.assertAllClose(x, [1, 2])
