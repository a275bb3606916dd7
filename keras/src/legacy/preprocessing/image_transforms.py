"""Keras 2's NumPy image transformations (`tf.keras.preprocessing.image`):
affine transforms, channel and brightness shifts and their random
versions, used by `ImageDataGenerator`.

They work on one image, a 3D NumPy array, with SciPy (affine
transforms) and Pillow (brightness), both imported on first use. The
random versions draw from NumPy's global random state, as in Keras 2, so
`np.random.seed` makes them repeatable.
"""

import os

import numpy as np

from keras.src.api_export import keras_export
from keras.src.utils import image_utils
from keras.src.utils.module_utils import LazyModule

_EXPORT = "keras._tf_keras.keras.preprocessing.image."


_ndimage = LazyModule(
    "scipy.ndimage",
    pip_name="scipy",
    import_error_msg=(
        "Image transformations (`apply_affine_transform` and the random "
        "rotation, shift, shear and zoom) require SciPy. Install it with "
        "`pip install scipy`."
    ),
)
_image_enhance = LazyModule(
    "PIL.ImageEnhance",
    pip_name="pillow",
    import_error_msg=(
        "`apply_brightness_shift` requires Pillow. Install it with "
        "`pip install pillow`."
    ),
)


def _check_image(function_name, x):
    x = np.asarray(x)
    if x.ndim != 3:
        raise ValueError(
            f"`{function_name}` expects one image, a 3D array. Received: "
            f"an array of shape {x.shape}"
        )
    return x


def transform_matrix_offset_center(matrix, x, y):
    """Re-centers a 3x3 affine matrix so that it acts around the centre of
    an `x` by `y` image instead of its corner.

    Args:
        matrix: a 3x3 affine matrix.
        x: the image's size along the first transformed axis.
        y: its size along the second.

    Returns:
        The 3x3 matrix `offset @ matrix @ offset^-1`.

    Example:

    >>> from keras.src.legacy.preprocessing import image
    >>> image.transform_matrix_offset_center(np.eye(3), 4, 4).tolist()
    [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    """
    center_x = float(x) / 2 - 0.5
    center_y = float(y) / 2 - 0.5
    to_center = np.array([[1, 0, center_x], [0, 1, center_y], [0, 0, 1]])
    from_center = np.array(
        [[1, 0, -center_x], [0, 1, -center_y], [0, 0, 1]]
    )
    return to_center @ matrix @ from_center


