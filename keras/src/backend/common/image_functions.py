"""Image functions shared by the NumPy, JAX, TensorFlow and torch backends.

Each backend module builds one `ImageFunctions` from its array adapter, a
small object with NumPy-named array functions, and exports its methods.
Images are handled internally as batched channels-last float arrays; every
function converts its input to that layout and back. Sampling at fractional
coordinates gathers the neighbouring pixels through a flat index, and
resizing multiplies by per-axis weight matrices, so each function is a few
array expressions that every backend can run, trace or compile.
"""

import importlib

import numpy as np

from keras.src.backend.common import dtypes
from keras.src.backend.config import floatx
from keras.src.backend.config import standardize_data_format

RESIZE_INTERPOLATIONS = ("bilinear", "nearest", "lanczos3", "lanczos5",
                         "bicubic")
FILL_MODES = ("constant", "nearest", "wrap", "mirror", "reflect")
_SCALE_METHODS = {
    "linear": "linear", "bilinear": "linear", "trilinear": "linear",
    "triangle": "linear", "cubic": "cubic", "bicubic": "cubic",
    "tricubic": "cubic", "lanczos3": "lanczos3", "lanczos5": "lanczos5",
}
_GRAY_WEIGHTS = (0.2989, 0.5870, 0.1140)

# Keras's per-backend tables of accepted arguments. The image math is
# shared, so every backend accepts the same values.
AFFINE_TRANSFORM_INTERPOLATIONS = {"nearest": 0, "bilinear": 1}
AFFINE_TRANSFORM_FILL_MODES = set(FILL_MODES)
MAP_COORDINATES_FILL_MODES = set(FILL_MODES)
SCALE_AND_TRANSLATE_METHODS = set(_SCALE_METHODS)
# Interpolations some backend cannot resize with: none here.
UNSUPPORTED_INTERPOLATIONS = ()


class ArrayOps:
    """Base of the backends' adapters: the dtype-name helpers.

    torch overrides them with versions that `torch.compile` can trace.
    """

    @staticmethod
    def dtype_name(dtype):
        return dtypes.standardize_dtype(dtype)

    @staticmethod
    def is_float(name):
        return dtypes.is_float_dtype(name)

    @staticmethod
    def is_int(name):
        return dtypes.is_int_dtype(name)


# ---------------------------------------------------------------- pure helpers


def _prod(values):
    out = 1
    for v in values:
        out = out * v
    return out


def _mul(a, b):
    if a is None:
        return b
    return a if b is None else a * b


def _and(a, b):
    if a is None:
        return b
    return a if b is None else a & b


def _aspect_box(height, width, target_h, target_w, grow):
    """Height and width of the centred box with the target aspect ratio."""
    box_h = int(float(width * target_h) / target_w)
    box_w = int(float(height * target_w) / target_h)
    if grow:
        return max(height, box_h), max(width, box_w)
    return max(min(height, box_h), 1), max(min(width, box_w), 1)


def _span(size, start, end, target, grow):
    """(before, after) margins of one axis from any two of `start`, `end`
    and `target` (a third given one must agree); missing margins are 0."""
    if start is None and end is not None and target is not None:
        start = target - end - size if grow else size - end - target
    start = start or 0
    if target is not None:
        end = target - start - size if grow else size - start - target
    return start, end or 0


def _tuple(value, n):
    if isinstance(value, int):
        return (value,) * n
    return tuple(int(v) for v in value)


def _offsets(size):
    """All index tuples of a window of `size`, in row-major order."""
    combos = [()]
    for k in size:
        combos = [c + (i,) for c in combos for i in range(k)]
    return combos


