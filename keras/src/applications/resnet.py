"""ResNet (He et al., 2015, "Deep Residual Learning for Image Recognition")
and the shared builder that ResNetV2 (`resnet_v2.py`) reuses.

A ResNet is a 7x7 stem followed by four stages of bottleneck blocks
(`conv2` .. `conv5`); each stage halves the image and multiplies the
channels. Layer names follow `conv{stage}_block{i}_{j}_{kind}` as in the
published Keras weight files, which are loaded by layer order.
"""

from keras.src import backend
from keras.src import layers
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.models import Functional

BASE_WEIGHTS_PATH = (
    "https://storage.googleapis.com/tensorflow/keras-applications/resnet/"
)
# model name -> (md5 of the file with the classifier, md5 without it).
WEIGHTS_HASHES = {
    "resnet50": (
        "2cb95161c43110f7111970584f804107",
        "4d473c1dd8becc155b73f8504c6f6626",
    ),
    "resnet101": (
        "f1aeb4b969a6efcfb50fad2f0c20cfc5",
        "88cf7a10940856eca736dc7b7e228a21",
    ),
    "resnet152": (
        "100835be76be38e30d865e96f2aaae62",
        "ee4c566cf9a93f14d82f913c2dc6dd0c",
    ),
    "resnet50v2": (
        "3ef43a0b657b3be2300d5770ece849e0",
        "fac2f116257151a9d068a22e544a4917",
    ),
    "resnet101v2": (
        "6343647c601c52e1368623803854d971",
        "c0ed64b8031c3730f411d2eb4eea35b5",
    ),
    "resnet152v2": (
        "a49b44d1979771252814e80f8ec446f9",
        "ed17cf2e0169df9d443503ef94b23b33",
    ),
}

_BN_EPSILON = 1.001e-5


def _bn_axis():
    return 3 if backend.image_data_format() == "channels_last" else 1


def _bn(name):
    return layers.BatchNormalization(
        axis=_bn_axis(), epsilon=_BN_EPSILON, name=name
    )