@keras_export(_EXPORT + "apply_affine_transform")
def apply_affine_transform(x, theta=0, tx=0, ty=0, shear=0, zx=1, zy=1,
                           row_axis=1, col_axis=2, channel_axis=0,
                           fill_mode="nearest", cval=0.0, order=1):
    """Rotates, shifts, shears and zooms one image (about its centre).

    The output pixel at `p` takes the input's value at `M @ p`, where `M`
    composes, in order, the rotation, the shift, the shear and the zoom.

    Args:
        x: a 3D array: one image.
        theta: the rotation, in degrees.
        tx: the shift along the row axis, in pixels.
        ty: the shift along the column axis, in pixels.
        shear: the shear angle, in degrees.
        zx: the zoom along the row axis (above 1 shows less of the
            image).
        zy: the zoom along the column axis.
        row_axis: the index of the rows axis of `x`.
        col_axis: the index of the columns axis.
        channel_axis: the index of the channels axis.
        fill_mode: how points outside the input are filled:
            `"constant"`, `"nearest"`, `"reflect"` or `"wrap"`.
        cval: the value used with `fill_mode="constant"`.
        order: the spline interpolation order (0 to 5).

    Returns:
        The transformed image, a 3D array.

    Example:

    >>> from keras.src.legacy.preprocessing import image
    >>> x = np.random.uniform(size=(3, 8, 8))
    >>> image.apply_affine_transform(x, theta=45).shape
    (3, 8, 8)
    """
    x = _check_image("apply_affine_transform", x)
    matrices = []
    if theta:
        angle = np.deg2rad(theta)
        matrices.append(np.array([
            [np.cos(angle), -np.sin(angle), 0],
            [np.sin(angle), np.cos(angle), 0],
            [0, 0, 1],
        ]))
    if tx or ty:
        matrices.append(np.array([[1, 0, tx], [0, 1, ty], [0, 0, 1]]))
    if shear:
        angle = np.deg2rad(shear)
        matrices.append(np.array([
            [1, -np.sin(angle), 0], [0, np.cos(angle), 0], [0, 0, 1]
        ]))
    if zx != 1 or zy != 1:
        matrices.append(np.array([[zx, 0, 0], [0, zy, 0], [0, 0, 1]]))
    if not matrices:
        return x
    matrix = matrices[0]
    for m in matrices[1:]:
        matrix = matrix @ m
    height, width = x.shape[row_axis], x.shape[col_axis]
    matrix = transform_matrix_offset_center(matrix, height, width)
    # The matrices above are written for (x, y) = (column, row)
    # coordinates; SciPy indexes the array's axes in order, so when the
    # rows axis comes first the two coordinates are swapped: P M P.
    if col_axis > row_axis:
        matrix[:, [0, 1]] = matrix[:, [1, 0]]
        matrix[[0, 1]] = matrix[[1, 0]]
    channels = np.moveaxis(x, channel_axis, 0)
    transformed = [
        _ndimage.affine_transform(
            channel, matrix[:2, :2], matrix[:2, 2], order=order,
            mode=fill_mode, cval=cval,
        )
        for channel in channels
    ]
    return np.moveaxis(np.stack(transformed, axis=0), 0, channel_axis)


def _uniform(function_name, name, bound):
    if bound < 0:
        raise ValueError(
            f"`{function_name}`: `{name}` must not be negative. Received: "
            f"{name}={bound}"
        )
    return np.random.uniform(-bound, bound)


@keras_export(_EXPORT + "random_rotation")
def random_rotation(x, rg, row_axis=1, col_axis=2, channel_axis=0,
                    fill_mode="nearest", cval=0.0, interpolation_order=1):
    """Rotates one image by a random angle in `[-rg, rg]` degrees.

    Args:
        x: a 3D array: one image.
        rg: the largest rotation, in degrees.
        row_axis: the index of the rows axis of `x`.
        col_axis: the index of the columns axis.
        channel_axis: the index of the channels axis.
        fill_mode: `"constant"`, `"nearest"`, `"reflect"` or `"wrap"`.
        cval: the value used with `fill_mode="constant"`.
        interpolation_order: the spline interpolation order.

    Returns:
        The rotated image.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import image
    >>> image.random_rotation(np.ones((3, 4, 4)), 30).shape
    (3, 4, 4)
    """
    theta = _uniform("random_rotation", "rg", rg)
    return apply_affine_transform(
        x, theta=theta, row_axis=row_axis, col_axis=col_axis,
        channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
        order=interpolation_order,
    )


@keras_export(_EXPORT + "random_shift")
def random_shift(x, wrg, hrg, row_axis=1, col_axis=2, channel_axis=0,
                 fill_mode="nearest", cval=0.0, interpolation_order=1):
    """Shifts one image by a random fraction of its height and width.

    Args:
        x: a 3D array: one image.
        wrg: the largest width shift, as a fraction of the width.
        hrg: the largest height shift, as a fraction of the height.
        row_axis: the index of the rows axis of `x`.
        col_axis: the index of the columns axis.
        channel_axis: the index of the channels axis.
        fill_mode: `"constant"`, `"nearest"`, `"reflect"` or `"wrap"`.
        cval: the value used with `fill_mode="constant"`.
        interpolation_order: the spline interpolation order.

    Returns:
        The shifted image.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import image
    >>> image.random_shift(np.ones((3, 4, 4)), 0.2, 0.2).shape
    (3, 4, 4)
    """
    x = _check_image("random_shift", x)
    height, width = x.shape[row_axis], x.shape[col_axis]
    tx = _uniform("random_shift", "hrg", hrg) * height
    ty = _uniform("random_shift", "wrg", wrg) * width
    return apply_affine_transform(
        x, tx=tx, ty=ty, row_axis=row_axis, col_axis=col_axis,
        channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
        order=interpolation_order,
    )


