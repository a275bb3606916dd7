import io
import json
import os
import zipfile

import h5py
import numpy as np
import pytest

import keras
from keras.src import backend
from keras.src import testing
from keras.src.saving import h5_store
from keras.src.saving import saving_lib
from keras.src.saving import zip_writer


@keras.saving.register_keras_serializable(package="saving_lib_test")
class Scale(keras.layers.Layer):
    """A layer with a weight, an argument and a nested `Dense`."""

    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor
        self.inner = keras.layers.Dense(3)

    def build(self, input_shape):
        self.scale = self.add_weight(shape=(1,), initializer="ones")
        self.inner.build(input_shape)

    def call(self, x):
        return self.inner(x) * self.scale * self.factor

    def get_config(self):
        return {**super().get_config(), "factor": self.factor}


@keras.saving.register_keras_serializable(package="saving_lib_test")
class UnsavedOffset(keras.layers.Layer):
    """A layer whose `offset` variable is not saved: loading must give it
    its initializer's value."""

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1],),
                                      initializer="zeros")
        self.offset = self.add_weight(shape=(1,), initializer="ones")

    def call(self, x):
        return x * self.kernel + self.offset

    def save_own_variables(self, store):
        store["0"] = self.kernel.numpy()

    def load_own_variables(self, store):
        self.kernel.assign(store["0"])