def _patch_geometry(spatial, size, strides, dilation_rate, padding):
    """Output sizes and (before, after) paddings of a patch extraction."""
    outs, pads = [], []
    for n, k, s, d in zip(spatial, size, strides, dilation_rate):
        span = (k - 1) * d + 1
        if padding == "same":
            out = -(-n // s)
            total = max((out - 1) * s + span - n, 0)
            pads.append((total // 2, total - total // 2))
        else:
            out = (n - span) // s + 1
            pads.append((0, 0))
        outs.append(out)
    return outs, pads


# The functions each backend's `image` module exports.
PUBLIC_FUNCTIONS = (
    "affine_transform", "map_coordinates", "resize", "scale_and_translate",
    "rgb_to_grayscale", "rgb_to_hsv", "hsv_to_rgb", "gaussian_blur",
    "sobel_edges", "ssim", "crop_images", "pad_images",
    "perspective_transform", "extract_patches", "extract_patches_3d",
    "elastic_transform",
)


class ImageFunctions:
    """The image functions, on the array adapter `xp` of backend `backend`.

    Example, in a backend's `image.py`:

    ```python
    _image = ImageFunctions(_NumpyOps(), "numpy")
    globals().update(_image.public_functions())
    ```
    """

    def __init__(self, xp, backend):
        self.xp = xp
        self._backend = backend

    def public_functions(self):
        """`{name: function}` for every name in `PUBLIC_FUNCTIONS`."""
        return {name: getattr(self, name) for name in PUBLIC_FUNCTIONS}

    def _random(self):
        # Imported on first use: the backend's package may still be loading
        # when its image functions are built.
        return importlib.import_module(f"keras.src.backend.{self._backend}"
                                       ".random")

    # ------------------------------------------------------------------- layout

    def _compute_dtype(self, dtype):
        dtype = self.xp.dtype_name(dtype)
        return dtype if self.xp.is_float(dtype) else "float32"

    def _float_out(self, dtype):
        dtype = self.xp.dtype_name(dtype)
        return dtype if self.xp.is_float(dtype) else floatx()

    def _to_nhwc(self, images, data_format, compute=True):
        """Returns `(x, ctx)`: `x` batched channels-last, `ctx` to undo it."""
        xp = self.xp
        data_format = standardize_data_format(data_format)
        x = xp.asarray(images)
        if x.ndim not in (3, 4):
            raise ValueError(
                "Invalid images rank: expected rank 3 (single image) or rank 4 "
                f"(batch of images). Received: images.shape={x.shape}"
            )
        ctx = (x.ndim == 3, data_format, xp.dtype_name(x.dtype))
        if x.ndim == 3:
            x = x[None]
        if data_format == "channels_first":
            x = xp.transpose(x, (0, 2, 3, 1))
        if compute:
            x = xp.astype(x, self._compute_dtype(x.dtype))
        return x, ctx

    def _from_nhwc(self, x, ctx, dtype=None):
        xp = self.xp
        unbatched, data_format, in_dtype = ctx
        x = self._cast_back(x, dtype or in_dtype)
        if data_format == "channels_first":
            x = xp.transpose(x, (0, 3, 1, 2))
        return x[0] if unbatched else x

    def _cast_back(self, x, dtype):
        xp = self.xp
        if xp.is_int(dtype) or dtype == "bool":
            info = np.iinfo(dtype) if dtype != "bool" else None
            x = xp.round(x)
            if info is not None:
                x = xp.clip(x, info.min, info.max)
        return xp.astype(x, dtype)

    # ----------------------------------------------------------------- sampling

    def _nodes(self, coord, order):
        """Integer neighbours of `coord` and their interpolation weights."""
        xp = self.xp
        if order == 0:
            return [(xp.astype(xp.round(coord), "int32"), None)]
        low = xp.floor(coord)
        frac = coord - low
        low = xp.astype(low, "int32")
        return [(low, 1 - frac), (low + 1, frac)]

    def _fix_index(self, index, size, fill_mode):
        """Maps out-of-range indices into `[0, size)`; returns
        `(index, valid)`."""
        xp = self.xp
        if fill_mode == "wrap":
            return xp.mod(index, size), None
        if fill_mode == "mirror":
            period = xp.maximum(2 * size - 2, 1)
            index = xp.mod(index, period)
            return xp.where(index >= size, period - index, index), None
        if fill_mode == "reflect":
            index = xp.mod(index, 2 * size)
            return xp.where(index >= size, 2 * size - 1 - index, index), None
        clipped = xp.clip(index, 0, size - 1)
        if fill_mode == "nearest":
            return clipped, None
        return clipped, (index >= 0) & (index < size)

    def _gather_nd(self, flat, shape, coords, order, fill_mode, fill_value):
        """Samples `flat` (the rows of an array of `shape` + trailing) at
        `coords`, one float array per axis of `shape`."""
        xp = self.xp
        out = 0.0
        combos = [([], None, None)]
        for axis, coord in enumerate(coords):
            size, stride = shape[axis], _prod(shape[axis + 1:])
            new = []
            for index, weight, valid in combos:
                for node, node_w in self._nodes(coord, order):
                    fixed, ok = self._fix_index(node, size, fill_mode)
                    term = fixed * stride
                    new.append((index + [term], _mul(weight, node_w),
                                _and(valid, ok)))
            combos = new
        for index, weight, valid in combos:
            values = xp.take(flat, sum(index), axis=0)
            extra = values.ndim - xp.ndim(index[0])
            if valid is not None:
                shape = tuple(xp.shape(valid)) + (1,) * extra
                mask = xp.reshape(valid, shape)
                values = xp.where(mask, values, fill_value)
            if weight is not None:
                shape = tuple(xp.shape(weight)) + (1,) * extra
                values = values * xp.reshape(weight, shape)
            out = out + values
        return out

    def _sample_images(self, x, ys, xs, order, fill_mode, fill_value):
        """Samples batched NHWC `x` at float pixel coordinates `(ys, xs)`."""
        xp = self.xp
        b, h, w, c = xp.shape(x)
        batch = xp.reshape(xp.arange(b, dtype=x.dtype),
                           (b,) + (1,) * (ys.ndim - 1))
        ys = xp.broadcast_to(xp.astype(ys, x.dtype),
                             (b,) + tuple(xp.shape(ys)[1:]))
        xs = xp.broadcast_to(xp.astype(xs, x.dtype),
                             (b,) + tuple(xp.shape(xs)[1:]))
        batch = xp.broadcast_to(batch, xp.shape(ys))
        flat = xp.reshape(x, (b * h * w, c))
        return self._gather_nd(flat, (b, h, w), (batch, ys, xs), order,
                               fill_mode, fill_value)

    def _projective_coords(self, transform, h, w, dtype):
        xp = self.xp
        t = xp.asarray(transform, dtype)
        if t.ndim == 1:
            t = t[None]
        t = t[:, :, None, None]
        yy, xx = xp.meshgrid(xp.arange(h, dtype=dtype),
                             xp.arange(w, dtype=dtype), indexing="ij")
        k = t[:, 6] * xx + t[:, 7] * yy + 1
        xs = (t[:, 0] * xx + t[:, 1] * yy + t[:, 2]) / k
        ys = (t[:, 3] * xx + t[:, 4] * yy + t[:, 5]) / k
        return ys, xs

    def affine_transform(self, images, transform, interpolation="bilinear",
                         fill_mode="constant", fill_value=0, data_format=None):
        """Applies projective transforms (rows of 8 numbers) to images."""
        xp = self.xp
        x, ctx = self._to_nhwc(images, data_format)
        order = 0 if interpolation == "nearest" else 1
        h, w = xp.shape(x)[1:3]
        ys, xs = self._projective_coords(transform, h, w, x.dtype)
        out = self._sample_images(x, ys, xs, order, fill_mode, fill_value)
        return self._from_nhwc(out, ctx)

    def map_coordinates(self, inputs, coordinates, order,
                        fill_mode="constant", fill_value=0):
        """Samples `inputs` at `coordinates` with spline interpolation."""
        xp = self.xp
        x = xp.asarray(inputs)
        in_dtype = xp.dtype_name(x.dtype)
        x = xp.astype(x, self._compute_dtype(in_dtype))
        coords = [xp.asarray(c, x.dtype) for c in coordinates]
        flat = xp.reshape(x, (-1,))
        out = self._gather_nd(flat, x.shape, coords, order, fill_mode,
                              fill_value)
        return self._cast_back(xp.astype(out, x.dtype), in_dtype)

    # ----------------------------------------------------------------- resizing

    def _kernel(self, method, d):
        xp = self.xp
        if method == "linear":
            return xp.maximum(0.0, 1 - d)
        if method == "cubic":
            a = -0.5
            near = ((a + 2) * d - (a + 3)) * d * d + 1
            far = ((a * d - 5 * a) * d + 8 * a) * d - 4 * a
            return xp.where(d < 1, near, xp.where(d < 2, far, 0.0))
        radius = 3 if method == "lanczos3" else 5
        safe = xp.where(d == 0, 1.0, d)
        value = radius * xp.sin(np.pi * safe) * xp.sin(np.pi * safe / radius)
        value = value / (np.pi * np.pi * safe * safe)
        return xp.where(d == 0, 1.0, xp.where(d < radius, value, 0.0))

    def _weights(self, in_size, out_size, scale, translation, method,
                 antialias, dtype):
        """The `(out_size, in_size)` matrix of a 1-D resampling."""
        xp = self.xp
        inv = 1.0 / xp.asarray(scale, dtype)
        shift = xp.asarray(translation, dtype)
        centers = (xp.arange(out_size, dtype=dtype) + 0.5) * inv
        centers = centers - shift * inv - 0.5
        width = xp.maximum(inv, 1.0) if antialias else 1.0
        d = xp.abs(centers[:, None] - xp.arange(in_size, dtype=dtype)) / width
        w = xp.astype(self._kernel(method, d), dtype)
        total = xp.sum(w, axis=1, keepdims=True)
        norm = xp.where(total != 0, total, 1.0)
        tiny = 1000 * np.finfo("float32").eps
        w = xp.where(xp.abs(total) > tiny, w / norm, 0)
        inside = (centers >= -0.5) & (centers <= in_size - 0.5)
        return xp.where(inside[:, None], w, 0.0)

    def _apply_weights(self, x, axis, weights):
        xp = self.xp
        x = xp.moveaxis(x, axis, -1)
        x = xp.matmul(x, xp.transpose(weights, (1, 0)))
        return xp.moveaxis(x, -1, axis)

    def _resize_nearest(self, x, size):
        xp = self.xp
        for axis, out_size in zip((1, 2), size):
            in_size = x.shape[axis]
            index = xp.arange(out_size, dtype="float32") + 0.5
            index = xp.floor(index * (in_size / out_size))
            index = xp.clip(xp.astype(index, "int32"), 0, in_size - 1)
            x = xp.take(x, index, axis=axis)
        return x

    def resize(self, images, size, interpolation="bilinear", antialias=False,
               crop_to_aspect_ratio=False, pad_to_aspect_ratio=False,
               fill_mode="constant", fill_value=0.0, data_format=None):
        """Resizes images to `size` = (height, width)."""
        xp = self.xp
        x, ctx = self._to_nhwc(images, data_format)
        target_h, target_w = size
        h, w = x.shape[1], x.shape[2]
        if crop_to_aspect_ratio:
            box_h, box_w = _aspect_box(h, w, target_h, target_w, False)
            top, left = (h - box_h) // 2, (w - box_w) // 2
            x = x[:, top:top + box_h, left:left + box_w]
        elif pad_to_aspect_ratio:
            box_h, box_w = _aspect_box(h, w, target_h, target_w, True)
            top, left = (box_h - h) // 2, (box_w - w) // 2
            pads = ((0, 0), (top, box_h - h - top), (left, box_w - w - left),
                    (0, 0))
            x = xp.pad(x, pads, constant_values=fill_value)
        if interpolation == "nearest":
            return self._from_nhwc(self._resize_nearest(x, size), ctx)
        method = _SCALE_METHODS[interpolation]
        for axis, out_size in zip((1, 2), size):
            in_size = x.shape[axis]
            wts = self._weights(in_size, out_size, out_size / in_size, 0.0,
                                method, antialias, x.dtype)
            x = self._apply_weights(x, axis, wts)
        return self._from_nhwc(x, ctx)

    def scale_and_translate(self, images, output_shape, scale, translation,
                            spatial_dims, method, antialias=True):
        """Resamples `images` along `spatial_dims` with a scale and shift."""
        xp = self.xp
        x = xp.asarray(images)
        in_dtype = xp.dtype_name(x.dtype)
        x = xp.astype(x, self._compute_dtype(in_dtype))
        scale = xp.asarray(scale, x.dtype)
        translation = xp.asarray(translation, x.dtype)
        method = _SCALE_METHODS[method]
        for i, axis in enumerate(spatial_dims):
            wts = self._weights(x.shape[axis], output_shape[axis], scale[i],
                                translation[i], method, antialias, x.dtype)
            x = self._apply_weights(x, axis, wts)
        return self._cast_back(x, in_dtype)

    # ------------------------------------------------------------------- colour

    def rgb_to_grayscale(self, images, data_format=None):
        """Converts RGB images to one-channel luminance."""
        xp = self.xp
        x, ctx = self._to_nhwc(images, data_format)
        weights = xp.asarray(_GRAY_WEIGHTS, x.dtype)
        out = xp.sum(x * weights, axis=-1, keepdims=True)
        # Integer images are truncated, not rounded, like a plain cast.
        return self._from_nhwc(xp.astype(out, ctx[2]), ctx)

    def rgb_to_hsv(self, images, data_format=None):
        """Converts RGB images in [0, 1] to HSV."""
        xp = self.xp
        x, ctx = self._to_nhwc(images, data_format)
        r, g, b = x[..., 0], x[..., 1], x[..., 2]
        value = xp.max(x, axis=-1)
        spread = value - xp.min(x, axis=-1)
        safe_v = xp.where(value > 0, value, 1.0)
        sat = xp.where(value > 0, spread / safe_v, 0.0)
        safe_s = xp.where(spread > 0, spread, 1.0)
        hue = xp.where(value == r, (g - b) / safe_s,
                       xp.where(value == g, (b - r) / safe_s + 2,
                                (r - g) / safe_s + 4))
        hue = xp.where(spread > 0, xp.mod(hue / 6.0, 1.0), 0.0)
        out = xp.stack([hue, sat, value], axis=-1)
        return self._from_nhwc(out, ctx)

    def hsv_to_rgb(self, images, data_format=None):
        """Converts HSV images to RGB."""
        xp = self.xp
        x, ctx = self._to_nhwc(images, data_format)
        hue, sat, value = x[..., 0], x[..., 1], x[..., 2]
        h6 = xp.mod(hue, 1.0) * 6.0
        red = xp.clip(xp.abs(h6 - 3.0) - 1.0, 0.0, 1.0)
        green = xp.clip(2.0 - xp.abs(h6 - 2.0), 0.0, 1.0)
        blue = xp.clip(2.0 - xp.abs(h6 - 4.0), 0.0, 1.0)
        rgb = xp.stack([red, green, blue], axis=-1)
        sat, value = sat[..., None], value[..., None]
        out = ((1.0 - sat) + sat * rgb) * value
        return self._from_nhwc(out, ctx)

    # ---------------------------------------------------------------- filtering

    def _gaussian_1d(self, size, sigma, dtype):
        xp = self.xp
        offsets = xp.arange(size, dtype=dtype) - (size - 1) / 2.0
        kernel = xp.exp(-(offsets**2) / (2.0 * xp.asarray(sigma, dtype) ** 2))
        return kernel / xp.sum(kernel)

    def _correlate(self, x, axis, kernel, pad_mode):
        """1-D correlation of `x` along `axis` with a length-k `kernel`.

        `pad_mode` is "same" (zeros) or "valid" (no padding).
        """
        xp = self.xp
        size = kernel.shape[0]
        if pad_mode != "valid":
            before = (size - 1) // 2
            pads = [(0, 0)] * x.ndim
            pads[axis] = (before, size - 1 - before)
            x = xp.pad(x, pads)
        length = xp.shape(x)[axis] - size + 1
        out = 0.0
        for i in range(size):
            index = [slice(None)] * x.ndim
            index[axis] = slice(i, i + length)
            out = out + x[tuple(index)] * kernel[i]
        return out

    def gaussian_blur(self, images, kernel_size=(3, 3), sigma=(1.0, 1.0),
                      data_format=None):
        """Blurs images with a Gaussian kernel (zero padding, same size)."""
        x, ctx = self._to_nhwc(images, data_format)
        for axis, size, s in zip((1, 2), kernel_size, sigma):
            kernel = self._gaussian_1d(size, s, x.dtype)
            x = self._correlate(x, axis, kernel, "same")
        return self._from_nhwc(x, ctx, self._float_out(ctx[2]))

    def sobel_edges(self, images, data_format=None):
        """Sobel gradients `(dy, dx)` stacked on a new last axis."""
        xp = self.xp
        x, ctx = self._to_nhwc(images, data_format)
        smooth = xp.asarray([1.0, 2.0, 1.0], x.dtype)
        diff = xp.asarray([-1.0, 0.0, 1.0], x.dtype)
        dy = self._correlate(self._correlate(x, 1, diff, "same"), 2, smooth,
                             "same")
        dx = self._correlate(self._correlate(x, 1, smooth, "same"), 2, diff,
                             "same")
        out = xp.stack([dy, dx], axis=-1)
        unbatched, data_format, in_dtype = ctx
        if data_format == "channels_first":
            out = xp.transpose(out, (0, 3, 1, 2, 4))
        out = xp.astype(out, self._float_out(in_dtype))
        return out[0] if unbatched else out

    def ssim(self, image1, image2, max_val=1.0, filter_size=11,
             filter_sigma=1.5, k1=0.01, k2=0.03, data_format=None):
        """Structural similarity of two batches of images, one per image."""
        xp = self.xp
        x, ctx = self._to_nhwc(image1, data_format)
        y, _ = self._to_nhwc(image2, data_format)
        kernel = self._gaussian_1d(filter_size, filter_sigma, x.dtype)

        def blur(z):
            z = self._correlate(z, 1, kernel, "valid")
            return self._correlate(z, 2, kernel, "valid")

        c1 = (k1 * max_val) ** 2
        c2 = (k2 * max_val) ** 2
        mu_x, mu_y = blur(x), blur(y)
        var_x = blur(x * x) - mu_x**2
        var_y = blur(y * y) - mu_y**2
        cov = blur(x * y) - mu_x * mu_y
        lum = (2 * mu_x * mu_y + c1) / (mu_x**2 + mu_y**2 + c1)
        cs = (2 * cov + c2) / (var_x + var_y + c2)
        out = xp.mean(lum * cs, axis=(1, 2, 3))
        return out[0] if ctx[0] else out

    # ---------------------------------------------------------- crop, pad, warp

    def crop_images(self, images, top_cropping=None, left_cropping=None,
                    bottom_cropping=None, right_cropping=None,
                    target_height=None, target_width=None, data_format=None):
        """Crops images to a box (any two of offset, margin, target size)."""
        xp = self.xp
        x, ctx = self._to_nhwc(images, data_format, compute=False)
        h, w = xp.shape(x)[1:3]
        top, bottom = _span(h, top_cropping, bottom_cropping, target_height,
                            False)
        left, right = _span(w, left_cropping, right_cropping, target_width,
                            False)
        out = x[:, top:h - bottom, left:w - right]
        return self._from_nhwc(out, ctx)

    def pad_images(self, images, top_padding=None, left_padding=None,
                   bottom_padding=None, right_padding=None, target_height=None,
                   target_width=None, data_format=None):
        """Pads images with zeros (any two of offset, margin, target size)."""
        xp = self.xp
        x, ctx = self._to_nhwc(images, data_format, compute=False)
        h, w = xp.shape(x)[1:3]
        top, bottom = _span(h, top_padding, bottom_padding, target_height,
                            True)
        left, right = _span(w, left_padding, right_padding, target_width,
                            True)
        out = xp.pad(x, ((0, 0), (top, bottom), (left, right), (0, 0)))
        return self._from_nhwc(out, ctx)

    def _solve_perspective(self, start_points, end_points, dtype):
        """The 8 coefficients mapping output pixels to input pixels."""
        xp = self.xp
        src = xp.asarray(end_points, "float32")
        dst = xp.asarray(start_points, "float32")
        rows = []
        for i in range(4):
            x, y = src[:, i, 0], src[:, i, 1]
            u, v = dst[:, i, 0], dst[:, i, 1]
            zero, one = xp.zeros_like(x), xp.ones_like(x)
            rows.append(xp.stack(
                [x, y, one, zero, zero, zero, -u * x, -u * y], -1))
            rows.append(xp.stack(
                [zero, zero, zero, x, y, one, -v * x, -v * y], -1))
        matrix = xp.stack(rows, axis=1)
        rhs = xp.stack([dst[:, i // 2, i % 2] for i in range(8)], axis=-1)
        return xp.astype(xp.solve(matrix, rhs[..., None])[..., 0], dtype)

    def compute_homography_matrix(self, start_points, end_points):
        """The 8 projective coefficients `(a0, ..., b2)` that
        `perspective_transform` uses: for an output pixel `(x, y)` the
        input pixel is `((a0 x + a1 y + a2) / k, (b0 x + b1 y + b2) / k)`
        with `k = c0 x + c1 y + 1`. Points are `(batch, 4, 2)` or `(4, 2)`
        as `(x, y)`; the result is `(batch, 8)`."""
        xp = self.xp
        start = xp.asarray(start_points)
        end = xp.asarray(end_points)
        if len(xp.shape(start)) == 2:
            start, end = start[None], end[None]
        name = xp.dtype_name(start.dtype)
        dtype = name if xp.is_float(name) else floatx()
        return self._solve_perspective(start, end, dtype)

    def perspective_transform(self, images, start_points, end_points,
                              interpolation="bilinear", fill_value=0,
                              data_format=None):
        """Warps images so that `start_points` land on `end_points`."""
        xp = self.xp
        x, ctx = self._to_nhwc(images, data_format)
        start = xp.asarray(start_points)
        end = xp.asarray(end_points)
        if start.ndim == 2:
            start, end = start[None], end[None]
        transform = self._solve_perspective(start, end, x.dtype)
        h, w = xp.shape(x)[1:3]
        ys, xs = self._projective_coords(transform, h, w, x.dtype)
        order = 0 if interpolation == "nearest" else 1
        out = self._sample_images(x, ys, xs, order, "constant", fill_value)
        return self._from_nhwc(out, ctx)

    # ------------------------------------------------------------------ patches

    def _patches(self, x, size, strides, dilation_rate, padding):
        """Patches of channels-last `x`; the last axis holds (k..., C)."""
        xp = self.xp
        rank = len(size)
        strides = size if strides is None else _tuple(strides, rank)
        dilation_rate = _tuple(dilation_rate, rank)
        spatial = x.shape[1:-1]
        outs, pads = _patch_geometry(spatial, size, strides, dilation_rate,
                                     padding.lower())
        x = xp.pad(x, [(0, 0)] + pads + [(0, 0)])
        parts = []
        for offset in _offsets(size):
            index = (slice(None),)
            for o, n, s, d in zip(offset, outs, strides, dilation_rate):
                index += (slice(o * d, o * d + (n - 1) * s + 1, s),)
            parts.append(x[index])
        out = xp.stack(parts, axis=-2)
        # `xp.shape`: the batch size may be unknown while tracing, so the
        # last size is spelled out where the channels are known.
        k, channels = out.shape[-2:]
        last = -1 if channels is None else k * channels
        return xp.reshape(out, tuple(xp.shape(out)[:-2]) + (last,))

    def _patch_op(self, images, size, strides, dilation_rate, padding,
                  data_format, rank):
        xp = self.xp
        data_format = standardize_data_format(data_format)
        x = xp.asarray(images)
        unbatched = x.ndim == rank + 1
        if unbatched:
            x = x[None]
        if data_format == "channels_first":
            x = xp.moveaxis(x, 1, -1)
        out = self._patches(x, _tuple(size, rank), strides, dilation_rate,
                            padding)
        if data_format == "channels_first":
            out = xp.moveaxis(out, -1, 1)
        return out[0] if unbatched else out

    def extract_patches(self, images, size, strides=None, dilation_rate=1,
                        padding="valid", data_format=None):
        """Extracts 2-D patches, flattened in (row, column, channel) order."""
        return self._patch_op(images, size, strides, dilation_rate, padding,
                              data_format, 2)

    def extract_patches_3d(self, volumes, size, strides=None, dilation_rate=1,
                           padding="valid", data_format=None):
        """Extracts 3-D patches, flattened in (d, h, w, channel) order."""
        return self._patch_op(volumes, size, strides, dilation_rate, padding,
                              data_format, 3)

    # ------------------------------------------------------------------ elastic

    def elastic_transform(self, images, alpha=20.0, sigma=5.0,
                          interpolation="bilinear", fill_mode="reflect",
                          fill_value=0.0, seed=None, data_format=None):
        """Displaces pixels by a smoothed random field scaled by `alpha`."""
        xp = self.xp
        random = self._random()
        x, ctx = self._to_nhwc(images, data_format)
        b, h, w, _ = xp.shape(x)
        noise = random.normal((2, b, h, w), dtype=x.dtype, seed=seed)
        order = 0 if interpolation == "nearest" else 1
        out = self._displace(x, noise, alpha, sigma, order, fill_mode,
                             fill_value)
        return self._from_nhwc(out, ctx)

    def _displace(self, x, noise, alpha, sigma, order, fill_mode, fill_value):
        """Samples NHWC `x` at its pixel grid plus `alpha` times the
        Gaussian-smoothed `noise` (row and column displacements)."""
        xp = self.xp
        h, w = xp.shape(x)[1:3]
        size = 2 * int(np.ceil(3 * sigma)) + 1
        kernel = self._gaussian_1d(size, sigma, x.dtype)
        noise = self._correlate(noise, 2, kernel, "same")
        noise = self._correlate(noise, 3, kernel, "same")
        yy, xx = xp.meshgrid(xp.arange(h, dtype=x.dtype),
                             xp.arange(w, dtype=x.dtype), indexing="ij")
        ys = yy + alpha * noise[0]
        xs = xx + alpha * noise[1]
        return self._sample_images(x, ys, xs, order, fill_mode, fill_value)
