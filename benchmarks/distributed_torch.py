"""Data-parallel training throughput on torch: 2 processes against 1.

The same MLP (784-256-256-10, global batch 128, 4096 samples) trains
with `keras.distribution.DataParallel` over `torch.distributed` (gloo) in
2 processes of 1 thread each (`torchrun --nproc_per_node=2`), and in 1
process with 2 threads (every core) and with 1 thread, eagerly and with
`jit_compile`.
A third data-parallel variant, for the jit question of issue 16 (where
the all-reduce goes), averages the *weights* with an eager all-reduce
right after each captured step instead of the gradients inside it; with
plain SGD the two compute the same model, so their times compare where
the communication sits. Prints one JSON line per run: samples/s over
the epochs after the first, and the first epoch's time (compiling).

What the figures can show on this 2-core CPU: the cost of the
data-parallel machinery (the all-reduces, the per-step log averaging,
two processes sharing two cores and the memory bandwidth). They cannot
show a speed-up: one process already uses both cores for its matrix
products, so splitting the batch over processes mostly adds
communication. Data parallelism pays with one device (GPU) per process,
where each process brings its own compute.

Run: `python benchmarks/distributed_torch.py [--epochs 3]
[--jit-backend inductor] [--repeats 1]`
"""

import argparse
import json
import os
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLES, BATCH = 4096, 128


def _data():
    import numpy as np

    rng = np.random.default_rng(0)
    x = rng.normal(size=(SAMPLES, 784)).astype("float32")
    y = rng.integers(0, 10, size=(SAMPLES,))
    return x, y


def _model(optimizer, jit):
    import keras

    keras.utils.set_random_seed(0)
    model = keras.Sequential([
        keras.Input((784,)),
        keras.layers.Dense(256, activation="relu"),
        keras.layers.Dense(256, activation="relu"),
        keras.layers.Dense(10),
    ])
    model.compile(
        optimizer=optimizer,
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        jit_compile=jit,
    )
    return model


class _EpochTimes:
    def __init__(self):
        import keras

        class Timer(keras.callbacks.Callback):
            def on_epoch_begin(cb, epoch, logs=None):
                cb.start = time.perf_counter()

            def on_epoch_end(cb, epoch, logs=None):
                self.times.append(time.perf_counter() - cb.start)

        self.times = []
        self.callback = Timer()


class _AverageWeightsAfterStep:
    """After each (captured) step, every rank's weights become their
    average: one eager all-reduce of the flattened weights."""

    def __init__(self, world):
        import keras

        from keras.src.backend.torch import distribution_lib

        class Average(keras.callbacks.Callback):
            def on_train_begin(cb, logs=None):
                distribution_lib.broadcast_variables(cb.model.variables)

            def on_train_batch_end(cb, batch, logs=None):
                variables = cb.model.trainable_variables
                distribution_lib.sum_variables(variables)
                for v in variables:
                    v.value.data.div_(world)

        self.callback = Average()


def child(mode, jit, epochs):
    import torch

    import keras

    world = int(os.environ.get("WORLD_SIZE", 1))
    if world > 1:
        keras.distribution.initialize()
    rank = int(os.environ.get("RANK", 0))
    x, y = _data()
    timer = _EpochTimes()
    callbacks = [timer.callback]
    batch = BATCH
    optimizer = keras.optimizers.SGD(0.01)
    if mode == "after":
        # Each rank takes its own shard up front and steps on it alone.
        x, y = x[rank::world], y[rank::world]
        batch = BATCH // world
        callbacks.append(_AverageWeightsAfterStep(world).callback)
    elif world > 1:
        keras.distribution.set_distribution(
            keras.distribution.DataParallel())
    model = _model(optimizer, jit)
    model.fit(x, y, batch_size=batch, epochs=epochs, shuffle=False,
              callbacks=callbacks, verbose=0)
    if rank == 0:
        later = timer.times[1:] or timer.times
        print(json.dumps({
            "benchmark": "distributed_torch",
            "processes": world,
            "all_reduce": mode if world > 1 else None,
            "jit_compile": bool(jit),
            "threads_per_process": torch.get_num_threads(),
            "samples_per_s": round(SAMPLES * len(later) / sum(later), 1),
            "first_epoch_s": round(timer.times[0], 2),
        }), flush=True)


def _free_port():
    with socket.socket() as s:
        s.bind(("localhost", 0))
        return s.getsockname()[1]


def _run(processes, mode, jit, epochs, threads=1):
    args = [__file__, "--child", mode, "--jit", jit,
            "--epochs", str(epochs)]
    env = dict(os.environ, KERAS_BACKEND="torch",
               OMP_NUM_THREADS=str(threads))
    if processes == 1:
        command = [sys.executable] + args
    else:
        command = [sys.executable, "-m", "torch.distributed.run",
                   f"--nproc_per_node={processes}",
                   f"--master_port={_free_port()}"] + args
    out = subprocess.run(command, env=env, capture_output=True, text=True)
    if out.returncode:
        raise RuntimeError(out.stderr[-3000:])
    for line in out.stdout.splitlines():
        if line.startswith("{"):
            print(line, flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--jit-backend", default="inductor")
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--child", default=None)
    parser.add_argument("--jit", default="")
    args = parser.parse_args()
    if args.child:
        jit = {"backend": args.jit} if args.jit else False
        child(args.child, jit, args.epochs)
        return
    # The configurations alternate within each repeat, so that a change
    # in the machine's load hits them alike: compare medians.
    for _ in range(args.repeats):
        for jit in ("", args.jit_backend):
            _run(1, "inside", jit, args.epochs, threads=2)
            _run(1, "inside", jit, args.epochs, threads=1)
            _run(2, "inside", jit, args.epochs)
            if jit:
                _run(2, "after", jit, args.epochs)


if __name__ == "__main__":
    main()
