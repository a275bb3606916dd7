"""Tests of each backend's basics: `Variable`, tensor conversion, output
specs of traced functions and device scopes."""

import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.backend.common.global_state import clear_session
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.name_scope import name_scope
from keras.src.backend.common.stateless_scope import StatelessScope


def _fill(value):
    """An initializer callable `(shape, dtype) -> array`."""

    def initializer(shape, dtype=None):
        return np.full(shape, value, dtype=dtype)

    return initializer


class VariableTest(testing.TestCase):
    def test_init_from_value(self):
        v = backend.Variable(np.array([1.0, 2.0], "float32"), name="w")
        self.assertEqual(v.dtype, "float32")
        self.assertEqual(v.shape, (2,))
        self.assertEqual(v.ndim, 1)
        self.assertEqual(v.name, "w")
        self.assertEqual(v.path, "w")
        self.assertTrue(v.trainable)
        self.assertAllClose(v.numpy(), [1.0, 2.0])
        self.assertIsInstance(v.numpy(), np.ndarray)

    @parameterized.named_parameters(
        ("python_int", 3, "int32"),
        ("python_float", 1.5, "float32"),
        ("int_list", [1, 2], "int32"),
        ("mixed_list", [1, 2.5], "float32"),
        ("bool", True, "bool"),
        ("float16_array", np.ones((2,), "float16"), "float16"),
    )
    def test_init_dtype_inference(self, value, dtype):
        v = backend.Variable(value, trainable=False)
        self.assertEqual(v.dtype, dtype)
        self.assertDType(v.value, dtype)

    def test_init_keeps_64_bit_arrays_where_supported(self):
        v = backend.Variable(np.ones((2,), "float64"))
        self.assertEqual(v.dtype, backend.result_type("float64"))

    def test_init_with_dtype_casts(self):
        v = backend.Variable(np.array([1.5, 2.5]), dtype="float16")
        self.assertEqual(v.dtype, "float16")
        self.assertDType(v.value, "float16")
        self.assertAllClose(v.numpy(), [1.5, 2.5])

    def test_bfloat16(self):
        v = backend.Variable(np.array([1.5, 2.0]), dtype="bfloat16")
        self.assertEqual(v.dtype, "bfloat16")
        array = v.numpy()
        self.assertEqual(backend.standardize_dtype(array.dtype), "bfloat16")
        np.testing.assert_array_equal(array.astype("float32"), [1.5, 2.0])

    def test_init_from_callable(self):
        v = backend.Variable(_fill(2.0), shape=(2, 3))
        self.assertEqual(v.dtype, backend.floatx())
        self.assertEqual(v.shape, (2, 3))
        self.assertAllClose(v.numpy(), np.full((2, 3), 2.0))

    def test_init_from_callable_with_dtype(self):
        v = backend.Variable(_fill(7), shape=(2,), dtype="int32")
        self.assertEqual(v.dtype, "int32")
        self.assertAllEqual(v.numpy(), [7, 7])

    def test_callable_without_shape_fails(self):
        with self.assertRaisesRegex(ValueError, "shape"):
            backend.Variable(_fill(1.0))

    def test_value_and_shape_mismatch_fails(self):
        with self.assertRaisesRegex(ValueError, "shape"):
            backend.Variable(np.ones((2,)), shape=(3,))

    def test_invalid_name_fails(self):
        with self.assertRaisesRegex(ValueError, "name"):
            backend.Variable(1.0, name="a/b")

    def test_assign(self):
        v = backend.Variable(np.zeros((3,), "float32"))
        v.assign([1, 2, 3])
        self.assertAllClose(v.numpy(), [1.0, 2.0, 3.0])
        self.assertEqual(v.dtype, "float32")
        self.assertDType(v.value, "float32")

    def test_assign_add_and_sub(self):
        v = backend.Variable(np.zeros((3,), "float32"))
        v.assign_add(np.ones((3,), "float64"))
        v.assign_sub(0.5)
        self.assertAllClose(v.numpy(), [0.5, 0.5, 0.5])
        self.assertDType(v.value, "float32")

    def test_assign_casts_to_the_variable_dtype(self):
        v = backend.Variable(np.zeros((2,), "int32"), trainable=False)
        v.assign(np.array([1.7, 2.2], "float32"))
        self.assertAllEqual(v.numpy(), [1, 2])
        self.assertDType(v.value, "int32")

    def test_assign_shape_mismatch_fails(self):
        v = backend.Variable(np.zeros((2,), "float32"), name="v")
        with self.assertRaisesRegex(ValueError, r"\(2,\).*\(3,\)"):
            v.assign(np.zeros((3,), "float32"))

    def test_path_in_name_scopes(self):
        with name_scope("outer"):
            with name_scope("inner"):
                v = backend.Variable(1.0, name="w")
        self.assertEqual(v.name, "w")
        self.assertEqual(v.path, "outer/inner/w")
        unscoped = backend.Variable(1.0, name="w")
        self.assertEqual(unscoped.path, "w")

    def test_trainable(self):
        v = backend.Variable(1.0, trainable=False)
        self.assertFalse(v.trainable)
        v.trainable = True
        self.assertTrue(v.trainable)
        integer = backend.Variable(np.ones((2,), "int32"))
        self.assertTrue(integer.trainable)

    def test_acts_like_its_value(self):
        v = backend.Variable(np.array([1.0, 2.0], "float32"))
        self.assertAllClose(v + 1.0, [2.0, 3.0])
        self.assertAllClose(2.0 * v, [2.0, 4.0])
        self.assertAllClose(v[1], 2.0)
        self.assertAllClose(np.asarray(v), [1.0, 2.0])
        self.assertAllClose(backend.convert_to_numpy(v), [1.0, 2.0])
        self.assertAllClose(backend.convert_to_tensor(v) * 2, [2.0, 4.0])

    def test_native_functions_take_variables(self):
        v = backend.Variable(np.array([1.0, 2.0], "float32"))
        name = backend.backend()
        if name == "torch":
            import torch

            self.assertAllClose(torch.stack([v, v]), [[1, 2], [1, 2]])
            self.assertAllClose(torch.add(v, 1.0), [2.0, 3.0])
        elif name == "tensorflow":
            import tensorflow as tf

            self.assertAllClose(tf.stack([v, v]), [[1, 2], [1, 2]])
            self.assertAllClose(tf.add(v, 1.0), [2.0, 3.0])
        elif name == "jax":
            import jax.numpy as jnp

            self.assertAllClose(jnp.asarray(v), [1.0, 2.0])
        else:
            self.assertAllClose(np.stack([v, v]), [[1, 2], [1, 2]])

    def test_stateless_scope_reads_and_writes(self):
        v = backend.Variable(np.ones((2,), "float32"))
        mapping = [(v, np.full((2,), 5.0, "float32"))]
        with StatelessScope(state_mapping=mapping) as scope:
            self.assertAllClose(v.value, [5.0, 5.0])
            v.assign_add(np.ones((2,), "float32"))
            self.assertAllClose(scope.get_current_value(v), [6.0, 6.0])
            self.assertAllClose(v.value, [6.0, 6.0])
        self.assertAllClose(v.numpy(), [1.0, 1.0])

    def test_stateless_scope_defers_initialization(self):
        with StatelessScope():
            v = backend.Variable(_fill(3.0), shape=(2,))
            self.assertIsNone(v._value)
            # Read inside the scope (a layer built while a model is
            # traced): a stand-in initial value.
            self.assertAllClose(v.value, [3.0, 3.0])
        self.assertAllClose(v.numpy(), [3.0, 3.0])


