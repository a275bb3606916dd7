"""Keras's names in the active backend's package: the argument tables of
`image`, `compute_homography_matrix`, and the classes that Keras defines
per backend (here the shared classes)."""

import importlib

import numpy as np
import pytest

from keras.src import backend
from keras.src import layers
from keras.src import optimizers
from keras.src import testing
from keras.src.trainers.trainer import Trainer

_CLASSES = {
    "jax": ("JAXTrainer", "JaxOptimizer", "JaxLayer"),
    "tensorflow": ("TensorFlowTrainer", "TFOptimizer", "TFLayer"),
    "torch": ("TorchTrainer", "TorchOptimizer", "TorchLayer"),
    "numpy": ("NumpyTrainer", None, "NumpyLayer"),
}


def _module(name):
    package = f"keras.src.backend.{backend.backend()}"
    return importlib.import_module(f"{package}.{name}")


class BackendNamesTest(testing.TestCase):
    def test_image_tables_and_homography(self):
        image = _module("image")
        self.assertEqual(image.AFFINE_TRANSFORM_INTERPOLATIONS,
                         {"nearest": 0, "bilinear": 1})
        self.assertIn("reflect", image.AFFINE_TRANSFORM_FILL_MODES)
        self.assertIn("lanczos5", image.RESIZE_INTERPOLATIONS)
        self.assertIn("bicubic", image.SCALE_AND_TRANSLATE_METHODS)
        start = np.array([[[0, 0], [0, 4], [4, 0], [4, 4]]], "float32")
        end = np.array([[[1, 0], [0, 5], [4, 1], [5, 5]]], "float32")
        matrix = image.compute_homography_matrix(start, end)
        self.assertAllClose(
            matrix,
            [[0.897959, 0.179592, -0.897959, -0.408163, 1.22449, 0.408163,
              -0.102041, 0.126531]],
            atol=1e-5,
        )
        self.assertTrue(_module("core").SUPPORTS_COMPLEX_DTYPES)
        x = np.array([0.5, -1.0], "float32")
        self.assertAllClose(_module("nn").tanh(x), np.tanh(x), atol=1e-6)

    def test_per_backend_classes_are_the_shared_ones(self):
        trainer_name, optimizer_name, layer_name = _CLASSES[backend.backend()]
        self.assertIs(getattr(_module("trainer"), trainer_name), Trainer)
        self.assertTrue(issubclass(layers.Layer,
                                   getattr(_module("layer"), layer_name)))
        if optimizer_name is not None:
            module = _module(
                "optimizers" if backend.backend() == "torch" else "optimizer"
            )
            self.assertIsInstance(optimizers.Adam(),
                                  getattr(module, optimizer_name))

    @pytest.mark.skipif(backend.backend() != "tensorflow",
                        reason="TensorFlow names")
    def test_tensorflow_batch_trace(self):
        from keras.src.backend.tensorflow import tensorboard

        context = tensorboard.start_batch_trace(0)
        tensorboard.stop_batch_trace(context)

    @pytest.mark.skipif(backend.backend() != "jax", reason="JAX names")
    def test_jax_names(self):
        from keras.src.backend.jax import core
        from keras.src.backend.jax import nn
        from keras.src.backend.jax import random
        from keras.src.backend.jax import tensorboard

        self.assertIs(core.JaxVariable, core.Variable)
        self.assertEqual(random.jax_draw_seed(42).tolist(), [42, 0])
        self.assertAllClose(nn.tanh(np.array([0.5])), np.tanh([0.5]))
        context = tensorboard.start_batch_trace(0)
        tensorboard.stop_batch_trace(context)
