"""MobileNetV2 (Sandler et al., 2018, "MobileNetV2: Inverted Residuals
and Linear Bottlenecks").

After a strided 3x3 convolution, 17 inverted-residual blocks: a 1x1
expansion (ReLU6), a 3x3 depthwise convolution (ReLU6) and a linear 1x1
projection, with a residual connection when shapes allow. `alpha` scales
the widths (rounded to multiples of 8).
"""

import warnings

from keras.src import backend
from keras.src import layers
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.applications.mobilenet import _image_side
from keras.src.models import Functional

BASE_WEIGHT_PATH = (
    "https://storage.googleapis.com/tensorflow/keras-applications/"
    "mobilenet_v2/"
)
_ALPHAS = (0.35, 0.50, 0.75, 1.0, 1.3, 1.4)
_SIZES = (96, 128, 160, 192, 224)
# (filters, stride, expansion) of blocks 0..16.
_BLOCKS = (
    (16, 1, 1), (24, 2, 6), (24, 1, 6), (32, 2, 6), (32, 1, 6), (32, 1, 6),
    (64, 2, 6), (64, 1, 6), (64, 1, 6), (64, 1, 6), (96, 1, 6), (96, 1, 6),
    (96, 1, 6), (160, 2, 6), (160, 1, 6), (160, 1, 6), (320, 1, 6),
)  # fmt: skip


