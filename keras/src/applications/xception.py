"""Xception (Chollet, 2017, "Xception: Deep Learning with Depthwise
Separable Convolutions").

Three flows of depthwise-separable convolutions with residual
connections: the entry flow (two plain convolutions, then three blocks
that each halve the image, `block2`..`block4`), the middle flow (eight
identical 728-channel blocks, `block5`..`block12`) and the exit flow
(`block13`, `block14`). Layer names follow the published Keras weight
files, which are loaded by layer order; the strided 1x1 shortcut
convolutions and their batch norms are unnamed there, as here.
"""

from keras.src import backend
from keras.src import layers
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.models import Functional

WEIGHTS_PATH = (
    "https://storage.googleapis.com/tensorflow/keras-applications/"
    "xception/xception_weights_tf_dim_ordering_tf_kernels.h5"
)
WEIGHTS_PATH_NO_TOP = (
    "https://storage.googleapis.com/tensorflow/keras-applications/"
    "xception/xception_weights_tf_dim_ordering_tf_kernels_notop.h5"
)
# md5 of the files with and without the classifier.
_HASHES = (
    "0a58e3b7378bc2990ea3b43d5981f1f6",
    "b0042744bf5b25fce3cb969f33bebb97",
)


def _channel_axis():
    return 1 if backend.image_data_format() == "channels_first" else -1


def _bn(name=None):
    return layers.BatchNormalization(axis=_channel_axis(), name=name)


def _sepconv_bn(x, filters, name):
    x = layers.SeparableConv2D(
        filters, 3, padding="same", use_bias=False, name=name
    )(x)
    return _bn(f"{name}_bn")(x)


def _downsampling_block(x, filters, block, activate_input=True):
    """Two separable convs and a strided max pool, plus a 1x1 shortcut.

    `filters` holds the channels of the two separable convolutions; the
    shortcut has the second one's.
    """
    shortcut = layers.Conv2D(
        filters[1], 1, strides=2, padding="same", use_bias=False
    )(x)
    shortcut = _bn()(shortcut)
    prefix = f"block{block}_sepconv"
    if activate_input:
        x = layers.Activation("relu", name=f"{prefix}1_act")(x)
    x = _sepconv_bn(x, filters[0], f"{prefix}1")
    x = layers.Activation("relu", name=f"{prefix}2_act")(x)
    x = _sepconv_bn(x, filters[1], f"{prefix}2")
    x = layers.MaxPooling2D(
        3, strides=2, padding="same", name=f"block{block}_pool"
    )(x)
    return layers.Add()([x, shortcut])


def _middle_block(x, block):
    """Three ReLU-separable conv-BN steps around an identity shortcut."""
    shortcut = x
    for i in (1, 2, 3):
        prefix = f"block{block}_sepconv{i}"
        x = layers.Activation("relu", name=f"{prefix}_act")(x)
        x = _sepconv_bn(x, 728, prefix)
    return layers.Add()([x, shortcut])


@keras_export(
    ["keras.applications.xception.Xception", "keras.applications.Xception"]
)
def Xception(
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="xception",
):
    """Instantiates the Xception architecture (Chollet, 2017).

    Expects images preprocessed by
    `keras.applications.xception.preprocess_input` (scaled to `[-1, 1]`).
    With `weights="imagenet"` the published Keras weights are downloaded to
    `~/.keras/models` on first use; the default input size is 299x299.

    Args:
        include_top: whether to end with the fully-connected classifier.
        weights: `None` (random initialization), `"imagenet"`, or the path
            of a weights file to load.
        input_tensor: optional `KerasTensor` (from `keras.Input`) to use as
            the image input.
        input_shape: optional shape tuple, only with `include_top=False`
            (otherwise `(299, 299, 3)`): 3 channels, at least 71x71.
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
    model = keras.applications.Xception(weights=None, include_top=False,
                                        input_shape=(71, 71, 3),
                                        pooling="avg")
    model(np.zeros((1, 71, 71, 3))).shape  # (1, 2048)
    ```
    """
    imagenet_utils._check_weights_and_classes(weights, include_top, classes)
    if include_top:
        imagenet_utils.validate_activation(classifier_activation, weights)
    input_shape = imagenet_utils.obtain_input_shape(
        input_shape,
        default_size=299,
        min_size=71,
        data_format=backend.image_data_format(),
        require_flatten=include_top,
        weights=weights,
    )
    img_input = imagenet_utils._model_input(input_tensor, input_shape)

    # Entry flow.
    x = layers.Conv2D(
        32, 3, strides=2, use_bias=False, name="block1_conv1"
    )(img_input)
    x = _bn("block1_conv1_bn")(x)
    x = layers.Activation("relu", name="block1_conv1_act")(x)
    x = layers.Conv2D(64, 3, use_bias=False, name="block1_conv2")(x)
    x = _bn("block1_conv2_bn")(x)
    x = layers.Activation("relu", name="block1_conv2_act")(x)
    # The first block's input is already activated.
    x = _downsampling_block(x, (128, 128), 2, activate_input=False)
    x = _downsampling_block(x, (256, 256), 3)
    x = _downsampling_block(x, (728, 728), 4)

    # Middle flow.
    for block in range(5, 13):
        x = _middle_block(x, block)

    # Exit flow.
    x = _downsampling_block(x, (728, 1024), 13)
    for i, filters in ((1, 1536), (2, 2048)):
        x = _sepconv_bn(x, filters, f"block14_sepconv{i}")
        x = layers.Activation("relu", name=f"block14_sepconv{i}_act")(x)

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


@keras_export("keras.applications.xception.preprocess_input")
def preprocess_input(x, data_format=None):
    return imagenet_utils.preprocess_input(
        x, data_format=data_format, mode="tf"
    )


@keras_export("keras.applications.xception.decode_predictions")
def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)


preprocess_input.__doc__ = imagenet_utils.PREPROCESS_INPUT_DOC.format(
    mode="",
    ret=imagenet_utils.PREPROCESS_INPUT_RET_DOC_TF,
    error=imagenet_utils.PREPROCESS_INPUT_ERROR_DOC,
)
decode_predictions.__doc__ = imagenet_utils.decode_predictions.__doc__
