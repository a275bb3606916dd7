"""ConvNeXt Tiny/Small/Base/Large/XLarge (Liu et al., 2022): a ResNet
modernized with 7x7 depthwise convolutions, LayerNorm, inverted
bottlenecks, GELU and layer scale.

Layer names, order and weight shapes follow Keras's models exactly, so the
pretrained `.h5` files published for Keras load here unchanged.
"""

import numpy as np

from keras.src import backend
from keras.src import initializers
from keras.src import layers
from keras.src import ops
from keras.src import random
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.backend.common.naming import auto_name
from keras.src.layers.layer import Layer
from keras.src.models.functional import Functional
from keras.src.models.sequential import Sequential
from keras.src.ops import operation_utils
from keras.src.utils import file_utils

BASE_WEIGHTS_PATH = (
    "https://storage.googleapis.com/tensorflow/keras-applications/convnext/"
)

# SHA-256 digests of the published files: (with classifier, without).
WEIGHTS_HASHES = {
    "convnext_tiny": (
        "8ae6e78ce2933352b1ef4008e6dd2f17bc40771563877d156bc6426c7cf503ff",
        "d547c096cabd03329d7be5562c5e14798aa39ed24b474157cef5e85ab9e49ef1",
    ),
    "convnext_small": (
        "ce1277d8f1ee5a0ef0e171469089c18f5233860ceaf9b168049cb9263fd7483c",
        "6fc8009faa2f00c1c1dfce59feea9b0745eb260a7dd11bee65c8e20843da6eab",
    ),
    "convnext_base": (
        "52cbb006d3dadd03f6e095a8ca1aca47aecdd75acb4bc74bce1f5c695d0086e6",
        "40a20c5548a5e9202f69735ecc06c990e6b7c9d2de39f0361e27baeb24cb7c45",
    ),
    "convnext_large": (
        "070c5ed9ed289581e477741d3b34beffa920db8cf590899d6d2c67fba2a198a6",
        "96f02b6f0753d4f543261bc9d09bed650f24dd6bc02ddde3066135b63d23a1cd",
    ),
    "convnext_xlarge": (
        "c1f5ccab661354fc3a79a10fa99af82f0fbf10ec65cb894a3ae0815f17a889ee",
        "de3f8a54174130e0cecdc71583354753d557fcf1f4487331558e2a16ba0cfe05",
    ),
}

# Blocks per stage and channels per stage of each variant (table of the
# paper's appendix).
MODEL_CONFIGS = {
    "tiny": {
        "depths": [3, 3, 9, 3],
        "projection_dims": [96, 192, 384, 768],
        "default_size": 224,
    },
    "small": {
        "depths": [3, 3, 27, 3],
        "projection_dims": [96, 192, 384, 768],
        "default_size": 224,
    },
    "base": {
        "depths": [3, 3, 27, 3],
        "projection_dims": [128, 256, 512, 1024],
        "default_size": 224,
    },
    "large": {
        "depths": [3, 3, 27, 3],
        "projection_dims": [192, 384, 768, 1536],
        "default_size": 224,
    },
    "xlarge": {
        "depths": [3, 3, 27, 3],
        "projection_dims": [256, 512, 1024, 2048],
        "default_size": 224,
    },
}

