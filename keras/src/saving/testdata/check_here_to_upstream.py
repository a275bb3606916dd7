"""Interchange check: files saved here load in upstream Keras, and back.

Run with this package's interpreter, once per backend:

    KERAS_BACKEND=torch python \
        keras/src/saving/testdata/check_here_to_upstream.py

here -> upstream: builds the models of `make_fixtures.py` with this package
(same seeds, same code), saves each (`.keras`; `legacy_h5` as `.h5`) with
its input batch and predictions into a temporary folder, then loads every
file with upstream Keras 3.15.1 in a subprocess of the oracle interpreter
(`/opt/keras-oracle/bin/python`, JAX backend) and compares upstream's
predictions with ours. Files whose layers need TensorFlow, which the
oracle's environment lacks (`StringLookup`, `IntegerLookup`), are loaded by
upstream Keras run with an interpreter that has TensorFlow (the oracle's
`keras` package first on its path; see `make_fixtures.py`).

upstream -> here: loads the committed fixtures (`testdata/upstream/`) with
this package on the current backend and compares with the predictions
upstream recorded.

Prints one JSON line per (direction, fixture) and a table at the end.
"""

import json
import os
import subprocess
import sys
import tempfile
import traceback

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, *[os.pardir] * 4))
ORACLE = "/opt/keras-oracle/bin/python"
ORACLE_SITE = "/opt/keras-oracle/lib/python3.11/site-packages"
NEEDS_TENSORFLOW = ("preprocessing", "string_lookup")
# String-input models: upstream's JAX `predict` (and every backend here but
# TensorFlow) cannot hold strings, so their layers are called eagerly.
STRING_MODELS = ("string_lookup", "adapted_lookup", "tf_idf_text")
ATOL = 1e-6

# Loads files with whichever `keras` the interpreter imports; prints one
# JSON line per file. `make_fixtures` registers the custom layer.
LOADER = r"""
import json, os, sys
import numpy as np
sys.path.insert(0, sys.argv[1])
import keras
import make_fixtures  # noqa: F401  (registers fixtures>ScaledSum)

def inputs(data):
    x = {k[2:]: data[k] for k in data.files if k.startswith("x_")}
    return x or data["x"]

for path in sys.argv[3:]:
    name = os.path.basename(path).rsplit(".", 1)[0]
    note = None
    try:
        try:
            model = keras.saving.load_model(path)
        except Exception as e:
            # Upstream cannot compile some files it writes itself (a
            # legacy .h5 with loss="mse"); the weights still count.
            note = f"compile=False ({type(e).__name__}: {e})"[:200]
            model = keras.saving.load_model(path, compile=False)
        data = np.load(os.path.join(sys.argv[2], name + ".npz"))
        x = inputs(data)
        if name in ("string_lookup", "adapted_lookup", "tf_idf_text"):
            y = model.layers[2](model.layers[1](x))
        else:
            y = model.predict(x, verbose=0)
        diff = float(np.max(np.abs(np.asarray(y) - data["y"])))
        print(json.dumps({"name": name, "max_abs_diff": diff,
                          "note": note}))
    except Exception as e:
        print(json.dumps({"name": name,
                          "error": f"{type(e).__name__}: {e}"[:300]}))
"""


def _inputs(data):
    x = {k[2:]: data[k] for k in data.files if k.startswith("x_")}
    return x or data["x"]


def save_here(folder):
    """Builds and saves the fixtures with this package; returns
    `{name: error}` for those it could not make."""
    sys.path.insert(0, HERE)
    import make_fixtures

    failed = {}
    for name in make_fixtures.FIXTURES:
        try:
            make_fixtures.write(name, out=folder)
        except Exception as e:
            failed[name] = f"{type(e).__name__}: {e}"[:300]
            if os.environ.get("VERBOSE"):
                traceback.print_exc()
    return failed


