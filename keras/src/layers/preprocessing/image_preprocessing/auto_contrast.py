"""The `AutoContrast` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)


@keras_export("keras.layers.AutoContrast")
class AutoContrast(BaseImagePreprocessingLayer):
    """Stretches each channel of each image to the full `value_range`.

    The smallest value of a channel of an image maps to `value_range`'s
    low end and its largest to the high end, linearly; constant channels
    are kept. The layer always acts, in training and inference.

    Args:
        value_range: the `(low, high)` range of the pixel values.
        **kwargs: the arguments of `Layer`, and `data_format`.

    Example:

    >>> layer = keras.layers.AutoContrast()
    >>> out = layer(np.array([[[[50.0], [100.0], [150.0]]]]))
    >>> keras.ops.convert_to_numpy(out).ravel().tolist()
    [0.0, 127.5, 255.0]
    """

    _USE_BASE_FACTOR = False

    def __init__(self, value_range=(0, 255), **kwargs):
        super().__init__(**kwargs)
        self.value_range = image_math.check_value_range(
            self, value_range, True
        )

    def transform_images(self, images, transformation, training=True):
        n = self.backend.numpy
        height_axis, width_axis, _ = image_math.image_axes(self.data_format)
        axes = (height_axis, width_axis)
        low = n.min(images, axis=axes, keepdims=True)
        high = n.max(images, axis=axes, keepdims=True)
        spread = n.subtract(high, low)
        flat = spread <= 0
        scale = float(self.value_range[1] - self.value_range[0]) / n.where(
            flat, n.ones_like(spread), spread
        )
        out = n.add(n.multiply(n.subtract(images, low), scale),
                    float(self.value_range[0]))
        return n.where(flat, images, out)

    def transform_segmentation_masks(self, segmentation_masks,
                                     transformation, training=True):
        return segmentation_masks

    def get_config(self):
        config = super().get_config()
        config["value_range"] = self.value_range
        return config
