"""A torch fit over batches whose sequence length changes every batch.

Text batches padded to their own longest sequence (a common `DataLoader`
collate) give a new input shape per batch. The model: `Embedding(20000,
64)`, `MultiHeadAttention(2, 32)` (self-attention), global average
pooling, `Dense(1, "sigmoid")`; 30 batches per epoch of lengths 20, 24,
..., 136 (the last one 7 rows), 3 epochs. Configurations: `eager`,
`jit` (`jit_compile=True`: exact shapes for the first batch, then one graph
with symbolic sizes) and `jit_static` (`jit_compile={"dynamic": False}`:
one graph per shape). Prints per configuration the epoch times, the graphs
captured per step kind (symbolic or not) and the time spent capturing.

    KERAS_BACKEND=torch python benchmarks/variable_shapes.py [--configs eager,jit]
"""

import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

CONFIGS = {"eager": False, "jit": True, "jit_static": {"dynamic": False}}
BATCHES = 30
EPOCHS = 3


def child(config):
    import keras
    from keras.src.backend.torch import step_capture

    captures = []
    original = step_capture.CapturedStep._capture

    def timed_capture(step, leaves, treedef, symbolic=False):
        start = time.perf_counter()
        result = original(step, leaves, treedef, symbolic)
        captures.append({"kind": step._kind, "symbolic": bool(symbolic),
                         "seconds": round(time.perf_counter() - start, 2)})
        return result

    step_capture.CapturedStep._capture = timed_capture

    class Batches(keras.utils.PyDataset):
        def __len__(self):
            return BATCHES

        def __getitem__(self, index):
            rng = np.random.default_rng(index)
            rows = 32 if index < BATCHES - 1 else 7
            return (rng.integers(1, 20000, (rows, 20 + 4 * index)),
                    rng.integers(0, 2, (rows, 1)).astype("float32"))

    keras.utils.set_random_seed(0)
    inputs = keras.Input((None,), dtype="int32")
    x = keras.layers.Embedding(20000, 64)(inputs)
    x = keras.layers.MultiHeadAttention(2, 32)(x, x)
    x = keras.layers.GlobalAveragePooling1D()(x)
    outputs = keras.layers.Dense(1, activation="sigmoid")(x)
    model = keras.Model(inputs, outputs)
    model.compile("adam", "binary_crossentropy",
                  jit_compile=CONFIGS[config])
    times = []
    timer = keras.callbacks.LambdaCallback(
        on_epoch_begin=lambda epoch, logs: times.append(time.perf_counter()),
        on_epoch_end=lambda epoch, logs: times.append(time.perf_counter()),
    )
    history = model.fit(Batches(), epochs=EPOCHS, shuffle=False, verbose=0,
                        callbacks=[timer])
    print(json.dumps({
        "config": config,
        "epoch_s": [round(times[i + 1] - times[i], 2)
                    for i in range(0, len(times), 2)],
        "graphs": len(captures),
        "symbolic_graphs": sum(c["symbolic"] for c in captures),
        "capture_s": round(sum(c["seconds"] for c in captures), 2),
        "loss": [round(v, 5) for v in history.history["loss"]],
    }), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--configs", default="eager,jit,jit_static")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    env = dict(os.environ, KERAS_BACKEND="torch")
    for config in args.configs.split(","):
        process = subprocess.run(
            [sys.executable, __file__, "--child", config], env=env,
            capture_output=True, text=True,
        )
        lines = [line for line in process.stdout.splitlines()
                 if line.startswith("{")]
        print(lines[-1] if lines else process.stderr[-3000:], flush=True)


if __name__ == "__main__":
    main()
