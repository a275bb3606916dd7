"""ONNX export, run with onnxruntime."""

import os

import numpy as np
import pytest
from absl.testing import parameterized

import keras

from keras.src import backend
from keras.src import testing
from keras.src.export.saved_model_test import MODELS
from keras.src.export.saved_model_test import needs_export
from keras.src.export.saved_model_test import sample

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")
pytest.importorskip("tf2onnx")


@needs_export
@pytest.mark.skipif(
    backend.backend() == "torch",
    reason="Torch's ONNX export is tested in "
    "keras/src/backend/torch/export_test.py (same models).",
)
class ExportONNXTest(testing.TestCase):
    @parameterized.named_parameters(("mlp", "mlp"), ("convnet", "convnet"),
                                    ("text", "text"))
    def test_model_export_runs_any_batch_size(self, model_name):
        model = MODELS[model_name]()
        path = os.path.join(self.get_temp_dir(), f"{model_name}.onnx")
        model.export(path, format="onnx", verbose=False, opset_version=18)
        self.assertEqual(
            [o.version for o in onnx.load(path).opset_import if not o.domain],
            [18],
        )
        session = ort.InferenceSession(path)
        name = session.get_inputs()[0].name
        for batch_size in (1, 3):
            x = sample(model_name, batch_size)
            (outputs,) = session.run(None, {name: x})
            self.assertAllClose(
                outputs, model.predict(x, verbose=0), atol=1e-5
            )

    def test_free_sequence_axis(self):
        tokens = keras.Input((None,), dtype="int32")
        x = keras.layers.Embedding(20, 4)(tokens)
        x = keras.layers.GlobalAveragePooling1D()(x)
        model = keras.Model(tokens, x)
        path = os.path.join(self.get_temp_dir(), "sequence.onnx")
        model.export(path, format="onnx", verbose=False)
        session = ort.InferenceSession(path)
        name = session.get_inputs()[0].name
        for shape in ((2, 5), (3, 7)):
            x = np.random.randint(0, 20, shape).astype("int32")
            (outputs,) = session.run(None, {name: x})
            self.assertAllClose(
                outputs, model.predict(x, verbose=0), atol=1e-5
            )

    @pytest.mark.skipif(backend.backend() != "jax",
                        reason="The jax backend's primitive rules.")
    def test_jax_primitive_without_rule(self):
        model = keras.Sequential(
            [keras.Input((4,)), keras.layers.Lambda(keras.ops.sort)]
        )
        path = os.path.join(self.get_temp_dir(), "sort.onnx")
        with self.assertRaisesRegex(ValueError, "primitive 'sort'"):
            model.export(path, format="onnx", verbose=False)
