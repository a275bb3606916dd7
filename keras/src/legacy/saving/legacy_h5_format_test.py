import base64
import json
import marshal
import os

import h5py
import numpy as np
import pytest
from absl.testing import parameterized

from keras.src.layers.core.dense import Dense
from keras.src.layers.core.input_layer import Input
from keras.src.layers.normalization.batch_normalization import (
    BatchNormalization,
)
from keras.src.layers.layer import Layer
from keras.src.models.sequential import Sequential
from keras.src import ops
from keras.src import optimizers
from keras.src import testing
from keras.src.legacy.saving import legacy_h5_format
from keras.src.legacy.saving import saving_utils
from keras.src.saving import object_registration
from keras.src.saving import saving_api

TESTDATA = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(__file__))),
    "saving", "testdata", "upstream",
)


# -- Keras 2 (tf.keras) files, written with h5py in the documented layout --


def _initializer(name, **config):
    return {"class_name": name, "config": config}


def _dense(name, units, activation="linear", inbound=None):
    layer = {
        "class_name": "Dense",
        "config": {
            "name": name, "trainable": True, "dtype": "float32",
            "units": units, "activation": activation, "use_bias": True,
            "kernel_initializer": _initializer("GlorotUniform", seed=None),
            "bias_initializer": _initializer("Zeros"),
            "kernel_regularizer": None, "bias_regularizer": None,
            "activity_regularizer": None, "kernel_constraint": None,
            "bias_constraint": None,
        },
    }
    if inbound is not None:
        layer["name"] = name
        layer["inbound_nodes"] = inbound
    return layer


def _keras2_functional():
    """Input(4) -> Dense(3, relu) -> BatchNormalization (Keras 2 arguments)
    and Input(2) -> Concatenate -> Dense(2), as tf.keras 2.x wrote it."""
    bn = {
        "class_name": "BatchNormalization",
        "name": "bn",
        "config": {
            "name": "bn", "trainable": True, "dtype": "float32",
            "axis": [1], "momentum": 0.99, "epsilon": 0.001, "center": True,
            "scale": True, "beta_initializer": _initializer("Zeros"),
            "gamma_initializer": _initializer("Ones"),
            "moving_mean_initializer": _initializer("Zeros"),
            "moving_variance_initializer": _initializer("Ones"),
            "beta_regularizer": None, "gamma_regularizer": None,
            "beta_constraint": None, "gamma_constraint": None,
            # Removed in Keras 3, harmless at these values.
            "renorm": False, "renorm_clipping": None,
            "renorm_momentum": 0.99, "fused": None, "virtual_batch_size": None,
            "adjustment": None,
        },
        "inbound_nodes": [[["dense", 0, 0, {}]]],
    }
    config = {
        "class_name": "Functional",
        "config": {
            "name": "model",
            "layers": [
                {"class_name": "InputLayer", "name": "input_1",
                 "config": {"batch_input_shape": [None, 4],
                            "dtype": "float32", "sparse": False,
                            "ragged": False, "name": "input_1"},
                 "inbound_nodes": []},
                {"class_name": "InputLayer", "name": "input_2",
                 "config": {"batch_input_shape": [None, 2],
                            "dtype": "float32", "sparse": False,
                            "ragged": False, "name": "input_2"},
                 "inbound_nodes": []},
                _dense("dense", 3, "relu", [[["input_1", 0, 0, {}]]]),
                bn,
                {"class_name": "Concatenate", "name": "concatenate",
                 "config": {"name": "concatenate", "trainable": True,
                            "dtype": "float32", "axis": -1},
                 "inbound_nodes": [[["bn", 0, 0, {}],
                                    ["input_2", 0, 0, {}]]]},
                _dense("out", 2, "linear", [[["concatenate", 0, 0, {}]]]),
            ],
            "input_layers": [["input_1", 0, 0], ["input_2", 0, 0]],
            "output_layers": [["out", 0, 0]],
        },
    }
    rng = np.random.RandomState(0)
    weights = {
        "dense": [("dense/kernel:0", rng.normal(size=(4, 3))),
                  ("dense/bias:0", rng.normal(size=(3,)))],
        "bn": [("bn/gamma:0", rng.uniform(0.5, 2, size=(3,))),
               ("bn/beta:0", rng.normal(size=(3,))),
               ("bn/moving_mean:0", rng.normal(size=(3,))),
               ("bn/moving_variance:0", rng.uniform(0.5, 2, size=(3,)))],
        "out": [("out/kernel:0", rng.normal(size=(5, 2))),
                ("out/bias:0", rng.normal(size=(2,)))],
    }
    layer_names = ["input_1", "input_2", "dense", "bn", "concatenate", "out"]
    return config, layer_names, weights


