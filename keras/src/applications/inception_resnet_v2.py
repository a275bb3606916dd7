"""Inception-ResNet-v2 (Szegedy et al., 2016, "Inception-v4,
Inception-ResNet and the Impact of Residual Connections on Learning").

A stem of plain convolutions and poolings, then three stages of residual
Inception blocks (10 x "block35" at 35x35, 20 x "block17" at 17x17, 10 x
"block8" at 8x8 for a 299x299 input) separated by the strided reduction
blocks "mixed_6a" and "mixed_7a". Each residual block adds its Inception
branches, projected back to the block's width and scaled down (by 0.17,
0.1 or 0.2), to its input: the scaling keeps the very deep residual stack
stable in training.
"""

from keras.src import backend
from keras.src import layers
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.layers.layer import Layer
from keras.src.models import Functional

BASE_WEIGHT_URL = (
    "https://storage.googleapis.com/tensorflow/keras-applications/"
    "inception_resnet_v2/"
)
_WEIGHTS = {
    True: (
        "inception_resnet_v2_weights_tf_dim_ordering_tf_kernels.h5",
        "e693bd0210a403b3192acc6073ad2e96",
    ),
    False: (
        "inception_resnet_v2_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "d19885ff4a710c122648d3b5c3b684e4",
    ),
}


def _channel_axis():
    return 1 if backend.image_data_format() == "channels_first" else 3


