import numpy as np

from keras.src import backend
from keras.src import layers
from keras.src import testing
from keras.src.backend.common import symbolic_scope


class SymbolicScopeTest(testing.TestCase):
    def test_scope_nesting(self):
        self.assertFalse(symbolic_scope.in_symbolic_scope())
        with symbolic_scope.SymbolicScope() as outer:
            with symbolic_scope.SymbolicScope() as inner:
                self.assertIs(symbolic_scope.get_symbolic_scope(), inner)
            self.assertIs(symbolic_scope.get_symbolic_scope(), outer)
        self.assertIsNone(symbolic_scope.get_symbolic_scope())

    def test_active_only_during_symbolic_calls(self):
        seen = []

        class Probe(layers.Layer):
            def call(self, x):
                seen.append(backend.in_symbolic_scope())
                return x

        probe = Probe()
        probe(layers.Input((2,)))
        self.assertTrue(seen and all(seen))
        seen.clear()
        probe(np.ones((1, 2), "float32"))
        self.assertEqual(seen, [False])
