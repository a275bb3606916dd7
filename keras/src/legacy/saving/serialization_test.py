import keras
from keras.src import testing
from keras.src.legacy.saving import serialization


class Point:
    def __init__(self, x=0):
        self.x = x


class LegacySerializationTest(testing.TestCase):
    def test_layer_round_trip(self):
        layer = keras.layers.Dense(3, activation="relu",
                                   kernel_regularizer="l2")
        config = serialization.serialize_keras_object(layer)
        self.assertEqual(set(config), {"class_name", "config"})
        self.assertEqual(config["class_name"], "Dense")
        self.assertEqual(config["config"]["units"], 3)
        clone = serialization.deserialize_keras_object(
            config, module_objects=vars(keras.layers))
        self.assertIsInstance(clone, keras.layers.Dense)
        self.assertEqual(clone.get_config(), layer.get_config())

    def test_functions_names_and_none(self):
        self.assertEqual(
            serialization.serialize_keras_object(keras.activations.relu),
            "relu")
        self.assertIsNone(serialization.serialize_keras_object(None))
        self.assertIsNone(serialization.deserialize_keras_object(None))
        self.assertIs(
            serialization.deserialize_keras_object(
                "relu", module_objects={"relu": keras.activations.relu}),
            keras.activations.relu)
        with self.assertRaisesRegex(ValueError, "get_config"):
            serialization.serialize_keras_object(3)

    def test_custom_objects_and_errors(self):
        point = serialization.deserialize_keras_object(
            {"class_name": "Point", "config": {"x": 4}},
            custom_objects={"Point": Point})
        self.assertEqual(point.x, 4)
        with self.assertRaisesRegex(ValueError, "Unknown layer: 'Foo'"):
            serialization.deserialize_keras_object(
                {"class_name": "Foo", "config": {}}, module_objects={},
                printable_module_name="layer")
        with self.assertRaisesRegex(ValueError, "Improper config"):
            serialization.deserialize_keras_object({"config": {}})
        with self.assertRaisesRegex(ValueError, "Could not interpret"):
            serialization.deserialize_keras_object(3)

    def test_initializer_config(self):
        initializer = keras.initializers.Constant(2.0)
        config = serialization.serialize_keras_object(initializer)
        self.assertEqual(config, {"class_name": "Constant",
                                  "config": {"value": 2.0}})
