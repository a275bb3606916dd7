"""The iterators of Keras 2's `ImageDataGenerator`: batches of augmented
images from NumPy arrays (`NumpyArrayIterator`), from a directory of class
folders (`DirectoryIterator`) or from a pandas DataFrame of file paths
(`DataFrameIterator`).

Each is a `keras.utils.PyDataset`, so `model.fit(iterator)` trains on it
on every backend, and also a Python iterator (`next(iterator)`) as in
Keras 2. A `seed` makes the shuffling and the augmentation of batch `i`
repeatable: NumPy's global random state is seeded with
`seed + batches seen` before each batch, as Keras 2 did.
"""

import os
import threading
import warnings

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.legacy.preprocessing.image_transforms import (
    validate_filename,
)
from keras.src.trainers.data_adapters.py_dataset_adapter import PyDataset
from keras.src.utils import image_utils
from keras.src.utils.module_utils import LazyModule

_EXPORT = "keras._tf_keras.keras.preprocessing.image."


@keras_export(_EXPORT + "Iterator")
class Iterator(PyDataset):
    """Base class of the image iterators: batches of indices into `n`
    samples, optionally shuffled each epoch.

    Subclasses implement `_get_batches_of_transformed_samples(indices)`.

    Args:
        n: the number of samples.
        batch_size: the batch size.
        shuffle: whether to shuffle the samples each epoch.
        seed: an optional random seed.
        **kwargs: `workers`, `use_multiprocessing` and `max_queue_size`
            of `keras.utils.PyDataset`.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import image
    >>> class Indices(image.Iterator):
    ...     def _get_batches_of_transformed_samples(self, index_array):
    ...         return index_array
    >>> Indices(5, 2, shuffle=False, seed=None)[2].tolist()
    [4]
    """

    white_list_formats = ("png", "jpg", "jpeg", "bmp", "ppm", "tif", "tiff")

    def __init__(self, n, batch_size, shuffle, seed, **kwargs):
        super().__init__(**kwargs)
        if batch_size is None or int(batch_size) <= 0:
            raise ValueError(
                f"{type(self).__name__}: `batch_size` must be a positive "
                f"integer. Received: batch_size={batch_size!r}"
            )
        self.n = n
        self.batch_size = int(batch_size)
        self.seed = seed
        self.shuffle = shuffle
        self.batch_index = 0
        self.total_batches_seen = 0
        self.lock = threading.Lock()
        self.index_array = None
        self.index_generator = self._flow_index()

    def _set_index_array(self):
        if self.shuffle:
            self.index_array = np.random.permutation(self.n)
        else:
            self.index_array = np.arange(self.n)

    def __getitem__(self, idx):
        if idx >= len(self):
            raise ValueError(
                f"Asked to retrieve element {idx}, but the "
                f"{type(self).__name__} has length {len(self)}"
            )
        if self.seed is not None:
            np.random.seed(self.seed + self.total_batches_seen)
        self.total_batches_seen += 1
        if self.index_array is None:
            self._set_index_array()
        start = self.batch_size * idx
        indices = self.index_array[start:start + self.batch_size]
        return self._get_batches_of_transformed_samples(indices)

    def __len__(self):
        return (self.n + self.batch_size - 1) // self.batch_size

    def on_epoch_end(self):
        """Reshuffles the samples (when `shuffle`) for the next epoch."""
        self._set_index_array()

    def reset(self):
        """Restarts the Python iteration (`next`) from the first batch."""
        self.batch_index = 0

    def _flow_index(self):
        self.reset()
        while True:
            if self.seed is not None:
                np.random.seed(self.seed + self.total_batches_seen)
            if self.batch_index == 0:
                self._set_index_array()
            current = 0 if self.n == 0 else (
                self.batch_index * self.batch_size) % self.n
            if self.n > current + self.batch_size:
                self.batch_index += 1
            else:
                self.batch_index = 0
            self.total_batches_seen += 1
            yield self.index_array[current:current + self.batch_size]

    def __iter__(self):
        return self

    def __next__(self):
        with self.lock:
            indices = next(self.index_generator)
        return self._get_batches_of_transformed_samples(indices)

    def next(self):
        """The next batch (Python 2 style name kept from Keras 2)."""
        return self.__next__()

    def _get_batches_of_transformed_samples(self, index_array):
        raise TypeError(
            f"{type(self).__name__} must implement "
            "`_get_batches_of_transformed_samples(index_array)`."
        )