def _expected_functional(weights, x1, x2):
    (_, k1), (_, b1) = weights["dense"]
    (_, gamma), (_, beta), (_, mean), (_, var) = weights["bn"]
    (_, k2), (_, b2) = weights["out"]
    h = np.maximum(x1 @ k1 + b1, 0)
    h = (h - mean) / np.sqrt(var + 0.001) * gamma + beta
    return np.concatenate([h, x2], axis=-1) @ k2 + b2


def _write_weights(group, layer_names, weights):
    group.attrs["layer_names"] = np.array(
        [n.encode("utf8") for n in layer_names]
    )
    group.attrs["backend"] = b"tensorflow"
    group.attrs["keras_version"] = b"2.15.0"
    for name in layer_names:
        sub = group.create_group(name)
        entries = weights.get(name, [])
        sub.attrs["weight_names"] = np.array(
            [w.encode("utf8") for w, _ in entries]
        )
        for weight_name, value in entries:
            sub.create_dataset(weight_name, data=value.astype("float32"))


def _write_keras2_model(path, config, layer_names, weights,
                        training_config=None, optimizer_weights=None):
    with h5py.File(path, "w") as f:
        f.attrs["keras_version"] = b"2.15.0"
        f.attrs["backend"] = b"tensorflow"
        f.attrs["model_config"] = json.dumps(config).encode("utf8")
        if training_config is not None:
            f.attrs["training_config"] = json.dumps(training_config)
        _write_weights(f.create_group("model_weights"), layer_names, weights)
        if optimizer_weights is not None:
            group = f.create_group("optimizer_weights")
            group.attrs["weight_names"] = np.array(
                [name.encode("utf8") for name, _ in optimizer_weights]
            )
            for name, value in optimizer_weights:
                group.create_dataset(name, data=value)


def _keras2_adam_state(layout, variables, rng):
    """The `optimizer_weights` of a trained tf.keras 2 Adam: `"v2"` as
    TensorFlow <= 2.10 wrote them (`Adam/iter:0`, every `m`, every `v`),
    `"2.11"` as later versions did (`iteration:0`, then `m` and `v` of
    each variable)."""
    moments = [(name, rng.normal(size=shape).astype("float32"),
                rng.uniform(0.1, 1, size=shape).astype("float32"))
               for name, shape in variables]
    if layout == "v2":
        return ([("Adam/iter:0", np.array(5, "int64"))]
                + [(f"Adam/{n}/m:0", m) for n, m, _ in moments]
                + [(f"Adam/{n}/v:0", v) for n, _, v in moments])
    state = [("iteration:0", np.array(5, "int64"))]
    for n, m, v in moments:
        state += [(f"Adam/m/{n}:0", m), (f"Adam/v/{n}:0", v)]
    return state


def _lambda_config(fn):
    code = base64.encodebytes(marshal.dumps(fn.__code__)).decode("ascii")
    return {
        "class_name": "Lambda",
        "config": {
            "name": "lambda", "trainable": True, "dtype": "float32",
            "function": [code, None, None], "function_type": "lambda",
            "module": "__main__", "output_shape": None,
            "output_shape_type": "raw", "output_shape_module": None,
            "arguments": {},
        },
    }


