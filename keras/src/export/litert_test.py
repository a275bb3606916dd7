"""LiteRT export, run with TensorFlow's interpreter."""

import os
import warnings

import pytest

from keras.src import backend
from keras.src import testing
from keras.src.export.saved_model_test import MODELS
from keras.src.export.saved_model_test import sample

tf = pytest.importorskip("tensorflow")


def _interpreter(path):
    try:
        from ai_edge_litert.interpreter import Interpreter
    except ImportError:
        Interpreter = tf.lite.Interpreter
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return Interpreter(model_path=path)


@pytest.mark.skipif(
    backend.backend() not in ("tensorflow", "jax"),
    reason="LiteRT export is tested from the tensorflow and jax backends.",
)
class ExportLiteRTTest(testing.TestCase):
    def test_model_export_runs_any_batch_size(self):
        model_name = "text"
        model = MODELS[model_name]()
        path = os.path.join(self.get_temp_dir(), f"{model_name}.tflite")
        model.export(path, format="litert", verbose=False)
        interpreter = _interpreter(path)
        inp = interpreter.get_input_details()[0]
        out = interpreter.get_output_details()[0]
        for batch_size in (1, 3):
            x = sample(model_name, batch_size)
            interpreter.resize_tensor_input(inp["index"], x.shape)
            interpreter.allocate_tensors()
            interpreter.set_tensor(inp["index"], x)
            interpreter.invoke()
            self.assertAllClose(
                interpreter.get_tensor(out["index"]),
                model.predict(x, verbose=0), atol=1e-5,
            )

    def test_bad_path(self):
        with self.assertRaisesRegex(ValueError, ".tflite"):
            MODELS["mlp"]().export("model.bin", format="litert")
