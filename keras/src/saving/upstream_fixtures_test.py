"""Files written by upstream Keras 3.15.1 load here and predict the same.

The fixtures are made by `testdata/make_fixtures.py` (run with the oracle);
each `NAME.keras` comes with `NAME.npz` holding the input batch and
upstream's predictions.
"""

import os

import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import optimizers
from keras.src import testing
from keras.src.layers.layer import Layer
from keras.src.saving import object_registration
from keras.src.saving import saving_api

TESTDATA = os.path.join(os.path.dirname(__file__), "testdata", "upstream")


class ScaledSum(Layer):
    """The custom layer of the `custom_layer` fixture, written here from its
    description: `y = scale * x + bias`, one trainable bias per feature."""

    def __init__(self, scale=1.0, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale

    def build(self, input_shape):
        self.bias = self.add_weight(
            name="bias", shape=(input_shape[-1],), initializer="zeros"
        )

    def call(self, x):
        return self.scale * x + self.bias

    def get_config(self):
        return {**super().get_config(), "scale": self.scale}


def _fixture(name):
    data = np.load(os.path.join(TESTDATA, f"{name}.npz"))
    x = {key[2:]: data[key] for key in data.files if key.startswith("x_")}
    return (x or data["x"]), data["y"]


class UpstreamFixturesTest(testing.TestCase):
    def _load(self, name, **kwargs):
        return saving_api.load_model(
            os.path.join(TESTDATA, f"{name}.keras"), **kwargs
        )

    @parameterized.named_parameters(
        ("mlp", "mlp"),
        ("convnet", "convnet"),
        ("text_model", "text_model"),
        ("compiled_adam", "compiled_adam"),
        ("preprocessing", "preprocessing"),
    )
    def test_predictions(self, name):
        model = self._load(name)
        x, y = _fixture(name)
        # A direct call: the same forward pass as `predict`, without
        # compiling a predict function for each fixture (CI time).
        self.assertAllClose(model(x), y, atol=1e-6)
        if name == "mlp":
            self.assertAllClose(model.predict(x, verbose=0), y, atol=1e-6)

    def test_registered_custom_layer(self):
        x, y = _fixture("custom_layer")
        with self.assertRaisesRegex(TypeError, "ScaledSum"):
            self._load("custom_layer")
        registered = object_registration.register_keras_serializable(
            package="fixtures"
        )(ScaledSum)
        self.addCleanup(
            object_registration.GLOBAL_CUSTOM_OBJECTS.pop,
            "fixtures>ScaledSum", None,
        )
        self.addCleanup(
            object_registration.GLOBAL_CUSTOM_NAMES.pop, registered, None
        )
        model = self._load("custom_layer")
        self.assertIsInstance(model.get_layer("scaled"), ScaledSum)
        self.assertAllClose(model.predict(x, verbose=0), y, atol=1e-6)

    def test_custom_layer_from_custom_objects(self):
        x, y = _fixture("custom_layer")
        model = self._load(
            "custom_layer", custom_objects={"fixtures>ScaledSum": ScaledSum}
        )
        self.assertAllClose(model.predict(x, verbose=0), y, atol=1e-6)

    def test_optimizer_state(self):
        model = self._load("compiled_adam")
        optimizer = model.optimizer
        self.assertIsInstance(optimizer, optimizers.Adam)
        self.assertAllClose(optimizer.learning_rate, 0.01)
        # Three `train_on_batch` steps upstream: the step count and the
        # moments (non-zero after training) come from the file.
        self.assertEqual(int(ops.convert_to_numpy(optimizer.iterations)), 3)
        self.assertEqual(len(optimizer.variables), 10)
        moments = [ops.convert_to_numpy(v) for v in optimizer.variables[2:]]
        self.assertTrue(all(np.any(m != 0) for m in moments))
        self.assertEqual(model.loss, "mse")

    def test_adapted_lookup_vocabulary_from_assets(self):
        model = self._load("adapted_lookup")
        self.assertEqual(model.layers[1].get_vocabulary(),
                         ["[UNK]", "dog", "cat", "fish"])
        self.test_string_lookup("adapted_lookup")

    def test_tf_idf_text_vectorization(self):
        # The idf weights come from the weights file (a variable upstream),
        # the vocabulary from the assets.
        model = self._load("tf_idf_text")
        vectorize = model.layers[1]
        self.assertEqual(vectorize.get_vocabulary()[:3],
                         ["[UNK]", "the", "sat"])
        self.test_string_lookup("tf_idf_text")

    def test_string_lookup(self, name="string_lookup"):
        model = self._load(name)
        x, y = _fixture(name)
        if backend.backend() == "tensorflow":
            predictions = model.predict(x, verbose=0)
        else:
            # Only TensorFlow tensors hold strings: the lookup layer runs on
            # the NumPy strings and the rest of the model on its output.
            lookup, dense = model.layers[1], model.layers[2]
            predictions = dense(lookup(x))
        self.assertAllClose(predictions, y, atol=1e-6)