class ConvertToTensorTest(testing.TestCase):
    @parameterized.named_parameters(
        ("python_int", 1, "int32"),
        ("python_float", 1.5, "float32"),
        ("python_bool", True, "bool"),
        ("int_list", [1, 2], "int32"),
        ("mixed_list", [1, 2.5], "float32"),
        ("bool_list", [True, False], "bool"),
        ("numpy_float64_scalar", np.float64(1.5), "float32"),
        ("numpy_float32_scalar", np.float32(1.5), "float32"),
        ("int8_array", np.array([1, 2], "int8"), "int8"),
        ("float16_array", np.array([1.0], "float16"), "float16"),
    )
    def test_default_dtypes(self, value, dtype):
        x = backend.convert_to_tensor(value)
        self.assertTrue(backend.is_tensor(x))
        self.assertDType(x, dtype)
        self.assertAllClose(x, np.asarray(value))

    @parameterized.named_parameters(
        ("int64_array", np.array([1, 2], "int64"), "int64"),
        ("float64_array", np.array(1.5), "float64"),
        ("int64_scalar", np.int64(3), "int64"),
    )
    def test_64_bit_values_keep_their_dtype(self, value, dtype):
        # 64-bit except on jax, which runs without 64-bit types.
        x = backend.convert_to_tensor(value)
        self.assertDType(x, backend.result_type(dtype))

    def test_explicit_dtype(self):
        x = backend.convert_to_tensor([1, 2], dtype="float16")
        self.assertDType(x, "float16")
        y = backend.convert_to_tensor(x, dtype="int32")
        self.assertDType(y, "int32")
        self.assertAllEqual(y, [1, 2])

    def test_tensor_of_the_right_dtype_is_returned_as_is(self):
        x = backend.convert_to_tensor([1.0, 2.0])
        self.assertIs(backend.convert_to_tensor(x), x)
        self.assertIs(backend.convert_to_tensor(x, dtype="float32"), x)

    def test_variable(self):
        v = backend.Variable(np.array([1.0, 2.0], "float32"))
        x = backend.convert_to_tensor(v)
        self.assertTrue(backend.is_tensor(x))
        self.assertAllClose(x, [1.0, 2.0])
        self.assertDType(backend.convert_to_tensor(v, "float16"), "float16")

    def test_sparse_fails_where_unsupported(self):
        if backend.SUPPORTS_SPARSE_TENSORS:
            pytest.skip(f"{backend.backend()} supports sparse tensors.")
        with self.assertRaisesRegex(ValueError, "sparse"):
            backend.convert_to_tensor(np.ones((2,)), sparse=True)

    def test_convert_to_numpy(self):
        x = backend.convert_to_tensor([[1, 2], [3, 4]])
        array = backend.convert_to_numpy(x)
        self.assertIsInstance(array, np.ndarray)
        self.assertEqual(array.dtype, np.int32)
        np.testing.assert_array_equal(array, [[1, 2], [3, 4]])
        bf16 = backend.convert_to_numpy(
            backend.convert_to_tensor([1.5], dtype="bfloat16")
        )
        self.assertEqual(backend.standardize_dtype(bf16.dtype), "bfloat16")
        np.testing.assert_array_equal(bf16.astype("float32"), [1.5])

    def test_is_tensor(self):
        self.assertTrue(backend.is_tensor(backend.convert_to_tensor(1.0)))
        self.assertFalse(backend.is_tensor(1.0))
        self.assertFalse(backend.is_tensor([1.0]))
        self.assertFalse(backend.is_tensor(KerasTensor((2,))))

    def test_cast(self):
        x = backend.cast(np.array([1.7, -2.5], "float32"), "int32")
        self.assertDType(x, "int32")
        self.assertAllEqual(x, [1, -2])

    def test_shape(self):
        x = backend.convert_to_tensor(np.zeros((2, 3), "float32"))
        self.assertEqual(tuple(backend.shape(x)), (2, 3))


