import numpy as np

from keras.src import backend
from keras.src import initializers
from keras.src import testing
from keras.src.backend.common import dtypes
from keras.src.backend.common import global_state
from keras.src.backend.common import variables


class VariableHelpersTest(testing.TestCase):
    def test_deferred_initialization(self):
        with backend.StatelessScope(initialize_variables=False):
            v = backend.Variable(initializers.Ones(), shape=(2,))
        variables.register_uninitialized_variable(v)
        variables.initialize_all_variables()
        self.assertAllClose(v.numpy(), [1.0, 1.0])
        self.assertIs(variables.Variable, backend.KerasVariable)

    def test_autocast_scope_needs_a_float_dtype(self):
        with self.assertRaisesRegex(ValueError, "floating-point.*int32"):
            variables.AutocastScope("int32")
        self.assertIsNone(variables.AutocastScope(None).dtype)

    def test_shape_equal(self):
        self.assertTrue(variables.shape_equal((1, None), (1, 3)))
        self.assertFalse(variables.shape_equal((1, 2), (1, 3)))
        self.assertFalse(variables.shape_equal((1, 2), (1, 2, 3)))

    def test_keras_tables(self):
        self.assertEqual(dtypes.WEAK_TYPES, ("int", "float"))
        # A bare Python int is int64 on TensorFlow, as upstream reads it.
        default_int = "int64" if backend.backend() == "tensorflow" else "int32"
        self.assertEqual(dtypes.PYTHON_DTYPES_MAP[int], default_int)
        self.assertEqual(dtypes.BIT64_TO_BIT32_DTYPE["float64"], "float32")
        self.assertEqual(
            dtypes.LATTICE_UPPER_BOUNDS["int8"],
            {"int8", "int16", "int32", "int64", "float", "bfloat16",
             "float16", "float32", "float64", "complex64", "complex128"},
        )
        self.assertNotIn("complex", dtypes.LATTICE_UPPER_BOUNDS)
        self.assertIs(global_state.GLOBAL_STATE_TRACKER, global_state._STATE)
