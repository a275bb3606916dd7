"""DenseNet (Huang et al., 2017, "Densely Connected Convolutional
Networks").

After a strided 7x7 stem, four dense blocks; inside a block every layer
(a 1x1 bottleneck then a 3x3 convolution adding `growth_rate` = 32
channels) sees the concatenation of all earlier feature maps. Between
blocks a transition halves the channels (1x1 convolution) and the image
(2x2 average pooling). The variants differ only in the number of layers
per block. Layer names follow `conv{block}_block{i}_{j}_{kind}` and
`pool{block}_{kind}` as in the published Keras weight files, which are
loaded by layer order.
"""

from keras.src import backend
from keras.src import layers
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.models import Functional

BASE_WEIGHTS_PATH = (
    "https://storage.googleapis.com/tensorflow/keras-applications/densenet/"
)
DENSENET121_WEIGHT_PATH = (
    BASE_WEIGHTS_PATH + "densenet121_weights_tf_dim_ordering_tf_kernels.h5"
)
DENSENET121_WEIGHT_PATH_NO_TOP = (
    BASE_WEIGHTS_PATH
    + "densenet121_weights_tf_dim_ordering_tf_kernels_notop.h5"
)
DENSENET169_WEIGHT_PATH = (
    BASE_WEIGHTS_PATH + "densenet169_weights_tf_dim_ordering_tf_kernels.h5"
)
DENSENET169_WEIGHT_PATH_NO_TOP = (
    BASE_WEIGHTS_PATH
    + "densenet169_weights_tf_dim_ordering_tf_kernels_notop.h5"
)
DENSENET201_WEIGHT_PATH = (
    BASE_WEIGHTS_PATH + "densenet201_weights_tf_dim_ordering_tf_kernels.h5"
)
DENSENET201_WEIGHT_PATH_NO_TOP = (
    BASE_WEIGHTS_PATH
    + "densenet201_weights_tf_dim_ordering_tf_kernels_notop.h5"
)
# layers per dense block -> (origin, md5) with and without the classifier.
_WEIGHTS = {
    (6, 12, 24, 16): (
        (DENSENET121_WEIGHT_PATH, "9d60b8095a5708f2dcce2bca79d332c7"),
        (DENSENET121_WEIGHT_PATH_NO_TOP, "30ee3e1110167f948a6b9946edeeb738"),
    ),
    (6, 12, 32, 32): (
        (DENSENET169_WEIGHT_PATH, "d699b8f76981ab1b30698df4c175e90b"),
        (DENSENET169_WEIGHT_PATH_NO_TOP, "b8c4d4c20dd625c148057b9ff1c1176b"),
    ),
    (6, 12, 48, 32): (
        (DENSENET201_WEIGHT_PATH, "1ceb130c1ea1b78c3bf6114dbdfd8807"),
        (DENSENET201_WEIGHT_PATH_NO_TOP, "c13680b51ded0fb44dff2d8f86ac8bb1"),
    ),
}
_GROWTH_RATE = 32
_BN_EPSILON = 1.001e-5


def _channel_axis():
    return 3 if backend.image_data_format() == "channels_last" else 1


def _bn(name):
    return layers.BatchNormalization(
        axis=_channel_axis(), epsilon=_BN_EPSILON, name=name
    )


def conv_block(x, growth_rate, name):
    """One layer of a dense block: BN-ReLU-1x1 conv, BN-ReLU-3x3 conv.

    The 1x1 bottleneck has `4 * growth_rate` channels; the 3x3 output
    (`growth_rate` channels) is concatenated to the input.

    Args:
        x: the input tensor.
        growth_rate: number of channels the block adds.
        name: prefix of the layer names.

    Returns:
        The input with `growth_rate` more channels.

    Example:

    ```python
    x = keras.Input((8, 8, 16))
    y = conv_block(x, 32, name="b")  # shape (None, 8, 8, 48)
    ```
    """
    y = _bn(f"{name}_0_bn")(x)
    y = layers.Activation("relu", name=f"{name}_0_relu")(y)
    y = layers.Conv2D(
        4 * growth_rate, 1, use_bias=False, name=f"{name}_1_conv"
    )(y)
    y = _bn(f"{name}_1_bn")(y)
    y = layers.Activation("relu", name=f"{name}_1_relu")(y)
    y = layers.Conv2D(
        growth_rate, 3, padding="same", use_bias=False, name=f"{name}_2_conv"
    )(y)
    return layers.Concatenate(axis=_channel_axis(), name=f"{name}_concat")(
        [x, y]
    )


