"""Converting between image files, PIL images and arrays.

Pillow is optional: it is imported through `module_utils.pil_image` the
first time a function here needs it, never when `keras` is imported.
`smart_resize` needs no Pillow; it resizes NumPy arrays with the NumPy
backend, TensorFlow tensors inside `tf.data` with TensorFlow, and backend
tensors with the active backend.
"""

import io
import os
import pathlib

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.utils import backend_utils
from keras.src.utils.module_utils import pil_image

# Keras's interpolation names -> the name of PIL's resampling filter.
_PIL_FILTERS = {
    "nearest": "NEAREST",
    "bilinear": "BILINEAR",
    "bicubic": "BICUBIC",
    "hamming": "HAMMING",
    "box": "BOX",
    "lanczos": "LANCZOS",
}
_COLOR_MODES = {"grayscale": "L", "rgb": "RGB", "rgba": "RGBA"}


def _pil_filter(interpolation):
    if interpolation not in _PIL_FILTERS:
        raise ValueError(
            f"Invalid interpolation method {interpolation!r} specified. "
            f"Supported methods are {', '.join(_PIL_FILTERS)}."
        )
    return getattr(pil_image.Resampling, _PIL_FILTERS[interpolation])


@keras_export(
    ["keras.utils.array_to_img", "keras.preprocessing.image.array_to_img"]
)
def array_to_img(x, data_format=None, scale=True, dtype=None):
    """Converts a 3D array to a PIL image.

    Args:
        x: an array (or tensor) of shape `(height, width, channels)`
            (`(channels, height, width)` with `"channels_first"`), with 1,
            3 or 4 channels.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        scale: whether to rescale the values to `[0, 255]` (from their
            minimum and maximum). Without scaling the values are used as
            they are.
        dtype: the dtype the array is read as (default:
            `keras.config.floatx()`).

    Returns:
        A PIL image: mode `"RGB"`, `"RGBA"`, `"L"` (one channel), or `"I"`
        (one channel holding values above 255 after scaling).

    Example:

    >>> x = np.random.uniform(size=(8, 6, 3))
    >>> img = keras.utils.array_to_img(x)
    >>> img.size
    (6, 8)
    """
    data_format = backend.standardize_data_format(data_format)
    dtype = dtype or backend.floatx()
    x = np.asarray(backend.convert_to_numpy(x), dtype=dtype)
    if x.ndim != 3:
        raise ValueError(
            "array_to_img() expects an image array of rank 3 "
            "(a single image). Received: array of shape "
            f"{x.shape}"
        )
    if data_format == "channels_first":
        x = x.transpose(1, 2, 0)
    if scale:
        x = x - np.min(x)
        top = np.max(x)
        if top != 0:
            x = x / top
        x = x * 255
    channels = x.shape[2]
    if channels == 4:
        return pil_image.fromarray(x.astype("uint8"), "RGBA")
    if channels == 3:
        return pil_image.fromarray(x.astype("uint8"), "RGB")
    if channels == 1:
        if np.max(x) > 255:
            return pil_image.fromarray(x[:, :, 0].astype("int32"), "I")
        return pil_image.fromarray(x[:, :, 0].astype("uint8"), "L")
    raise ValueError(
        "array_to_img() supports 1, 3 or 4 channels. Received an image "
        f"with {channels} channels (shape {x.shape}, after putting "
        "channels last)."
    )


@keras_export(
    ["keras.utils.img_to_array", "keras.preprocessing.image.img_to_array"]
)
def img_to_array(img, data_format=None, dtype=None):
    """Converts a PIL image to a NumPy array.

    Args:
        img: a PIL image (or anything `np.asarray` reads as a 2D or 3D
            array).
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        dtype: the dtype of the result (default: `keras.config.floatx()`).

    Returns:
        A 3D array: `(height, width, channels)` or `(channels, height,
        width)`. Grayscale images get one channel.

    Example:

    >>> img = keras.utils.array_to_img(np.ones((4, 5, 3)))
    >>> keras.utils.img_to_array(img).shape
    (4, 5, 3)
    """
    data_format = backend.standardize_data_format(data_format)
    dtype = dtype or backend.floatx()
    x = np.asarray(img, dtype=dtype)
    if x.ndim == 2:
        axis = 0 if data_format == "channels_first" else -1
        return np.expand_dims(x, axis)
    if x.ndim == 3:
        if data_format == "channels_first":
            x = x.transpose(2, 0, 1)
        return x
    raise ValueError(
        "img_to_array() expects an image of rank 2 or 3. Received an "
        f"image of shape {x.shape}"
    )


