"""Eager per-call overhead of a Keras model on torch against plain torch.

Times `model(x)` for a 3-layer `Dense(64)` MLP at batch 32 (the tiny model
that exposes per-call overhead) and the same computation written with
`torch.nn.functional.linear` on the same weights, in one process, and
prints one JSON line per measurement plus the ratio.

Run: `KERAS_BACKEND=torch python benchmarks/eager_call_overhead.py`
"""

import json
import os
import timeit

os.environ.setdefault("KERAS_BACKEND", "torch")

import numpy as np  # noqa: E402
import torch  # noqa: E402

import keras  # noqa: E402


def best_time_per_call(fn, number=2000, repeat=7):
    fn()
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number


def main():
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

    with torch.no_grad():
        np.testing.assert_allclose(
            model(x).numpy(), plain_torch().numpy(), rtol=1e-5, atol=1e-5
        )
        keras_time = best_time_per_call(lambda: model(x))
        torch_time = best_time_per_call(plain_torch)
    for name, seconds in (("keras_eager", keras_time),
                          ("torch_eager", torch_time)):
        print(json.dumps({"model": "mlp_3x64_b32", "impl": name,
                          "us_per_call": round(seconds * 1e6, 2)}))
    print(json.dumps({"model": "mlp_3x64_b32",
                      "ratio_keras_over_torch": round(keras_time / torch_time,
                                                      2)}))


if __name__ == "__main__":
    main()
