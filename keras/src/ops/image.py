"""Image ops, exported as `keras.ops.image.<name>`.

Each op validates its arguments, returns a symbolic result for
`KerasTensor` inputs and otherwise calls `backend.image.<name>`, which
takes the same parameters (preprocessing layers call it directly).
"""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes
from keras.src.backend.common.dtypes import dtype_of
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops.operation import symbolic_op
from keras.src.ops.shape_rules import shape_of
from keras.src.ops import op_tables
from keras.src.ops.op_class import op_classes_on_demand

_INTERPOLATIONS = ("nearest", "bilinear")
_RESIZE_INTERPOLATIONS = ("bilinear", "nearest", "lanczos3", "lanczos5",
                          "bicubic")
_FILL_MODES = ("constant", "nearest", "wrap", "mirror", "reflect")
_SCALE_METHODS = ("linear", "bilinear", "trilinear", "triangle", "cubic",
                  "bicubic", "tricubic", "lanczos3", "lanczos5")


# ---------------------------------------------------------------- checking


def _check_choice(name, value, choices):
    if value not in choices:
        raise ValueError(
            f"Invalid value for argument `{name}`. Expected one of "
            f"{choices}. Received: {name}={value!r}"
        )


def _check_images(op_name, images, ranks=(3, 4)):
    shape = shape_of(images)
    if len(shape) not in ranks:
        raise ValueError(
            f"`{op_name}`: invalid images rank: expected rank "
            f"{' or '.join(str(r) for r in ranks)}. Received: "
            f"images.shape={shape}"
        )
    return shape


def _layout(shape, data_format):
    """Indices of (height, width, channels) in an image shape."""
    data_format = backend.standardize_data_format(data_format)
    if data_format == "channels_last":
        return len(shape) - 3, len(shape) - 2, len(shape) - 1
    return len(shape) - 2, len(shape) - 1, len(shape) - 3


def _float_dtype(x):
    dtype = dtype_of(x)
    if dtypes.is_float_dtype(dtype):
        return dtypes.standardize_dtype(dtype)
    return backend.floatx()


def _same_spec(images, *args, **kwargs):
    return KerasTensor(shape_of(images), dtype=dtype_of(images))


def _float_spec(images, *args, **kwargs):
    return KerasTensor(shape_of(images), dtype=_float_dtype(images))


def _check_float(op_name, images):
    dtype = dtypes.standardize_dtype(dtype_of(images))
    if not dtypes.is_float_dtype(dtype):
        raise ValueError(
            f"`{op_name}`: invalid images dtype: expected a float dtype. "
            f"Received: images.dtype={dtype}"
        )


# ------------------------------------------------------------------ warps


@keras_export("keras.ops.image.affine_transform")
def affine_transform(images, transform, interpolation="bilinear",
                     fill_mode="constant", fill_value=0, data_format=None):
    """Applies projective transforms to images.

    Each transform is a row of 8 numbers `[a0, a1, a2, b0, b1, b2, c0,
    c1]` mapping an output pixel `(x, y)` to the input point
    `((a0 x + a1 y + a2) / k, (b0 x + b1 y + b2) / k)` with
    `k = c0 x + c1 y + 1`, as in `tf.raw_ops.ImageProjectiveTransformV3`.

    Args:
        images: a 3-D (single image) or 4-D (batch) tensor.
        transform: a `(8,)` or `(batch, 8)` tensor of transforms.
        interpolation: `"nearest"` or `"bilinear"`.
        fill_mode: how points outside the input are filled: `"constant"`
            (with `fill_value`), `"nearest"`, `"wrap"`, `"mirror"` or
            `"reflect"`.
        fill_value: the value of `"constant"` filling.
        data_format: `"channels_last"`, `"channels_first"` or `None` (the
            global `image_data_format()`).

    Returns:
        The transformed images, with the shape and dtype of `images`.

    Example:

    >>> x = np.ones((2, 4, 4, 3))
    >>> shift = np.array([[1, 0, 1, 0, 1, 0, 0, 0]] * 2, "float32")
    >>> keras.ops.image.affine_transform(x, shift).shape
    (2, 4, 4, 3)
    """
    _check_choice("interpolation", interpolation, _INTERPOLATIONS)
    _check_choice("fill_mode", fill_mode, _FILL_MODES)
    shape = _check_images("affine_transform", images)
    t_shape = shape_of(transform)
    if len(t_shape) not in (1, 2) or t_shape[-1] not in (8, None):
        raise ValueError(
            "`affine_transform`: `transform` must have shape (8,) or "
            f"(batch, 8). Received: transform.shape={t_shape}"
        )
    if len(shape) == 3 and len(t_shape) != 1:
        raise ValueError(
            "`affine_transform`: a single image needs a transform of shape "
            f"(8,). Received: images.shape={shape}, "
            f"transform.shape={t_shape}"
        )
    args = (images, transform, interpolation, fill_mode, fill_value,
            data_format)
    if any_symbolic_tensors((images, transform)):
        return symbolic_op(affine_transform, _same_spec, *args)
    return backend.image.affine_transform(*args)


