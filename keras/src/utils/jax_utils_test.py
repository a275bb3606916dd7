import numpy as np
import pytest

from keras.src import backend
from keras.src.testing import TestCase
from keras.src.utils.jax_utils import is_in_jax_tracing_scope


class JaxUtilsTest(TestCase):
    def test_eager_is_not_tracing(self):
        self.assertFalse(is_in_jax_tracing_scope())
        self.assertFalse(is_in_jax_tracing_scope(np.ones(2)))

    @pytest.mark.skipif(backend.backend() != "jax", reason="JAX tracing")
    def test_inside_jit(self):
        import jax

        seen = []

        def fn(x):
            seen.append((is_in_jax_tracing_scope(x),
                         is_in_jax_tracing_scope()))
            return x

        jax.jit(fn)(np.ones(2))
        self.assertEqual(seen, [(True, True)])
