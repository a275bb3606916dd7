"""CIFAR-10: 60,000 32x32 color images in 10 classes."""

import os

import numpy as np

from keras.src.api_export import keras_export
from keras.src.datasets import cifar
from keras.src.utils.file_utils import get_file

_ORIGIN = "https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz"
_SHA256 = "6d958be074577803d12ecdefd02955f39262c83c16fe9348329d7fe0b5c001ce"


@keras_export("keras.datasets.cifar10.load_data")
def load_data():
    """Loads the CIFAR-10 dataset.

    50,000 training and 10,000 test 32x32 color images of 10 classes:
    0 airplane, 1 automobile, 2 bird, 3 cat, 4 deer, 5 dog, 6 frog,
    7 horse, 8 ship, 9 truck. The archive is downloaded and extracted once
    into `~/.keras/datasets`.

    Returns:
        `(x_train, y_train), (x_test, y_test)`: uint8 images of shape
        `(num_samples, 32, 32, 3)` (or `(num_samples, 3, 32, 32)` when
        `keras.config.image_data_format()` is `"channels_first"`), and
        uint8 labels of shape `(num_samples, 1)`.

    Example:

    >>> (x_train, y_train), _ = (
    ...     keras.datasets.cifar10.load_data()
    ... )  # doctest: +SKIP
    >>> x_train.shape, y_train.shape  # doctest: +SKIP
    ((50000, 32, 32, 3), (50000, 1))
    """
    folder = get_file(
        fname="cifar-10-batches-py-target",
        origin=_ORIGIN,
        extract=True,
        file_hash=_SHA256,
    )
    folder = os.path.join(folder, "cifar-10-batches-py")
    xs, ys = [], []
    for i in range(1, 6):
        x, y = cifar.load_batch(os.path.join(folder, f"data_batch_{i}"))
        xs.append(x)
        ys.append(np.asarray(y, dtype="uint8"))
    x_test, y_test = cifar.load_batch(os.path.join(folder, "test_batch"))
    x_train = cifar.to_image_data_format(np.concatenate(xs))
    y_train = np.concatenate(ys).reshape(-1, 1)
    x_test = cifar.to_image_data_format(x_test)
    y_test = np.asarray(y_test, dtype="uint8").reshape(-1, 1)
    return (x_train, y_train), (x_test, y_test)
