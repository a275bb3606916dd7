import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.layers.preprocessing.tf_data_layer import TFDataLayer
from keras.src.random.seed_generator import SeedGenerator


class Scale(TFDataLayer):
    def __init__(self, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.seed = seed
        self.seed_generator = SeedGenerator(seed)

    def call(self, inputs, training=True):
        if not training:
            return inputs
        seed = self._get_seed_generator(self.backend.name)
        factor = self.backend.random.uniform((), 1.0, 2.0, seed=seed)
        return self.backend.numpy.multiply(inputs, factor)


class TFDataLayerTest(testing.TestCase):
    def test_eager_call_uses_the_active_backend(self):
        layer = Scale(seed=1)
        out = layer(np.ones((2, 3), "float32"))
        self.assertTrue(backend.is_tensor(out))
        self.assertEqual(tuple(out.shape), (2, 3))
        values = backend.convert_to_numpy(out)
        self.assertTrue(np.all((values >= 1.0) & (values < 2.0)))
        self.assertAllClose(layer(np.ones((2,)), training=False), [1, 1])

    def test_tf_data_map_returns_tf_tensors(self):
        import tensorflow as tf

        layer = Scale(seed=3)
        state = backend.convert_to_numpy(layer.seed_generator.state)
        ds = tf.data.Dataset.from_tensor_slices(np.ones((6, 2), "float32"))
        values = []
        for out in ds.map(layer):
            self.assertIsInstance(out, tf.Tensor)
            values.append(out.numpy()[0])
        self.assertTrue(all(1.0 <= v < 2.0 for v in values))
        # Each element draws anew; on other backends than TensorFlow the
        # layer's own (backend) state is left alone.
        self.assertGreater(len(set(values)), 1)
        if backend.backend() != "tensorflow":
            self.assertAllClose(layer.seed_generator.state, state)
        self.assertEqual(layer.backend.name, backend.backend())

    def test_tf_data_draws_are_reproducible(self):
        import tensorflow as tf

        def run():
            ds = tf.data.Dataset.from_tensor_slices(
                np.ones((4, 1), "float32")
            ).map(Scale(seed=5))
            return [float(x.numpy()[0]) for x in ds]

        self.assertEqual(run(), run())

    def test_seed_generator_for_the_active_backend(self):
        layer = Scale(seed=2)
        self.assertIs(layer._get_seed_generator(), layer.seed_generator)
        self.assertIs(layer._get_seed_generator(backend.backend()),
                      layer.seed_generator)

    def test_config(self):
        layer = Scale(seed=2, name="scale")
        self.assertEqual(layer.get_config()["name"], "scale")