@keras_export("keras.ops.image.perspective_transform")
def perspective_transform(images, start_points, end_points,
                          interpolation="bilinear", fill_value=0,
                          data_format=None):
    """Warps images so that four `start_points` move to `end_points`.

    Args:
        images: a 3-D (single image) or 4-D (batch) tensor.
        start_points: `(4, 2)` or `(batch, 4, 2)` `(x, y)` points in the
            input image.
        end_points: the points where they land in the output, same shape.
        interpolation: `"nearest"` or `"bilinear"`.
        fill_value: the value of pixels mapped from outside the input.
        data_format: `"channels_last"`, `"channels_first"` or `None`.

    Returns:
        The warped images, with the shape and dtype of `images`.

    Example:

    >>> x = np.ones((4, 4, 1))
    >>> p = np.array([[0, 0], [3, 0], [0, 3], [3, 3]], "float32")
    >>> keras.ops.image.perspective_transform(x, p, p + 0.5).shape
    (4, 4, 1)
    """
    _check_choice("interpolation", interpolation, _INTERPOLATIONS)
    shape = _check_images("perspective_transform", images)
    for name, points in (("start_points", start_points),
                         ("end_points", end_points)):
        p_shape = shape_of(points)
        if len(p_shape) != len(shape) - 1 or tuple(p_shape[-2:]) != (4, 2):
            raise ValueError(
                f"`perspective_transform`: `{name}` must have shape "
                f"{'(batch, 4, 2)' if len(shape) == 4 else '(4, 2)'}. "
                f"Received: {name}.shape={p_shape}"
            )
    args = (images, start_points, end_points, interpolation, fill_value,
            data_format)
    if any_symbolic_tensors((images, start_points, end_points)):
        return symbolic_op(perspective_transform, _same_spec, *args)
    return backend.image.perspective_transform(*args)


@keras_export("keras.ops.image.elastic_transform")
def elastic_transform(images, alpha=20.0, sigma=5.0, interpolation="bilinear",
                      fill_mode="reflect", fill_value=0.0, seed=None,
                      data_format=None):
    """Displaces pixels along a smoothed random field.

    Two fields of standard normal noise (rows and columns) are blurred
    with a Gaussian of standard deviation `sigma`, scaled by `alpha` and
    added to the pixel coordinates, which are then sampled.

    Args:
        images: a 3-D (single image) or 4-D (batch) tensor.
        alpha: the scale of the displacement, in pixels.
        sigma: the standard deviation of the smoothing Gaussian.
        interpolation: `"nearest"` or `"bilinear"`.
        fill_mode: `"constant"`, `"nearest"`, `"wrap"`, `"mirror"` or
            `"reflect"`.
        fill_value: the value of `"constant"` filling.
        seed: an int or a `keras.random.SeedGenerator`.
        data_format: `"channels_last"`, `"channels_first"` or `None`.

    Returns:
        The displaced images, with the shape and dtype of `images`.

    Example:

    >>> x = np.ones((2, 8, 8, 3))
    >>> keras.ops.image.elastic_transform(x, seed=1).shape
    (2, 8, 8, 3)
    """
    _check_choice("interpolation", interpolation, _INTERPOLATIONS)
    _check_choice("fill_mode", fill_mode, _FILL_MODES)
    _check_images("elastic_transform", images)
    args = (images, alpha, sigma, interpolation, fill_mode, fill_value,
            seed, data_format)
    if any_symbolic_tensors((images,)):
        return symbolic_op(elastic_transform, _same_spec, *args)
    return backend.image.elastic_transform(*args)


