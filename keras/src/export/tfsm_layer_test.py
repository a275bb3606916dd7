"""TFSMLayer: a SavedModel endpoint as a Keras layer."""

import os

import numpy as np
import pytest

import keras
from keras.src import backend
from keras.src import testing
from keras.src.export import saved_model
from keras.src.export.saved_model_test import mlp
from keras.src.export.saved_model_test import needs_export

tf = pytest.importorskip("tensorflow")


@needs_export
class TFSMLayerTest(testing.TestCase):
    def _write(self):
        model = keras.Sequential(
            [
                keras.Input((3,)),
                keras.layers.Dense(2),
                keras.layers.BatchNormalization(),
            ]
        )
        archive = saved_model.ExportArchive()
        archive.track(model)
        spec = [keras.InputSpec(shape=(None, 3), dtype="float32")]
        archive.add_endpoint("call", lambda x: model(x, training=False), spec)
        archive.add_endpoint(
            "call2", lambda x: model(x, training=False) * 2.0, spec
        )
        path = os.path.join(self.get_temp_dir(), "archive")
        archive.write_out(path, verbose=False)
        return model, path

    def test_round_trip_in_functional_model(self):
        model, path = self._write()
        layer = keras.layers.TFSMLayer(
            path, call_endpoint="call", call_training_endpoint="call2"
        )
        x = np.random.rand(4, 3).astype("float32")
        expected = model.predict(x, verbose=0)
        self.assertAllClose(layer(x), expected, atol=1e-5)
        self.assertAllClose(layer(x, training=True), 2 * expected,
                            atol=1e-5)
        self.assertLen(layer.weights, 6)
        inputs = keras.Input((3,))
        outputs = layer(inputs)
        self.assertEqual(outputs.shape, (None, 2))
        wrapper = keras.Model(inputs, outputs)
        self.assertAllClose(wrapper.predict(x, verbose=0), expected,
                            atol=1e-5)
        if backend.backend() == "tensorflow":
            self.assertLen(layer.trainable_weights, 4)

        config = layer.get_config()
        self.assertEqual(
            (config["filepath"], config["call_endpoint"],
             config["call_training_endpoint"]),
            (path, "call", "call2"),
        )
        with self.assertRaisesRegex(ValueError, "safe_mode=False"):
            keras.layers.TFSMLayer.from_config(config)
        revived = keras.layers.TFSMLayer.from_config(config, safe_mode=False)
        self.assertAllClose(revived(x), expected, atol=1e-5)

        with self.assertRaisesRegex(ValueError, "Available endpoints"):
            keras.layers.TFSMLayer(path, call_endpoint="nope")
        with self.assertRaisesRegex(ValueError, "call_training_endpoint"):
            keras.layers.TFSMLayer(path, call_endpoint="call",
                                   call_training_endpoint="nope")

    def test_default_endpoint_and_signature(self):
        model = mlp()
        path = os.path.join(self.get_temp_dir(), "mlp")
        model.export(path, verbose=False)
        x = np.random.rand(2, 4).astype("float32")
        expected = model.predict(x, verbose=0)
        self.assertAllClose(keras.layers.TFSMLayer(path)(x), expected,
                            atol=1e-5)
        by_signature = keras.layers.TFSMLayer(
            path, call_endpoint="serving_default"
        )
        self.assertAllClose(by_signature(x)["output_0"], expected,
                            atol=1e-5)
