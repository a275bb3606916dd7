import json

import numpy as np

from keras.src import layers
from keras.src import testing
from keras.src.layers.core.dense import Dense
from keras.src.layers.core.input_layer import Input
from keras.src.layers.layer import Layer
from keras.src.models.functional import Functional


class _Scale(Layer):
    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def call(self, x):
        return x * self.factor

    def get_config(self):
        return {**super().get_config(), "factor": self.factor}


class SerializeTest(testing.TestCase):
    def test_round_trip(self):
        layer = Dense(3, activation="relu", name="d")
        config = layers.serialize(layer)
        self.assertEqual(config["class_name"], "Dense")
        self.assertEqual(config["module"], "keras.layers")
        json.dumps(config)
        restored = layers.deserialize(config)
        self.assertIsInstance(restored, Dense)
        self.assertEqual(restored.get_config(), layer.get_config())

    def test_bare_class_name_and_custom_objects(self):
        layer = layers.deserialize(
            {"class_name": "Cropping1D", "config": {"cropping": (2, 1)}}
        )
        self.assertIsInstance(layer, layers.Cropping1D)
        self.assertEqual(layer.cropping, (2, 1))
        custom = layers.deserialize(
            {"class_name": "_Scale", "config": {"factor": 3.0}},
            custom_objects={"_Scale": _Scale},
        )
        self.assertEqual(custom.factor, 3.0)

    def test_model(self):
        inputs = Input((4,))
        model = Functional(inputs, Dense(2)(inputs))
        restored = layers.deserialize(layers.serialize(model))
        self.assertEqual(restored(np.ones((1, 4))).shape, (1, 2))

    def test_not_a_layer(self):
        config = {"module": "keras.initializers", "class_name": "Zeros",
                  "config": {}, "registered_name": None}
        with self.assertRaisesRegex(ValueError, "not describe a"):
            layers.deserialize(config)

    def test_package_exports_the_layer_classes(self):
        for name in ("Dense", "Conv2D", "ZeroPadding2D", "LSTM",
                     "ReversibleEmbedding", "Input", "InputSpec",
                     "concatenate"):
            self.assertTrue(hasattr(layers, name), name)
        self.assertIn("Cropping3D", layers.ALL_OBJECTS_DICT)
