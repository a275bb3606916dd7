"""`image_dataset_from_directory`: a `tf.data.Dataset` of images read from
class folders.

The dataset decodes and resizes images with TensorFlow inside `tf.data`
(TensorFlow is imported on the first call, never with `keras`); its
batches feed `fit` on every backend, like any `tf.data.Dataset`.
"""

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.utils import dataset_utils
from keras.src.utils.module_utils import tensorflow as tf

ALLOWLIST_FORMATS = (".bmp", ".gif", ".jpeg", ".jpg", ".png")

_CHANNELS = {"rgb": 3, "rgba": 4, "grayscale": 1}
_INTERPOLATIONS = (
    "bilinear", "nearest", "bicubic", "area", "lanczos3", "lanczos5",
    "gaussian", "mitchellcubic",
)


def _check_arguments(labels, label_mode, class_names, color_mode,
                     interpolation, crop_to_aspect_ratio,
                     pad_to_aspect_ratio, image_size, batch_size, format):
    if labels not in ("inferred", None):
        if not isinstance(labels, (list, tuple)):
            raise ValueError(
                "`labels` argument should be a list/tuple of integer "
                "labels, of the same size as the number of image files in "
                'the target directory. If you wish to infer the labels '
                'from the subdirectory names in the target directory, '
                'pass `labels="inferred"`. If you wish to get a dataset '
                "that only contains images (no labels), pass "
                f"`labels=None`. Received: labels={labels}"
            )
        if class_names:
            raise ValueError(
                "You can only pass `class_names` if "
                f'`labels="inferred"`. Received: labels={labels}, and '
                f"class_names={class_names}"
            )
    if label_mode not in ("int", "categorical", "binary", None):
        raise ValueError(
            '`label_mode` argument must be one of "int", "categorical", '
            f'"binary", or None. Received: label_mode={label_mode!r}'
        )
    if color_mode not in _CHANNELS:
        raise ValueError(
            '`color_mode` must be one of {"rgb", "rgba", "grayscale"}. '
            f"Received: color_mode={color_mode!r}"
        )
    if interpolation not in _INTERPOLATIONS:
        raise ValueError(
            f"`interpolation` must be one of {_INTERPOLATIONS}. "
            f"Received: interpolation={interpolation!r}"
        )
    if crop_to_aspect_ratio and pad_to_aspect_ratio:
        raise ValueError(
            "Only one of `crop_to_aspect_ratio` and `pad_to_aspect_ratio` "
            "can be set to `True`."
        )
    if image_size is None:
        if batch_size is not None:
            raise ValueError(
                "`image_size=None` (images kept at their own sizes) needs "
                "`batch_size=None`: images of different sizes cannot be "
                f"batched. Received: batch_size={batch_size}"
            )
    elif len(image_size) != 2:
        raise ValueError(
            "`image_size` must be a tuple of 2 integers (height, width). "
            f"Received: image_size={image_size}"
        )
    if format != "tf":
        raise ValueError(
            '`format` must be "tf" (a `tf.data.Dataset`): this Keras '
            "does not build Grain datasets. "
            f"Received: format={format!r}"
        )