def dense_block(x, blocks, name):
    """A dense block: `blocks` conv blocks, each adding 32 channels.

    Args:
        x: the input tensor.
        blocks: number of conv blocks.
        name: prefix of the layer names (e.g. `"conv2"`).

    Returns:
        The block's output, with `32 * blocks` more channels.

    Example:

    ```python
    x = keras.Input((8, 8, 16))
    y = dense_block(x, 2, name="conv2")  # shape (None, 8, 8, 80)
    ```
    """
    for i in range(1, blocks + 1):
        x = conv_block(x, _GROWTH_RATE, name=f"{name}_block{i}")
    return x


def transition_block(x, reduction, name):
    """A transition: BN-ReLU, a 1x1 conv and 2x2 average pooling.

    Args:
        x: the input tensor.
        reduction: the fraction of channels kept by the convolution.
        name: prefix of the layer names (e.g. `"pool2"`).

    Returns:
        The output, with half the image side and `reduction` times the
        channels.

    Example:

    ```python
    x = keras.Input((8, 8, 16))
    y = transition_block(x, 0.5, name="pool2")  # shape (None, 4, 4, 8)
    ```
    """
    x = _bn(f"{name}_bn")(x)
    x = layers.Activation("relu", name=f"{name}_relu")(x)
    filters = int(x.shape[_channel_axis()] * reduction)
    x = layers.Conv2D(filters, 1, use_bias=False, name=f"{name}_conv")(x)
    return layers.AveragePooling2D(2, strides=2, name=f"{name}_pool")(x)


def DenseNet(
    blocks,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="densenet",
):
    """Builds a DenseNet with `blocks[i]` layers in dense block `i`.

    Args:
        blocks: four integers, the number of conv blocks of each dense
            block. `(6, 12, 24, 16)`, `(6, 12, 32, 32)` and
            `(6, 12, 48, 32)` (DenseNet121/169/201) have published
            ImageNet weights.
        include_top: whether to end with the 1000-way classifier.
        weights: `None`, `"imagenet"` or the path of a weights file.
        input_tensor: optional `KerasTensor` to use as the image input.
        input_shape: optional `(height, width, channels)` (at least 32x32).
        pooling: `None`, `"avg"` or `"max"` when `include_top=False`.
        classes: number of classes of the classifier.
        classifier_activation: activation of the classifier.
        name: the model's name.

    Returns:
        A functional `keras.Model`.

    Raises:
        ValueError: with the `channels_first` image data format (Keras's
            DenseNet supports only `channels_last`), or invalid arguments.

    Example:

    ```python
    model = DenseNet((1, 1, 1, 1), weights=None, include_top=False,
                     input_shape=(32, 32, 3))
    model.output.shape  # (None, 1, 1, 68)
    ```
    """
    if backend.image_data_format() == "channels_first":
        raise ValueError(
            "DenseNet is built for the `channels_last` image data format "
            "only (as in Keras). Received: image_data_format="
            f"{backend.image_data_format()}; set it to `channels_last` with "
            "`keras.config.set_image_data_format` or in "
            "~/.keras/keras.json."
        )
    blocks = tuple(blocks)
    if weights == "imagenet" and blocks not in _WEIGHTS:
        raise ValueError(
            "ImageNet weights exist only for the blocks of DenseNet121, "
            f"DenseNet169 and DenseNet201 ({', '.join(map(str, _WEIGHTS))})."
            f" Received: blocks={blocks}"
        )
    if len(blocks) != 4:
        raise ValueError(
            f"`blocks` must hold 4 integers. Received: blocks={blocks}"
        )
    imagenet_utils._check_weights_and_classes(weights, include_top, classes)
    if include_top:
        imagenet_utils.validate_activation(classifier_activation, weights)
    input_shape = imagenet_utils.obtain_input_shape(
        input_shape,
        default_size=224,
        min_size=32,
        data_format=backend.image_data_format(),
        require_flatten=include_top,
        weights=weights,
    )
    img_input = imagenet_utils._model_input(input_tensor, input_shape)

    x = layers.ZeroPadding2D(padding=((3, 3), (3, 3)))(img_input)
    x = layers.Conv2D(64, 7, strides=2, use_bias=False, name="conv1_conv")(x)
    x = _bn("conv1_bn")(x)
    x = layers.Activation("relu", name="conv1_relu")(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)))(x)
    x = layers.MaxPooling2D(3, strides=2, name="pool1")(x)
    for stage, count in enumerate(blocks, start=2):
        x = dense_block(x, count, name=f"conv{stage}")
        if stage < 5:
            x = transition_block(x, 0.5, name=f"pool{stage}")
    x = _bn("bn")(x)
    x = layers.Activation("relu", name="relu")(x)

    x = imagenet_utils._head(
        x, include_top, pooling, classes, classifier_activation, weights
    )
    inputs = imagenet_utils._model_inputs(input_tensor, img_input)
    model = Functional(inputs, x, name=name)

    if weights == "imagenet":
        origin, file_hash = _WEIGHTS[blocks][0 if include_top else 1]
        imagenet_utils._load_weights(
            model, weights, origin.rsplit("/", 1)[-1], origin, file_hash
        )
    else:
        imagenet_utils._load_weights(model, weights)
    return model


