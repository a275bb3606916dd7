"""Helpers shared by the ImageNet applications: input normalization
(`preprocess_input`), label lookup (`decode_predictions`) and the checks
each architecture runs on its arguments (`obtain_input_shape`,
`validate_activation`, `correct_pad`).

NumPy inputs are normalized with NumPy, in place when their dtype is a
float (as Keras documents: copy the array first to keep it); tensors and
symbolic `KerasTensor`s go through `keras.ops`, so the same function can
sit inside a functional model.
"""

import json
import warnings

import numpy as np

from keras.src import activations
from keras.src import backend
from keras.src import layers
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.ops import operation_utils
from keras.src.utils import file_utils

CLASS_INDEX = None
CLASS_INDEX_PATH = (
    "https://storage.googleapis.com/download.tensorflow.org/"
    "data/imagenet_class_index.json"
)
_CLASS_INDEX_HASH = "c2c37ea517e94d9795004a39431a14cb"

# Per-channel statistics of the ImageNet training set. "caffe" subtracts
# the BGR means on the 0-255 scale; "torch" uses RGB means and standard
# deviations on the 0-1 scale.
_CAFFE_BGR_MEAN = (103.939, 116.779, 123.68)
_TORCH_RGB_MEAN = (0.485, 0.456, 0.406)
_TORCH_RGB_STD = (0.229, 0.224, 0.225)
_MODES = ("caffe", "tf", "torch")

# Templates for the `preprocess_input` docstrings of every family. Fill
# `PREPROCESS_INPUT_DOC` with `mode=` (an `Args:` entry or ""), `ret=`
# (what the returned values look like) and `error=` (the `Raises:` text).
PREPROCESS_INPUT_DOC = """
  Normalizes a batch of images the way the pretrained weights expect.

  Put it in front of the model, either on arrays before `predict` or as
  the first step of a functional model:

  ```python
  image = keras.Input([None, None, 3], dtype="uint8")
  x = keras.ops.cast(image, "float32")
  x = keras.applications.mobilenet.preprocess_input(x)
  x = keras.applications.MobileNet(weights=None)(x)
  model = keras.Model(image, x)
  ```

  Args:
    x: float or integer images, as a NumPy array (3D or 4D) or a tensor,
      with 3 color channels in RGB order and values in `[0, 255]`. A
      float NumPy array is modified in place; pass `np.copy(x)` to keep
      the original.
    data_format: optional `"channels_last"` or `"channels_first"`.
      Defaults to `keras.config.image_data_format()`.{mode}

  Returns:
    The normalized images as a float32 array or tensor.
    {ret}

  Raises:
    {error}
  """

PREPROCESS_INPUT_MODE_DOC = """
    mode: how to normalize: `"caffe"` (the default) flips RGB to BGR and
      subtracts the ImageNet mean of each channel, without rescaling;
      `"tf"` rescales values to `[-1, 1]`; `"torch"` rescales values to
      `[0, 1]`, then standardizes each channel with the ImageNet mean and
      standard deviation.
  """

PREPROCESS_INPUT_DEFAULT_ERROR_DOC = """
    ValueError: when `mode` or `data_format` is not a known value."""

PREPROCESS_INPUT_ERROR_DOC = """
    ValueError: when `data_format` is not a known value."""

PREPROCESS_INPUT_RET_DOC_TF = """
      Values are rescaled to lie in `[-1, 1]`."""

PREPROCESS_INPUT_RET_DOC_TORCH = """
      Values are rescaled to `[0, 1]`, then each channel is standardized
      with the ImageNet mean and standard deviation."""

PREPROCESS_INPUT_RET_DOC_CAFFE = """
      Channels are reordered from RGB to BGR and each one is centered on
      its ImageNet mean; the scale is kept."""