@keras.saving.register_keras_serializable(package="saving_lib_test")
class TwoTower(keras.Model):
    """A subclassed model with `get_config`, dict and list attributes."""

    def __init__(self, units=3, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.towers = {"a": keras.layers.Dense(units),
                       "b": keras.layers.Dense(units)}
        self.heads = [Scale(0.5), keras.layers.Dense(2)]

    def call(self, x):
        x = self.towers["a"](x) + self.towers["b"](x)
        return self.heads[1](self.heads[0](x))

    def get_config(self):
        return {**super().get_config(), "units": self.units}


def unregistered_activation(x):
    return keras.ops.relu(x) * 3.0


def functional():
    inputs = keras.Input((4,))
    x = keras.layers.Dense(5, activation="relu",
                           kernel_regularizer="l2")(inputs)
    x = keras.layers.BatchNormalization()(x)
    x = Scale(3.0)(x)
    return keras.Model(inputs, keras.layers.Dense(2)(x), name="func")


def sequential():
    return keras.Sequential(
        [keras.Input((4,)), keras.layers.Dense(5), keras.layers.Dropout(0.1),
         keras.layers.LayerNormalization(), keras.layers.Dense(2)],
        name="seq",
    )


def subclassed():
    model = TwoTower(units=3)
    model(np.zeros((1, 4), "float32"))
    return model


DATA = np.random.default_rng(0).normal(size=(6, 4)).astype("float32")
TARGET = np.random.default_rng(1).normal(size=(6, 2)).astype("float32")


class SavingLibTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        self.folder = self.get_temp_dir()

    def path(self, name="model.keras"):
        return os.path.join(self.folder, name)

    @pytest.mark.filterwarnings("ignore::UserWarning")
    def test_round_trip_each_kind_of_model(self):
        for make in (functional, sequential, subclassed):
            model = make()
            expected = backend.convert_to_numpy(model(DATA))
            path = self.path(f"{make.__name__}.keras")
            model.save(path)
            loaded = keras.models.load_model(path)
            self.assertIs(type(loaded), type(model))
            self.assertEqual(loaded.name, model.name)
            self.assertAllClose(
                backend.convert_to_numpy(loaded(DATA)), expected
            )
            for a, b in zip(model.weights, loaded.weights):
                self.assertEqual(a.shape, b.shape)
                self.assertAllClose(a.numpy(), b.numpy())

    def test_initializers_run_only_for_variables_not_in_the_file(self):
        model = keras.Sequential([keras.Input((3,)), UnsavedOffset()])
        model.layers[0].kernel.assign([1.0, 2.0, 3.0])
        model.save(self.path())
        loaded = keras.models.load_model(self.path())
        # The saved kernel (all zeros would be the placeholder) is loaded;
        # the unsaved offset gets its initializer's ones.
        self.assertAllClose(loaded.layers[0].kernel.numpy(), [1, 2, 3])
        self.assertAllClose(loaded.layers[0].offset.numpy(), [1.0])

    def test_archive_contents(self):
        model = functional()
        model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse",
                      metrics=["mae"])
        path = self.path()
        keras.saving.save_model(model, path)
        with zipfile.ZipFile(path) as archive:
            self.assertIsNone(archive.testzip())  # CRCs hold.
            self.assertEqual(
                sorted(archive.namelist()),
                ["config.json", "metadata.json", "model.weights.h5"],
            )
            metadata = json.loads(archive.read("metadata.json"))
            config = json.loads(archive.read("config.json"))
            weights = archive.read("model.weights.h5")
        self.assertEqual(metadata["keras_version"], keras.version())
        self.assertRegex(metadata["date_saved"],
                         r"^\d{4}-\d\d-\d\d@\d\d:\d\d:\d\d$")
        self.assertEqual(config["class_name"], "Functional")
        self.assertEqual(config["config"]["layers"][1]["build_config"],
                         {"input_shape": [None, 4]})
        self.assertEqual(config["compile_config"]["loss"], "mse")
        with h5py.File(io.BytesIO(weights), "r") as file:
            self.assertEqual(file["layers/dense/vars"].attrs["name"],
                             model.layers[1].name)
            self.assertEqual(file["layers/dense/vars/0"].shape, (4, 5))
            # The custom layer's nested Dense sits at its attribute name.
            self.assertEqual(file["layers/scale/inner/vars/0"].shape, (5, 3))
            self.assertEqual(len(file["layers/batch_normalization/vars"]), 4)

    def test_same_layout_as_weights_file(self):
        model = subclassed()
        keras_path = self.path()
        weights_path = self.path("m.weights.h5")
        model.save(keras_path)
        model.save_weights(weights_path)
        names = []
        with h5py.File(weights_path, "r") as file:
            file.visit(names.append)
        with zipfile.ZipFile(keras_path) as archive:
            raw = archive.read("model.weights.h5")
        in_archive = []
        with h5py.File(io.BytesIO(raw), "r") as file:
            file.visit(in_archive.append)
        self.assertEqual(names, in_archive)
        # `towers` sorts after `layers`, which holds its layers already.
        self.assertIn("layers/dense_1/vars/0", names)
        self.assertIn("heads/scale/inner/vars/1", names)
        other = TwoTower(units=3)
        other(np.zeros((1, 4), "float32"))
        other.load_weights(keras_path)
        self.assertAllClose(backend.convert_to_numpy(other(DATA)),
                            backend.convert_to_numpy(model(DATA)))

    def test_compile_config_round_trip(self):
        model = sequential()
        model.compile(
            optimizer=keras.optimizers.SGD(
                keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.5),
                momentum=0.9,
            ),
            loss=keras.losses.Huber(delta=0.5),
            metrics=["mae", keras.metrics.RootMeanSquaredError()],
        )
        path = self.path()
        model.save(path)
        loaded = keras.saving.load_model(path)
        self.assertTrue(loaded.compiled)
        self.assertIsInstance(loaded.optimizer, keras.optimizers.SGD)
        self.assertEqual(loaded.optimizer.get_config(),
                         model.optimizer.get_config())
        self.assertEqual(loaded.get_compile_config(),
                         model.get_compile_config())
        uncompiled = keras.saving.load_model(path, compile=False)
        self.assertFalse(uncompiled.compiled)

    @pytest.mark.requires_trainable_backend
    def test_optimizer_state_continues_training(self):
        for make in (functional, subclassed):
            model = make()
            # Eager steps: compiling would cost most of this test's time.
            model.compile(optimizer="adam", loss="mse", metrics=["mae"],
                          jit_compile=False)
            model.fit(DATA, TARGET, epochs=2, batch_size=3, verbose=0)
            path = self.path(f"{make.__name__}.keras")
            model.save(path)
            loaded = keras.models.load_model(path)
            for a, b in zip(loaded.optimizer.variables,
                            model.optimizer.variables):
                self.assertAllClose(a.numpy(), b.numpy())
            # Metric states are not saved: start both from zero.
            model.reset_metrics()
            self.assertAllClose(
                loaded.train_on_batch(DATA, TARGET)[0],
                model.train_on_batch(DATA, TARGET)[0],
                rtol=1e-5, atol=1e-5,
            )
            self.assertAllClose(
                loaded.predict(DATA, verbose=0),
                model.predict(DATA, verbose=0), rtol=1e-5, atol=1e-5,
            )

    def test_folder_format(self):
        model = sequential()
        folder = self.path("model_folder")
        model.save(folder, zipped=False)
        self.assertEqual(
            sorted(os.listdir(folder)),
            ["config.json", "metadata.json", "model.weights.h5"],
        )
        model.save(folder, zipped=False)  # Replacing an existing folder.
        loaded = keras.saving.load_model(folder)
        self.assertAllClose(backend.convert_to_numpy(loaded(DATA)),
                            backend.convert_to_numpy(model(DATA)))
        with self.assertRaisesRegex(ValueError, "zipped=False"):
            model.save(self.path(), zipped=False)

    def test_adapted_vocabulary_saved_as_asset(self):
        lookup = keras.layers.IntegerLookup()
        lookup.adapt(np.array([[3], [5], [5], [7]]))
        inputs = keras.Input((1,), dtype="int64")
        model = keras.Model(inputs, lookup(inputs))
        ids = np.array([[3], [5], [9]])
        expected = backend.convert_to_numpy(model(ids))
        model.save(self.path())
        with zipfile.ZipFile(self.path()) as archive:
            vocabulary = archive.read(
                "assets/layers/integer_lookup/vocabulary.txt")
        self.assertEqual(vocabulary.decode().split("\n")[1:], ["5", "7", "3"])
        for path in (self.path(), self.path("folder")):
            if path != self.path():
                model.save(path, zipped=False)
            loaded = keras.saving.load_model(path)
            self.assertEqual(loaded.layers[1].get_vocabulary(),
                             lookup.get_vocabulary())
            self.assertAllClose(backend.convert_to_numpy(loaded(ids)),
                                expected)

    def test_custom_objects(self):
        inputs = keras.Input((4,))
        outputs = keras.layers.Dense(
            2, activation=unregistered_activation)(inputs)
        model = keras.Model(inputs, outputs)
        path = self.path()
        model.save(path)
        with self.assertRaisesRegex(TypeError, "unregistered_activation"):
            keras.saving.load_model(path)
        objects = {"unregistered_activation": unregistered_activation}
        loaded = keras.saving.load_model(path, custom_objects=objects)
        self.assertIs(loaded.layers[1].activation, unregistered_activation)
        with keras.saving.custom_object_scope(objects):
            loaded = keras.saving.load_model(path)
        self.assertAllClose(backend.convert_to_numpy(loaded(DATA)),
                            backend.convert_to_numpy(model(DATA)))

    @pytest.mark.filterwarnings("ignore::UserWarning")
    def test_safe_mode_refuses_lambda(self):
        model = keras.Sequential(
            [keras.Input((4,)), keras.layers.Lambda(lambda x: x * 2.0)]
        )
        path = self.path()
        model.save(path)
        with self.assertRaisesRegex(ValueError, "lambda"):
            keras.saving.load_model(path)
        loaded = keras.saving.load_model(path, safe_mode=False)
        self.assertAllClose(backend.convert_to_numpy(loaded(DATA)),
                            DATA * 2.0)

    def test_errors(self):
        model = sequential()
        with self.assertRaisesRegex(ValueError, "extension"):
            model.save(self.path("model.pt"))
        with self.assertRaisesRegex(ValueError, "File not found"):
            keras.saving.load_model(self.path("missing.keras"))
        with self.assertRaisesRegex(ValueError, "not supported"):
            keras.saving.load_model(self.path("model.pt"))
        path = self.path()
        model.save(path)
        with self.assertRaisesRegex(FileExistsError, "overwrite"):
            model.save(path, overwrite=False)
        with open(self.path("plain.keras"), "w") as f:
            f.write("not a zip")
        with self.assertRaisesRegex(ValueError, "not a zip"):
            keras.saving.load_model(self.path("plain.keras"))
        other = keras.Sequential([keras.Input((4,)), keras.layers.Dense(7)])
        with self.assertRaisesRegex(ValueError, "could not be loaded"):
            other.load_weights(path)

    def test_archive_member_names_checked(self):
        path = self.path("evil.keras")
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("config.json", "{}")
            archive.writestr("../outside.txt", "x")
        with self.assertRaisesRegex(ValueError, "outside"):
            keras.saving.load_model(path)

    def test_failed_save_keeps_previous_file(self):
        model = sequential()
        path = self.path()
        model.save(path)
        with open(path, "rb") as f:
            before = f.read()
        # Permissions as for any file the user creates (not mkstemp's).
        umask = os.umask(0o022)
        os.umask(umask)
        self.assertEqual(os.stat(path).st_mode & 0o777, 0o666 & ~umask)

        def fail(*args, **kwargs):
            raise OSError("disk full (simulated)")

        for target, name in ((h5_store.H5Entry, "__setitem__"),
                             (zip_writer.ZipWriter, "close")):
            original = getattr(target, name)
            setattr(target, name, fail)
            try:
                with self.assertRaisesRegex(OSError, "simulated"):
                    model.save(path)
            finally:
                setattr(target, name, original)
            with open(path, "rb") as f:
                self.assertEqual(f.read(), before)
            self.assertEqual(os.listdir(self.folder),
                             ["model.keras"])
        keras.saving.load_model(path)

    def test_sharded_weights(self):
        model = keras.Sequential([keras.Input((40,)), keras.layers.Dense(50),
                                  keras.layers.Dense(60)])
        folder = self.get_temp_dir()
        path = os.path.join(folder, "big.weights.h5")
        model.save_weights(path, max_shard_size=12300 / 2**30)
        self.assertEqual(
            sorted(os.listdir(folder)),
            ["big.weights.json", "big_00000.weights.h5",
             "big_00001.weights.h5"],
        )
        with open(os.path.join(folder, "big.weights.json")) as f:
            index = json.load(f)
        self.assertEqual(index["metadata"]["total_size"],
                         4.0 * (40 * 50 + 50 + 50 * 60 + 60))
        self.assertEqual(index["weight_map"]["/layers/dense_1/vars"],
                         ["big_00001.weights.h5"])
        other = keras.Sequential([keras.Input((40,)), keras.layers.Dense(50),
                                  keras.layers.Dense(60)])
        keras.saving.load_weights(
            other, os.path.join(folder, "big.weights.json"))
        for a, b in zip(model.get_weights(), other.get_weights()):
            self.assertAllClose(a, b)
        with self.assertRaisesRegex(ValueError, "max_shard_size"):
            model.save_weights(path, max_shard_size=100 / 2**30)

    def test_read_archive(self):
        model = sequential()
        path = self.path()
        model.save(path)
        with saving_lib.read_archive(path) as archive:
            self.assertEqual(archive.config["class_name"], "Sequential")
            self.assertEqual(archive.metadata["keras_version"],
                             keras.version())
            store = archive.open_weights()
            try:
                entry = store.get("layers/dense")
                self.assertEqual(sorted(entry.keys()), ["0", "1"])
                self.assertEqual(entry["0"].shape, (4, 5))
                self.assertIsNone(store.get("layers/missing"))
            finally:
                store.close()
