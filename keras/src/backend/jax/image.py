"""Image functions on JAX.

The image math lives in `keras.src.backend.common.image_functions`; this
module supplies the JAX array adapter it runs on and exports the functions,
each compiled with `jax.jit`. Everything is jittable and differentiable in
the pixels.
"""

import functools
import inspect

import jax
import jax.numpy as jnp

from keras.src.backend.common import image_functions


class _JaxOps(image_functions.ArrayOps):
    """The array functions the shared image code calls, on JAX."""

    def __getattr__(self, name):
        return getattr(jnp, name)

    @staticmethod
    def asarray(x, dtype=None):
        return jnp.asarray(x) if dtype is None else jnp.asarray(x, dtype)

    @staticmethod
    def astype(x, dtype):
        return jnp.asarray(x).astype(dtype)

    @staticmethod
    def shape(x):
        return tuple(x.shape)

    @staticmethod
    def solve(a, b):
        return jnp.linalg.solve(a, b)


xp = _JaxOps()
_image = image_functions.ImageFunctions(xp, "jax")

# Keras's tables of the arguments these functions take.
AFFINE_TRANSFORM_FILL_MODES = image_functions.AFFINE_TRANSFORM_FILL_MODES
AFFINE_TRANSFORM_INTERPOLATIONS = (
    image_functions.AFFINE_TRANSFORM_INTERPOLATIONS
)
MAP_COORDINATES_FILL_MODES = image_functions.MAP_COORDINATES_FILL_MODES
RESIZE_INTERPOLATIONS = image_functions.RESIZE_INTERPOLATIONS
SCALE_AND_TRANSLATE_METHODS = image_functions.SCALE_AND_TRANSLATE_METHODS
compute_homography_matrix = _image.compute_homography_matrix


# Eager JAX dispatches every small op on its own; compiling each function
# once per shape and static arguments makes them many times faster.


def _jit(fn, static):
    compiled = jax.jit(fn, static_argnames=static)
    signature = inspect.signature(fn)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        for name in static:
            value = bound.arguments.get(name)
            if isinstance(value, list):
                bound.arguments[name] = tuple(value)
        return compiled(*bound.args, **bound.kwargs)

    return wrapper


affine_transform = _jit(_image.affine_transform,
                        ("interpolation", "fill_mode", "data_format"))
perspective_transform = _jit(_image.perspective_transform,
                             ("interpolation", "data_format"))
map_coordinates = _jit(_image.map_coordinates, ("order", "fill_mode"))
resize = _jit(_image.resize, ("size", "interpolation", "antialias",
                              "crop_to_aspect_ratio", "pad_to_aspect_ratio",
                              "fill_mode", "data_format"))
scale_and_translate = _jit(_image.scale_and_translate,
                           ("output_shape", "spatial_dims", "method",
                            "antialias"))
rgb_to_grayscale = _jit(_image.rgb_to_grayscale, ("data_format",))
rgb_to_hsv = _jit(_image.rgb_to_hsv, ("data_format",))
hsv_to_rgb = _jit(_image.hsv_to_rgb, ("data_format",))
gaussian_blur = _jit(_image.gaussian_blur, ("kernel_size", "data_format"))
sobel_edges = _jit(_image.sobel_edges, ("data_format",))
ssim = _jit(_image.ssim, ("max_val", "filter_size", "filter_sigma", "k1",
                          "k2", "data_format"))
crop_images = _jit(_image.crop_images, ("top_cropping", "left_cropping",
                                        "bottom_cropping", "right_cropping",
                                        "target_height", "target_width",
                                        "data_format"))
pad_images = _jit(_image.pad_images, ("top_padding", "left_padding",
                                      "bottom_padding", "right_padding",
                                      "target_height", "target_width",
                                      "data_format"))
extract_patches = _jit(_image.extract_patches,
                       ("size", "strides", "dilation_rate", "padding",
                        "data_format"))
extract_patches_3d = _jit(_image.extract_patches_3d,
                          ("size", "strides", "dilation_rate", "padding",
                           "data_format"))
# elastic_transform draws its noise eagerly and compiles only the warp.
elastic_transform = _image.elastic_transform
_image._displace = jax.jit(_image._displace,
                           static_argnames=("sigma", "order", "fill_mode"))
