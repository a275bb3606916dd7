"""`UpSampling2D`: enlarges images by integer factors."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.reshaping.base_up_sampling import BaseUpSampling

_INTERPOLATIONS = ("nearest", "bilinear", "bicubic", "lanczos3", "lanczos5")


@keras_export("keras.layers.UpSampling2D")
class UpSampling2D(BaseUpSampling):
    """Upsamples images by the factors `size` of height and width.

    With `interpolation="nearest"` each pixel is repeated into a
    `size[0] x size[1]` block; the other interpolations resize the images
    as `keras.ops.image.resize` does (pixel centres at half-integer
    positions, no antialiasing), so `"bilinear"` blends neighbouring
    pixels and repeats the border ones.

    Inputs of shape `(batch, height, width, channels)`, or
    `(batch, channels, height, width)` with `"channels_first"`, give
    outputs with `height * size[0]` rows and `width * size[1]` columns.

    Args:
        size: a positive int or a tuple of two positive ints
            `(height_factor, width_factor)`.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        interpolation: one of `"nearest"`, `"bilinear"`, `"bicubic"`,
            `"lanczos3"`, `"lanczos5"`.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = np.array([[[[0.0], [4.0]]]], dtype="float32")
    >>> y = keras.layers.UpSampling2D((1, 2), interpolation="bilinear")(x)
    >>> keras.ops.convert_to_numpy(y)[0, 0, :, 0]
    array([0., 1., 3., 4.], dtype=float32)
    """

    def __init__(self, size=(2, 2), data_format=None,
                 interpolation="nearest", **kwargs):
        super().__init__(2, size, data_format=data_format, **kwargs)
        self.interpolation = interpolation

    def call(self, inputs):
        # Checked when used, as Keras does (it accepts any string here).
        if self.interpolation not in _INTERPOLATIONS:
            raise ValueError(
                "UpSampling2D: `interpolation` must be one of "
                f"{_INTERPOLATIONS}. Received: "
                f"interpolation={self.interpolation!r}"
            )
        if self.interpolation == "nearest":
            return super().call(inputs)
        h_axis, w_axis = self._axes()
        shape = ops.shape(inputs)
        size = (shape[h_axis] * self._factors[0],
                shape[w_axis] * self._factors[1])
        return ops.image.resize(
            inputs, size, interpolation=self.interpolation,
            data_format=self.data_format,
        )

    def get_config(self):
        config = super().get_config()
        config["interpolation"] = self.interpolation
        return config