class ComputeOutputSpecTest(testing.TestCase):
    def test_broadcast_with_unknown_dim(self):
        spec = backend.compute_output_spec(
            lambda x, y: x + y, KerasTensor((None, 3)), KerasTensor((3,))
        )
        self.assertIsInstance(spec, KerasTensor)
        self.assertEqual(spec.shape, (None, 3))
        self.assertEqual(spec.dtype, "float32")

    def test_structure_and_dtypes(self):
        def fn(x, scale):
            return {"head": x[:, :2], "scaled": x * scale}

        spec = backend.compute_output_spec(
            fn, KerasTensor((None, 4), dtype="int32"), 2
        )
        self.assertEqual(spec["head"].shape, (None, 2))
        self.assertEqual(spec["scaled"].shape, (None, 4))
        self.assertEqual(spec["head"].dtype, "int32")
        self.assertEqual(spec["scaled"].dtype, "int32")

    def test_known_shape(self):
        spec = backend.compute_output_spec(
            lambda x: x[0], KerasTensor((2, 5), dtype="float16")
        )
        self.assertEqual(spec.shape, (5,))
        self.assertEqual(spec.dtype, "float16")

    def test_variables_are_not_changed(self):
        v = backend.Variable(np.zeros((3,), "float32"))

        def fn(x):
            v.assign(np.ones((3,), "float32"))
            return x + v

        spec = backend.compute_output_spec(fn, KerasTensor((None, 3)))
        self.assertEqual(spec.shape, (None, 3))
        self.assertAllClose(v.numpy(), [0.0, 0.0, 0.0])


class DeviceScopeTest(testing.TestCase):
    def test_cpu(self):
        with backend.device("cpu"):
            x = backend.convert_to_tensor([1.0, 2.0])
        self.assertAllClose(x, [1.0, 2.0])
        name = backend.backend()
        if name == "jax":
            self.assertEqual(next(iter(x.devices())).platform, "cpu")
        elif name == "torch":
            self.assertEqual(x.device.type, "cpu")
        elif name == "tensorflow":
            self.assertIn("CPU", x.device)

    def test_same_as_device_scope(self):
        with backend.device_scope("cpu"):
            x = backend.convert_to_tensor([1])
        self.assertAllEqual(x, [1])

    def test_invalid_device_name_fails(self):
        with self.assertRaises(ValueError):
            with backend.device(3):
                pass


@pytest.mark.skipif(backend.backend() != "torch", reason="torch only")
class ClearSessionResetsDynamoTest(testing.TestCase):
    def test_compiled_function_recompiles_after_clear_session(self):
        import torch

        compiles = []

        def counting_backend(graph, example_inputs):
            compiles.append(1)
            return graph.forward

        fn = torch.compile(lambda x: x * 2, backend=counting_backend)
        fn(torch.ones(3))
        fn(torch.ones(3))
        self.assertLen(compiles, 1)
        clear_session()
        fn(torch.ones(3))
        self.assertLen(compiles, 2)