def _map_coordinates_spec(inputs, coordinates, order, fill_mode="constant",
                          fill_value=0):
    return KerasTensor(shape_of(coordinates)[1:], dtype=dtype_of(inputs))


@keras_export("keras.ops.image.map_coordinates")
def map_coordinates(inputs, coordinates, order, fill_mode="constant",
                    fill_value=0):
    """Samples `inputs` at the given coordinates.

    Args:
        inputs: an N-D tensor.
        coordinates: a tensor of shape `(N,) + output_shape`: for each
            output point, its (fractional) index along each axis.
        order: 0 (nearest, rounding halves to even) or 1 (linear).
        fill_mode: how indices outside `inputs` are mapped: `"constant"`
            (use `fill_value`), `"nearest"`, `"wrap"`, `"mirror"` or
            `"reflect"`.
        fill_value: the value of `"constant"` filling.

    Returns:
        A tensor of shape `output_shape` and the dtype of `inputs`.

    Example:

    >>> x = np.arange(12.0).reshape((3, 4))
    >>> c = np.array([[0.5, 1.0], [1.0, 2.5]])
    >>> keras.ops.convert_to_numpy(keras.ops.image.map_coordinates(x, c, 1))
    array([3. , 6.5])
    """
    _check_choice("order", order, (0, 1))
    _check_choice("fill_mode", fill_mode, _FILL_MODES)
    in_shape, c_shape = shape_of(inputs), shape_of(coordinates)
    if not c_shape or c_shape[0] != len(in_shape):
        raise ValueError(
            "`map_coordinates`: the first dimension of `coordinates` must "
            f"be the rank of `inputs`, {len(in_shape)}. Received: "
            f"inputs.shape={in_shape}, coordinates.shape={c_shape}"
        )
    args = (inputs, coordinates, order, fill_mode, fill_value)
    if any_symbolic_tensors((inputs, coordinates)):
        return symbolic_op(map_coordinates, _map_coordinates_spec, *args)
    return backend.image.map_coordinates(*args)


# ---------------------------------------------------------------- resizing


def _resize_spec(images, size, *args, data_format=None, **kwargs):
    shape = list(shape_of(images))
    h, w, _ = _layout(shape, data_format)
    shape[h], shape[w] = size
    return KerasTensor(tuple(shape), dtype=dtype_of(images))


@keras_export("keras.ops.image.resize")
def resize(images, size, interpolation="bilinear", antialias=False,
           crop_to_aspect_ratio=False, pad_to_aspect_ratio=False,
           fill_mode="constant", fill_value=0.0, data_format=None):
    """Resizes images to `size`.

    Pixel centres are at half-integer positions (like `jax.image.resize`
    and TF2's `tf.image.resize`). Integer images are rounded back to their
    dtype.

    Args:
        images: a 3-D (single image) or 4-D (batch) tensor.
        size: `(height, width)` of the output.
        interpolation: `"bilinear"`, `"nearest"`, `"bicubic"` (Keys,
            a = -0.5), `"lanczos3"` or `"lanczos5"`.
        antialias: whether to widen the kernel when downsampling.
        crop_to_aspect_ratio: crop the largest centred box with the
            target aspect ratio before resizing.
        pad_to_aspect_ratio: pad (centred, with `fill_value`) to the
            target aspect ratio before resizing.
        fill_mode: only `"constant"` is supported.
        fill_value: the padding value of `pad_to_aspect_ratio`.
        data_format: `"channels_last"`, `"channels_first"` or `None`.

    Returns:
        The resized images, with the dtype of `images`.

    Example:

    >>> x = np.ones((2, 4, 6, 3))
    >>> keras.ops.image.resize(x, (2, 3)).shape
    (2, 2, 3, 3)
    """
    _check_choice("interpolation", interpolation, _RESIZE_INTERPOLATIONS)
    if fill_mode != "constant":
        raise ValueError(
            "Invalid value for argument `fill_mode`. Only 'constant' is "
            f"supported. Received: fill_mode={fill_mode!r}"
        )
    if crop_to_aspect_ratio and pad_to_aspect_ratio:
        raise ValueError(
            "Only one of `crop_to_aspect_ratio` and `pad_to_aspect_ratio` "
            f"can be True. Received: crop_to_aspect_ratio="
            f"{crop_to_aspect_ratio}, pad_to_aspect_ratio="
            f"{pad_to_aspect_ratio}"
        )
    if len(size) != 2 or any(int(s) < 1 for s in size):
        raise ValueError(
            "`size` must be a tuple of 2 positive integers (height, "
            f"width). Received: size={size}"
        )
    _check_images("resize", images)
    size = tuple(int(s) for s in size)
    args = (images, size, interpolation, antialias, crop_to_aspect_ratio,
            pad_to_aspect_ratio, fill_mode, fill_value)
    if any_symbolic_tensors((images,)):
        return symbolic_op(resize, _resize_spec, *args,
                           data_format=data_format)
    return backend.image.resize(*args, data_format=data_format)


