"""Keras's module paths under `keras.src` that code built on Keras imports
hold the same objects as the public namespaces."""

import subprocess
import sys

import keras
from keras.src import backend
from keras.src import testing


class ModuleLayoutTest(testing.TestCase):
    def test_models_and_layers_at_keras_paths(self):
        import keras.src as src
        from keras.src.models import Functional
        from keras.src.models import Model
        from keras.src.models import Sequential

        self.assertIs(Sequential, keras.Sequential)
        self.assertIs(Model, keras.Model)
        self.assertTrue(issubclass(Functional, Model))
        self.assertIs(src.Layer, keras.Layer)
        self.assertIs(src.Input, keras.Input)
        self.assertIs(src.KerasTensor, keras.KerasTensor)
        from keras.src.layers.activations import ReLU

        self.assertIs(ReLU, keras.layers.ReLU)

    def test_backend_common_helpers(self):
        from keras.src.backend import common

        self.assertEqual(common.standardize_dtype(float), "float32")
        self.assertTrue(common.is_float_dtype("bfloat16"))
        self.assertTrue(common.is_int_dtype("uint8"))
        self.assertEqual(common.result_type("int8", "float16"), "float16")
        self.assertEqual(common.standardize_shape([2, None]), (2, None))
        self.assertIs(common.random.normal, keras.random.normal)
        with self.assertRaises(AttributeError):
            common.not_a_name  # noqa: B018

    def test_autocast_scope(self):
        from keras.src import backend

        self.assertIsNone(backend.get_autocast_scope())
        with backend.AutocastScope("float16") as scope:
            self.assertIs(backend.get_autocast_scope(), scope)
            variable = backend.Variable(1.0, dtype="float32")
            self.assertEqual(
                backend.standardize_dtype(variable.value.dtype), "float16"
            )
        self.assertIsNone(backend.get_autocast_scope())

    def test_registries_and_lazy_module_attributes(self):
        from keras.src import dtype_policies
        from keras.src import initializers
        from keras.src import losses
        from keras.src.saving import serialization_lib

        self.assertIn(losses.MeanSquaredError, losses.ALL_OBJECTS)
        self.assertIn(losses.mean_squared_error, losses.ALL_OBJECTS)
        self.assertIn(keras.DTypePolicy, dtype_policies.ALL_OBJECTS)
        self.assertIs(initializers.serialization_lib, serialization_lib)
        self.assertIs(losses.serialization_lib, serialization_lib)
        with self.assertRaisesRegex(AttributeError, "no attribute"):
            initializers.not_a_name  # noqa: B018

    def test_ops_name_scope_and_data_adapter_helpers(self):
        from keras.src import ops
        from keras.src.trainers import data_adapters

        self.assertIs(ops.name_scope, keras.name_scope)
        self.assertFalse(data_adapters.is_tf_dataset([1, 2]))
        self.assertFalse(data_adapters.is_torch_dataloader([1, 2]))

    def test_keras_src_imports_alone(self):
        # `keras.src` pulls its own dependencies in an order that works
        # when it is the first thing imported.
        code = (
            "import keras.src.backend.common.dtypes as d; "
            "from keras.src.models import Sequential; "
            "print(d.standardize_dtype('int'), Sequential.__name__)"
        )
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True
        )
        # The backend's default int (int64 on TensorFlow, as upstream).
        default_int = backend.standardize_dtype("int")
        self.assertEqual(
            result.stdout.strip(), f"{default_int} Sequential",
            msg=result.stderr,
        )

    def test_thin_modules_at_keras_paths(self):
        from keras.src.ops import node
        from keras.src.ops.symbolic_arguments import SymbolicArguments
        from keras.src.optimizers.optimizer import Optimizer
        from keras.src.utils import tree as utils_tree

        self.assertIs(Optimizer, keras.optimizers.Optimizer)
        self.assertIs(SymbolicArguments, node.SymbolicArguments)
        self.assertIs(utils_tree.flatten, keras.tree.flatten)

    def test_utils_package_exports(self):
        from keras.src import utils

        self.assertIs(utils.Progbar, keras.utils.Progbar)
        self.assertIs(utils.set_random_seed, keras.utils.set_random_seed)
        resolved = 0
        for name in utils._LAZY_NAMES:
            if hasattr(utils, name) and hasattr(keras.utils, name):
                self.assertIs(getattr(utils, name), getattr(keras.utils, name))
                resolved += 1
        self.assertGreater(resolved, 2)
        self.assertIn("Progbar", dir(utils))
        with self.assertRaisesRegex(AttributeError, "no attribute"):
            utils.not_a_name  # noqa: B018

    def test_data_adapters_helpers(self):
        from keras.src.trainers import data_adapters

        self.assertFalse(data_adapters.is_grain_dataset([1, 2]))
        with self.assertRaisesRegex(ValueError, "`sample_weight` should not"):
            data_adapters.raise_unsupported_arg(
                "sample_weight", "the sample weights", "tf.data.Dataset"
            )
