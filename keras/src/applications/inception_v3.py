"""Inception-v3 (Szegedy et al., 2016, "Rethinking the Inception
Architecture for Computer Vision").

A stem of five convolutions and two max poolings, then eleven Inception
modules `mixed0`..`mixed10`: three at 35x35 (5x5 convolutions factored
into two 3x3), a grid reduction (`mixed3`), four at 17x17 (7x7
convolutions factored into 1x7 and 7x1), a second reduction (`mixed8`)
and two at 8x8 with split 1x3/3x1 branches. Every convolution is
`conv2d_bn`: a bias-free convolution, a batch norm without scale and a
ReLU. Only the module outputs are named, as in the published Keras weight
files, which are loaded by layer order.
"""

from keras.src import backend
from keras.src import layers
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.models import Functional

WEIGHTS_PATH = (
    "https://storage.googleapis.com/tensorflow/keras-applications/"
    "inception_v3/inception_v3_weights_tf_dim_ordering_tf_kernels.h5"
)
WEIGHTS_PATH_NO_TOP = (
    "https://storage.googleapis.com/tensorflow/keras-applications/"
    "inception_v3/inception_v3_weights_tf_dim_ordering_tf_kernels_notop.h5"
)
# md5 of the files with and without the classifier.
_HASHES = (
    "9a0d58056eeedaa3f26cb7ebd46da564",
    "bcbd6486424b2319ff4ef7d526e38f63",
)


def _channel_axis():
    return 1 if backend.image_data_format() == "channels_first" else 3


def conv2d_bn(
    x, filters, num_row, num_col, padding="same", strides=(1, 1), name=None
):
    """A bias-free convolution, a batch norm (no scale) and a ReLU.

    Args:
        x: the input tensor.
        filters: number of output channels.
        num_row: kernel height.
        num_col: kernel width.
        padding: `"same"` or `"valid"`.
        strides: strides of the convolution.
        name: when given, the ReLU is named `name` and the convolution and
            batch norm `name + "_conv"` and `name + "_bn"`.

    Returns:
        The output tensor.

    Example:

    ```python
    x = keras.Input((8, 8, 3))
    y = conv2d_bn(x, 16, 1, 7)  # shape (None, 8, 8, 16)
    ```
    """
    x = layers.Conv2D(
        filters,
        (num_row, num_col),
        strides=strides,
        padding=padding,
        use_bias=False,
        name=None if name is None else f"{name}_conv",
    )(x)
    x = layers.BatchNormalization(
        axis=_channel_axis(),
        scale=False,
        name=None if name is None else f"{name}_bn",
    )(x)
    return layers.Activation("relu", name=name)(x)


def _avg_pool_branch(x, filters):
    y = layers.AveragePooling2D(3, strides=1, padding="same")(x)
    return conv2d_bn(y, filters, 1, 1)


def _concat(branches, name=None):
    return layers.Concatenate(axis=_channel_axis(), name=name)(branches)


def _module_35(x, pool_filters, name):
    """1x1 | 1x1 -> 5x5 | 1x1 -> 3x3 -> 3x3 | avg pool -> 1x1."""
    b1 = conv2d_bn(x, 64, 1, 1)
    b5 = conv2d_bn(x, 48, 1, 1)
    b5 = conv2d_bn(b5, 64, 5, 5)
    b3 = conv2d_bn(x, 64, 1, 1)
    b3 = conv2d_bn(b3, 96, 3, 3)
    b3 = conv2d_bn(b3, 96, 3, 3)
    return _concat([b1, b5, b3, _avg_pool_branch(x, pool_filters)], name)


def _reduction_35(x):
    """35x35 -> 17x17: strided 3x3 | 1x1 -> 3x3 -> strided 3x3 | max."""
    b3 = conv2d_bn(x, 384, 3, 3, strides=(2, 2), padding="valid")
    b3dbl = conv2d_bn(x, 64, 1, 1)
    b3dbl = conv2d_bn(b3dbl, 96, 3, 3)
    b3dbl = conv2d_bn(b3dbl, 96, 3, 3, strides=(2, 2), padding="valid")
    pool = layers.MaxPooling2D(3, strides=2)(x)
    return _concat([b3, b3dbl, pool], "mixed3")


def _module_17(x, width, name):
    """1x1 | factorized 7x7 | twice-factorized 7x7 | avg pool -> 1x1.

    `width` is the channel count inside the factorized branches.
    """
    b1 = conv2d_bn(x, 192, 1, 1)
    b7 = conv2d_bn(x, width, 1, 1)
    b7 = conv2d_bn(b7, width, 1, 7)
    b7 = conv2d_bn(b7, 192, 7, 1)
    b7dbl = conv2d_bn(x, width, 1, 1)
    b7dbl = conv2d_bn(b7dbl, width, 7, 1)
    b7dbl = conv2d_bn(b7dbl, width, 1, 7)
    b7dbl = conv2d_bn(b7dbl, width, 7, 1)
    b7dbl = conv2d_bn(b7dbl, 192, 1, 7)
    return _concat([b1, b7, b7dbl, _avg_pool_branch(x, 192)], name)