def _scale_spec(images, output_shape, *args, **kwargs):
    return KerasTensor(tuple(output_shape), dtype=_float_dtype(images))


@keras_export("keras.ops.image.scale_and_translate")
def scale_and_translate(images, output_shape, scale, translation,
                        spatial_dims, method, antialias=True):
    """Resamples `images` with a scale and a translation per axis.

    Output index `o` along `spatial_dims[i]` samples the input around
    `(o + 0.5 - translation[i]) / scale[i] - 0.5`, like
    `jax.image.scale_and_translate`.

    Args:
        images: a tensor.
        output_shape: the shape of the result (same rank as `images`).
        scale: a 1-D tensor, one factor per spatial dimension.
        translation: a 1-D tensor, one offset per spatial dimension.
        spatial_dims: the axes to resample.
        method: `"linear"` (or `"bilinear"`, `"trilinear"`,
            `"triangle"`), `"cubic"` (or `"bicubic"`, `"tricubic"`),
            `"lanczos3"` or `"lanczos5"`.
        antialias: whether to widen the kernel when downsampling.

    Returns:
        A float tensor of shape `output_shape`.

    Example:

    >>> x = np.ones((1, 4, 4, 1), "float32")
    >>> s, t = np.array([2.0, 2.0]), np.array([0.0, 0.0])
    >>> keras.ops.image.scale_and_translate(
    ...     x, (1, 8, 8, 1), s, t, (1, 2), "linear").shape
    (1, 8, 8, 1)
    """
    _check_choice("method", method, _SCALE_METHODS)
    shape = shape_of(images)
    if len(output_shape) != len(shape):
        raise ValueError(
            "`scale_and_translate`: `output_shape` must have the rank of "
            f"`images`. Received: images.shape={shape}, "
            f"output_shape={output_shape}"
        )
    args = (images, tuple(output_shape), scale, translation,
            tuple(spatial_dims), method, antialias)
    if any_symbolic_tensors((images, scale, translation)):
        return symbolic_op(scale_and_translate, _scale_spec, *args)
    return backend.image.scale_and_translate(*args)


# ------------------------------------------------------------------ colour


def _channels_spec(channels, dtype_fn):
    def spec(images, data_format=None):
        shape = list(shape_of(images))
        shape[_layout(shape, data_format)[2]] = channels
        return KerasTensor(tuple(shape), dtype=dtype_fn(images))

    return spec


def _check_rgb(op_name, images, data_format):
    shape = _check_images(op_name, images)
    channels = shape[_layout(shape, data_format)[2]]
    if channels not in (3, None):
        raise ValueError(
            f"`{op_name}`: images must have 3 channels. Received: "
            f"images.shape={shape}, data_format={data_format}"
        )


@keras_export("keras.ops.image.rgb_to_grayscale")
def rgb_to_grayscale(images, data_format=None):
    """Converts RGB images to grayscale (luma weights .2989, .587, .114).

    Args:
        images: a 3-D or 4-D tensor with 3 channels.
        data_format: `"channels_last"`, `"channels_first"` or `None`.

    Returns:
        The images with 1 channel and the input dtype (integer images
        are truncated).

    Example:

    >>> x = np.ones((2, 4, 4, 3))
    >>> keras.ops.image.rgb_to_grayscale(x).shape
    (2, 4, 4, 1)
    """
    _check_rgb("rgb_to_grayscale", images, data_format)
    if any_symbolic_tensors((images,)):
        spec = _channels_spec(1, dtype_of)
        return symbolic_op(rgb_to_grayscale, spec, images, data_format)
    return backend.image.rgb_to_grayscale(images, data_format)