@keras_export(
    [
        "keras.utils.image_dataset_from_directory",
        "keras.preprocessing.image_dataset_from_directory",
    ]
)
def image_dataset_from_directory(
    directory,
    labels="inferred",
    label_mode="int",
    class_names=None,
    color_mode="rgb",
    batch_size=32,
    image_size=(256, 256),
    shuffle=True,
    seed=None,
    validation_split=None,
    subset=None,
    interpolation="bilinear",
    follow_links=False,
    crop_to_aspect_ratio=False,
    pad_to_aspect_ratio=False,
    data_format=None,
    format="tf",
    verbose=True,
):
    """Makes a `tf.data.Dataset` of the images in a folder.

    With `labels="inferred"` the folder holds one subfolder per class:

    ```
    main_directory/
    ...class_a/
    ......a_image_1.jpg
    ...class_b/
    ......b_image_1.jpg
    ```

    Files ending in `.bmp`, `.gif`, `.jpeg`, `.jpg` or `.png` are read
    (animated GIFs: the first frame).

    Args:
        directory: the folder.
        labels: `"inferred"` (from the subfolders), `None` (images only),
            or a list/tuple of integer labels, one per image in the sorted
            order of the image paths.
        label_mode: `"int"` (int32 labels), `"categorical"` (float32
            one-hot vectors), `"binary"` (float32 of shape `(1,)`, for
            exactly 2 classes) or `None` (no labels).
        class_names: with `labels="inferred"`, the subfolders to read and
            the order of their indices (default: all, sorted).
        color_mode: `"grayscale"`, `"rgb"` or `"rgba"` (1, 3 or 4
            channels).
        batch_size: the batch size, or `None` for unbatched elements.
        image_size: `(height, width)` every image is resized to, or `None`
            (only with `batch_size=None`) to keep each image's size.
        shuffle: whether to shuffle the data (else: sorted by path).
        seed: the seed of the shuffle and of the split.
        validation_split: the fraction of the images kept for validation.
        subset: `"training"`, `"validation"` or `"both"` (with
            `validation_split`); `"both"` returns both datasets.
        interpolation: the resizing method: `"bilinear"`, `"nearest"`,
            `"bicubic"`, `"area"`, `"lanczos3"`, `"lanczos5"`,
            `"gaussian"` or `"mitchellcubic"`.
        follow_links: whether to follow symbolic links to folders.
        crop_to_aspect_ratio: whether to crop the largest centered window
            with the aspect ratio of `image_size` before resizing.
        pad_to_aspect_ratio: whether to pad the image (with zeros) to the
            aspect ratio of `image_size` before resizing.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        format: `"tf"` (a `tf.data.Dataset`).
        verbose: whether to print how many files were found.

    Returns:
        A `tf.data.Dataset` yielding `(images, labels)` (or `images` with
        `label_mode=None`): float32 images of shape `(batch_size, height,
        width, channels)`. Its `class_names` attribute lists the class
        names and `file_paths` the image paths. With `subset="both"`, a
        list `[train_dataset, validation_dataset]`.

    Example:

    >>> ds = keras.utils.image_dataset_from_directory(
    ...     "/tmp/images", image_size=(64, 64))  # doctest: +SKIP
    >>> ds.class_names  # doctest: +SKIP
    ['cats', 'dogs']
    """
    _check_arguments(labels, label_mode, class_names, color_mode,
                     interpolation, crop_to_aspect_ratio,
                     pad_to_aspect_ratio, image_size, batch_size, format)
    if labels is None or label_mode is None:
        labels = None
        label_mode = None
    num_channels = _CHANNELS[color_mode]
    data_format = backend.standardize_data_format(data_format)
    dataset_utils.check_validation_split_arg(
        validation_split, subset, shuffle, seed
    )
    if seed is None:
        seed = np.random.randint(1_000_000)
    image_paths, labels, class_names = dataset_utils.index_directory(
        directory,
        labels,
        formats=ALLOWLIST_FORMATS,
        class_names=class_names,
        shuffle=shuffle,
        seed=seed,
        follow_links=follow_links,
        verbose=verbose,
    )
    if label_mode == "binary" and len(class_names) != 2:
        raise ValueError(
            'When passing `label_mode="binary"`, there must be exactly 2 '
            f"class_names. Received: class_names={class_names}"
        )
    options = dict(
        image_size=tuple(image_size) if image_size is not None else None,
        num_channels=num_channels,
        label_mode=label_mode,
        num_classes=len(class_names) if class_names else 0,
        interpolation=interpolation,
        crop_to_aspect_ratio=crop_to_aspect_ratio,
        pad_to_aspect_ratio=pad_to_aspect_ratio,
        data_format=data_format,
    )
    if subset == "both":
        train = dataset_utils.get_training_or_validation_split(
            image_paths, labels, validation_split, "training"
        )
        val = dataset_utils.get_training_or_validation_split(
            image_paths, labels, validation_split, "validation"
        )
        datasets = []
        for paths, part_labels, part_shuffle in (
            (train[0], train[1], shuffle),
            (val[0], val[1], False),
        ):
            _check_not_empty(paths, directory)
            datasets.append(
                _finish(
                    paths_and_labels_to_dataset(
                        paths, part_labels, **options
                    ),
                    paths, class_names, batch_size, part_shuffle, seed,
                )
            )
        return datasets
    image_paths, labels = dataset_utils.get_training_or_validation_split(
        image_paths, labels, validation_split, subset
    )
    _check_not_empty(image_paths, directory)
    dataset = paths_and_labels_to_dataset(image_paths, labels, **options)
    return _finish(dataset, image_paths, class_names, batch_size, shuffle,
                   seed)


