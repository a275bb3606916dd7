"""Data-parallel training throughput on JAX: 2 processes against 1.

One MLP (64 -> 256 -> 256 -> 10, Adam) trains with a global batch of 256
under `keras.distribution.DataParallel` in three set-ups:

- `1proc`: one process, one CPU device (the baseline);
- `2proc`: two processes on this host joined by
  `keras.distribution.initialize` (gloo collectives on the CPU), one
  device each, each process feeding its half of every global batch;
- `2dev`: one process with 2 virtual CPU devices
  (`--xla_force_host_platform_device_count=2`).

The set-ups run in alternation (A, B, C, A, B, C, ...) so machine load
hits them alike; each run prints one JSON line (samples per second over
the timed epochs, after a first epoch that compiles), then one line of
medians and ratios to `1proc`.

What the figure can show on this 2-core CPU: the cost Keras and JAX add to
split a step over processes or devices (the gradient all-reduce over
gloo, the assembly of the global batch from each process's part, the
sharded step), and that the set-ups train. What it cannot show: speed-up
from data parallelism. One process already uses both cores for its
matrix products, so a second process or device adds no compute, only
communication: a ratio below 1 is expected here. On several GPUs or
hosts, where each process brings its own device, the ratio is the one to
measure.

Run: `python benchmarks/distributed_jax.py [--rounds 3] [--epochs 3]`
"""

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import time

GLOBAL_BATCH = 256
GLOBAL_SAMPLES = 256 * 24


def worker(epochs):
    import jax

    num_processes = int(os.environ.get("KERAS_DISTRIBUTION_NUM_PROCESSES", 1))
    if num_processes > 1:
        jax.config.update("jax_cpu_collectives_implementation", "gloo")
    import numpy as np

    import keras
    from keras import distribution

    if num_processes > 1:
        distribution.initialize()
    distribution.set_distribution(distribution.DataParallel())
    keras.utils.set_random_seed(0)
    model = keras.Sequential(
        [
            keras.Input((64,)),
            keras.layers.Dense(256, activation="relu"),
            keras.layers.Dense(256, activation="relu"),
            keras.layers.Dense(10),
        ]
    )
    model.compile(
        optimizer="adam",
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    # Each process holds its own part of the data and of every batch.
    local = GLOBAL_SAMPLES // num_processes
    rng = np.random.default_rng(jax.process_index())
    x = rng.normal(size=(local, 64)).astype("float32")
    y = rng.integers(0, 10, size=(local,))
    batch = GLOBAL_BATCH // num_processes
    model.fit(x, y, batch_size=batch, epochs=1, verbose=0)  # Compiles.
    start = time.perf_counter()
    model.fit(x, y, batch_size=batch, epochs=epochs, verbose=0)
    seconds = time.perf_counter() - start
    if jax.process_index() == 0:
        print(
            "RESULT" + json.dumps(
                {
                    "samples_per_s": GLOBAL_SAMPLES * epochs / seconds,
                    "devices": distribution.get_device_count(),
                    "processes": jax.process_count(),
                }
            ),
            flush=True,
        )


def _free_port():
    with socket.socket() as s:
        s.bind(("localhost", 0))
        return s.getsockname()[1]


def _run(setup, epochs):
    env = dict(os.environ, KERAS_BACKEND="jax", JAX_PLATFORMS="cpu")
    for name in ("XLA_FLAGS", "KERAS_DISTRIBUTION_NUM_PROCESSES"):
        env.pop(name, None)
    command = [sys.executable, __file__, "--worker", "--epochs", str(epochs)]
    if setup == "2dev":
        env["XLA_FLAGS"] = "--xla_force_host_platform_device_count=2"
    if setup != "2proc":
        out = subprocess.run(command, env=env, capture_output=True,
                             text=True, timeout=600)
        outputs = [out]
    else:
        env["KERAS_DISTRIBUTION_NUM_PROCESSES"] = "2"
        env["KERAS_DISTRIBUTION_JOB_ADDRESSES"] = f"localhost:{_free_port()}"
        procs = [
            subprocess.Popen(
                command,
                env=dict(env, KERAS_DISTRIBUTION_PROCESS_ID=str(i)),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for i in range(2)
        ]
        outputs = []
        for proc in procs:
            stdout, stderr = proc.communicate(timeout=600)
            outputs.append(
                subprocess.CompletedProcess(
                    proc.args, proc.returncode, stdout, stderr
                )
            )
    for out in outputs:
        if out.returncode:
            raise RuntimeError(f"{setup} failed:\n{out.stderr[-3000:]}")
    for out in outputs:
        for line in out.stdout.splitlines():
            if line.startswith("RESULT"):
                return json.loads(line[len("RESULT"):])
    raise RuntimeError(f"{setup} printed no result")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--worker", action="store_true")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--epochs", type=int, default=3)
    args = parser.parse_args()
    if args.worker:
        worker(args.epochs)
        return
    setups = ("1proc", "2proc", "2dev")
    figures = {setup: [] for setup in setups}
    for round_index in range(args.rounds):
        for setup in setups:
            result = _run(setup, args.epochs)
            figures[setup].append(result["samples_per_s"])
            print(json.dumps(dict(result, setup=setup, round=round_index)),
                  flush=True)
    medians = {s: statistics.median(v) for s, v in figures.items()}
    print(
        json.dumps(
            {
                "median_samples_per_s": medians,
                "ratio_2proc_vs_1proc": medians["2proc"] / medians["1proc"],
                "ratio_2dev_vs_1proc": medians["2dev"] / medians["1proc"],
                "global_batch": GLOBAL_BATCH,
            }
        ),
        flush=True,
    )


if __name__ == "__main__":
    main()
