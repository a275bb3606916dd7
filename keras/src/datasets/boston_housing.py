"""Boston housing prices: 506 houses, 13 features each."""

import numpy as np

from keras.src.api_export import keras_export
from keras.src.datasets import npz_utils
from keras.src.datasets.sequence_datasets import check_test_split
from keras.src.utils.file_utils import get_file

_ORIGIN = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"
_SHA256 = "f553886a1f8d56431e820c5b82552d9d95cfcb96d1e678153f8839538947dff5"


def shuffle_and_split(x, y, test_split, seed):
    """Shuffles `x`, `y` with `seed` and keeps the last `test_split`
    fraction for testing."""
    order = np.random.RandomState(seed).permutation(len(x))
    x, y = x[order], y[order]
    split = int(len(x) * (1 - test_split))
    return (x[:split], y[:split]), (x[split:], y[split:])


@keras_export("keras.datasets.boston_housing.load_data")
def load_data(path="boston_housing.npz", test_split=0.2, seed=113):
    """Loads the Boston housing price regression dataset.

    506 houses of the 1970s Boston area, each with 13 attributes (crime
    rate, rooms, ...), and the median value in thousands of dollars.

    Args:
        path: the file name of the dataset in the cache.
        test_split: the fraction of the data used for testing, in
            `[0, 1)`.
        seed: the seed of the shuffle before the split.

    Returns:
        `(x_train, y_train), (x_test, y_test)`: float64 features of shape
        `(num_samples, 13)` and float64 targets of shape
        `(num_samples,)`.

    Example:

    >>> (x_train, y_train), _ = (
    ...     keras.datasets.boston_housing.load_data()
    ... )  # doctest: +SKIP
    >>> x_train.shape  # doctest: +SKIP
    (404, 13)
    """
    check_test_split(test_split)
    path = get_file(
        path, origin=_ORIGIN + "boston_housing.npz", file_hash=_SHA256
    )
    arrays = npz_utils.load_npz(path)
    return shuffle_and_split(arrays["x"], arrays["y"], test_split, seed)
