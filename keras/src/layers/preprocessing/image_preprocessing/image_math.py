"""Pixel arithmetic shared by the color and mixing image layers.

Every function takes `b`, the layer's `DynamicBackend`, first, so that
the same code runs with the active backend or with TensorFlow inside a
`tf.data` pipeline. Axes are negative so that batched (rank 4) and
unbatched (rank 3) images work alike.
"""

_GRAY_WEIGHTS = (0.2989, 0.587, 0.114)


def image_axes(data_format):
    """`(height_axis, width_axis, channels_axis)` for `data_format`."""
    if data_format == "channels_first":
        return -2, -1, -3
    return -3, -2, -1


def rescale(b, images, source, target):
    """Maps `images` linearly from the range `source` to `target`."""
    source = tuple(float(v) for v in source)
    target = tuple(float(v) for v in target)
    if source == target:
        return images
    scale = (target[1] - target[0]) / (source[1] - source[0])
    images = b.numpy.subtract(images, source[0])
    return b.numpy.add(b.numpy.multiply(images, scale), target[0])


def clip(b, images, value_range):
    """Clips `images` to `value_range`."""
    return b.numpy.clip(images, float(value_range[0]), float(value_range[1]))


def blend(b, start, end, factor):
    """`start + factor * (end - start)`."""
    delta = b.numpy.subtract(end, start)
    return b.numpy.add(start, b.numpy.multiply(factor, delta))


def split_channels(b, images, channels_axis):
    """The three channels of RGB `images`, each with its axis kept."""
    return [
        b.numpy.take(images, [i], axis=channels_axis) for i in range(3)
    ]


def grayscale(b, images, channels_axis):
    """The luma of RGB `images`, with a channels axis of size 1."""
    red, green, blue = split_channels(b, images, channels_axis)
    total = b.numpy.multiply(red, _GRAY_WEIGHTS[0])
    total = b.numpy.add(total, b.numpy.multiply(green, _GRAY_WEIGHTS[1]))
    return b.numpy.add(total, b.numpy.multiply(blue, _GRAY_WEIGHTS[2]))


def rgb_to_hsv(b, images, channels_axis):
    """Hue, saturation, value (each in [0, 1]) of RGB `images` in [0, 1].

    Returns:
        A list of three tensors with their channels axis kept.
    """
    np_ = b.numpy
    red, green, blue = split_channels(b, images, channels_axis)
    value = np_.maximum(np_.maximum(red, green), blue)
    low = np_.minimum(np_.minimum(red, green), blue)
    delta = np_.subtract(value, low)
    # Gray pixels have no hue; a unit divisor keeps the gradient finite.
    safe_delta = np_.where(delta > 0, delta, np_.ones_like(delta))
    safe_value = np_.where(value > 0, value, np_.ones_like(value))
    saturation = np_.where(value > 0, delta / safe_value, 0.0)
    hue_red = (green - blue) / safe_delta
    hue_green = 2.0 + (blue - red) / safe_delta
    hue_blue = 4.0 + (red - green) / safe_delta
    hue = np_.where(
        value == red, hue_red, np_.where(value == green, hue_green, hue_blue)
    )
    hue = np_.where(delta > 0, np_.mod(hue / 6.0, 1.0), 0.0)
    return [hue, saturation, value]


def hsv_to_rgb(b, hue, saturation, value, channels_axis):
    """RGB images in [0, 1] from hue, saturation and value in [0, 1]."""
    np_ = b.numpy
    sixths = np_.multiply(np_.mod(hue, 1.0), 6.0)
    red = np_.clip(np_.abs(sixths - 3.0) - 1.0, 0.0, 1.0)
    green = np_.clip(2.0 - np_.abs(sixths - 2.0), 0.0, 1.0)
    blue = np_.clip(2.0 - np_.abs(sixths - 4.0), 0.0, 1.0)
    channels = [
        ((c - 1.0) * saturation + 1.0) * value for c in (red, green, blue)
    ]
    return np_.concatenate(channels, axis=channels_axis)


def _window(padded, start, trim, axis):
    """`padded` without `start` leading and `trim` trailing entries along
    the negative `axis` (plain slicing works on every backend's tensors)."""
    stop = -trim if trim else None
    index = (Ellipsis, slice(start, stop)) + (slice(None),) * (-axis - 1)
    return padded[index]


def _pad(b, images, before, after, axis):
    widths = [[0, 0] for _ in range(len(images.shape))]
    widths[axis] = [before, after]
    return b.numpy.pad(images, widths)


def filter_1d(b, images, taps, axis):
    """Correlates `images` with `taps` along `axis`, zero padded ("same").

    Args:
        b: the backend handle.
        images: the images.
        taps: a list of weights, Python numbers or tensors that broadcast
            against `images` (per-image taps).
        axis: a negative axis of `images`.

    Returns:
        A tensor of the shape of `images`.
    """
    size = len(taps)
    before = (size - 1) // 2
    padded = _pad(b, images, before, size - 1 - before, axis)
    total = None
    for offset, tap in enumerate(taps):
        window = _window(padded, offset, size - 1 - offset, axis)
        term = b.numpy.multiply(window, tap)
        total = term if total is None else b.numpy.add(total, term)
    return total


def filter_2d(b, images, kernel, height_axis, width_axis):
    """Correlates `images` with a small 2D `kernel` (nested lists of
    numbers), zero padded to the same size."""
    rows = len(kernel)
    padded = _pad(b, images, (rows - 1) // 2, rows // 2, height_axis)
    total = None
    for offset, row in enumerate(kernel):
        window = _window(padded, offset, rows - 1 - offset, height_axis)
        term = filter_1d(b, window, list(row), width_axis)
        total = term if total is None else b.numpy.add(total, term)
    return total


def check_value_range(layer, value_range, as_list):
    """Validates `value_range` (a pair of numbers) for `layer`.

    Returns:
        The sorted pair as a list when `as_list`, else `value_range` as
        given (so that `get_config` shows what Keras shows).
    """
    ok = isinstance(value_range, (tuple, list)) and len(value_range) == 2
    if ok:
        ok = all(
            isinstance(v, (int, float)) and not isinstance(v, bool)
            for v in value_range
        )
    if not ok:
        raise ValueError(
            f"{type(layer).__name__}: the `value_range` argument should be "
            "a list of two numbers. Received: "
            f"value_range={value_range!r}"
        )
    return sorted(value_range) if as_list else value_range


def batch_size(b, images):
    """The batch size of rank-4 `images` (static when known)."""
    static = images.shape[0]
    return static if static is not None else b.core.shape(images)[0]


def per_image(b, values):
    """Reshapes a `(batch,)` tensor to broadcast against rank-4 images."""
    return b.numpy.reshape(values, (-1, 1, 1, 1))


def check_factor_sign(layer, factor):
    """Rejects a negative number `factor` where the layer's factors are
    non-negative (the base class would take its absolute value)."""
    low_bound, high_bound = layer._FACTOR_BOUNDS
    number = isinstance(factor, (int, float)) and not isinstance(
        factor, bool
    )
    if number and low_bound >= 0 and factor < 0:
        raise ValueError(
            f"{type(layer).__name__}: the `factor` argument should be a "
            "number (or a list of two numbers) in the range "
            f"[{low_bound}, {high_bound}]. Received: factor={factor!r}"
        )
