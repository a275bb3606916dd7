"""EfficientNetV2 B0-B3, S, M and L (Tan & Le, 2021): fused MBConv blocks
in the early stages, MBConv with squeeze-and-excitation later.

Layer names, order and weight shapes follow Keras's models exactly, so the
pretrained `.h5` files published for Keras load here unchanged.
"""

import copy
import math

from keras.src import backend
from keras.src import initializers
from keras.src import layers
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.backend.common.naming import auto_name
from keras.src.models.functional import Functional
from keras.src.ops import operation_utils
from keras.src.utils import file_utils

BASE_WEIGHTS_PATH = (
    "https://storage.googleapis.com/tensorflow/keras-applications/"
    "efficientnet_v2/"
)

# MD5 digests of the published files: (with classifier, without).
WEIGHTS_HASHES = {
    "b0": (
        "21ecbf6da12460d5c40bb2f29ceb2188",
        "893217f2bb855e2983157299931e43ff",
    ),
    "b1": (
        "069f0534ff22adf035c89e2d9547a9dc",
        "0e80663031ca32d657f9caa404b6ec37",
    ),
    "b2": (
        "424e49f28180edbde1e94797771950a7",
        "1dfe2e7a5d45b6632553a8961ea609eb",
    ),
    "b3": (
        "1f1fc43bd98a6e4fd8fdfd551e02c7a0",
        "f6abf7b5849ac99a89b50dd3fd532856",
    ),
    "-s": (
        "e1d88a8495beba45748fedd0cecbe016",
        "af0682fb74e8c54910f2d4393339c070",
    ),
    "-m": (
        "a3bf6aa3276309f4fc6a34aa114c95cd",
        "1b8dc055df72dde80d614482840fe342",
    ),
    "-l": (
        "27e6d408b53c7ebc868fefa357689935",
        "b0b66b5c863aef5b46e8608fe1711615",
    ),
}


def _stages(rows):
    """Stage dicts from rows of (kernel, repeats, in, out, expand, se,
    strides, conv_type); conv_type 1 is fused MBConv, 0 is MBConv."""
    keys = (
        "kernel_size",
        "num_repeat",
        "input_filters",
        "output_filters",
        "expand_ratio",
        "se_ratio",
        "strides",
        "conv_type",
    )
    return [dict(zip(keys, row)) for row in rows]


_B_STAGES = [
    (3, 1, 32, 16, 1, 0, 1, 1),
    (3, 2, 16, 32, 4, 0, 2, 1),
    (3, 2, 32, 48, 4, 0, 2, 1),
    (3, 3, 48, 96, 4, 0.25, 2, 0),
    (3, 5, 96, 112, 6, 0.25, 1, 0),
    (3, 8, 112, 192, 6, 0.25, 2, 0),
]

# The stages of each variant (table 4 of the paper and its code release);
# B1-B3 scale the B0 stages with their width and depth coefficients.
DEFAULT_BLOCKS_ARGS = {
    "efficientnetv2-s": _stages(
        [
            (3, 2, 24, 24, 1, 0, 1, 1),
            (3, 4, 24, 48, 4, 0, 2, 1),
            (3, 4, 48, 64, 4, 0, 2, 1),
            (3, 6, 64, 128, 4, 0.25, 2, 0),
            (3, 9, 128, 160, 6, 0.25, 1, 0),
            (3, 15, 160, 256, 6, 0.25, 2, 0),
        ]
    ),
    "efficientnetv2-m": _stages(
        [
            (3, 3, 24, 24, 1, 0, 1, 1),
            (3, 5, 24, 48, 4, 0, 2, 1),
            (3, 5, 48, 80, 4, 0, 2, 1),
            (3, 7, 80, 160, 4, 0.25, 2, 0),
            (3, 14, 160, 176, 6, 0.25, 1, 0),
            (3, 18, 176, 304, 6, 0.25, 2, 0),
            (3, 5, 304, 512, 6, 0.25, 1, 0),
        ]
    ),
    "efficientnetv2-l": _stages(
        [
            (3, 4, 32, 32, 1, 0, 1, 1),
            (3, 7, 32, 64, 4, 0, 2, 1),
            (3, 7, 64, 96, 4, 0, 2, 1),
            (3, 10, 96, 192, 4, 0.25, 2, 0),
            (3, 19, 192, 224, 6, 0.25, 1, 0),
            (3, 25, 224, 384, 6, 0.25, 2, 0),
            (3, 7, 384, 640, 6, 0.25, 1, 0),
        ]
    ),
    "efficientnetv2-b0": _stages(_B_STAGES),
    "efficientnetv2-b1": _stages(_B_STAGES),
    "efficientnetv2-b2": _stages(_B_STAGES),
    "efficientnetv2-b3": _stages(_B_STAGES),
}

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

