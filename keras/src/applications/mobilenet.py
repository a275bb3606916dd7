"""MobileNet (Howard et al., 2017, "MobileNets: Efficient Convolutional
Neural Networks for Mobile Vision Applications").

A strided 3x3 convolution, then 13 depthwise-separable blocks (a 3x3
depthwise convolution and a 1x1 pointwise one, each with batch norm and
ReLU6). `alpha` scales every width, `depth_multiplier` the depthwise
convolutions.
"""

import warnings

from keras.src import backend
from keras.src import layers
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.models import Functional

BASE_WEIGHT_PATH = (
    "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/"
)
_ALPHAS = (0.25, 0.50, 0.75, 1.0)
_SIZES = (128, 160, 192, 224)
# (pointwise filters, stride) of the 13 depthwise-separable blocks.
_BLOCKS = (
    (64, 1), (128, 2), (128, 1), (256, 2), (256, 1), (512, 2),
    (512, 1), (512, 1), (512, 1), (512, 1), (512, 1), (1024, 2), (1024, 1),
)  # fmt: skip


def _image_side(input_shape, input_tensor, sizes, data_format):
    """The square side the pretrained weights are chosen by, or None."""
    if input_shape is None and input_tensor is not None:
        input_shape = tuple(input_tensor.shape[1:])
    if input_shape is None or len(input_shape) != 3:
        return None, input_shape
    if data_format == "channels_first":
        rows, cols = input_shape[1], input_shape[2]
    else:
        rows, cols = input_shape[0], input_shape[1]
    if rows == cols and rows in sizes:
        return rows, input_shape
    return None, input_shape


def _separable_block(x, filters, alpha, depth_multiplier, stride, block_id):
    channel_axis = 1 if backend.image_data_format() == "channels_first" else -1
    filters = int(filters * alpha)
    if stride == 1:
        padding = "same"
    else:
        x = layers.ZeroPadding2D(
            ((0, 1), (0, 1)), name=f"conv_pad_{block_id}"
        )(x)
        padding = "valid"
    x = layers.DepthwiseConv2D(
        (3, 3),
        padding=padding,
        depth_multiplier=depth_multiplier,
        strides=stride,
        use_bias=False,
        name=f"conv_dw_{block_id}",
    )(x)
    x = layers.BatchNormalization(
        axis=channel_axis, name=f"conv_dw_{block_id}_bn"
    )(x)
    x = layers.ReLU(6.0, name=f"conv_dw_{block_id}_relu")(x)
    x = layers.Conv2D(
        filters, (1, 1), padding="same", use_bias=False,
        name=f"conv_pw_{block_id}",
    )(x)
    x = layers.BatchNormalization(
        axis=channel_axis, name=f"conv_pw_{block_id}_bn"
    )(x)
    return layers.ReLU(6.0, name=f"conv_pw_{block_id}_relu")(x)


