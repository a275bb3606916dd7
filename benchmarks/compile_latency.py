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

Wall times beside the process's CPU times (`*_cpu_s`, `step_cpu_ms`;
`children_cpu_s` is what its child processes used): on a shared machine
the wall time mostly measures the other work.

Run: `python benchmarks/compile_latency.py [--epochs 5] [--repeats 1]
[--batches 12]` (`--repeats 3` alternates eager and jit runs and reports
medians; `--batches` sets the full training batches per epoch).
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


def data(full_batches=FULL_BATCHES):
    import numpy as np

    rng = np.random.default_rng(0)
    n = BATCH_SIZE * full_batches + BATCH_SIZE // 2
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
    """Per graph of `CapturedStep`: how it was made and what it cost.
    Captured in this process: the time spent capturing it (`make_fx`)
    and compiling it (the rest of `_capture`, where static graphs go to
    Inductor, plus the graph's first call, where `torch.compile` compiles
    lazily; one run of the step included). Captured and compiled by a
    child process (`in_child`): the parent's time forking (`fork_s`), the
    wall time until the child was done (`background_s`), the steps run
    eagerly meanwhile, and the parent's time loading the child's graph
    (`load_s`)."""

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

        pending = step_capture._CompileInChild
        original_init = pending.__init__
        original_done = pending.done
        original_result = pending.result

        def timed_init(entry, step, variables, leaves, treedef):
            begin = time.perf_counter()
            original_init(entry, step, variables, leaves, treedef)
            entry.started = time.perf_counter()
            entry.record = {
                "kind": step._kind, "shape": list(leaves[0].shape),
                "in_child": True,
                "fork_s": round(entry.started - begin, 3),
                "background_s": None, "eager_steps_while_compiling": 0,
            }
            log.graphs.append(entry.record)

        def timed_done(entry):
            done = original_done(entry)
            if not done:
                entry.record["eager_steps_while_compiling"] += 1
            elif entry.record["background_s"] is None:
                entry.record["background_s"] = round(
                    time.perf_counter() - entry.started, 2)
            return done

        def timed_result(entry):
            begin = time.perf_counter()
            result = original_result(entry)
            entry.record["load_s"] = round(time.perf_counter() - begin, 3)
            entry.record["failed"] = result is None
            return result

        pending.__init__ = timed_init
        pending.done = timed_done
        pending.result = timed_result
        step_capture.make_fx = timed_make_fx
        step_capture.CapturedStep._capture = timed_capture


def _phases():
    import torch._dynamo.utils as dynamo_utils

    table = dynamo_utils.compilation_time_metrics
    return {
        phase: round(sum(sum(table.get(name, ())) for name in names), 2)
        for phase, names in _PHASES.items()
    }


def child(jit, epochs, batches):
    import resource

    import keras

    log = _CaptureLog() if jit else None
    x, y = data(batches)
    keras.utils.set_random_seed(0)
    model = build_model(keras, x)
    model.compile(
        optimizer="adam",
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"], jit_compile=jit,
    )
    times, cpu_times = [], []

    class Timer(keras.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            self.start = time.perf_counter()
            self.cpu_start = time.process_time()

        def on_epoch_end(self, epoch, logs=None):
            times.append(time.perf_counter() - self.start)
            cpu_times.append(time.process_time() - self.cpu_start)

    start, cpu_start = time.perf_counter(), time.process_time()
    model.fit(x, y, batch_size=BATCH_SIZE, epochs=epochs,
              validation_split=0.1, verbose=0, callbacks=[Timer()])
    total = time.perf_counter() - start
    steps = -(-int(len(x) * 0.9) // BATCH_SIZE)
    # Children (a compiling child and its C++ compilers) count once
    # waited for; one still compiling is stopped at exit, uncounted.
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = {
        "jit_compile": jit,
        "first_epoch_s": round(times[0], 2),
        "step_ms": round(1000 * statistics.median(times[1:]) / steps, 1),
        "fit_s": round(total, 2),
        "first_epoch_cpu_s": round(cpu_times[0], 2),
        "step_cpu_ms": round(
            1000 * statistics.median(cpu_times[1:]) / steps, 1),
        "fit_cpu_s": round(time.process_time() - cpu_start, 2),
        "children_cpu_s": round(children.ru_utime + children.ru_stime, 2),
    }
    if jit:
        result["graphs"] = log.graphs
        result["phases_s"] = _phases()
    print(json.dumps(result), flush=True)


def run(jit, epochs, batches):
    with tempfile.TemporaryDirectory(prefix="compile_latency_") as home:
        env = dict(os.environ, KERAS_BACKEND="torch", KERAS_HOME=home,
                   TORCHINDUCTOR_CACHE_DIR=os.path.join(home, "inductor"))
        env.pop("KERAS_COMPILATION_CACHE", None)
        process = subprocess.run(
            [sys.executable, __file__, "--child", "--epochs", str(epochs),
             "--batches", str(batches)] + (["--jit"] if jit else []),
            env=env, capture_output=True, text=True,
        )
    for line in process.stdout.splitlines():
        if line.startswith("{"):
            return json.loads(line)
    raise RuntimeError(process.stderr[-3000:])


_SUMMARY = ("first_epoch_s", "step_ms", "fit_s", "first_epoch_cpu_s",
            "step_cpu_ms", "fit_cpu_s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--batches", type=int, default=FULL_BATCHES,
                        help="full training batches per epoch")
    parser.add_argument("--jit", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--child", action="store_true",
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.jit, args.epochs, args.batches)
        return
    results = {False: [], True: []}
    for _ in range(args.repeats):
        for jit in (False, True):
            result = run(jit, args.epochs, args.batches)
            results[jit].append(result)
            print(json.dumps(result), flush=True)
    medians = {}
    for jit, runs in results.items():
        medians[jit] = {
            key: statistics.median(r[key] for r in runs)
            for key in _SUMMARY
        }
        print(json.dumps(dict(jit_compile=jit, median=True, **medians[jit])))
    for key in _SUMMARY:
        print(json.dumps({"ratio": f"jit/eager {key}", "value": round(
            medians[True][key] / medians[False][key], 2)}))
    print(json.dumps({"load_average": os.getloadavg()}))


if __name__ == "__main__":
    main()
