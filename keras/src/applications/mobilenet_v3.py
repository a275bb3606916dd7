"""MobileNetV3 Small and Large (Howard et al., 2019, "Searching for
MobileNetV3").

Both variants are stacks of inverted-residual blocks like MobileNetV2's,
some with squeeze-and-excitation, found by architecture search; the later
blocks use the cheap hard-swish activation. `minimalistic=True` drops the
parts that run slowly on some accelerators (squeeze-and-excitation,
hard-swish and 5x5 kernels). The models scale their own input (a
`Rescaling` layer, unless `include_preprocessing=False`), so they take
float pixels in `[0, 255]`.
"""

import warnings

from keras.src import backend
from keras.src import layers
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.models import Functional

BASE_WEIGHT_PATH = (
    "https://storage.googleapis.com/tensorflow/keras-applications/"
    "mobilenet_v3/"
)

# MD5 digests of the published files, by file-name stem:
# (with classifier, without).
WEIGHTS_HASHES = {
    "large_224_0.75_float": (
        "765b44a33ad4005b3ac83185abf1d0eb",
        "40af19a13ebea4e2ee0c676887f69a2e",
    ),
    "large_224_1.0_float": (
        "59e551e166be033d707958cf9e29a6a7",
        "07fb09a5933dd0c8eaafa16978110389",
    ),
    "large_minimalistic_224_1.0_float": (
        "675e7b876c45c57e9e63e6d90a36599c",
        "ec5221f64a2f6d1ef965a614bdae7973",
    ),
    "small_224_0.75_float": (
        "cb65d4e5be93758266aa0a7f2c6708b7",
        "ebdb5cc8e0b497cd13a7c275d475c819",
    ),
    "small_224_1.0_float": (
        "8768d4c2e7dee89b9d02b2d03d65d862",
        "d3e8ec802a04aa4fc771ee12a9a9b836",
    ),
    "small_minimalistic_224_1.0_float": (
        "99cd97fb2fcdad2bf028eb838de69e37",
        "cde8136e733e811080d9fcd8a252f7e4",
    ),
}

# Blocks of each variant (tables 1 and 2 of the paper): kernel size,
# expansion ratio (expanded width / input width), output filters (before
# `alpha`), stride, squeeze-and-excitation, hard-swish. `minimalistic`
# turns every kernel into 3x3, every activation into ReLU and drops SE.
_SMALL_BLOCKS = (
    (3, 1, 16, 2, True, False),
    (3, 72.0 / 16, 24, 2, False, False),
    (3, 88.0 / 24, 24, 1, False, False),
    (5, 4, 40, 2, True, True),
    (5, 6, 40, 1, True, True),
    (5, 6, 40, 1, True, True),
    (5, 3, 48, 1, True, True),
    (5, 3, 48, 1, True, True),
    (5, 6, 96, 2, True, True),
    (5, 6, 96, 1, True, True),
    (5, 6, 96, 1, True, True),
)
_LARGE_BLOCKS = (
    (3, 1, 16, 1, False, False),
    (3, 4, 24, 2, False, False),
    (3, 3, 24, 1, False, False),
    (5, 3, 40, 2, True, False),
    (5, 3, 40, 1, True, False),
    (5, 3, 40, 1, True, False),
    (3, 6, 80, 2, False, True),
    (3, 2.5, 80, 1, False, True),
    (3, 2.3, 80, 1, False, True),
    (3, 2.3, 80, 1, False, True),
    (3, 6, 112, 1, True, True),
    (3, 6, 112, 1, True, True),
    (5, 6, 160, 2, True, True),
    (5, 6, 160, 1, True, True),
    (5, 6, 160, 1, True, True),
)
_SE_RATIO = 0.25

