"""California housing prices: 20,640 districts of the 1990 census."""

from keras.src.api_export import keras_export
from keras.src.datasets import npz_utils
from keras.src.datasets.boston_housing import shuffle_and_split
from keras.src.datasets.sequence_datasets import check_test_split
from keras.src.utils.file_utils import get_file

_ORIGIN = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"
_SHA256 = "1a2e3a52e0398de6463aebe6f4a8da34fb21fbb6b934cf88c3425e766f2a1a6f"
_SMALL_SIZE = 600


@keras_export("keras.datasets.california_housing.load_data")
def load_data(
    version="large", path="california_housing.npz", test_split=0.2, seed=113
):
    """Loads the California housing price regression dataset.

    Each sample describes one census block group with 8 features (median
    income, house age, average rooms, average bedrooms, population,
    average occupancy, latitude, longitude); the target is the median
    house value in dollars.

    Args:
        version: `"large"` (all 20,640 samples) or `"small"` (the first
            600, for quick experiments).
        path: the file name of the dataset in the cache.
        test_split: the fraction of the data used for testing, in
            `[0, 1)`.
        seed: the seed of the shuffle before the split.

    Returns:
        `(x_train, y_train), (x_test, y_test)`: float64 features of shape
        `(num_samples, 8)` and float64 targets of shape `(num_samples,)`.

    Example:

    >>> (x_train, y_train), _ = keras.datasets.california_housing.load_data(
    ...     version="small"
    ... )  # doctest: +SKIP
    >>> x_train.shape  # doctest: +SKIP
    (480, 8)
    """
    if version not in ("small", "large"):
        raise ValueError(
            "Argument `version` must be one of 'small', 'large'. "
            f"Received: version={version}"
        )
    check_test_split(test_split)
    path = get_file(
        path, origin=_ORIGIN + "california_housing.npz", file_hash=_SHA256
    )
    arrays = npz_utils.load_npz(path)
    x, y = arrays["x"], arrays["y"]
    if version == "small":
        x, y = x[:_SMALL_SIZE], y[:_SMALL_SIZE]
    return shuffle_and_split(x, y, test_split, seed)