def _check_mode_and_format(mode, data_format):
    if mode not in _MODES:
        raise ValueError(
            "Expected mode to be one of `caffe`, `tf` or `torch`. "
            f"Received: mode={mode}"
        )
    if data_format is None:
        data_format = backend.image_data_format()
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError(
            "Expected data_format to be one of `channels_first` or "
            f"`channels_last`. Received: data_format={data_format}"
        )
    return data_format


def _channel_axis(ndim, data_format):
    if data_format == "channels_last":
        return ndim - 1
    # channels_first: (C, H, W) for one image, (N, C, H, W) for a batch.
    return 0 if ndim == 3 else 1


def _statistics(mode):
    """(flip RGB->BGR, rescale?, mean, std): `(x / divisor - mean) / std`."""
    if mode == "tf":
        return False, True, (1.0, 1.0, 1.0), None
    if mode == "torch":
        return False, True, _TORCH_RGB_MEAN, _TORCH_RGB_STD
    return True, False, _CAFFE_BGR_MEAN, None


def _broadcastable(values, ndim, axis, dtype):
    shape = [1] * ndim
    shape[axis] = len(values)
    return np.asarray(values, dtype=dtype).reshape(shape)


def _preprocess_numpy(x, data_format, mode):
    if not np.issubdtype(x.dtype, np.floating):
        x = x.astype(backend.floatx(), copy=False)
    flip, scale, mean, std = _statistics(mode)
    axis = _channel_axis(x.ndim, data_format)
    if flip:
        x[...] = np.flip(x, axis=axis).copy()
    if scale:
        x /= 127.5 if mode == "tf" else 255.0
    mean = _broadcastable(mean, x.ndim, axis, x.dtype)
    x -= mean
    if std is not None:
        x /= _broadcastable(std, x.ndim, axis, x.dtype)
    return x


def _preprocess_tensor(x, data_format, mode):
    if not backend.is_float_dtype(backend.standardize_dtype(x.dtype)):
        x = ops.cast(x, backend.floatx())
    flip, scale, mean, std = _statistics(mode)
    ndim = len(x.shape)
    axis = _channel_axis(ndim, data_format)
    if flip:
        x = ops.flip(x, axis=axis)
    if mode == "tf":
        x = x / 127.5
    elif mode == "torch":
        x = x / 255.0
    dtype = backend.standardize_dtype(x.dtype)
    x = x - ops.convert_to_tensor(_broadcastable(mean, ndim, axis, dtype))
    if std is not None:
        x = x / ops.convert_to_tensor(_broadcastable(std, ndim, axis, dtype))
    return x


@keras_export("keras.applications.imagenet_utils.preprocess_input")
def preprocess_input(x, data_format=None, mode="caffe"):
    """Normalizes images for the ImageNet models (see the module text)."""
    data_format = _check_mode_and_format(mode, data_format)
    if isinstance(x, np.ndarray):
        return _preprocess_numpy(x, data_format, mode)
    if not (backend.is_tensor(x) or backend.is_keras_tensor(x)):
        x = np.asarray(x)
        return _preprocess_numpy(x, data_format, mode)
    return _preprocess_tensor(x, data_format, mode)


preprocess_input.__doc__ = PREPROCESS_INPUT_DOC.format(
    mode=PREPROCESS_INPUT_MODE_DOC,
    ret="",
    error=PREPROCESS_INPUT_DEFAULT_ERROR_DOC,
)


def _load_class_index():
    global CLASS_INDEX
    if CLASS_INDEX is None:
        path = file_utils.get_file(
            "imagenet_class_index.json",
            CLASS_INDEX_PATH,
            cache_subdir="models",
            file_hash=_CLASS_INDEX_HASH,
        )
        with open(path) as f:
            CLASS_INDEX = json.load(f)
    return CLASS_INDEX