@keras_export("keras.ops.image.rgb_to_hsv")
def rgb_to_hsv(images, data_format=None):
    """Converts RGB images (floats in [0, 1]) to HSV.

    Hue is in [0, 1); gray pixels have hue and saturation 0.

    Args:
        images: a 3-D or 4-D float tensor with 3 channels.
        data_format: `"channels_last"`, `"channels_first"` or `None`.

    Returns:
        The HSV images, with the shape and dtype of `images`.

    Example:

    >>> x = np.array([[[1.0, 0.0, 0.0]]], "float32")
    >>> keras.ops.convert_to_numpy(keras.ops.image.rgb_to_hsv(x)).tolist()
    [[[0.0, 1.0, 1.0]]]
    """
    _check_rgb("rgb_to_hsv", images, data_format)
    _check_float("rgb_to_hsv", images)
    if any_symbolic_tensors((images,)):
        return symbolic_op(rgb_to_hsv, _same_spec, images, data_format)
    return backend.image.rgb_to_hsv(images, data_format)


@keras_export("keras.ops.image.hsv_to_rgb")
def hsv_to_rgb(images, data_format=None):
    """Converts HSV images (floats in [0, 1]) to RGB.

    Args:
        images: a 3-D or 4-D float tensor with 3 channels.
        data_format: `"channels_last"`, `"channels_first"` or `None`.

    Returns:
        The RGB images, with the shape and dtype of `images`.

    Example:

    >>> x = np.array([[[0.0, 1.0, 1.0]]], "float32")
    >>> keras.ops.convert_to_numpy(keras.ops.image.hsv_to_rgb(x)).tolist()
    [[[1.0, 0.0, 0.0]]]
    """
    _check_rgb("hsv_to_rgb", images, data_format)
    _check_float("hsv_to_rgb", images)
    if any_symbolic_tensors((images,)):
        return symbolic_op(hsv_to_rgb, _same_spec, images, data_format)
    return backend.image.hsv_to_rgb(images, data_format)


# ---------------------------------------------------------------- filtering


def _pair(name, value, cast):
    if isinstance(value, (int, float)):
        value = (value, value)
    value = tuple(cast(v) for v in value)
    if len(value) != 2 or any(v <= 0 for v in value):
        raise ValueError(
            f"`{name}` must be a positive number or a tuple of 2 positive "
            f"numbers. Received: {name}={value}"
        )
    return value


@keras_export("keras.ops.image.gaussian_blur")
def gaussian_blur(images, kernel_size=(3, 3), sigma=(1.0, 1.0),
                  data_format=None):
    """Blurs images with a Gaussian kernel.

    The kernel is separable, normalized, and applied with zero padding so
    that the output has the size of the input.

    Args:
        images: a 3-D or 4-D tensor.
        kernel_size: `(height, width)` of the kernel.
        sigma: `(sigma_y, sigma_x)`, standard deviations along the height
            and the width.
        data_format: `"channels_last"`, `"channels_first"` or `None`.

    Returns:
        The blurred images, float (integer input gives `floatx()`).

    Example:

    >>> x = np.ones((2, 5, 5, 3))
    >>> keras.ops.image.gaussian_blur(x, (3, 3), (1.0, 1.0)).shape
    (2, 5, 5, 3)
    """
    kernel_size = _pair("kernel_size", kernel_size, int)
    sigma = _pair("sigma", sigma, float)
    _check_images("gaussian_blur", images)
    if any_symbolic_tensors((images,)):
        return symbolic_op(gaussian_blur, _float_spec, images, kernel_size,
                           sigma, data_format)
    return backend.image.gaussian_blur(images, kernel_size, sigma,
                                       data_format)


def _sobel_spec(images, data_format=None):
    return KerasTensor(shape_of(images) + (2,), dtype=_float_dtype(images))


