"""The `MixUp` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import image_math
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.random.seed_generator import SeedGenerator


@keras_export("keras.layers.MixUp")
class MixUp(BaseImagePreprocessingLayer):
    """Blends each image (and its label) with another one of the batch.

    In training, the batch is paired with a random permutation of itself
    and each image gets a weight `w` drawn from `Beta(alpha, alpha)`:
    images become `w * image + (1 - w) * partner`, and so do the labels
    of dict inputs (`{"images": ..., "labels": ...}`, labels one-hot or
    soft); bounding boxes of the partner are appended to each image's
    boxes. At inference the inputs pass through unchanged.

    Args:
        alpha: the positive concentration of the Beta distribution;
            small values keep images mostly unmixed.
        data_format: `"channels_last"` or `"channels_first"`.
        seed: an int, the seed of the random draws.
        **kwargs: the arguments of `Layer`.

    Example:

    >>> layer = keras.layers.MixUp(alpha=0.4, seed=1)
    >>> data = {"images": np.random.rand(4, 8, 8, 3),
    ...         "labels": np.eye(4)}
    >>> out = layer(data, training=True)
    >>> tuple(out["images"].shape), tuple(out["labels"].shape)
    ((4, 8, 8, 3), (4, 4))
    """

    _USE_BASE_FACTOR = False
    # XLA has no kernel for TensorFlow's random gamma (the Beta draw).
    supports_jit = {"tensorflow": False}

    def __init__(self, alpha=0.2, data_format=None, seed=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        number = isinstance(alpha, (int, float)) and not isinstance(
            alpha, bool
        )
        if not number or alpha <= 0:
            raise ValueError(
                "MixUp: `alpha` should be a positive number. Received: "
                f"alpha={alpha!r}"
            )
        self.alpha = alpha
        self.seed = seed
        self.seed_generator = SeedGenerator(seed)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        b = self.backend
        if seed is None:
            seed = self._get_seed_generator(b.name)
        size = image_math.batch_size(b, data["images"])
        order = b.random.shuffle(b.numpy.arange(size, dtype="int32"),
                                 seed=seed)
        weight = b.random.beta((size,), self.alpha, self.alpha,
                               dtype=self.compute_dtype, seed=seed)
        return {"mix_weight": weight, "permutation_order": order}

    def _mix(self, values, transformation):
        b = self.backend
        values = b.cast(values, self.compute_dtype)
        partner = b.numpy.take(values, transformation["permutation_order"],
                               axis=0)
        weight = b.numpy.reshape(
            transformation["mix_weight"],
            (-1,) + (1,) * (len(values.shape) - 1),
        )
        return image_math.blend(b, partner, values, weight)

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        return self._mix(images, transformation)

    def transform_labels(self, labels, transformation, training=True):
        if not training or transformation is None:
            return labels
        return self._mix(labels, transformation)

    def transform_bounding_boxes(self, bounding_boxes, transformation,
                                 training=True):
        if not training or transformation is None:
            return bounding_boxes
        n = self.backend.numpy
        order = transformation["permutation_order"]
        out = dict(bounding_boxes)
        for key in ("boxes", "labels"):
            if key in bounding_boxes:
                own = bounding_boxes[key]
                partner = n.take(own, order, axis=0)
                out[key] = n.concatenate([own, partner], axis=1)
        return out

    def transform_segmentation_masks(self, segmentation_masks,
                                     transformation, training=True):
        if not training or transformation is None:
            return segmentation_masks
        return self._mix(segmentation_masks, transformation)

    def get_config(self):
        config = super().get_config()
        config.update({"alpha": self.alpha, "seed": self.seed})
        return config