BASE_DOCSTRING = """Builds the {name} image classifier.

Reference:
- [A ConvNet for the 2020s](https://arxiv.org/abs/2201.03545) (CVPR 2022)

The network optionally starts from weights trained on ImageNet-1k (the
base, large and xlarge weights were pre-trained on ImageNet-21k first; they
were converted from the authors' release). Input normalization is part of
the model (a `Normalization` layer): feed float or uint8 pixels in
`[0, 255]`; `preprocess_input` of this module returns its input unchanged.

Args:
    include_top: whether to end with the 1000-way (or `classes`-way)
        classifier. Defaults to `True`.
    include_preprocessing: whether the model normalizes its inputs itself.
        Defaults to `True`.
    weights: `None` (random initialization), `"imagenet"` (weights trained
        on ImageNet-1k) or the path of a weights file. Defaults to
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


class StochasticDepth(Layer):
    """Drops a residual branch for whole samples while training.

    Each sample's branch is kept with probability `1 - drop_path_rate` and
    then scaled by `1 / (1 - drop_path_rate)`; at inference the layer is
    the identity.

    Args:
        drop_path_rate: probability of dropping the branch, in `[0, 1)`.
        **kwargs: base `Layer` arguments (`name`, `dtype`, ...).

    Example:

    ```python
    layer = StochasticDepth(0.1)
    layer(np.ones((2, 3)), training=False)  # unchanged
    ```
    """

    def __init__(self, drop_path_rate, **kwargs):
        super().__init__(**kwargs)
        if not 0 <= drop_path_rate < 1:
            raise ValueError(
                "StochasticDepth: `drop_path_rate` must be in [0, 1). "
                f"Received: drop_path_rate={drop_path_rate}"
            )
        self.drop_path_rate = drop_path_rate
        self.seed_generator = random.SeedGenerator()

    def call(self, x, training=None):
        if not training or self.drop_path_rate == 0:
            return x
        keep = 1.0 - self.drop_path_rate
        shape = (ops.shape(x)[0],) + (1,) * (len(x.shape) - 1)
        noise = random.uniform(shape, seed=self.seed_generator, dtype=x.dtype)
        mask = ops.floor(keep + noise)
        return x / keep * mask

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config["drop_path_rate"] = self.drop_path_rate
        return config


class LayerScale(Layer):
    """Multiplies its input by a learned per-channel scale.

    The scale starts at `init_values` (small, e.g. 1e-6), so a residual
    branch starts close to the identity (CaiT, Touvron et al., 2021).

    Args:
        init_values: initial value of every channel's scale.
        projection_dim: number of channels (the last axis).
        **kwargs: base `Layer` arguments (`name`, `dtype`, ...).

    Example:

    ```python
    layer = LayerScale(0.5, 3)
    layer(np.ones((1, 3)))  # [[0.5, 0.5, 0.5]]
    ```
    """

    def __init__(self, init_values, projection_dim, **kwargs):
        super().__init__(**kwargs)
        self.init_values = init_values
        self.projection_dim = projection_dim

    def build(self, _=None):
        self.gamma = self.add_weight(
            shape=(self.projection_dim,),
            initializer=initializers.Constant(self.init_values),
            trainable=True,
            name="gamma",
        )
        self.built = True

    def call(self, x):
        return x * ops.cast(self.gamma, x.dtype)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "init_values": self.init_values,
                "projection_dim": self.projection_dim,
            }
        )
        return config


def ConvNeXtBlock(
    projection_dim, drop_path_rate=0.0, layer_scale_init_value=1e-6, name=None
):
    """One ConvNeXt block: 7x7 depthwise conv, LayerNorm, a 4x inverted
    bottleneck of dense layers with GELU, layer scale, residual.

    Args:
        projection_dim: channels of the block's input and output.
        drop_path_rate: stochastic-depth rate of the residual branch.
        layer_scale_init_value: initial layer scale, or `None` for none.
        name: prefix of the layer names.

    Returns:
        A function mapping the input tensor to the block's output.

    Example:

    ```python
    apply = ConvNeXtBlock(8, name="blk")
    apply(keras.Input((7, 7, 8))).shape  # (None, 7, 7, 8)
    ```
    """
    if name is None:
        name = auto_name("convnext_block")

    def apply(inputs):
        x = layers.Conv2D(
            projection_dim,
            kernel_size=7,
            padding="same",
            groups=projection_dim,
            name=name + "_depthwise_conv",
        )(inputs)
        x = layers.LayerNormalization(epsilon=1e-6, name=name + "_layernorm")(
            x
        )
        x = layers.Dense(4 * projection_dim, name=name + "_pointwise_conv_1")(
            x
        )
        x = layers.Activation("gelu", name=name + "_gelu")(x)
        x = layers.Dense(projection_dim, name=name + "_pointwise_conv_2")(x)
        if layer_scale_init_value is not None:
            x = LayerScale(
                layer_scale_init_value,
                projection_dim,
                name=name + "_layer_scale",
            )(x)
        if drop_path_rate:
            branch = StochasticDepth(
                drop_path_rate, name=name + "_stochastic_depth"
            )
        else:
            branch = layers.Activation("linear", name=name + "_identity")
        return inputs + branch(x)

    return apply


def PreStem(name=None):
    """Input normalization of the published ConvNeXt weights: ImageNet's
    per-channel mean and standard deviation of pixels in `[0, 255]`.

    Args:
        name: prefix of the layer name.

    Returns:
        A function mapping the image tensor to the normalized tensor.

    Example:

    ```python
    PreStem("m")(keras.Input((32, 32, 3))).shape  # (None, 32, 32, 3)
    ```
    """
    if name is None:
        name = auto_name("prestem")

    def apply(x):
        mean = [0.485 * 255, 0.456 * 255, 0.406 * 255]
        stddev = [0.229 * 255, 0.224 * 255, 0.225 * 255]
        return layers.Normalization(
            mean=mean,
            variance=[s**2 for s in stddev],
            name=name + "_prestem_normalization",
        )(x)

    return apply


def Head(num_classes=1000, classifier_activation=None, name=None):
    """Classifier of ConvNeXt: global average pooling, LayerNorm, dense.

    Args:
        num_classes: number of classes.
        classifier_activation: activation of the dense layer.
        name: prefix of the layer names.

    Returns:
        A function mapping the feature map to the class scores.

    Example:

    ```python
    Head(10, name="m")(keras.Input((7, 7, 16))).shape  # (None, 10)
    ```
    """
    if name is None:
        name = auto_name("head")

    def apply(x):
        x = layers.GlobalAveragePooling2D(name=name + "_head_gap")(x)
        x = layers.LayerNormalization(
            epsilon=1e-6, name=name + "_head_layernorm"
        )(x)
        return layers.Dense(
            num_classes,
            activation=classifier_activation,
            name=name + "_head_dense",
        )(x)

    return apply


def _check_weights(weights, include_top, classes):
    if not (weights in {"imagenet", None} or file_utils.exists(weights)):
        raise ValueError(
            "The `weights` argument should be either `None` (random "
            "initialization), `'imagenet'` (pre-training on ImageNet-1k), "
            "or the path to the weights file to be loaded. Received: "
            f"weights={weights}"
        )
    if weights == "imagenet" and include_top and classes != 1000:
        raise ValueError(
            "If using `weights='imagenet'` with `include_top=True`, "
            f"`classes` should be 1000. Received: classes={classes}"
        )


def ConvNeXt(
    depths,
    projection_dims,
    drop_path_rate=0.0,
    layer_scale_init_value=1e-6,
    default_size=224,
    name="convnext",
    include_preprocessing=True,
    include_top=True,
    weights=None,
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    weights_name=None,
):
    """Builds a ConvNeXt with any stage depths and widths.

    Args:
        depths: number of blocks in each of the 4 stages.
        projection_dims: channels of each of the 4 stages.
        drop_path_rate: stochastic-depth rate of the last block (it grows
            linearly from 0 over the blocks).
        layer_scale_init_value: initial layer scale of every block.
        default_size: image side the model is designed for.
        name: the model's name (also the prefix of its layer names).
        include_preprocessing: whether to normalize the inputs in-model.
        include_top: whether to end with the classifier.
        weights: `None`, `"imagenet"` or a weights file path.
        input_tensor: optional Keras tensor to use as the image input.
        input_shape: optional input shape (only with `include_top=False`).
        pooling: `None`, `"avg"` or `"max"` (with `include_top=False`).
        classes: number of classes of the classifier.
        classifier_activation: activation of the classifier.
        weights_name: key of `WEIGHTS_HASHES` for `weights="imagenet"`.

    Returns:
        A `keras.Model`.
    """
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
    if input_tensor is not None:
        inputs = operation_utils.get_source_inputs(input_tensor)
    else:
        inputs = img_input

    x = img_input
    if include_preprocessing:
        channels_last = backend.image_data_format() == "channels_last"
        channels = input_shape[-1] if channels_last else input_shape[0]
        if channels == 3:
            x = PreStem(name=name)(x)

    stem = Sequential(
        [
            layers.Conv2D(
                projection_dims[0],
                kernel_size=4,
                strides=4,
                name=name + "_stem_conv",
            ),
            layers.LayerNormalization(
                epsilon=1e-6, name=name + "_stem_layernorm"
            ),
        ],
        name=name + "_stem",
    )
    downsamplers = [stem]
    for i in range(3):
        downsamplers.append(
            Sequential(
                [
                    layers.LayerNormalization(
                        epsilon=1e-6,
                        name=name + "_downsampling_layernorm_" + str(i),
                    ),
                    layers.Conv2D(
                        projection_dims[i + 1],
                        kernel_size=2,
                        strides=2,
                        name=name + "_downsampling_conv_" + str(i),
                    ),
                ],
                name=name + "_downsampling_block_" + str(i),
            )
        )

    rates = [float(r) for r in np.linspace(0.0, drop_path_rate, sum(depths))]
    first = 0
    for stage in range(4):
        x = downsamplers[stage](x)
        for j in range(depths[stage]):
            x = ConvNeXtBlock(
                projection_dim=projection_dims[stage],
                drop_path_rate=rates[first + j],
                layer_scale_init_value=layer_scale_init_value,
                name=name + f"_stage_{stage}_block_{j}",
            )(x)
        first += depths[stage]

    if include_top:
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = Head(
            num_classes=classes,
            classifier_activation=classifier_activation,
            name=name,
        )(x)
    else:
        if pooling == "avg":
            x = layers.GlobalAveragePooling2D()(x)
        elif pooling == "max":
            x = layers.GlobalMaxPooling2D()(x)
        x = layers.LayerNormalization(epsilon=1e-6)(x)

    model = Functional(inputs=inputs, outputs=x, name=name)

    if weights == "imagenet":
        suffix = ".h5" if include_top else "_notop.h5"
        file_hash = WEIGHTS_HASHES[weights_name][0 if include_top else 1]
        file_name = weights_name + suffix
        weights = file_utils.get_file(
            file_name,
            BASE_WEIGHTS_PATH + file_name,
            cache_subdir="models",
            file_hash=file_hash,
        )
    if weights is not None:
        model.load_weights(weights)
    return model


def _variant(func_name, key):
    """Defines and exports one published ConvNeXt variant."""
    config = MODEL_CONFIGS[key]

    def build(
        include_top=True,
        include_preprocessing=True,
        weights="imagenet",
        input_tensor=None,
        input_shape=None,
        pooling=None,
        classes=1000,
        classifier_activation="softmax",
        name=f"convnext_{key}",
    ):
        return ConvNeXt(
            weights=weights,
            depths=config["depths"],
            projection_dims=config["projection_dims"],
            default_size=config["default_size"],
            name=name,
            include_top=include_top,
            include_preprocessing=include_preprocessing,
            input_tensor=input_tensor,
            input_shape=input_shape,
            pooling=pooling,
            classes=classes,
            classifier_activation=classifier_activation,
            weights_name=f"convnext_{key}",
        )

    build.__name__ = build.__qualname__ = func_name
    build.__doc__ = BASE_DOCSTRING.format(name=func_name)
    build.__module__ = __name__
    return keras_export(
        [
            f"keras.applications.{func_name}",
            f"keras.applications.convnext.{func_name}",
        ]
    )(build)


ConvNeXtTiny = _variant("ConvNeXtTiny", "tiny")
ConvNeXtSmall = _variant("ConvNeXtSmall", "small")
ConvNeXtBase = _variant("ConvNeXtBase", "base")
ConvNeXtLarge = _variant("ConvNeXtLarge", "large")
ConvNeXtXLarge = _variant("ConvNeXtXLarge", "xlarge")


@keras_export("keras.applications.convnext.preprocess_input")
def preprocess_input(x, data_format=None):
    """Returns `x` unchanged: ConvNeXt normalizes its inputs itself.

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
    keras.applications.convnext.preprocess_input(x).max()  # 128.0
    ```
    """
    return x


@keras_export("keras.applications.convnext.decode_predictions")
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
    keras.applications.convnext.decode_predictions(preds, top=1)
    # [[('n01440764', 'tench', 1.0)]]
    ```
    """
    return imagenet_utils.decode_predictions(preds, top=top)
