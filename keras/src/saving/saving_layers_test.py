"""Every layer in `keras.layers` survives a `.keras` round trip.

Each exported layer class sits in a small functional model (the cases of
`integration_tests/supports_jit_truth_test.py`); the model is saved and
reloaded, and the reloaded model must hold the same weights and give the
same inference outputs.

Inference outputs are compared on NumPy and PyTorch only: on JAX and
TensorFlow the first eager call of each new model compiles its ops (1-2 s
per model on JAX, most of this file's time there), and the outputs follow
from the weights and configs, which are compared on every backend.
"""

import importlib.util
import json
import os

import numpy as np
import pytest
from absl.testing import parameterized

import keras
from keras.src import backend
from keras.src import testing
from keras.src import tree


def _registry():
    path = os.path.join(
        os.path.dirname(__file__), "..", "..", "..", "integration_tests",
        "supports_jit_truth_test.py",
    )
    spec = importlib.util.spec_from_file_location("_layer_cases", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CASES_MODULE = _registry()
# Layers that cannot round-trip in safe mode or without extra setup.
NOT_SAVED = {
    "Lambda": "holds a Python lambda (tested in saving_lib_test)",
    "TorchModuleWrapper": "pickles a torch module (unsafe to load)",
    "JaxLayer": "holds Python functions",
}


def _parameters():
    return [(name, name, cls) for name, cls in
            sorted(CASES_MODULE._exported_classes().items())]


def _numpy(outputs):
    return [backend.convert_to_numpy(x) for x in tree.flatten(outputs)]


def _configs(model):
    return [json.loads(json.dumps(layer.get_config(), default=repr))
            for layer in model.layers[1:]]


def _infer(model, x, spec):
    if spec["dtype"] == "string":
        # NumPy string arrays enter models through `predict`'s data path.
        return _numpy(model.predict(x, verbose=0))
    return _numpy(model(x, training=False))


class LayerSavingTest(testing.TestCase):
    @parameterized.named_parameters(*_parameters())
    @pytest.mark.filterwarnings("ignore::UserWarning")
    def test_round_trip(self, name, cls):
        if name in CASES_MODULE.SKIPPED:
            pytest.skip(CASES_MODULE.SKIPPED[name])
        if name in NOT_SAVED:
            pytest.skip(NOT_SAVED[name])
        spec = CASES_MODULE.CASES.get(name)
        if spec is None:
            self.fail(f"keras.layers.{name} has no case: add one to "
                      "integration_tests/supports_jit_truth_test.py.")
        if spec["backends"] and backend.backend() not in spec["backends"]:
            pytest.skip(f"{name} needs {spec['backends']}")
        model, _ = CASES_MODULE._build(name, cls, spec)
        x = CASES_MODULE._inputs(spec, np.random.default_rng(0))
        x = x if len(x) > 1 else x[0]
        compare_outputs = backend.backend() in ("numpy", "torch")
        if compare_outputs:
            expected = _infer(model, x, spec)
        path = os.path.join(self.get_temp_dir(), "model.keras")
        model.save(path)
        loaded = keras.saving.load_model(
            path, custom_objects={"_Head": CASES_MODULE._Head})
        self.assertEqual(len(loaded.weights), len(model.weights))
        for a, b in zip(model.weights, loaded.weights):
            self.assertAllClose(backend.convert_to_numpy(a.value),
                                backend.convert_to_numpy(b.value))
        # Configs pass through JSON (tuples come back as lists).
        self.assertEqual(_configs(loaded), _configs(model))
        if compare_outputs:
            actual = _infer(loaded, x, spec)
            for a, b in zip(actual, expected):
                self.assertAllClose(a, b, rtol=1e-5, atol=1e-5)
