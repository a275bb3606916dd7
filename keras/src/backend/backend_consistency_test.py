"""Every backend exposes the same functions with the same parameters.

The numpy backend is the reference: each of its public functions must exist
in every other backend with the same parameter names. Other backends may
have extra helpers of their own (`to_torch_dtype`, say).
"""

import importlib
import inspect

import pytest

from keras.src import backend as backend_module
from keras.src import testing

BACKENDS = ("numpy", "jax", "tensorflow", "torch")
MODULES = ("core", "numpy", "nn", "math", "linalg", "random",
           "distribution_lib")


def _public_functions(module):
    return {
        name: fn
        for name, fn in vars(module).items()
        if inspect.isfunction(fn)
        and not name.startswith("_")
        and fn.__module__.startswith("keras.src.backend.")
        and not fn.__module__.startswith("keras.src.backend.common")
    }


class BackendConsistencyTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        # Importing `keras.src.backend.numpy.*` rebinds the attribute
        # `keras.src.backend.numpy` (the active backend's numpy module) to
        # the numpy backend package: put it back after the test.
        active = backend_module.numpy
        self.addCleanup(setattr, backend_module, "numpy", active)

    def test_same_functions_and_parameters(self):
        for module_name in MODULES:
            functions = {}
            for backend in BACKENDS:
                try:
                    module = importlib.import_module(
                        f"keras.src.backend.{backend}.{module_name}"
                    )
                except ImportError as e:
                    pytest.skip(f"{backend} is not installed: {e}")
                functions[backend] = _public_functions(module)
            reference = set(functions["numpy"])
            for backend in BACKENDS:
                self.assertEqual(
                    sorted(reference - set(functions[backend])),
                    [],
                    msg=f"backend.{backend}.{module_name} lacks functions",
                )
            for name in sorted(reference):
                params = {
                    b: list(inspect.signature(functions[b][name]).parameters)
                    for b in BACKENDS
                }
                self.assertEqual(
                    len({tuple(p) for p in params.values()}),
                    1,
                    msg=f"{module_name}.{name} parameters differ: {params}",
                )

    def test_optimizer_module_declares_fused_updates(self):
        # `base_optimizer` asks this one flag; a backend that sets it
        # provides the kernels the shared optimizers call.
        kernels = ("fused_update_tensors", "fused_sgd_update",
                   "fused_adam_update", "fused_rmsprop_update")
        for backend in BACKENDS:
            try:
                module = importlib.import_module(
                    f"keras.src.backend.{backend}.optimizer"
                )
            except ImportError as e:
                pytest.skip(f"{backend} is not installed: {e}")
            self.assertIsInstance(module.SUPPORTS_FUSED_UPDATES, bool)
            # None, or (TensorFlow) a function of (apply, grads, variables).
            self.assertTrue(module.cross_replica_apply is None
                            or callable(module.cross_replica_apply))
            # None, or (torch) the class `keras.optimizers.<Name>(...)`
            # creates for a shared optimizer class.
            self.assertTrue(module.backend_subclass is None
                            or callable(module.backend_subclass))
            for name in kernels:
                self.assertEqual(
                    hasattr(module, name), module.SUPPORTS_FUSED_UPDATES,
                    msg=f"backend.{backend}.optimizer.{name}",
                )

    def test_trainer_modules_provide_the_contract(self):
        # `keras/src/trainers/backend_trainer.py` writes the contract down:
        # every backend's trainer module defines exactly its functions,
        # with its parameters, and its constants.
        from keras.src.trainers import backend_trainer

        for backend in BACKENDS:
            try:
                module = importlib.import_module(
                    f"keras.src.backend.{backend}.trainer"
                )
            except ImportError as e:
                pytest.skip(f"{backend} is not installed: {e}")
            functions = {
                name: fn for name, fn in _public_functions(module).items()
                if fn.__module__ == module.__name__
            }
            self.assertEqual(
                sorted(functions), sorted(backend_trainer.CONTRACT),
                msg=f"backend.{backend}.trainer functions",
            )
            for name, params in backend_trainer.CONTRACT.items():
                self.assertEqual(
                    tuple(inspect.signature(functions[name]).parameters),
                    params,
                    msg=f"backend.{backend}.trainer.{name} parameters",
                )
            for name in backend_trainer.CONSTANTS:
                self.assertTrue(hasattr(module, name),
                                msg=f"backend.{backend}.trainer.{name}")
