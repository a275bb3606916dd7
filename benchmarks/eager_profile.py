"""Eager train-step time of Keras on torch against plain PyTorch.

Trains the same model with `model.fit(..., jit_compile=False)` and with a
hand-written PyTorch loop (`nn.Module`, `torch.optim`, same batches) in
one process, and prints one JSON line per measurement: the best epoch's
time per step for each, and their ratio. Models:

- `mlp`: Dense 784-512-512-10 (relu, softmax), batch 128, Adam;
- `convnet`: the keras.io MNIST convnet, batch 128, Adam;
- `tiny`: 3x Dense(64), batch 32, Adam, mean squared error.

Run: `KERAS_BACKEND=torch python benchmarks/eager_profile.py [--model
mlp] [--threads 1] [--clock thread] [--profile]`; `--profile` prints a
cProfile of the Keras steps instead of timing. `--clock thread` (the
default) measures the main thread's CPU time, which with one torch thread
is all the work and is steadier than wall time on a shared machine;
`--clock wall` measures wall time.
"""

import argparse
import cProfile
import json
import os
import pstats
import time

os.environ.setdefault("KERAS_BACKEND", "torch")

import numpy as np  # noqa: E402
import torch  # noqa: E402

import keras  # noqa: E402

SPECS = {
    "mlp": {"batch": 128, "steps": 30, "input": (784,), "classes": 10},
    "convnet": {"batch": 128, "steps": 8, "input": (28, 28, 1),
                "classes": 10},
    "tiny": {"batch": 32, "steps": 200, "input": (64,), "classes": 64},
}


def keras_model(name):
    """The Keras model `name`, compiled for eager training."""
    layers = keras.layers
    spec = SPECS[name]
    if name == "mlp":
        body = [layers.Dense(512, activation="relu"),
                layers.Dense(512, activation="relu"),
                layers.Dense(10, activation="softmax")]
    elif name == "convnet":
        body = [layers.Conv2D(32, 3, activation="relu"),
                layers.MaxPooling2D(2),
                layers.Conv2D(64, 3, activation="relu"),
                layers.MaxPooling2D(2),
                layers.Flatten(), layers.Dropout(0.5),
                layers.Dense(10, activation="softmax")]
    else:
        body = [layers.Dense(64, activation="relu"),
                layers.Dense(64, activation="relu"),
                layers.Dense(64)]
    model = keras.Sequential([keras.Input(spec["input"])] + body)
    loss = "mse" if name == "tiny" else "categorical_crossentropy"
    model.compile(optimizer=keras.optimizers.Adam(1e-3), loss=loss,
                  jit_compile=False)
    return model


def torch_model(name):
    """The same model as a plain `nn.Module` (logits out)."""
    nn = torch.nn
    if name == "mlp":
        return nn.Sequential(nn.Linear(784, 512), nn.ReLU(),
                             nn.Linear(512, 512), nn.ReLU(),
                             nn.Linear(512, 10))
    if name == "convnet":
        return nn.Sequential(nn.Conv2d(1, 32, 3), nn.ReLU(),
                             nn.MaxPool2d(2), nn.Conv2d(32, 64, 3),
                             nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(),
                             nn.Dropout(0.5), nn.Linear(1600, 10))
    return nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 64),
                         nn.ReLU(), nn.Linear(64, 64))


def data(name):
    spec = SPECS[name]
    n = spec["batch"] * spec["steps"]
    rng = np.random.default_rng(0)
    x = rng.random((n,) + spec["input"], dtype=np.float32)
    labels = rng.integers(0, spec["classes"], n)
    y = np.eye(spec["classes"], dtype=np.float32)[labels]
    if name == "tiny":
        y = rng.random((n, spec["classes"]), dtype=np.float32)
    return x, y


CLOCK = {"thread": time.thread_time, "wall": time.perf_counter}
clock = time.thread_time


class EpochTimer(keras.callbacks.Callback):
    """Records each epoch's wall time."""

    def __init__(self):
        super().__init__()
        self.times = []

    def on_epoch_begin(self, epoch, logs=None):
        self._start = clock()

    def on_epoch_end(self, epoch, logs=None):
        self.times.append(clock() - self._start)


def keras_step_time(name, epochs):
    model = keras_model(name)
    x, y = data(name)
    timer = EpochTimer()
    model.fit(x, y, batch_size=SPECS[name]["batch"], epochs=epochs,
              shuffle=False, verbose=0, callbacks=[timer])
    return min(timer.times[1:]) / SPECS[name]["steps"]


def torch_step_time(name, epochs):
    model = torch_model(name)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    x, y = (torch.from_numpy(a) for a in data(name))
    if name == "convnet":
        x = x.permute(0, 3, 1, 2).contiguous()
    loss_fn = (torch.nn.MSELoss() if name == "tiny"
               else torch.nn.CrossEntropyLoss())
    batch = SPECS[name]["batch"]
    times = []
    for _ in range(epochs):
        start = clock()
        total = torch.zeros(())
        model.train()
        for i in range(SPECS[name]["steps"]):
            xb = x[i * batch:(i + 1) * batch]
            yb = y[i * batch:(i + 1) * batch]
            optimizer.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            optimizer.step()
            total += loss.detach()
        float(total)
        times.append(clock() - start)
    return min(times[1:]) / SPECS[name]["steps"]


def profile(name, epochs):
    model = keras_model(name)
    x, y = data(name)
    batch = SPECS[name]["batch"]
    model.fit(x, y, batch_size=batch, epochs=1, shuffle=False, verbose=0)
    profiler = cProfile.Profile()
    profiler.enable()
    model.fit(x, y, batch_size=batch, epochs=epochs, shuffle=False,
              verbose=0)
    profiler.disable()
    stats = pstats.Stats(profiler).sort_stats("tottime")
    stats.print_stats(35)
    stats.sort_stats("cumulative").print_stats(45)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="all",
                        choices=["all"] + list(SPECS))
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--clock", default="thread", choices=list(CLOCK))
    args = parser.parse_args()
    global clock
    clock = CLOCK[args.clock]
    torch.set_num_threads(args.threads)
    names = list(SPECS) if args.model == "all" else [args.model]
    for name in names:
        if args.profile:
            profile(name, args.epochs)
            continue
        keras_time = keras_step_time(name, args.epochs)
        torch_time = torch_step_time(name, args.epochs)
        for impl, seconds in (("keras_eager", keras_time),
                              ("torch_eager", torch_time)):
            print(json.dumps({"model": name, "impl": impl,
                              "us_per_step": round(seconds * 1e6, 1)}))
        print(json.dumps({"model": name, "ratio_keras_over_torch":
                          round(keras_time / torch_time, 2)}))


if __name__ == "__main__":
    main()
