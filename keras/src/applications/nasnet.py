"""NASNet Mobile and Large (Zoph et al., 2018): stacks of normal and
reduction cells whose operations were found by architecture search.

Layer names, order and weight shapes follow Keras's models exactly, so the
pretrained `.h5` files published for Keras load here unchanged.
"""

from keras.src import backend
from keras.src import layers
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.models.functional import Functional
from keras.src.ops import operation_utils
from keras.src.utils import file_utils

BASE_WEIGHTS_PATH = (
    "https://storage.googleapis.com/tensorflow/keras-applications/nasnet/"
)
NASNET_MOBILE_WEIGHT_PATH = BASE_WEIGHTS_PATH + "NASNet-mobile.h5"
NASNET_MOBILE_WEIGHT_PATH_NO_TOP = BASE_WEIGHTS_PATH + "NASNet-mobile-no-top.h5"
NASNET_LARGE_WEIGHT_PATH = BASE_WEIGHTS_PATH + "NASNet-large.h5"
NASNET_LARGE_WEIGHT_PATH_NO_TOP = BASE_WEIGHTS_PATH + "NASNet-large-no-top.h5"

# (file name, URL, MD5) of the published weights by (default size, top).
_WEIGHT_FILES = {
    (224, True): (
        "nasnet_mobile.h5",
        NASNET_MOBILE_WEIGHT_PATH,
        "020fb642bf7360b370c678b08e0adf61",
    ),
    (224, False): (
        "nasnet_mobile_no_top.h5",
        NASNET_MOBILE_WEIGHT_PATH_NO_TOP,
        "1ed92395b5b598bdda52abe5c0dbfd63",
    ),
    (331, True): (
        "nasnet_large.h5",
        NASNET_LARGE_WEIGHT_PATH,
        "11577c9a518f0070763c2b964a382f17",
    ),
    (331, False): (
        "nasnet_large_no_top.h5",
        NASNET_LARGE_WEIGHT_PATH_NO_TOP,
        "d81d89dc07e6e56530c4e77faddd61b5",
    ),
}

_BN = {"momentum": 0.9997, "epsilon": 1e-3}


def _channel_axis():
    return 1 if backend.image_data_format() == "channels_first" else -1


def _bn(x, name):
    return layers.BatchNormalization(axis=_channel_axis(), name=name, **_BN)(x)


def _conv1x1(x, filters, name):
    return layers.Conv2D(
        filters,
        (1, 1),
        padding="same",
        use_bias=False,
        kernel_initializer="he_normal",
        name=name,
    )(x)


def _separable_block(x, filters, kernel_size, strides, block_id):
    """ReLU, separable conv, BN, ReLU, separable conv, BN."""
    x = layers.Activation("relu")(x)
    padding = "same"
    if strides == 2:
        x = layers.ZeroPadding2D(
            imagenet_utils.correct_pad(x, kernel_size),
            name=f"separable_conv_1_pad_{block_id}",
        )(x)
        padding = "valid"
    for step in (1, 2):
        x = layers.SeparableConv2D(
            filters,
            kernel_size,
            strides=strides if step == 1 else 1,
            padding=padding if step == 1 else "same",
            use_bias=False,
            name=f"separable_conv_{step}_{block_id}",
        )(x)
        x = _bn(x, f"separable_conv_{step}_bn_{block_id}")
        if step == 1:
            x = layers.Activation("relu")(x)
    return x


def _spatial(shape):
    return shape[2] if backend.image_data_format() == "channels_first" else (
        shape[-2]
    )


