"""The `ContrastLimitedAdaptiveHistogramEqualization` layer."""

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)

_BINS = 256


@keras_export("keras.layers.ContrastLimitedAdaptiveHistogramEqualization")
class ContrastLimitedAdaptiveHistogramEqualization(
    BaseImagePreprocessingLayer
):
    """Contrast limited adaptive histogram equalization (CLAHE).

    Each channel of each image is cut into a `tile_grid_size` grid of
    tiles (the image is mirrored at its bottom and right edges to fill
    the last tiles). Each tile equalizes its own histogram of 256 bins
    (values scaled from `value_range` to `[0, 255]`, then floored): bin
    counts above `clip_limit * tile_pixels / 256` are cut and the excess
    spread evenly over all bins, which limits how much contrast noise
    gains; the tile's mapping is its normalized cumulative histogram
    `(cdf - cdf[0]) / (cdf[255] - cdf[0])`. A pixel's new value blends
    the mappings of the four nearest tile centres bilinearly, so tile
    borders do not show. The layer acts in training and inference;
    integer images keep their dtype (values floored).

    Args:
        value_range: the `(low, high)` range of the pixel values.
        clip_limit: the contrast limit, relative to a flat histogram;
            0 turns clipping off (plain adaptive equalization).
        tile_grid_size: `(rows, columns)`, the number of tiles.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: the arguments of `Layer` (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.ContrastLimitedAdaptiveHistogramEqualization(
    ...     tile_grid_size=(2, 2))
    >>> images = np.random.randint(0, 256, (2, 8, 8, 3)).astype("float32")
    >>> tuple(layer(images).shape)
    (2, 8, 8, 3)
    """

    _USE_BASE_FACTOR = False
    _CAST_INTEGER_IMAGES = False

    def __init__(self, value_range=(0, 255), clip_limit=4.0,
                 tile_grid_size=(8, 8), data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.value_range = image_math.check_value_range(
            self, value_range, False
        )
        if isinstance(clip_limit, bool) or not isinstance(
            clip_limit, (int, float)
        ) or clip_limit < 0:
            raise ValueError(
                "ContrastLimitedAdaptiveHistogramEqualization: `clip_limit` "
                "should be a non-negative number. Received: "
                f"clip_limit={clip_limit!r}"
            )
        if not (
            isinstance(tile_grid_size, (tuple, list))
            and len(tile_grid_size) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and v > 0
                    for v in tile_grid_size)
        ):
            raise ValueError(
                "ContrastLimitedAdaptiveHistogramEqualization: "
                "`tile_grid_size` should be a tuple of two positive "
                f"integers. Received: tile_grid_size={tile_grid_size!r}"
            )
        self.clip_limit = clip_limit
        self.tile_grid_size = tuple(tile_grid_size)

    def transform_images(self, images, transformation=None, training=True):
        b = self.backend
        n = b.numpy
        if self.data_format == "channels_first":
            images = n.transpose(images, (0, 2, 3, 1))
        height, width, channels = images.shape[1:]
        if height is None or width is None or channels is None:
            raise ValueError(
                "ContrastLimitedAdaptiveHistogramEqualization needs images "
                "of known height, width and channels. Received: "
                f"images.shape={tuple(images.shape)}"
            )
        unit = image_math.rescale(
            b, b.cast(images, "float32"), self.value_range, (0, _BINS - 1)
        )
        bins = b.cast(n.floor(n.clip(unit, 0.0, _BINS - 1.0)), "int32")
        luts = self._tile_mappings(bins, height, width, channels)
        out = self._interpolate(bins, luts, height, width, channels)
        out = image_math.rescale(b, out, (0, _BINS - 1), self.value_range)
        if self.data_format == "channels_first":
            out = n.transpose(out, (0, 3, 1, 2))
        return b.cast(out, images.dtype)

    def _tiles(self, height, width):
        rows, cols = self.tile_grid_size
        return rows, cols, -(-height // rows), -(-width // cols)

    def _tile_mappings(self, bins, height, width, channels):
        """The mapping of each tile, `(batch * rows * cols * channels,
        256)`, in `[0, 255]`."""
        b = self.backend
        n = b.numpy
        rows, cols, tile_h, tile_w = self._tiles(height, width)
        padded = n.pad(
            bins,
            ((0, 0), (0, rows * tile_h - height), (0, cols * tile_w - width),
             (0, 0)),
            mode="symmetric",
        )
        # (batch, rows, tile_h, cols, tile_w, channels) ->
        # (batch, rows, cols, channels, tile pixels): one histogram a row.
        tiles = n.reshape(padded, (-1, rows, tile_h, cols, tile_w, channels))
        tiles = n.transpose(tiles, (0, 1, 3, 5, 2, 4))
        tiles = n.reshape(tiles, (-1, tile_h * tile_w))
        count = b.core.shape(tiles)[0]
        offsets = n.arange(count, dtype="int32")[:, None] * _BINS
        flat = n.reshape(tiles + offsets, (-1, 1))
        # A scatter-add of ones (not bincount, which torch.compile cannot
        # trace: its output size depends on the data).
        hist = b.core.scatter(
            flat, n.ones_like(flat[:, 0], dtype="float32"),
            (count * _BINS,),
        )
        hist = n.reshape(hist, (-1, _BINS))
        if self.clip_limit > 0:
            limit = float(self.clip_limit) * tile_h * tile_w / _BINS
            excess = n.sum(n.maximum(hist - limit, 0.0), axis=-1,
                           keepdims=True)
            hist = n.minimum(hist, limit) + excess / _BINS
        cdf = n.cumsum(hist, axis=-1)
        low = cdf[:, :1]
        span = cdf[:, -1:] - low
        safe = n.where(span > 0, span, n.ones_like(span))
        return n.where(span > 0, (cdf - low) / safe * (_BINS - 1.0), 0.0)

    def _interpolate(self, bins, luts, height, width, channels):
        """Blends the mappings of the four nearest tile centres of each
        pixel (bilinear weights, clamped at the image borders)."""
        b = self.backend
        n = b.numpy
        rows, cols, tile_h, tile_w = self._tiles(height, width)
        y0, y1, wy = _neighbours(height, tile_h, rows)
        x0, x1, wx = _neighbours(width, tile_w, cols)
        batch = b.core.shape(bins)[0]
        # Flat index of lut[image, row, col, channel, bin].
        image = n.reshape(n.arange(batch, dtype="int32"), (-1, 1, 1, 1))
        channel = n.reshape(n.arange(channels, dtype="int32"),
                            (1, 1, 1, -1))
        flat_luts = n.reshape(luts, (-1,))

        def lookup(row, col):
            row = n.reshape(b.convert_to_tensor(row), (1, -1, 1, 1))
            col = n.reshape(b.convert_to_tensor(col), (1, 1, -1, 1))
            tile = ((image * rows + row) * cols + col) * channels + channel
            return n.take(flat_luts, tile * _BINS + bins)

        wy = n.reshape(b.convert_to_tensor(wy), (1, -1, 1, 1))
        wx = n.reshape(b.convert_to_tensor(wx), (1, 1, -1, 1))
        top = lookup(y0, x0) * (1.0 - wx) + lookup(y0, x1) * wx
        bottom = lookup(y1, x0) * (1.0 - wx) + lookup(y1, x1) * wx
        return top * (1.0 - wy) + bottom * wy

    def transform_labels(self, labels, transformation, training=True):
        return labels

    def transform_bounding_boxes(self, bounding_boxes, transformation,
                                 training=True):
        return bounding_boxes

    def transform_segmentation_masks(self, segmentation_masks,
                                     transformation, training=True):
        return segmentation_masks

    def get_config(self):
        config = super().get_config()
        config.update({
            "value_range": self.value_range,
            "clip_limit": self.clip_limit,
            "tile_grid_size": self.tile_grid_size,
        })
        return config


def _neighbours(size, tile, count):
    """Per pixel along one axis: the two nearest tile centres (clamped to
    the grid) and the weight of the second, as NumPy arrays."""
    pos = np.arange(size) / tile - 0.5
    first = np.floor(pos)
    weight = (pos - first).astype("float32")
    low = np.clip(first, 0, count - 1).astype("int32")
    high = np.clip(first + 1, 0, count - 1).astype("int32")
    return low, high, weight
