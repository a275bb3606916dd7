"""OpenVINO export, run with OpenVINO's CPU runtime."""

import os

import pytest

from keras.src import backend
from keras.src import testing
from keras.src.export.saved_model_test import MODELS
from keras.src.export.saved_model_test import sample

ov = pytest.importorskip("openvino")


@pytest.mark.skipif(
    backend.backend() not in ("tensorflow", "jax"),
    reason="OpenVINO export is tested from the tensorflow and jax backends.",
)
class ExportOpenVINOTest(testing.TestCase):
    def test_model_export_runs_any_batch_size(self):
        model = MODELS["mlp"]()
        path = os.path.join(self.get_temp_dir(), "mlp.xml")
        model.export(path, format="openvino", verbose=False)
        core = ov.Core()
        compiled = core.compile_model(
            core.read_model(path), "CPU",
            {"INFERENCE_PRECISION_HINT": "f32"},
        )
        for batch_size in (1, 3):
            x = sample("mlp", batch_size)
            self.assertAllClose(
                compiled(x)[0], model.predict(x, verbose=0), atol=1e-5
            )

    def test_bad_path(self):
        with self.assertRaisesRegex(ValueError, ".xml"):
            MODELS["mlp"]().export("model.bin", format="openvino")
