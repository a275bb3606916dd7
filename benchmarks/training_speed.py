"""Training speed: Keras on each backend against plain PyTorch.

Trains the models of `benchmarks/models.py` with Adam on synthetic data
and prints one JSON line per measurement, then the ratios and a Markdown
table (the one in `benchmarks/README.md`):

- `torch_eager`, `torch_compiled`: plain PyTorch (`nn.Module`,
  `torch.optim.Adam`, a hand-written loop; compiled = forward and loss
  under `torch.compile`, backward and the optimizer step as PyTorch
  runs them);
- `keras_torch_eager`, `keras_torch_jit`: `model.fit` on torch with
  `jit_compile=False` / `True`;
- `keras_jax_jit`, `keras_tensorflow_jit`: `model.fit` with
  `jit_compile=True` on JAX and TensorFlow.

`step_ms` is the median over epochs 2.. of the epoch's wall time divided
by its number of steps (each epoch ends with a short batch), `cpu_ms` the
same for the process's CPU time (all its threads): on a machine shared
with other work, wall time mostly measures the other work, CPU time what
this configuration spends; `first_epoch_s` includes compilation. On torch, `graph_breaks` counts
Dynamo's graph breaks over the whole run and `recompiles_after_epoch_1`
the graphs Dynamo compiled after the first epoch.

Each backend runs in its own process (Keras picks its backend once);
the driver starts them one after the other.

With `--upstream PYTHON` (an interpreter where upstream Keras is
installed, e.g. `/opt/keras-oracle/bin/python`), each backend's Keras
configurations also run under that interpreter, in a child process
started in `/tmp` so that it imports its own `keras` and loads
`models.py` by path (the models use only the public API). Their columns
are `upstream_<backend>_<jit|eager>`, with the same explicit
`jit_compile` as ours (upstream's "auto" turns XLA off on CPU for
TensorFlow), and the ratio rows `keras_<config> / upstream_<config>`
(target 1.0). The two children of a backend run one after the other,
ours first. `--repeats N` runs each pair N times, alternated (ours,
upstream, ours, ...), and reports the median of each figure.

Run: `python benchmarks/training_speed.py [--models mlp,convnet]
[--epochs 4] [--backends torch,jax,tensorflow]
[--upstream /opt/keras-oracle/bin/python] [--repeats 3]`
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS_PATH = os.path.join(HERE, "models.py")
# Children run for upstream Keras must import that interpreter's own
# `keras`, not this repository's.
if "--upstream-child" not in sys.argv:
    sys.path.insert(0, os.path.dirname(HERE))

# (numerator, denominator, target: the most the ratio may be, or None);
# the targets are issue 14's.
RATIOS = [
    ("keras_torch_eager", "torch_eager", 1.15),
    ("keras_torch_jit", "torch_compiled", 1.0),
    ("keras_torch_jit", "keras_torch_eager", 0.9),
    ("keras_jax_jit", "keras_torch_eager", None),
    ("keras_tensorflow_jit", "keras_torch_eager", None),
    ("keras_torch_eager", "upstream_torch_eager", 1.0),
    ("keras_torch_jit", "upstream_torch_jit", 1.0),
    ("keras_jax_jit", "upstream_jax_jit", 1.0),
    ("keras_tensorflow_jit", "upstream_tensorflow_jit", 1.0),
]

CONFIGS = ["torch_eager", "torch_compiled", "keras_torch_eager",
           "keras_torch_jit", "keras_jax_jit", "keras_tensorflow_jit"]
UPSTREAM_CONFIGS = ["upstream_torch_eager", "upstream_torch_jit",
                    "upstream_jax_jit", "upstream_tensorflow_jit"]


def _target(name, top, bottom, target):
    # The tiny MLP only exposes per-call overhead: issue 5 allows it 2x
    # eagerly and sets no compiled target.
    if name == "tiny_mlp" and target is not None:
        if bottom.startswith("upstream_"):
            return target
        return 2.0 if top == "keras_torch_eager" else None
    return target


def _epoch_stats(epoch_times, steps, cpu_times=None):
    def per_step(times):
        return round(1000 * statistics.median(
            t / steps for t in times[1:]
        ), 3)

    stats = {"step_ms": per_step(epoch_times),
             "first_epoch_s": round(epoch_times[0], 3)}
    if cpu_times is not None:
        stats["cpu_ms"] = per_step(cpu_times)
    return stats


def _steps(x, batch_size):
    return -(-len(x) // batch_size)


# -- plain PyTorch ------------------------------------------------------------


def run_plain_torch(name, spec, epochs, compiled):
    import torch
    import torch._dynamo.utils as dynamo_utils

    torch.manual_seed(0)
    module, loss_fn = spec["torch"](torch)
    optimizer = torch.optim.Adam(module.parameters(), lr=1e-3)
    x, y = (torch.from_numpy(a) for a in spec["data"](spec["batch_size"]))
    batch_size = spec["batch_size"]

    def forward_loss(xb, yb):
        return loss_fn(module(xb), yb)

    step_loss = torch.compile(forward_loss) if compiled else forward_loss
    dynamo_utils.counters.clear()
    epoch_times, cpu_times, graphs_after_first = [], [], 0
    module.train()
    for epoch in range(epochs):
        start, cpu_start = time.perf_counter(), time.process_time()
        total = torch.zeros(())
        for i in range(0, len(x), batch_size):
            loss = step_loss(x[i:i + batch_size], y[i:i + batch_size])
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
            total += loss.detach()
        float(total)
        epoch_times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu_start)
        if epoch == 0:
            graphs_after_first = _graph_count()
    return _result(name, "torch_compiled" if compiled else "torch_eager",
                   epoch_times, cpu_times, _steps(x, batch_size),
                   graphs_after_first, compiled)


def _graph_count():
    import torch._dynamo.utils as dynamo_utils

    return dynamo_utils.counters["stats"]["unique_graphs"]


def _result(model, config, epoch_times, cpu_times, steps,
            graphs_after_first, compiled):
    result = {"model": model, "config": config}
    result.update(_epoch_stats(epoch_times, steps, cpu_times))
    if compiled:
        import torch._dynamo.utils as dynamo_utils

        result["graph_breaks"] = sum(
            dynamo_utils.counters["graph_break"].values()
        )
        result["graphs"] = _graph_count()
        result["recompiles_after_epoch_1"] = (
            _graph_count() - graphs_after_first
        )
    return result


# -- Keras --------------------------------------------------------------------


def run_keras(name, spec, epochs, jit, prefix="keras"):
    import keras

    backend = keras.backend.backend()
    keras.utils.set_random_seed(0)
    model, loss = spec["keras"](keras)
    model.compile(optimizer=keras.optimizers.Adam(1e-3), loss=loss,
                  jit_compile=jit)
    x, y = spec["data"](spec["batch_size"])
    if backend == "torch":
        import torch._dynamo.utils as dynamo_utils

        dynamo_utils.counters.clear()
    timer = _EpochTimer(keras)
    graphs = []

    class AfterFirstEpoch(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            if epoch == 0 and backend == "torch":
                graphs.append(_graph_count())

    model.fit(x, y, batch_size=spec["batch_size"], epochs=epochs,
              shuffle=False, verbose=0, callbacks=[timer, AfterFirstEpoch()])
    config = f"{prefix}_{backend}_{'jit' if jit else 'eager'}"
    return _result(name, config, timer.times, timer.cpu_times,
                   _steps(x, spec["batch_size"]),
                   graphs[0] if graphs else 0, jit and backend == "torch")


def _EpochTimer(keras):
    class EpochTimer(keras.callbacks.Callback):
        def __init__(self):
            super().__init__()
            self.times, self.cpu_times = [], []

        def on_epoch_begin(self, epoch, logs=None):
            self._start = time.perf_counter()
            self._cpu_start = time.process_time()

        def on_epoch_end(self, epoch, logs=None):
            self.times.append(time.perf_counter() - self._start)
            self.cpu_times.append(time.process_time() - self._cpu_start)

    return EpochTimer()


def _load_models():
    # By path: an upstream child does not have this repository on
    # `sys.path`.
    import importlib.util

    spec = importlib.util.spec_from_file_location("benchmark_models",
                                                  MODELS_PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.MODELS


def child(backend, names, epochs, upstream=False):
    if backend == "torch":
        import torch

        torch.set_num_threads(os.cpu_count())
    import keras

    inside = os.path.abspath(keras.__file__).startswith(
        os.path.dirname(HERE) + os.sep
    )
    if upstream == inside:
        raise RuntimeError(f"{keras.__file__} is not the Keras asked for")
    MODELS = _load_models()
    for name in names:
        spec = MODELS[name]
        runs = []
        if upstream:
            if backend == "torch":
                runs.append(lambda: run_keras(name, spec, epochs, False,
                                              "upstream"))
            runs.append(lambda: run_keras(name, spec, epochs, True,
                                          "upstream"))
        else:
            if backend == "torch":
                runs += [
                    lambda: run_plain_torch(name, spec, epochs, False),
                    lambda: run_plain_torch(name, spec, epochs, True),
                    lambda: run_keras(name, spec, epochs, False),
                ]
            runs.append(lambda: run_keras(name, spec, epochs, True))
        for run in runs:
            print(json.dumps(run()), flush=True)
            keras.backend.clear_session()


# -- driver -------------------------------------------------------------------


def _table(results, names):
    configs = CONFIGS + [
        c for c in UPSTREAM_CONFIGS
        if any((name, c) in results for name in names)
    ]
    lines = ["| model | " + " | ".join(configs) + " |",
             "|---" * (len(configs) + 1) + "|"]
    for name in names:
        cells = []
        for config in configs:
            r = results.get((name, config))
            cells.append("-" if r is None else f"{r['step_ms']:.2f}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines += ["", "| model | ratio | wall | cpu | target |",
              "|---|---|---|---|---|"]
    for name in names:
        for top, bottom, target in RATIOS:
            a, b = results.get((name, top)), results.get((name, bottom))
            if a and b:
                bound = _target(name, top, bottom, target)
                bound = "-" if bound is None else f"<= {bound}"
                lines.append(
                    f"| {name} | {top} / {bottom} | "
                    f"{a['step_ms'] / b['step_ms']:.2f} | "
                    f"{a['cpu_ms'] / b['cpu_ms']:.2f} | {bound} |"
                )
    return "\n".join(lines)


def _medians(runs):
    """One result per (model, config): the median of each figure over
    the repeated runs."""
    results = {}
    for key, rows in runs.items():
        result = dict(rows[0])
        for field, value in rows[0].items():
            if isinstance(value, (int, float)) and not isinstance(value,
                                                                  bool):
                result[field] = statistics.median(r[field] for r in rows)
        result["runs"] = len(rows)
        results[key] = result
    return results


def _run_child(python, backend, args, extra, cwd, runs):
    env = dict(os.environ, KERAS_BACKEND=backend)
    if extra:
        # Nothing of this repository on the upstream child's path.
        env.pop("PYTHONPATH", None)
    process = subprocess.run(
        [python, os.path.abspath(__file__), "--child", backend, "--models",
         args.models, "--epochs", str(args.epochs), *extra],
        env=env, capture_output=True, text=True, cwd=cwd,
    )
    for line in process.stdout.splitlines():
        if line.startswith("{"):
            result = json.loads(line)
            key = (result["model"], result["config"])
            runs.setdefault(key, []).append(result)
            print(line, flush=True)
    if process.returncode:
        print(process.stderr[-3000:], file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--models", default="mlp,convnet,transformer,tiny_mlp")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--backends", default="torch,jax,tensorflow")
    parser.add_argument(
        "--upstream", metavar="PYTHON",
        help="also run upstream Keras with this interpreter",
    )
    parser.add_argument(
        "--repeats", type=int, default=1,
        help="runs of each configuration, ours and upstream alternated; "
             "the medians are reported",
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--upstream-child", action="store_true",
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    names = args.models.split(",")
    if args.child:
        child(args.child, names, args.epochs, args.upstream_child)
        return
    runs = {}
    for backend in args.backends.split(","):
        interpreters = [(sys.executable, [], None)]
        if args.upstream:
            interpreters.append((args.upstream, ["--upstream-child"], "/tmp"))
        for _ in range(args.repeats):
            for python, extra, cwd in interpreters:
                _run_child(python, backend, args, extra, cwd, runs)
    results = _medians(runs)
    for name in names:
        for top, bottom, _ in RATIOS:
            a, b = results.get((name, top)), results.get((name, bottom))
            if a and b:
                print(json.dumps({
                    "model": name, "ratio": f"{top}/{bottom}",
                    "value": round(a["step_ms"] / b["step_ms"], 3),
                    "cpu_value": round(a["cpu_ms"] / b["cpu_ms"], 3),
                }))
    print()
    print(_table(results, names))


if __name__ == "__main__":
    main()
