import ast
import importlib
import os

import pytest

from keras.src import backend as backend_module
from keras.src import testing
from keras.src.backend.common import numpy_api

# Shared module -> the backend modules that include it.
INCLUDED_BY = {
    "elementwise": (
        "keras.src.backend.numpy.numpy.elementwise",
        "keras.src.backend.jax.numpy.elementwise",
    ),
    "manipulation": (
        "keras.src.backend.numpy.numpy.manipulation",
        "keras.src.backend.jax.numpy.manipulation",
    ),
    "reductions": (
        "keras.src.backend.numpy.numpy.reductions",
        "keras.src.backend.jax.numpy.reductions",
    ),
}


def _shared_path(name):
    return os.path.join(os.path.dirname(numpy_api.__file__), f"{name}.py")


def _public_functions(path):
    with open(path) as f:
        tree = ast.parse(f.read())
    return [
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")
    ]


class NumpyApiTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        # Importing `keras.src.backend.numpy.*` rebinds the attribute
        # `keras.src.backend.numpy` to the numpy backend package.
        active = backend_module.numpy
        self.addCleanup(setattr, backend_module, "numpy", active)

    def test_backends_define_shared_functions_only_once(self):
        # Each shared function is the backend's own (its `__module__`), and
        # no backend replaces it: what differs is a function of its own.
        for shared, module_names in INCLUDED_BY.items():
            path = _shared_path(shared)
            names = _public_functions(path)
            self.assertNotEqual(names, [])
            for module_name in module_names:
                try:
                    module = importlib.import_module(module_name)
                except ImportError as e:
                    pytest.skip(f"{module_name} cannot be imported: {e}")
                for name in names:
                    fn = getattr(module, name)
                    self.assertEqual(fn.__module__, module_name)
                    self.assertEqual(
                        fn.__code__.co_filename,
                        path,
                        msg=f"{module_name}.{name} redefines the shared "
                        f"function of numpy_api/{shared}.py",
                    )

    def test_include_needs_exactly_the_bindings(self):
        with self.assertRaisesRegex(TypeError, "needs exactly the bindings"):
            numpy_api.include("elementwise", {}, xp=None)

    def test_every_shared_module_has_its_bindings(self):
        directory = os.path.dirname(numpy_api.__file__)
        modules = sorted(
            name[:-3]
            for name in os.listdir(directory)
            if name.endswith(".py")
            and not name.startswith("_")
            and not name.endswith("_test.py")
        )
        self.assertEqual(modules, sorted(numpy_api.BINDINGS))
        self.assertEqual(sorted(INCLUDED_BY), sorted(numpy_api.BINDINGS))

    def test_include_unknown_module(self):
        with self.assertRaisesRegex(ValueError, "No shared module"):
            numpy_api.include(
                "nonexistent",
                {},
                xp=None,
                convert_to_tensor=None,
                promote=None,
            )

    def test_include_keeps_the_including_module_docstring(self):
        namespace = {"__doc__": "Backend module."}
        numpy_api.include(
            "elementwise",
            namespace,
            xp=None,
            convert_to_tensor=None,
            promote=None,
        )
        self.assertEqual(namespace["__doc__"], "Backend module.")
        self.assertTrue(callable(namespace["add"]))

    @pytest.mark.skipif(
        backend_module.backend() not in ("numpy", "jax"),
        reason="The dtype rules are those of the active backend.",
    )
    def test_requested_dtypes_of_cumulative_and_prod(self):
        # As upstream: a 64-bit `dtype` narrows in `cumsum`/`cumprod` on
        # both backends; `prod` keeps it on numpy only.
        module = importlib.import_module(
            f"keras.src.backend.{backend_module.backend()}.numpy.reductions"
        )
        x = module.convert_to_tensor([1, 2, 3], "int32")
        for fn in (module.cumsum, module.cumprod, module.nancumsum):
            self.assertEqual(str(fn(x, dtype="float64").dtype), "float32")
        self.assertEqual(str(module.cumsum(x, dtype="int64").dtype), "int32")
        prod_dtype = {"numpy": "float64", "jax": "float32"}[
            backend_module.backend()
        ]
        self.assertEqual(
            str(module.prod(x, dtype="float64").dtype), prod_dtype
        )
