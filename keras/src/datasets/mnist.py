"""MNIST: 70,000 28x28 grayscale images of handwritten digits."""

from keras.src.api_export import keras_export
from keras.src.datasets import npz_utils
from keras.src.utils.file_utils import get_file

_ORIGIN = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"
_SHA256 = "731c5ac602752760c8e48fbffcf8c3b850d9dc2a2aedcf2cc48468fc17b673d1"


@keras_export("keras.datasets.mnist.load_data")
def load_data(path="mnist.npz"):
    """Loads the MNIST dataset of handwritten digits.

    60,000 training and 10,000 test images of the digits 0-9, each a
    28x28 grayscale image. The file is downloaded once into
    `~/.keras/datasets` (see `keras.utils.get_file`).

    Args:
        path: the file name of the dataset in the cache.

    Returns:
        `(x_train, y_train), (x_test, y_test)`: uint8 images of shape
        `(num_samples, 28, 28)` with values 0-255, and uint8 labels of
        shape `(num_samples,)` with values 0-9.

    Example:

    >>> (x_train, y_train), (x_test, y_test) = (
    ...     keras.datasets.mnist.load_data()
    ... )  # doctest: +SKIP
    >>> x_train.shape  # doctest: +SKIP
    (60000, 28, 28)
    """
    path = get_file(
        fname=path, origin=_ORIGIN + "mnist.npz", file_hash=_SHA256
    )
    arrays = npz_utils.load_npz(path)
    return (arrays["x_train"], arrays["y_train"]), (
        arrays["x_test"],
        arrays["y_test"],
    )
