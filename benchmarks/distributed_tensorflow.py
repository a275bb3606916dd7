"""Data-parallel training throughput on TensorFlow: 2 devices against 1.

The same MLP (784-256-256-10, global batch 128, 4096 samples) trains
with `tf.distribute.MirroredStrategy` over the CPU split into 2 logical
devices, and without a strategy on the whole CPU. TensorFlow's data
parallelism is single-process (one replica per device, all in one
process), so "2 processes" here means 2 replicas. Each configuration
runs in its own subprocess (the logical split must happen before
TensorFlow starts); the runs alternate, and `--repeats` of them give
medians. Prints one JSON line per run: samples/s over the epochs after
the first, and the first epoch's time (tracing).

What the figure can show on this 2-core CPU: the cost of the
data-parallel machinery (per-replica slicing, the gradient all-reduce,
the cross-replica update and the mirrored copies of every variable).
It cannot show a speed-up: the two logical devices share the same two
cores and thread pools that one device already keeps busy with its
matrix products, so splitting the batch mostly adds work. Data
parallelism pays with one accelerator per replica. XLA is off in both
(TensorFlow cannot compile a step spanning several devices with XLA).

Run: `python benchmarks/distributed_tensorflow.py [--epochs 3]
[--repeats 3]`
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

SAMPLES, BATCH = 4096, 128


def _worker(replicas, epochs):
    import numpy as np
    import tensorflow as tf

    if replicas > 1:
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(
            cpu, [tf.config.LogicalDeviceConfiguration()] * replicas
        )
    import keras

    rng = np.random.default_rng(0)
    x = rng.normal(size=(SAMPLES, 784)).astype("float32")
    y = rng.integers(0, 10, size=(SAMPLES,))

    def model():
        m = keras.Sequential([
            keras.Input((784,)),
            keras.layers.Dense(256, activation="relu"),
            keras.layers.Dense(256, activation="relu"),
            keras.layers.Dense(10),
        ])
        m.compile(
            optimizer="adam", jit_compile=False,
            loss=keras.losses.SparseCategoricalCrossentropy(
                from_logits=True
            ),
        )
        return m

    if replicas > 1:
        devices = [f"/cpu:{i}" for i in range(replicas)]
        with tf.distribute.MirroredStrategy(devices).scope():
            m = model()
    else:
        m = model()
    times = []

    class Timer(keras.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            self.start = time.perf_counter()

        def on_epoch_end(self, epoch, logs=None):
            times.append(time.perf_counter() - self.start)

    m.fit(x, y, batch_size=BATCH, epochs=epochs, verbose=0,
          callbacks=[Timer()])
    steady = times[1:] or times
    return {
        "samples_per_s": round(SAMPLES * len(steady) / sum(steady), 1),
        "first_epoch_s": round(times[0], 3),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--worker", type=int, default=0,
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print("RESULT " + json.dumps(_worker(args.worker, args.epochs)))
        return
    env = dict(os.environ, KERAS_BACKEND="tensorflow",
               TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    runs = {1: [], 2: []}
    for repeat in range(args.repeats):
        # Alternated, so load on the machine falls on both alike.
        for replicas in (1, 2):
            done = subprocess.run(
                [sys.executable, __file__, "--worker", str(replicas),
                 "--epochs", str(args.epochs)],
                env=env, capture_output=True, text=True, check=True,
            )
            line = [l for l in done.stdout.splitlines()
                    if l.startswith("RESULT ")][-1]
            result = json.loads(line[len("RESULT "):])
            runs[replicas].append(result)
            print(json.dumps({
                "benchmark": "distributed_tensorflow", "repeat": repeat,
                "replicas": replicas,
                "strategy": "MirroredStrategy" if replicas > 1 else "none",
                **result,
            }), flush=True)
    medians = {
        r: statistics.median(x["samples_per_s"] for x in runs[r])
        for r in runs
    }
    print(json.dumps({
        "benchmark": "distributed_tensorflow", "summary": True,
        "median_samples_per_s_1": medians[1],
        "median_samples_per_s_2": medians[2],
        "ratio_2_over_1": round(medians[2] / medians[1], 3),
    }))


if __name__ == "__main__":
    main()
