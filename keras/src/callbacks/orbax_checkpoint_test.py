import os
import warnings

import numpy as np
import pytest

from keras.src import backend
from keras.src import layers
from keras.src import models
from keras.src import testing
from keras.src.backend.common import global_state
from keras.src.callbacks import orbax_checkpoint
from keras.src.callbacks.orbax_checkpoint import OrbaxCheckpoint
from keras.src.saving import orbax_util
from keras.src.saving import saving_api
from keras.src.utils.module_utils import LazyModule

pytest.importorskip("orbax.checkpoint")


def _model(compiled=True):
    model = models.Sequential(
        [layers.Input((3,)), layers.Dense(4, activation="relu"),
         layers.Dense(1)]
    )
    if compiled:
        # Tracing the steps with `tf.function` costs TensorFlow seconds,
        # more than these few eager batches.
        model.compile(
            optimizer="adam", loss="mse",
            run_eagerly=backend.backend() == "tensorflow",
        )
    return model


def _data():
    rng = np.random.default_rng(0)
    x = rng.random((6, 3)).astype("float32")
    return x, rng.random((6, 1)).astype("float32")


def _predict(model, x):
    return backend.convert_to_numpy(model(x))


def _numpy(variables):
    return [backend.convert_to_numpy(v) for v in variables]


def _steps(directory):
    return sorted(int(name) for name in os.listdir(directory))


class OrbaxCheckpointTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_fit_then_restore_weights_optimizer_and_model(self):
        directory = self.get_temp_dir()
        x, y = _data()
        model = _model()
        callback = OrbaxCheckpoint(directory, max_to_keep=2)
        model.fit(x, y, batch_size=2, epochs=2, callbacks=[callback],
                  verbose=0)
        # Steps are the optimizer's iterations: 3 batches per epoch.
        self.assertEqual(_steps(directory), [3, 6])
        self.assertTrue(orbax_util.is_orbax_checkpoint(directory))
        self.assertEqual(
            orbax_util.find_latest_orbax_checkpoint(directory),
            os.path.join(os.path.abspath(directory), "6"),
        )
        expected = _predict(model, x)

        fresh = _model()
        fresh.load_weights(directory)
        for got, want in zip(_numpy(fresh.weights), _numpy(model.weights)):
            np.testing.assert_array_equal(got, want)
        for got, want in zip(_numpy(fresh.optimizer.variables),
                             _numpy(model.optimizer.variables)):
            np.testing.assert_array_equal(got, want)
        np.testing.assert_array_equal(_predict(fresh, x), expected)

        restored = saving_api.load_model(directory)
        np.testing.assert_array_equal(_predict(restored, x), expected)
        # The optimizer's state too: training on with a new callback over
        # the same directory numbers its steps from 6 on.
        self.assertEqual(int(restored.optimizer.iterations), 6)
        for got, want in zip(_numpy(restored.optimizer.variables),
                             _numpy(model.optimizer.variables)):
            np.testing.assert_array_equal(got, want)

    def test_batch_frequency_max_to_keep_and_weights_only(self):
        directory = self.get_temp_dir()
        model = _model(compiled=False)
        callback = OrbaxCheckpoint(
            directory, save_freq=2, max_to_keep=2,
            save_on_background=False, save_weights_only=True,
        )
        callback.set_model(model)
        callback.on_train_begin()
        kernel = model.layers[1].kernel
        for batch in range(6):
            kernel.assign(np.full((4, 1), float(batch), "float32"))
            callback.on_train_batch_end(batch, {"loss": 1.0})
        callback.on_train_end()
        # 3 saves (after batches 1, 3 and 5; without an optimizer the
        # steps count the saves), the 2 latest kept.
        self.assertEqual(_steps(directory), [1, 2])
        with self.assertRaisesRegex(ValueError, "weights only"):
            saving_api.load_model(directory)
        fresh = _model(compiled=False)
        fresh.load_weights(os.path.join(directory, "1"))
        np.testing.assert_array_equal(
            backend.convert_to_numpy(fresh.layers[1].kernel),
            np.full((4, 1), 3.0),
        )
        fresh.load_weights(directory)
        np.testing.assert_array_equal(
            backend.convert_to_numpy(fresh.layers[1].kernel),
            np.full((4, 1), 5.0),
        )

    def test_save_best_only_keeps_the_best_state(self):
        directory = self.get_temp_dir()
        model = _model(compiled=False)
        # Saved in the background while the next `assign` overwrites the
        # variables in place (torch): the checkpoints must hold copies.
        callback = OrbaxCheckpoint(
            directory, monitor="val_loss", save_best_only=True,
            max_to_keep=None,
        )
        callback.set_model(model)
        callback.on_train_begin()
        kernel = model.layers[0].kernel
        values = {}
        for epoch, val_loss in enumerate([1.0, 2.0, 0.5, 0.7]):
            kernel.assign(np.full((3, 4), float(epoch), "float32"))
            values[epoch] = np.array(backend.convert_to_numpy(kernel))
            callback.on_epoch_end(epoch, {"val_loss": val_loss})
        callback.on_train_end()
        # Without an optimizer the steps count the saves: epochs 0 and 2.
        self.assertEqual(_steps(directory), [0, 1])
        self.assertEqual(callback.best, 0.5)
        fresh = _model(compiled=False)
        fresh.load_weights(directory)
        np.testing.assert_array_equal(
            backend.convert_to_numpy(fresh.layers[0].kernel), values[2]
        )
        fresh.load_weights(os.path.join(directory, "0"))
        np.testing.assert_array_equal(
            backend.convert_to_numpy(fresh.layers[0].kernel), values[0]
        )

    def test_existing_step_is_not_overwritten(self):
        directory = self.get_temp_dir()
        model = _model()
        model.optimizer.build(model.trainable_variables)
        callback = OrbaxCheckpoint(directory, save_on_background=False)
        callback.set_model(model)
        callback.on_epoch_end(0, {})
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            # The optimizer has not stepped: the same step number.
            callback.on_epoch_end(1, {})
        self.assertTrue(
            any("already exists" in str(w.message) for w in caught)
        )
        self.assertEqual(_steps(directory), [0])

    @pytest.mark.skipif(
        backend.backend() != "jax", reason="Only JAX places arrays."
    )
    def test_abstract_pytree_carries_target_shardings(self):
        import jax

        directory = self.get_temp_dir()
        model = _model(compiled=False)
        callback = OrbaxCheckpoint(directory, save_on_background=False)
        callback.set_model(model)
        callback.on_epoch_end(0, {})
        # Nothing to reshard without a distribution.
        self.assertIsNone(orbax_util.build_orbax_abstract_pytree(directory))
        global_state.set_global_attribute("distribution", object())
        self.addCleanup(
            global_state.set_global_attribute, "distribution", None
        )
        kernel = jax.numpy.zeros((3, 4))
        reference = {"layers": {"dense": {"vars": {"0": kernel}}}}
        tree = orbax_util.build_orbax_abstract_pytree(directory, reference)
        vars_ = tree["layers"]["dense"]["vars"]
        self.assertEqual(vars_["0"].shape, (3, 4))
        self.assertEqual(vars_["0"].sharding, kernel.sharding)
        self.assertEqual(vars_["1"].shape, (4,))
        self.assertIsNone(vars_["1"].sharding)

    def test_checkpoint_detection(self):
        directory = self.get_temp_dir()
        self.assertFalse(orbax_util.is_orbax_checkpoint(directory))
        self.assertFalse(orbax_util.is_orbax_checkpoint(
            os.path.join(directory, "missing")
        ))
        os.makedirs(os.path.join(directory, "7"))
        # A step directory Orbax has not finished is not a checkpoint.
        self.assertFalse(orbax_util.is_orbax_checkpoint(directory))
        with self.assertRaisesRegex(ValueError, "No Orbax checkpoint"):
            orbax_util.find_latest_orbax_checkpoint(directory)

    def test_arguments_and_hosts(self):
        directory = self.get_temp_dir()
        callback = OrbaxCheckpoint(directory)
        self.assertEqual(callback.max_to_keep, 1)
        self.assertTrue(callback.save_on_background)
        # One process here, on every backend.
        self.assertFalse(callback.is_multihost_enabled())
        self.assertTrue(callback.is_primary_host())
        with self.assertRaisesRegex(ValueError, "max_to_keep"):
            OrbaxCheckpoint(directory, max_to_keep=0)
        with self.assertRaisesRegex(ValueError, "save_freq"):
            OrbaxCheckpoint(directory, save_freq="batch")

    def test_missing_orbax_names_the_package(self):
        missing = LazyModule(
            "keras_no_such_module", pip_name="orbax-checkpoint"
        )
        original = orbax_checkpoint.ocp
        orbax_checkpoint.ocp = missing
        self.addCleanup(setattr, orbax_checkpoint, "ocp", original)
        with self.assertRaisesRegex(
            ImportError, "pip install orbax-checkpoint"
        ):
            OrbaxCheckpoint(self.get_temp_dir())

