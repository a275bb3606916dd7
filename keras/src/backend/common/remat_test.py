import contextlib
from unittest import mock

import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import layers
from keras.src import models
from keras.src import ops
from keras.src import testing
from keras.src.backend.common import remat


class RematTest(testing.TestCase):
    def test_scope_modes(self):
        self.assertIsNone(remat.get_current_remat_mode())
        with remat.RematScope(mode="full"):
            with remat.RematScope(mode="list_of_layers",
                                  layer_names=["dense"]):
                mode = remat.get_current_remat_mode()
                self.assertEqual(mode.mode, "list_of_layers")
                self.assertEqual(mode.layer_names, ["dense"])
            self.assertEqual(remat.get_current_remat_mode().mode, "full")
        self.assertIsNone(remat.get_current_remat_mode())
        with self.assertRaisesRegex(ValueError, "Invalid mode 'bad'"):
            remat.RematScope(mode="bad")

    def test_remat_keeps_values(self):
        fn = remat.remat(lambda x: ops.sin(x) * 2.0)
        x = np.array([0.5, 1.0], "float32")
        self.assertAllClose(fn(x), np.sin(x) * 2.0, atol=1e-6)

    @pytest.mark.skipif(backend.backend() != "jax", reason="JAX gradients")
    def test_remat_keeps_gradients_on_jax(self):
        import jax

        fn = remat.remat(lambda x: (ops.sin(x) ** 2).sum())
        x = np.array([0.5, 1.0], "float32")
        self.assertAllClose(jax.grad(fn)(x), np.sin(2 * x), atol=1e-6)


class RematScopeTest(testing.TestCase):
    def _rematerialized(self, make_layer, x):
        """Names of the layers (and activations) whose call went through
        `backend.core.remat` when `make_layer()`'s result is called."""
        wrapped = []
        real_remat = backend.core.remat

        def counting_remat(fn):
            wrapped.append(fn)
            return real_remat(fn)

        layer = make_layer()
        with mock.patch.object(backend.core, "remat", counting_remat):
            layer(x)
        return len(wrapped)

    @parameterized.named_parameters(
        ("full", {"mode": "full"}, 1),
        ("none", {"mode": None}, 0),
        ("listed", {"mode": "list_of_layers", "layer_names": ["d"]}, 1),
        ("not_listed", {"mode": "list_of_layers", "layer_names": ["e"]}, 0),
        # The output has 2 x 64 = 128 values: strictly larger counts.
        ("larger", {"mode": "larger_than", "output_size_threshold": 100}, 1),
        ("not_larger",
         {"mode": "larger_than", "output_size_threshold": 128}, 0),
        ("activations", {"mode": "activations"}, 1),
    )
    def test_layer_follows_scope_active_at_creation(self, kwargs, count):
        x = np.ones((2, 40), "float32")

        def make_layer():
            with remat.RematScope(**kwargs):
                return layers.Dense(64, activation="relu", name="d")

        self.assertEqual(self._rematerialized(make_layer, x), count)

    def test_scope_at_call_time_only_does_not_apply(self):
        layer = layers.Dense(4)
        with mock.patch.object(backend.core, "remat") as patched:
            with remat.RematScope(mode="full"):
                layer(np.ones((2, 3), "float32"))
        patched.assert_not_called()

    def test_activations_mode_skips_layers_without_activation(self):
        with remat.RematScope(mode="activations"):
            layer = layers.ReLU()
        self.assertEqual(
            self._rematerialized(lambda: layer, np.ones((2, 3))), 0
        )
        # The activation is restored after the call (configs stay valid).
        with remat.RematScope(mode="activations"):
            dense = layers.Dense(2, activation="tanh")
        dense(np.ones((1, 3), "float32"))
        self.assertEqual(dense.get_config()["activation"], "tanh")



@pytest.mark.requires_trainable_backend
class RematFitTest(testing.TestCase):
    @parameterized.named_parameters(("eager", False), ("jit", True))
    def test_fit_gives_the_same_losses(self, jit_compile):
        x = np.random.RandomState(0).rand(16, 8).astype("float32")
        y = x.sum(axis=1, keepdims=True)
        options = jit_compile
        if jit_compile and backend.backend() == "torch":
            # The cheap aot_eager Dynamo backend captures the same steps
            # without Inductor's C++ code generation (25 s -> 15 s here).
            options = {"backend": "aot_eager"}

        def losses(scope):
            with scope:
                model = models.Sequential([
                    layers.Input((8,)),
                    layers.Dense(16, activation="tanh",
                                 kernel_initializer="ones"),
                    layers.Dense(1, kernel_initializer="ones"),
                ])
            model.compile("sgd", "mse", jit_compile=options)
            history = model.fit(x, y, batch_size=8, epochs=2, verbose=0,
                                shuffle=False)
            return history.history["loss"]

        expected = losses(contextlib.nullcontext())
        self.assertAllClose(
            losses(remat.RematScope(mode="full")), expected, rtol=1e-5
        )