def ResNet(
    stack_fn,
    preact,
    use_bias,
    model_name="resnet",
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name=None,
):
    """Builds a ResNet (v1 or v2) around the stages made by `stack_fn`.

    Args:
        stack_fn: a function that takes the stem's output and returns the
            output of the last residual stage.
        preact: `True` for ResNetV2 (batch norm and ReLU come before each
            convolution, with a final `post_bn`/`post_relu`).
        use_bias: whether the stem convolution has a bias.
        model_name: the key of `WEIGHTS_HASHES` and of the weight files.
        include_top: whether to end with the 1000-way classifier.
        weights: `None`, `"imagenet"` or the path of a weights file.
        input_tensor: optional `KerasTensor` to use as the image input.
        input_shape: optional `(height, width, channels)` (at least 32x32).
        pooling: `None`, `"avg"` or `"max"` when `include_top=False`.
        classes: number of classes of the classifier.
        classifier_activation: activation of the classifier.
        name: the model's name (defaults to `model_name`).

    Returns:
        A functional `keras.Model`.

    Example:

    ```python
    model = ResNet(
        lambda x: stack_residual_blocks_v1(x, 64, 2, stride1=1, name="c2"),
        preact=False, use_bias=True, weights=None,
        input_shape=(32, 32, 3), include_top=False,
    )
    ```
    """
    imagenet_utils._check_weights_and_classes(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(
        input_shape,
        default_size=224,
        min_size=32,
        data_format=backend.image_data_format(),
        require_flatten=include_top,
        weights=weights,
    )
    img_input = imagenet_utils._model_input(input_tensor, input_shape)

    x = layers.ZeroPadding2D(padding=((3, 3), (3, 3)), name="conv1_pad")(
        img_input
    )
    x = layers.Conv2D(
        64, 7, strides=2, use_bias=use_bias, name="conv1_conv"
    )(x)
    if not preact:
        x = _bn("conv1_bn")(x)
        x = layers.Activation("relu", name="conv1_relu")(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name="pool1_pad")(x)
    x = layers.MaxPooling2D(3, strides=2, name="pool1_pool")(x)

    x = stack_fn(x)
    if preact:
        x = _bn("post_bn")(x)
        x = layers.Activation("relu", name="post_relu")(x)

    x = imagenet_utils._head(
        x, include_top, pooling, classes, classifier_activation, weights
    )
    inputs = imagenet_utils._model_inputs(input_tensor, img_input)
    model = Functional(inputs, x, name=name or model_name)

    if weights == "imagenet" and model_name in WEIGHTS_HASHES:
        suffix = "" if include_top else "_notop"
        file_name = f"{model_name}_weights_tf_dim_ordering_tf_kernels{suffix}.h5"
        imagenet_utils._load_weights(
            model,
            weights,
            file_name,
            BASE_WEIGHTS_PATH + file_name,
            WEIGHTS_HASHES[model_name][0 if include_top else 1],
        )
    elif weights != "imagenet":
        imagenet_utils._load_weights(model, weights)
    return model


def residual_block_v1(
    x, filters, kernel_size=3, stride=1, conv_shortcut=True, name=None
):
    """A v1 bottleneck block: 1x1 -> kxk -> 1x1 (x4 channels) + shortcut.

    Args:
        x: the block's input.
        filters: channels of the inner convolutions (the output has
            `4 * filters`).
        kernel_size: size of the middle convolution.
        stride: stride of the first convolution (and of the shortcut).
        conv_shortcut: `True` projects the shortcut with a 1x1 convolution,
            `False` adds the input itself.
        name: prefix of the layer names.

    Returns:
        The block's output tensor.

    Example:

    ```python
    x = keras.Input((8, 8, 16))
    y = residual_block_v1(x, 4, name="b")  # shape (None, 8, 8, 16)
    ```
    """
    if conv_shortcut:
        shortcut = layers.Conv2D(
            4 * filters, 1, strides=stride, name=f"{name}_0_conv"
        )(x)
        shortcut = _bn(f"{name}_0_bn")(shortcut)
    else:
        shortcut = x

    x = layers.Conv2D(filters, 1, strides=stride, name=f"{name}_1_conv")(x)
    x = _bn(f"{name}_1_bn")(x)
    x = layers.Activation("relu", name=f"{name}_1_relu")(x)
    x = layers.Conv2D(
        filters, kernel_size, padding="same", name=f"{name}_2_conv"
    )(x)
    x = _bn(f"{name}_2_bn")(x)
    x = layers.Activation("relu", name=f"{name}_2_relu")(x)
    x = layers.Conv2D(4 * filters, 1, name=f"{name}_3_conv")(x)
    x = _bn(f"{name}_3_bn")(x)
    x = layers.Add(name=f"{name}_add")([shortcut, x])
    return layers.Activation("relu", name=f"{name}_out")(x)


def stack_residual_blocks_v1(x, filters, blocks, stride1=2, name=None):
    """A v1 stage: `blocks` bottleneck blocks, the first one strided.

    Args:
        x: the stage's input.
        filters: inner channels of each block.
        blocks: number of blocks.
        stride1: stride of the first block.
        name: prefix of the layer names (e.g. `"conv3"`).

    Returns:
        The stage's output tensor.

    Example:

    ```python
    x = keras.Input((8, 8, 16))
    y = stack_residual_blocks_v1(x, 4, 2, name="s")  # (None, 4, 4, 16)
    ```
    """
    x = residual_block_v1(x, filters, stride=stride1, name=f"{name}_block1")
    for i in range(2, blocks + 1):
        x = residual_block_v1(
            x, filters, conv_shortcut=False, name=f"{name}_block{i}"
        )
    return x


def residual_block_v2(
    x, filters, kernel_size=3, stride=1, conv_shortcut=False, name=None
):
    """A v2 (pre-activation) bottleneck block.

    Batch norm and ReLU run before the convolutions; the stride sits on
    the middle convolution, and a strided identity shortcut is a 1x1 max
    pooling.

    Args:
        x: the block's input.
        filters: channels of the inner convolutions (output: `4 * filters`).
        kernel_size: size of the middle convolution.
        stride: stride of the middle convolution and of the shortcut.
        conv_shortcut: `True` projects the shortcut with a 1x1 convolution.
        name: prefix of the layer names.

    Returns:
        The block's output tensor.

    Example:

    ```python
    x = keras.Input((8, 8, 16))
    y = residual_block_v2(x, 4, name="b")  # shape (None, 8, 8, 16)
    ```
    """
    preact = _bn(f"{name}_preact_bn")(x)
    preact = layers.Activation("relu", name=f"{name}_preact_relu")(preact)

    if conv_shortcut:
        shortcut = layers.Conv2D(
            4 * filters, 1, strides=stride, name=f"{name}_0_conv"
        )(preact)
    elif stride > 1:
        shortcut = layers.MaxPooling2D(1, strides=stride)(x)
    else:
        shortcut = x

    x = layers.Conv2D(
        filters, 1, strides=1, use_bias=False, name=f"{name}_1_conv"
    )(preact)
    x = _bn(f"{name}_1_bn")(x)
    x = layers.Activation("relu", name=f"{name}_1_relu")(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name=f"{name}_2_pad")(
        x
    )
    x = layers.Conv2D(
        filters,
        kernel_size,
        strides=stride,
        use_bias=False,
        name=f"{name}_2_conv",
    )(x)
    x = _bn(f"{name}_2_bn")(x)
    x = layers.Activation("relu", name=f"{name}_2_relu")(x)
    x = layers.Conv2D(4 * filters, 1, name=f"{name}_3_conv")(x)
    return layers.Add(name=f"{name}_out")([shortcut, x])


def stack_residual_blocks_v2(x, filters, blocks, stride1=2, name=None):
    """A v2 stage: a projecting first block, the stride on the last one.

    Args:
        x: the stage's input.
        filters: inner channels of each block.
        blocks: number of blocks.
        stride1: stride of the last block.
        name: prefix of the layer names (e.g. `"conv3"`).

    Returns:
        The stage's output tensor.

    Example:

    ```python
    x = keras.Input((8, 8, 16))
    y = stack_residual_blocks_v2(x, 4, 2, name="s")  # (None, 4, 4, 16)
    ```
    """
    x = residual_block_v2(x, filters, conv_shortcut=True, name=f"{name}_block1")
    for i in range(2, blocks):
        x = residual_block_v2(x, filters, name=f"{name}_block{i}")
    return residual_block_v2(
        x, filters, stride=stride1, name=f"{name}_block{blocks}"
    )


def _v1_stages(blocks_per_stage):
    def stack_fn(x):
        for i, (filters, blocks) in enumerate(
            zip((64, 128, 256, 512), blocks_per_stage)
        ):
            x = stack_residual_blocks_v1(
                x,
                filters,
                blocks,
                stride1=1 if i == 0 else 2,
                name=f"conv{i + 2}",
            )
        return x

    return stack_fn


def _resnet_v1(blocks, model_name, args):
    return ResNet(
        _v1_stages(blocks),
        preact=False,
        use_bias=True,
        model_name=model_name,
        **args,
    )


@keras_export(
    [
        "keras.applications.resnet50.ResNet50",
        "keras.applications.resnet.ResNet50",
        "keras.applications.ResNet50",
    ]
)
def ResNet50(
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="resnet50",
):
    return _resnet_v1((3, 4, 6, 3), "resnet50", locals())


@keras_export(
    ["keras.applications.resnet.ResNet101", "keras.applications.ResNet101"]
)
def ResNet101(
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="resnet101",
):
    return _resnet_v1((3, 4, 23, 3), "resnet101", locals())


@keras_export(
    ["keras.applications.resnet.ResNet152", "keras.applications.ResNet152"]
)
def ResNet152(
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="resnet152",
):
    return _resnet_v1((3, 8, 36, 3), "resnet152", locals())


@keras_export(
    [
        "keras.applications.resnet50.preprocess_input",
        "keras.applications.resnet.preprocess_input",
    ]
)
def preprocess_input(x, data_format=None):
    return imagenet_utils.preprocess_input(
        x, data_format=data_format, mode="caffe"
    )


@keras_export(
    [
        "keras.applications.resnet50.decode_predictions",
        "keras.applications.resnet.decode_predictions",
    ]
)
def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)


