"""Distributed training on TensorFlow with `tf.distribute`.

On the TensorFlow backend, Keras models train data parallel the way
tf.keras models do: create and compile the model inside a strategy's
`scope()`, then call `fit`, `evaluate` and `predict` as usual (inside or
outside the scope). Every replica holds a copy of the weights (mirrored
variables); each step splits the global batch between the replicas,
sums their gradients and updates every copy once. Metrics are computed
over the global batch, so the logged loss is the one a single device
would log.

This guide trains one small classifier twice, on one device and with
`tf.distribute.MirroredStrategy` over two devices, from the same
weights, and shows the per-epoch losses agree.

Run it as is, on one machine:

    KERAS_BACKEND=tensorflow python examples/distributed_tensorflow.py

Without GPUs it splits the CPU into 2 logical devices (this must happen
before TensorFlow initializes its devices, hence at the top). With 2 or
more GPUs, `MirroredStrategy()` uses them all.

Several machines: use `tf.distribute.MultiWorkerMirroredStrategy()` in
place of `MirroredStrategy`, and start one process per machine, each
with a `TF_CONFIG` environment variable naming the cluster and its own
index (see the `tf.distribute` guide); the rest of this script stays.
"""

import os
import tempfile

os.environ.setdefault("KERAS_BACKEND", "tensorflow")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

if not tf.config.list_physical_devices("GPU"):
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(
        cpu, [tf.config.LogicalDeviceConfiguration()] * 2
    )

import keras  # noqa: E402

# ## Data
# 1,024 samples of 20 features and 4 classes. The global batch (64)
# divides evenly between the replicas: each sees 32 per step.
rng = np.random.default_rng(0)
x = rng.normal(size=(1024, 20)).astype("float32")
y = (x[:, :4] @ rng.normal(size=(4,)) > 0).astype("int32") + 2 * (
    x[:, 4] > 0
)
BATCH, EPOCHS = 64, 3


def make_model(weights=None):
    model = keras.Sequential(
        [
            keras.Input((20,)),
            keras.layers.Dense(64, activation="relu"),
            keras.layers.Dense(64, activation="relu"),
            keras.layers.Dense(4),
        ]
    )
    if weights is not None:
        model.set_weights(weights)
    model.compile(
        optimizer=keras.optimizers.Adam(1e-3),
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
    )
    return model


# ## One device
keras.utils.set_random_seed(0)
single = make_model()
weights = single.get_weights()
history = single.fit(x, y, batch_size=BATCH, epochs=EPOCHS, verbose=0,
                     shuffle=False)
print("one device      ", np.round(history.history["loss"], 5))

# ## Data parallel with MirroredStrategy
# Everything that creates variables (the model, `compile`) goes inside
# the scope; `fit` finds the strategy from the model.
strategy = tf.distribute.MirroredStrategy()
print("replicas:", strategy.num_replicas_in_sync,
      "on", keras.distribution.list_devices())
with strategy.scope():
    mirrored = make_model(weights)
print("kernel held as  ", type(mirrored.weights[0].value).__name__)
history = mirrored.fit(x, y, batch_size=BATCH, epochs=EPOCHS, verbose=0,
                       shuffle=False)
print("MirroredStrategy", np.round(history.history["loss"], 5))

loss, accuracy = mirrored.evaluate(x, y, batch_size=BATCH, verbose=0)
print(f"evaluate: loss {loss:.4f}, accuracy {accuracy:.3f}")
print("predict:", mirrored.predict(x[:8], verbose=0).argmax(-1))

# ## Saving
# A model trained under a strategy saves like any other; loading it
# inside a scope gives the strategy's variables again.
path = os.path.join(tempfile.mkdtemp(), "mirrored.keras")
mirrored.save(path)
with strategy.scope():
    restored = keras.saving.load_model(path)
print("restored evaluate:", np.round(restored.evaluate(x, y, verbose=0), 4))