@keras_export("keras.ops.image.sobel_edges")
def sobel_edges(images, data_format=None):
    """Sobel gradients of images, zero padded.

    Args:
        images: a 3-D or 4-D tensor.
        data_format: `"channels_last"`, `"channels_first"` or `None`.

    Returns:
        A float tensor of shape `images.shape + (2,)`: the vertical
        (`[..., 0]`) and horizontal (`[..., 1]`) gradients.

    Example:

    >>> x = np.ones((2, 4, 4, 3))
    >>> keras.ops.image.sobel_edges(x).shape
    (2, 4, 4, 3, 2)
    """
    _check_images("sobel_edges", images)
    if any_symbolic_tensors((images,)):
        return symbolic_op(sobel_edges, _sobel_spec, images, data_format)
    return backend.image.sobel_edges(images, data_format)


def _ssim_spec(image1, image2, *args, **kwargs):
    shape = shape_of(image1)
    return KerasTensor(shape[:1] if len(shape) == 4 else (),
                       dtype=_float_dtype(image1))


@keras_export("keras.ops.image.ssim")
def ssim(image1, image2, max_val=1.0, filter_size=11, filter_sigma=1.5,
         k1=0.01, k2=0.03, data_format=None):
    """Structural similarity index between two images or batches.

    Local means, variances and covariance come from a Gaussian window
    (no padding); the index is averaged over pixels and channels.

    Args:
        image1: a 3-D or 4-D tensor.
        image2: a tensor of the same shape.
        max_val: the dynamic range of the pixel values.
        filter_size: the size of the Gaussian window.
        filter_sigma: its standard deviation.
        k1: the luminance stabilizer, `c1 = (k1 * max_val) ** 2`.
        k2: the contrast stabilizer, `c2 = (k2 * max_val) ** 2`.
        data_format: `"channels_last"`, `"channels_first"` or `None`.

    Returns:
        One value per image: shape `(batch,)`, or a scalar.

    Example:

    >>> x = np.ones((2, 16, 16, 3), "float32")
    >>> keras.ops.image.ssim(x, x).shape
    (2,)
    """
    s1 = _check_images("ssim", image1)
    s2 = _check_images("ssim", image2)
    if len(s1) != len(s2) or any(
        a is not None and b is not None and a != b for a, b in zip(s1, s2)
    ):
        raise ValueError(
            "`ssim`: `image1` and `image2` must have the same shape. "
            f"Received: image1.shape={s1}, image2.shape={s2}"
        )
    h, w, _ = _layout(s1, data_format)
    for dim in (s1[h], s1[w]):
        if dim is not None and dim < filter_size:
            raise ValueError(
                "`ssim`: the images must be at least `filter_size` pixels "
                f"high and wide. Received: image1.shape={s1}, "
                f"filter_size={filter_size}"
            )
    args = (image1, image2, max_val, filter_size, filter_sigma, k1, k2,
            data_format)
    if any_symbolic_tensors((image1, image2)):
        return symbolic_op(ssim, _ssim_spec, *args)
    return backend.image.ssim(*args)


# --------------------------------------------------------------- crop, pad


def _box(op_name, size, values, names, grow):
    """Checks one axis of a crop or pad; returns the output size.

    `values` are (start, end, target): exactly two must be given.
    """
    start, end, target = values
    given = [v for v in values if v is not None]
    received = ", ".join(f"{n}={v}" for n, v in zip(names, values))
    if len(given) != 2:
        raise ValueError(
            f"`{op_name}`: give exactly two of `{names[0]}`, `{names[1]}` "
            f"and `{names[2]}`. Received: {received}"
        )
    if min(given) < 0:
        raise ValueError(
            f"`{op_name}`: the values must be non-negative. Received: "
            f"{received}"
        )
    if target is None:
        if size is None:
            return None
        return size + start + end if grow else size - start - end
    if size is not None:
        rest = target - size if grow else size - target
        if rest - (start if start is not None else end) < 0:
            raise ValueError(
                f"`{op_name}`: the box does not fit the image size {size}. "
                f"Received: {received}"
            )
    return target


_CROP_NAMES = (("top_cropping", "bottom_cropping", "target_height"),
               ("left_cropping", "right_cropping", "target_width"))