def _save_batch(batch_x, index_array, data_format, save_to_dir, prefix,
                file_format):
    for i, j in enumerate(index_array):
        picture = image_utils.array_to_img(batch_x[i], data_format,
                                           scale=True)
        name = f"{prefix}_{j}_{np.random.randint(10000)}.{file_format}"
        picture.save(os.path.join(save_to_dir, name))


@keras_export(_EXPORT + "NumpyArrayIterator")
class NumpyArrayIterator(Iterator):
    """Batches of augmented images from a NumPy array.

    Args:
        x: a 4D array of images; or a pair `(images, extra)` where `extra`
            is an array (or list of arrays) passed along unchanged with
            each batch.
        y: optional labels, one per image.
        image_data_generator: the `ImageDataGenerator` that augments and
            standardizes each image.
        batch_size: the batch size.
        shuffle: whether to shuffle each epoch.
        sample_weight: optional weights, one per image.
        seed: an optional random seed.
        data_format: `"channels_last"` or `"channels_first"`.
        save_to_dir: an optional directory where augmented images are
            saved.
        save_prefix: the prefix of the saved file names.
        save_format: the saved images' format, e.g. `"png"`.
        subset: `"training"` or `"validation"`: the part of the data the
            generator's `validation_split` selects.
        ignore_class_split: whether to accept a split that leaves the two
            subsets with different classes.
        dtype: the dtype of the images; defaults to `K.floatx()`.

    Example:

    >>> from keras._tf_keras.keras.preprocessing import image
    >>> iterator = image.NumpyArrayIterator(
    ...     np.ones((5, 4, 4, 3)), np.arange(5), image.ImageDataGenerator(),
    ...     batch_size=2)
    >>> [b.shape for b in iterator[0]]
    [(2, 4, 4, 3), (2,)]
    """

    def __init__(self, x, y, image_data_generator, batch_size=32,
                 shuffle=False, sample_weight=None, seed=None,
                 data_format=None, save_to_dir=None, save_prefix="",
                 save_format="png", subset=None, ignore_class_split=False,
                 dtype=None):
        self.dtype = backend.standardize_dtype(dtype or backend.floatx())
        if isinstance(x, (tuple, list)):
            extra = x[1] if isinstance(x[1], list) else [x[1]]
            x_misc = [np.asarray(e) for e in extra]
            x = x[0]
            for e in x_misc:
                if len(e) != len(x):
                    raise ValueError(
                        "NumpyArrayIterator: every array in `x` must have "
                        f"as many samples as the images ({len(x)}). "
                        f"Received one of length {len(e)}"
                    )
        else:
            x_misc = []
        if y is not None and len(x) != len(y):
            raise ValueError(
                "NumpyArrayIterator: `x` (images) and `y` (labels) must "
                f"have the same length. Received: x of shape "
                f"{np.shape(x)} and y of shape {np.shape(y)}"
            )
        if sample_weight is not None and len(x) != len(sample_weight):
            raise ValueError(
                "NumpyArrayIterator: `x` and `sample_weight` must have the "
                f"same length. Received: x of shape {np.shape(x)} and "
                f"sample_weight of shape {np.shape(sample_weight)}"
            )
        if subset is not None:
            if subset not in ("training", "validation"):
                raise ValueError(
                    "NumpyArrayIterator: `subset` must be 'training' or "
                    f"'validation'. Received: subset={subset!r}"
                )
            split = int(len(x) * image_data_generator._validation_split)
            if y is not None and not ignore_class_split and (
                not np.array_equal(np.unique(y[:split]),
                                   np.unique(y[split:]))
            ):
                raise ValueError(
                    "NumpyArrayIterator: the training and validation "
                    "subsets have different classes after the split. Set "
                    "`ignore_class_split=True` to accept that, or shuffle "
                    "the data so that both hold every class."
                )
            part = slice(None, split) if subset == "validation" else (
                slice(split, None))
            x = x[part]
            x_misc = [e[part] for e in x_misc]
            if y is not None:
                y = y[part]
            if sample_weight is not None:
                sample_weight = sample_weight[part]
        self.x = np.asarray(x, dtype=self.dtype)
        self.x_misc = x_misc
        if self.x.ndim != 4:
            raise ValueError(
                "NumpyArrayIterator: the images must be a 4D array "
                f"(samples, ...). Received: an array of shape {self.x.shape}"
            )
        self.data_format = data_format or backend.image_data_format()
        channels_axis = 3 if self.data_format == "channels_last" else 1
        if self.x.shape[channels_axis] not in (1, 3, 4):
            warnings.warn(
                f"NumpyArrayIterator is set to use the data format "
                f"{self.data_format!r} (channels on axis {channels_axis}), "
                f"so the images should have 1, 3 or 4 channels; they have "
                f"{self.x.shape[channels_axis]} (shape {self.x.shape}).",
                stacklevel=2,
            )
        self.y = None if y is None else np.asarray(y)
        self.sample_weight = (
            None if sample_weight is None else np.asarray(sample_weight)
        )
        self.image_data_generator = image_data_generator
        self.save_to_dir = save_to_dir
        self.save_prefix = save_prefix
        self.save_format = save_format
        super().__init__(self.x.shape[0], batch_size, shuffle, seed)

    def _get_batches_of_transformed_samples(self, index_array):
        batch_x = np.zeros((len(index_array),) + self.x.shape[1:],
                           dtype=self.dtype)
        generator = self.image_data_generator
        for i, j in enumerate(index_array):
            sample = self.x[j]
            params = generator.get_random_transform(sample.shape)
            sample = generator.apply_transform(sample.astype(self.dtype),
                                               params)
            batch_x[i] = generator.standardize(sample)
        if self.save_to_dir:
            _save_batch(batch_x, index_array, self.data_format,
                        self.save_to_dir, self.save_prefix, self.save_format)
        extras = [e[index_array] for e in self.x_misc]
        inputs = [batch_x] + extras if extras else batch_x
        if self.y is None:
            return inputs
        output = (inputs, self.y[index_array])
        if self.sample_weight is not None:
            output += (self.sample_weight[index_array],)
        return output


