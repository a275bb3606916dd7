"""The benchmark models, written once in Keras and once in plain PyTorch.

Each entry of `MODELS` gives the batch size, synthetic data (seeded NumPy
arrays, with a short last batch so that shape changes are exercised), a
Keras model builder and, where torch is installed, the same model as a
`torch.nn.Module` with its loss. Both versions compute the same function
(same layers, widths, activations and loss); weights are drawn
independently.

Used by `benchmarks/training_speed.py` and
`integration_tests/torch_compile_test.py`.
"""

import numpy as np

# Number of full batches per epoch, then one short batch of half a batch.
FULL_BATCHES = 24


def _rows(batch_size, full_batches):
    return batch_size * full_batches + batch_size // 2


def mlp_data(batch_size, full_batches=FULL_BATCHES, seed=0):
    rng = np.random.default_rng(seed)
    n = _rows(batch_size, full_batches)
    return (rng.random((n, 784), dtype=np.float32),
            rng.integers(0, 10, (n,)).astype("int64"))


def convnet_data(batch_size, full_batches=FULL_BATCHES, seed=0):
    rng = np.random.default_rng(seed)
    n = _rows(batch_size, full_batches)
    x = rng.random((n, 28, 28, 1), dtype=np.float32)
    y = np.eye(10, dtype=np.float32)[rng.integers(0, 10, (n,))]
    return x, y


def transformer_data(batch_size, full_batches=FULL_BATCHES, seed=0):
    rng = np.random.default_rng(seed)
    n = _rows(batch_size, full_batches)
    return (rng.integers(0, 20000, (n, 128)).astype("int64"),
            rng.integers(0, 2, (n,)).astype("int64"))


def tiny_mlp_data(batch_size, full_batches=FULL_BATCHES, seed=0):
    rng = np.random.default_rng(seed)
    n = _rows(batch_size, full_batches)
    return (rng.random((n, 64), dtype=np.float32),
            rng.random((n, 64), dtype=np.float32))


# -- Keras --------------------------------------------------------------------


def keras_mlp(keras):
    model = keras.Sequential([
        keras.Input((784,)),
        keras.layers.Dense(512, activation="relu"),
        keras.layers.Dense(512, activation="relu"),
        keras.layers.Dense(10),
    ])
    loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    return model, loss


def keras_convnet(keras):
    """The convnet of keras.io's "Simple MNIST convnet" example."""
    model = keras.Sequential([
        keras.Input((28, 28, 1)),
        keras.layers.Conv2D(32, kernel_size=(3, 3), activation="relu"),
        keras.layers.MaxPooling2D(pool_size=(2, 2)),
        keras.layers.Conv2D(64, kernel_size=(3, 3), activation="relu"),
        keras.layers.MaxPooling2D(pool_size=(2, 2)),
        keras.layers.Flatten(),
        keras.layers.Dropout(0.5),
        keras.layers.Dense(10, activation="softmax"),
    ])
    return model, "categorical_crossentropy"


def keras_transformer(keras):
    """Embedding, one self-attention block (4 heads) with a feed-forward
    part, mean pooling, a 2-way classifier."""
    layers = keras.layers
    tokens = keras.Input((128,), dtype="int64")
    x = layers.Embedding(20000, 64)(tokens)
    attention = layers.MultiHeadAttention(num_heads=4, key_dim=16)(x, x)
    x = layers.LayerNormalization(epsilon=1e-6)(x + attention)
    hidden = layers.Dense(64, activation="relu")(x)
    x = layers.LayerNormalization(epsilon=1e-6)(x + layers.Dense(64)(hidden))
    x = layers.GlobalAveragePooling1D()(x)
    outputs = layers.Dense(2)(x)
    loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    return keras.Model(tokens, outputs), loss