_PAD_NAMES = (("top_padding", "bottom_padding", "target_height"),
              ("left_padding", "right_padding", "target_width"))


def _crop_pad_spec(op_name, grow):
    names = _PAD_NAMES if grow else _CROP_NAMES

    def spec(images, top=None, left=None, bottom=None, right=None,
             target_height=None, target_width=None, data_format=None):
        shape = list(shape_of(images))
        h, w, _ = _layout(shape, data_format)
        shape[h] = _box(op_name, shape[h], (top, bottom, target_height),
                        names[0], grow)
        shape[w] = _box(op_name, shape[w], (left, right, target_width),
                        names[1], grow)
        return KerasTensor(tuple(shape), dtype=dtype_of(images))

    return spec


def _crop_pad(op, op_name, grow, args, data_format):
    images = args[0]
    shape = _check_images(op_name, images)
    h, w, _ = _layout(shape, data_format)
    spec = _crop_pad_spec(op_name, grow)
    out = spec(*args, data_format=data_format)
    if not grow and shape[h] is None and args[5] is None:
        raise ValueError(
            f"`{op_name}`: when the height of the images is unknown, "
            f"`target_height` must be given. Received: images.shape={shape}"
        )
    if not grow and shape[w] is None and args[6] is None:
        raise ValueError(
            f"`{op_name}`: when the width of the images is unknown, "
            f"`target_width` must be given. Received: images.shape={shape}"
        )
    if any(d is not None and d <= 0 for d in (out.shape[h], out.shape[w])):
        raise ValueError(
            f"`{op_name}`: the result would be empty. Received: "
            f"images.shape={shape}, arguments={args[1:]}"
        )
    if any_symbolic_tensors((images,)):
        return symbolic_op(op, spec, *args, data_format=data_format)
    fn = getattr(backend.image, op_name)
    return fn(*args, data_format=data_format)


@keras_export("keras.ops.image.crop_images")
def crop_images(images, top_cropping=None, left_cropping=None,
                bottom_cropping=None, right_cropping=None,
                target_height=None, target_width=None, data_format=None):
    """Crops images to a box.

    Along each axis give exactly two of the start offset
    (`top_cropping`, `left_cropping`), the amount cut from the end
    (`bottom_cropping`, `right_cropping`) and the size kept
    (`target_height`, `target_width`).

    Args:
        images: a 3-D or 4-D tensor.
        top_cropping: rows cut from the top.
        left_cropping: columns cut from the left.
        bottom_cropping: rows cut from the bottom.
        right_cropping: columns cut from the right.
        target_height: height of the result.
        target_width: width of the result.
        data_format: `"channels_last"`, `"channels_first"` or `None`.

    Returns:
        The cropped images, with the dtype of `images`.

    Example:

    >>> x = np.ones((2, 6, 6, 3))
    >>> keras.ops.image.crop_images(x, 1, 2, target_height=3,
    ...                             target_width=2).shape
    (2, 3, 2, 3)
    """
    args = (images, top_cropping, left_cropping, bottom_cropping,
            right_cropping, target_height, target_width)
    return _crop_pad(crop_images, "crop_images", False, args, data_format)


@keras_export("keras.ops.image.pad_images")
def pad_images(images, top_padding=None, left_padding=None,
               bottom_padding=None, right_padding=None, target_height=None,
               target_width=None, data_format=None):
    """Pads images with zeros.

    Along each axis give exactly two of the padding before
    (`top_padding`, `left_padding`), the padding after
    (`bottom_padding`, `right_padding`) and the size of the result
    (`target_height`, `target_width`).

    Args:
        images: a 3-D or 4-D tensor.
        top_padding: rows added above.
        left_padding: columns added on the left.
        bottom_padding: rows added below.
        right_padding: columns added on the right.
        target_height: height of the result.
        target_width: width of the result.
        data_format: `"channels_last"`, `"channels_first"` or `None`.

    Returns:
        The padded images, with the dtype of `images`.

    Example:

    >>> x = np.ones((2, 4, 4, 3))
    >>> keras.ops.image.pad_images(x, 1, 2, target_height=6,
    ...                            target_width=8).shape
    (2, 6, 8, 3)
    """
    args = (images, top_padding, left_padding, bottom_padding,
            right_padding, target_height, target_width)
    return _crop_pad(pad_images, "pad_images", True, args, data_format)