class BatchFromFilesMixin:
    """What the iterators over image files share: how images are loaded,
    augmented and labelled. The classes using it define `filepaths`,
    `labels`, `sample_weight`, `classes` and `class_mode`.

    Example:

    >>> from keras.src.legacy.preprocessing import image
    >>> issubclass(image.DirectoryIterator, image.BatchFromFilesMixin)
    True
    """

    def set_processing_attrs(self, image_data_generator, target_size,
                             color_mode, data_format, save_to_dir,
                             save_prefix, save_format, subset,
                             interpolation, keep_aspect_ratio):
        """Stores how images are loaded and processed.

        Args:
            image_data_generator: the `ImageDataGenerator` (or `None`).
            target_size: `(height, width)` the images are resized to.
            color_mode: `"rgb"`, `"rgba"` or `"grayscale"`.
            data_format: `"channels_last"` or `"channels_first"`.
            save_to_dir: an optional directory for augmented images.
            save_prefix: the prefix of the saved file names.
            save_format: the saved images' format.
            subset: `"training"`, `"validation"` or `None`.
            interpolation: the resampling method of `load_img`.
            keep_aspect_ratio: whether to crop instead of distorting.
        """
        self.image_data_generator = image_data_generator
        self.target_size = tuple(target_size)
        self.keep_aspect_ratio = keep_aspect_ratio
        channels = {"rgb": 3, "rgba": 4, "grayscale": 1}.get(color_mode)
        if channels is None:
            raise ValueError(
                f"{type(self).__name__}: `color_mode` must be 'rgb', "
                f"'rgba' or 'grayscale'. Received: color_mode={color_mode!r}"
            )
        self.color_mode = color_mode
        self.data_format = data_format or backend.image_data_format()
        if self.data_format == "channels_last":
            self.image_shape = self.target_size + (channels,)
        else:
            self.image_shape = (channels,) + self.target_size
        self.save_to_dir = save_to_dir
        self.save_prefix = save_prefix
        self.save_format = save_format
        self.interpolation = interpolation
        if subset is None:
            self.split = None
        elif subset in ("training", "validation"):
            fraction = image_data_generator._validation_split
            self.split = (0, fraction) if subset == "validation" else (
                fraction, 1)
        else:
            raise ValueError(
                f"{type(self).__name__}: `subset` must be 'training' or "
                f"'validation'. Received: subset={subset!r}"
            )
        self.subset = subset

    def _get_batches_of_transformed_samples(self, index_array):
        batch_x = np.zeros((len(index_array),) + self.image_shape,
                           dtype=self.dtype)
        generator = self.image_data_generator
        filepaths = self.filepaths
        for i, j in enumerate(index_array):
            picture = image_utils.load_img(
                filepaths[j], color_mode=self.color_mode,
                target_size=self.target_size,
                interpolation=self.interpolation,
                keep_aspect_ratio=self.keep_aspect_ratio,
            )
            sample = image_utils.img_to_array(picture,
                                              data_format=self.data_format)
            if hasattr(picture, "close"):
                picture.close()
            if generator:
                params = generator.get_random_transform(sample.shape)
                sample = generator.apply_transform(sample, params)
                sample = generator.standardize(sample)
            batch_x[i] = sample
        if self.save_to_dir:
            _save_batch(batch_x, index_array, self.data_format,
                        self.save_to_dir, self.save_prefix, self.save_format)
        mode = self.class_mode
        if mode == "input":
            batch_y = batch_x.copy()
        elif mode == "sparse":
            batch_y = self.classes[index_array]
        elif mode == "binary":
            batch_y = self.classes[index_array].astype(self.dtype)
        elif mode == "categorical":
            batch_y = np.zeros((len(batch_x), len(self.class_indices)),
                               dtype=self.dtype)
            for i, j in enumerate(index_array):
                # A list of classes (multi-label data frames) sets several.
                batch_y[i, self.classes[j]] = 1.0
        elif mode == "multi_output":
            batch_y = [labels[index_array] for labels in self.labels]
        elif mode == "raw":
            batch_y = self.labels[index_array]
        else:
            return batch_x
        if self.sample_weight is None:
            return batch_x, batch_y
        return batch_x, batch_y, self.sample_weight[index_array]

    @property
    def filepaths(self):
        """The full paths of the image files."""
        raise TypeError(f"{type(self).__name__} must define `filepaths`.")

    @property
    def labels(self):
        """The label of each image file."""
        raise TypeError(f"{type(self).__name__} must define `labels`.")

    @property
    def sample_weight(self):
        """The weight of each image file, or `None`."""
        raise TypeError(
            f"{type(self).__name__} must define `sample_weight`."
        )