_IMAGENET_MEAN_RGB = [0.485, 0.456, 0.406]
_IMAGENET_STDDEV_RGB = [0.229, 0.224, 0.225]

BASE_DOCSTRING = """Builds the {name} image classifier.

Reference:
- [EfficientNetV2: Smaller Models and Faster
  Training](https://arxiv.org/abs/2104.00298) (ICML 2021)

The network optionally starts from weights trained on ImageNet. By default
input scaling is part of the model (a `Rescaling` layer, plus a
`Normalization` layer for B0-B3): feed float pixels in `[0, 255]`;
`preprocess_input` of this module returns its input unchanged. With
`include_preprocessing=False` the model expects pixels in `[-1, 1]`.

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
    include_preprocessing: whether the model scales its inputs itself.
        Defaults to `True`.
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


def round_filters(filters, width_coefficient, min_depth, depth_divisor):
    """Scales a filter count by the width coefficient and rounds it.

    Args:
        filters: the baseline number of filters.
        width_coefficient: the width multiplier of the variant.
        min_depth: the smallest count returned (`depth_divisor` when
            falsy).
        depth_divisor: counts are rounded to a multiple of this.

    Returns:
        The scaled filter count (an int).

    Example:

    ```python
    round_filters(32, 1.4, 8, 8)  # 48
    ```
    """
    scaled = filters * width_coefficient
    minimum = min_depth or depth_divisor
    nearest = int(scaled + depth_divisor / 2) // depth_divisor
    return int(max(minimum, nearest * depth_divisor))


def round_repeats(repeats, depth_coefficient):
    """Scales a stage's block count by the depth coefficient, rounding up.

    Args:
        repeats: the baseline number of blocks.
        depth_coefficient: the depth multiplier of the variant.

    Returns:
        The scaled block count (an int).

    Example:

    ```python
    round_repeats(3, 1.4)  # 5
    ```
    """
    return int(math.ceil(depth_coefficient * repeats))


def _block_name(name):
    if name is None:
        return auto_name("block0") + "_"
    return name


def _bn(x, momentum, name):
    axis = 3 if backend.image_data_format() == "channels_last" else 1
    return layers.BatchNormalization(axis=axis, momentum=momentum, name=name)(
        x
    )


def _conv(x, filters, kernel_size, strides, name):
    return layers.Conv2D(
        filters,
        kernel_size,
        strides=strides,
        padding="same",
        use_bias=False,
        kernel_initializer=CONV_KERNEL_INITIALIZER,
        name=name,
    )(x)


def _squeeze_excite(x, filters, filters_se, activation, name):
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


def _residual(x, inputs, strides, input_filters, output_filters,
              survival_probability, name):
    """Adds the input back (with stochastic depth) when shapes match."""
    if strides != 1 or input_filters != output_filters:
        return x
    if survival_probability:
        x = layers.Dropout(
            survival_probability,
            noise_shape=(None, 1, 1, 1),
            name=name + "drop",
        )(x)
    return layers.add([x, inputs], name=name + "add")


def MBConvBlock(
    input_filters,
    output_filters,
    expand_ratio=1,
    kernel_size=3,
    strides=1,
    se_ratio=0.0,
    bn_momentum=0.9,
    activation="swish",
    survival_probability=0.8,
    name=None,
):
    """The MBConv block: 1x1 expansion, depthwise convolution, optional
    squeeze-and-excitation and 1x1 projection, with a residual.

    Args:
        input_filters: channels of the block's input.
        output_filters: channels of the block's output.
        expand_ratio: channel expansion of the bottleneck (no expansion
            convolution when 1).
        kernel_size: side of the depthwise kernel.
        strides: stride of the depthwise convolution.
        se_ratio: squeeze ratio in `(0, 1]`, or 0 for no squeeze-excite.
        bn_momentum: momentum of the batch normalizations.
        activation: activation after the expansion and depthwise stages.
        survival_probability: dropout rate of the residual branch
            (stochastic depth).
        name: prefix of the layer names (e.g. `"block4a_"`).

    Returns:
        A function mapping the input tensor to the block's output.

    Example:

    ```python
    from keras.src.applications import efficientnet_v2
    apply = efficientnet_v2.MBConvBlock(
        16, 16, expand_ratio=4, se_ratio=0.25, name="b_")
    apply(keras.Input((8, 8, 16))).shape  # (None, 8, 8, 16)
    ```
    """
    name = _block_name(name)

    def apply(inputs):
        filters = input_filters * expand_ratio
        x = inputs
        if expand_ratio != 1:
            x = _conv(x, filters, 1, 1, name + "expand_conv")
            x = _bn(x, bn_momentum, name + "expand_bn")
            x = layers.Activation(activation, name=name + "expand_activation")(
                x
            )
        x = layers.DepthwiseConv2D(
            kernel_size,
            strides=strides,
            padding="same",
            use_bias=False,
            depthwise_initializer=CONV_KERNEL_INITIALIZER,
            name=name + "dwconv2",
        )(x)
        x = _bn(x, bn_momentum, name + "bn")
        x = layers.Activation(activation, name=name + "activation")(x)
        if 0 < se_ratio <= 1:
            filters_se = max(1, int(input_filters * se_ratio))
            x = _squeeze_excite(x, filters, filters_se, activation, name)
        x = _conv(x, output_filters, 1, 1, name + "project_conv")
        x = _bn(x, bn_momentum, name + "project_bn")
        return _residual(x, inputs, strides, input_filters, output_filters,
                         survival_probability, name)

    return apply


def FusedMBConvBlock(
    input_filters,
    output_filters,
    expand_ratio=1,
    kernel_size=3,
    strides=1,
    se_ratio=0.0,
    bn_momentum=0.9,
    activation="swish",
    survival_probability=0.8,
    name=None,
):
    """The fused MBConv block: one full `kernel_size` convolution replaces
    the expansion and depthwise pair of MBConv.

    Args:
        input_filters: channels of the block's input.
        output_filters: channels of the block's output.
        expand_ratio: channel expansion; when 1 the single convolution is
            the projection itself (then followed by the activation).
        kernel_size: side of the fused convolution's kernel.
        strides: stride of the fused convolution.
        se_ratio: squeeze ratio in `(0, 1]`, or 0 for no squeeze-excite.
        bn_momentum: momentum of the batch normalizations.
        activation: activation after the fused convolution.
        survival_probability: dropout rate of the residual branch
            (stochastic depth).
        name: prefix of the layer names (e.g. `"block2a_"`).

    Returns:
        A function mapping the input tensor to the block's output.

    Example:

    ```python
    from keras.src.applications import efficientnet_v2
    apply = efficientnet_v2.FusedMBConvBlock(
        16, 32, expand_ratio=4, strides=2, name="f_")
    apply(keras.Input((8, 8, 16))).shape  # (None, 4, 4, 32)
    ```
    """
    name = _block_name(name)

    def apply(inputs):
        filters = input_filters * expand_ratio
        x = inputs
        if expand_ratio != 1:
            x = _conv(x, filters, kernel_size, strides, name + "expand_conv")
            x = _bn(x, bn_momentum, name + "expand_bn")
            x = layers.Activation(activation, name=name + "expand_activation")(
                x
            )
        if 0 < se_ratio <= 1:
            filters_se = max(1, int(input_filters * se_ratio))
            x = _squeeze_excite(x, filters, filters_se, activation, name)
        if expand_ratio != 1:
            x = _conv(x, output_filters, 1, 1, name + "project_conv")
        else:
            x = _conv(
                x, output_filters, kernel_size, strides, name + "project_conv"
            )
        x = _bn(x, bn_momentum, name + "project_bn")
        if expand_ratio == 1:
            x = layers.Activation(activation, name=name + "project_activation")(
                x
            )
        return _residual(x, inputs, strides, input_filters, output_filters,
                         survival_probability, name)

    return apply


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


def _resolve_blocks(blocks_args, name, weights_name):
    if blocks_args != "default":
        return blocks_args
    for key in (name, f"efficientnetv2{weights_name}",
                f"efficientnetv2-{weights_name}"):
        if key in DEFAULT_BLOCKS_ARGS:
            return DEFAULT_BLOCKS_ARGS[key]
    raise ValueError(
        "With `blocks_args='default'`, `name` or `weights_name` must name "
        f"a variant ({sorted(DEFAULT_BLOCKS_ARGS)}). Received: name={name}, "
        f"weights_name={weights_name}"
    )


def _preprocess(x, input_shape, name):
    """Input scaling of the published models: B variants normalize with
    ImageNet statistics, S/M/L map [0, 255] to [-1, 1]."""
    channels_last = backend.image_data_format() == "channels_last"
    channels = input_shape[-1] if channels_last else input_shape[0]
    if name.split("-")[-1].startswith("b") and channels == 3:
        x = layers.Rescaling(scale=1.0 / 255)(x)
        return layers.Normalization(
            mean=_IMAGENET_MEAN_RGB,
            variance=[s**2 for s in _IMAGENET_STDDEV_RGB],
            axis=3 if channels_last else 1,
        )(x)
    return layers.Rescaling(scale=1.0 / 128.0, offset=-1)(x)


def EfficientNetV2(
    width_coefficient,
    depth_coefficient,
    default_size,
    dropout_rate=0.2,
    drop_connect_rate=0.2,
    depth_divisor=8,
    min_depth=8,
    bn_momentum=0.9,
    activation="swish",
    blocks_args="default",
    name="efficientnetv2",
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    include_preprocessing=True,
    weights_name=None,
):
    """Builds an EfficientNetV2 of any width, depth and resolution.

    The `EfficientNetV2*` functions call this with the published settings.

    Args:
        width_coefficient: multiplier of every layer's filter count.
        depth_coefficient: multiplier of every stage's block count.
        default_size: image side the model is designed for.
        dropout_rate: dropout before the classifier.
        drop_connect_rate: stochastic-depth rate reached by the last block.
        depth_divisor: filter counts are rounded to multiples of this.
        min_depth: the smallest filter count.
        bn_momentum: momentum of the batch normalizations.
        activation: activation of the convolutions.
        blocks_args: `"default"` (the stages of the variant named by `name`
            or `weights_name`) or a list of stage dicts.
        name: the model's name.
        include_top: whether to end with the classifier.
        weights: `None`, `"imagenet"` or a weights file path.
        input_tensor: optional Keras tensor to use as the image input.
        input_shape: optional input shape (only with `include_top=False`).
        pooling: `None`, `"avg"` or `"max"` (with `include_top=False`).
        classes: number of classes of the classifier.
        classifier_activation: activation of the classifier.
        include_preprocessing: whether the model scales its inputs itself.
        weights_name: key of `WEIGHTS_HASHES` (e.g. `"b0"`, `"-s"`).

    Returns:
        A `keras.Model`.

    Example:

    ```python
    from keras.src.applications import efficientnet_v2
    model = efficientnet_v2.EfficientNetV2(
        0.5, 0.5, 64, name="efficientnetv2-b0", weights=None,
        input_shape=(32, 32, 3), include_top=False)
    ```
    """
    blocks_args = _resolve_blocks(blocks_args, name, weights_name)
    _check_weights(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(
        input_shape,
        default_size=default_size,
        min_size=32,
        data_format=backend.image_data_format(),
        require_flatten=include_top,
        weights=weights,
    )
    if input_tensor is None:
        img_input = layers.Input(shape=input_shape)
    elif not backend.is_keras_tensor(input_tensor):
        img_input = layers.Input(tensor=input_tensor, shape=input_shape)
    else:
        img_input = input_tensor

    x = img_input
    if include_preprocessing:
        x = _preprocess(x, input_shape, name)

    def scaled(filters):
        return round_filters(
            filters, width_coefficient, min_depth, depth_divisor
        )

    x = _conv(x, scaled(blocks_args[0]["input_filters"]), 3, 2, "stem_conv")
    x = _bn(x, bn_momentum, "stem_bn")
    x = layers.Activation(activation, name="stem_activation")(x)

    stages = copy.deepcopy(blocks_args)
    total = float(sum(stage["num_repeat"] for stage in stages))
    index = 0
    for i, stage in enumerate(stages):
        if stage["num_repeat"] <= 0:
            raise ValueError(
                f"Every stage needs `num_repeat` > 0. Received: stage {i}: "
                f"{stage}"
            )
        stage["input_filters"] = scaled(stage["input_filters"])
        stage["output_filters"] = scaled(stage["output_filters"])
        repeats = round_repeats(stage.pop("num_repeat"), depth_coefficient)
        make_block = FusedMBConvBlock if stage.pop("conv_type") else MBConvBlock
        for j in range(repeats):
            if j > 0:
                stage["strides"] = 1
                stage["input_filters"] = stage["output_filters"]
            x = make_block(
                activation=activation,
                bn_momentum=bn_momentum,
                survival_probability=drop_connect_rate * index / total,
                name=f"block{i + 1}{chr(ord('a') + j)}_",
                **stage,
            )(x)
            index += 1

    x = _conv(x, scaled(1280), 1, 1, "top_conv")
    x = _bn(x, bn_momentum, "top_bn")
    x = layers.Activation(activation, name="top_activation")(x)

    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        if dropout_rate > 0:
            x = layers.Dropout(dropout_rate, name="top_dropout")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Dense(
            classes,
            activation=classifier_activation,
            kernel_initializer=DENSE_KERNEL_INITIALIZER,
            bias_initializer=initializers.Constant(0.0),
            name="predictions",
        )(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D(name="max_pool")(x)

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


def _variant(func_name, key, width, depth, size):
    """Defines and exports one published EfficientNetV2 variant."""

    def build(
        include_top=True,
        weights="imagenet",
        input_tensor=None,
        input_shape=None,
        pooling=None,
        classes=1000,
        classifier_activation="softmax",
        include_preprocessing=True,
        name=f"efficientnetv2{'' if key.startswith('-') else '-'}{key}",
    ):
        return EfficientNetV2(
            width_coefficient=width,
            depth_coefficient=depth,
            default_size=size,
            name=name,
            include_top=include_top,
            weights=weights,
            input_tensor=input_tensor,
            input_shape=input_shape,
            pooling=pooling,
            classes=classes,
            classifier_activation=classifier_activation,
            include_preprocessing=include_preprocessing,
            weights_name=key,
        )

    build.__name__ = build.__qualname__ = func_name
    build.__doc__ = BASE_DOCSTRING.format(name=func_name)
    build.__module__ = __name__
    return keras_export(
        [
            f"keras.applications.{func_name}",
            f"keras.applications.efficientnet_v2.{func_name}",
        ]
    )(build)


EfficientNetV2B0 = _variant("EfficientNetV2B0", "b0", 1.0, 1.0, 224)
EfficientNetV2B1 = _variant("EfficientNetV2B1", "b1", 1.0, 1.1, 240)
EfficientNetV2B2 = _variant("EfficientNetV2B2", "b2", 1.1, 1.2, 260)
EfficientNetV2B3 = _variant("EfficientNetV2B3", "b3", 1.2, 1.4, 300)
EfficientNetV2S = _variant("EfficientNetV2S", "-s", 1.0, 1.0, 384)
EfficientNetV2M = _variant("EfficientNetV2M", "-m", 1.0, 1.0, 480)
EfficientNetV2L = _variant("EfficientNetV2L", "-l", 1.0, 1.0, 480)


@keras_export("keras.applications.efficientnet_v2.preprocess_input")
def preprocess_input(x, data_format=None):
    """Returns `x` unchanged: EfficientNetV2 scales its inputs itself.

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
    keras.applications.efficientnet_v2.preprocess_input(x).max()  # 128.0
    ```
    """
    return x


@keras_export("keras.applications.efficientnet_v2.decode_predictions")
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
    keras.applications.efficientnet_v2.decode_predictions(preds, top=1)
    # [[('n01440764', 'tench', 1.0)]]
    ```
    """
    return imagenet_utils.decode_predictions(preds, top=top)
