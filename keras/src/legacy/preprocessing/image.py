"""Keras 2's image augmentation: `ImageDataGenerator`.

It draws random affine transforms, flips, channel and brightness shifts
for each image (in NumPy, from NumPy's global random state), standardizes
images with statistics learnt by `fit`, and makes batches through the
iterators of `image_iterators.py`. Keras 3 replaced it with the image
preprocessing layers; it is kept for Keras 2 code. This module holds
every name of `tf.keras.preprocessing.image` that Keras 2 defined.
"""

import warnings

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.legacy.preprocessing.image_iterators import (  # noqa: F401
    BatchFromFilesMixin,
    DataFrameIterator,
    DirectoryIterator,
    Iterator,
    NumpyArrayIterator,
    _require_pandas,
)
from keras.src.legacy.preprocessing.image_transforms import (  # noqa: F401
    apply_affine_transform,
    apply_brightness_shift,
    apply_channel_shift,
    flip_axis,
    random_brightness,
    random_channel_shift,
    random_rotation,
    random_shear,
    random_shift,
    random_zoom,
    transform_matrix_offset_center,
    validate_filename,
)


def _pair_or_none(name, value):
    if value is None:
        return None
    if not isinstance(value, (tuple, list, np.ndarray)) or len(value) != 2:
        raise ValueError(
            f"ImageDataGenerator: `{name}` must be a pair `[lower, upper]`. "
            f"Received: {name}={value!r}"
        )
    return value


def _random_shift(shift_range, size):
    """One shift in pixels: a value from a list (with a random sign), an
    integer number of pixels, or a fraction of `size` when below 1."""
    if not shift_range:
        return 0
    if isinstance(shift_range, (list, tuple, np.ndarray)):
        return np.random.choice(shift_range) * np.random.choice([-1, 1])
    if isinstance(shift_range, (int, np.integer)):
        return np.random.choice(int(shift_range)) * np.random.choice([-1, 1])
    shift = np.random.uniform(-shift_range, shift_range)
    return shift * size if abs(shift_range) < 1 else shift


