"""Step time of a model with image augmentation layers, jit on and off.

The model of `benchmarks/models.py` `keras_augment_convnet` (RandomFlip,
RandomRotation, RandomZoom, then a small convnet on 64x64x3 images,
batch 32) trains with `jit_compile=False` and with `"auto"` (JAX, where
it jits, and TensorFlow, where it compiles with XLA) or `True` (torch,
one captured graph per step kind) on each backend. Prints one JSON line
per measurement (median over epochs 2.. of the epoch time per step, the
first epoch's time, and on torch Dynamo's graph breaks), then the ratios
jit / no jit.

Run: `python benchmarks/augmentation_speed.py [--epochs 4]
[--backends torch,jax,tensorflow]`
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))


def child(epochs):
    import keras

    from benchmarks.models import AUGMENT
    from benchmarks.training_speed import _EpochTimer
    from benchmarks.training_speed import _epoch_stats
    from benchmarks.training_speed import _steps

    backend = keras.backend.backend()
    x, y = AUGMENT["data"](AUGMENT["batch_size"])
    for jit in (False, True if backend == "torch" else "auto"):
        if backend == "torch":
            import torch._dynamo.utils as dynamo_utils

            dynamo_utils.counters.clear()
        keras.utils.set_random_seed(0)
        model, loss = AUGMENT["keras"](keras)
        model.compile(optimizer="adam", loss=loss, jit_compile=jit)
        timer = _EpochTimer(keras)
        model.fit(x, y, batch_size=AUGMENT["batch_size"], epochs=epochs,
                  verbose=0, callbacks=[timer])
        result = {"model": "augment_convnet", "backend": backend,
                  "jit_compile": jit, "compiled": bool(model.jit_compile)}
        result.update(_epoch_stats(timer.times,
                                   _steps(x, AUGMENT["batch_size"])))
        if backend == "torch" and jit:
            result["graph_breaks"] = sum(
                dynamo_utils.counters["graph_break"].values()
            )
        print(json.dumps(result), flush=True)
        keras.backend.clear_session()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--backends", default="torch,jax,tensorflow")
    parser.add_argument("--child", action="store_true",
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.epochs)
        return
    for backend in args.backends.split(","):
        process = subprocess.run(
            [sys.executable, __file__, "--child", "--epochs",
             str(args.epochs)],
            env=dict(os.environ, KERAS_BACKEND=backend),
            capture_output=True, text=True,
        )
        results = [json.loads(line) for line in process.stdout.splitlines()
                   if line.startswith("{")]
        for result in results:
            print(json.dumps(result))
        if len(results) == 2:
            print(json.dumps({
                "backend": backend, "ratio": "jit/no_jit",
                "value": round(results[1]["step_ms"]
                               / results[0]["step_ms"], 3),
            }))
        if process.returncode:
            print(process.stderr[-3000:], file=sys.stderr)


if __name__ == "__main__":
    main()
