"""`jit_compile` on torch: each benchmark model trains as whole-step graphs.

For every model of `benchmarks/models.py`, a short `fit` (with a short
last batch and validation data) with `jit_compile={"fullgraph": True}`
must compile, record no graph break, compile nothing after the first
epoch (nor on a second `predict`), and give the losses of the same fit
run eagerly.
"""

import pytest

import keras
from benchmarks.models import MODELS
from keras.src import backend
from keras.src import testing

pytestmark = pytest.mark.skipif(
    backend.backend() != "torch", reason="torch.compile runs on torch only."
)

FULL_BATCHES = 2


def _fit(model, name, epochs):
    spec = MODELS[name]
    x, y = spec["data"](spec["batch_size"], full_batches=FULL_BATCHES)
    return model.fit(x, y, batch_size=spec["batch_size"], epochs=epochs,
                     validation_data=(x, y), shuffle=False, verbose=0)


def _model(name, jit_compile):
    keras.utils.set_random_seed(0)
    model, loss = MODELS[name]["keras"](keras)
    model.compile(optimizer=keras.optimizers.Adam(1e-3), loss=loss,
                  jit_compile=jit_compile)
    return model


class TorchCompileTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        import torch._dynamo.utils as dynamo_utils

        self.counters = dynamo_utils.counters

    def graphs(self):
        return self.counters["stats"]["unique_graphs"]

    def check_model(self, name):
        spec = MODELS[name]
        x, y = spec["data"](spec["batch_size"], full_batches=FULL_BATCHES)
        eager_history = _fit(_model(name, False), name, epochs=1)

        self.counters.clear()
        model = _model(name, {"fullgraph": True})
        history = _fit(model, name, epochs=1)
        first_epoch_graphs = self.graphs()
        # Full training and validation batches; the short last batches
        # run eagerly.
        self.assertEqual(first_epoch_graphs, 2)
        _fit(model, name, epochs=2)
        self.assertEqual(self.graphs(), first_epoch_graphs)
        model.predict(x, batch_size=spec["batch_size"], verbose=0)
        predict_graphs = self.graphs()
        model.predict(x, batch_size=spec["batch_size"], verbose=0)
        self.assertEqual(self.graphs(), predict_graphs)
        self.assertEqual(sum(self.counters["graph_break"].values()), 0)

        if any(isinstance(layer, keras.layers.Dropout)
               for layer in model.layers):
            # Compiled steps draw dropout masks from torch's global RNG,
            # eager ones from the layer's seed: the losses differ a little
            # in training; the evaluation of the same weights must not.
            self.assertAllClose(history.history["loss"],
                                eager_history.history["loss"], rtol=0.05)
            compiled_loss = model.evaluate(x, y, verbose=0)
            model.jit_compile = False
            self.assertAllClose(compiled_loss, model.evaluate(x, y, verbose=0),
                                rtol=1e-5)
        else:
            for key in ("loss", "val_loss"):
                self.assertAllClose(history.history[key],
                                    eager_history.history[key],
                                    rtol=1e-4, atol=1e-5)

    def test_mlp(self):
        self.check_model("mlp")

    def test_convnet(self):
        self.check_model("convnet")

    def test_transformer(self):
        self.check_model("transformer")

    def test_tiny_mlp(self):
        self.check_model("tiny_mlp")
