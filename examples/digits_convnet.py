"""Trains a small convnet on the 8x8 handwritten digits and reports its
test accuracy.

The digits (1,797 images) ship with scikit-learn, so nothing is
downloaded. Usage:

    python examples/digits_convnet.py --backend torch [--jit] [--epochs 30]
"""

import argparse
import os


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--backend",
        choices=["tensorflow", "jax", "torch"],
        default=os.environ.get("KERAS_BACKEND", "torch"),
    )
    parser.add_argument("--jit", action="store_true",
                        help="compile the training steps (default: the "
                             "backend's `jit_compile=\"auto\"` choice)")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--seed", type=int, default=0)
    return parser.parse_args()


def load_digits(seed):
    """Returns `(x_train, y_train), (x_test, y_test)`: 80/20 split,
    images as `(n, 8, 8, 1)` floats in [0, 1]."""
    import numpy as np
    from sklearn.datasets import load_digits as sklearn_digits

    digits = sklearn_digits()
    x = (digits.images / 16.0).astype("float32")[..., None]
    y = digits.target.astype("int32")
    order = np.random.default_rng(seed).permutation(len(x))
    split = int(0.8 * len(x))
    train, test = order[:split], order[split:]
    return (x[train], y[train]), (x[test], y[test])


def build_model(keras):
    return keras.Sequential([
        keras.Input((8, 8, 1)),
        keras.layers.Conv2D(32, 3, padding="same", activation="relu"),
        keras.layers.Conv2D(32, 3, padding="same", activation="relu"),
        keras.layers.MaxPooling2D(2),
        keras.layers.Conv2D(64, 3, padding="same", activation="relu"),
        keras.layers.Flatten(),
        keras.layers.Dropout(0.3),
        keras.layers.Dense(10, activation="softmax"),
    ])


def main():
    args = parse_args()
    os.environ["KERAS_BACKEND"] = args.backend
    import keras

    keras.utils.set_random_seed(args.seed)
    (x_train, y_train), (x_test, y_test) = load_digits(args.seed)
    model = build_model(keras)
    model.compile(
        optimizer=keras.optimizers.Adam(1e-3),
        loss="sparse_categorical_crossentropy",
        metrics=["accuracy"],
        jit_compile=True if args.jit else "auto",
    )
    model.fit(
        x_train, y_train,
        batch_size=args.batch_size,
        epochs=args.epochs,
        validation_split=0.1,
    )
    loss, accuracy = model.evaluate(x_test, y_test, verbose=0)
    print(f"backend={args.backend} jit_compile={model.jit_compile} "
          f"test_loss={loss:.4f} test_accuracy={accuracy:.4f}")


if __name__ == "__main__":
    main()
