"""Recurrent training speed: Keras on each backend against plain PyTorch.

Two models, trained with Adam on synthetic data:

- `bilstm`: the keras.io bidirectional LSTM text classifier:
  `Embedding(20000, 128)`, `Bidirectional(LSTM(64, return_sequences=True))`,
  `Bidirectional(LSTM(64))`, `Dense(1, "sigmoid")`, on token sequences of
  length 200, batch 32, binary cross-entropy. In PyTorch: `nn.Embedding`,
  two `nn.LSTM(bidirectional=True)` (the second one's final forward and
  backward states concatenated, as Keras's `Bidirectional` merges them)
  and `nn.Linear` with `BCEWithLogitsLoss`.
- `gru`: `GRU(128)` over sequences of 100 steps of 32 features, then
  `Dense(10)`, batch 32, sparse categorical cross-entropy. In PyTorch:
  `nn.GRU` (whose reset gate acts after the recurrent product, as Keras's
  default `reset_after=True`) and `nn.Linear`.

- `lstm<L>` (L in 20, 100, 400): `LSTM(64)` over L steps of 32 features,
  then `Dense(1)`, mean squared error: the sequence-length sweep, whose
  `first_epoch_s` shows how compile time grows with L. `lstm<L>_generic`
  is the same with `activation="relu"`, which no fused kernel implements,
  so every backend runs the generic recurrence (Keras only).

The configurations and the JSON lines printed are those of
`benchmarks/training_speed.py` (whose runners this script reuses):
`torch_eager`, `torch_compiled` (forward and loss under `torch.compile`),
`keras_torch_eager`, `keras_torch_jit`, `keras_jax_jit`,
`keras_tensorflow_jit`; `step_ms` is the median over epochs 2.. of the
epoch's wall time per step and `first_epoch_s` includes compilation. Each
epoch ends with a short batch (half a batch).

Run: `python benchmarks/rnn_speed.py [--models bilstm,gru] [--epochs 3]
[--batches 16] [--backends torch,jax,tensorflow] [--threads N]`; the
sweep:
`--models lstm20,lstm100,lstm400,lstm20_generic,lstm100_generic,lstm400_generic
--epochs 2`.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from benchmarks import training_speed  # noqa: E402

import numpy as np  # noqa: E402

BATCH_SIZE = 32
VOCABULARY = 20000
BILSTM_LENGTH = 200
GRU_LENGTH = 100
GRU_FEATURES = 32
GRU_CLASSES = 10
SWEEP_LENGTHS = (20, 100, 400)
SWEEP_FEATURES = 32


def _rows(full_batches):
    return BATCH_SIZE * full_batches + BATCH_SIZE // 2


def bilstm_data(full_batches, seed=0):
    rng = np.random.default_rng(seed)
    n = _rows(full_batches)
    return (rng.integers(0, VOCABULARY, (n, BILSTM_LENGTH)).astype("int64"),
            rng.integers(0, 2, (n,)).astype("float32"))


def gru_data(full_batches, seed=0):
    rng = np.random.default_rng(seed)
    n = _rows(full_batches)
    return (rng.standard_normal((n, GRU_LENGTH, GRU_FEATURES),
                                dtype=np.float32),
            rng.integers(0, GRU_CLASSES, (n,)).astype("int64"))


def sweep_data(length, full_batches, seed=0):
    rng = np.random.default_rng(seed)
    n = _rows(full_batches)
    return (rng.standard_normal((n, length, SWEEP_FEATURES),
                                dtype=np.float32),
            rng.standard_normal((n, 1), dtype=np.float32))


# -- Keras --------------------------------------------------------------------


def keras_bilstm(keras):
    inputs = keras.Input((None,), dtype="int32")
    x = keras.layers.Embedding(VOCABULARY, 128)(inputs)
    x = keras.layers.Bidirectional(
        keras.layers.LSTM(64, return_sequences=True))(x)
    x = keras.layers.Bidirectional(keras.layers.LSTM(64))(x)
    outputs = keras.layers.Dense(1, activation="sigmoid")(x)
    return keras.Model(inputs, outputs), "binary_crossentropy"


def keras_gru(keras):
    model = keras.Sequential([
        keras.Input((GRU_LENGTH, GRU_FEATURES)),
        keras.layers.GRU(128),
        keras.layers.Dense(GRU_CLASSES),
    ])
    loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    return model, loss


def keras_sweep_lstm(length, activation):
    def build(keras):
        model = keras.Sequential([
            keras.Input((length, SWEEP_FEATURES)),
            keras.layers.LSTM(64, activation=activation),
            keras.layers.Dense(1),
        ])
        return model, "mse"

    return build


# -- plain PyTorch ------------------------------------------------------------


def torch_bilstm(torch):
    nn = torch.nn

    class BiLSTM(nn.Module):
        def __init__(self):
            super().__init__()
            self.embedding = nn.Embedding(VOCABULARY, 128)
            self.lstm1 = nn.LSTM(128, 64, batch_first=True,
                                 bidirectional=True)
            self.lstm2 = nn.LSTM(128, 64, batch_first=True,
                                 bidirectional=True)
            self.dense = nn.Linear(128, 1)

        def forward(self, tokens):
            x, _ = self.lstm1(self.embedding(tokens))
            _, (h, _) = self.lstm2(x)
            # h: (2 directions, batch, 64), forward then backward.
            x = torch.cat([h[0], h[1]], dim=-1)
            return self.dense(x).squeeze(-1)

    return BiLSTM(), nn.BCEWithLogitsLoss()


def torch_gru(torch):
    nn = torch.nn

    class GRUModel(nn.Module):
        def __init__(self):
            super().__init__()
            self.gru = nn.GRU(GRU_FEATURES, 128, batch_first=True)
            self.dense = nn.Linear(128, GRU_CLASSES)

        def forward(self, x):
            _, h = self.gru(x)
            return self.dense(h[0])

    return GRUModel(), nn.CrossEntropyLoss()


def torch_sweep_lstm(torch):
    nn = torch.nn

    class LSTMModel(nn.Module):
        def __init__(self):
            super().__init__()
            self.lstm = nn.LSTM(SWEEP_FEATURES, 64, batch_first=True)
            self.dense = nn.Linear(64, 1)

        def forward(self, x):
            _, (h, _) = self.lstm(x)
            return self.dense(h[0])

    return LSTMModel(), nn.MSELoss()


def model_specs(full_batches):
    """The models in the form `training_speed`'s runners take (`torch` is
    None where plain PyTorch has no counterpart)."""
    specs = {
        "bilstm": {
            "batch_size": BATCH_SIZE,
            "data": lambda batch_size: bilstm_data(full_batches),
            "keras": keras_bilstm,
            "torch": torch_bilstm,
        },
        "gru": {
            "batch_size": BATCH_SIZE,
            "data": lambda batch_size: gru_data(full_batches),
            "keras": keras_gru,
            "torch": torch_gru,
        },
    }
    for length in SWEEP_LENGTHS:
        for suffix, activation, plain in (("", "tanh", torch_sweep_lstm),
                                          ("_generic", "relu", None)):
            specs[f"lstm{length}{suffix}"] = {
                "batch_size": BATCH_SIZE,
                "data": lambda batch_size, n=length: sweep_data(
                    n, full_batches),
                "keras": keras_sweep_lstm(length, activation),
                "torch": plain,
            }
    return specs


# -- driver -------------------------------------------------------------------


def child(backend, names, epochs, full_batches, threads):
    if backend == "torch":
        import torch

        torch.set_num_threads(threads or os.cpu_count())
    import keras

    specs = model_specs(full_batches)
    for name in names:
        spec = specs[name]
        runs = []
        if backend == "torch" and spec["torch"] is not None:
            runs += [
                lambda: training_speed.run_plain_torch(
                    name, spec, epochs, False),
                lambda: training_speed.run_plain_torch(
                    name, spec, epochs, True),
            ]
        if backend == "torch":
            runs.append(
                lambda: training_speed.run_keras(name, spec, epochs, False))
        runs.append(lambda: training_speed.run_keras(name, spec, epochs,
                                                     True))
        for run in runs:
            print(json.dumps(run()), flush=True)
            keras.backend.clear_session()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--models", default="bilstm,gru")
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--batches", type=int, default=16,
                        help="full batches per epoch (plus a short one)")
    parser.add_argument("--backends", default="torch,jax,tensorflow")
    parser.add_argument("--threads", type=int, default=0,
                        help="torch's intra-op threads (default: every "
                        "core); 1 keeps A/B runs on a loaded machine from "
                        "stalling on OpenMP barriers")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.epochs < 2:
        parser.error("--epochs must be at least 2 (the first one compiles)")
    names = args.models.split(",")
    if args.child:
        child(args.child, names, args.epochs, args.batches, args.threads)
        return
    results = {}
    for backend in args.backends.split(","):
        env = dict(os.environ, KERAS_BACKEND=backend)
        # Lines are shown as the child prints them (a run takes minutes);
        # its stderr goes to a file, which a full pipe could not block.
        with tempfile.TemporaryFile("w+") as errors:
            process = subprocess.Popen(
                [sys.executable, __file__, "--child", backend, "--models",
                 args.models, "--epochs", str(args.epochs), "--batches",
                 str(args.batches), "--threads", str(args.threads)],
                env=env, stdout=subprocess.PIPE, stderr=errors, text=True,
            )
            for line in process.stdout:
                if line.startswith("{"):
                    result = json.loads(line)
                    results[(result["model"], result["config"])] = result
                    print(line, end="", flush=True)
            if process.wait():
                errors.seek(0)
                print(errors.read()[-3000:], file=sys.stderr)
    for name in names:
        for top, bottom, _ in training_speed.RATIOS:
            a, b = results.get((name, top)), results.get((name, bottom))
            if a and b:
                print(json.dumps({
                    "model": name, "ratio": f"{top}/{bottom}",
                    "value": round(a["step_ms"] / b["step_ms"], 3),
                }))
        # The target for compiled Keras is plain PyTorch's best.
        plain = [results.get((name, c)) for c in ("torch_eager",
                                                  "torch_compiled")]
        jit = results.get((name, "keras_torch_jit"))
        if jit and all(plain):
            best = min(r["step_ms"] for r in plain)
            print(json.dumps({
                "model": name, "ratio": "keras_torch_jit/torch_best",
                "value": round(jit["step_ms"] / best, 3),
            }))
    print()
    print(training_speed._table(results, names))
    print()
    print(_first_epoch_table(results, names))


def _first_epoch_table(results, names):
    configs = ["torch_eager", "torch_compiled", "keras_torch_eager",
               "keras_torch_jit", "keras_jax_jit", "keras_tensorflow_jit"]
    lines = ["| first epoch (s) | " + " | ".join(configs) + " |",
             "|---" * (len(configs) + 1) + "|"]
    for name in names:
        cells = [f"{results[(name, c)]['first_epoch_s']:.1f}"
                 if (name, c) in results else "-" for c in configs]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