BASE_DOCSTRING = """Instantiates the {name} architecture.

Reference:
- [Searching for MobileNetV3](https://arxiv.org/abs/1905.02244)
  (ICCV 2019)

The model rescales its input itself (a `Rescaling` layer mapping
`[0, 255]` to `[-1, 1]`) unless `include_preprocessing=False`;
`keras.applications.mobilenet_v3.preprocess_input` returns its input
unchanged. ImageNet weights exist for `alpha` 0.75 and 1.0 (1.0 only with
`minimalistic=True`) at 224x224; they are downloaded on first use and
load for any input size.

Args:
    input_shape: optional shape tuple of the image input (sides of at
        least 32). Defaults to `(None, None, 3)`: any image size.
    alpha: width multiplier of every layer: below 1.0 thins the network,
        above 1.0 widens it.
    minimalistic: whether to use the variant without squeeze-and-excitation,
        hard-swish and 5x5 convolutions, faster on some accelerators.
    include_top: whether to end with the classifier.
    weights: `None` (random initialization), `"imagenet"` or the path of a
        weights file.
    input_tensor: optional Keras tensor (e.g. from `keras.Input()`) to use
        as the image input.
    classes: number of classes, only with `include_top=True` and no
        pretrained weights. Defaults to 1000.
    pooling: with `include_top=False`: `None` returns the last feature map
        (4D), `"avg"` or `"max"` pools it globally into a 2D tensor.
    dropout_rate: dropout before the classifier (0 for none).
    classifier_activation: activation of the classifier (a name or a
        callable); `None` returns logits. With pretrained weights only
        `None` and `"softmax"` are accepted.
    include_preprocessing: whether the model scales its input itself.
    name: the model's name.

Returns:
    A `keras.Model` instance.

Example:

```python
model = keras.applications.{name}(
    weights=None, input_shape=(32, 32, 3), classes=10)
model(np.zeros((1, 32, 32, 3))).shape  # (1, 10)
```
"""


