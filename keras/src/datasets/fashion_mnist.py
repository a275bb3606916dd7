"""Fashion-MNIST: 70,000 28x28 grayscale images of clothing items."""

import gzip
import os

import numpy as np

from keras.src.api_export import keras_export
from keras.src.utils.file_utils import get_file

_ORIGIN = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"
_FILES = (
    "train-labels-idx1-ubyte.gz",
    "train-images-idx3-ubyte.gz",
    "t10k-labels-idx1-ubyte.gz",
    "t10k-images-idx3-ubyte.gz",
)


def _read_idx(path, expected_dims):
    """Reads a gzipped IDX file of unsigned bytes (LeCun's MNIST format):
    a 4-byte magic (0, 0, 8 = uint8, number of dimensions), one big-endian
    int32 per dimension, then the data."""
    with gzip.open(path, "rb") as f:
        data = f.read()
    if data[:3] != b"\x00\x00\x08" or data[3] != expected_dims:
        raise ValueError(
            f"{os.path.basename(path)} is not an IDX file of uint8 with "
            f"{expected_dims} dimension(s); the download may be corrupted. "
            f"Delete {path} and try again."
        )
    header_end = 4 + 4 * expected_dims
    shape = tuple(
        int.from_bytes(data[4 + 4 * i : 8 + 4 * i], "big")
        for i in range(expected_dims)
    )
    return np.frombuffer(data, np.uint8, offset=header_end).reshape(shape)


@keras_export("keras.datasets.fashion_mnist.load_data")
def load_data():
    """Loads the Fashion-MNIST dataset.

    60,000 training and 10,000 test 28x28 grayscale images of 10 kinds of
    clothing: 0 T-shirt/top, 1 Trouser, 2 Pullover, 3 Dress, 4 Coat,
    5 Sandal, 6 Shirt, 7 Sneaker, 8 Bag, 9 Ankle boot. The four files are
    downloaded once into `~/.keras/datasets/fashion-mnist`.

    Returns:
        `(x_train, y_train), (x_test, y_test)`: uint8 images of shape
        `(num_samples, 28, 28)` and uint8 labels of shape
        `(num_samples,)`.

    Example:

    >>> (x_train, y_train), _ = (
    ...     keras.datasets.fashion_mnist.load_data()
    ... )  # doctest: +SKIP
    >>> x_train.shape  # doctest: +SKIP
    (60000, 28, 28)
    """
    paths = [
        get_file(
            name,
            origin=_ORIGIN + name,
            cache_subdir=os.path.join("datasets", "fashion-mnist"),
        )
        for name in _FILES
    ]
    y_train = _read_idx(paths[0], 1)
    x_train = _read_idx(paths[1], 3)
    y_test = _read_idx(paths[2], 1)
    x_test = _read_idx(paths[3], 3)
    return (x_train, y_train), (x_test, y_test)
