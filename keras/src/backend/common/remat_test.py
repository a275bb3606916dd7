import numpy as np
import pytest

from keras.src import backend
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