@keras_export(_EXPORT + "random_shear")
def random_shear(x, intensity, row_axis=1, col_axis=2, channel_axis=0,
                 fill_mode="nearest", cval=0.0, interpolation_order=1):
    """Shears one image by a random angle in `[-intensity, intensity]`
    degrees.

    Args:
        x: a 3D array: one image.
        intensity: the largest shear angle, in degrees.
        row_axis: the index of the rows axis of `x`.
        col_axis: the index of the columns axis.
        channel_axis: the index of the channels axis.
        fill_mode: `"constant"`, `"nearest"`, `"reflect"` or `"wrap"`.
        cval: the value used with `fill_mode="constant"`.
        interpolation_order: the spline interpolation order.

    Returns:
        The sheared image.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import image
    >>> image.random_shear(np.ones((3, 4, 4)), 20).shape
    (3, 4, 4)
    """
    shear = _uniform("random_shear", "intensity", intensity)
    return apply_affine_transform(
        x, shear=shear, row_axis=row_axis, col_axis=col_axis,
        channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
        order=interpolation_order,
    )


@keras_export(_EXPORT + "random_zoom")
def random_zoom(x, zoom_range, row_axis=1, col_axis=2, channel_axis=0,
                fill_mode="nearest", cval=0.0, interpolation_order=1):
    """Zooms one image by random factors drawn from `zoom_range`, one per
    axis.

    Args:
        x: a 3D array: one image.
        zoom_range: `(low, high)`: the range of the zoom factors (above 1
            shows less of the image).
        row_axis: the index of the rows axis of `x`.
        col_axis: the index of the columns axis.
        channel_axis: the index of the channels axis.
        fill_mode: `"constant"`, `"nearest"`, `"reflect"` or `"wrap"`.
        cval: the value used with `fill_mode="constant"`.
        interpolation_order: the spline interpolation order.

    Returns:
        The zoomed image.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import image
    >>> image.random_zoom(np.ones((3, 4, 4)), (0.8, 1.2)).shape
    (3, 4, 4)
    """
    if len(zoom_range) != 2:
        raise ValueError(
            "`random_zoom`: `zoom_range` must be a pair of floats. "
            f"Received: zoom_range={zoom_range!r}"
        )
    if zoom_range[0] == 1 and zoom_range[1] == 1:
        zx, zy = 1, 1
    else:
        zx, zy = np.random.uniform(zoom_range[0], zoom_range[1], 2)
    return apply_affine_transform(
        x, zx=zx, zy=zy, row_axis=row_axis, col_axis=col_axis,
        channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
        order=interpolation_order,
    )


@keras_export(_EXPORT + "apply_channel_shift")
def apply_channel_shift(x, intensity, channel_axis=0):
    """Adds `intensity` to every channel, clipped to the image's original
    value range.

    Args:
        x: a 3D array: one image.
        intensity: the value to add.
        channel_axis: the index of the channels axis.

    Returns:
        The shifted image.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import image
    >>> x = np.array([[[0.0, 10.0]]])
    >>> image.apply_channel_shift(x, 5.0).tolist()
    [[[5.0, 10.0]]]
    """
    x = np.asarray(x)
    low, high = np.min(x), np.max(x)
    channels = np.moveaxis(x, channel_axis, 0)
    shifted = np.stack(
        [np.clip(channel + intensity, low, high) for channel in channels]
    )
    return np.moveaxis(shifted, 0, channel_axis)