class Keras2FilesTest(testing.TestCase):
    def test_functional_model(self):
        config, names, weights = _keras2_functional()
        path = os.path.join(self.get_temp_dir(), "model.h5")
        _write_keras2_model(
            path, config, names, weights,
            training_config={
                "loss": "mse", "metrics": ["mae"], "loss_weights": None,
                "weighted_metrics": None,
                "optimizer_config": {"class_name": "Adam", "config": {
                    "name": "Adam", "learning_rate": 0.005, "decay": 0.0,
                    "beta_1": 0.9, "beta_2": 0.999, "epsilon": 1e-07,
                    "amsgrad": False}},
            },
        )
        model = legacy_h5_format.load_model_from_hdf5(path)
        rng = np.random.RandomState(1)
        x1 = rng.normal(size=(3, 4)).astype("float32")
        x2 = rng.normal(size=(3, 2)).astype("float32")
        self.assertAllClose(
            model.predict([x1, x2], verbose=0),
            _expected_functional(weights, x1, x2),
            atol=1e-5,
        )
        self.assertIsInstance(model.optimizer, optimizers.Adam)
        self.assertAllClose(model.optimizer.learning_rate, 0.005)

    def test_sequential_with_batch_input_shape(self):
        first = _dense("d1", 3, "tanh")
        first["config"]["batch_input_shape"] = [None, 2]
        config = {"class_name": "Sequential", "config": {
            "name": "sequential",
            "layers": [first, _dense("d2", 1)],
        }}
        weights = {
            "d1": [("d1/kernel:0", np.ones((2, 3))),
                   ("d1/bias:0", np.zeros(3))],
            "d2": [("d2/kernel:0", np.full((3, 1), 0.5)),
                   ("d2/bias:0", np.ones(1))],
        }
        path = os.path.join(self.get_temp_dir(), "seq.h5")
        _write_keras2_model(path, config, ["d1", "d2"], weights)
        model = legacy_h5_format.load_model_from_hdf5(path, compile=False)
        x = np.array([[0.1, -0.3]], "float32")
        expected = np.tanh(x @ np.ones((2, 3))) @ np.full((3, 1), 0.5) + 1
        self.assertAllClose(model.predict(x, verbose=0), expected,
                            atol=1e-6)

    @parameterized.named_parameters(("tf_2_10", "v2"), ("tf_2_11", "2.11"))
    @pytest.mark.requires_trainable_backend
    def test_keras2_optimizer_state_is_dropped(self, layout):
        # As Keras 3 does: the Adam moments of a tf.keras 2 file are not
        # converted (a warning says so) and training goes on from a fresh
        # optimizer, exactly as a newly compiled one would.
        first = _dense("d1", 3, "tanh")
        first["config"]["batch_input_shape"] = [None, 2]
        config = {"class_name": "Sequential", "config": {
            "name": "sequential", "layers": [first, _dense("d2", 1)],
        }}
        rng = np.random.RandomState(3)
        shapes = [("d1/kernel", (2, 3)), ("d1/bias", (3,)),
                  ("d2/kernel", (3, 1)), ("d2/bias", (1,))]
        weights = {
            layer: [(f"{name}:0", rng.normal(size=shape))
                    for name, shape in shapes if name.startswith(layer)]
            for layer in ("d1", "d2")
        }
        path = os.path.join(self.get_temp_dir(), "trained.h5")
        _write_keras2_model(
            path, config, ["d1", "d2"], weights,
            training_config={"loss": "mse", "optimizer_config": {
                "class_name": "Adam",
                "config": {"name": "Adam", "learning_rate": 0.01}}},
            optimizer_weights=_keras2_adam_state(layout, shapes, rng),
        )
        with self.assertWarnsRegex(UserWarning, "Keras 2.*not converted"):
            model = legacy_h5_format.load_model_from_hdf5(path)
        optimizer = model.optimizer
        self.assertEqual(len(optimizer.variables), 2)  # No moments.
        self.assertEqual(int(ops.convert_to_numpy(optimizer.iterations)), 0)
        fresh = legacy_h5_format.load_model_from_hdf5(path, compile=False)
        fresh.compile(optimizer=optimizers.Adam(0.01), loss="mse",
                      run_eagerly=True)
        model.run_eagerly = True  # Two tiny steps: no compilation (CI).
        x = rng.normal(size=(4, 2)).astype("float32")
        y = rng.normal(size=(4, 1)).astype("float32")
        # The second loss follows the first update, made with the moments.
        for _ in range(2):
            self.assertAllClose(model.train_on_batch(x, y),
                                fresh.train_on_batch(x, y), atol=1e-6)

    def test_public_entry_points(self):
        # `keras.saving.load_model("x.h5")` and `Model.load_weights("x.h5")`
        # go through this module.
        config, names, weights = _keras2_functional()
        folder = self.get_temp_dir()
        path = os.path.join(folder, "model.h5")
        _write_keras2_model(path, config, names, weights)
        model = saving_api.load_model(path, compile=False)
        self.assertAllClose(model.get_layer("dense").kernel,
                            weights["dense"][0][1], atol=1e-6)
        weights_path = os.path.join(folder, "weights.h5")
        with h5py.File(weights_path, "w") as f:
            _write_weights(f, names, weights)
        fresh = saving_utils.model_from_config(config)
        fresh.load_weights(weights_path)
        self.assertAllClose(fresh.get_layer("out").bias,
                            weights["out"][1][1], atol=1e-6)

    def test_registered_custom_layer(self):
        @object_registration.register_keras_serializable(package="h5test")
        class Doubler(Layer):
            def call(self, x):
                return 2 * x

        self.addCleanup(
            object_registration.GLOBAL_CUSTOM_OBJECTS.pop,
            "h5test>Doubler", None,
        )
        config = {"class_name": "Sequential", "config": {
            "name": "s",
            "layers": [
                {"class_name": "InputLayer", "config": {
                    "batch_input_shape": [None, 2], "name": "in"}},
                {"class_name": "h5test>Doubler", "config": {"name": "x2"}},
            ],
        }}
        path = os.path.join(self.get_temp_dir(), "custom.h5")
        _write_keras2_model(path, config, ["x2"], {})
        model = legacy_h5_format.load_model_from_hdf5(path)
        self.assertAllClose(model.predict(np.ones((1, 2)), verbose=0),
                            [[2.0, 2.0]])

    def test_weights_file(self):
        config, names, weights = _keras2_functional()
        path = os.path.join(self.get_temp_dir(), "weights.h5")
        with h5py.File(path, "w") as f:
            _write_weights(f, names, weights)
        model = saving_utils.model_from_config(config)
        with h5py.File(path, "r") as f:
            legacy_h5_format.load_weights_from_hdf5_group(f, model)
        kernel = model.get_layer("out").kernel
        self.assertAllClose(kernel, weights["out"][0][1], atol=1e-6)

        # By name: only layers whose names match are loaded.
        other = Sequential(
            [Input((4,)), Dense(3, name="dense"),
             Dense(7, name="elsewhere")]
        )
        before = ops.convert_to_numpy(other.layers[1].kernel)
        with h5py.File(path, "r") as f:
            legacy_h5_format.load_weights_from_hdf5_group_by_name(f, other)
        self.assertAllClose(other.layers[0].kernel, weights["dense"][0][1],
                            atol=1e-6)
        self.assertAllClose(other.layers[1].kernel, before)

    def test_lambda_refused_in_safe_mode(self):
        marker = os.path.join(self.get_temp_dir(), "pwned")

        def payload(x):
            open(marker, "w").close()
            return x

        config = {"class_name": "Sequential", "config": {
            "name": "s",
            "layers": [
                {"class_name": "InputLayer", "config": {
                    "batch_input_shape": [None, 2], "name": "in"}},
                _lambda_config(lambda x: x * 3),
            ],
        }}
        path = os.path.join(self.get_temp_dir(), "lambda.h5")
        _write_keras2_model(path, config, [], {})
        with self.assertRaisesRegex(ValueError, "safe_mode=False"):
            legacy_h5_format.load_model_from_hdf5(path)
        model = legacy_h5_format.load_model_from_hdf5(path, safe_mode=False)
        self.assertAllClose(model.predict(np.ones((1, 2)), verbose=0),
                            [[3.0, 3.0]])

        # A payload with side effects never runs in safe mode.
        config["config"]["layers"][1] = _lambda_config(payload)
        _write_keras2_model(path, config, [], {})
        with self.assertRaisesRegex(ValueError, "lambda"):
            legacy_h5_format.load_model_from_hdf5(path)
        self.assertFalse(os.path.exists(marker))

    def test_wrong_weights_name_the_variable(self):
        config, names, weights = _keras2_functional()
        path = os.path.join(self.get_temp_dir(), "bad.h5")
        bad = dict(weights)
        bad["out"] = [("out/kernel:0", np.ones((4, 2))),
                      ("out/bias:0", np.ones(2))]
        _write_keras2_model(path, config, names, bad)
        with self.assertRaisesRegex(ValueError, r"out.*kernel.*\(5, 2\)"):
            legacy_h5_format.load_model_from_hdf5(path)

        _write_keras2_model(path, config, names, weights)
        with h5py.File(path, "a") as f:
            group = f["model_weights/out"]
            del group["out/bias:0"]
            group.create_dataset("out/bias:0", data=np.array([b"a", b"b"]))
        with self.assertRaisesRegex(ValueError, "out.*bias.*dtype"):
            legacy_h5_format.load_model_from_hdf5(path)

        _write_keras2_model(path, config, names, weights)
        with h5py.File(path, "a") as f:
            del f["model_weights/bn/bn/beta:0"]
        with self.assertRaisesRegex(ValueError, "bn/beta:0.*missing"):
            legacy_h5_format.load_model_from_hdf5(path)

    def test_truncated_and_non_model_files(self):
        config, names, weights = _keras2_functional()
        folder = self.get_temp_dir()
        path = os.path.join(folder, "model.h5")
        _write_keras2_model(path, config, names, weights)
        with open(path, "rb") as f:
            data = f.read()
        truncated = os.path.join(folder, "truncated.h5")
        with open(truncated, "wb") as f:
            f.write(data[: len(data) // 2])
        with self.assertRaisesRegex(ValueError, "truncated.h5"):
            legacy_h5_format.load_model_from_hdf5(truncated)

        weights_only = os.path.join(folder, "weights.h5")
        with h5py.File(weights_only, "w") as f:
            _write_weights(f, names, weights)
        with self.assertRaisesRegex(ValueError, "No model config"):
            legacy_h5_format.load_model_from_hdf5(weights_only)

        with h5py.File(path, "a") as f:
            f.attrs["model_config"] = "[" * 100000
        with self.assertRaisesRegex(ValueError, "nested too deeply|JSON"):
            legacy_h5_format.load_model_from_hdf5(path)


class RoundTripTest(testing.TestCase):
    def test_save_and_load(self):
        model = Sequential([
            Input((3,)),
            Dense(4, activation="relu"),
            BatchNormalization(),
            Dense(2),
        ])
        model.compile(optimizer="sgd", loss="mse")
        x = np.random.RandomState(0).normal(size=(5, 3)).astype("float32")
        expected = model.predict(x, verbose=0)
        path = os.path.join(self.get_temp_dir(), "model.h5")
        legacy_h5_format.save_model_to_hdf5(model, path)
        with self.assertRaises(FileExistsError):
            legacy_h5_format.save_model_to_hdf5(model, path, overwrite=False)
        loaded = legacy_h5_format.load_model_from_hdf5(path)
        self.assertAllClose(loaded.predict(x, verbose=0), expected,
                            atol=1e-6)
        self.assertEqual(loaded.loss, "mse")
        self.assertEqual(os.listdir(os.path.dirname(path)), ["model.h5"])

    def test_long_attributes_are_chunked(self):
        path = os.path.join(self.get_temp_dir(), "attrs.h5")
        names = [f"layer_{i:05d}_" + "x" * 40 for i in range(3000)]
        with h5py.File(path, "w") as f:
            legacy_h5_format.save_attributes_to_hdf5_group(f, "names", names)
            self.assertNotIn("names", f.attrs)
            self.assertIn("names0", f.attrs)
            self.assertEqual(
                legacy_h5_format.load_attributes_from_hdf5_group(f, "names"),
                names,
            )


class UpstreamFixtureTest(testing.TestCase):
    def test_upstream_written_h5(self):
        # Written by upstream Keras 3.15.1 (`make_fixtures.py legacy_h5`).
        data = np.load(os.path.join(TESTDATA, "legacy_h5.npz"))
        model = legacy_h5_format.load_model_from_hdf5(
            os.path.join(TESTDATA, "legacy_h5.h5")
        )
        self.assertAllClose(model.predict(data["x"], verbose=0), data["y"],
                            atol=1e-6)
        self.assertIsInstance(model.optimizer, optimizers.Adam)
        self.assertEqual(int(ops.convert_to_numpy(
            model.optimizer.iterations)), 1)