@keras_export(["keras.utils.save_img", "keras.preprocessing.image.save_img"])
def save_img(path, x, data_format=None, file_format=None, scale=True,
             **kwargs):
    """Saves an image stored as an array to a file (or file object).

    Args:
        path: a path or a writable file object.
        x: the image array (see `array_to_img`).
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        file_format: the format to write (`"png"`, `"jpeg"`, ...; default:
            from the file name's extension).
        scale: whether to rescale the values to `[0, 255]`.
        **kwargs: passed to `PIL.Image.save()` (e.g. `quality`).

    Returns:
        None.

    Example:

    >>> x = np.random.uniform(size=(8, 8, 3))
    >>> keras.utils.save_img("/tmp/img.png", x)  # doctest: +SKIP
    """
    img = array_to_img(x, data_format=data_format, scale=scale)
    if isinstance(path, (str, os.PathLike)):
        path = os.fspath(path)
    fmt = file_format
    if fmt is None and isinstance(path, str):
        fmt = os.path.splitext(path)[1][1:]
    if img.mode == "RGBA" and str(fmt).lower() in ("jpg", "jpeg"):
        # JPEG has no alpha channel: drop it rather than fail in PIL.
        img = img.convert("RGB")
    img.save(path, format=file_format, **kwargs)


def _center_crop_box(width, height, target_height, target_width):
    """The PIL box `(left, upper, right, lower)` of the largest centered
    window with the target's aspect ratio."""
    top, left, crop_h, crop_w = _crop_window(
        height, width, target_height, target_width
    )
    return (left, top, left + crop_w, top + crop_h)


@keras_export(["keras.utils.load_img", "keras.preprocessing.image.load_img"])
def load_img(path, color_mode="rgb", target_size=None,
             interpolation="nearest", keep_aspect_ratio=False):
    """Loads an image file into a PIL image.

    Args:
        path: a path (`str` or `pathlib.Path`) or an `io.BytesIO`.
        color_mode: `"grayscale"`, `"rgb"` or `"rgba"`.
        target_size: `None` (the file's size) or `(height, width)`.
        interpolation: the resampling used to reach `target_size`:
            `"nearest"`, `"bilinear"`, `"bicubic"`, `"hamming"`, `"box"`
            or `"lanczos"`.
        keep_aspect_ratio: whether to crop the largest centered window
            with the aspect ratio of `target_size` before resizing.

    Returns:
        A PIL image.

    Example:

    >>> img = keras.utils.load_img("/tmp/img.png")  # doctest: +SKIP
    >>> x = keras.utils.img_to_array(img)  # doctest: +SKIP
    """
    if color_mode not in _COLOR_MODES:
        raise ValueError(
            "load_img() expects color_mode to be one of "
            f"{list(_COLOR_MODES)}. Received: color_mode={color_mode!r}"
        )
    if isinstance(path, io.BytesIO):
        img = pil_image.open(path)
    elif isinstance(path, (str, bytes, pathlib.Path, os.PathLike)):
        if isinstance(path, bytes):
            path = path.decode("utf-8")
        with open(os.fspath(path), "rb") as f:
            img = pil_image.open(io.BytesIO(f.read()))
    else:
        raise TypeError(
            "load_img() expects `path` to be a path (str or pathlib.Path) "
            f"or an io.BytesIO. Received: {type(path).__name__}"
        )
    if color_mode == "grayscale":
        # 16- and 32-bit grayscale images keep their depth.
        if img.mode not in ("L", "I;16", "I"):
            img = img.convert("L")
    elif img.mode != _COLOR_MODES[color_mode]:
        img = img.convert(_COLOR_MODES[color_mode])
    if target_size is not None:
        height, width = int(target_size[0]), int(target_size[1])
        if img.size != (width, height):
            resample = _pil_filter(interpolation)
            if keep_aspect_ratio:
                box = _center_crop_box(img.width, img.height, height, width)
                img = img.crop(box)
            img = img.resize((width, height), resample)
    return img


def _is_tf_tensor(x):
    return type(x).__module__.startswith("tensorflow")


def _resize_backend(x):
    """The backend `smart_resize` computes with: NumPy for arrays,
    TensorFlow for `tf.Tensor`s and inside `tf.data`, else the active
    one."""
    dynamic = backend_utils.DynamicBackend()
    if isinstance(x, np.ndarray):
        dynamic.set_backend("numpy")
    elif _is_tf_tensor(x) or backend_utils.in_tf_graph():
        dynamic.set_backend("tensorflow")
    return dynamic


def _crop_window(height, width, target_h, target_w):
    """`(top, left, crop_height, crop_width)` of the largest centered
    window with the aspect ratio `target_h / target_w`."""
    crop_h = min(height, int(width * target_h / target_w))
    crop_w = min(width, int(height * target_w / target_h))
    return (height - crop_h) // 2, (width - crop_w) // 2, crop_h, crop_w


