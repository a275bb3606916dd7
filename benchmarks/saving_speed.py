"""Saving and loading a ~100M-parameter model against plain h5py.

The model is a stack of `Dense(4096)` layers (6 of them: 100.7M float32
parameters, 403 MB). In the same run, the same arrays are written and read
back with plain h5py (one dataset per array), which is the floor for any
HDF5-based format. Prints one JSON line per measurement, then the ratios:

- `save_s`: `model.save("m.keras")` against writing the arrays with h5py
  (`h5py_save_s`), and against `h5py_atomic_save_s`: the same h5py write
  into a new file that then replaces the previous one (`os.replace`), as
  `model.save` does so that a failed save leaves the previous file intact.
  Both baselines write contiguous, uncompressed datasets, as `model.save`
  does. They differ in what the kernel makes them pay: `h5py_save_s`
  truncates and rewrites the same file, which drops the previous round's
  pages before they reach the disk (it measures memory copies), while a
  file replacing another one is flushed to disk by ext4 at the rename
  (`auto_da_alloc`), and its data must reach the disk in any case. On top
  of the atomic write, `model.save` pays for the zip container (a CRC-32
  of every byte, taken in a second thread as the data is written), and on
  JAX/TensorFlow for copying the variables to host memory. The `*_cpu_s`
  figures are the process's CPU time (all threads) for the same calls:
  less sensitive than wall time to other processes sharing the disk;
- `load_weights_s`: `model.load_weights("m.keras")` into a built model
  against reading the arrays with h5py;
- `load_model_s`: `keras.saving.load_model("m.keras")` (rebuilds the
  model, initializers included, then reads the weights); like the others
  the best of `--repeats`, and `load_model_first_s` the process's first
  call (one-time imports and allocations included);
- `save_peak_extra_mb`: the peak of memory traced by `tracemalloc` during
  `model.save`, and `save_peak_extra_rss_mb` the peak resident memory
  above the start (Linux), against the size of the largest variable.

Targets: save and load each at most 1.5x plain h5py; peak extra memory at
most one copy of the largest variable.

    KERAS_BACKEND=jax python benchmarks/saving_speed.py [--layers 6]
"""

import argparse
import gc
import json
import os
import shutil
import tempfile
import time
import tracemalloc

import h5py
import numpy as np

import keras
from keras.src import backend


def build(layers, width):
    model = keras.Sequential(
        [keras.Input((width,))]
        + [keras.layers.Dense(width) for _ in range(layers)]
    )
    return model


def timed(fn, repeats, cpu=None):
    """Best wall time of `repeats` calls; `cpu` (a list) receives the
    process CPU time of the best call."""
    best = None
    for _ in range(repeats):
        gc.collect()
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        elapsed = time.perf_counter() - start
        if best is None or elapsed < best[0]:
            best = (elapsed, time.process_time() - start_cpu)
    if cpu is not None:
        cpu.append(best[1])
    return best[0]


def _rss_kb(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return None


def peak_rss_extra(fn):
    """Peak resident memory above the starting point while `fn` runs
    (Linux: resets the peak with /proc/self/clear_refs), in bytes."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        return None
    before = _rss_kb("VmRSS")
    fn()
    return (_rss_kb("VmHWM") - before) * 1024


def emit(**record):
    print(json.dumps(record), flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--layers", type=int, default=6)
    parser.add_argument("--width", type=int, default=4096)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="saving_speed-")
    try:
        model = build(args.layers, args.width)
        arrays = [backend.convert_to_numpy(v.value) for v in model.weights]
        params = sum(a.size for a in arrays)
        largest = max(a.nbytes for a in arrays)
        emit(backend=backend.backend(), params=int(params),
             megabytes=round(sum(a.nbytes for a in arrays) / 1e6, 1))

        plain_path = os.path.join(folder, "plain.h5")

        def plain_save():
            with h5py.File(plain_path, "w") as f:
                for i, a in enumerate(arrays):
                    f.create_dataset(str(i), data=a)

        def plain_atomic_save():
            temporary = plain_path + ".tmp"
            with h5py.File(temporary, "w") as f:
                for i, a in enumerate(arrays):
                    f.create_dataset(str(i), data=a)
            os.replace(temporary, plain_path)

        def plain_load():
            with h5py.File(plain_path, "r") as f:
                return [f[str(i)][()] for i in range(len(arrays))]

        keras_path = os.path.join(folder, "model.keras")
        model.save(keras_path)
        first = timed(lambda: keras.saving.load_model(keras_path), 1)
        cpu = {name: [] for name in
               ("h5py_save", "h5py_atomic_save", "save")}
        results = {
            "h5py_save_s": timed(
                plain_save, args.repeats, cpu["h5py_save"]),
            "h5py_atomic_save_s": timed(
                plain_atomic_save, args.repeats, cpu["h5py_atomic_save"]),
            "h5py_load_s": timed(plain_load, args.repeats),
            "save_s": timed(lambda: model.save(keras_path), args.repeats,
                            cpu["save"]),
            "load_weights_s": timed(
                lambda: model.load_weights(keras_path), args.repeats),
            "load_model_s": timed(
                lambda: keras.saving.load_model(keras_path), args.repeats),
            "load_model_first_s": first,
        }
        results.update({f"{name}_cpu_s": value[0]
                        for name, value in cpu.items()})
        for name, value in results.items():
            emit(measure=name, seconds=round(value, 3))

        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        model.save(keras_path)
        peak = tracemalloc.get_traced_memory()[1] - before
        tracemalloc.stop()
        emit(measure="save_peak_extra_mb", value=round(peak / 1e6, 1),
             largest_variable_mb=round(largest / 1e6, 1),
             ratio=round(peak / largest, 2), target=1.0)
        gc.collect()
        rss = peak_rss_extra(lambda: model.save(keras_path))
        if rss is not None:
            emit(measure="save_peak_extra_rss_mb", value=round(rss / 1e6, 1),
                 ratio=round(rss / largest, 2), target=1.0)
        emit(measure="save_ratio",
             value=round(results["save_s"] / results["h5py_save_s"], 2),
             target=1.5)
        emit(measure="save_ratio_atomic",
             value=round(results["save_s"]
                         / results["h5py_atomic_save_s"], 2),
             target=1.5)
        emit(measure="load_weights_ratio",
             value=round(results["load_weights_s"]
                         / results["h5py_load_s"], 2),
             target=1.5)
        emit(measure="load_model_ratio",
             value=round(results["load_model_s"] / results["h5py_load_s"],
                         2),
             target=1.5)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    np.random.seed(0)
    main()