@keras_export(
    ["keras.applications.mobilenet.MobileNet", "keras.applications.MobileNet"]
)
def MobileNet(
    input_shape=None,
    alpha=1.0,
    depth_multiplier=1,
    dropout=1e-3,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name=None,
):
    """Instantiates the MobileNet architecture.

    Expects images preprocessed by `keras.applications.mobilenet.
    preprocess_input` (scaled to `[-1, 1]`). ImageNet weights exist for
    `alpha` in 0.25, 0.5, 0.75, 1.0 and square inputs of side 128, 160,
    192 or 224; they are downloaded to `~/.keras/models` on first use.

    Args:
        input_shape: optional shape tuple, only with `include_top=False`
            or without pretrained weights (at least 32x32).
        alpha: width multiplier of every layer.
        depth_multiplier: depth multiplier of the depthwise convolutions
            (1 with pretrained weights).
        dropout: dropout rate before the classifier.
        include_top: whether to end with the classifier.
        weights: `None`, `"imagenet"`, or the path of a weights file.
        input_tensor: optional `KerasTensor` to use as the image input.
        pooling: with `include_top=False`, `None`, `"avg"` or `"max"`.
        classes: number of classes of the classifier.
        classifier_activation: activation of the classifier (`None` gives
            logits); only `None` or `"softmax"` with pretrained weights.
        name: the model's name (default `mobilenet_{alpha}_{rows}`).

    Returns:
        A `keras.Model` instance.

    Example:

    ```python
    model = keras.applications.MobileNet(
        weights=None, alpha=0.25, input_shape=(32, 32, 3), classes=10)
    model(np.zeros((1, 32, 32, 3))).shape  # (1, 10)
    ```
    """
    imagenet_utils._check_weights_and_classes(weights, include_top, classes)
    data_format = backend.image_data_format()
    side, input_shape = _image_side(
        input_shape, input_tensor, _SIZES, data_format
    )
    input_shape = imagenet_utils.obtain_input_shape(
        input_shape,
        default_size=side or 224,
        min_size=32,
        data_format=data_format,
        require_flatten=include_top,
        weights=weights,
    )
    rows = input_shape[1 if data_format == "channels_first" else 0]
    if weights == "imagenet":
        if depth_multiplier != 1:
            raise ValueError(
                "If imagenet weights are being loaded, depth multiplier "
                f"must be 1.  Received depth_multiplier={depth_multiplier}"
            )
        if alpha not in _ALPHAS:
            raise ValueError(
                "If imagenet weights are being loaded, alpha can be one of "
                "`0.25`, `0.50`, `0.75` or `1.0` only. "
                f"Received alpha={alpha}"
            )
        if side is None:
            warnings.warn(
                "`input_shape` is undefined or non-square, or `rows` is "
                "not in [128, 160, 192, 224]. Weights for input shape "
                "(224, 224) will be loaded as the default.",
                stacklevel=2,
            )
            rows = 224
    img_input = imagenet_utils._model_input(input_tensor, input_shape)
    channel_axis = 1 if data_format == "channels_first" else -1

    x = layers.Conv2D(
        int(32 * alpha), (3, 3), padding="same", use_bias=False,
        strides=(2, 2), name="conv1",
    )(img_input)
    x = layers.BatchNormalization(axis=channel_axis, name="conv1_bn")(x)
    x = layers.ReLU(6.0, name="conv1_relu")(x)
    for block_id, (filters, stride) in enumerate(_BLOCKS, start=1):
        x = _separable_block(
            x, filters, alpha, depth_multiplier, stride, block_id
        )

    if include_top:
        x = layers.GlobalAveragePooling2D(keepdims=True)(x)
        x = layers.Dropout(dropout, name="dropout")(x)
        x = layers.Conv2D(classes, (1, 1), padding="same", name="conv_preds")(
            x
        )
        x = layers.Reshape((classes,), name="reshape_2")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Activation(
            activation=classifier_activation, name="predictions"
        )(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D()(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D()(x)

    inputs = imagenet_utils._model_inputs(input_tensor, img_input)
    if name is None:
        name = f"mobilenet_{alpha:0.2f}_{rows}"
    model = Functional(inputs, x, name=name)

    if weights == "imagenet":
        alpha_text = {1.0: "1_0", 0.75: "7_5", 0.50: "5_0", 0.25: "2_5"}[
            alpha
        ]
        suffix = "tf.h5" if include_top else "tf_no_top.h5"
        file_name = f"mobilenet_{alpha_text}_{rows}_{suffix}"
        imagenet_utils._load_weights(
            model, weights, file_name, BASE_WEIGHT_PATH + file_name
        )
    else:
        imagenet_utils._load_weights(model, weights)
    return model


@keras_export("keras.applications.mobilenet.preprocess_input")
def preprocess_input(x, data_format=None):
    return imagenet_utils.preprocess_input(
        x, data_format=data_format, mode="tf"
    )


@keras_export("keras.applications.mobilenet.decode_predictions")
def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)


preprocess_input.__doc__ = imagenet_utils.PREPROCESS_INPUT_DOC.format(
    mode="",
    ret=imagenet_utils.PREPROCESS_INPUT_RET_DOC_TF,
    error=imagenet_utils.PREPROCESS_INPUT_ERROR_DOC,
)
decode_predictions.__doc__ = imagenet_utils.decode_predictions.__doc__