def _tf_center_crop(x, h_axis, w_axis, target_h, target_w):
    """The center crop on a `tf.Tensor` whose height or width is only
    known when the graph runs (images decoded inside `tf.data`)."""
    import tensorflow as tf

    shape = tf.shape(x)
    height = tf.cast(shape[h_axis], "float32")
    width = tf.cast(shape[w_axis], "float32")
    crop_h = tf.cast(
        tf.minimum(height, tf.floor(width * target_h / target_w)), "int32"
    )
    crop_w = tf.cast(
        tf.minimum(width, tf.floor(height * target_w / target_h)), "int32"
    )
    begin = [0] * len(x.shape)
    size = [-1] * len(x.shape)
    begin[h_axis] = (shape[h_axis] - crop_h) // 2
    begin[w_axis] = (shape[w_axis] - crop_w) // 2
    size[h_axis], size[w_axis] = crop_h, crop_w
    return tf.slice(x, tf.stack(begin), tf.stack(size))


def _tf_dynamic_smart_resize(x, h_axis, w_axis, size, interpolation,
                             data_format):
    import tensorflow as tf

    x = _tf_center_crop(x, h_axis, w_axis, size[0], size[1])
    rank = len(x.shape)
    if data_format == "channels_first":
        perm = [0, 2, 3, 1] if rank == 4 else [1, 2, 0]
        x = tf.transpose(x, perm)
    x = tf.image.resize(x, size, method=interpolation)
    if data_format == "channels_first":
        perm = [0, 3, 1, 2] if rank == 4 else [2, 0, 1]
        x = tf.transpose(x, perm)
    return x


@keras_export("keras.preprocessing.image.smart_resize")
def smart_resize(x, size, interpolation="bilinear",
                 data_format="channels_last", **kwargs):
    """Resizes images to `size` without distorting their aspect ratio.

    The largest centered window with the aspect ratio of `size` is cropped
    from each image, then resized to `size`.

    Args:
        x: an image `(height, width, channels)` or a batch `(batch, height,
            width, channels)` (channels first with `"channels_first"`), as
            a NumPy array, a backend tensor or a `tf.Tensor` (also inside
            `tf.data`).
        size: `(height, width)` of the output.
        interpolation: `"bilinear"`, `"nearest"`, `"bicubic"`,
            `"lanczos3"`, `"lanczos5"` or `"area"`.
        data_format: `"channels_last"` or `"channels_first"`.
        **kwargs: `backend_module`, a backend module to compute with
            instead of the one picked from `x`'s type.

    Returns:
        The resized image(s), of the same kind as `x` (a NumPy array for a
        NumPy input).

    Example:

    >>> x = np.random.uniform(size=(6, 4, 3)).astype("float32")
    >>> keras.preprocessing.image.smart_resize(x, (3, 3)).shape
    (3, 3, 3)
    """
    if len(size) != 2:
        raise ValueError(
            "smart_resize() expects `size` to be a tuple of 2 integers "
            f"(height, width). Received: size={size}"
        )
    unknown = set(kwargs) - {"backend_module"}
    if unknown:
        raise TypeError(
            f"smart_resize() got unexpected keyword arguments {unknown}."
        )
    b = kwargs.get("backend_module") or _resize_backend(x)
    rank = len(x.shape)
    if rank not in (3, 4):
        raise ValueError(
            "smart_resize() expects an image of shape (height, width, "
            "channels) or a batch of shape (batch_size, height, width, "
            f"channels). Received an input of shape {tuple(x.shape)}"
        )
    is_numpy = isinstance(x, np.ndarray)
    if is_numpy and not np.issubdtype(x.dtype, np.floating):
        x = x.astype(backend.floatx())
    if data_format == "channels_first":
        h_axis, w_axis = rank - 2, rank - 1
    else:
        h_axis, w_axis = rank - 3, rank - 2
    height, width = x.shape[h_axis], x.shape[w_axis]
    target_h, target_w = int(size[0]), int(size[1])
    if height is None or width is None:
        return _tf_dynamic_smart_resize(
            x, h_axis, w_axis, (target_h, target_w), interpolation,
            data_format,
        )
    top, left, crop_h, crop_w = _crop_window(
        int(height), int(width), target_h, target_w
    )
    index = [slice(None)] * rank
    index[h_axis] = slice(top, top + crop_h)
    index[w_axis] = slice(left, left + crop_w)
    x = x[tuple(index)]
    out = b.image.resize(
        x, (target_h, target_w), interpolation=interpolation,
        data_format=data_format,
    )
    if is_numpy:
        return _numpy_result(np.asarray(out), interpolation)
    return out


def _numpy_result(out, interpolation):
    """A float64 NumPy result in the dtype upstream Keras gives it on the
    active backend: float32 on jax and numpy (their tensors have no 64-bit
    types), float32 on tensorflow except for "nearest" (as
    `tf.image.resize`), float64 on torch."""
    if out.dtype != np.float64:
        return out
    name = backend.backend()
    if name in ("jax", "numpy") or (
        name == "tensorflow" and interpolation != "nearest"
    ):
        return out.astype("float32")
    return out
