"""Eager per-call overhead of a Keras model on torch against plain torch.

Times `model(x)` for a 3-layer `Dense(64)` MLP at batch 32 (the tiny model
that exposes per-call overhead) and the same computation written with
`torch.nn.functional.linear` on the same weights, in one process, and
prints one JSON line per measurement plus the ratio.

The two are timed in alternating rounds, and each figure is the median
over the rounds of the time per call. `--clock thread` (the default)
counts the main thread's CPU time, which with one torch thread is all
the work and is much steadier than wall time on a shared machine;
`--clock wall` counts wall time.

Run: `KERAS_BACKEND=torch python benchmarks/eager_call_overhead.py
[--rounds 15] [--calls 500] [--clock thread]`
"""

import argparse
import json
import os
import statistics
import sys
import time

os.environ.setdefault("KERAS_BACKEND", "torch")
# Run as a script, this file's folder comes first on `sys.path`: put the
# repository there so that it imports this checkout's `keras`.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))

import numpy as np  # noqa: E402
import torch  # noqa: E402

import keras  # noqa: E402

CLOCK = {"thread": time.thread_time, "wall": time.perf_counter}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=500)
    parser.add_argument("--clock", default="thread", choices=list(CLOCK))
    args = parser.parse_args()
    clock = CLOCK[args.clock]
    torch.set_num_threads(1)
    model = keras.Sequential([
        keras.Input((64,)),
        keras.layers.Dense(64, activation="relu"),
        keras.layers.Dense(64, activation="relu"),
        keras.layers.Dense(64),
    ])
    x = torch.from_numpy(np.random.rand(32, 64).astype("float32"))
    params = [(layer.kernel.value.detach().T.contiguous(),
               layer.bias.value.detach()) for layer in model.layers]

    def plain_torch():
        h = torch.relu(torch.nn.functional.linear(x, *params[0]))
        h = torch.relu(torch.nn.functional.linear(h, *params[1]))
        return torch.nn.functional.linear(h, *params[2])

    def keras_call():
        return model(x)

    impls = {"keras_eager": keras_call, "torch_eager": plain_torch}
    times = {name: [] for name in impls}
    with torch.no_grad():
        np.testing.assert_allclose(
            model(x).numpy(), plain_torch().numpy(), rtol=1e-5, atol=1e-5
        )
        for _ in range(args.rounds):
            for name, fn in impls.items():
                fn()
                start = clock()
                for _ in range(args.calls):
                    fn()
                times[name].append((clock() - start) / args.calls)
    medians = {name: statistics.median(t) for name, t in times.items()}
    for name, seconds in medians.items():
        print(json.dumps({"model": "mlp_3x64_b32", "impl": name,
                          "clock": args.clock,
                          "us_per_call": round(seconds * 1e6, 2)}))
    print(json.dumps({
        "model": "mlp_3x64_b32",
        "ratio_keras_over_torch": round(
            medians["keras_eager"] / medians["torch_eager"], 2
        ),
        "load_average": round(os.getloadavg()[0], 2),
    }))


if __name__ == "__main__":
    main()
