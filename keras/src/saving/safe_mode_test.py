"""Crafted `.keras` files: loading refuses them cleanly, with no effect.

Every file is made by the test itself, in a temporary folder: a real model
is saved, then its archive is rewritten with a crafted `config.json`, crafted
members or damaged bytes. Payloads that would run try to create a marker
file; each test checks that the marker does not exist afterwards.
"""

import io
import json
import os
import sys
import zipfile

import h5py
import numpy as np

from keras.src import testing
from keras.src.backend.common import global_state
from keras.src.layers.core.dense import Dense
from keras.src.layers.core.input_layer import Input
from keras.src.models.sequential import Sequential
from keras.src.saving import safe_mode
from keras.src.saving import saving_api
from keras.src.saving import serialization_lib


def _dense_config(activation="linear"):
    return {
        "module": "keras.layers",
        "class_name": "Dense",
        "config": {"name": "dense", "units": 2, "activation": activation},
        "registered_name": None,
        "build_config": {"input_shape": [None, 3]},
    }


def _sequential_config(*layers):
    return {
        "module": "keras",
        "class_name": "Sequential",
        "config": {
            "name": "sequential",
            "layers": [
                {"module": "keras.layers", "class_name": "InputLayer",
                 "config": {"batch_shape": [None, 3], "dtype": "float32",
                            "name": "input_layer"},
                 "registered_name": None},
                *layers,
            ],
        },
        "registered_name": None,
        "build_config": {"input_shape": [None, 3]},
    }


def _function(module, name):
    return {"module": module, "class_name": "function", "config": name,
            "registered_name": "function"}


class CraftedFilesTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        self.folder = self.get_temp_dir()
        self.marker = os.path.join(self.folder, "marker")
        model = Sequential([Input((3,)), Dense(2, name="dense")])
        self.model_path = os.path.join(self.folder, "model.keras")
        model.save(self.model_path)
        with zipfile.ZipFile(self.model_path) as archive:
            self.members = {
                name: archive.read(name) for name in archive.namelist()
            }

    def tearDown(self):
        self.assertFalse(
            os.path.exists(self.marker), "a crafted payload ran"
        )
        super().tearDown()

    def _write(self, name="crafted.keras", config=None, extra=(),
               compression=zipfile.ZIP_STORED):
        members = dict(self.members)
        if config is not None:
            members["config.json"] = (
                config if isinstance(config, (str, bytes))
                else json.dumps(config)
            )
        path = os.path.join(self.folder, name)
        with zipfile.ZipFile(path, "w", compression) as archive:
            for member, data in list(members.items()) + list(extra):
                archive.writestr(member, data)
        return path

    def _load(self, path, **kwargs):
        return saving_api.load_model(path, **kwargs)

    # -- code in the configuration --------------------------------------

    def test_lambda_bytecode_is_refused(self):
        marker = self.marker
        layer = serialization_lib.serialize_keras_object(
            _lambda_layer(lambda x: (open(marker, "w").close(), x)[1])
        )
        path = self._write(config=_sequential_config(layer))
        with self.assertRaisesRegex(
            ValueError, "safe_mode=False.*enable_unsafe_deserialization"
        ):
            self._load(path)

    def test_lambda_loads_when_opted_out(self):
        layer = serialization_lib.serialize_keras_object(
            _lambda_layer(lambda x: x * 3.0)
        )
        path = self._write(config=_sequential_config(layer))
        model = self._load(path, safe_mode=False)
        self.assertAllClose(model(np.ones((1, 3))), 3 * np.ones((1, 3)))
        # The global switch works as well.
        self.addCleanup(global_state.set_global_attribute, "safe_mode", None)
        safe_mode.enable_unsafe_deserialization()
        model = self._load(path)
        self.assertAllClose(model(np.ones((1, 3))), 3 * np.ones((1, 3)))

    def test_modules_outside_keras_are_refused(self):
        for module, class_name in [
            ("os", "system"),
            ("builtins", "eval"),
            ("subprocess", "Popen"),
            ("importlib", "import_module"),
            ("keras.src.saving.serialization_lib", "importlib"),
        ]:
            layer = {"module": module, "class_name": class_name,
                     "config": {"command": f"touch {self.marker}"},
                     "registered_name": None}
            path = self._write(config=_sequential_config(layer))
            with self.assertRaises(ValueError, msg=module):
                self._load(path)

    def test_module_named_by_the_file_is_never_imported(self):
        package = os.path.join(self.folder, "site")
        os.makedirs(package)
        with open(os.path.join(package, "crafted_payload.py"), "w") as f:
            f.write(f"open({self.marker!r}, 'w').close()\nclass Layer: pass\n")
        sys.path.insert(0, package)
        self.addCleanup(sys.path.remove, package)
        for config in [
            {"module": "crafted_payload", "class_name": "Layer",
             "config": {}, "registered_name": None},
            {"module": "crafted_payload", "class_name": "Layer",
             "config": {}, "registered_name": "crafted_payload>Layer"},
        ]:
            path = self._write(config=_sequential_config(config))
            for safe in (True, False):
                with self.assertRaisesRegex(ValueError, "crafted_payload"):
                    self._load(path, safe_mode=safe)
        self.assertNotIn("crafted_payload", sys.modules)

    def test_functions_that_are_not_modeling_functions(self):
        for function in [
            _function("builtins", "eval"),
            _function("os", "system"),
            _function("keras.src.saving.safe_mode",
                      "enable_unsafe_deserialization"),
            _function("keras.config", "enable_unsafe_deserialization"),
            _function("keras.src.saving.saving_api", "load_model"),
        ]:
            path = self._write(
                config=_sequential_config(_dense_config(function))
            )
            with self.assertRaises(ValueError, msg=function["config"]):
                self._load(path)
            # Nothing turned unsafe deserialization on.
            self.assertIsNot(safe_mode.in_safe_mode(), False)

    def test_builtin_types_other_than_data_are_refused(self):
        config = {"module": "builtins", "class_name": "type",
                  "config": "object", "registered_name": "type"}
        with self.assertRaises(ValueError):
            serialization_lib.deserialize_keras_object(config)
        config["config"] = "int"
        self.assertIs(serialization_lib.deserialize_keras_object(config), int)

    def test_keras_activation_by_name_still_loads(self):
        path = self._write(config=_sequential_config(
            _dense_config(_function("builtins", "relu"))
        ))
        model = self._load(path)
        self.assertEqual(model.layers[0].activation.__name__, "relu")

    # -- damaged and oversized archives ---------------------------------

    def test_member_paths_outside_the_archive(self):
        for name in ["../escaped.txt", "/tmp/absolute.txt",
                     "assets/../../escaped.txt"]:
            path = self._write(extra=[(name, b"x")])
            with self.assertRaisesRegex(ValueError, "crafted.keras"):
                self._load(path)
        self.assertFalse(
            os.path.exists(os.path.join(os.path.dirname(self.folder),
                                        "escaped.txt"))
        )

    def test_zip_bomb(self):
        self._patch(safe_mode, "MAX_COMPRESSION_RATIO", 20)
        path = self._write(
            extra=[("assets/zeros.bin", b"\0" * 2**20)],
            compression=zipfile.ZIP_DEFLATED,
        )
        with self.assertRaisesRegex(ValueError, "expand.*crafted|crafted.*"
                                    "expand"):
            self._load(path)

    def test_archive_too_large(self):
        self._patch(safe_mode, "MAX_ARCHIVE_BYTES", 1000)
        with self.assertRaisesRegex(ValueError, "model.keras.*bytes"):
            self._load(self.model_path)

    def test_truncated_and_corrupt_files(self):
        data = open(self.model_path, "rb").read()
        truncated = os.path.join(self.folder, "truncated.keras")
        with open(truncated, "wb") as f:
            f.write(data[: len(data) // 2])
        with self.assertRaisesRegex(ValueError, "truncated.keras"):
            self._load(truncated)

        garbage = os.path.join(self.folder, "garbage.keras")
        with open(garbage, "wb") as f:
            f.write(b"PK\x03\x04" + os.urandom(300))
        with self.assertRaisesRegex(ValueError, "garbage.keras"):
            self._load(garbage)

        # Flip bytes inside config.json (stored uncompressed): its CRC no
        # longer matches.
        start = data.index(b'"class_name"')
        corrupt = os.path.join(self.folder, "corrupt.keras")
        with open(corrupt, "wb") as f:
            f.write(data[:start] + b"X" * 12 + data[start + 12:])
        with self.assertRaisesRegex(ValueError, "corrupt.keras"):
            self._load(corrupt)

    def test_corrupt_weights_file(self):
        weights = self.members["model.weights.h5"]
        for damaged in [b"\xff" * 64 + weights[64:],
                        weights[: len(weights) // 2]]:
            self.members["model.weights.h5"] = damaged
            path = self._write()
            with self.assertRaisesRegex(ValueError, "crafted.keras"):
                self._load(path)

    def test_deep_and_huge_configs(self):
        # Too deep for the JSON parser.
        path = self._write(config="[" * 200000 + "]" * 200000)
        with self.assertRaisesRegex(ValueError, "crafted.keras"):
            self._load(path)
        # Parses, but too deep to deserialize.
        nested = {"units": 2}
        for _ in range(700):
            nested = {"inner": nested}
        path = self._write(config=nested)
        with self.assertRaisesRegex(ValueError, "nested too deeply"):
            self._load(path)
        # Larger than the accepted size.
        self._patch(safe_mode, "MAX_JSON_BYTES", 100)
        with self.assertRaisesRegex(ValueError, "config.json.*model.keras|"
                                    "model.keras.*config.json"):
            self._load(self.model_path)

    def test_weights_of_wrong_shape_or_dtype_name_the_variable(self):
        original = self.members["model.weights.h5"]

        def rewrite(replace):
            with h5py.File(io.BytesIO(original), "r") as source:
                buffer = io.BytesIO()
                with h5py.File(buffer, "w") as target:
                    for key in source:
                        source.copy(source[key], target, key)
                    for key, value in source.attrs.items():
                        target.attrs[key] = value
                    replace(target)
            members = dict(self.members)
            members["model.weights.h5"] = buffer.getvalue()
            return members

        def wrong_shape(f):
            del f["layers/dense/vars/0"]
            f["layers/dense/vars/0"] = np.zeros((4, 2), "float32")

        def wrong_dtype(f):
            del f["layers/dense/vars/1"]
            f["layers/dense/vars/1"] = np.array([b"a", b"b"])

        for replace, pattern in [(wrong_shape, r"dense/kernel.*\(4, 2\)"),
                                 (wrong_dtype, r"dense/bias.*\|S1")]:
            self.members = rewrite(replace)
            path = self._write()
            with self.assertRaisesRegex(ValueError, pattern):
                self._load(path)

    def _patch(self, module, name, value):
        previous = getattr(module, name)
        setattr(module, name, value)
        self.addCleanup(setattr, module, name, previous)


def _lambda_layer(function):
    from keras.src.layers.core.lambda_layer import Lambda

    return Lambda(function)