# ----------------------------------------------------------------- patches


def _tuple(name, value, rank):
    if isinstance(value, int):
        value = (value,) * rank
    value = tuple(int(v) for v in value)
    if len(value) != rank or any(v < 1 for v in value):
        raise ValueError(
            f"`{name}` must be a positive int or a tuple of {rank} positive "
            f"ints. Received: {name}={value}"
        )
    return value


def _patches_spec(rank):
    def spec(images, size, strides=None, dilation_rate=1, padding="valid",
             data_format=None):
        shape = list(shape_of(images))
        fmt = backend.standardize_data_format(data_format)
        first = len(shape) - rank - (0 if fmt == "channels_first" else 1)
        c_axis = first - 1 if fmt == "channels_first" else len(shape) - 1
        for i in range(rank):
            n = shape[first + i]
            span = (size[i] - 1) * dilation_rate[i] + 1
            if n is not None:
                n = (-(-n // strides[i]) if padding == "same" else
                     (n - span) // strides[i] + 1)
            shape[first + i] = n
        c = shape[c_axis]
        k = 1
        for s in size:
            k *= s
        shape[c_axis] = None if c is None else c * k
        return KerasTensor(tuple(shape), dtype=dtype_of(images))

    return spec


def _patches(op, op_name, rank, images, size, strides, dilation_rate,
             padding, data_format):
    _check_images(op_name, images, (rank + 1, rank + 2))
    size = _tuple("size", size, rank)
    strides = size if strides is None else _tuple("strides", strides, rank)
    dilation_rate = _tuple("dilation_rate", dilation_rate, rank)
    padding = str(padding).lower()
    _check_choice("padding", padding, ("valid", "same"))
    args = (images, size, strides, dilation_rate, padding, data_format)
    if any_symbolic_tensors((images,)):
        return symbolic_op(op, _patches_spec(rank), *args)
    return getattr(backend.image, op_name)(*args)


@keras_export("keras.ops.image.extract_patches")
def extract_patches(images, size, strides=None, dilation_rate=1,
                    padding="valid", data_format=None):
    """Extracts 2-D patches from images, like `tf.image.extract_patches`.

    Args:
        images: a 3-D or 4-D tensor.
        size: patch `(height, width)`, or one int for square patches.
        strides: step between patches; defaults to `size`.
        dilation_rate: spacing of the patch's sampled pixels.
        padding: `"valid"` or `"same"` (zero padding, TF style).
        data_format: `"channels_last"`, `"channels_first"` or `None`.

    Returns:
        The patches, flattened in (row, column, channel) order on the
        channels axis.

    Example:

    >>> x = np.ones((2, 6, 6, 3))
    >>> keras.ops.image.extract_patches(x, 2).shape
    (2, 3, 3, 12)
    """
    return _patches(extract_patches, "extract_patches", 2, images, size,
                    strides, dilation_rate, padding, data_format)


@keras_export("keras.ops.image.extract_patches_3d")
def extract_patches_3d(volumes, size, strides=None, dilation_rate=1,
                       padding="valid", data_format=None):
    """Extracts 3-D patches from volumes.

    Args:
        volumes: a 4-D `(d, h, w, c)` or 5-D batched tensor.
        size: patch `(depth, height, width)`, or one int.
        strides: step between patches; defaults to `size`.
        dilation_rate: spacing of the patch's sampled voxels.
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"`, `"channels_first"` or `None`.

    Returns:
        The patches, flattened in (depth, row, column, channel) order on
        the channels axis.

    Example:

    >>> x = np.ones((1, 4, 4, 4, 2))
    >>> keras.ops.image.extract_patches_3d(x, 2).shape
    (1, 2, 2, 2, 16)
    """
    return _patches(extract_patches_3d, "extract_patches_3d", 3, volumes,
                    size, strides, dilation_rate, padding, data_format)


# The op classes (`Resize`, ...): what symbolic calls record, at Keras's
# paths. Made from the op functions above; see `op_class.py`.
__getattr__ = op_classes_on_demand(__name__, globals(), op_tables.IMAGE)
