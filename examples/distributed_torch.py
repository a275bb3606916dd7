"""Data-parallel training on PyTorch with `torch.distributed`.

`keras.distribution.DataParallel` on the torch backend trains one model
with several processes, one per device: each process reads its part of
every batch, the gradients are averaged over the processes at every step
(gloo on CPU, NCCL on GPU), the logs are the figures of the whole data,
and only process 0 prints and writes checkpoints.

Launch it with `torchrun`, one process per device (here 2 on the CPU):

    KERAS_BACKEND=torch torchrun --nproc_per_node=2 \\
        examples/distributed_torch.py

Run as plain `python examples/distributed_torch.py`, it trains in one
process, as any Keras script does.
"""

import os
import tempfile

import numpy as np

os.environ.setdefault("KERAS_BACKEND", "torch")

import keras  # noqa: E402


def main():
    # 1. Join the other processes. Under `torchrun`, the addresses, the
    #    number of processes and this process's rank come from the
    #    environment; without it there is nothing to join.
    if "WORLD_SIZE" in os.environ:
        keras.distribution.initialize()
    # 2. Data parallelism: the model is replicated, the batch is split.
    keras.distribution.set_distribution(keras.distribution.DataParallel())

    # 3. Data: every process passes the whole data set. `batch_size` is
    #    the global batch: with 2 processes, each steps on 32 samples.
    rng = np.random.default_rng(0)
    x = rng.normal(size=(2048, 16)).astype("float32")
    true_w = rng.normal(size=(16, 1)).astype("float32")
    y = (x @ true_w > 0).astype("float32")

    # 4. A model built as usual. Its weights may start differently in
    #    each process: process 0's are copied to the others at the first
    #    step.
    model = keras.Sequential([
        keras.Input((16,)),
        keras.layers.Dense(32, activation="relu"),
        keras.layers.Dense(1, activation="sigmoid"),
    ])
    model.compile(
        optimizer=keras.optimizers.Adam(1e-2),
        loss="binary_crossentropy",
        metrics=["accuracy"],
        # `True` captures each step as one graph, the all-reduce of the
        # gradients inside it; compiling takes a while on the first batch.
        jit_compile=False,
    )

    # 5. Train. Only process 0 prints the progress bar and writes the
    #    checkpoint; `history` holds the same averaged figures everywhere.
    folder = tempfile.mkdtemp()
    checkpoint = keras.callbacks.ModelCheckpoint(
        os.path.join(folder, "model.keras"))
    history = model.fit(
        x, y, batch_size=64, epochs=3, validation_split=0.25,
        callbacks=[checkpoint], verbose=2,
    )
    if int(os.environ.get("RANK", 0)) == 0:
        print("final accuracy:", history.history["accuracy"][-1])
        print("checkpoint:", os.listdir(folder))


if __name__ == "__main__":
    main()
