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


xp = _NumpyOps()
_image = image_functions.ImageFunctions(xp, "numpy")

# Keras's tables of the arguments these functions take.
AFFINE_TRANSFORM_FILL_MODES = image_functions.AFFINE_TRANSFORM_FILL_MODES
AFFINE_TRANSFORM_INTERPOLATIONS = (
    image_functions.AFFINE_TRANSFORM_INTERPOLATIONS
)
MAP_COORDINATES_FILL_MODES = image_functions.MAP_COORDINATES_FILL_MODES
RESIZE_INTERPOLATIONS = image_functions.RESIZE_INTERPOLATIONS
SCALE_AND_TRANSLATE_METHODS = image_functions.SCALE_AND_TRANSLATE_METHODS
compute_homography_matrix = _image.compute_homography_matrix
globals().update(_image.public_functions())