@keras_export("keras.applications.imagenet_utils.decode_predictions")
def decode_predictions(preds, top=5):
    """Turns ImageNet class scores into readable labels.

    The class index (1000 WordNet ids and names) is downloaded once into
    `~/.keras/models/imagenet_class_index.json` (or under `KERAS_HOME`).

    Args:
        preds: scores of shape `(samples, 1000)`, as an array or tensor.
        top: how many of the best classes to return for each sample.

    Returns:
        One list per sample of `(class_id, class_name, score)` tuples,
        best score first.

    Raises:
        ValueError: when `preds` is not of shape `(samples, 1000)`.

    Example:

    ```python
    preds = np.zeros((1, 1000)); preds[0, 207] = 1.0
    keras.applications.imagenet_utils.decode_predictions(preds, top=1)
    # [[('n02099601', 'golden_retriever', 1.0)]]
    ```
    """
    preds = ops.convert_to_numpy(preds)
    if preds.ndim != 2 or preds.shape[1] != 1000:
        raise ValueError(
            "`decode_predictions` expects a batch of predictions (i.e. a "
            "2D array of shape (samples, 1000)). Received array with "
            f"shape: {preds.shape}"
        )
    class_index = _load_class_index()
    results = []
    for scores in preds:
        best = scores.argsort()[-top:][::-1]
        results.append(
            [tuple(class_index[str(i)]) + (scores[i],) for i in best]
        )
    return results


def obtain_input_shape(
    input_shape,
    default_size,
    min_size,
    data_format,
    require_flatten,
    weights=None,
):
    """Checks a model's `input_shape` argument and fills in its default.

    Args:
        input_shape: `None` or a 3-tuple given by the user.
        default_size: the image side the pretrained weights were made for.
        min_size: the smallest image side the architecture accepts.
        data_format: `"channels_last"` or `"channels_first"`.
        require_flatten: whether the model flattens its features (the
            classifier head), which needs a fully static shape.
        weights: `None`, `"imagenet"` or a file path.

    Returns:
        The input shape as a 3-tuple (with `None` for free image sides).

    Raises:
        ValueError: when the shape does not fit the weights or the model.

    Example:

    ```python
    obtain_input_shape(None, 224, 32, "channels_last", True)
    # (224, 224, 3)
    ```
    """
    channels_first = data_format == "channels_first"
    imagenet = weights == "imagenet"

    def make(side, channels):
        if channels_first:
            return (channels, side, side)
        return (side, side, channels)

    default_channels = 3
    if not imagenet and input_shape and len(input_shape) == 3:
        default_channels = input_shape[0 if channels_first else -1]
        if default_channels not in (1, 3):
            warnings.warn(
                f"This model usually expects 1 or 3 input channels. "
                f"However, it was passed an input_shape with "
                f"{default_channels} input channels.",
                stacklevel=2,
            )
    default_shape = make(default_size, default_channels)

    if imagenet and require_flatten:
        if input_shape is not None and tuple(input_shape) != default_shape:
            raise ValueError(
                "When setting `include_top=True` and loading `imagenet` "
                f"weights, `input_shape` should be {default_shape}.  "
                f"Received: input_shape={input_shape}"
            )
        return default_shape

    if input_shape:
        input_shape = tuple(input_shape)
        if len(input_shape) != 3:
            raise ValueError(
                "`input_shape` must be a tuple of three integers."
            )
        channels = input_shape[0 if channels_first else -1]
        sides = input_shape[1:] if channels_first else input_shape[:2]
        if channels != 3 and imagenet:
            raise ValueError(
                "The input must have 3 channels; Received "
                f"`input_shape={input_shape}`"
            )
        if any(s is not None and s < min_size for s in sides):
            raise ValueError(
                f"Input size must be at least {min_size}x{min_size}; "
                f"Received: input_shape={input_shape}"
            )
    elif require_flatten:
        input_shape = default_shape
    else:
        input_shape = make(None, 3)

    if require_flatten and None in input_shape:
        raise ValueError(
            "If `include_top` is True, you should specify a static "
            f"`input_shape`. Received: input_shape={input_shape}"
        )
    return input_shape


