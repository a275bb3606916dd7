from keras.src import testing
from keras.src.backend import KerasTensor
from keras.src.layers.core.input_layer import Input
from keras.src.layers.core.input_layer import InputLayer


class InputLayerTest(testing.TestCase):
    def test_input(self):
        x = Input((3, 4), batch_size=2, dtype="int32", name="ids")
        self.assertEqual(x.shape, (2, 3, 4))
        self.assertEqual(x.dtype, "int32")
        self.assertEqual(x.name, "ids")
        layer = x._keras_history.operation
        self.assertIsInstance(layer, InputLayer)
        self.assertTrue(layer.built)

    def test_batch_shape_and_int_shape(self):
        self.assertEqual(Input(batch_shape=(None, 5)).shape, (None, 5))
        self.assertEqual(Input(7).shape, (None, 7))

    def test_config_round_trip(self):
        layer = InputLayer(shape=(2,), name="in")
        config = layer.get_config()
        self.assertEqual(config, {
            "batch_shape": (None, 2), "dtype": "float32", "sparse": False,
            "ragged": False, "name": "in", "optional": False,
        })
        self.assertEqual(InputLayer.from_config(config).output.shape,
                         (None, 2))

    def test_input_tensor(self):
        tensor = KerasTensor((None, 3), dtype="float16")
        layer = InputLayer(input_tensor=tensor)
        self.assertIs(layer.output, tensor)
        self.assertEqual(layer.dtype, "float16")

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "both `shape` and"):
            InputLayer(shape=(2,), batch_shape=(None, 2))
        with self.assertRaisesRegex(ValueError, "needs a `shape`"):
            InputLayer()
        with self.assertRaisesRegex(ValueError, "must be a KerasTensor"):
            InputLayer(input_tensor=[1, 2])
