"""The same functional model, given the same weights, predicts the same
numbers on every backend: checked against values computed once with NumPy
(`softmax(concat(embed(ids), relu(x @ k1 + b1)) @ k2 + b2)` and
`concat(...) @ k3 + b3`) and stored here."""

import numpy as np

import keras
from keras.src import testing

IDS = np.array([[1, 0], [9, 3], [4, 4]], "int32")
X = np.array(
    [[0.5, -1.0, 2.0, 0.0, 1.5],
     [1.0, 1.0, 1.0, 1.0, 1.0],
     [-0.5, 0.25, 0.0, -2.0, 3.0]],
    "float32",
)
EXPECTED_PROBS = [
    [0.2966131, 0.3319315, 0.3714554],
    [0.3277935, 0.3333025, 0.3389041],
    [0.1797408, 0.3044781, 0.5157811],
]
EXPECTED_SCORE = [[0.2572917], [0.1833333], [0.7255208]]


def weights():
    embeddings = (np.arange(10 * 4).reshape(10, 4) % 7 - 3) / 10.0
    k1 = (np.arange(5 * 4).reshape(5, 4) % 5 - 2) / 8.0
    b1 = np.array([0.1, -0.2, 0.3, 0.0])
    k2 = (np.arange(12 * 3).reshape(12, 3) % 9 - 4) / 3.0
    b2 = np.array([0.05, 0.0, -0.05])
    k3 = (np.arange(12).reshape(12, 1) % 4 - 1.5) / 6.0
    b3 = np.array([0.25])
    return [w.astype("float32") for w in (embeddings, k1, b1, k2, b2, k3,
                                          b3)]


def build_model():
    ids = keras.Input((2,), dtype="int32", name="ids")
    x = keras.Input((5,), name="x")
    embedded = keras.layers.Flatten()(keras.layers.Embedding(10, 4)(ids))
    hidden = keras.layers.Dense(4, activation="relu")(x)
    merged = keras.layers.Concatenate()([embedded, hidden])
    merged = keras.layers.Dropout(0.5)(merged)
    probs = keras.layers.Dense(3, activation="softmax", name="probs")(merged)
    score = keras.layers.Dense(1, name="score")(merged)
    return keras.Model({"ids": ids, "x": x}, {"probs": probs,
                                              "score": score})


class FunctionalCrossBackendTest(testing.TestCase):
    def test_same_numbers_on_every_backend(self):
        model = build_model()
        model.set_weights(weights())
        outputs = model({"ids": IDS, "x": X})
        self.assertAllClose(outputs["probs"], EXPECTED_PROBS, atol=1e-5)
        self.assertAllClose(outputs["score"], EXPECTED_SCORE, atol=1e-5)

    def test_training_mode_drops_units(self):
        model = build_model()
        model.set_weights(weights())
        outputs = model({"ids": IDS, "x": X}, training=True)
        self.assertNotAllClose(outputs["score"], EXPECTED_SCORE, atol=1e-5)

    def test_clone_from_config_predicts_the_same(self):
        model = build_model()
        model.set_weights(weights())
        clone = keras.Model.from_config(model.get_config())
        clone.set_weights(model.get_weights())
        outputs = clone({"ids": IDS, "x": X})
        self.assertAllClose(outputs["probs"], EXPECTED_PROBS, atol=1e-5)

    def test_wrong_number_of_inputs(self):
        model = build_model()
        with self.assertRaisesRegex(ValueError, "expects 2 input"):
            model([IDS, X, X])
