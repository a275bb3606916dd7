"""The `RandomPerspective` layer."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing import (
    base_image_preprocessing_layer as base,
)
from keras.src.random.seed_generator import SeedGenerator

_INTERPOLATIONS = ("nearest", "bilinear")


@keras_export("keras.layers.RandomPerspective")
class RandomPerspective(base.BaseImagePreprocessingLayer):
    """Applies random perspective warps during training.

    Each image draws a probability `p` from the `factor` range and is
    warped with probability `p`: its four corners move by random offsets
    of up to `scale / 4` of the image's width and height, and the image
    is resampled so that the old corners land on the moved ones (points
    from outside the input get `fill_value`). At inference
    (`training=False`) images pass through unchanged.

    Args:
        factor: a number `f` (the range `(0, f)`) or a pair `(low, high)`
            within `[0, 1]`: the probability of warping an image.
        scale: a number in `[0, 1]`, the strength of the warp.
        interpolation: `"bilinear"` or `"nearest"`.
        fill_value: the value of points from outside the input.
        seed: an int, the seed of the random draws.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: the arguments of `Layer` (`name`, `dtype`, ...), and
            `bounding_box_format` for dict inputs with boxes.

    Example:

    >>> layer = keras.layers.RandomPerspective(scale=0.5, seed=1)
    >>> images = np.random.rand(2, 8, 8, 3)
    >>> tuple(layer(images, training=True).shape)
    (2, 8, 8, 3)
    """

    _FACTOR_BOUNDS = (0, 1)

    def __init__(self, factor=1.0, scale=1.0, interpolation="bilinear",
                 fill_value=0.0, seed=None, data_format=None, **kwargs):
        super().__init__(factor=factor, data_format=data_format, **kwargs)
        if isinstance(scale, bool) or not isinstance(scale, (int, float)) \
                or not 0 <= scale <= 1:
            raise ValueError(
                "RandomPerspective: the `scale` argument should be a "
                f"number in the range [0, 1]. Received: scale={scale!r}"
            )
        if interpolation not in _INTERPOLATIONS:
            raise ValueError(
                "RandomPerspective: `interpolation` should be one of "
                f"{_INTERPOLATIONS}. Received: "
                f"interpolation={interpolation!r}"
            )
        self.scale = scale
        self.interpolation = interpolation
        self.fill_value = fill_value
        self.seed = seed
        self.seed_generator = SeedGenerator(seed)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        b, n = self.backend, self.backend.numpy
        seed = self._draw_seed(seed)
        batch = b.core.shape(data["images"])[0]
        height, width = (b.cast(s, "float32") for s in self._image_size)
        low, high = self.factor
        chance = b.random.uniform((batch,), low, high, seed=seed)
        apply = b.random.uniform((batch,), seed=seed) < chance
        corners = n.stack([
            n.stack([0.0 * width, 0.0 * height]),
            n.stack([width - 1.0, 0.0 * height]),
            n.stack([width - 1.0, height - 1.0]),
            n.stack([0.0 * width, height - 1.0]),
        ])
        start = n.broadcast_to(corners[None], (batch, 4, 2))
        offsets = b.random.uniform((batch, 4, 2), -1.0, 1.0, seed=seed)
        offsets = offsets * (self.scale / 4.0) * n.stack([width, height])
        offsets = offsets * b.cast(apply, "float32")[:, None, None]
        return {"start_points": start, "end_points": start + offsets}

    def transform_images(self, images, transformation, training=True):
        return self._warp(images, transformation, training,
                          self.interpolation)

    def transform_segmentation_masks(self, segmentation_masks,
                                     transformation, training=True):
        return self._warp(segmentation_masks, transformation, training,
                          "nearest")

    def _warp(self, images, transformation, training, interpolation):
        if not training or transformation is None:
            return images
        out = self.backend.image.perspective_transform(
            images, transformation["start_points"],
            transformation["end_points"], interpolation=interpolation,
            fill_value=self.fill_value, data_format=self.data_format,
        )
        return self.backend.cast(out, images.dtype)

    def transform_bounding_boxes(self, bounding_boxes, transformation,
                                 training=True):
        if not training or transformation is None:
            return bounding_boxes
        b, n = self.backend, self.backend.numpy
        h = _homography(b, transformation["start_points"],
                        transformation["end_points"])
        boxes = bounding_boxes["boxes"]
        x1, y1, x2, y2 = (boxes[..., i] - 0.5 for i in range(4))
        xs = n.stack([x1, x2, x2, x1], axis=-1)
        ys = n.stack([y1, y1, y2, y2], axis=-1)
        h = b.cast(h, boxes.dtype)[:, None, None, :]
        k = h[..., 6] * xs + h[..., 7] * ys + 1.0
        new_x = (h[..., 0] * xs + h[..., 1] * ys + h[..., 2]) / k + 0.5
        new_y = (h[..., 3] * xs + h[..., 4] * ys + h[..., 5]) / k + 0.5
        moved = n.stack([n.min(new_x, axis=-1), n.min(new_y, axis=-1),
                         n.max(new_x, axis=-1), n.max(new_y, axis=-1)],
                        axis=-1)
        height, width = self._image_size
        clipped, labels = base.converters._clip(
            b, moved, bounding_boxes.get("labels"), height, width, "xyxy"
        )
        out = dict(bounding_boxes)
        out["boxes"] = clipped
        if labels is not None:
            out["labels"] = labels
        return out

    def get_config(self):
        config = super().get_config()
        config.update({
            "factor": self.factor,
            "scale": self.scale,
            "interpolation": self.interpolation,
            "fill_value": self.fill_value,
            "seed": self.seed,
        })
        return config


def _homography(b, src, dst):
    """The 8 projective coefficients mapping `src` points to `dst` ones
    (both `(batch, 4, 2)` as `(x, y)`)."""
    n = b.numpy
    rows, rhs = [], []
    for i in range(4):
        x, y = src[:, i, 0], src[:, i, 1]
        u, v = dst[:, i, 0], dst[:, i, 1]
        zero, one = n.zeros_like(x), n.ones_like(x)
        rows.append(n.stack([x, y, one, zero, zero, zero, -u * x, -u * y],
                            axis=-1))
        rows.append(n.stack([zero, zero, zero, x, y, one, -v * x, -v * y],
                            axis=-1))
        rhs += [u, v]
    matrix = n.stack(rows, axis=1)
    target = n.stack(rhs, axis=-1)[..., None]
    return b.linalg.solve(matrix, target)[..., 0]