def _depth(value, divisor=8, min_value=None):
    """Rounds `value` to a multiple of `divisor`, losing at most 10%."""
    min_value = divisor if min_value is None else min_value
    rounded = max(min_value, int(value + divisor / 2) // divisor * divisor)
    if rounded < 0.9 * value:
        rounded += divisor
    return rounded


def relu(x):
    """ReLU as its own layer (auto-named, as in Keras's models)."""
    return layers.ReLU()(x)


def hard_sigmoid(x):
    """`relu6(x + 3) / 6`: a piecewise-linear sigmoid."""
    return layers.ReLU(6.0)(x + 3.0) * (1.0 / 6.0)


def hard_swish(x):
    """`x * hard_sigmoid(x)`, as one `Activation` layer."""
    return layers.Activation("hard_swish")(x)


def _channel_axis():
    return 1 if backend.image_data_format() == "channels_first" else -1


def _bn(name):
    return layers.BatchNormalization(
        axis=_channel_axis(), epsilon=1e-3, momentum=0.999, name=name
    )


def _se_block(inputs, filters, se_ratio, prefix):
    x = layers.GlobalAveragePooling2D(
        keepdims=True, name=prefix + "squeeze_excite_avg_pool"
    )(inputs)
    x = layers.Conv2D(
        _depth(filters * se_ratio), 1, padding="same",
        name=prefix + "squeeze_excite_conv",
    )(x)
    x = layers.ReLU(name=prefix + "squeeze_excite_relu")(x)
    x = layers.Conv2D(
        filters, 1, padding="same", name=prefix + "squeeze_excite_conv_1"
    )(x)
    x = hard_sigmoid(x)
    return layers.Multiply(name=prefix + "squeeze_excite_mul")([inputs, x])


def _inverted_res_block(
    x, expansion, filters, kernel_size, stride, se_ratio, activation,
    block_id,
):
    shortcut = x
    in_channels = x.shape[_channel_axis()]
    prefix = f"expanded_conv_{block_id}_" if block_id else "expanded_conv_"
    if block_id:
        # The first block has expansion 1 and no expanding convolution.
        x = layers.Conv2D(
            _depth(in_channels * expansion), 1, padding="same",
            use_bias=False, name=prefix + "expand",
        )(x)
        x = _bn(prefix + "expand_bn")(x)
        x = activation(x)
    if stride == 2:
        x = layers.ZeroPadding2D(
            padding=imagenet_utils.correct_pad(x, kernel_size),
            name=prefix + "depthwise_pad",
        )(x)
    x = layers.DepthwiseConv2D(
        kernel_size, strides=stride,
        padding="same" if stride == 1 else "valid", use_bias=False,
        name=prefix + "depthwise",
    )(x)
    x = _bn(prefix + "depthwise_bn")(x)
    x = activation(x)
    if se_ratio:
        x = _se_block(
            x, _depth(in_channels * expansion), se_ratio, prefix
        )
    x = layers.Conv2D(
        filters, 1, padding="same", use_bias=False, name=prefix + "project"
    )(x)
    x = _bn(prefix + "project_bn")(x)
    if stride == 1 and in_channels == filters:
        x = layers.Add(name=prefix + "add")([shortcut, x])
    return x


def _input_shape(input_shape, input_tensor, data_format):
    """The image input's shape: given, taken from `input_tensor`, or any
    size with 3 channels."""
    if input_tensor is not None:
        if not backend.is_keras_tensor(input_tensor):
            raise ValueError(
                f"input_tensor specified: {input_tensor} is not a keras "
                "tensor; expected e.g. the output of `keras.Input()`."
            )
        tensor_shape = tuple(input_tensor.shape[1:])
        if input_shape is None:
            return tensor_shape
        if tuple(tensor_shape) != tuple(input_shape):
            raise ValueError(
                "`input_shape` must match the shape of `input_tensor` "
                f"(without the batch axis). Received: input_shape="
                f"{input_shape}, input_tensor.shape="
                f"{tuple(input_tensor.shape)}"
            )
    if input_shape is None:
        if data_format == "channels_first":
            return (3, None, None)
        return (None, None, 3)
    return tuple(input_shape)


def MobileNetV3(
    stack_fn,
    last_point_ch,
    input_shape=None,
    alpha=1.0,
    model_type="large",
    minimalistic=False,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    classes=1000,
    pooling=None,
    dropout_rate=0.2,
    classifier_activation="softmax",
    include_preprocessing=True,
    name=None,
):
    """Builds a MobileNetV3 from its block stack.

    `MobileNetV3Small` and `MobileNetV3Large` (which document the
    arguments) call this with their own `stack_fn` (a function of the
    stem's output, `kernel`, `activation`, `se_ratio` returning the last
    block's output), `last_point_ch` (the width of the classifier's hidden
    1x1 convolution) and `model_type` (`"small"` or `"large"`, naming the
    weight files).

    Returns:
        A `keras.Model` instance.

    Example:

    ```python
    model = keras.applications.MobileNetV3Small(
        weights=None, input_shape=(32, 32, 3), include_top=False)
    model.output.shape  # (None, 1, 1, 576)
    ```
    """
    imagenet_utils._check_weights_and_classes(weights, include_top, classes)
    data_format = backend.image_data_format()
    input_shape = _input_shape(input_shape, input_tensor, data_format)
    if len(input_shape) != 3:
        raise ValueError(
            "`input_shape` must be a tuple of three integers (rows, cols, "
            f"channels). Received: input_shape={input_shape}"
        )
    if data_format == "channels_first":
        rows, cols = input_shape[1], input_shape[2]
    else:
        rows, cols = input_shape[0], input_shape[1]
    if rows and cols and (rows < 32 or cols < 32):
        raise ValueError(
            "Input size must be at least 32x32; Received `input_shape="
            f"{input_shape}`"
        )
    if weights == "imagenet":
        if (not minimalistic and alpha not in (0.75, 1.0)) or (
            minimalistic and alpha != 1.0
        ):
            raise ValueError(
                "If imagenet weights are being loaded, alpha can be one of "
                "`0.75`, `1.0` for non minimalistic or `1.0` for "
                "minimalistic only."
            )
        if rows != cols or rows != 224:
            warnings.warn(
                "`input_shape` is undefined or non-square, or `rows` is "
                "not 224. Weights for input shape (224, 224) will be "
                "loaded as the default.",
                stacklevel=3,
            )
    img_input = imagenet_utils._model_input(input_tensor, input_shape)

    if minimalistic:
        kernel, activation, se_ratio = 3, relu, None
    else:
        kernel, activation, se_ratio = 5, hard_swish, _SE_RATIO

    x = img_input
    if include_preprocessing:
        x = layers.Rescaling(scale=1.0 / 127.5, offset=-1.0)(x)
    x = layers.Conv2D(
        16, 3, strides=(2, 2), padding="same", use_bias=False, name="conv"
    )(x)
    x = _bn("conv_bn")(x)
    x = activation(x)
    x = stack_fn(x, kernel, activation, se_ratio)

    last_conv_ch = _depth(x.shape[_channel_axis()] * 6)
    if alpha > 1.0:
        last_point_ch = _depth(last_point_ch * alpha)
    x = layers.Conv2D(
        last_conv_ch, 1, padding="same", use_bias=False, name="conv_1"
    )(x)
    x = _bn("conv_1_bn")(x)
    x = activation(x)
    if include_top:
        # The classifier is convolutional: a pooled 1x1 map, a hidden 1x1
        # convolution without batch norm, then the logits.
        x = layers.GlobalAveragePooling2D(keepdims=True)(x)
        x = layers.Conv2D(
            last_point_ch, 1, padding="same", use_bias=True, name="conv_2"
        )(x)
        x = activation(x)
        if dropout_rate > 0:
            x = layers.Dropout(dropout_rate)(x)
        x = layers.Conv2D(classes, 1, padding="same", name="logits")(x)
        x = layers.Flatten()(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Activation(classifier_activation, name="predictions")(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D(name="max_pool")(x)

    inputs = imagenet_utils._model_inputs(input_tensor, img_input)
    model = Functional(inputs, x, name=name)

    if weights == "imagenet":
        stem = "_minimalistic" if minimalistic else ""
        stem = f"{model_type}{stem}_224_{float(alpha)}_float"
        top_hash, no_top_hash = WEIGHTS_HASHES[stem]
        if include_top:
            file_name = f"weights_mobilenet_v3_{stem}.h5"
            file_hash = top_hash
        else:
            file_name = f"weights_mobilenet_v3_{stem}_no_top_v2.h5"
            file_hash = no_top_hash
        imagenet_utils._load_weights(
            model, weights, file_name, BASE_WEIGHT_PATH + file_name,
            file_hash,
        )
    else:
        imagenet_utils._load_weights(model, weights)
    return model


def _stacker(blocks, alpha):
    """The `stack_fn` running `blocks` with width multiplier `alpha`."""

    def stack_fn(x, kernel, activation, se_ratio):
        for block_id, block in enumerate(blocks):
            size, expansion, filters, stride, se, swish = block
            x = _inverted_res_block(
                x,
                expansion,
                _depth(filters * alpha),
                kernel if size == 5 else 3,
                stride,
                se_ratio if se else None,
                activation if swish else relu,
                block_id,
            )
        return x

    return stack_fn


@keras_export("keras.applications.MobileNetV3Small")
def MobileNetV3Small(
    input_shape=None,
    alpha=1.0,
    minimalistic=False,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    classes=1000,
    pooling=None,
    dropout_rate=0.2,
    classifier_activation="softmax",
    include_preprocessing=True,
    name="MobileNetV3Small",
):
    return MobileNetV3(
        _stacker(_SMALL_BLOCKS, alpha),
        1024,
        input_shape,
        alpha,
        "small",
        minimalistic,
        include_top,
        weights,
        input_tensor,
        classes,
        pooling,
        dropout_rate,
        classifier_activation,
        include_preprocessing,
        name=name,
    )


@keras_export("keras.applications.MobileNetV3Large")
def MobileNetV3Large(
    input_shape=None,
    alpha=1.0,
    minimalistic=False,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    classes=1000,
    pooling=None,
    dropout_rate=0.2,
    classifier_activation="softmax",
    include_preprocessing=True,
    name="MobileNetV3Large",
):
    return MobileNetV3(
        _stacker(_LARGE_BLOCKS, alpha),
        1280,
        input_shape,
        alpha,
        "large",
        minimalistic,
        include_top,
        weights,
        input_tensor,
        classes,
        pooling,
        dropout_rate,
        classifier_activation,
        include_preprocessing,
        name=name,
    )


MobileNetV3Small.__doc__ = BASE_DOCSTRING.format(name="MobileNetV3Small")
MobileNetV3Large.__doc__ = BASE_DOCSTRING.format(name="MobileNetV3Large")


@keras_export("keras.applications.mobilenet_v3.preprocess_input")
def preprocess_input(x, data_format=None):
    """A placeholder kept for API consistency: returns `x` unchanged.

    MobileNetV3 models scale their input themselves (see
    `include_preprocessing`), so images go in as float pixels in
    `[0, 255]`.

    Args:
        x: a floating point NumPy array or tensor of images.
        data_format: unused; accepted for consistency with the other
            applications.

    Returns:
        `x`, unchanged.

    Example:

    ```python
    x = np.zeros((1, 224, 224, 3))
    keras.applications.mobilenet_v3.preprocess_input(x) is x  # True
    ```
    """
    return x


@keras_export("keras.applications.mobilenet_v3.decode_predictions")
def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)


decode_predictions.__doc__ = imagenet_utils.decode_predictions.__doc__
