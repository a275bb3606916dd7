"""CIFAR-100: 60,000 32x32 color images in 100 classes (20 superclasses)."""

import os

import numpy as np

from keras.src.api_export import keras_export
from keras.src.datasets import cifar
from keras.src.utils.file_utils import get_file

_ORIGIN = "https://www.cs.toronto.edu/~kriz/cifar-100-python.tar.gz"
_SHA256 = "85cd44d02ba6437773c5bbd22e183051d648de2e7d6b014e1ef29b855ba677a7"


@keras_export("keras.datasets.cifar100.load_data")
def load_data(label_mode="fine"):
    """Loads the CIFAR-100 dataset.

    50,000 training and 10,000 test 32x32 color images labelled with one
    of 100 fine classes, grouped into 20 coarse superclasses. The archive
    is downloaded and extracted once into `~/.keras/datasets`.

    Args:
        label_mode: `"fine"` (100 classes) or `"coarse"` (20 classes).

    Returns:
        `(x_train, y_train), (x_test, y_test)`: uint8 images of shape
        `(num_samples, 32, 32, 3)` (or channels first, following
        `keras.config.image_data_format()`) and int64 labels of shape
        `(num_samples, 1)`.

    Example:

    >>> (x_train, y_train), _ = keras.datasets.cifar100.load_data(
    ...     label_mode="coarse"
    ... )  # doctest: +SKIP
    >>> int(y_train.max())  # doctest: +SKIP
    19
    """
    if label_mode not in ("fine", "coarse"):
        raise ValueError(
            '`label_mode` must be one of `"fine"`, `"coarse"`. '
            f"Received: label_mode={label_mode}."
        )
    folder = get_file(
        fname="cifar-100-python-target",
        origin=_ORIGIN,
        extract=True,
        file_hash=_SHA256,
    )
    folder = os.path.join(folder, "cifar-100-python")
    label_key = label_mode + "_labels"
    x_train, y_train = cifar.load_batch(
        os.path.join(folder, "train"), label_key=label_key
    )
    x_test, y_test = cifar.load_batch(
        os.path.join(folder, "test"), label_key=label_key
    )
    y_train = np.asarray(y_train, dtype="int64").reshape(-1, 1)
    y_test = np.asarray(y_test, dtype="int64").reshape(-1, 1)
    x_train = cifar.to_image_data_format(x_train)
    x_test = cifar.to_image_data_format(x_test)
    return (x_train, y_train), (x_test, y_test)
