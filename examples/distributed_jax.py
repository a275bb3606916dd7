"""Distributed training on JAX with `keras.distribution`.

This guide trains one small classifier three ways:

1. on a single device;
2. data parallel (`DataParallel`): every device holds the whole model and
   each takes its slice of every batch;
3. data and model parallel (`ModelParallel`): a 2 x 4 device mesh with a
   `"batch"` axis and a `"model"` axis, whose `LayoutMap` splits the big
   Dense kernels' columns over `"model"`.

The loss is the same in all three: distribution changes where the
numbers are computed, not which numbers.

Run it as is, on one machine:

    KERAS_BACKEND=jax python examples/distributed_jax.py

With no accelerator, it asks XLA for 8 virtual CPU devices (set
`XLA_FLAGS` yourself to choose). On GPUs or TPUs it uses the real ones
(the mesh needs 8 for part 3, which is skipped otherwise).

Several processes (several hosts, or several processes on one host):
start one per host, each with the coordinator's address and its index,
and each feeding its own part of the data. For 2 processes on this host:

    export KERAS_BACKEND=jax KERAS_DISTRIBUTION_NUM_PROCESSES=2
    export KERAS_DISTRIBUTION_JOB_ADDRESSES=localhost:29500
    KERAS_DISTRIBUTION_PROCESS_ID=0 python examples/distributed_jax.py &
    KERAS_DISTRIBUTION_PROCESS_ID=1 python examples/distributed_jax.py

`keras.distribution.initialize()` reads those variables; it must run
before anything touches a device. On CPU the processes exchange
gradients with gloo.
"""

import os

MULTI_PROCESS = "KERAS_DISTRIBUTION_NUM_PROCESSES" in os.environ
if not MULTI_PROCESS:
    # Must be set before JAX starts: 8 virtual devices on the CPU.
    os.environ.setdefault(
        "XLA_FLAGS", "--xla_force_host_platform_device_count=8"
    )
os.environ.setdefault("KERAS_BACKEND", "jax")

import jax  # noqa: E402
import numpy as np  # noqa: E402

import keras  # noqa: E402
from keras import distribution  # noqa: E402

if MULTI_PROCESS:
    # Cross-process collectives on the CPU go through gloo.
    jax.config.update("jax_cpu_collectives_implementation", "gloo")
    distribution.initialize()

# Each process reads its own part of the data (here: its own seed).
rng = np.random.default_rng(jax.process_index())
NUM_CLASSES = 4
x = rng.normal(size=(256, 16)).astype("float32")
y = (x[:, :NUM_CLASSES] * 3 + rng.normal(size=(256, NUM_CLASSES))).argmax(1)


def make_model():
    keras.utils.set_random_seed(42)
    model = keras.Sequential(
        [
            keras.Input((16,)),
            keras.layers.Dense(64, activation="relu", name="dense_in"),
            keras.layers.Dense(64, activation="relu", name="dense_mid"),
            keras.layers.Dense(NUM_CLASSES, name="logits"),
        ]
    )
    model.compile(
        optimizer=keras.optimizers.Adam(1e-2),
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
    )
    return model


def train(model):
    history = model.fit(
        x, y, batch_size=32, epochs=3, shuffle=False, verbose=0
    )
    return [round(loss, 5) for loss in history.history["loss"]]


def main():
    devices = distribution.list_devices()
    print(f"{jax.process_count()} process(es); devices: {devices}")
    initial = make_model().get_weights()  # Same start for every run.

    if not MULTI_PROCESS:
        model = make_model()
        model.set_weights(initial)
        print("single device, loss per epoch:", train(model))

    # Data parallel: variables replicated, batches split over "batch".
    data_parallel = distribution.DataParallel(devices=devices)
    with data_parallel.scope():
        model = make_model()
        model.set_weights(initial)
        print("DataParallel, loss per epoch:", train(model))

    if len(devices) % 2 or len(devices) < 4:
        return
    # Data and model parallel: kernels' columns split over "model".
    mesh = distribution.DeviceMesh(
        (2, len(devices) // 2), ["batch", "model"], devices
    )
    layout_map = distribution.LayoutMap(mesh)
    layout_map["dense_.*/kernel"] = (None, "model")
    layout_map["dense_.*/bias"] = ("model",)
    model_parallel = distribution.ModelParallel(layout_map=layout_map)
    with model_parallel.scope():
        model = make_model()
        model.set_weights(initial)
        print("ModelParallel, loss per epoch:", train(model))
        kernel = model.get_layer("dense_in").kernel
        print("dense_in kernel:", kernel.value.sharding.spec,
              "one shard:", kernel.value.addressable_shards[0].data.shape)


if __name__ == "__main__":
    main()