DOC = """Instantiates the {name} architecture (He et al., 2015).

  Expects images preprocessed by
  `keras.applications.resnet.preprocess_input` (RGB to BGR, ImageNet
  means subtracted). With `weights="imagenet"` the published Keras weights
  are downloaded to `~/.keras/models` on first use.

  Args:
    include_top: whether to end with the fully-connected classifier.
    weights: `None` (random initialization), `"imagenet"`, or the path of
      a weights file to load.
    input_tensor: optional `KerasTensor` (from `keras.Input`) to use as the
      image input.
    input_shape: optional shape tuple, only with `include_top=False`
      (otherwise `(224, 224, 3)`): 3 channels, at least 32x32.
    pooling: with `include_top=False`, `None` keeps the 4D feature map,
      `"avg"` or `"max"` pool it globally to a 2D tensor.
    classes: number of classes, only without pretrained weights or with
      `include_top=False`.
    classifier_activation: activation of the classifier (`None` gives
      logits); only `None` or `"softmax"` with pretrained weights.
    name: the model's name.

  Returns:
    A `keras.Model` instance.

  Example:

  ```python
  model = keras.applications.{name}(weights=None, include_top=False,
                                     input_shape=(64, 64, 3), pooling="avg")
  model(np.zeros((1, 64, 64, 3))).shape  # (1, 2048)
  ```
"""

setattr(ResNet50, "__doc__", DOC.format(name="ResNet50"))
setattr(ResNet101, "__doc__", DOC.format(name="ResNet101"))
setattr(ResNet152, "__doc__", DOC.format(name="ResNet152"))
preprocess_input.__doc__ = imagenet_utils.PREPROCESS_INPUT_DOC.format(
    mode="",
    ret=imagenet_utils.PREPROCESS_INPUT_RET_DOC_CAFFE,
    error=imagenet_utils.PREPROCESS_INPUT_ERROR_DOC,
)
decode_predictions.__doc__ = imagenet_utils.decode_predictions.__doc__
