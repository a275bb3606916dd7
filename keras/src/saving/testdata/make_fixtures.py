"""Writes `.keras` files with upstream Keras for the interchange tests.

Run with the oracle interpreter (upstream Keras 3.15.1, JAX backend):

    KERAS_BACKEND=jax /opt/keras-oracle/bin/python \
        keras/src/saving/testdata/make_fixtures.py

For each fixture `NAME` it writes, under `testdata/upstream/`:

- `NAME.keras`: the model, saved by upstream's `Model.save`;
  (`legacy_h5` is saved as `legacy_h5.h5`, the legacy HDF5 format);
- `NAME.npz`: `x` (the input batch, or `x_<input name>` for several inputs)
  and `y` (upstream's predictions on that batch).

The lookup fixtures (`preprocessing`, `string_lookup`, `adapted_lookup`,
`tf_idf_text`) need TensorFlow in the oracle's environment
(`/opt/keras-oracle/bin/pip install tensorflow-cpu==2.21.0`). Run it as a
script, as above: `sys.path` then starts at this folder and `import keras`
finds the oracle's package. Pointing another interpreter's `PYTHONPATH`
at upstream does not work where this package is installed editable (its
finder comes first).

Models are tiny so the whole folder stays well under 2 MB. The script only
imports `keras` (whichever is installed), so it can be pointed at this
package too, to compare what the two write.
"""

import os
import sys

import numpy as np

import keras

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "upstream")


