import os

import numpy as np
import pytest

import keras
from keras.src import backend
from keras.src import testing
from keras.src.saving import object_registration
from keras.src.utils.jax_layer import FlaxLayer
from keras.src.utils.jax_layer import JaxLayer

requires_jax = pytest.mark.skipif(
    backend.backend() != "jax",
    reason="JaxLayer and FlaxLayer run on the JAX backend only.",
)


def dense_init(rng, inputs):
    import jax

    return {
        "w": jax.random.normal(rng, (inputs.shape[-1], 1)) * 0.1,
        "b": np.zeros((1,), "float32"),
    }


def dense_call(params, inputs):
    return inputs @ params["w"] + params["b"]


def counting_init(rng, inputs, training):
    import jax.numpy as jnp

    return dense_init(rng, inputs), {"calls": jnp.zeros((), "int32"),
                                     "mean": jnp.zeros(inputs.shape[-1])}


def counting_call(params, state, inputs, training):
    import jax.numpy as jnp

    # Batch-norm style: a running mean of the inputs, and a count of the
    # training calls, both updated in training only.
    mean = jnp.where(training, 0.5 * state["mean"] + 0.5 * inputs.mean(0),
                     state["mean"])
    new_state = {"calls": state["calls"] + int(training), "mean": mean}
    return dense_call(params, inputs - mean), new_state


def _data():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(32, 4)).astype("float32")
    return x, x.sum(axis=1, keepdims=True) + 1.0


def _fit(layer):
    x, y = _data()
    inputs = keras.Input((4,))
    model = keras.Model(inputs, layer(inputs))
    model.compile(optimizer=keras.optimizers.Adam(0.05), loss="mse")
    history = model.fit(x, y, batch_size=16, epochs=3, verbose=0)
    return model, history.history["loss"]


class JaxLayerTest(testing.TestCase):
    @pytest.mark.skipif(backend.backend() == "jax", reason="Not JAX.")
    def test_other_backends_refuse(self):
        with self.assertRaisesRegex(ValueError, "JAX backend"):
            JaxLayer(dense_call, dense_init)

    @requires_jax
    @pytest.mark.requires_trainable_backend
    def test_dense_trains(self):
        layer = JaxLayer(dense_call, dense_init, seed=1)
        model, losses = _fit(layer)
        self.assertLess(losses[-1], losses[0])
        self.assertEqual(model.output.shape, (None, 1))
        # Dict leaves in sorted order: b, then w.
        self.assertEqual([v.shape for v in layer.trainable_weights],
                         [(1,), (4, 1)])
        self.assertIs(layer.params["w"], layer.trainable_weights[1])
        self.assertEqual(layer.non_trainable_weights, [])

    @requires_jax
    @pytest.mark.requires_trainable_backend
    def test_state_is_updated(self):
        layer = JaxLayer(counting_call, counting_init)
        model, losses = _fit(layer)
        self.assertLess(losses[-1], losses[0])
        self.assertEqual(len(layer.non_trainable_weights), 2)
        # Two training batches per epoch, three epochs.
        self.assertEqual(int(layer.state["calls"].numpy()), 6)
        self.assertNotAllClose(layer.state["mean"].numpy(), np.zeros(4))
        mean = layer.state["mean"].numpy()
        model.predict(_data()[0], verbose=0)
        self.assertAllClose(layer.state["mean"].numpy(), mean)

    @requires_jax
    def test_given_params_and_rng(self):
        import jax

        def noisy(params, inputs, rng, training):
            noise = jax.random.uniform(rng, inputs.shape)
            return inputs * params["scale"] + noise * training

        layer = JaxLayer(noisy, params={"scale": np.float32(2.0)}, seed=3)
        self.assertEqual(len(layer.trainable_weights), 1)
        x = np.zeros((2, 3), "float32")
        self.assertAllClose(layer(x), np.zeros((2, 3)))
        first = layer(x, training=True)
        self.assertNotAllClose(first, layer(x, training=True))
        self.assertAllClose(layer(x + 1), np.full((2, 3), 2.0))

    @requires_jax
    def test_bad_arguments(self):
        with self.assertRaisesRegex(TypeError, "callable"):
            JaxLayer(3)
        with self.assertRaisesRegex(ValueError, "`inputs`"):
            JaxLayer(lambda params, x: x, dense_init)
        with self.assertRaisesRegex(ValueError, "Unsupported.*`foo`"):
            JaxLayer(lambda params, inputs, foo: inputs, dense_init)
        with self.assertRaisesRegex(ValueError, "cannot all be `None`"):
            JaxLayer(dense_call)
        with self.assertRaisesRegex(ValueError, "native_serialization"):
            JaxLayer(dense_call, dense_init,
                     native_serialization_platforms=["gpu"])
        layer = JaxLayer(counting_call, dense_init)
        with self.assertRaisesRegex(ValueError, r"\(params, state\)"):
            layer(np.ones((2, 4), "float32"))

    @requires_jax
    def test_config_and_saving(self):
        layer = JaxLayer(dense_call, dense_init)
        config = layer.get_config()
        self.assertEqual(config["call_fn"]["config"], "dense_call")
        self.assertIsNone(config["native_serialization_platforms"])
        with object_registration.CustomObjectScope(
            {"dense_call": dense_call, "dense_init": dense_init}
        ):
            x, _ = _data()
            inputs = keras.Input((4,))
            model = keras.Model(inputs, layer(inputs))
            path = os.path.join(self.get_temp_dir(), "model.keras")
            model.save(path)
            loaded = keras.models.load_model(path)
        self.assertIs(loaded.layers[1].call_fn, dense_call)
        self.assertAllClose(loaded.predict(x, verbose=0),
                            model.predict(x, verbose=0))


class FlaxLayerTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        if backend.backend() != "jax":
            self.skipTest("FlaxLayer runs on the JAX backend only.")
        self.linen = pytest.importorskip("flax.linen")

    def _net(self):
        linen = self.linen

        class Net(linen.Module):
            def setup(self):
                self.hidden_dense = linen.Dense(8)
                self.norm = linen.BatchNorm()
                self.dropout = linen.Dropout(0.1)
                self.head = linen.Dense(1)

            def __call__(self, inputs, training=False):
                x = self.norm(self.hidden(inputs),
                              use_running_average=not training)
                x = self.dropout(x, deterministic=not training)
                return self.head(x)

            def hidden(self, inputs):
                return self.hidden_dense(inputs)

        return Net()

    @pytest.mark.requires_trainable_backend
    def test_batch_norm_module_trains(self):
        layer = FlaxLayer(self._net(), seed=0)
        model, losses = _fit(layer)
        self.assertLess(losses[-1], losses[0])
        self.assertEqual(len(layer.trainable_weights), 6)
        self.assertEqual(len(layer.non_trainable_weights), 2)
        stats = layer.state["batch_stats"]["norm"]
        self.assertNotAllClose(stats["mean"].numpy(), np.zeros(8))
        x, _ = _data()
        # Inference: running statistics, no dropout.
        self.assertAllClose(model.predict(x, verbose=0),
                            model.predict(x, verbose=0))

    def test_dense_method_and_variables(self):
        linen = self.linen
        import jax

        dense = linen.Dense(3)
        x = np.ones((2, 4), "float32")
        variables = dense.init(jax.random.key(0), x)
        layer = FlaxLayer(dense, variables=variables)
        self.assertTrue(layer.built)
        self.assertAllClose(layer(x), dense.apply(variables, x))
        hidden = FlaxLayer(self._net(), method="hidden")
        self.assertEqual(hidden(x).shape, (2, 8))
        self.assertEqual(len(hidden.weights), 2)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(TypeError, "flax.linen.Module"):
            FlaxLayer(lambda inputs: inputs)
        with self.assertRaisesRegex(ValueError, "no method 'missing'"):
            FlaxLayer(self._net(), method="missing")
        with self.assertRaisesRegex(TypeError, "register"):
            FlaxLayer(self._net()).get_config()
