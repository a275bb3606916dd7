"""Records upstream Keras's results of every parity scenario (golden files).

Run it with the Python of an environment where upstream Keras 3.15.1 is
installed (never this repository's `keras`), from anywhere:

    /opt/keras-oracle/bin/python integration_tests/parity/record_golden.py

It runs each scenario module once per backend, each in a fresh process with
`KERAS_BACKEND` set, and writes `golden/<backend>/<module>.jsonl`: one
scenario per line, sorted by name, so a regeneration diffs line by line.
`--backends jax torch` and `--modules scenarios_ops` limit the run.
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden")
BACKENDS = ("tensorflow", "jax", "torch", "numpy")


def golden_path(backend, module):
    return os.path.join(GOLDEN, backend, f"{module}.jsonl")


def read_golden(backend, modules):
    """{scenario name: record} of one backend's golden files."""
    records = {}
    for module in modules:
        path = golden_path(backend, module)
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            for line in f:
                record = json.loads(line)
                records[record.pop("name")] = record
    return records


def _record_here(backend, module):
    import keras

    repo = os.path.dirname(os.path.dirname(HERE))
    if os.path.abspath(keras.__file__).startswith(repo + os.sep):
        sys.exit(
            f"`import keras` found this repository ({keras.__file__}): run "
            "this script with the Python of upstream Keras's environment."
        )
    sys.path.insert(0, HERE)
    import parity_runner

    results = parity_runner.run_module(module)
    path = golden_path(backend, module)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        for name in sorted(results):
            line = dict(name=name, **results[name])
            f.write(json.dumps(line, sort_keys=True) + "\n")
    os.replace(path + ".tmp", path)
    print(f"{backend}: {len(results)} scenarios -> {path}")


def main():
    sys.path.insert(0, HERE)
    import parity_runner

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--backends", nargs="+", default=BACKENDS)
    parser.add_argument("--modules", nargs="+",
                        default=parity_runner.scenario_modules())
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _record_here(*args.child)
        return
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    for backend in args.backends:
        for module in args.modules:
            command = [sys.executable, os.path.abspath(__file__),
                       "--child", backend, module]
            subprocess.run(
                command, env=dict(env, KERAS_BACKEND=backend), check=True,
                cwd="/",
            )


if __name__ == "__main__":
    main()
