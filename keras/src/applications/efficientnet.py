"""EfficientNet B0-B7 (Tan & Le, 2019): mobile inverted bottlenecks with
squeeze-and-excitation, scaled jointly in width, depth and resolution.

Layer names, order and weight shapes follow Keras's models exactly, so the
pretrained `.h5` files published for Keras load here unchanged.
"""

import copy
import math

from keras.src import backend
from keras.src import layers
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.models.functional import Functional
from keras.src.ops import operation_utils
from keras.src.utils import file_utils

BASE_WEIGHTS_PATH = "https://storage.googleapis.com/keras-applications/"

# MD5 digests of the published files: (with classifier, without).
WEIGHTS_HASHES = {
    "b0": (
        "902e53a9f72be733fc0bcb005b3ebbac",
        "50bc09e76180e00e4465e1a485ddc09d",
    ),
    "b1": (
        "1d254153d4ab51201f1646940f018540",
        "74c4e6b3e1f6a1eea24c589628592432",
    ),
    "b2": (
        "b15cce36ff4dcbd00b6dd88e7857a6ad",
        "111f8e2ac8aa800a7a99e3239f7bfb39",
    ),
    "b3": (
        "ffd1fdc53d0ce67064dc6a9c7960ede0",
        "af6d107764bb5b1abb91932881670226",
    ),
    "b4": (
        "18c95ad55216b8f92d7e70b3a046e2fc",
        "ebc24e6d6c33eaebbd558eafbeedf1ba",
    ),
    "b5": (
        "ace28f2a6363774853a83a0b21b9421a",
        "38879255a25d3c92d5e44e04ae6cec6f",
    ),
    "b6": (
        "165f6e37dce68623721b423839de8be5",
        "9ecce42647a20130c1f39a5d4cb75743",
    ),
    "b7": (
        "8c03f828fec3ef71311cd463b6759d99",
        "cbcfe4450ddf6f3ad90b1b398090fe4a",
    ),
}


def _stage(kernel, repeats, f_in, f_out, expand, strides):
    return {
        "kernel_size": kernel,
        "repeats": repeats,
        "filters_in": f_in,
        "filters_out": f_out,
        "expand_ratio": expand,
        "id_skip": True,
        "strides": strides,
        "se_ratio": 0.25,
    }


# The seven stages of the B0 baseline (table 1 of the paper); the other
# variants scale their filters and repeats.
DEFAULT_BLOCKS_ARGS = [
    _stage(3, 1, 32, 16, 1, 1),
    _stage(3, 2, 16, 24, 6, 2),
    _stage(5, 2, 24, 40, 6, 2),
    _stage(3, 3, 40, 80, 6, 2),
    _stage(5, 3, 80, 112, 6, 1),
    _stage(5, 4, 112, 192, 6, 2),
    _stage(3, 1, 192, 320, 6, 1),
]

CONV_KERNEL_INITIALIZER = {
    "class_name": "VarianceScaling",
    "config": {
        "scale": 2.0,
        "mode": "fan_out",
        "distribution": "truncated_normal",
    },
}

DENSE_KERNEL_INITIALIZER = {
    "class_name": "VarianceScaling",
    "config": {
        "scale": 1.0 / 3.0,
        "mode": "fan_out",
        "distribution": "uniform",
    },
}

# Per-channel standard deviations of ImageNet's RGB pixels in [0, 1].
IMAGENET_STDDEV_RGB = [0.229, 0.224, 0.225]
_IMAGENET_MEAN_RGB = [0.485, 0.456, 0.406]

