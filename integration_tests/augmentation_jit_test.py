"""A model holding image augmentation layers trains compiled on every
backend: `"auto"` jits it on JAX and compiles it with XLA on TensorFlow;
on torch `jit_compile=True` captures the step with no graph break."""

import numpy as np
import pytest

import keras
from benchmarks.models import AUGMENT
from keras.src import backend
from keras.src import testing


@pytest.mark.requires_trainable_backend
class AugmentationJitTest(testing.TestCase):
    def test_augmentation_model_trains_compiled(self):
        is_torch = backend.backend() == "torch"
        keras.utils.set_random_seed(0)
        model, loss = AUGMENT["keras"](keras)
        jit = {"backend": "aot_eager", "fullgraph": True} if is_torch \
            else "auto"
        model.compile(optimizer="adam", loss=loss, jit_compile=jit)
        self.assertTrue(model.jit_compile)
        x, y = AUGMENT["data"](8, full_batches=2)
        if is_torch:
            import torch._dynamo.utils as dynamo_utils

            dynamo_utils.counters.clear()
        history = model.fit(x, y, batch_size=8, epochs=2, verbose=0)
        self.assertTrue(np.all(np.isfinite(history.history["loss"])))
        if is_torch:
            self.assertEqual(
                sum(dynamo_utils.counters["graph_break"].values()), 0
            )
            self.assertGreater(
                dynamo_utils.counters["stats"]["unique_graphs"], 0
            )
        # Inference (`predict`) leaves images untouched by the random
        # layers.
        augmenting = keras.Sequential(model.layers[:3])
        self.assertAllClose(augmenting(x[:2], training=False), x[:2])
