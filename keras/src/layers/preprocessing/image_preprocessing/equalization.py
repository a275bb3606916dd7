"""The `Equalization` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)


@keras_export("keras.layers.Equalization")
class Equalization(BaseImagePreprocessingLayer):
    """Equalizes the histogram of each channel of each image.

    Pixel values are sorted into `bins` equal bins spanning `value_range`;
    a value in bin `k` becomes `(cdf[k] - cdf_min) / (n - cdf_min)` of
    the range (rounded to 1/255 of it), where `cdf` counts the pixels of
    the channel in bins `<= k`, `cdf_min` is the count of the lowest
    non-empty bin and `n` the number of pixels. As in Keras, the
    histogram of a channel covers the whole batch. Constant channels
    are kept. The layer always acts, in training and inference.

    Args:
        value_range: the `(low, high)` range of the pixel values.
        bins: the number of histogram bins (at least 2).
        data_format: `"channels_last"` or `"channels_first"`.
        **kwargs: the arguments of `Layer`.

    Example:

    >>> layer = keras.layers.Equalization()
    >>> out = layer(np.array([[[[10.0], [10.0], [20.0], [200.0]]]]))
    >>> keras.ops.convert_to_numpy(out).ravel().tolist()
    [0.0, 0.0, 128.0, 255.0]
    """

    _USE_BASE_FACTOR = False
    # torch.compile cannot trace bincount, whose output size depends on
    # the data.
    supports_jit = {"torch": False}

    def __init__(self, value_range=(0, 255), bins=256, data_format=None,
                 **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.value_range = image_math.check_value_range(
            self, value_range, True
        )
        if isinstance(bins, bool) or not isinstance(bins, int) or bins < 2:
            raise ValueError(
                "Equalization: `bins` should be an integer of at least 2. "
                f"Received: bins={bins!r}"
            )
        self.bins = bins

    def _channels_first_order(self):
        """The permutation that moves the channels axis first."""
        if self.data_format == "channels_last":
            return (3, 0, 1, 2)
        return (1, 0, 2, 3)

    def _lookup_tables(self, index, channels):
        """Per channel, the equalized value of each bin in `[0, 255]`
        (rounded), and whether the channel is constant."""
        n = self.backend.numpy
        offsets = n.arange(channels, dtype="int32") * self.bins
        counts = n.bincount(
            n.reshape(index + n.reshape(offsets, (-1, 1)), (-1,)),
            minlength=channels * self.bins,
        )
        counts = n.reshape(counts, (channels, self.bins))
        cdf = self.backend.cast(n.cumsum(counts, axis=-1), "float32")
        total = cdf[:, -1:]
        cdf_min = n.min(n.where(counts > 0, cdf, total), axis=-1,
                        keepdims=True)
        span = n.maximum(total - cdf_min, 1.0)
        table = n.round((cdf - cdf_min) / span * 255.0)
        return table, total - cdf_min <= 0

    def transform_images(self, images, transformation, training=True):
        b = self.backend
        n = b.numpy
        order = self._channels_first_order()
        moved = n.transpose(images, order)
        channels = images.shape[order[0]]
        flat = n.reshape(moved, (channels, -1))
        unit = image_math.rescale(b, flat, self.value_range, (0, 1))
        index = b.cast(
            n.floor(n.clip(unit, 0.0, 1.0) * (self.bins - 1)), "int32"
        )
        table, constant = self._lookup_tables(index, channels)
        values = b.cast(n.take_along_axis(table, index, axis=-1),
                        images.dtype)
        values = image_math.rescale(b, values, (0, 255), self.value_range)
        values = n.where(constant, flat, values)
        values = n.reshape(values, b.core.shape(moved))
        inverse = [order.index(axis) for axis in range(4)]
        return n.transpose(values, inverse)

    def transform_segmentation_masks(self, segmentation_masks,
                                     transformation, training=True):
        return segmentation_masks

    def get_config(self):
        config = super().get_config()
        config.update({"bins": self.bins, "value_range": self.value_range})
        return config