BASE_DOCSTRING = """Builds the {name} image classifier.

Reference:
- [EfficientNet: Rethinking Model Scaling for Convolutional Neural
  Networks](https://arxiv.org/abs/1905.11946) (ICML 2019)

The network optionally starts from weights trained on ImageNet. Input
scaling is part of the model (a `Rescaling` and a `Normalization` layer):
feed float pixels in `[0, 255]`; `preprocess_input` of this module returns
its input unchanged.

Args:
    include_top: whether to end with the 1000-way (or `classes`-way)
        classifier. Defaults to `True`.
    weights: `None` (random initialization), `"imagenet"` (weights trained
        on ImageNet) or the path of a weights file. Defaults to
        `"imagenet"`.
    input_tensor: optional Keras tensor (e.g. from `keras.Input()`) to use
        as the image input.
    input_shape: optional shape tuple, only with `include_top=False`; it
        must have 3 channels and sides of at least 32.
    pooling: with `include_top=False`: `None` returns the last feature map
        (4D), `"avg"` or `"max"` pools it globally into a 2D tensor.
    classes: number of classes, only with `include_top=True` and no
        pretrained weights. Defaults to 1000.
    classifier_activation: activation of the classifier (a name or a
        callable); `None` returns logits. With pretrained weights only
        `None` and `"softmax"` are accepted. Defaults to `"softmax"`.
    name: the model's name.

Returns:
    A `keras.Model`.

Example:

```python
model = keras.applications.{name}(weights=None, input_shape=(32, 32, 3),
                                  include_top=False, pooling="avg")
model(np.zeros((1, 32, 32, 3))).shape  # (1, features)
```
"""


