"""A user's own `train_step` on torch, eager against `jit_compile=True`.

The step is the one of the Keras guide "Customizing what happens in
`fit()` with PyTorch" (`self.zero_grad()`, `loss.backward()`,
`self.optimizer.apply(...)` under `torch.no_grad()`, metric updates),
on an MLP (`Dense(256, "relu")` x 2, `Dense(10)`) over 64 features at
batch 64, 32 batches per epoch, 4 epochs. Keras compiles an overridden
step with `torch.compile` as it is (its own whole-step capture applies
only to Keras's step), so Dynamo's graph breaks and recompilations are
what this measures. Prints one JSON line per configuration: ms/step
(median of epochs 2..), first-epoch seconds, graphs compiled in the
first epoch and after it, and the graph breaks with their reasons.

    KERAS_BACKEND=torch python benchmarks/custom_train_step.py
"""

import json
import os
import statistics
import sys
import time

# The guide's step is the one `integration_tests/` trains.
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)
os.environ.setdefault("KERAS_BACKEND", "torch")

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch._dynamo.utils as dynamo_utils  # noqa: E402

import keras  # noqa: E402
from integration_tests.custom_train_step_test import TorchStyle  # noqa: E402

BATCH_SIZE = 64
BATCHES = 32
EPOCHS = 4


def build(jit_compile):
    keras.utils.set_random_seed(0)
    inputs = keras.Input((64,))
    hidden = keras.layers.Dense(256, activation="relu")(inputs)
    hidden = keras.layers.Dense(256, activation="relu")(hidden)
    outputs = keras.layers.Dense(10)(hidden)
    model = TorchStyle(inputs, outputs)
    model.compile(
        optimizer="adam",
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
        jit_compile=jit_compile,
    )
    return model


def run(jit_compile):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(BATCH_SIZE * BATCHES, 64)).astype("float32")
    y = rng.integers(0, 10, size=(BATCH_SIZE * BATCHES,))
    torch._dynamo.reset()
    dynamo_utils.counters.clear()
    model = build(jit_compile)
    epoch_seconds, graphs = [], []
    for _ in range(EPOCHS):
        start = time.perf_counter()
        model.fit(x, y, batch_size=BATCH_SIZE, epochs=1, shuffle=False,
                  verbose=0)
        epoch_seconds.append(time.perf_counter() - start)
        graphs.append(dynamo_utils.counters["stats"]["unique_graphs"])
    breaks = {reason.splitlines()[0]: count for reason, count
              in dynamo_utils.counters["graph_break"].items()}
    return {
        "config": "jit" if jit_compile else "eager",
        "ms_per_step": round(
            statistics.median(epoch_seconds[1:]) / BATCHES * 1e3, 2),
        "first_epoch_s": round(epoch_seconds[0], 2),
        "graphs_first_epoch": graphs[0],
        "graphs_after_first_epoch": graphs[-1] - graphs[0],
        "graph_breaks": breaks,
    }


def main():
    results = [run(False), run(True)]
    for result in results:
        print(json.dumps(result))
    print(json.dumps({"jit_over_eager": round(
        results[1]["ms_per_step"] / results[0]["ms_per_step"], 2)}))


if __name__ == "__main__":
    main()