@keras_export("keras._tf_keras.keras.preprocessing.image.ImageDataGenerator")
class ImageDataGenerator:
    """Generates batches of augmented, standardized images.

    Args:
        featurewise_center: subtract the dataset mean (learnt by `fit`).
        samplewise_center: subtract each image's mean.
        featurewise_std_normalization: divide by the dataset's standard
            deviation (learnt by `fit`).
        samplewise_std_normalization: divide each image by its standard
            deviation.
        zca_whitening: apply ZCA whitening (learnt by `fit`).
        zca_epsilon: the epsilon of ZCA whitening.
        rotation_range: the largest random rotation, in degrees.
        width_shift_range: the random horizontal shift: a fraction of the
            width (below 1), a number of pixels (an integer: values in
            `(-n, n)`), or a list of allowed values.
        height_shift_range: the random vertical shift, likewise.
        brightness_range: `[low, high]`: the random brightness factor.
        shear_range: the largest random shear, in degrees.
        zoom_range: a float `z` for `[1 - z, 1 + z]`, or `[low, high]`.
        channel_shift_range: the largest random channel shift.
        fill_mode: `"constant"`, `"nearest"`, `"reflect"` or `"wrap"`.
        cval: the fill value of `fill_mode="constant"`.
        horizontal_flip: flip half of the images horizontally.
        vertical_flip: flip half of the images vertically.
        rescale: a factor every image is multiplied by first.
        preprocessing_function: a function applied to each image (a 3D
            array) before everything else in `standardize`.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `keras.config.image_data_format()`.
        validation_split: the fraction of the data `subset="validation"`
            selects.
        interpolation_order: the spline order of the affine transforms.
        dtype: the images' dtype; defaults to `keras.config.floatx()`.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import image
    >>> generator = image.ImageDataGenerator(rotation_range=20,
    ...                                      horizontal_flip=True)
    >>> x, y = generator.flow(np.ones((4, 8, 8, 3)), np.arange(4),
    ...                       batch_size=2)[0]
    >>> x.shape, y.shape
    ((2, 8, 8, 3), (2,))
    """

    def __init__(self, featurewise_center=False, samplewise_center=False,
                 featurewise_std_normalization=False,
                 samplewise_std_normalization=False, zca_whitening=False,
                 zca_epsilon=1e-6, rotation_range=0, width_shift_range=0.0,
                 height_shift_range=0.0, brightness_range=None,
                 shear_range=0.0, zoom_range=0.0, channel_shift_range=0.0,
                 fill_mode="nearest", cval=0.0, horizontal_flip=False,
                 vertical_flip=False, rescale=None,
                 preprocessing_function=None, data_format=None,
                 validation_split=0.0, interpolation_order=1, dtype=None):
        self.featurewise_center = featurewise_center
        self.samplewise_center = samplewise_center
        self.featurewise_std_normalization = featurewise_std_normalization
        self.samplewise_std_normalization = samplewise_std_normalization
        self.zca_whitening = zca_whitening
        self.zca_epsilon = zca_epsilon
        self.rotation_range = rotation_range
        self.width_shift_range = width_shift_range
        self.height_shift_range = height_shift_range
        self.shear_range = shear_range
        if np.isscalar(zoom_range):
            self.zoom_range = [1 - zoom_range, 1 + zoom_range]
        elif len(zoom_range) == 2:
            self.zoom_range = [zoom_range[0], zoom_range[1]]
        else:
            raise ValueError(
                "ImageDataGenerator: `zoom_range` must be a float or a pair "
                f"`[lower, upper]`. Received: zoom_range={zoom_range!r}"
            )
        self.channel_shift_range = channel_shift_range
        if fill_mode not in ("constant", "nearest", "reflect", "wrap"):
            raise ValueError(
                "ImageDataGenerator: `fill_mode` must be 'constant', "
                "'nearest', 'reflect' or 'wrap'. Received: "
                f"fill_mode={fill_mode!r}"
            )
        self.fill_mode = fill_mode
        self.cval = cval
        self.horizontal_flip = horizontal_flip
        self.vertical_flip = vertical_flip
        self.rescale = rescale
        self.preprocessing_function = preprocessing_function
        self.dtype = backend.standardize_dtype(dtype or backend.floatx())
        self.interpolation_order = interpolation_order
        data_format = data_format or backend.image_data_format()
        if data_format == "channels_first":
            self.channel_axis, self.row_axis, self.col_axis = 1, 2, 3
        elif data_format == "channels_last":
            self.channel_axis, self.row_axis, self.col_axis = 3, 1, 2
        else:
            raise ValueError(
                "ImageDataGenerator: `data_format` must be 'channels_last' "
                f"or 'channels_first'. Received: data_format={data_format!r}"
            )
        self.data_format = data_format
        if not 0 <= validation_split < 1:
            raise ValueError(
                "ImageDataGenerator: `validation_split` must be in [0, 1). "
                f"Received: validation_split={validation_split!r}"
            )
        self._validation_split = validation_split
        self.mean = None
        self.std = None
        self.zca_whitening_matrix = None
        self.brightness_range = _pair_or_none("brightness_range",
                                              brightness_range)
        self._resolve_normalization_flags()

    def _resolve_normalization_flags(self):
        if self.zca_whitening:
            if not self.featurewise_center:
                self.featurewise_center = True
                warnings.warn("`zca_whitening` implies `featurewise_center`"
                              ": setting featurewise_center=True.",
                              stacklevel=3)
            if self.featurewise_std_normalization:
                self.featurewise_std_normalization = False
                warnings.warn("`zca_whitening` replaces "
                              "`featurewise_std_normalization`: setting "
                              "featurewise_std_normalization=False.",
                              stacklevel=3)
        if self.featurewise_std_normalization and not (
            self.featurewise_center
        ):
            self.featurewise_center = True
            warnings.warn("`featurewise_std_normalization` implies "
                          "`featurewise_center`: setting "
                          "featurewise_center=True.", stacklevel=3)
        if self.samplewise_std_normalization and not self.samplewise_center:
            self.samplewise_center = True
            warnings.warn("`samplewise_std_normalization` implies "
                          "`samplewise_center`: setting "
                          "samplewise_center=True.", stacklevel=3)

    def flow(self, x, y=None, batch_size=32, shuffle=True,
             sample_weight=None, seed=None, save_to_dir=None,
             save_prefix="", save_format="png", ignore_class_split=False,
             subset=None):
        """Batches of augmented images from arrays.

        Args:
            x: a 4D array of images, or `(images, extra arrays)`.
            y: optional labels.
            batch_size: the batch size.
            shuffle: whether to shuffle each epoch.
            sample_weight: optional per-image weights.
            seed: an optional random seed.
            save_to_dir: an optional directory for augmented images.
            save_prefix: the prefix of the saved file names.
            save_format: the saved images' format.
            ignore_class_split: whether to accept subsets with different
                classes.
            subset: `"training"` or `"validation"`.

        Returns:
            A `NumpyArrayIterator` yielding `x`, `(x, y)` or
            `(x, y, sample_weight)` batches.
        """
        return NumpyArrayIterator(
            x, y, self, batch_size=batch_size, shuffle=shuffle,
            sample_weight=sample_weight, seed=seed,
            data_format=self.data_format, save_to_dir=save_to_dir,
            save_prefix=save_prefix, save_format=save_format,
            ignore_class_split=ignore_class_split, subset=subset,
            dtype=self.dtype,
        )

    def flow_from_directory(self, directory, target_size=(256, 256),
                            color_mode="rgb", classes=None,
                            class_mode="categorical", batch_size=32,
                            shuffle=True, seed=None, save_to_dir=None,
                            save_prefix="", save_format="png",
                            follow_links=False, subset=None,
                            interpolation="nearest",
                            keep_aspect_ratio=False):
        """Batches of augmented images from a directory of class folders.

        Args:
            directory: the directory (one sub-directory per class).
            target_size: `(height, width)` the images are resized to.
            color_mode: `"rgb"`, `"rgba"` or `"grayscale"`.
            classes: the class sub-directories, in label order.
            class_mode: `"categorical"`, `"binary"`, `"sparse"`,
                `"input"` or `None`.
            batch_size: the batch size.
            shuffle: whether to shuffle each epoch.
            seed: an optional random seed.
            save_to_dir: an optional directory for augmented images.
            save_prefix: the prefix of the saved file names.
            save_format: the saved images' format.
            follow_links: whether to follow symbolic links.
            subset: `"training"` or `"validation"`.
            interpolation: the resampling method of `load_img`.
            keep_aspect_ratio: whether to crop instead of distorting.

        Returns:
            A `DirectoryIterator`.
        """
        return DirectoryIterator(
            directory, self, target_size=target_size, color_mode=color_mode,
            keep_aspect_ratio=keep_aspect_ratio, classes=classes,
            class_mode=class_mode, data_format=self.data_format,
            batch_size=batch_size, shuffle=shuffle, seed=seed,
            save_to_dir=save_to_dir, save_prefix=save_prefix,
            save_format=save_format, follow_links=follow_links,
            subset=subset, interpolation=interpolation, dtype=self.dtype,
        )

    def flow_from_dataframe(self, dataframe, directory=None,
                            x_col="filename", y_col="class",
                            weight_col=None, target_size=(256, 256),
                            color_mode="rgb", classes=None,
                            class_mode="categorical", batch_size=32,
                            shuffle=True, seed=None, save_to_dir=None,
                            save_prefix="", save_format="png", subset=None,
                            interpolation="nearest",
                            validate_filenames=True, **kwargs):
        """Batches of augmented images listed in a pandas DataFrame.
        Requires pandas.

        Args:
            dataframe: the DataFrame of file names and labels.
            directory: the directory the file names are relative to.
            x_col: the column of file names.
            y_col: the label column (or columns).
            weight_col: an optional column of sample weights.
            target_size: `(height, width)` the images are resized to.
            color_mode: `"rgb"`, `"rgba"` or `"grayscale"`.
            classes: the class names, in label order.
            class_mode: `"categorical"`, `"binary"`, `"sparse"`,
                `"input"`, `"multi_output"`, `"raw"` or `None`.
            batch_size: the batch size.
            shuffle: whether to shuffle each epoch.
            seed: an optional random seed.
            save_to_dir: an optional directory for augmented images.
            save_prefix: the prefix of the saved file names.
            save_format: the saved images' format.
            subset: `"training"` or `"validation"`.
            interpolation: the resampling method of `load_img`.
            validate_filenames: whether to drop rows without a valid
                image file.
            **kwargs: Keras 1's `has_ext`, `sort` and `drop_duplicates`,
                accepted with a warning and ignored.

        Returns:
            A `DataFrameIterator`.
        """
        _require_pandas()
        for name in ("has_ext", "sort", "drop_duplicates"):
            if kwargs.pop(name, None) is not None:
                warnings.warn(
                    f"flow_from_dataframe: `{name}` is deprecated and "
                    "ignored.", DeprecationWarning, stacklevel=2,
                )
        if kwargs:
            raise TypeError(
                "flow_from_dataframe: unrecognized keyword arguments: "
                f"{sorted(kwargs)}"
            )
        return DataFrameIterator(
            dataframe, directory, self, x_col=x_col, y_col=y_col,
            weight_col=weight_col, target_size=target_size,
            color_mode=color_mode, classes=classes, class_mode=class_mode,
            data_format=self.data_format, batch_size=batch_size,
            shuffle=shuffle, seed=seed, save_to_dir=save_to_dir,
            save_prefix=save_prefix, save_format=save_format, subset=subset,
            interpolation=interpolation,
            validate_filenames=validate_filenames, dtype=self.dtype,
        )

    def standardize(self, x):
        """Normalizes one image (or a batch), in place where possible:
        `preprocessing_function`, `rescale`, sample-wise then
        feature-wise centring and scaling, then ZCA whitening.

        Args:
            x: a float array.

        Returns:
            The normalized array.
        """
        if self.preprocessing_function:
            x = self.preprocessing_function(x)
        if self.rescale:
            x *= self.rescale
        if self.samplewise_center:
            x -= np.mean(x, keepdims=True)
        if self.samplewise_std_normalization:
            x /= np.std(x, keepdims=True) + 1e-6
        if self.featurewise_center:
            if self.mean is None:
                self._warn_not_fit("featurewise_center")
            else:
                x -= self.mean
        if self.featurewise_std_normalization:
            if self.std is None:
                self._warn_not_fit("featurewise_std_normalization")
            else:
                x /= self.std + 1e-6
        if self.zca_whitening:
            if self.zca_whitening_matrix is None:
                self._warn_not_fit("zca_whitening")
            else:
                flat = np.reshape(x, (-1, int(np.prod(x.shape[-3:]))))
                x = np.reshape(flat @ self.zca_whitening_matrix, x.shape)
        return x

    @staticmethod
    def _warn_not_fit(option):
        warnings.warn(
            f"This ImageDataGenerator specifies `{option}`, but it has not "
            "been fit on any training data: call `.fit(x)` first.",
            stacklevel=3,
        )

    def get_random_transform(self, img_shape, seed=None):
        """Draws the parameters of a random transformation.

        Args:
            img_shape: the shape of one image.
            seed: an optional seed for NumPy's global random state.

        Returns:
            A dict with `theta`, `tx`, `ty`, `shear`, `zx`, `zy`,
            `flip_horizontal`, `flip_vertical`, `channel_shift_intensity`
            and `brightness`.
        """
        rows, cols = self.row_axis - 1, self.col_axis - 1
        if seed is not None:
            np.random.seed(seed)
        theta = 0
        if self.rotation_range:
            theta = np.random.uniform(-self.rotation_range,
                                      self.rotation_range)
        tx = _random_shift(self.height_shift_range, img_shape[rows])
        ty = _random_shift(self.width_shift_range, img_shape[cols])
        shear = 0
        if self.shear_range:
            shear = np.random.uniform(-self.shear_range, self.shear_range)
        if self.zoom_range[0] == 1 and self.zoom_range[1] == 1:
            zx, zy = 1, 1
        else:
            zx, zy = np.random.uniform(self.zoom_range[0],
                                       self.zoom_range[1], 2)
        flip_horizontal = (np.random.random() < 0.5) * self.horizontal_flip
        flip_vertical = (np.random.random() < 0.5) * self.vertical_flip
        channel_shift_intensity = None
        if self.channel_shift_range != 0:
            channel_shift_intensity = np.random.uniform(
                -self.channel_shift_range, self.channel_shift_range)
        brightness = None
        if self.brightness_range is not None:
            brightness = np.random.uniform(self.brightness_range[0],
                                           self.brightness_range[1])
        return {
            "theta": theta,
            "tx": tx,
            "ty": ty,
            "shear": shear,
            "zx": zx,
            "zy": zy,
            "flip_horizontal": flip_horizontal,
            "flip_vertical": flip_vertical,
            "channel_shift_intensity": channel_shift_intensity,
            "brightness": brightness,
        }

    def apply_transform(self, x, transform_parameters):
        """Applies the transformation `get_random_transform` drew to one
        image.

        Args:
            x: a 3D array: one image.
            transform_parameters: a dict as `get_random_transform`
                returns; missing keys mean no change.

        Returns:
            The transformed image.
        """
        rows, cols = self.row_axis - 1, self.col_axis - 1
        channels = self.channel_axis - 1
        params = transform_parameters
        x = apply_affine_transform(
            x, params.get("theta", 0), params.get("tx", 0),
            params.get("ty", 0), params.get("shear", 0),
            params.get("zx", 1), params.get("zy", 1), row_axis=rows,
            col_axis=cols, channel_axis=channels, fill_mode=self.fill_mode,
            cval=self.cval, order=self.interpolation_order,
        )
        if params.get("channel_shift_intensity") is not None:
            x = apply_channel_shift(x, params["channel_shift_intensity"],
                                    channels)
        if params.get("flip_horizontal", False):
            x = flip_axis(x, cols)
        if params.get("flip_vertical", False):
            x = flip_axis(x, rows)
        if params.get("brightness") is not None:
            x = apply_brightness_shift(x, params["brightness"], False)
        return x

    def random_transform(self, x, seed=None):
        """Applies a random transformation to one image.

        Args:
            x: a 3D array: one image.
            seed: an optional seed for NumPy's global random state.

        Returns:
            The transformed image.
        """
        params = self.get_random_transform(np.shape(x), seed)
        return self.apply_transform(x, params)

    def fit(self, x, augment=False, rounds=1, seed=None):
        """Learns the statistics that feature-wise normalization and ZCA
        whitening use.

        Args:
            x: a 4D array of sample images.
            augment: whether to learn from randomly augmented copies.
            rounds: how many augmented copies of each image to use.
            seed: an optional seed for NumPy's global random state.
        """
        x = np.asarray(x, dtype=self.dtype)
        if x.ndim != 4:
            raise ValueError(
                "ImageDataGenerator.fit: `x` must be a 4D array of images. "
                f"Received: an array of shape {x.shape}"
            )
        if x.shape[self.channel_axis] not in (1, 3, 4):
            warnings.warn(
                f"ImageDataGenerator.fit: with data_format="
                f"{self.data_format!r} the images should have 1, 3 or 4 "
                f"channels on axis {self.channel_axis}; they have "
                f"{x.shape[self.channel_axis]} (shape {x.shape}).",
                stacklevel=2,
            )
        if seed is not None:
            np.random.seed(seed)
        x = np.copy(x)
        if self.rescale:
            x *= self.rescale
        if augment:
            copies = np.zeros((rounds * x.shape[0],) + x.shape[1:],
                              dtype=self.dtype)
            for r in range(rounds):
                for i in range(x.shape[0]):
                    copies[i + r * x.shape[0]] = self.random_transform(x[i])
            x = copies
        shape = [1, 1, 1]
        shape[self.channel_axis - 1] = x.shape[self.channel_axis]
        axes = (0, self.row_axis, self.col_axis)
        if self.featurewise_center:
            self.mean = np.reshape(np.mean(x, axis=axes), shape)
            x -= self.mean
        if self.featurewise_std_normalization:
            self.std = np.reshape(np.std(x, axis=axes), shape)
            x /= self.std + 1e-6
        if self.zca_whitening:
            # The covariance's eigenvectors are the right singular
            # vectors of the data: the thin SVD of the (samples, features)
            # matrix is cheaper than that of the covariance, and maps the
            # directions the samples do not span to zero.
            flat = np.reshape(x, (x.shape[0], -1)).astype("float64")
            _, s, vt = np.linalg.svd(flat, full_matrices=False)
            variances = s**2 / flat.shape[0]
            inverse_sqrt = 1.0 / np.sqrt(variances + self.zca_epsilon)
            self.zca_whitening_matrix = (vt.T * inverse_sqrt) @ vt
