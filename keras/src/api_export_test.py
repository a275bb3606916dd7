import importlib
import importlib.util
import os
import subprocess
import sys

import keras
from keras.src import testing
from keras.src.api_export import REGISTRY
from keras.src.api_export import keras_export

REPO_ROOT = os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
)


def _load_api_gen():
    spec = importlib.util.spec_from_file_location(
        "api_gen", os.path.join(REPO_ROOT, "api_gen.py")
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class ApiExportTest(testing.TestCase):
    def test_generated_namespaces_match_registrations(self):
        result = subprocess.run(
            [sys.executable, os.path.join(REPO_ROOT, "api_gen.py"), "--check"],
            capture_output=True,
            text=True,
            cwd=REPO_ROOT,
        )
        self.assertEqual(
            result.returncode, 0, msg=result.stdout + result.stderr
        )

    def test_registration_records_defining_module(self):
        @keras_export("keras.testing_only.sample_function")
        def sample_function():
            return 1

        try:
            module, name = REGISTRY["keras.testing_only.sample_function"]
            self.assertEqual(module, __name__)
            self.assertEqual(name, "sample_function")
        finally:
            del REGISTRY["keras.testing_only.sample_function"]

    def test_tf_keras_namespaces_mirror_public_ones(self):
        # The drift check above covers keras/_tf_keras/ too; this checks
        # that what was generated there matches the Keras 3 namespaces.
        for namespace in ("", ".layers", ".ops.nn", ".optimizers.schedules"):
            ours = importlib.import_module("keras" + namespace)
            mirror = importlib.import_module(
                "keras._tf_keras.keras" + namespace
            )
            public = {
                n for n in dir(ours) if not n.startswith("_") and n != "src"
            }
            self.assertEqual(
                public - {n for n in dir(mirror) if not n.startswith("_")},
                set(),
            )
            for name in public:
                if not isinstance(getattr(ours, name), type(keras)):
                    self.assertIs(getattr(mirror, name), getattr(ours, name))

    def test_tf_keras_only_registration_replaces_keras_names(self):
        api_gen = _load_api_gen()
        mse = ("keras.src.losses.losses", "mean_squared_error")
        namespaces = {
            "keras": {},
            "keras.losses": {
                "mean_squared_error": mse,
                "Loss": ("keras.src.losses.loss", "Loss"),
            },
        }
        tf_keras_only = {
            "keras._tf_keras.keras.losses": {"mse": mse, "MSE": mse}
        }
        result = api_gen._tf_keras_namespaces(namespaces, tf_keras_only)
        self.assertEqual(
            result["keras._tf_keras.keras.losses"],
            {
                "mse": mse,
                "MSE": mse,
                "Loss": ("keras.src.losses.loss", "Loss"),
            },
        )
        self.assertEqual(result["keras._tf_keras.keras"], {})
        # The Keras 3 namespace itself keeps its names.
        self.assertIn("mean_squared_error", namespaces["keras.losses"])

    def test_import_keras_does_not_load_tf_keras(self):
        code = "import sys, keras; print('keras._tf_keras' in sys.modules)"
        result = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            cwd=REPO_ROOT,
        )
        self.assertEqual(result.stdout.strip(), "False", msg=result.stderr)
