"""Image functions on NumPy.

The image math lives in `keras.src.backend.common.image_functions`; this
module supplies the NumPy array adapter it runs on and exports the
functions.
"""

import numpy as np

from keras.src.backend.common import image_functions


class _NumpyOps(image_functions.ArrayOps):
    """The array functions the shared image code calls, on NumPy."""

    def __getattr__(self, name):
        return getattr(np, name)

    @staticmethod
    def asarray(x, dtype=None):
        return np.asarray(x) if dtype is None else np.asarray(x, dtype)

    @staticmethod
    def astype(x, dtype):
        return np.asarray(x).astype(dtype)

    @staticmethod
    def shape(x):
        return tuple(x.shape)

    @staticmethod
    def solve(a, b):
        return np.linalg.solve(a, b)

    @staticmethod
    def where(cond, a, b):
        return np.where(cond, a, b)


def _random():
    from keras.src.backend.numpy import random

    return random


xp = _NumpyOps()
_image = image_functions.ImageFunctions(xp, _random)

affine_transform = _image.affine_transform
map_coordinates = _image.map_coordinates
resize = _image.resize
scale_and_translate = _image.scale_and_translate
rgb_to_grayscale = _image.rgb_to_grayscale
rgb_to_hsv = _image.rgb_to_hsv
hsv_to_rgb = _image.hsv_to_rgb
gaussian_blur = _image.gaussian_blur
sobel_edges = _image.sobel_edges
ssim = _image.ssim
crop_images = _image.crop_images
pad_images = _image.pad_images
perspective_transform = _image.perspective_transform
extract_patches = _image.extract_patches
extract_patches_3d = _image.extract_patches_3d
elastic_transform = _image.elastic_transform
