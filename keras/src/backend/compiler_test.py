"""Tests of `keras.src.backend.jit` (each backend's `compiler.py`)."""

import json
import os
from unittest import mock

import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.backend import config


def _affine(x, w):
    return ops.tanh(ops.matmul(x, w) + 1.0)


def _np_affine(x, w):
    return np.tanh(x @ w + 1.0)


class JitTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        rng = np.random.default_rng(0)
        self.x = rng.standard_normal((4, 3)).astype("float32")
        self.w = rng.standard_normal((3, 2)).astype("float32")

    def _cheap_options(self):
        # Inductor's C++ code generation costs seconds per graph.
        return {"backend": "eager"} if backend.backend() == "torch" else {}

    def test_matches_numpy(self):
        fn = backend.jit(_affine, **self._cheap_options())
        out = fn(ops.convert_to_tensor(self.x), ops.convert_to_tensor(self.w))
        self.assertAllClose(out, _np_affine(self.x, self.w), atol=1e-5)
        # A second call, with new values, reuses the compiled function.
        out = fn(ops.convert_to_tensor(2 * self.x),
                 ops.convert_to_tensor(self.w))
        self.assertAllClose(out, _np_affine(2 * self.x, self.w), atol=1e-5)

    def test_keyword_arguments(self):
        fn = backend.jit(_affine, **self._cheap_options())
        out = fn(x=ops.convert_to_tensor(self.x),
                 w=ops.convert_to_tensor(self.w))
        self.assertAllClose(out, _np_affine(self.x, self.w), atol=1e-5)

    def test_nested_traces_through(self):
        traces = []

        def inner(x, w):
            traces.append(1)
            return _affine(x, w)

        inner_jit = backend.jit(inner, **self._cheap_options())

        def outer(x, w):
            return inner_jit(x, w) * 2.0

        options = self._cheap_options()
        if backend.backend() == "torch":
            options["fullgraph"] = True
        outer_jit = backend.jit(outer, **options)
        out = outer_jit(ops.convert_to_tensor(self.x),
                        ops.convert_to_tensor(self.w))
        self.assertAllClose(out, 2 * _np_affine(self.x, self.w), atol=1e-5)
        # The inner Python function ran once: traced by the outer
        # compiler only (or, on numpy, called once).
        self.assertLen(traces, 1)
        if backend.backend() == "tensorflow":
            count = inner_jit.compiled.experimental_get_tracing_count()
            self.assertEqual(count, 0)

    def test_preserves_name_and_doc(self):
        def documented(x):
            """Doubles."""
            return x * 2

        fn = backend.jit(documented, **self._cheap_options())
        self.assertEqual(fn.__name__, "documented")
        self.assertEqual(fn.__doc__, "Doubles.")

    def test_gradient_through_jitted_function(self):
        if backend.backend() == "numpy":
            pytest.skip("The numpy backend has no gradients.")
        fn = backend.jit(lambda x: ops.sum(x * x), **self._cheap_options())
        grad = _gradient(fn, self.x)
        self.assertAllClose(grad, 2 * self.x, atol=1e-5)

    def test_backend_options(self):
        name = backend.backend()
        x = ops.convert_to_tensor(self.x)
        if name == "jax":
            fn = backend.jit(lambda x, n: x * n, static_argnums=(1,))
            self.assertAllClose(fn(x, 3), 3 * self.x)
        elif name == "tensorflow":
            fn = backend.jit(lambda x: x * 3, jit_compile=False)
            self.assertAllClose(fn(x), 3 * self.x)
            self.assertFalse(fn.compiled._jit_compile)
            fn = backend.jit(lambda x: x * 3)
            self.assertTrue(fn.compiled._jit_compile)
        elif name == "torch":
            fn = backend.jit(lambda x: x * 3, backend="eager",
                             fullgraph=True, dynamic=False)
            self.assertAllClose(fn(x), 3 * self.x)
        else:
            fn = lambda x: x * 3
            self.assertIs(backend.jit(fn, anything=1), fn)

    def test_unknown_option_raises(self):
        if backend.backend() == "numpy":
            pytest.skip("The numpy backend ignores every option.")
        with self.assertRaisesRegex(TypeError, "not_an_option"):
            backend.jit(_affine, not_an_option=1)


def _gradient(fn, x):
    name = backend.backend()
    if name == "jax":
        import jax

        return jax.grad(fn)(x)
    if name == "tensorflow":
        import tensorflow as tf

        x = tf.constant(x)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = fn(x)
        return tape.gradient(y, x)
    import torch

    x = torch.tensor(x, requires_grad=True)
    fn(x).backward()
    return x.grad


class CompilationCacheTest(testing.TestCase):
    def test_folder_under_keras_home(self):
        home = self.get_temp_dir()
        env = {"KERAS_HOME": home}
        with mock.patch.dict(os.environ, env):
            os.environ.pop("KERAS_COMPILATION_CACHE", None)
            self.assertEqual(
                config.compilation_cache_dir(),
                os.path.join(home, "compilation_cache", backend.backend()),
            )

    def test_switched_off(self):
        home = self.get_temp_dir()
        with mock.patch.dict(os.environ, {"KERAS_HOME": home,
                                          "KERAS_COMPILATION_CACHE": "0"}):
            self.assertIsNone(config.compilation_cache_dir())
        with open(os.path.join(home, "keras.json"), "w") as f:
            json.dump({"compilation_cache": False}, f)
        with mock.patch.dict(os.environ, {"KERAS_HOME": home}):
            os.environ.pop("KERAS_COMPILATION_CACHE", None)
            self.assertIsNone(config.compilation_cache_dir())

    @pytest.mark.skipif(backend.backend() != "torch",
                        reason="Inductor's cache folder")
    def test_torch_keeps_a_folder_the_user_set(self):
        from keras.src.backend.torch import compiler

        with mock.patch.dict(os.environ,
                             {"TORCHINDUCTOR_CACHE_DIR": "/mine"}):
            compiler.use_compilation_cache()
            self.assertEqual(os.environ["TORCHINDUCTOR_CACHE_DIR"], "/mine")
        home = self.get_temp_dir()
        with mock.patch.dict(os.environ, {"KERAS_HOME": home}):
            os.environ.pop("TORCHINDUCTOR_CACHE_DIR", None)
            os.environ.pop("KERAS_COMPILATION_CACHE", None)
            compiler.use_compilation_cache()
            self.assertTrue(os.environ["TORCHINDUCTOR_CACHE_DIR"]
                            .startswith(home))