def _check_not_empty(paths, directory):
    if not paths:
        raise ValueError(
            f"No images found in directory {directory}. Allowed formats: "
            f"{ALLOWLIST_FORMATS}"
        )


def _finish(dataset, paths, class_names, batch_size, shuffle, seed):
    """Shuffles, batches and prefetches; attaches `class_names` and
    `file_paths`."""
    if batch_size is not None:
        if shuffle:
            # A buffer of a few batches: the file order is already
            # shuffled, this reshuffles it between epochs.
            dataset = dataset.shuffle(buffer_size=batch_size * 8, seed=seed)
        dataset = dataset.batch(batch_size)
    elif shuffle:
        dataset = dataset.shuffle(buffer_size=1024, seed=seed)
    dataset = dataset.prefetch(tf.data.AUTOTUNE)
    dataset.class_names = class_names
    dataset.file_paths = paths
    return dataset


def _load_image(path, image_size, num_channels, interpolation,
                crop_to_aspect_ratio, pad_to_aspect_ratio, data_format):
    """Reads, decodes and resizes one image inside the `tf.data` graph."""
    img = tf.io.read_file(path)
    img = tf.image.decode_image(
        img, channels=num_channels, expand_animations=False
    )
    if image_size is None:
        img = tf.cast(img, "float32")
        img.set_shape((None, None, num_channels))
    else:
        if crop_to_aspect_ratio:
            from keras.src.utils import image_utils

            img = image_utils.smart_resize(
                img, image_size, interpolation=interpolation
            )
        elif pad_to_aspect_ratio:
            img = tf.image.resize_with_pad(
                img, image_size[0], image_size[1], method=interpolation
            )
        else:
            img = tf.image.resize(img, image_size, method=interpolation)
        img = tf.cast(img, "float32")
        img.set_shape((image_size[0], image_size[1], num_channels))
    if data_format == "channels_first":
        img = tf.transpose(img, (2, 0, 1))
    return img


def paths_and_labels_to_dataset(image_paths, labels, image_size,
                                num_channels, label_mode, num_classes,
                                interpolation, data_format,
                                crop_to_aspect_ratio=False,
                                pad_to_aspect_ratio=False):
    """An unbatched `tf.data.Dataset` of decoded images (and labels).

    Args:
        image_paths: the image file paths.
        labels: their integer labels, or `None`.
        image_size: `(height, width)` to resize to, or `None`.
        num_channels: 1, 3 or 4.
        label_mode: `"int"`, `"categorical"`, `"binary"` or `None`.
        num_classes: the number of classes (one-hot depth).
        interpolation: the `tf.image.resize` method.
        data_format: `"channels_last"` or `"channels_first"`.
        crop_to_aspect_ratio: crop to the target aspect ratio first.
        pad_to_aspect_ratio: pad to the target aspect ratio first.

    Returns:
        A `tf.data.Dataset` of `image` or `(image, label)` elements.
    """
    path_ds = tf.data.Dataset.from_tensor_slices(image_paths)

    def load(path):
        return _load_image(path, image_size, num_channels, interpolation,
                           crop_to_aspect_ratio, pad_to_aspect_ratio,
                           data_format)

    img_ds = path_ds.map(load, num_parallel_calls=tf.data.AUTOTUNE)
    if label_mode is None:
        return img_ds
    label_ds = dataset_utils.labels_to_dataset_tf(
        labels, label_mode, num_classes
    )
    return tf.data.Dataset.zip((img_ds, label_ds))
