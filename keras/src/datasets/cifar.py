"""Reading one batch file of the CIFAR datasets (shared by `cifar10` and
`cifar100`)."""

import numpy as np

from keras.src.backend import config
from keras.src.datasets.npz_utils import RestrictedUnpickler


def load_batch(fpath, label_key="labels"):
    """Reads one pickled CIFAR batch file, without running code from it.

    Args:
        fpath: the batch file.
        label_key: the key of the labels (`"labels"` for CIFAR-10,
            `"fine_labels"` or `"coarse_labels"` for CIFAR-100).

    Returns:
        `(data, labels)`: uint8 images of shape `(num_samples, 3, 32, 32)`
        and the list of labels.
    """
    with open(fpath, "rb") as f:
        batch = RestrictedUnpickler(f, encoding="bytes").load()
    if not isinstance(batch, dict):
        raise ValueError(
            f"{fpath} is not a CIFAR batch file (expected a pickled dict, "
            f"found {type(batch).__name__})."
        )
    # The files were pickled by Python 2: keys come back as bytes.
    batch = {
        k.decode("utf8") if isinstance(k, bytes) else k: v
        for k, v in batch.items()
    }
    data = np.asarray(batch["data"])
    data = data.reshape(data.shape[0], 3, 32, 32)
    return data, batch[label_key]


def to_image_data_format(x):
    """CIFAR images are stored channels-first; transposes them when
    `keras.config.image_data_format()` is `"channels_last"`."""
    if config.image_data_format() == "channels_last":
        return x.transpose(0, 2, 3, 1)
    return x
