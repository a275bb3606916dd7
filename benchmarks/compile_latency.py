"""Compile latency of a ViT-like model with augmentation layers on torch.

The model follows the keras.io ViT example at a small size: Normalization,
Resizing, RandomFlip, RandomRotation and RandomZoom in front of patch
extraction, a patch encoder, two transformer blocks and a dense head. It
trains for `--epochs` epochs (each with a short last batch and a
validation split) with `jit_compile=False` and with `True`, each in a
fresh process whose Inductor cache folder is new and empty (a cold start).
For each it prints one JSON line: the first epoch's time, the median time
per step of the later epochs, the whole fit's time, and with jit the graphs
captured (step kind and batch shape), the time spent capturing each
(`make_fx`) and compiling it (its first call: Dynamo, AOTAutograd and
Inductor), and torch's own per-phase totals
(`torch._dynamo.utils.compile_times`). Then the ratios jit / eager.

Run: `python benchmarks/compile_latency.py [--epochs 5] [--repeats 1]`
(`--repeats 3` alternates eager and jit runs and reports medians).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

IMAGE_SIZE = 32
RESIZED = 40
PATCH = 8
WIDTH = 32
HEADS = 2
BLOCKS = 2
BATCH_SIZE = 32
FULL_BATCHES = 12
CLASSES = 10

# torch's names for the phases of a compilation
# (`torch._dynamo.utils.compile_times`), summed per group.
_PHASES = {
    "dynamo_tracing": ("bytecode_tracing",),
    "aot_autograd_tracing": ("aot_collect_metadata",),
    "inductor_graph_passes": ("_recursive_joint_graph_passes",
                              "_recursive_post_grad_passes",
                              "additional_fake_tensor_prop"),
    "inductor_lowering": ("GraphLowering.run",),
    "inductor_scheduling": ("Scheduler.__init__",),
    "inductor_codegen": ("Scheduler.codegen",),
    "cpp_compile_wait": ("async_compile.wait",),
    "inductor_total": ("compile_fx_inner",),
}


def data():
    import numpy as np

    rng = np.random.default_rng(0)
    n = BATCH_SIZE * FULL_BATCHES + BATCH_SIZE // 2
    x = rng.random((n, IMAGE_SIZE, IMAGE_SIZE, 3), dtype=np.float32)
    y = rng.integers(0, CLASSES, (n,)).astype("int64")
    return x, y


def build_model(keras, x):
    """The keras.io ViT example's structure, small."""
    layers, ops = keras.layers, keras.ops
    patches_per_image = (RESIZED // PATCH) ** 2

    class Patches(layers.Layer):
        def call(self, images):
            patches = ops.image.extract_patches(images, PATCH)
            return ops.reshape(
                patches, (ops.shape(images)[0], patches_per_image, -1))

    class PatchEncoder(layers.Layer):
        def __init__(self):
            super().__init__()
            self.projection = layers.Dense(WIDTH)
            self.position = layers.Embedding(patches_per_image, WIDTH)

        def call(self, patches):
            positions = ops.expand_dims(ops.arange(patches_per_image), 0)
            return self.projection(patches) + self.position(positions)

    normalization = layers.Normalization()
    normalization.adapt(x[:64])
    augmentation = keras.Sequential([
        normalization,
        layers.Resizing(RESIZED, RESIZED),
        layers.RandomFlip("horizontal", seed=1),
        layers.RandomRotation(0.02, seed=2),
        layers.RandomZoom(0.2, 0.2, seed=3),
    ], name="augmentation")
    inputs = keras.Input((IMAGE_SIZE, IMAGE_SIZE, 3))
    encoded = PatchEncoder()(Patches()(augmentation(inputs)))
    for _ in range(BLOCKS):
        h = layers.LayerNormalization(epsilon=1e-6)(encoded)
        h = layers.MultiHeadAttention(HEADS, WIDTH // HEADS,
                                      dropout=0.1)(h, h)
        encoded = layers.Add()([h, encoded])
        h = layers.LayerNormalization(epsilon=1e-6)(encoded)
        h = layers.Dense(2 * WIDTH, activation="gelu")(h)
        h = layers.Dropout(0.1)(h)
        h = layers.Dense(WIDTH, activation="gelu")(h)
        encoded = layers.Add()([h, encoded])
    h = layers.Flatten()(layers.LayerNormalization(epsilon=1e-6)(encoded))
    h = layers.Dropout(0.5)(h)
    h = layers.Dense(64, activation="gelu")(h)
    outputs = layers.Dense(CLASSES)(h)
    return keras.Model(inputs, outputs)


class _CaptureLog:
    """Per graph of `CapturedStep`: the time spent capturing it (`make_fx`)
    and compiling it (the rest of `_capture`, where static graphs go to
    Inductor, plus the graph's first call, where `torch.compile` compiles
    lazily; one run of the step included). For a graph compiled in a child
    process: the wall time until the child was done (`background_s`), the
    steps run eagerly meanwhile, and in `compile_s` the parent's own time
    (forking, then loading the child's result from the cache)."""

    def __init__(self):
        from keras.src.backend.torch import step_capture

        self.graphs = []
        original = step_capture.CapturedStep._capture
        original_make_fx = step_capture.make_fx
        log = self
        traced = []

        def timed_make_fx(*args, **kwargs):
            trace = original_make_fx(*args, **kwargs)

            def run(*inputs):
                begin = time.perf_counter()
                try:
                    return trace(*inputs)
                finally:
                    traced.append(time.perf_counter() - begin)

            return run

        def timed_capture(step, leaves, treedef, symbolic=False):
            traced.clear()
            start = time.perf_counter()
            entry = original(step, leaves, treedef, symbolic)
            elapsed = time.perf_counter() - start
            record = {
                "kind": step._kind,
                "shape": list(leaves[0].shape),
                "symbolic": bool(symbolic),
                "capture_s": round(sum(traced), 2),
                "compile_s": round(elapsed - sum(traced), 2),
            }
            log.graphs.append(record)
            if isinstance(entry, step_capture._CompileInChild):
                record["background_s"] = None
                entry.record = record
                entry.started = time.perf_counter()
                return entry
            graph = entry[0]

            def first_call(*args):
                begin = time.perf_counter()
                result = graph(*args)
                record["compile_s"] = round(
                    record["compile_s"] + time.perf_counter() - begin, 2)
                wrapper.call = graph
                return result

            def wrapper(*args):
                return wrapper.call(*args)

            wrapper.call = first_call
            return (wrapper,) + tuple(entry[1:])

        original_done = step_capture._CompileInChild.done
        original_result = step_capture._CompileInChild.result

        def timed_done(pending):
            done = original_done(pending)
            if not done:
                pending.record["eager_steps_while_compiling"] = (
                    pending.record.get("eager_steps_while_compiling", 0) + 1)
            elif pending.record["background_s"] is None:
                pending.record["background_s"] = round(
                    time.perf_counter() - pending.started, 2)
            return done

        def timed_result(pending):
            begin = time.perf_counter()
            entry = original_result(pending)
            pending.record["compile_s"] = round(
                pending.record["compile_s"] + time.perf_counter() - begin, 2)
            return entry

        step_capture._CompileInChild.done = timed_done
        step_capture._CompileInChild.result = timed_result
        step_capture.make_fx = timed_make_fx
        step_capture.CapturedStep._capture = timed_capture


def _phases():
    import torch._dynamo.utils as dynamo_utils

    table = dynamo_utils.compilation_time_metrics
    return {
        phase: round(sum(sum(table.get(name, ())) for name in names), 2)
        for phase, names in _PHASES.items()
    }


def child(jit, epochs):
    import keras

    log = _CaptureLog() if jit else None
    x, y = data()
    keras.utils.set_random_seed(0)
    model = build_model(keras, x)
    model.compile(
        optimizer="adam",
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"], jit_compile=jit,
    )
    times = []

    class Timer(keras.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            self.start = time.perf_counter()

        def on_epoch_end(self, epoch, logs=None):
            times.append(time.perf_counter() - self.start)

    start = time.perf_counter()
    model.fit(x, y, batch_size=BATCH_SIZE, epochs=epochs,
              validation_split=0.1, verbose=0, callbacks=[Timer()])
    total = time.perf_counter() - start
    steps = -(-int(len(x) * 0.9) // BATCH_SIZE)
    result = {
        "jit_compile": jit,
        "first_epoch_s": round(times[0], 2),
        "step_ms": round(1000 * statistics.median(times[1:]) / steps, 1),
        "fit_s": round(total, 2),
    }
    if jit:
        result["graphs"] = log.graphs
        result["phases_s"] = _phases()
    print(json.dumps(result), flush=True)


def run(jit, epochs):
    with tempfile.TemporaryDirectory(prefix="compile_latency_") as home:
        env = dict(os.environ, KERAS_BACKEND="torch", KERAS_HOME=home,
                   TORCHINDUCTOR_CACHE_DIR=os.path.join(home, "inductor"))
        env.pop("KERAS_COMPILATION_CACHE", None)
        process = subprocess.run(
            [sys.executable, __file__, "--child", "--epochs", str(epochs)]
            + (["--jit"] if jit else []),
            env=env, capture_output=True, text=True,
        )
    for line in process.stdout.splitlines():
        if line.startswith("{"):
            return json.loads(line)
    raise RuntimeError(process.stderr[-3000:])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--jit", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--child", action="store_true",
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.jit, args.epochs)
        return
    results = {False: [], True: []}
    for _ in range(args.repeats):
        for jit in (False, True):
            result = run(jit, args.epochs)
            results[jit].append(result)
            print(json.dumps(result), flush=True)
    medians = {}
    for jit, runs in results.items():
        medians[jit] = {
            key: statistics.median(r[key] for r in runs)
            for key in ("first_epoch_s", "step_ms", "fit_s")
        }
        print(json.dumps(dict(jit_compile=jit, median=True, **medians[jit])))
    for key in ("first_epoch_s", "step_ms", "fit_s"):
        print(json.dumps({"ratio": f"jit/eager {key}", "value": round(
            medians[True][key] / medians[False][key], 2)}))
    print(json.dumps({"load_average": os.getloadavg()}))


if __name__ == "__main__":
    main()