def _round_filters(filters, width_coefficient, divisor):
    """Scales a filter count and rounds it to a multiple of `divisor`."""
    scaled = filters * width_coefficient
    rounded = max(divisor, int(scaled + divisor / 2) // divisor * divisor)
    if rounded < 0.9 * scaled:  # never round down by more than 10 %
        rounded += divisor
    return int(rounded)


def _round_repeats(repeats, depth_coefficient):
    return int(math.ceil(depth_coefficient * repeats))


def _check_weights(weights, include_top, classes):
    if not (weights in {"imagenet", None} or file_utils.exists(weights)):
        raise ValueError(
            "The `weights` argument should be either `None` (random "
            "initialization), `'imagenet'` (pre-training on ImageNet), or "
            f"the path to the weights file to be loaded. Received: "
            f"weights={weights}"
        )
    if weights == "imagenet" and include_top and classes != 1000:
        raise ValueError(
            "If using `weights='imagenet'` with `include_top=True`, "
            f"`classes` should be 1000. Received: classes={classes}"
        )


def _image_input(input_tensor, input_shape):
    """The model's image input: a new `Input` or the user's tensor."""
    if input_tensor is None:
        return layers.Input(shape=input_shape)
    if not backend.is_keras_tensor(input_tensor):
        return layers.Input(tensor=input_tensor, shape=input_shape)
    return input_tensor


def _squeeze_excite(x, filters, filters_se, activation, name):
    """Channel gating: pooled features through a 2-layer bottleneck."""
    channels_first = backend.image_data_format() == "channels_first"
    se = layers.GlobalAveragePooling2D(name=name + "se_squeeze")(x)
    shape = (filters, 1, 1) if channels_first else (1, 1, filters)
    se = layers.Reshape(shape, name=name + "se_reshape")(se)
    se = layers.Conv2D(
        filters_se,
        1,
        padding="same",
        activation=activation,
        kernel_initializer=CONV_KERNEL_INITIALIZER,
        name=name + "se_reduce",
    )(se)
    se = layers.Conv2D(
        filters,
        1,
        padding="same",
        activation="sigmoid",
        kernel_initializer=CONV_KERNEL_INITIALIZER,
        name=name + "se_expand",
    )(se)
    return layers.multiply([x, se], name=name + "se_excite")


def _conv_bn(x, filters, name, bn_axis, activation=None):
    """1x1 convolution without bias, batch norm, optional activation."""
    x = layers.Conv2D(
        filters,
        1,
        padding="same",
        use_bias=False,
        kernel_initializer=CONV_KERNEL_INITIALIZER,
        name=name + "_conv",
    )(x)
    x = layers.BatchNormalization(axis=bn_axis, name=name + "_bn")(x)
    if activation is not None:
        x = layers.Activation(activation, name=name + "_activation")(x)
    return x


def block(
    inputs,
    activation="swish",
    drop_rate=0.0,
    name="",
    filters_in=32,
    filters_out=16,
    kernel_size=3,
    strides=1,
    expand_ratio=1,
    se_ratio=0.0,
    id_skip=True,
):
    """One mobile inverted bottleneck (MBConv) block of EfficientNet.

    A 1x1 expansion (skipped when `expand_ratio` is 1), a depthwise
    convolution, optional squeeze-and-excitation and a 1x1 projection; a
    residual connection with stochastic depth when shapes allow it.

    Args:
        inputs: the 4D input tensor.
        activation: activation of the expansion and depthwise stages.
        drop_rate: rate of dropping the whole residual branch per sample.
        name: prefix of the block's layer names (e.g. `"block1a_"`).
        filters_in: channels of `inputs`.
        filters_out: channels of the output.
        kernel_size: side of the depthwise kernel.
        strides: stride of the depthwise convolution.
        expand_ratio: channel expansion factor of the bottleneck.
        se_ratio: squeeze ratio in `(0, 1]`, or 0 for no squeeze-excite.
        id_skip: whether to add the residual connection when possible.

    Returns:
        The output tensor of the block.

    Example:

    ```python
    x = keras.Input((16, 16, 32))
    from keras.src.applications import efficientnet
    y = efficientnet.block(x, name="b_", se_ratio=0.25)
    y.shape  # (None, 16, 16, 16)
    ```
    """
    bn_axis = 3 if backend.image_data_format() == "channels_last" else 1
    filters = filters_in * expand_ratio
    x = inputs
    if expand_ratio != 1:
        x = _conv_bn(x, filters, name + "expand", bn_axis, activation)

    padding = "same"
    if strides == 2:
        pad = imagenet_utils.correct_pad(x, kernel_size)
        x = layers.ZeroPadding2D(pad, name=name + "dwconv_pad")(x)
        padding = "valid"
    x = layers.DepthwiseConv2D(
        kernel_size,
        strides=strides,
        padding=padding,
        use_bias=False,
        depthwise_initializer=CONV_KERNEL_INITIALIZER,
        name=name + "dwconv",
    )(x)
    x = layers.BatchNormalization(axis=bn_axis, name=name + "bn")(x)
    x = layers.Activation(activation, name=name + "activation")(x)

    if 0 < se_ratio <= 1:
        filters_se = max(1, int(filters_in * se_ratio))
        x = _squeeze_excite(x, filters, filters_se, activation, name)

    x = _conv_bn(x, filters_out, name + "project", bn_axis)
    if id_skip and strides == 1 and filters_in == filters_out:
        if drop_rate > 0:
            x = layers.Dropout(
                drop_rate, noise_shape=(None, 1, 1, 1), name=name + "drop"
            )(x)
        x = layers.add([x, inputs], name=name + "add")
    return x


def _head(x, include_top, pooling, classes, classifier_activation, weights,
          dropout_rate):
    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        if dropout_rate > 0:
            x = layers.Dropout(dropout_rate, name="top_dropout")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        return layers.Dense(
            classes,
            activation=classifier_activation,
            kernel_initializer=DENSE_KERNEL_INITIALIZER,
            name="predictions",
        )(x)
    if pooling == "avg":
        return layers.GlobalAveragePooling2D(name="avg_pool")(x)
    if pooling == "max":
        return layers.GlobalMaxPooling2D(name="max_pool")(x)
    return x


def EfficientNet(
    width_coefficient,
    depth_coefficient,
    default_size,
    dropout_rate=0.2,
    drop_connect_rate=0.2,
    depth_divisor=8,
    activation="swish",
    blocks_args="default",
    name="efficientnet",
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    weights_name=None,
):
    """Builds an EfficientNet of any width, depth and resolution.

    `EfficientNetB0` ... `EfficientNetB7` call this with the coefficients of
    the paper; use it directly for other scalings.

    Args:
        width_coefficient: multiplier of every layer's filter count.
        depth_coefficient: multiplier of every stage's block count.
        default_size: image side the model is designed for.
        dropout_rate: dropout before the classifier.
        drop_connect_rate: stochastic-depth rate of the last block (it
            grows linearly from 0 over the blocks).
        depth_divisor: filter counts are rounded to multiples of this.
        activation: activation of the convolutions.
        blocks_args: `"default"` or a list of dicts of `block` arguments
            plus `"repeats"`, one per stage.
        name: the model's name.
        include_top: whether to end with the classifier.
        weights: `None`, `"imagenet"` or a weights file path.
        input_tensor: optional Keras tensor to use as the image input.
        input_shape: optional input shape (only with `include_top=False`).
        pooling: `None`, `"avg"` or `"max"` (with `include_top=False`).
        classes: number of classes of the classifier.
        classifier_activation: activation of the classifier.
        weights_name: key of `WEIGHTS_HASHES` (e.g. `"b0"`) for
            `weights="imagenet"`.

    Returns:
        A `keras.Model`.

    Example:

    ```python
    from keras.src.applications import efficientnet
    model = efficientnet.EfficientNet(
        0.5, 0.5, 64, weights=None, input_shape=(32, 32, 3),
        include_top=False, pooling="avg")
    ```
    """
    if blocks_args == "default":
        blocks_args = DEFAULT_BLOCKS_ARGS
    _check_weights(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(
        input_shape,
        default_size=default_size,
        min_size=32,
        data_format=backend.image_data_format(),
        require_flatten=include_top,
        weights=weights,
    )
    img_input = _image_input(input_tensor, input_shape)
    bn_axis = 3 if backend.image_data_format() == "channels_last" else 1

    x = layers.Rescaling(1.0 / 255.0)(img_input)
    x = layers.Normalization(axis=bn_axis)(x)
    if weights == "imagenet":
        # The published weights expect (x - mean) / variance: the
        # Normalization above divides by the standard deviation only.
        x = layers.Rescaling(
            [1.0 / math.sqrt(s) for s in IMAGENET_STDDEV_RGB]
        )(x)

    x = layers.ZeroPadding2D(
        imagenet_utils.correct_pad(x, 3), name="stem_conv_pad"
    )(x)
    x = layers.Conv2D(
        _round_filters(32, width_coefficient, depth_divisor),
        3,
        strides=2,
        padding="valid",
        use_bias=False,
        kernel_initializer=CONV_KERNEL_INITIALIZER,
        name="stem_conv",
    )(x)
    x = layers.BatchNormalization(axis=bn_axis, name="stem_bn")(x)
    x = layers.Activation(activation, name="stem_activation")(x)

    stages = copy.deepcopy(blocks_args)
    total = float(
        sum(_round_repeats(s["repeats"], depth_coefficient) for s in stages)
    )
    index = 0
    for i, stage in enumerate(stages):
        if stage["repeats"] <= 0:
            raise ValueError(
                f"Every stage needs `repeats` > 0. Received: stage {i}: "
                f"{stage}"
            )
        repeats = _round_repeats(stage.pop("repeats"), depth_coefficient)
        stage["filters_in"] = _round_filters(
            stage["filters_in"], width_coefficient, depth_divisor
        )
        stage["filters_out"] = _round_filters(
            stage["filters_out"], width_coefficient, depth_divisor
        )
        for j in range(repeats):
            if j > 0:
                stage["strides"] = 1
                stage["filters_in"] = stage["filters_out"]
            x = block(
                x,
                activation,
                drop_connect_rate * index / total,
                name=f"block{i + 1}{chr(ord('a') + j)}_",
                **stage,
            )
            index += 1

    x = _conv_bn(
        x,
        _round_filters(1280, width_coefficient, depth_divisor),
        "top",
        bn_axis,
        activation,
    )
    x = _head(x, include_top, pooling, classes, classifier_activation,
              weights, dropout_rate)

    if input_tensor is not None:
        inputs = operation_utils.get_source_inputs(input_tensor)
    else:
        inputs = img_input
    model = Functional(inputs, x, name=name)

    if weights == "imagenet":
        suffix = ".h5" if include_top else "_notop.h5"
        file_hash = WEIGHTS_HASHES[weights_name][0 if include_top else 1]
        file_name = name + suffix
        weights = file_utils.get_file(
            file_name,
            BASE_WEIGHTS_PATH + file_name,
            cache_subdir="models",
            file_hash=file_hash,
        )
    if weights is not None:
        model.load_weights(weights)
    return model


def _variant(key, width, depth, size, dropout):
    """Defines and exports `EfficientNet<KEY>` with the paper's scaling."""
    func_name = f"EfficientNet{key.upper()}"

    def build(
        include_top=True,
        weights="imagenet",
        input_tensor=None,
        input_shape=None,
        pooling=None,
        classes=1000,
        classifier_activation="softmax",
        name=f"efficientnet{key}",
    ):
        return EfficientNet(
            width,
            depth,
            size,
            dropout,
            name=name,
            include_top=include_top,
            weights=weights,
            input_tensor=input_tensor,
            input_shape=input_shape,
            pooling=pooling,
            classes=classes,
            classifier_activation=classifier_activation,
            weights_name=key,
        )

    build.__name__ = build.__qualname__ = func_name
    build.__doc__ = BASE_DOCSTRING.format(name=func_name)
    build.__module__ = __name__
    return keras_export(
        [
            f"keras.applications.{func_name}",
            f"keras.applications.efficientnet.{func_name}",
        ]
    )(build)


# (width, depth, resolution, dropout) of each variant, from the paper.
EfficientNetB0 = _variant("b0", 1.0, 1.0, 224, 0.2)
EfficientNetB1 = _variant("b1", 1.0, 1.1, 240, 0.2)
EfficientNetB2 = _variant("b2", 1.1, 1.2, 260, 0.3)
EfficientNetB3 = _variant("b3", 1.2, 1.4, 300, 0.3)
EfficientNetB4 = _variant("b4", 1.4, 1.8, 380, 0.4)
EfficientNetB5 = _variant("b5", 1.6, 2.2, 456, 0.4)
EfficientNetB6 = _variant("b6", 1.8, 2.6, 528, 0.5)
EfficientNetB7 = _variant("b7", 2.0, 3.1, 600, 0.5)


@keras_export("keras.applications.efficientnet.preprocess_input")
def preprocess_input(x, data_format=None):
    """Returns `x` unchanged: EfficientNet scales its inputs itself.

    Kept so that code written for every application can call it.

    Args:
        x: a batch of images (NumPy array or tensor) with pixels in
            `[0, 255]`.
        data_format: ignored; accepted for a uniform signature.

    Returns:
        `x`, unchanged.

    Example:

    ```python
    x = np.full((1, 4, 4, 3), 128.0)
    keras.applications.efficientnet.preprocess_input(x).max()  # 128.0
    ```
    """
    return x


@keras_export("keras.applications.efficientnet.decode_predictions")
def decode_predictions(preds, top=5):
    """Decodes ImageNet class scores into `(class_id, name, score)` lists.

    Args:
        preds: array of shape `(samples, 1000)`.
        top: how many of the best classes to return per sample.

    Returns:
        One list of `(class_id, class_name, score)` tuples per sample,
        best first.

    Example:

    ```python
    preds = np.eye(1000)[[0]]
    keras.applications.efficientnet.decode_predictions(preds, top=1)
    # [[('n01440764', 'tench', 1.0)]]
    ```
    """
    return imagenet_utils.decode_predictions(preds, top=top)
