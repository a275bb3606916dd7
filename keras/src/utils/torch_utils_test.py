import os

import numpy as np
import pytest
from absl.testing import parameterized

import keras
from keras.src import backend
from keras.src import testing
from keras.src.utils.torch_utils import TorchModuleWrapper
from keras.src.utils.torch_utils import no_grad

requires_torch = pytest.mark.skipif(
    backend.backend() != "torch",
    reason="TorchModuleWrapper runs on the torch backend only.",
)
# Dynamo's cheap backend: the test checks the capture, not Inductor.
CHEAP = {"backend": "aot_eager", "fullgraph": True}


def _data():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(32, 4)).astype("float32")
    return x, x.sum(axis=1, keepdims=True)


def _mlp():
    import torch

    torch.manual_seed(0)
    return torch.nn.Sequential(
        torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1)
    )


def _functional(module):
    inputs = keras.Input((4,))
    return keras.Model(inputs, TorchModuleWrapper(module)(inputs))


class TorchModuleWrapperTest(testing.TestCase):
    @pytest.mark.skipif(backend.backend() == "torch", reason="Not torch.")
    def test_other_backends_refuse(self):
        with self.assertRaisesRegex(ValueError, "torch backend"):
            TorchModuleWrapper(object())

    @requires_torch
    def test_not_a_module(self):
        with self.assertRaisesRegex(TypeError, "torch.nn.Module"):
            TorchModuleWrapper("linear")

    @requires_torch
    def test_variables_own_the_module_tensors(self):
        import torch

        module = torch.nn.Sequential(torch.nn.Linear(3, 2),
                                     torch.nn.BatchNorm1d(2))
        layer = TorchModuleWrapper(module)
        self.assertTrue(layer.built)
        self.assertEqual(
            [(v.name, v.trainable) for v in layer.weights],
            [("0.weight", True), ("0.bias", True), ("1.weight", True),
             ("1.bias", True), ("1.running_mean", False),
             ("1.running_var", False), ("1.num_batches_tracked", False)],
        )
        self.assertIs(module[0].weight, layer.trainable_weights[0].value)
        layer.trainable_weights[1].assign(np.ones(2, "float32"))
        self.assertAllClose(module[0].bias.detach(), np.ones(2))
        self.assertEqual(len(list(layer.parameters())), 4)
        # `training` switches the module's mode.
        layer(np.ones((4, 3), "float32"), training=True)
        self.assertTrue(module.training)
        layer(np.ones((4, 3), "float32"))
        self.assertFalse(module.training)

    @parameterized.named_parameters(("eager", False), ("jit", True))
    @requires_torch
    @pytest.mark.requires_trainable_backend
    def test_functional_model_trains(self, jit):
        import torch._dynamo.utils as dynamo_utils

        x, y = _data()
        model = _functional(_mlp())
        self.assertEqual(model.output.shape, (None, 1))
        model.compile(optimizer=keras.optimizers.Adam(0.02), loss="mse",
                      jit_compile=CHEAP if jit else False)
        dynamo_utils.counters.clear()
        losses = model.fit(x, y, batch_size=16, epochs=3,
                           verbose=0).history["loss"]
        self.assertLess(losses[-1], losses[0])
        self.assertEqual(sum(dynamo_utils.counters["graph_break"].values()),
                         0)
        if jit:
            self.assertEqual(
                dynamo_utils.counters["stats"]["unique_graphs"], 1
            )

    @requires_torch
    @pytest.mark.requires_trainable_backend
    def test_subclassed_model_with_batch_norm(self):
        import torch

        class Model(keras.Model):
            def __init__(self):
                super().__init__()
                torch.manual_seed(0)
                self.body = TorchModuleWrapper(torch.nn.Sequential(
                    torch.nn.Linear(4, 8), torch.nn.BatchNorm1d(8)))
                self.head = keras.layers.Dense(1)

            def call(self, x):
                return self.head(self.body(x))

        x, y = _data()
        model = Model()
        model.compile(optimizer="adam", loss="mse", jit_compile=CHEAP)
        model.fit(x, y, batch_size=16, epochs=1, verbose=0)
        batch_norm = model.body.module[1]
        self.assertEqual(int(batch_norm.num_batches_tracked), 2)
        self.assertEqual(len(model.non_trainable_weights), 3)
        self.assertEqual(len(model.trainable_weights), 6)
        self.assertNotAllClose(batch_norm.running_mean.detach(),
                               np.zeros(8))
        # Inference uses the running statistics: repeatable.
        first = model.predict(x, verbose=0)
        self.assertAllClose(first, model.predict(x, verbose=0))
        self.assertEqual(int(batch_norm.num_batches_tracked), 2)

    @requires_torch
    def test_save_and_load(self):
        x, _ = _data()
        model = _functional(_mlp())
        path = os.path.join(self.get_temp_dir(), "model.keras")
        model.save(path)
        with self.assertRaisesRegex(ValueError, "safe_mode=False"):
            keras.models.load_model(path)
        loaded = keras.models.load_model(path, safe_mode=False)
        self.assertAllClose(loaded.predict(x, verbose=0),
                            model.predict(x, verbose=0))
        config = model.layers[1].get_config()
        self.assertIsInstance(config["module"], str)
        with self.assertRaisesRegex(ValueError, "torch.load"):
            TorchModuleWrapper.from_config(config)
        layer = TorchModuleWrapper.from_config(config, safe_mode=False)
        self.assertEqual(len(layer.weights), 4)

    @requires_torch
    def test_lazy_module_and_output_shape(self):
        import torch

        layer = TorchModuleWrapper(torch.nn.LazyLinear(3))
        self.assertFalse(layer.built)
        inputs = keras.Input((5,))
        self.assertEqual(layer(inputs).shape, (None, 3))
        self.assertEqual([v.shape for v in layer.weights], [(3, 5), (3,)])
        flatten = TorchModuleWrapper(torch.nn.Flatten(),
                                     output_shape=(None, 6))
        self.assertEqual(flatten.compute_output_shape((None, 2, 3)),
                         (None, 6))
        self.assertEqual(
            TorchModuleWrapper(torch.nn.Flatten()).compute_output_shape(
                (None, 2, 3)),
            (None, 6),
        )
        with self.assertRaisesRegex(ValueError, "output_shape"):
            TorchModuleWrapper(torch.nn.Flatten(), output_shape="6")

    def test_no_grad(self):
        @no_grad
        def double(x):
            return x * 2

        self.assertEqual(double(3), 6)
        if backend.backend() == "torch":
            import torch

            w = torch.ones(2, requires_grad=True)
            self.assertFalse(double(w).requires_grad)
