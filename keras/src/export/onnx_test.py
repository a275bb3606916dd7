"""ONNX export, run with onnxruntime."""

import os

import numpy as np
import pytest
from absl.testing import parameterized

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
