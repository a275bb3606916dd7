"""Helpers shared by the visualization functions: batches of images as
channels-last NumPy arrays."""

import numpy as np

from keras.src import backend


def to_numpy_images(images, data_format, fn_name):
    """`images` as a float32 channels-last NumPy batch `(B, H, W, C)`.

    A single image `(H, W, C)` becomes a batch of one.
    """
    data_format = backend.standardize_data_format(data_format)
    images = np.asarray(backend.convert_to_numpy(images))
    if images.ndim == 3:
        images = images[None]
    if images.ndim != 4:
        raise ValueError(
            f"{fn_name}() expects images of shape (batch, height, width, "
            "channels) (or one image of rank 3). Received shape "
            f"{images.shape}"
        )
    if data_format == "channels_first":
        images = np.transpose(images, (0, 2, 3, 1))
    return images.astype("float32")


def to_uint8(images):
    return np.clip(images, 0, 255).astype("uint8")


def rescale_to_255(images, value_range):
    """Maps `images` from `value_range` to `[0, 255]`."""
    low, high = float(value_range[0]), float(value_range[1])
    if (low, high) == (0.0, 255.0):
        return images
    if high <= low:
        raise ValueError(
            "`value_range` must be (low, high) with low < high. Received: "
            f"value_range={value_range}"
        )
    return (images - low) * (255.0 / (high - low))
