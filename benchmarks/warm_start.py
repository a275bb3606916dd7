"""First-epoch time of a compiled fit in a fresh process, cold and warm.

Each measurement runs in a new Python process with its own `KERAS_HOME`:
`cold` starts with an empty compilation cache, `warm` runs the same script
again on the cache the cold run left (`KERAS_HOME/compilation_cache`).
`TORCHINDUCTOR_CACHE_DIR` is cleared from the environment, so that torch's
own default cache folder plays no part. `first_epoch_s` is the
wall time of the first epoch (model build, capture and compilation
included); `process_s` the whole process, imports included.

    python benchmarks/warm_start.py [--models mlp,convnet] [--backends torch,jax]
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))


def child(name):
    import keras

    from benchmarks.models import MODELS

    spec = MODELS[name]
    keras.utils.set_random_seed(0)
    model, loss = spec["keras"](keras)
    model.compile(optimizer="adam", loss=loss, jit_compile=True)
    x, y = spec["data"](spec["batch_size"])
    start = time.perf_counter()
    model.fit(x, y, batch_size=spec["batch_size"], epochs=1, shuffle=False,
              verbose=0)
    print(json.dumps({"first_epoch_s": round(time.perf_counter() - start,
                                             2)}))


def measure(backend, name, home):
    env = dict(os.environ, KERAS_BACKEND=backend, KERAS_HOME=home)
    env.pop("TORCHINDUCTOR_CACHE_DIR", None)
    env.pop("KERAS_COMPILATION_CACHE", None)
    start = time.perf_counter()
    process = subprocess.run(
        [sys.executable, __file__, "--child", name], env=env,
        capture_output=True, text=True,
    )
    elapsed = time.perf_counter() - start
    for line in process.stdout.splitlines():
        if line.startswith("{"):
            result = json.loads(line)
            result["process_s"] = round(elapsed, 2)
            return result
    raise RuntimeError(process.stderr[-3000:])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--models", default="mlp,convnet")
    parser.add_argument("--backends", default="torch,jax")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    rows = []
    for backend in args.backends.split(","):
        for name in args.models.split(","):
            home = tempfile.mkdtemp(prefix="keras-warm-start-")
            try:
                for run in ("cold", "warm"):
                    result = measure(backend, name, home)
                    result.update(backend=backend, model=name, run=run)
                    print(json.dumps(result), flush=True)
                    rows.append(result)
            finally:
                shutil.rmtree(home, ignore_errors=True)
    print()
    print("| backend | model | run | first epoch (s) | process (s) |")
    print("|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['backend']} | {r['model']} | {r['run']} | "
              f"{r['first_epoch_s']:.1f} | {r['process_s']:.1f} |")


if __name__ == "__main__":
    main()
