"""Fits a ridge-regression digit classifier with `keras.ops`, then predicts.

The 8x8 handwritten digits ship with scikit-learn. The model is linear:
one-hot targets regressed on the pixels, solved in closed form with
`keras.ops.linalg.solve`, so it runs on every backend (numpy included)
before Keras's trainer exists. Usage:

    python examples/digits_ridge.py --backend torch
"""

import argparse
import os
import sys


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--backend",
        choices=["tensorflow", "jax", "torch", "numpy"],
        default=os.environ.get("KERAS_BACKEND", "tensorflow"),
    )
    parser.add_argument("--l2", type=float, default=1.0)
    return parser.parse_args()


def main():
    args = parse_args()
    os.environ["KERAS_BACKEND"] = args.backend
    import numpy as np
    from sklearn.datasets import load_digits

    import keras
    from keras import ops

    digits = load_digits()
    x = (digits.data / 16.0).astype("float32")
    y = digits.target
    rng = np.random.default_rng(0)
    order = rng.permutation(len(x))
    split = int(0.8 * len(x))
    train, test = order[:split], order[split:]

    # Append a constant feature for the bias.
    def features(rows):
        return ops.concatenate(
            [ops.convert_to_tensor(x[rows]), ops.ones((len(rows), 1))], axis=1
        )

    x_train, x_test = features(train), features(test)
    y_train = ops.one_hot(ops.convert_to_tensor(y[train]), 10)

    gram = ops.matmul(ops.transpose(x_train), x_train)
    gram = gram + args.l2 * ops.eye(gram.shape[0])
    weights = ops.linalg.solve(gram, ops.matmul(ops.transpose(x_train),
                                                y_train))

    predictions = ops.argmax(ops.matmul(x_test, weights), axis=-1)
    accuracy = float(
        np.mean(ops.convert_to_numpy(predictions) == y[test])
    )
    print(
        f"backend={keras.config.backend()} train={len(train)} "
        f"test={len(test)} test_accuracy={accuracy:.4f}"
    )
    return 0 if accuracy > 0.9 else 1


if __name__ == "__main__":
    sys.exit(main())