@keras_export(_EXPORT + "random_channel_shift")
def random_channel_shift(x, intensity_range, channel_axis=0):
    """Adds one random value in `[-intensity_range, intensity_range]` to
    every channel (see `apply_channel_shift`).

    Args:
        x: a 3D array: one image.
        intensity_range: the largest shift.
        channel_axis: the index of the channels axis.

    Returns:
        The shifted image.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import image
    >>> image.random_channel_shift(np.ones((3, 4, 4)), 10.0).shape
    (3, 4, 4)
    """
    intensity = _uniform("random_channel_shift", "intensity_range",
                         intensity_range)
    return apply_channel_shift(x, intensity, channel_axis=channel_axis)


@keras_export(_EXPORT + "apply_brightness_shift")
def apply_brightness_shift(x, brightness, scale=True):
    """Scales the brightness of one channels-last image with Pillow.

    The image is converted to an 8-bit picture (rescaled to `[0, 255]`
    when `scale` is true or its values fall outside that range), its
    brightness multiplied by `brightness`, and converted back. With
    `scale=False`, a rescaled image is mapped back to its original range.

    Args:
        x: a 3D channels-last array (1, 3 or 4 channels).
        brightness: the brightness factor (1 keeps the image).
        scale: whether the result stays in `[0, 255]`.

    Returns:
        The image, a float array.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import image
    >>> x = np.array([0.0, 100.0, 255.0] * 4).reshape(2, 2, 3)
    >>> image.apply_brightness_shift(x, 0.5)[0, 0].tolist()
    [0.0, 50.0, 127.0]
    """
    x = _check_image("apply_brightness_shift", x)
    low, high = float(np.min(x)), float(np.max(x))
    out_of_range = low < 0 or high > 255
    picture = image_utils.array_to_img(
        x, data_format="channels_last", scale=out_of_range or scale
    )
    picture = _image_enhance.Brightness(picture).enhance(brightness)
    result = image_utils.img_to_array(picture, data_format="channels_last")
    if not scale and out_of_range:
        result = result / 255.0 * (high - low) + low
    return result


@keras_export(_EXPORT + "random_brightness")
def random_brightness(x, brightness_range, scale=True):
    """Scales the brightness of one image by a random factor drawn from
    `brightness_range` (see `apply_brightness_shift`).

    Args:
        x: a 3D channels-last array.
        brightness_range: `(low, high)`: the range of the factor.
        scale: whether the result stays in `[0, 255]`.

    Returns:
        The image, a float array.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import image
    >>> x = np.full((2, 2, 3), 100.0)
    >>> image.random_brightness(x, (0.5, 1.5)).shape
    (2, 2, 3)
    """
    if len(brightness_range) != 2:
        raise ValueError(
            "`random_brightness`: `brightness_range` must be a pair of "
            f"floats. Received: brightness_range={brightness_range!r}"
        )
    factor = np.random.uniform(brightness_range[0], brightness_range[1])
    return apply_brightness_shift(x, factor, scale)


def flip_axis(x, axis):
    """Reverses an array along `axis`.

    Args:
        x: an array.
        axis: the axis to reverse.

    Returns:
        The flipped array.

    Example:

    >>> from keras.src.legacy.preprocessing import image
    >>> image.flip_axis(np.array([[1, 2]]), 1).tolist()
    [[2, 1]]
    """
    return np.flip(np.asarray(x), axis=axis)


def validate_filename(filename, white_list_formats):
    """Whether `filename` is an existing file with one of the allowed
    extensions (case-insensitive).

    Args:
        filename: a path.
        white_list_formats: a tuple of extensions without dots, e.g.
            `("png", "jpg")`.

    Returns:
        A boolean.

    Example:

    >>> from keras.src.legacy.preprocessing import image
    >>> image.validate_filename("missing.png", ("png",))
    False
    """
    return filename.lower().endswith(
        tuple("." + f.lower().lstrip(".") for f in white_list_formats)
    ) and os.path.isfile(filename)