class CustomScaleLayer(Layer):
    """Adds a scaled residual to its input: `inputs[0] + inputs[1] * scale`.

    The residual merge of Inception-ResNet blocks (not a public Keras
    name: it lives in this module only, as in Keras).

    Args:
        scale: the factor applied to the residual branch.
        **kwargs: base layer keyword arguments, such as `name`.

    Example:

    ```python
    layer = CustomScaleLayer(0.5)
    layer([np.ones((1, 2)), np.full((1, 2), 4.0)])  # [[3., 3.]]
    ```
    """

    def __init__(self, scale, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale

    def get_config(self):
        config = super().get_config()
        config.update({"scale": self.scale})
        return config

    def call(self, inputs):
        return ops.add(inputs[0], ops.multiply(inputs[1], self.scale))

    def compute_output_shape(self, input_shape):
        return tuple(input_shape[0])


def conv2d_bn(
    x,
    filters,
    kernel_size,
    strides=1,
    padding="same",
    activation="relu",
    use_bias=False,
    name=None,
):
    """A convolution followed by batch norm and an activation.

    Without a bias the convolution is followed by batch norm (`scale=False`:
    the next layer is linear-then-ReLU, so a scale would be redundant);
    with one (the residual projections) there is no batch norm.

    Args:
        x: the input tensor.
        filters: number of output channels.
        kernel_size: size of the kernel (int or pair).
        strides: strides of the convolution.
        padding: `"same"` or `"valid"`.
        activation: activation after batch norm, or `None`.
        use_bias: whether the convolution has a bias (and no batch norm).
        name: the convolution's name; batch norm and activation get
            `name + "_bn"` and `name + "_ac"`. `None` leaves them
            auto-named.

    Returns:
        The output tensor.

    Example:

    ```python
    x = keras.Input((35, 35, 16))
    conv2d_bn(x, 32, 3).shape  # (None, 35, 35, 32)
    ```
    """
    x = layers.Conv2D(
        filters,
        kernel_size,
        strides=strides,
        padding=padding,
        use_bias=use_bias,
        name=name,
    )(x)
    if not use_bias:
        x = layers.BatchNormalization(
            axis=_channel_axis(),
            scale=False,
            name=None if name is None else name + "_bn",
        )(x)
    if activation is not None:
        x = layers.Activation(
            activation, name=None if name is None else name + "_ac"
        )(x)
    return x


def inception_resnet_block(x, scale, block_type, block_idx, activation="relu"):
    """One residual Inception block: `x + scale * branches(x)`.

    Args:
        x: the input tensor.
        scale: factor of the residual branch.
        block_type: `"block35"`, `"block17"` or `"block8"` (the stage).
        block_idx: the block's index, used in its layers' names
            (`"{block_type}_{block_idx}_..."`).
        activation: activation after the sum, or `None`.

    Returns:
        The output tensor, of the same shape as `x`.

    Raises:
        ValueError: for an unknown `block_type`.

    Example:

    ```python
    x = keras.Input((8, 8, 64))
    inception_resnet_block(x, 0.2, "block8", 1).shape  # (None, 8, 8, 64)
    ```
    """
    if block_type == "block35":
        branches = [
            conv2d_bn(x, 32, 1),
            conv2d_bn(conv2d_bn(x, 32, 1), 32, 3),
            conv2d_bn(conv2d_bn(conv2d_bn(x, 32, 1), 48, 3), 64, 3),
        ]
    elif block_type == "block17":
        # Branches are built in order: the auto-generated layer names
        # (and so the weight files) depend on it.
        branch_0 = conv2d_bn(x, 192, 1)
        branch_1 = conv2d_bn(x, 128, 1)
        branch_1 = conv2d_bn(branch_1, 160, [1, 7])
        branches = [branch_0, conv2d_bn(branch_1, 192, [7, 1])]
    elif block_type == "block8":
        branch_0 = conv2d_bn(x, 192, 1)
        branch_1 = conv2d_bn(x, 192, 1)
        branch_1 = conv2d_bn(branch_1, 224, [1, 3])
        branches = [branch_0, conv2d_bn(branch_1, 256, [3, 1])]
    else:
        raise ValueError(
            "Unknown Inception-ResNet block type. Expects "
            '"block35", "block17" or "block8", but got: '
            f"{block_type}"
        )
    block_name = f"{block_type}_{block_idx}"
    axis = _channel_axis()
    mixed = layers.Concatenate(axis=axis, name=block_name + "_mixed")(
        branches
    )
    up = conv2d_bn(
        mixed,
        x.shape[axis],
        1,
        activation=None,
        use_bias=True,
        name=block_name + "_conv",
    )
    x = CustomScaleLayer(scale)([x, up])
    if activation is not None:
        x = layers.Activation(activation, name=block_name + "_ac")(x)
    return x


def _stem(x):
    x = conv2d_bn(x, 32, 3, strides=2, padding="valid")
    x = conv2d_bn(x, 32, 3, padding="valid")
    x = conv2d_bn(x, 64, 3)
    x = layers.MaxPooling2D(3, strides=2)(x)
    x = conv2d_bn(x, 80, 1, padding="valid")
    x = conv2d_bn(x, 192, 3, padding="valid")
    x = layers.MaxPooling2D(3, strides=2)(x)
    # Mixed 5b: the Inception-A block of Inception-v4, without residual.
    branch_0 = conv2d_bn(x, 96, 1)
    branch_1 = conv2d_bn(conv2d_bn(x, 48, 1), 64, 5)
    branch_2 = conv2d_bn(conv2d_bn(conv2d_bn(x, 64, 1), 96, 3), 96, 3)
    branch_pool = layers.AveragePooling2D(3, strides=1, padding="same")(x)
    branch_pool = conv2d_bn(branch_pool, 64, 1)
    return layers.Concatenate(axis=_channel_axis(), name="mixed_5b")(
        [branch_0, branch_1, branch_2, branch_pool]
    )


def _reduction_a(x):
    # Mixed 6a: 35x35 -> 17x17.
    branch_0 = conv2d_bn(x, 384, 3, strides=2, padding="valid")
    branch_1 = conv2d_bn(conv2d_bn(x, 256, 1), 256, 3)
    branch_1 = conv2d_bn(branch_1, 384, 3, strides=2, padding="valid")
    branch_pool = layers.MaxPooling2D(3, strides=2, padding="valid")(x)
    return layers.Concatenate(axis=_channel_axis(), name="mixed_6a")(
        [branch_0, branch_1, branch_pool]
    )


def _reduction_b(x):
    # Mixed 7a: 17x17 -> 8x8.
    branch_0 = conv2d_bn(x, 256, 1)
    branch_0 = conv2d_bn(branch_0, 384, 3, strides=2, padding="valid")
    branch_1 = conv2d_bn(x, 256, 1)
    branch_1 = conv2d_bn(branch_1, 288, 3, strides=2, padding="valid")
    branch_2 = conv2d_bn(conv2d_bn(x, 256, 1), 288, 3)
    branch_2 = conv2d_bn(branch_2, 320, 3, strides=2, padding="valid")
    branch_pool = layers.MaxPooling2D(3, strides=2, padding="valid")(x)
    return layers.Concatenate(axis=_channel_axis(), name="mixed_7a")(
        [branch_0, branch_1, branch_2, branch_pool]
    )


@keras_export(
    [
        "keras.applications.inception_resnet_v2.InceptionResNetV2",
        "keras.applications.InceptionResNetV2",
    ]
)
def InceptionResNetV2(
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="inception_resnet_v2",
):
    """Instantiates the Inception-ResNet v2 architecture.

    Reference:
    - [Inception-v4, Inception-ResNet and the Impact of Residual
      Connections on Learning](https://arxiv.org/abs/1602.07261)
      (AAAI 2017)

    Expects images preprocessed by `keras.applications.inception_resnet_v2.
    preprocess_input` (scaled to `[-1, 1]`). The ImageNet weights were
    trained on 299x299 images and are downloaded on first use.

    Args:
        include_top: whether to end with the classifier.
        weights: `None` (random initialization), `"imagenet"` or the path
            of a weights file.
        input_tensor: optional Keras tensor (e.g. from `keras.Input()`) to
            use as the image input.
        input_shape: optional shape tuple, only with `include_top=False`
            (or without pretrained weights); 3 channels and sides of at
            least 75. Defaults to `(299, 299, 3)`.
        pooling: with `include_top=False`: `None` returns the last feature
            map (4D), `"avg"` or `"max"` pools it globally into a 2D
            tensor.
        classes: number of classes, only with `include_top=True` and no
            pretrained weights. Defaults to 1000.
        classifier_activation: activation of the classifier (a name or a
            callable); `None` returns logits. With pretrained weights only
            `None` and `"softmax"` are accepted.
        name: the model's name.

    Returns:
        A `keras.Model` instance.

    Example:

    ```python
    model = keras.applications.InceptionResNetV2(
        weights=None, include_top=False, input_shape=(75, 75, 3),
        pooling="avg")
    model.output.shape  # (None, 1536)
    ```
    """
    imagenet_utils._check_weights_and_classes(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(
        input_shape,
        default_size=299,
        min_size=75,
        data_format=backend.image_data_format(),
        require_flatten=include_top,
        weights=weights,
    )
    img_input = imagenet_utils._model_input(input_tensor, input_shape)

    x = _stem(img_input)
    for block_idx in range(1, 11):
        x = inception_resnet_block(x, 0.17, "block35", block_idx)
    x = _reduction_a(x)
    for block_idx in range(1, 21):
        x = inception_resnet_block(x, 0.1, "block17", block_idx)
    x = _reduction_b(x)
    for block_idx in range(1, 10):
        x = inception_resnet_block(x, 0.2, "block8", block_idx)
    # The last block has no activation and an unscaled residual.
    x = inception_resnet_block(x, 1.0, "block8", 10, activation=None)
    x = conv2d_bn(x, 1536, 1, name="conv_7b")

    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Dense(
            classes, activation=classifier_activation, name="predictions"
        )(x)
    elif pooling == "avg":
        # Keras leaves the no-top pooling layers auto-named here.
        x = layers.GlobalAveragePooling2D()(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D()(x)
    inputs = imagenet_utils._model_inputs(input_tensor, img_input)
    model = Functional(inputs, x, name=name)

    if weights == "imagenet":
        file_name, file_hash = _WEIGHTS[bool(include_top)]
        imagenet_utils._load_weights(
            model, weights, file_name, BASE_WEIGHT_URL + file_name, file_hash
        )
    else:
        imagenet_utils._load_weights(model, weights)
    return model


@keras_export("keras.applications.inception_resnet_v2.preprocess_input")
def preprocess_input(x, data_format=None):
    return imagenet_utils.preprocess_input(
        x, data_format=data_format, mode="tf"
    )


@keras_export("keras.applications.inception_resnet_v2.decode_predictions")
def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)


preprocess_input.__doc__ = imagenet_utils.PREPROCESS_INPUT_DOC.format(
    mode="",
    ret=imagenet_utils.PREPROCESS_INPUT_RET_DOC_TF,
    error=imagenet_utils.PREPROCESS_INPUT_ERROR_DOC,
)
decode_predictions.__doc__ = imagenet_utils.decode_predictions.__doc__