def correct_pad(inputs, kernel_size):
    """Padding that makes a stride-2 convolution halve the image exactly.

    Args:
        inputs: the 4D input (tensor or `KerasTensor`) of the convolution.
        kernel_size: an int or a pair of ints.

    Returns:
        `((top, bottom), (left, right))` for `ZeroPadding2D`: centered for
        odd sides, one less before the image for even (or unknown) sides.

    Example:

    ```python
    correct_pad(keras.KerasTensor((None, 6, 6, 3)), 3)
    # ((0, 1), (0, 1))
    ```
    """
    first = 2 if backend.image_data_format() == "channels_first" else 1
    sides = tuple(inputs.shape)[first : first + 2]
    if isinstance(kernel_size, int):
        kernel_size = (kernel_size, kernel_size)
    pads = []
    for side, k in zip(sides, kernel_size):
        odd = 0 if side is None else side % 2
        before = k // 2 - (1 - odd)
        pads.append((before, k // 2))
    return tuple(pads)


def validate_activation(classifier_activation, weights):
    """Rejects head activations that pretrained weights were not made for.

    Pretrained classifiers were trained with a softmax; only `softmax` or
    no activation (`None`/`"linear"`, giving logits) fits them.

    Args:
        classifier_activation: the activation (name or callable).
        weights: `None` (nothing is checked), `"imagenet"` or a path.

    Raises:
        ValueError: for any other activation when `weights` is not None.

    Example:

    ```python
    validate_activation("softmax", "imagenet")  # passes
    validate_activation("relu", None)  # passes: random weights
    ```
    """
    if weights is None:
        return
    activation = activations.get(classifier_activation)
    if activation not in (activations.get("softmax"), activations.get(None)):
        raise ValueError(
            "Only `None` and `softmax` activations are allowed for the "
            "`classifier_activation` argument when using pretrained "
            "weights, with `include_top=True`; Received: "
            f"classifier_activation={classifier_activation}"
        )


# Steps every application function shares. They are private: the public
# surface is the model functions themselves.


def _check_weights_and_classes(weights, include_top, classes):
    """Validates `weights` (None, "imagenet" or an existing file)."""
    if not (weights in (None, "imagenet") or file_utils.exists(weights)):
        raise ValueError(
            "The `weights` argument should be either `None` (random "
            "initialization), 'imagenet' (pre-training on ImageNet), or the "
            "path to the weights file to be loaded.  Received: "
            f"weights={weights}"
        )
    if weights == "imagenet" and include_top and classes != 1000:
        raise ValueError(
            "If using `weights='imagenet'` with `include_top=True`, "
            f"`classes` should be 1000.  Received classes={classes}"
        )


def _model_input(input_tensor, input_shape):
    """The functional input: a new `Input` or the given `input_tensor`."""
    if input_tensor is None:
        return layers.Input(shape=input_shape)
    if backend.is_keras_tensor(input_tensor):
        return input_tensor
    return layers.Input(tensor=input_tensor, shape=input_shape)


def _model_inputs(input_tensor, img_input):
    """What the model is built from: the sources of `input_tensor`."""
    if input_tensor is None:
        return img_input
    return operation_utils.get_source_inputs(input_tensor)


def _head(x, include_top, pooling, classes, classifier_activation, weights):
    """Global average pooling + `predictions` Dense, or the chosen pooling."""
    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        validate_activation(classifier_activation, weights)
        return layers.Dense(
            classes, activation=classifier_activation, name="predictions"
        )(x)
    if pooling == "avg":
        return layers.GlobalAveragePooling2D(name="avg_pool")(x)
    if pooling == "max":
        return layers.GlobalMaxPooling2D(name="max_pool")(x)
    return x


def _load_weights(model, weights, file_name=None, origin=None, file_hash=None):
    """Loads `weights`: the published ImageNet file, or a local path."""
    if weights == "imagenet":
        path = file_utils.get_file(
            file_name, origin, cache_subdir="models", file_hash=file_hash
        )
        model.load_weights(path)
    elif weights is not None:
        model.load_weights(weights)
