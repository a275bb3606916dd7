"""The `RandomGaussianBlur` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_color_layer import (  # noqa: E501
    BaseColorLayer,
)
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    _is_number,
)


@keras_export("keras.layers.RandomGaussianBlur")
class RandomGaussianBlur(BaseColorLayer):
    """Blurs images with a Gaussian kernel at random during training.

    Each image is blurred with a probability drawn uniformly from
    `factor`, using a separable Gaussian kernel of `kernel_size` whose
    standard deviation is drawn uniformly from `sigma`; borders are zero
    padded and the result clipped to `value_range`. At inference the
    images pass through unchanged.

    Args:
        factor: a number `f` (the range `(0, f)`) or a pair, in
            `[0, 1]`: the range of the blur probability.
        kernel_size: an odd integer or a pair of odd integers (height,
            width).
        sigma: a positive number `s` (the range `(0, s)`) or a pair.
        value_range: the `(low, high)` range of the pixel values.
        data_format: `"channels_last"` or `"channels_first"`.
        seed: an int, the seed of the random draws.
        **kwargs: the arguments of `Layer`.

    Example:

    >>> layer = keras.layers.RandomGaussianBlur(kernel_size=5, seed=2)
    >>> out = layer(np.random.uniform(0, 255, (2, 8, 8, 3)), training=True)
    >>> tuple(out.shape)
    (2, 8, 8, 3)
    """

    _FACTOR_BOUNDS = (0, 1)

    def __init__(self, factor=1.0, kernel_size=3, sigma=1.0,
                 value_range=(0, 255), data_format=None, seed=None,
                 **kwargs):
        super().__init__(factor=factor, value_range=value_range, seed=seed,
                         data_format=data_format, **kwargs)
        self.kernel_size = self._parse_kernel_size(kernel_size)
        self.sigma = self._parse_sigma(sigma)

    @staticmethod
    def _parse_kernel_size(kernel_size):
        sizes = kernel_size
        if isinstance(sizes, int) and not isinstance(sizes, bool):
            sizes = (sizes, sizes)
        ok = isinstance(sizes, (tuple, list)) and len(sizes) == 2 and all(
            isinstance(k, int) and not isinstance(k, bool) and k > 0
            and k % 2 == 1 for k in sizes
        )
        if not ok:
            raise ValueError(
                "RandomGaussianBlur: `kernel_size` should be an odd "
                "positive integer or a pair of them. Received: "
                f"kernel_size={kernel_size!r}"
            )
        return tuple(sizes)

    @staticmethod
    def _parse_sigma(sigma):
        if _is_number(sigma):
            pair = (0, sigma)
        elif isinstance(sigma, (tuple, list)) and len(sigma) == 2 and all(
            _is_number(s) for s in sigma
        ):
            pair = tuple(sorted(sigma))
        else:
            pair = None
        if pair is None or pair[0] < 0 or pair[1] <= 0:
            raise ValueError(
                "RandomGaussianBlur: `sigma` should be a positive number "
                "or a pair of non-negative numbers. Received: "
                f"sigma={sigma!r}"
            )
        return pair

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        images = data["images"]
        seed = self._seed(seed)
        chance = self._uniform(images, self.factor[0], self.factor[1], seed)
        apply = self._uniform(images, 0.0, 1.0, seed) < chance
        sigma = self._uniform(images, self.sigma[0], self.sigma[1], seed)
        return {"should_apply_blur": apply, "blur_factor": sigma}

    def _taps(self, sigma, size):
        """Normalized Gaussian taps, each of shape `(batch, 1, 1, 1)`."""
        n = self.backend.numpy
        sigma = n.maximum(image_math.per_image(self.backend, sigma), 1e-3)
        half = (size - 1) // 2
        taps = [n.exp(-float(i * i) / (2.0 * sigma * sigma))
                for i in range(-half, half + 1)]
        total = taps[0]
        for tap in taps[1:]:
            total = total + tap
        return [tap / total for tap in taps]

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        b = self.backend
        height_axis, width_axis, _ = self._axes()
        sigma = b.cast(transformation["blur_factor"], images.dtype)
        blurred = image_math.filter_1d(
            b, images, self._taps(sigma, self.kernel_size[0]), height_axis
        )
        blurred = image_math.filter_1d(
            b, blurred, self._taps(sigma, self.kernel_size[1]), width_axis
        )
        blurred = image_math.clip(b, blurred, self.value_range)
        apply = image_math.per_image(b, transformation["should_apply_blur"])
        return b.numpy.where(apply, blurred, images)

    def get_config(self):
        config = super().get_config()
        config.update({"kernel_size": self.kernel_size, "sigma": self.sigma})
        return config