@keras_export(
    [
        "keras.applications.densenet.DenseNet121",
        "keras.applications.DenseNet121",
    ]
)
def DenseNet121(
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="densenet121",
):
    return DenseNet((6, 12, 24, 16), **locals())


@keras_export(
    [
        "keras.applications.densenet.DenseNet169",
        "keras.applications.DenseNet169",
    ]
)
def DenseNet169(
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="densenet169",
):
    return DenseNet((6, 12, 32, 32), **locals())


@keras_export(
    [
        "keras.applications.densenet.DenseNet201",
        "keras.applications.DenseNet201",
    ]
)
def DenseNet201(
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="densenet201",
):
    return DenseNet((6, 12, 48, 32), **locals())


@keras_export("keras.applications.densenet.preprocess_input")
def preprocess_input(x, data_format=None):
    return imagenet_utils.preprocess_input(
        x, data_format=data_format, mode="torch"
    )


@keras_export("keras.applications.densenet.decode_predictions")
def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)


DOC = """Instantiates the {name} architecture (Huang et al., 2017).

  Expects images preprocessed by
  `keras.applications.densenet.preprocess_input` (scaled to `[0, 1]`, then
  standardized per channel with the ImageNet statistics). With
  `weights="imagenet"` the published Keras weights are downloaded to
  `~/.keras/models` on first use.

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
                                     input_shape=(32, 32, 3), pooling="avg")
  model(np.zeros((1, 32, 32, 3))).shape  # (1, {channels})
  ```
"""

DenseNet121.__doc__ = DOC.format(name="DenseNet121", channels=1024)
DenseNet169.__doc__ = DOC.format(name="DenseNet169", channels=1664)
DenseNet201.__doc__ = DOC.format(name="DenseNet201", channels=1920)
preprocess_input.__doc__ = imagenet_utils.PREPROCESS_INPUT_DOC.format(
    mode="",
    ret=imagenet_utils.PREPROCESS_INPUT_RET_DOC_TORCH,
    error=imagenet_utils.PREPROCESS_INPUT_ERROR_DOC,
)
decode_predictions.__doc__ = imagenet_utils.decode_predictions.__doc__
