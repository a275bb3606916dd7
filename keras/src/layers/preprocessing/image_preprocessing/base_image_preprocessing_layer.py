"""`BaseImagePreprocessingLayer`: the protocol of image augmentation
layers."""

import math

from keras.src import backend
from keras.src.layers.preprocessing.image_preprocessing.bounding_boxes \
    import converters
from keras.src.layers.preprocessing.tf_data_layer import TFDataLayer

_DATA_KEYS = ("images", "labels", "bounding_boxes", "segmentation_masks")


class BaseImagePreprocessingLayer(TFDataLayer):
    """The base class of image preprocessing and augmentation layers.

    `call(data, training=True)` accepts images (a tensor of rank 3, one
    image, or 4, a batch) or a dict with `"images"` and optionally
    `"labels"`, `"bounding_boxes"` (a dict with `"boxes"` of shape
    `(batch, num_boxes, 4)` in `bounding_box_format`, and `"labels"` of
    shape `(batch, num_boxes)`) and `"segmentation_masks"`. It draws one
    transformation for the batch with `get_random_transformation` and
    applies it to each entry; other keys pass through unchanged. Rank-3
    inputs are processed as a batch of one.

    Subclasses implement, on batched inputs and with `self.backend`
    (see `TFDataLayer`):

    - `get_random_transformation(data, training=True, seed=None)`: the
      random draws for the batch (any structure of tensors, or `None`);
      `data` is the dict form of the input, images batched. Draw with
      `seed` when it is given, else with
      `self._get_seed_generator(self.backend.name)`.
    - `transform_images(images, transformation, training=True)`.
    - `transform_labels(labels, transformation, training=True)`
      (default: unchanged).
    - `transform_bounding_boxes(bounding_boxes, transformation,
      training=True)`: receives the dict `{"boxes", "labels"}` with boxes
      in absolute `"xyxy"` coordinates (converted from and back to
      `bounding_box_format` by the base class); the input image size is
      in `self._image_size` (height, width) during the call.
    - `transform_segmentation_masks(segmentation_masks, transformation,
      training=True)`.
    - `compute_output_shape` when the spatial size changes.

    Class attributes: `_USE_BASE_FACTOR` (whether the constructor parses
    `factor` into `self.factor`, a `(low, high)` pair) and
    `_FACTOR_BOUNDS` (the range a factor must lie in).

    Args:
        factor: a number `f` (the range `(-f, f)`, or `(0, f)` when the
            lower bound of `_FACTOR_BOUNDS` is 0) or a pair `(low, high)`.
        bounding_box_format: the format of `"bounding_boxes"` inputs
            (see `keras.utils.bounding_boxes.convert_format`).
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: the arguments of `Layer` (`name`, `dtype`, ...).

    Example:

    >>> from keras.src.layers.preprocessing.image_preprocessing import (
    ...     base_image_preprocessing_layer as base)
    >>> class Invert(base.BaseImagePreprocessingLayer):
    ...     def transform_images(self, images, transformation, training=True):
    ...         return self.backend.numpy.subtract(1.0, images)
    >>> tuple(Invert()(np.zeros((2, 4, 4, 3))).shape)
    (2, 4, 4, 3)
    """

    _USE_BASE_FACTOR = True
    _FACTOR_BOUNDS = (-1, 1)
    # Whether integer images are cast to the compute dtype (`Resizing`
    # keeps their dtype).
    _CAST_INTEGER_IMAGES = True

    def __init__(self, factor=None, bounding_box_format=None,
                 data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.bounding_box_format = bounding_box_format
        if bounding_box_format is not None:
            _check_box_format(self, bounding_box_format)
        self.data_format = backend.standardize_data_format(data_format)
        if self._USE_BASE_FACTOR:
            self._set_factor(0.0 if factor is None else factor)
        elif factor is not None:
            raise ValueError(
                f"{type(self).__name__} takes no `factor` argument. "
                f"Received: factor={factor!r}"
            )
        object.__setattr__(self, "_image_size", None)

    # -- factor ---------------------------------------------------------------

    def _set_factor(self, factor):
        """Sets `self.factor` to a `(low, high)` pair within
        `_FACTOR_BOUNDS` from a number or a pair of numbers."""
        low_bound, high_bound = self._FACTOR_BOUNDS
        if _is_number(factor):
            f = abs(float(factor))
            pair = (0.0, f) if low_bound >= 0 else (-f, f)
        elif isinstance(factor, (tuple, list)) and len(factor) == 2 and all(
            _is_number(v) for v in factor
        ):
            pair = tuple(sorted(float(v) for v in factor))
        else:
            pair = None
        if pair is None or pair[0] < low_bound or pair[1] > high_bound:
            raise ValueError(
                f"{type(self).__name__}: the `factor` argument should be a "
                "number (or a list of two numbers) in the range "
                f"[{low_bound}, {high_bound}]. Received: factor={factor!r}"
            )
        self.factor = pair

    # -- protocol -------------------------------------------------------------

    def get_random_transformation(self, data, training=True, seed=None):
        """Draws the random parameters of one call.

        Args:
            data: the dict form of the input (`"images"` batched).
            training: whether the layer is training.
            seed: a seed or seed generator overriding the layer's.

        Returns:
            The transformation (`None` by default).
        """
        return None

    def transform_images(self, images, transformation, training=True):
        """Applies `transformation` to a batch of images.

        Args:
            images: a rank-4 tensor.
            transformation: the output of `get_random_transformation`.
            training: whether the layer is training.

        Returns:
            The transformed images.
        """
        return images

    def transform_labels(self, labels, transformation, training=True):
        """Applies `transformation` to the labels (default: unchanged).

        Args:
            labels: the batch's labels.
            transformation: the output of `get_random_transformation`.
            training: whether the layer is training.

        Returns:
            The labels.
        """
        return labels

    def transform_bounding_boxes(self, bounding_boxes, transformation,
                                 training=True):
        """Applies `transformation` to bounding boxes.

        Args:
            bounding_boxes: a dict with `"boxes"` (absolute `"xyxy"`,
                shape `(batch, num_boxes, 4)`) and `"labels"`.
            transformation: the output of `get_random_transformation`.
            training: whether the layer is training.

        Returns:
            The transformed dict.
        """
        return bounding_boxes

    def transform_segmentation_masks(self, segmentation_masks,
                                     transformation, training=True):
        """Applies `transformation` to segmentation masks (by default as
        to images).

        Args:
            segmentation_masks: a rank-4 tensor.
            transformation: the output of `get_random_transformation`.
            training: whether the layer is training.

        Returns:
            The transformed masks.
        """
        return self.transform_images(
            segmentation_masks, transformation, training=training
        )

    # -- call -----------------------------------------------------------------

    def call(self, data, training=True):
        if isinstance(data, dict):
            return self._call_dict(data, training)
        images = self._prepare_images(data, "data")
        batched = len(images.shape) == 4
        if not batched:
            images = self.backend.numpy.expand_dims(images, 0)
        size = self._spatial_size(images)
        object.__setattr__(self, "_image_size", size)
        transformation = self.get_random_transformation(
            {"images": images}, training=training
        )
        out = self.transform_images(images, transformation,
                                    training=training)
        return out if batched else self.backend.numpy.squeeze(out, 0)

    def _call_dict(self, data, training):
        if "images" not in data:
            raise ValueError(
                f"{type(self).__name__}: a dict input needs an 'images' "
                f"entry. Received keys: {sorted(data)}"
            )
        if "bounding_boxes" in data and self.bounding_box_format is None:
            raise ValueError(
                "You passed an input with a 'bounding_boxes' key, but you "
                "didn't specify a bounding box format. Pass a "
                f"`bounding_box_format` argument to your "
                f"{type(self).__name__} layer, e.g. "
                "`bounding_box_format='xyxy'`."
            )
        images = self._prepare_images(data["images"], "data['images']")
        batched = len(images.shape) == 4
        batch = {k: v for k, v in data.items() if k in _DATA_KEYS}
        batch["images"] = images
        if not batched:
            batch = _map_batch(self.backend.numpy.expand_dims, batch)
        object.__setattr__(
            self, "_image_size", self._spatial_size(batch["images"])
        )
        transformation = self.get_random_transformation(
            batch, training=training
        )
        out = self._transform_all(batch, transformation, training)
        if not batched:
            out = _map_batch(self.backend.numpy.squeeze, out)
        return {**data, **out}

    def _transform_all(self, batch, transformation, training):
        out = {"images": self.transform_images(
            batch["images"], transformation, training=training
        )}
        if "labels" in batch:
            out["labels"] = self.transform_labels(
                batch["labels"], transformation, training=training
            )
        if "bounding_boxes" in batch:
            out["bounding_boxes"] = self._transform_boxes(
                batch["bounding_boxes"], transformation, training,
                self._spatial_size(out["images"]),
            )
        if "segmentation_masks" in batch:
            out["segmentation_masks"] = self.transform_segmentation_masks(
                batch["segmentation_masks"], transformation,
                training=training,
            )
        return out

    def _transform_boxes(self, bounding_boxes, transformation, training,
                         out_size):
        b = self.backend
        height, width = self._image_size
        boxes = converters._convert(
            b, bounding_boxes["boxes"], self.bounding_box_format, "xyxy",
            height, width,
        )
        out = self.transform_bounding_boxes(
            {**bounding_boxes, "boxes": boxes}, transformation,
            training=training,
        )
        out = dict(out)
        out["boxes"] = converters._convert(
            b, out["boxes"], "xyxy", self.bounding_box_format, *out_size
        )
        return out

    def _prepare_images(self, images, name):
        images = self.backend.convert_to_tensor(images)
        rank = len(images.shape)
        if rank not in (3, 4):
            raise ValueError(
                f"{type(self).__name__}: expected image tensor to have "
                "rank 3 (single image) or 4 (batch of images). Received: "
                f"{name}.shape={tuple(images.shape)}"
            )
        dtype = backend.standardize_dtype(images.dtype)
        if dtype != self.compute_dtype and (
            self._CAST_INTEGER_IMAGES or backend.is_float_dtype(dtype)
        ):
            images = self.backend.cast(images, self.compute_dtype)
        return images

    def _spatial_size(self, images):
        """The `(height, width)` of a batch, static when known."""
        axes = (1, 2) if self.data_format == "channels_last" else (2, 3)
        static = [images.shape[a] for a in axes]
        if all(s is not None for s in static):
            return tuple(static)
        dynamic = self.backend.core.shape(images)
        return tuple(
            dynamic[a] if s is None else s for a, s in zip(axes, static)
        )

    def compute_output_shape(self, input_shape):
        return input_shape

    def _map_image_shapes(self, input_shape, fn):
        """Applies `fn` to the image shapes of `input_shape` (a shape, or
        the dict of shapes of a dict input): `fn` receives and returns
        `(height, width)`."""
        def one(shape):
            shape = list(shape)
            first = self.data_format == "channels_last"
            h_axis = len(shape) - (3 if first else 2)
            shape[h_axis], shape[h_axis + 1] = fn(
                shape[h_axis], shape[h_axis + 1]
            )
            return tuple(shape)

        if isinstance(input_shape, dict):
            out = dict(input_shape)
            for key in ("images", "segmentation_masks"):
                if key in out:
                    out[key] = one(out[key])
            return out
        return one(input_shape)

    def get_config(self):
        config = super().get_config()
        config["data_format"] = self.data_format
        if self.bounding_box_format is not None:
            config["bounding_box_format"] = self.bounding_box_format
        return config

    # -- helpers ---------------------------------------------------------------

    def _draw_seed(self, seed):
        """`seed`, or the layer's generator on the backend in use."""
        if seed is None:
            return self._get_seed_generator(self.backend.name)
        return seed


_FILL_MODES = ("reflect", "wrap", "constant", "nearest")
_AFFINE_INTERPOLATIONS = ("nearest", "bilinear")


class BaseAffineLayer(BaseImagePreprocessingLayer):
    """The base of layers that warp images with a random affine map.

    Subclasses implement `_draw_matrix(batch_size, height, width, seed)`,
    returning batched 3x3 matrices (as a `(batch, 3, 3)` tensor) that
    map output pixel coordinates `(x, y, 1)` to input ones. Images are
    resampled with `interpolation` and `fill_mode`, segmentation masks
    with nearest neighbour interpolation, and bounding boxes are mapped
    through the inverse matrix (each new box bounds its four moved
    corners, clipped to the image). Expects `self.fill_mode`,
    `self.interpolation`, `self.fill_value` and `self.seed_generator`.
    """

    def _check_sampling(self, fill_mode, interpolation):
        if fill_mode not in _FILL_MODES:
            raise ValueError(
                f"{type(self).__name__}: `fill_mode` should be one of "
                f"{_FILL_MODES}. Received: fill_mode={fill_mode!r}"
            )
        if interpolation not in _AFFINE_INTERPOLATIONS:
            raise ValueError(
                f"{type(self).__name__}: `interpolation` should be one of "
                f"{_AFFINE_INTERPOLATIONS}. Received: "
                f"interpolation={interpolation!r}"
            )

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        images = data["images"]
        batch = self.backend.core.shape(images)[0]
        height, width = self._spatial_size(images)
        matrix = self._draw_matrix(batch, height, width,
                                   self._draw_seed(seed))
        return {"matrix": matrix}

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
        flat = self.backend.numpy.reshape(transformation["matrix"], (-1, 9))
        out = self.backend.image.affine_transform(
            images, self.backend.cast(flat[:, :8], "float32"),
            interpolation=interpolation, fill_mode=self.fill_mode,
            fill_value=self.fill_value, data_format=self.data_format,
        )
        return self.backend.cast(out, images.dtype)

    def transform_bounding_boxes(self, bounding_boxes, transformation,
                                 training=True):
        if not training or transformation is None:
            return bounding_boxes
        forward = _invert_affine(self.backend, transformation["matrix"])
        return self._apply_affine_to_boxes(bounding_boxes, forward)

    def _apply_affine_to_boxes(self, bounding_boxes, forward):
        """Maps `xyxy` boxes through batched 3x3 input-to-output matrices
        of pixel indices `forward`: the new box bounds the four moved
        corners, clipped to the image; emptied boxes get the label -1."""
        n = self.backend.numpy
        boxes = bounding_boxes["boxes"]
        # Box edges lie half a pixel off the pixel centres the matrix
        # maps.
        x1, y1, x2, y2 = (boxes[..., i] - 0.5 for i in range(4))
        xs = n.stack([x1, x2, x2, x1], axis=-1)
        ys = n.stack([y1, y1, y2, y2], axis=-1)
        m = self.backend.cast(forward, boxes.dtype)[:, None, None, :, :]
        new_x = m[..., 0, 0] * xs + m[..., 0, 1] * ys + m[..., 0, 2] + 0.5
        new_y = m[..., 1, 0] * xs + m[..., 1, 1] * ys + m[..., 1, 2] + 0.5
        moved = n.stack([n.min(new_x, axis=-1), n.min(new_y, axis=-1),
                         n.max(new_x, axis=-1), n.max(new_y, axis=-1)],
                        axis=-1)
        height, width = self._image_size
        boxes, labels = converters._clip(
            self.backend, moved, bounding_boxes.get("labels"), height,
            width, "xyxy",
        )
        out = dict(bounding_boxes)
        out["boxes"] = boxes
        if labels is not None:
            out["labels"] = labels
        return out

    def _uniform(self, batch, low, high, seed):
        return self.backend.random.uniform(
            (batch,), minval=low, maxval=high, dtype="float32", seed=seed
        )


def affine_matrix(b, rows):
    """Stacks a 3x3 nested list of `(batch,)` tensors or numbers into a
    `(batch, 3, 3)` tensor; numbers are broadcast like `rows[0][0]`."""
    n = b.numpy
    like = rows[0][0]
    cells = [
        [c if not isinstance(c, (int, float)) else n.full_like(like, c)
         for c in row]
        for row in rows
    ]
    return n.stack([n.stack(row, axis=-1) for row in cells], axis=-2)


def _invert_affine(b, m):
    """Inverts batched 3x3 affine matrices (last row `0, 0, 1`)."""
    a, c, tx = m[:, 0, 0], m[:, 0, 1], m[:, 0, 2]
    d, e, ty = m[:, 1, 0], m[:, 1, 1], m[:, 1, 2]
    det = a * e - c * d
    ia, ic, id_, ie = e / det, -c / det, -d / det, a / det
    return affine_matrix(b, [
        [ia, ic, -(ia * tx + ic * ty)],
        [id_, ie, -(id_ * tx + ie * ty)],
        [0.0, 0.0, 1.0],
    ])


def _map_batch(fn, batch):
    """Applies `fn(x, 0)` to every tensor of a data dict."""
    out = {}
    for key, value in batch.items():
        if isinstance(value, dict):
            out[key] = {k: fn(v, 0) for k, v in value.items()}
        else:
            out[key] = fn(value, 0)
    return out


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(
        value, bool
    ) and math.isfinite(value)


def _check_box_format(layer, bounding_box_format):
    if bounding_box_format not in converters.FORMATS:
        raise ValueError(
            f"{type(layer).__name__}: `bounding_box_format` should be one "
            f"of {converters.FORMATS}. Received: "
            f"bounding_box_format={bounding_box_format!r}"
        )


# Docstring examples shared by the image preprocessing layers (Keras's
# names); `{LayerName}` is replaced by each layer's class name.
base_image_preprocessing_color_example = """
```python
layer = keras.layers.{LayerName}(value_range=(0, 255))
images = np.random.randint(0, 256, (2, 32, 32, 3)).astype("float32")
labels = keras.ops.one_hot(np.array([0, 1]), num_classes=2)
output = layer({"images": images, "labels": labels})
```
"""

base_image_preprocessing_transform_example = """
```python
layer = keras.layers.{LayerName}(bounding_box_format="xyxy")
images = np.random.randint(0, 256, (2, 32, 32, 3)).astype("float32")
bounding_boxes = {
    "boxes": np.array([[[2.0, 3.0, 20.0, 25.0]], [[5.0, 5.0, 30.0, 30.0]]]),
    "labels": np.array([[1], [2]]),
}
output = layer({"images": images, "bounding_boxes": bounding_boxes})
```
"""