def _adjust(p, ip, filters, block_id):
    """Brings the previous cell's output `p` to the shape of `ip`."""
    if p is None:
        return ip
    channels = p.shape[_channel_axis()]
    if _spatial(p.shape) != _spatial(ip.shape):
        # Halve `p` with two 1x1 paths, the second shifted by one pixel.
        p = layers.Activation("relu", name=f"adjust_relu_1_{block_id}")(p)
        p1 = layers.AveragePooling2D(
            (1, 1), strides=(2, 2), name=f"adjust_avg_pool_1_{block_id}"
        )(p)
        p1 = _conv1x1(p1, filters // 2, f"adjust_conv_1_{block_id}")
        p2 = layers.ZeroPadding2D(((0, 1), (0, 1)))(p)
        p2 = layers.Cropping2D(((1, 0), (1, 0)))(p2)
        p2 = layers.AveragePooling2D(
            (1, 1), strides=(2, 2), name=f"adjust_avg_pool_2_{block_id}"
        )(p2)
        p2 = _conv1x1(p2, filters // 2, f"adjust_conv_2_{block_id}")
        p = layers.concatenate([p1, p2], axis=_channel_axis())
        return _bn(p, f"adjust_bn_{block_id}")
    if channels != filters:
        p = layers.Activation("relu")(p)
        p = _conv1x1(p, filters, f"adjust_conv_projection_{block_id}")
        return _bn(p, f"adjust_bn_{block_id}")
    return p


def _normal_cell(ip, p, filters, block_id):
    """Normal cell (NASNet-A): keeps the spatial size."""
    p = _adjust(p, ip, filters, block_id)
    h = layers.Activation("relu")(ip)
    h = _conv1x1(h, filters, f"normal_conv_1_{block_id}")
    h = _bn(h, f"normal_bn_1_{block_id}")

    def sep(x, k, tag):
        return _separable_block(x, filters, k, 1, f"normal_{tag}_{block_id}")

    def avg(x, tag):
        return layers.AveragePooling2D(
            (3, 3), strides=(1, 1), padding="same",
            name=f"normal_{tag}_{block_id}",
        )(x)

    def add(xs, i):
        return layers.add(xs, name=f"normal_add_{i}_{block_id}")

    x1 = add([sep(h, (5, 5), "left1"), sep(p, (3, 3), "right1")], 1)
    x2 = add([sep(p, (5, 5), "left2"), sep(p, (3, 3), "right2")], 2)
    x3 = add([avg(h, "left3"), p], 3)
    x4 = add([avg(p, "left4"), avg(p, "right4")], 4)
    x5 = add([sep(h, (3, 3), "left5"), h], 5)
    x = layers.concatenate(
        [p, x1, x2, x3, x4, x5],
        axis=_channel_axis(),
        name=f"normal_concat_{block_id}",
    )
    return x, ip


def _reduction_cell(ip, p, filters, block_id):
    """Reduction cell (NASNet-A): halves the spatial size."""
    p = _adjust(p, ip, filters, block_id)
    h = layers.Activation("relu")(ip)
    h = _conv1x1(h, filters, f"reduction_conv_1_{block_id}")
    h = _bn(h, f"reduction_bn_1_{block_id}")
    h3 = layers.ZeroPadding2D(
        imagenet_utils.correct_pad(h, 3), name=f"reduction_pad_1_{block_id}"
    )(h)

    def sep(x, k, strides, tag):
        return _separable_block(
            x, filters, k, strides, f"reduction_{tag}_{block_id}"
        )

    def pool(cls, x, strides, padding, tag):
        return cls(
            (3, 3),
            strides=strides,
            padding=padding,
            name=f"reduction_{tag}_{block_id}",
        )(x)

    x1 = layers.add(
        [sep(h, (5, 5), 2, "left1"), sep(p, (7, 7), 2, "right1")],
        name=f"reduction_add_1_{block_id}",
    )
    x2 = layers.add(
        [
            pool(layers.MaxPooling2D, h3, 2, "valid", "left2"),
            sep(p, (7, 7), 2, "right2"),
        ],
        name=f"reduction_add_2_{block_id}",
    )
    x3 = layers.add(
        [
            pool(layers.AveragePooling2D, h3, 2, "valid", "left3"),
            sep(p, (5, 5), 2, "right3"),
        ],
        name=f"reduction_add3_{block_id}",
    )
    x4 = pool(layers.AveragePooling2D, x1, 1, "same", "left4")
    x4 = layers.add([x2, x4])
    x5 = layers.add(
        [
            sep(x1, (3, 3), 1, "left4"),
            pool(layers.MaxPooling2D, h3, 2, "valid", "right5"),
        ],
        name=f"reduction_add4_{block_id}",
    )
    x = layers.concatenate(
        [x2, x3, x4, x5],
        axis=_channel_axis(),
        name=f"reduction_concat_{block_id}",
    )
    return x, ip


def NASNet(
    input_shape=None,
    penultimate_filters=4032,
    num_blocks=6,
    stem_block_filters=96,
    skip_reduction=True,
    filter_multiplier=2,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    pooling=None,
    classes=1000,
    default_size=None,
    classifier_activation="softmax",
    name="NASNet",
):
    """Builds a NASNet-A of any size: `N @ P` in the paper's notation is
    `num_blocks=N`, `penultimate_filters=P`.

    Args:
        input_shape: optional input shape (only with `include_top=False`
            unless it is the default).
        penultimate_filters: channels of the last cells; a multiple of
            `24 * filter_multiplier ** 2`.
        num_blocks: normal cells between reductions.
        stem_block_filters: filters of the first convolution.
        skip_reduction: whether cells after a reduction see the output
            before it (`True`) or the reduction cell's input.
        filter_multiplier: filter growth at each reduction.
        include_top: whether to end with the classifier.
        weights: `None`, `"imagenet"` or a weights file path.
        input_tensor: optional Keras tensor to use as the image input.
        pooling: `None`, `"avg"` or `"max"` (with `include_top=False`).
        classes: number of classes of the classifier.
        default_size: image side the model is designed for (331 if
            `None`).
        classifier_activation: activation of the classifier.
        name: the model's name.

    Returns:
        A `keras.Model`.
    """
    if not (weights in {"imagenet", None} or file_utils.exists(weights)):
        raise ValueError(
            "The `weights` argument should be either `None` (random "
            "initialization), `imagenet` (pre-training on ImageNet), or "
            f"the path to the weights file to be loaded. Received: "
            f"weights={weights}"
        )
    if weights == "imagenet" and include_top and classes != 1000:
        raise ValueError(
            "If using `weights='imagenet'` with `include_top=True`, "
            f"`classes` should be 1000. Received: classes={classes}"
        )
    if (
        isinstance(input_shape, tuple)
        and None in input_shape
        and weights == "imagenet"
    ):
        raise ValueError(
            "When specifying the input shape of a NASNet and loading "
            "`ImageNet` weights, the input_shape argument must be static "
            f"(no None entries). Received: input_shape={input_shape}"
        )
    if default_size is None:
        default_size = 331
    input_shape = imagenet_utils.obtain_input_shape(
        input_shape,
        default_size=default_size,
        min_size=32,
        data_format=backend.image_data_format(),
        require_flatten=include_top,
        weights=weights,
    )
    if penultimate_filters % (24 * (filter_multiplier**2)) != 0:
        raise ValueError(
            "For NASNet-A models, the `penultimate_filters` must be a "
            "multiple of 24 * (`filter_multiplier` ** 2). Received: "
            f"penultimate_filters={penultimate_filters}, "
            f"filter_multiplier={filter_multiplier}"
        )
    if input_tensor is None:
        img_input = layers.Input(shape=input_shape)
    elif not backend.is_keras_tensor(input_tensor):
        img_input = layers.Input(tensor=input_tensor, shape=input_shape)
    else:
        img_input = input_tensor

    filters = penultimate_filters // 24
    x = layers.Conv2D(
        stem_block_filters,
        (3, 3),
        strides=(2, 2),
        padding="valid",
        use_bias=False,
        kernel_initializer="he_normal",
        name="stem_conv1",
    )(img_input)
    x = _bn(x, "stem_bn1")

    p = None
    x, p = _reduction_cell(x, p, filters // filter_multiplier**2, "stem_1")
    x, p = _reduction_cell(x, p, filters // filter_multiplier, "stem_2")
    for level in range(3):
        width = filters * filter_multiplier**level
        if level > 0:
            x, p_reduced = _reduction_cell(
                x, p, width, f"reduce_{level * num_blocks}"
            )
            if not skip_reduction:
                p = p_reduced
        # Cells are numbered 0..N-1, N+1..2N, 2N+1..3N: each reduction
        # takes the number before its level's first normal cell.
        first = level * num_blocks + (1 if level else 0)
        for i in range(num_blocks):
            x, p = _normal_cell(x, p, width, f"{first + i}")

    x = layers.Activation("relu")(x)
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

    if input_tensor is not None:
        inputs = operation_utils.get_source_inputs(input_tensor)
    else:
        inputs = img_input
    model = Functional(inputs, x, name=name)

    if weights == "imagenet":
        if (default_size, include_top) not in _WEIGHT_FILES:
            raise ValueError(
                "ImageNet weights exist only for NASNet Mobile "
                "(default_size=224) and NASNet Large (default_size=331). "
                f"Received: default_size={default_size}"
            )
        file_name, url, file_hash = _WEIGHT_FILES[default_size, include_top]
        weights = file_utils.get_file(
            file_name, url, cache_subdir="models", file_hash=file_hash
        )
    if weights is not None:
        model.load_weights(weights)
    return model


_DOCSTRING = """Builds the {title} image classifier.

Reference:
- [Learning Transferable Architectures for Scalable Image
  Recognition](https://arxiv.org/abs/1707.07012) (CVPR 2018)

The network optionally starts from weights trained on ImageNet. Inputs are
scaled with `keras.applications.nasnet.preprocess_input` (pixels from
`[0, 255]` to `[-1, 1]`).

Args:
    input_shape: optional shape tuple; with `include_top=True` and ImageNet
        weights it must be `{shape}`. Sides of at least 32.
    include_top: whether to end with the 1000-way (or `classes`-way)
        classifier. Defaults to `True`.
    weights: `None` (random initialization), `"imagenet"` (weights trained
        on ImageNet) or the path of a weights file. Defaults to
        `"imagenet"`.
    input_tensor: optional Keras tensor (e.g. from `keras.Input()`) to use
        as the image input.
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
model = keras.applications.{func}(weights=None, input_shape=(32, 32, 3),
                                  include_top=False, pooling="avg")
model(np.zeros((1, 32, 32, 3))).shape  # (1, features)
```
"""


@keras_export(
    [
        "keras.applications.nasnet.NASNetMobile",
        "keras.applications.NASNetMobile",
    ]
)
def NASNetMobile(
    input_shape=None,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="nasnet_mobile",
):
    return NASNet(
        input_shape,
        penultimate_filters=1056,
        num_blocks=4,
        stem_block_filters=32,
        skip_reduction=False,
        filter_multiplier=2,
        include_top=include_top,
        weights=weights,
        input_tensor=input_tensor,
        pooling=pooling,
        classes=classes,
        default_size=224,
        classifier_activation=classifier_activation,
        name=name,
    )


@keras_export(
    [
        "keras.applications.nasnet.NASNetLarge",
        "keras.applications.NASNetLarge",
    ]
)
def NASNetLarge(
    input_shape=None,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="nasnet_large",
):
    return NASNet(
        input_shape,
        penultimate_filters=4032,
        num_blocks=6,
        stem_block_filters=96,
        skip_reduction=True,
        filter_multiplier=2,
        include_top=include_top,
        weights=weights,
        input_tensor=input_tensor,
        pooling=pooling,
        classes=classes,
        default_size=331,
        classifier_activation=classifier_activation,
        name=name,
    )


NASNetMobile.__doc__ = _DOCSTRING.format(
    title="NASNet-A Mobile (4 @ 1056)", shape="(224, 224, 3)",
    func="NASNetMobile",
)
NASNetLarge.__doc__ = _DOCSTRING.format(
    title="NASNet-A Large (6 @ 4032)", shape="(331, 331, 3)",
    func="NASNetLarge",
)


@keras_export("keras.applications.nasnet.preprocess_input")
def preprocess_input(x, data_format=None):
    """Scales pixels from `[0, 255]` to `[-1, 1]` for NASNet.

    Args:
        x: a batch of images (NumPy array or tensor), RGB, in `[0, 255]`.
        data_format: `"channels_last"`, `"channels_first"` or `None` (the
            configured image data format).

    Returns:
        The scaled images, as floats.

    Example:

    ```python
    x = np.array([[[[0.0, 127.5, 255.0]]]])
    keras.applications.nasnet.preprocess_input(x)  # [[[[-1., 0., 1.]]]]
    ```
    """
    return imagenet_utils.preprocess_input(
        x, data_format=data_format, mode="tf"
    )


@keras_export("keras.applications.nasnet.decode_predictions")
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
    keras.applications.nasnet.decode_predictions(preds, top=1)
    # [[('n01440764', 'tench', 1.0)]]
    ```
    """
    return imagenet_utils.decode_predictions(preds, top=top)
