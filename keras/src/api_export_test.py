import os
import subprocess
import sys

from keras.src import testing
from keras.src.api_export import REGISTRY
from keras.src.api_export import keras_export

REPO_ROOT = os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
)


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