def keras_tiny_mlp(keras):
    model = keras.Sequential([
        keras.Input((64,)),
        keras.layers.Dense(64, activation="relu"),
        keras.layers.Dense(64, activation="relu"),
        keras.layers.Dense(64),
    ])
    return model, "mse"


# -- plain PyTorch ------------------------------------------------------------


def torch_mlp(torch):
    nn = torch.nn
    model = nn.Sequential(nn.Linear(784, 512), nn.ReLU(),
                          nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10))
    return model, nn.CrossEntropyLoss()


def torch_convnet(torch):
    nn = torch.nn
    model = nn.Sequential(
        nn.Conv2d(1, 32, 3), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(32, 64, 3), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(), nn.Dropout(0.5), nn.Linear(1600, 10),
    )

    def loss(logits, one_hot):
        # Keras's model ends with a softmax and a categorical crossentropy;
        # the same function, fused by torch into one call.
        return nn.functional.cross_entropy(logits, one_hot)

    class ChannelsFirst(nn.Module):
        # Data arrive as Keras's channels_last images.
        def __init__(self, body):
            super().__init__()
            self.body = body

        def forward(self, x):
            return self.body(x.permute(0, 3, 1, 2))

    return ChannelsFirst(model), loss


def torch_transformer(torch):
    nn = torch.nn

    class Transformer(nn.Module):
        def __init__(self):
            super().__init__()
            self.embedding = nn.Embedding(20000, 64)
            self.attention = nn.MultiheadAttention(64, 4, batch_first=True)
            self.norm1 = nn.LayerNorm(64, eps=1e-6)
            self.hidden = nn.Linear(64, 64)
            self.out = nn.Linear(64, 64)
            self.norm2 = nn.LayerNorm(64, eps=1e-6)
            self.classifier = nn.Linear(64, 2)

        def forward(self, tokens):
            x = self.embedding(tokens)
            attention, _ = self.attention(x, x, x, need_weights=False)
            x = self.norm1(x + attention)
            hidden = torch.relu(self.hidden(x))
            x = self.norm2(x + self.out(hidden))
            return self.classifier(x.mean(dim=1))

    return Transformer(), nn.CrossEntropyLoss()


def torch_tiny_mlp(torch):
    nn = torch.nn
    model = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 64),
                          nn.ReLU(), nn.Linear(64, 64))
    return model, nn.MSELoss()


MODELS = {
    "mlp": dict(batch_size=128, data=mlp_data, keras=keras_mlp,
                torch=torch_mlp),
    "convnet": dict(batch_size=128, data=convnet_data, keras=keras_convnet,
                    torch=torch_convnet),
    "transformer": dict(batch_size=32, data=transformer_data,
                        keras=keras_transformer, torch=torch_transformer),
    "tiny_mlp": dict(batch_size=32, data=tiny_mlp_data, keras=keras_tiny_mlp,
                     torch=torch_tiny_mlp),
}


# -- image augmentation (issue 6) ---------------------------------------------


def augment_data(batch_size, full_batches=FULL_BATCHES, seed=0):
    rng = np.random.default_rng(seed)
    n = _rows(batch_size, full_batches)
    return (rng.random((n, 64, 64, 3), dtype=np.float32),
            rng.integers(0, 10, (n,)).astype("int64"))


def keras_augment_convnet(keras):
    """Random flips, rotations and zooms in front of a small convnet."""
    layers = keras.layers
    model = keras.Sequential([
        keras.Input((64, 64, 3)),
        layers.RandomFlip(seed=1),
        layers.RandomRotation(0.1, seed=2),
        layers.RandomZoom(0.1, seed=3),
        layers.Conv2D(16, 3, activation="relu"),
        layers.MaxPooling2D(2),
        layers.Conv2D(32, 3, activation="relu"),
        layers.GlobalAveragePooling2D(),
        layers.Dense(10),
    ])
    loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    return model, loss


AUGMENT = dict(batch_size=32, data=augment_data, keras=keras_augment_convnet)