def _make_divisible(value, divisor, min_value=None):
    """Rounds `value` to a multiple of `divisor`, losing at most 10%."""
    min_value = divisor if min_value is None else min_value
    rounded = max(min_value, int(value + divisor / 2) // divisor * divisor)
    if rounded < 0.9 * value:
        rounded += divisor
    return rounded


def _bn(name):
    axis = 1 if backend.image_data_format() == "channels_first" else -1
    return layers.BatchNormalization(
        axis=axis, epsilon=1e-3, momentum=0.999, name=name
    )


def _inverted_res_block(inputs, expansion, stride, alpha, filters, block_id):
    axis = 1 if backend.image_data_format() == "channels_first" else -1
    in_channels = inputs.shape[axis]
    pointwise_filters = _make_divisible(int(filters * alpha), 8)
    x = inputs
    if block_id:
        prefix = f"block_{block_id}_"
        x = layers.Conv2D(
            expansion * in_channels, 1, padding="same", use_bias=False,
            name=prefix + "expand",
        )(x)
        x = _bn(prefix + "expand_BN")(x)
        x = layers.ReLU(6.0, name=prefix + "expand_relu")(x)
    else:
        prefix = "expanded_conv_"
    if stride == 2:
        x = layers.ZeroPadding2D(
            padding=imagenet_utils.correct_pad(x, 3), name=prefix + "pad"
        )(x)
    x = layers.DepthwiseConv2D(
        3, strides=stride, use_bias=False,
        padding="same" if stride == 1 else "valid",
        name=prefix + "depthwise",
    )(x)
    x = _bn(prefix + "depthwise_BN")(x)
    x = layers.ReLU(6.0, name=prefix + "depthwise_relu")(x)
    x = layers.Conv2D(
        pointwise_filters, 1, padding="same", use_bias=False,
        name=prefix + "project",
    )(x)
    x = _bn(prefix + "project_BN")(x)
    if in_channels == pointwise_filters and stride == 1:
        return layers.Add(name=prefix + "add")([inputs, x])
    return x


@keras_export(
    [
        "keras.applications.mobilenet_v2.MobileNetV2",
        "keras.applications.MobileNetV2",
    ]
)
def MobileNetV2(
    input_shape=None,
    alpha=1.0,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name=None,
):
    """Instantiates the MobileNetV2 architecture.

    Expects images preprocessed by `keras.applications.mobilenet_v2.
    preprocess_input` (scaled to `[-1, 1]`). ImageNet weights exist for
    `alpha` in 0.35, 0.5, 0.75, 1.0, 1.3, 1.4 and square inputs of side
    96, 128, 160, 192 or 224; they are downloaded on first use.

    Args:
        input_shape: optional shape tuple, only with `include_top=False`
            or without pretrained weights (at least 32x32).
        alpha: width multiplier of every layer.
        include_top: whether to end with the classifier.
        weights: `None`, `"imagenet"`, or the path of a weights file.
        input_tensor: optional `KerasTensor` to use as the image input.
        pooling: with `include_top=False`, `None`, `"avg"` or `"max"`.
        classes: number of classes of the classifier.
        classifier_activation: activation of the classifier (`None` gives
            logits); only `None` or `"softmax"` with pretrained weights.
        name: the model's name (default `mobilenetv2_{alpha}_{rows}`).

    Returns:
        A `keras.Model` instance.

    Example:

    ```python
    model = keras.applications.MobileNetV2(
        weights=None, alpha=0.35, input_shape=(32, 32, 3), classes=10)
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
        if alpha not in _ALPHAS:
            raise ValueError(
                "If imagenet weights are being loaded, alpha must be one "
                "of `0.35`, `0.50`, `0.75`, `1.0`, `1.3` or `1.4` only; "
                f"Received `alpha={alpha}`"
            )
        if side is None:
            warnings.warn(
                "`input_shape` is undefined or non-square, or `rows` is "
                "not in [96, 128, 160, 192, 224]. Weights for input shape "
                "(224, 224) will be loaded as the default.",
                stacklevel=2,
            )
            rows = 224
    img_input = imagenet_utils._model_input(input_tensor, input_shape)

    x = layers.Conv2D(
        _make_divisible(32 * alpha, 8), kernel_size=3, strides=(2, 2),
        padding="same", use_bias=False, name="Conv1",
    )(img_input)
    x = _bn("bn_Conv1")(x)
    x = layers.ReLU(6.0, name="Conv1_relu")(x)
    for block_id, (filters, stride, expansion) in enumerate(_BLOCKS):
        x = _inverted_res_block(
            x, expansion, stride, alpha, filters, block_id
        )
    last_filters = _make_divisible(1280 * alpha, 8) if alpha > 1.0 else 1280
    x = layers.Conv2D(last_filters, 1, use_bias=False, name="Conv_1")(x)
    x = _bn("Conv_1_bn")(x)
    x = layers.ReLU(6.0, name="out_relu")(x)

    if include_top:
        x = layers.GlobalAveragePooling2D()(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Dense(
            classes, activation=classifier_activation, name="predictions"
        )(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D()(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D()(x)

    inputs = imagenet_utils._model_inputs(input_tensor, img_input)
    if name is None:
        name = f"mobilenetv2_{alpha:0.2f}_{rows}"
    model = Functional(inputs, x, name=name)

    if weights == "imagenet":
        suffix = ".h5" if include_top else "_no_top.h5"
        file_name = (
            "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_"
            f"{float(alpha)}_{rows}{suffix}"
        )
        imagenet_utils._load_weights(
            model, weights, file_name, BASE_WEIGHT_PATH + file_name
        )
    else:
        imagenet_utils._load_weights(model, weights)
    return model


@keras_export("keras.applications.mobilenet_v2.preprocess_input")
def preprocess_input(x, data_format=None):
    return imagenet_utils.preprocess_input(
        x, data_format=data_format, mode="tf"
    )


@keras_export("keras.applications.mobilenet_v2.decode_predictions")
def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)


preprocess_input.__doc__ = imagenet_utils.PREPROCESS_INPUT_DOC.format(
    mode="",
    ret=imagenet_utils.PREPROCESS_INPUT_RET_DOC_TF,
    error=imagenet_utils.PREPROCESS_INPUT_ERROR_DOC,
)
decode_predictions.__doc__ = imagenet_utils.decode_predictions.__doc__
