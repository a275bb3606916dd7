"""The `CutMix` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.random.seed_generator import SeedGenerator


@keras_export("keras.layers.CutMix")
class CutMix(BaseImagePreprocessingLayer):
    """Pastes a random patch of another image of the batch on each image.

    In training, the batch is paired with a random permutation of itself.
    Each image gets `lam` drawn from `Beta(a, a)` (`a` the upper end of
    `factor`) and a box of `sqrt(1 - lam)` of its height and width at a
    random center (clipped to the image), filled from its partner. Labels
    of dict inputs become `r * label + (1 - r) * partner_label`, where
    `r` is the fraction of the image left unpatched. At inference the
    inputs pass through unchanged.

    Args:
        factor: a number `f` (the range `(0, f)`) or a pair, in `[0, 1]`.
        seed: an int, the seed of the random draws.
        data_format: `"channels_last"` or `"channels_first"`.
        **kwargs: the arguments of `Layer`.

    Example:

    >>> layer = keras.layers.CutMix(seed=1)
    >>> data = {"images": np.random.rand(4, 8, 8, 3),
    ...         "labels": np.eye(4)}
    >>> out = layer(data, training=True)
    >>> tuple(out["images"].shape), tuple(out["labels"].shape)
    ((4, 8, 8, 3), (4, 4))
    """

    _FACTOR_BOUNDS = (0, 1)
    # XLA has no kernel for TensorFlow's random gamma (the Beta draw).
    supports_jit = {"tensorflow": False}

    def __init__(self, factor=1.0, seed=None, data_format=None, **kwargs):
        super().__init__(factor=factor, data_format=data_format, **kwargs)
        image_math.check_factor_sign(self, factor)
        self.seed = seed
        self.seed_generator = SeedGenerator(seed)

    def _box_edges(self, center, extent, size):
        """Integer-valued `[start, stop)` of a box along one axis."""
        n = self.backend.numpy
        start = n.clip(n.round(center - extent / 2.0), 0.0, size)
        stop = n.clip(n.round(center + extent / 2.0), 0.0, size)
        return start, stop

    def _axis_mask(self, start, stop, size):
        """`(batch, size)` flags of the positions within `[start, stop)`."""
        n = self.backend.numpy
        positions = self.backend.cast(n.arange(size), self.compute_dtype)
        positions = n.expand_dims(positions, 0)
        return (positions >= start[:, None]) & (positions < stop[:, None])

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        b = self.backend
        n = b.numpy
        if seed is None:
            seed = self._get_seed_generator(b.name)
        images = data["images"]
        size = image_math.batch_size(b, images)
        height, width = self._image_size
        dtype = self.compute_dtype
        alpha = max(float(self.factor[1]), 1e-6)
        lam = b.random.beta((size,), alpha, alpha, dtype=dtype, seed=seed)
        order = b.random.shuffle(n.arange(size, dtype="int32"), seed=seed)
        side = n.sqrt(1.0 - lam)
        fheight = b.cast(height, dtype)
        fwidth = b.cast(width, dtype)
        centers = b.random.uniform((2, size), dtype=dtype, seed=seed)
        y1, y2 = self._box_edges(centers[0] * fheight, side * fheight, fheight)
        x1, x2 = self._box_edges(centers[1] * fwidth, side * fwidth, fwidth)
        rows = self._axis_mask(y1, y2, height)
        cols = self._axis_mask(x1, x2, width)
        mask = n.logical_and(rows[:, :, None], cols[:, None, :])
        area = (y2 - y1) * (x2 - x1) / (fheight * fwidth)
        return {"permutation_order": order, "batch_masks": mask,
                "mix_weight": 1.0 - area}

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        n = self.backend.numpy
        mask = transformation["batch_masks"]
        axis = 3 if self.data_format == "channels_last" else 1
        mask = n.expand_dims(mask, axis)
        partner = n.take(images, transformation["permutation_order"], axis=0)
        return n.where(mask, partner, images)

    def transform_labels(self, labels, transformation, training=True):
        if not training or transformation is None:
            return labels
        b = self.backend
        labels = b.cast(labels, self.compute_dtype)
        partner = b.numpy.take(labels, transformation["permutation_order"],
                               axis=0)
        weight = b.numpy.reshape(
            transformation["mix_weight"], (-1,) + (1,) * (len(labels.shape) - 1)
        )
        return image_math.blend(b, partner, labels, weight)

    def transform_segmentation_masks(self, segmentation_masks,
                                     transformation, training=True):
        return self.transform_images(segmentation_masks, transformation,
                                     training=training)

    def get_config(self):
        config = super().get_config()
        config.update({"factor": self.factor, "seed": self.seed})
        return config