@keras.saving.register_keras_serializable(package="fixtures")
class ScaledSum(keras.layers.Layer):
    """`y = scale * x + bias`, with a trainable per-feature bias.

    The interchange test defines the same class under the same registered
    name ("fixtures>ScaledSum").
    """

    def __init__(self, scale=1.0, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale

    def build(self, input_shape):
        self.bias = self.add_weight(
            name="bias",
            shape=(input_shape[-1],),
            initializer="random_normal",
        )

    def call(self, x):
        return self.scale * x + self.bias

    def get_config(self):
        return {**super().get_config(), "scale": self.scale}


def mlp():
    inputs = keras.Input((6,), name="features")
    x = keras.layers.Dense(8, activation="relu")(inputs)
    x = keras.layers.Dropout(0.2)(x)
    outputs = keras.layers.Dense(3, activation="softmax")(x)
    model = keras.Model(inputs, outputs, name="mlp")
    x = np.random.RandomState(1).normal(size=(4, 6)).astype("float32")
    return model, x


def convnet():
    model = keras.Sequential(
        [
            keras.Input((8, 8, 2)),
            keras.layers.Conv2D(4, 3, padding="same"),
            keras.layers.BatchNormalization(),
            keras.layers.ReLU(),
            keras.layers.MaxPooling2D(2),
            keras.layers.Flatten(),
            keras.layers.Dense(2),
        ],
        name="convnet",
    )
    x = np.random.RandomState(2).normal(size=(3, 8, 8, 2)).astype("float32")
    # Moving statistics away from their initial values, so loading them
    # matters for the predictions.
    model.compile(optimizer="sgd", loss="mse")
    y = np.random.RandomState(3).normal(size=(3, 2)).astype("float32")
    model.fit(x, y, epochs=2, verbose=0)
    return model, x


def text_model():
    tokens = keras.Input((5,), dtype="int32", name="tokens")
    x = keras.layers.Embedding(20, 8)(tokens)
    x = keras.layers.MultiHeadAttention(num_heads=2, key_dim=4)(x, x)
    x = keras.layers.LayerNormalization()(x)
    x = keras.layers.GlobalAveragePooling1D()(x)
    outputs = keras.layers.Dense(2)(x)
    model = keras.Model(tokens, outputs, name="text_model")
    x = np.random.RandomState(4).randint(0, 20, size=(3, 5)).astype("int32")
    return model, x


def custom_layer():
    inputs = keras.Input((4,))
    x = ScaledSum(scale=2.5, name="scaled")(inputs)
    outputs = keras.layers.Dense(2)(x)
    model = keras.Model(inputs, outputs, name="custom_layer")
    x = np.random.RandomState(5).normal(size=(2, 4)).astype("float32")
    return model, x


def compiled_adam():
    model = keras.Sequential(
        [
            keras.Input((5,)),
            keras.layers.Dense(4, activation="tanh"),
            keras.layers.Dense(1),
        ],
        name="compiled_adam",
    )
    model.compile(
        optimizer=keras.optimizers.Adam(learning_rate=0.01),
        loss="mse",
        metrics=["mae"],
    )
    rng = np.random.RandomState(6)
    x = rng.normal(size=(8, 5)).astype("float32")
    y = rng.normal(size=(8, 1)).astype("float32")
    for _ in range(3):
        model.train_on_batch(x, y)
    return model, x


def preprocessing():
    # Numeric inputs: IntegerLookup (vocabulary) and Normalization (mean,
    # variance) feed a Dense head.
    ids = keras.Input((1,), dtype="int64", name="ids")
    values = keras.Input((3,), name="values")
    lookup = keras.layers.IntegerLookup(
        vocabulary=[7, 11, 42], output_mode="one_hot"
    )
    norm = keras.layers.Normalization()
    norm.adapt(
        np.random.RandomState(7).normal(2.0, 3.0, size=(32, 3))
    )
    x = keras.layers.Concatenate()(
        [lookup(ids), norm(values)]
    )
    outputs = keras.layers.Dense(2)(x)
    model = keras.Model([ids, values], outputs, name="preprocessing")
    rng = np.random.RandomState(8)
    x = {
        "ids": np.array([[7], [42], [5], [11]], dtype="int64"),
        "values": rng.normal(size=(4, 3)).astype("float32"),
    }
    return model, x


def string_lookup():
    # String inputs: kept apart because not every backend holds strings.
    words = keras.Input((3,), dtype="string", name="words")
    lookup = keras.layers.StringLookup(
        vocabulary=["cat", "dog", "fish"], output_mode="count"
    )
    dense = keras.layers.Dense(2)
    outputs = dense(lookup(words))
    model = keras.Model(words, outputs, name="string_lookup")
    x = np.array([["cat", "dog", "cat"], ["fish", "bird", "dog"]])
    # Upstream's JAX `predict` cannot hold strings; the layers run eagerly.
    y = dense(lookup(x))
    return model, x, y


def adapted_lookup():
    # An adapted vocabulary: saved as an asset file
    # (`assets/<layer path>/vocabulary.txt`), not in the config.
    words = keras.Input((3,), dtype="string", name="words")
    lookup = keras.layers.StringLookup(output_mode="count")
    lookup.adapt(np.array([["dog", "cat", "dog"], ["fish", "dog", "cat"]]))
    dense = keras.layers.Dense(2)
    outputs = dense(lookup(words))
    model = keras.Model(words, outputs, name="adapted_lookup")
    x = np.array([["cat", "dog", "cat"], ["fish", "bird", "dog"]])
    y = dense(lookup(x))
    return model, x, y


def tf_idf_text():
    # TextVectorization in "tf_idf" mode: the adapted vocabulary is an
    # asset, the idf weights a variable (`vars/idf_weights`, under the
    # layer's path and again under its `_lookup_layer`'s).
    text = keras.Input((1,), dtype="string", name="text")
    vectorize = keras.layers.TextVectorization(
        output_mode="tf_idf", ngrams=2
    )
    vectorize.adapt(
        np.array(["the cat sat", "the dog sat down", "a cat, a dog!"])
    )
    dense = keras.layers.Dense(2)
    outputs = dense(vectorize(text))
    model = keras.Model(text, outputs, name="tf_idf_text")
    x = np.array([["The cat ran"], ["a dog sat"], ["zebra"]])
    y = dense(vectorize(x))
    return model, x, y


FIXTURES = {
    "mlp": mlp,
    "convnet": convnet,
    "text_model": text_model,
    "custom_layer": custom_layer,
    "compiled_adam": compiled_adam,
    "preprocessing": preprocessing,
    "string_lookup": string_lookup,
    "adapted_lookup": adapted_lookup,
    "tf_idf_text": tf_idf_text,
}


def legacy_h5():
    # Written as a legacy whole-model `.h5` (upstream's `save_model_to_hdf5`
    # path): `model_config`/`training_config` attributes and `model_weights`
    # with `layer_names`/`weight_names`, plus `optimizer_weights`.
    model, x = convnet()
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    model.train_on_batch(x, np.zeros((3, 2), "float32"))
    return model, x


FIXTURES["legacy_h5"] = legacy_h5
EXTENSIONS = {"legacy_h5": "h5"}


def write(name, out=OUT):
    keras.utils.set_random_seed(1234)
    model, x, *y = FIXTURES[name]()
    y = y[0] if y else model.predict(x, verbose=0)
    extension = EXTENSIONS.get(name, "keras")
    model.save(os.path.join(out, f"{name}.{extension}"))
    arrays = {"y": keras.ops.convert_to_numpy(y)}
    if isinstance(x, dict):
        arrays.update({f"x_{key}": value for key, value in x.items()})
    else:
        arrays["x"] = x
    np.savez(os.path.join(out, f"{name}.npz"), **arrays)


def main(names):
    os.makedirs(OUT, exist_ok=True)
    for name in names or FIXTURES:
        write(name)
        print(f"wrote {name}")


if __name__ == "__main__":
    main(sys.argv[1:])