@keras_export(_EXPORT + "DirectoryIterator")
class DirectoryIterator(BatchFromFilesMixin, Iterator):
    """Batches of augmented images read from a directory holding one
    sub-directory of images per class.

    Args:
        directory: the directory.
        image_data_generator: the `ImageDataGenerator` (or `None`).
        target_size: `(height, width)` the images are resized to.
        color_mode: `"rgb"`, `"rgba"` or `"grayscale"`.
        classes: the class sub-directories to use, in label order
            (default: all, sorted).
        class_mode: `"categorical"` (one-hot), `"binary"`, `"sparse"`
            (integer), `"input"` (the images themselves) or `None`
            (images only).
        batch_size: the batch size.
        shuffle: whether to shuffle each epoch.
        seed: an optional random seed.
        data_format: `"channels_last"` or `"channels_first"`.
        save_to_dir: an optional directory for augmented images.
        save_prefix: the prefix of the saved file names.
        save_format: the saved images' format.
        follow_links: whether to follow symbolic links.
        subset: `"training"` or `"validation"` (see `validation_split`).
        interpolation: the resampling method of `load_img`.
        keep_aspect_ratio: whether to crop instead of distorting.
        dtype: the images' dtype; defaults to `K.floatx()`.

    Example:

    ```python
    image = keras._tf_keras.keras.preprocessing.image
    iterator = image.DirectoryIterator("photos/", None,
                                       target_size=(64, 64))
    x, y = iterator[0]
    ```
    """

    allowed_class_modes = {"categorical", "binary", "sparse", "input", None}

    def __init__(self, directory, image_data_generator,
                 target_size=(256, 256), color_mode="rgb", classes=None,
                 class_mode="categorical", batch_size=32, shuffle=True,
                 seed=None, data_format=None, save_to_dir=None,
                 save_prefix="", save_format="png", follow_links=False,
                 subset=None, interpolation="nearest",
                 keep_aspect_ratio=False, dtype=None):
        self.dtype = backend.standardize_dtype(dtype or backend.floatx())
        self.set_processing_attrs(
            image_data_generator, target_size, color_mode, data_format,
            save_to_dir, save_prefix, save_format, subset, interpolation,
            keep_aspect_ratio,
        )
        if class_mode not in self.allowed_class_modes:
            raise ValueError(
                "DirectoryIterator: `class_mode` must be one of "
                f"{sorted(self.allowed_class_modes, key=str)}. Received: "
                f"class_mode={class_mode!r}"
            )
        if not os.path.isdir(directory):
            raise ValueError(
                "DirectoryIterator: `directory` must be an existing "
                f"directory. Received: directory={directory!r}"
            )
        self.directory = directory
        self.class_mode = class_mode
        if not classes:
            classes = sorted(
                d for d in os.listdir(directory)
                if os.path.isdir(os.path.join(directory, d))
            )
        self.num_classes = len(classes)
        self.class_indices = {c: i for i, c in enumerate(classes)}
        filenames = []
        labels = []
        for name in classes:
            files = self._list_files(os.path.join(directory, name),
                                     follow_links)
            if self.split is not None:
                start = int(self.split[0] * len(files))
                stop = int(self.split[1] * len(files))
                files = files[start:stop]
            filenames.extend(os.path.relpath(f, directory) for f in files)
            labels.extend([self.class_indices[name]] * len(files))
        self.filenames = filenames
        self.classes = np.array(labels, dtype="int32")
        self.samples = len(filenames)
        self._filepaths = [os.path.join(directory, f) for f in filenames]
        print(
            f"Found {self.samples} images belonging to {self.num_classes} "
            "classes."
        )
        super().__init__(self.samples, batch_size, shuffle, seed)

    def _list_files(self, class_directory, follow_links):
        found = []
        for root, _, files in sorted(
            os.walk(class_directory, followlinks=follow_links)
        ):
            for name in sorted(files):
                path = os.path.join(root, name)
                if validate_filename(path, self.white_list_formats):
                    found.append(path)
        return found

    @property
    def filepaths(self):
        return self._filepaths

    @property
    def labels(self):
        return self.classes

    @property
    def sample_weight(self):
        return None