def load_upstream(folder, names):
    """Loads the files of `names` in `folder` with upstream Keras."""
    results = {}
    groups = [
        ([ORACLE], {}, [n for n in names if n not in NEEDS_TENSORFLOW]),
        ([sys.executable], {"PYTHONPATH": _oracle_with_tensorflow()},
         [n for n in names if n in NEEDS_TENSORFLOW]),
    ]
    for command, env_extra, group in groups:
        if not group:
            continue
        paths = [_file(folder, name) for name in group]
        env = dict(os.environ, KERAS_BACKEND="jax")
        env.pop("PYTHONPATH", None)  # Never this package: upstream only.
        env.update(env_extra)
        with tempfile.TemporaryDirectory() as cwd:
            run = subprocess.run(
                command + ["-c", LOADER, HERE, folder] + paths,
                capture_output=True, text=True, env=env, cwd=cwd,
                timeout=600,
            )
        for line in run.stdout.splitlines():
            if line.startswith("{"):
                result = json.loads(line)
                results[result.pop("name")] = result
        for name in group:
            results.setdefault(
                name, {"error": f"loader failed: {run.stderr[-300:]}"}
            )
    return results


def _oracle_with_tensorflow():
    folder = os.path.join(tempfile.gettempdir(), "oracle_keras_path")
    os.makedirs(folder, exist_ok=True)
    for package in ("keras", "namex"):
        link = os.path.join(folder, package)
        if not os.path.exists(link):
            os.symlink(os.path.join(ORACLE_SITE, package), link)
    return folder


def _file(folder, name):
    for extension in ("keras", "h5"):
        path = os.path.join(folder, f"{name}.{extension}")
        if os.path.exists(path):
            return path
    return os.path.join(folder, f"{name}.keras")


def load_here(names):
    """Loads the committed upstream fixtures with this package."""
    import keras

    sys.path.insert(0, HERE)
    import make_fixtures  # noqa: F401

    folder = os.path.join(HERE, "upstream")
    results = {}
    for name in names:
        try:
            model = keras.saving.load_model(_file(folder, name))
            data = np.load(os.path.join(folder, f"{name}.npz"))
            x = _inputs(data)
            if name in STRING_MODELS and keras.backend.backend() != (
                "tensorflow"
            ):
                y = model.layers[2](model.layers[1](x))
            else:
                y = model.predict(x, verbose=0)
            y = keras.ops.convert_to_numpy(y)
            diff = float(np.max(np.abs(y - data["y"])))
            results[name] = {"max_abs_diff": diff}
        except Exception as e:
            results[name] = {"error": f"{type(e).__name__}: {e}"[:300]}
    return results


def _cell(result):
    if result is None:
        return "-"
    if "error" in result:
        return "ERROR " + result["error"].splitlines()[0][:60]
    status = "ok" if result["max_abs_diff"] <= ATOL else "DIFF"
    note = " (upstream: compile=False)" if result.get("note") else ""
    return f"{status} {result['max_abs_diff']:.1e}{note}"


def main():
    sys.path.insert(0, ROOT)
    import keras

    backend = keras.backend.backend()
    sys.path.insert(0, HERE)
    import make_fixtures

    names = list(make_fixtures.FIXTURES)
    with tempfile.TemporaryDirectory() as folder:
        failed = save_here(folder)
        saved = [n for n in names if n not in failed]
        to_upstream = load_upstream(folder, saved)
    for name, error in failed.items():
        to_upstream[name] = {"error": f"not saved here: {error}"}
    from_upstream = load_here(names)
    for name in names:
        for direction, results in (("upstream->here", from_upstream),
                                   ("here->upstream", to_upstream)):
            print(json.dumps({"backend": backend, "direction": direction,
                              "fixture": name, **results.get(name, {})}))
    print("\n| backend | fixture | upstream->here | here->upstream |")
    print("|---|---|---|---|")
    for name in names:
        print(f"| {backend} | {name} | {_cell(from_upstream.get(name))} | "
              f"{_cell(to_upstream.get(name))} |")


if __name__ == "__main__":
    main()
