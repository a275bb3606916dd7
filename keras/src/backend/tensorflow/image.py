"""Image functions on TensorFlow.

Pure `tf` functions: they convert their inputs with `tf.convert_to_tensor`
and work whichever backend is active, so image preprocessing layers call
them inside `tf.data` pipelines. The image math lives in
`keras.src.backend.common.image_functions`; this module supplies the
TensorFlow array adapter it runs on. Spatial sizes must be known when the
function is traced, except for `resize`, which falls back to
`tf.image.resize` for unknown sizes.
"""

import numpy as np
import tensorflow as tf

from keras.src.backend.common import image_functions
from keras.src.backend.config import standardize_data_format


def _same_type(a, b):
    """Converts Python scalars among `a`, `b` to the other's dtype."""
    if tf.is_tensor(a) and not tf.is_tensor(b):
        b = tf.cast(b, a.dtype)
    elif tf.is_tensor(b) and not tf.is_tensor(a):
        a = tf.cast(a, b.dtype)
    return a, b


class _TensorFlowOps(image_functions.ArrayOps):
    """The NumPy-named array functions the shared image code calls."""

    abs = staticmethod(tf.math.abs)
    exp = staticmethod(tf.math.exp)
    sin = staticmethod(tf.math.sin)
    floor = staticmethod(tf.math.floor)
    round = staticmethod(tf.math.round)
    reshape = staticmethod(tf.reshape)
    broadcast_to = staticmethod(tf.broadcast_to)
    zeros_like = staticmethod(tf.zeros_like)
    ones_like = staticmethod(tf.ones_like)
    solve = staticmethod(tf.linalg.solve)

    @staticmethod
    def asarray(x, dtype=None):
        x = tf.convert_to_tensor(x)
        return x if dtype is None else tf.cast(x, dtype)

    @staticmethod
    def astype(x, dtype):
        return tf.cast(tf.convert_to_tensor(x), dtype)

    @staticmethod
    def arange(n, dtype=None):
        return tf.range(n, dtype=dtype or "int32")

    @staticmethod
    def where(cond, a, b):
        return tf.where(cond, *_same_type(a, b))

    @staticmethod
    def mod(x, y):
        return tf.math.floormod(*_same_type(x, y))

    @staticmethod
    def clip(x, low, high):
        return tf.clip_by_value(x, tf.cast(low, x.dtype),
                                tf.cast(high, x.dtype))

    @staticmethod
    def shape(x):
        """Static sizes where known, scalar tensors elsewhere."""
        dynamic = tf.shape(x)
        return tuple(
            dynamic[i] if d is None else d
            for i, d in enumerate(x.shape.as_list())
        )

    @staticmethod
    def maximum(a, b):
        if not (tf.is_tensor(a) or tf.is_tensor(b)):
            return max(a, b)
        return tf.maximum(*_same_type(a, b))

    @staticmethod
    def sum(x, axis=None, keepdims=False):
        return tf.reduce_sum(x, axis=axis, keepdims=keepdims)

    @staticmethod
    def max(x, axis):
        return tf.reduce_max(x, axis=axis)

    @staticmethod
    def min(x, axis):
        return tf.reduce_min(x, axis=axis)

    @staticmethod
    def mean(x, axis):
        return tf.reduce_mean(x, axis=axis)

    @staticmethod
    def stack(xs, axis=0):
        return tf.stack(xs, axis=axis)

    @staticmethod
    def transpose(x, perm):
        return tf.transpose(x, perm)

    @staticmethod
    def moveaxis(x, source, destination):
        perm = list(range(x.shape.rank))
        perm.insert(destination % len(perm), perm.pop(source % len(perm)))
        return tf.transpose(x, perm)

    @staticmethod
    def matmul(x, w):
        return tf.tensordot(x, w, axes=[[x.shape.rank - 1], [0]])

    @staticmethod
    def meshgrid(a, b, indexing="ij"):
        return tf.meshgrid(a, b, indexing=indexing)

    @staticmethod
    def take(x, index, axis=0):
        return tf.gather(x, index, axis=axis)

    @staticmethod
    def pad(x, pads, constant_values=0):
        pads = [list(p) for p in pads]
        return tf.pad(x, pads, constant_values=tf.cast(constant_values,
                                                       x.dtype))

    @staticmethod
    def ndim(x):
        return x.shape.rank if tf.is_tensor(x) else np.ndim(x)


xp = _TensorFlowOps()
_image = image_functions.ImageFunctions(xp, "tensorflow")

# Keras's tables of the arguments these functions take.
AFFINE_TRANSFORM_FILL_MODES = image_functions.AFFINE_TRANSFORM_FILL_MODES
AFFINE_TRANSFORM_INTERPOLATIONS = (
    image_functions.AFFINE_TRANSFORM_INTERPOLATIONS
)
MAP_COORDINATES_FILL_MODES = image_functions.MAP_COORDINATES_FILL_MODES
RESIZE_INTERPOLATIONS = image_functions.RESIZE_INTERPOLATIONS
SCALE_AND_TRANSLATE_METHODS = image_functions.SCALE_AND_TRANSLATE_METHODS
compute_homography_matrix = _image.compute_homography_matrix
# `resize` is replaced below for images of unknown size.
globals().update(_image.public_functions())


def resize(images, size, interpolation="bilinear", antialias=False,
           crop_to_aspect_ratio=False, pad_to_aspect_ratio=False,
           fill_mode="constant", fill_value=0.0, data_format=None):
    """Resizes images to `size`; unknown sizes use `tf.image.resize`."""
    x = tf.convert_to_tensor(images)
    channels_first = standardize_data_format(data_format) == (
        "channels_first")
    spatial = x.shape[-2:] if channels_first else x.shape[-3:-1]
    if None not in spatial:
        return _image.resize(x, size, interpolation, antialias,
                             crop_to_aspect_ratio, pad_to_aspect_ratio,
                             fill_mode, fill_value, data_format)
    if crop_to_aspect_ratio or pad_to_aspect_ratio:
        raise ValueError(
            "`crop_to_aspect_ratio` and `pad_to_aspect_ratio` need images "
            f"of known height and width. Received: images.shape={x.shape}"
        )
    # tf.image.resize shares this half-pixel convention and these kernels.
    x, ctx = _image._to_nhwc(x, data_format)
    out = tf.image.resize(x, size, method=interpolation, antialias=antialias)
    return _image._from_nhwc(tf.cast(out, x.dtype), ctx)