_pandas = LazyModule(
    "pandas",
    import_error_msg=(
        "`DataFrameIterator` and `ImageDataGenerator.flow_from_dataframe` "
        "read their file list from a pandas DataFrame and require pandas. "
        "Install it with `pip install pandas`."
    ),
)


def _require_pandas():
    _pandas.initialize()


class DataFrameIterator(BatchFromFilesMixin, Iterator):
    """Batches of augmented images whose files and labels are listed in a
    pandas DataFrame. Requires pandas.

    Args:
        dataframe: the DataFrame: a column of file names (relative to
            `directory`) and, depending on `class_mode`, label columns.
        directory: the directory the file names are relative to (`None`:
            the names are full paths).
        image_data_generator: the `ImageDataGenerator` (or `None`).
        x_col: the column of file names.
        y_col: the label column (a list of columns for
            `"multi_output"`).
        weight_col: an optional column of sample weights.
        target_size: `(height, width)` the images are resized to.
        color_mode: `"rgb"`, `"rgba"` or `"grayscale"`.
        classes: the class names to use, in label order (default: all
            labels found, sorted).
        class_mode: `"categorical"`, `"binary"`, `"sparse"`, `"input"`,
            `"multi_output"`, `"raw"` (the `y_col` values as they are) or
            `None` (images only).
        batch_size: the batch size.
        shuffle: whether to shuffle each epoch.
        seed: an optional random seed.
        data_format: `"channels_last"` or `"channels_first"`.
        save_to_dir: an optional directory for augmented images.
        save_prefix: the prefix of the saved file names.
        save_format: the saved images' format.
        subset: `"training"` or `"validation"` (see `validation_split`).
        interpolation: the resampling method of `load_img`.
        keep_aspect_ratio: whether to crop instead of distorting.
        dtype: the images' dtype.
        validate_filenames: whether to drop rows whose file is missing or
            not an image.

    Example:

    ```python
    image = keras._tf_keras.keras.preprocessing.image
    frame = pandas.DataFrame({"filename": ["a.png"], "class": ["cat"]})
    iterator = image.DataFrameIterator(frame, "photos/", None)
    ```
    """

    allowed_class_modes = {
        "binary", "categorical", "input", "multi_output", "raw", "sparse",
        None,
    }
    _WITHOUT_CLASSES = ("input", "multi_output", "raw", None)

    def __init__(self, dataframe, directory=None, image_data_generator=None,
                 x_col="filename", y_col="class", weight_col=None,
                 target_size=(256, 256), color_mode="rgb", classes=None,
                 class_mode="categorical", batch_size=32, shuffle=True,
                 seed=None, data_format="channels_last", save_to_dir=None,
                 save_prefix="", save_format="png", subset=None,
                 interpolation="nearest", keep_aspect_ratio=False,
                 dtype="float32", validate_filenames=True):
        _require_pandas()
        self.set_processing_attrs(
            image_data_generator, target_size, color_mode, data_format,
            save_to_dir, save_prefix, save_format, subset, interpolation,
            keep_aspect_ratio,
        )
        frame = dataframe.copy()
        self.directory = directory or ""
        self.class_mode = class_mode
        self.dtype = backend.standardize_dtype(dtype)
        self._check_params(frame, x_col, y_col, weight_col, classes)
        if validate_filenames:
            frame = self._filter_valid_filepaths(frame, x_col)
        with_classes = class_mode not in self._WITHOUT_CLASSES
        if with_classes:
            frame, classes = self._filter_classes(frame, y_col, classes)
            self.num_classes = len(classes)
            self.class_indices = {c: i for i, c in enumerate(classes)}
        if self.split is not None:
            count = len(frame)
            frame = frame.iloc[int(self.split[0] * count):
                               int(self.split[1] * count)]
        if with_classes:
            self.classes = self.get_classes(frame, y_col)
        self.filenames = frame[x_col].tolist()
        self._sample_weight = (
            frame[weight_col].values if weight_col else None
        )
        if class_mode == "multi_output":
            self._targets = [np.array(frame[c].tolist()) for c in y_col]
        elif class_mode == "raw":
            self._targets = frame[y_col].values
        self.samples = len(self.filenames)
        checked = "validated" if validate_filenames else "non-validated"
        message = f"Found {self.samples} {checked} image filenames"
        if with_classes:
            message += f" belonging to {self.num_classes} classes"
        print(message + ".")
        self._filepaths = [
            os.path.join(self.directory, f) for f in self.filenames
        ]
        super().__init__(self.samples, batch_size, shuffle, seed)

    def _check_params(self, df, x_col, y_col, weight_col, classes):
        if self.class_mode not in self.allowed_class_modes:
            raise ValueError(
                "DataFrameIterator: `class_mode` must be one of "
                f"{sorted(self.allowed_class_modes, key=str)}. Received: "
                f"class_mode={self.class_mode!r}"
            )
        if self.class_mode == "multi_output" and not isinstance(y_col,
                                                                list):
            raise TypeError(
                "DataFrameIterator: with class_mode='multi_output', "
                f"`y_col` must be a list of columns. Received: y_col={y_col!r}"
            )
        if not all(isinstance(f, str) for f in df[x_col]):
            raise TypeError(
                f"DataFrameIterator: every value of x_col={x_col!r} must be "
                "a string (a file name)."
            )
        if self.class_mode in ("binary", "sparse"):
            if not all(isinstance(v, str) for v in df[y_col]):
                raise TypeError(
                    f"DataFrameIterator: with class_mode={self.class_mode!r}"
                    f", every value of y_col={y_col!r} must be a string."
                )
        if self.class_mode == "binary":
            found = set(df[y_col].unique()) if not classes else set(classes)
            if len(found) != 2:
                raise ValueError(
                    "DataFrameIterator: class_mode='binary' needs exactly 2 "
                    f"classes. Found {len(found)}: {sorted(found)}"
                )
        if self.class_mode == "categorical" and not all(
            isinstance(v, (str, list, tuple)) for v in df[y_col]
        ):
            raise TypeError(
                "DataFrameIterator: with class_mode='categorical', every "
                f"value of y_col={y_col!r} must be a string or a list."
            )
        if weight_col and not np.issubdtype(df[weight_col].dtype,
                                            np.number):
            raise TypeError(
                f"DataFrameIterator: weight_col={weight_col!r} must hold "
                "numbers."
            )

    def get_classes(self, df, y_col):
        """The class index (or list of indices) of each row.

        Args:
            df: the DataFrame.
            y_col: the label column.

        Returns:
            A NumPy array (of objects for multi-label rows).
        """
        labels = []
        for label in df[y_col]:
            if isinstance(label, (list, tuple)):
                labels.append([self.class_indices[c] for c in label])
            else:
                labels.append(self.class_indices[label])
        if all(isinstance(label, int) for label in labels):
            return np.array(labels, dtype="int32")
        result = np.empty(len(labels), dtype=object)
        result[:] = labels
        return result

    @staticmethod
    def _filter_classes(df, y_col, classes):
        df = df.copy()

        def keep(labels):
            if isinstance(labels, (list, tuple)):
                return [c for c in labels if c in wanted] or None
            if isinstance(labels, str):
                return labels if labels in wanted else None
            raise TypeError(
                "DataFrameIterator: labels must be strings or lists of "
                f"strings. Received: {labels!r}"
            )

        if classes:
            wanted = dict.fromkeys(classes)
            df[y_col] = df[y_col].apply(keep)
            classes = list(classes)
        else:
            found = set()
            for labels in df[y_col]:
                if isinstance(labels, (list, tuple)):
                    found.update(labels)
                else:
                    found.add(labels)
            classes = sorted(found)
        return df.dropna(subset=[y_col]), classes

    def _filter_valid_filepaths(self, df, x_col):
        paths = df[x_col].map(lambda f: os.path.join(self.directory, f))
        mask = paths.apply(validate_filename,
                           args=(self.white_list_formats,))
        invalid = int((~mask).sum())
        if invalid:
            warnings.warn(
                f"Found {invalid} invalid image filename(s) in "
                f"x_col={x_col!r}. These filename(s) will be ignored.",
                stacklevel=2,
            )
        return df[mask]

    @property
    def filepaths(self):
        return self._filepaths

    @property
    def labels(self):
        if self.class_mode in ("multi_output", "raw"):
            return self._targets
        return self.classes

    @property
    def sample_weight(self):
        return self._sample_weight