def _reduction_17(x):
    """17x17 -> 8x8: 1x1 -> strided 3x3 | 1x1, 1x7, 7x1, strided 3x3."""
    b3 = conv2d_bn(x, 192, 1, 1)
    b3 = conv2d_bn(b3, 320, 3, 3, strides=(2, 2), padding="valid")
    b7 = conv2d_bn(x, 192, 1, 1)
    b7 = conv2d_bn(b7, 192, 1, 7)
    b7 = conv2d_bn(b7, 192, 7, 1)
    b7 = conv2d_bn(b7, 192, 3, 3, strides=(2, 2), padding="valid")
    pool = layers.MaxPooling2D(3, strides=2)(x)
    return _concat([b3, b7, pool], "mixed8")


def _module_8(x, index):
    """1x1 | 1x1 -> (1x3, 3x1) | 1x1 -> 3x3 -> (1x3, 3x1) | avg pool."""
    b1 = conv2d_bn(x, 320, 1, 1)
    b3 = conv2d_bn(x, 384, 1, 1)
    b3 = _concat(
        [conv2d_bn(b3, 384, 1, 3), conv2d_bn(b3, 384, 3, 1)],
        f"mixed9_{index}",
    )
    b3dbl = conv2d_bn(x, 448, 1, 1)
    b3dbl = conv2d_bn(b3dbl, 384, 3, 3)
    b3dbl = _concat(
        [conv2d_bn(b3dbl, 384, 1, 3), conv2d_bn(b3dbl, 384, 3, 1)]
    )
    pool = _avg_pool_branch(x, 192)
    return _concat([b1, b3, b3dbl, pool], f"mixed{9 + index}")


@keras_export(
    [
        "keras.applications.inception_v3.InceptionV3",
        "keras.applications.InceptionV3",
    ]
)
def InceptionV3(
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="inception_v3",
):
    """Instantiates the Inception-v3 architecture (Szegedy et al., 2016).

    Expects images preprocessed by
    `keras.applications.inception_v3.preprocess_input` (scaled to
    `[-1, 1]`). With `weights="imagenet"` the published Keras weights are
    downloaded to `~/.keras/models` on first use; the default input size
    is 299x299.

    Args:
        include_top: whether to end with the fully-connected classifier.
        weights: `None` (random initialization), `"imagenet"`, or the path
            of a weights file to load.
        input_tensor: optional `KerasTensor` (from `keras.Input`) to use as
            the image input.
        input_shape: optional shape tuple, only with `include_top=False`
            (otherwise `(299, 299, 3)`): 3 channels, at least 75x75.
        pooling: with `include_top=False`, `None` keeps the 4D feature
            map, `"avg"` or `"max"` pool it globally to a 2D tensor.
        classes: number of classes, only without pretrained weights or
            with `include_top=False`.
        classifier_activation: activation of the classifier (`None` gives
            logits); only `None` or `"softmax"` with pretrained weights.
        name: the model's name.

    Returns:
        A `keras.Model` instance.

    Example:

    ```python
    model = keras.applications.InceptionV3(weights=None, include_top=False,
                                           input_shape=(75, 75, 3),
                                           pooling="avg")
    model(np.zeros((1, 75, 75, 3))).shape  # (1, 2048)
    ```
    """
    imagenet_utils._check_weights_and_classes(weights, include_top, classes)
    if include_top:
        imagenet_utils.validate_activation(classifier_activation, weights)
    input_shape = imagenet_utils.obtain_input_shape(
        input_shape,
        default_size=299,
        min_size=75,
        data_format=backend.image_data_format(),
        require_flatten=include_top,
        weights=weights,
    )
    img_input = imagenet_utils._model_input(input_tensor, input_shape)

    x = conv2d_bn(img_input, 32, 3, 3, strides=(2, 2), padding="valid")
    x = conv2d_bn(x, 32, 3, 3, padding="valid")
    x = conv2d_bn(x, 64, 3, 3)
    x = layers.MaxPooling2D(3, strides=2)(x)
    x = conv2d_bn(x, 80, 1, 1, padding="valid")
    x = conv2d_bn(x, 192, 3, 3, padding="valid")
    x = layers.MaxPooling2D(3, strides=2)(x)

    for index, pool_filters in enumerate((32, 64, 64)):
        x = _module_35(x, pool_filters, f"mixed{index}")
    x = _reduction_35(x)
    for index, width in enumerate((128, 160, 160, 192), start=4):
        x = _module_17(x, width, f"mixed{index}")
    x = _reduction_17(x)
    for index in (0, 1):
        x = _module_8(x, index)

    x = imagenet_utils._head(
        x, include_top, pooling, classes, classifier_activation, weights
    )
    inputs = imagenet_utils._model_inputs(input_tensor, img_input)
    model = Functional(inputs, x, name=name)

    if weights == "imagenet":
        origin = WEIGHTS_PATH if include_top else WEIGHTS_PATH_NO_TOP
        imagenet_utils._load_weights(
            model,
            weights,
            origin.rsplit("/", 1)[-1],
            origin,
            _HASHES[0 if include_top else 1],
        )
    else:
        imagenet_utils._load_weights(model, weights)
    return model


@keras_export("keras.applications.inception_v3.preprocess_input")
def preprocess_input(x, data_format=None):
    return imagenet_utils.preprocess_input(
        x, data_format=data_format, mode="tf"
    )


@keras_export("keras.applications.inception_v3.decode_predictions")
def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)


preprocess_input.__doc__ = imagenet_utils.PREPROCESS_INPUT_DOC.format(
    mode="",
    ret=imagenet_utils.PREPROCESS_INPUT_RET_DOC_TF,
    error=imagenet_utils.PREPROCESS_INPUT_ERROR_DOC,
)
decode_predictions.__doc__ = imagenet_utils.decode_predictions.__doc__
