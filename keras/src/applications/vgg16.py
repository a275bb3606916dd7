"""VGG16 (Simonyan & Zisserman, 2014, "Very Deep Convolutional Networks
for Large-Scale Image Recognition"), and the VGG builder `vgg19.py` uses.

Five blocks of 3x3 same-padded ReLU convolutions, each closed by a 2x2
max pooling, then two 4096-unit dense layers and the classifier.
"""

from keras.src import backend
from keras.src import layers
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.models import Functional

WEIGHTS_PATH = (
    "https://storage.googleapis.com/tensorflow/keras-applications/"
    "vgg16/vgg16_weights_tf_dim_ordering_tf_kernels.h5"
)
WEIGHTS_PATH_NO_TOP = (
    "https://storage.googleapis.com/tensorflow/keras-applications/"
    "vgg16/vgg16_weights_tf_dim_ordering_tf_kernels_notop.h5"
)
_HASHES = (
    "64373286793e3c8b2b4e3219cbf3544b",
    "6d6bbae143d832006294945121d1f1fc",
)


def _build_vgg(
    convs_per_block,
    weight_files,
    include_top,
    weights,
    input_tensor,
    input_shape,
    pooling,
    classes,
    classifier_activation,
    name,
):
    """Builds a VGG whose block `i` holds `convs_per_block[i]` convs.

    `weight_files` is `((url, md5) with top, (url, md5) without)`.
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

    x = img_input
    for block, (filters, convs) in enumerate(
        zip((64, 128, 256, 512, 512), convs_per_block), start=1
    ):
        for i in range(1, convs + 1):
            x = layers.Conv2D(
                filters,
                (3, 3),
                activation="relu",
                padding="same",
                name=f"block{block}_conv{i}",
            )(x)
        x = layers.MaxPooling2D(
            (2, 2), strides=(2, 2), name=f"block{block}_pool"
        )(x)

    if include_top:
        x = layers.Flatten(name="flatten")(x)
        x = layers.Dense(4096, activation="relu", name="fc1")(x)
        x = layers.Dense(4096, activation="relu", name="fc2")(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Dense(
            classes, activation=classifier_activation, name="predictions"
        )(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D()(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D()(x)

    inputs = imagenet_utils._model_inputs(input_tensor, img_input)
    model = Functional(inputs, x, name=name)
    url, file_hash = weight_files[0 if include_top else 1]
    imagenet_utils._load_weights(
        model, weights, url.rsplit("/", 1)[-1], url, file_hash
    )
    return model


@keras_export(["keras.applications.vgg16.VGG16", "keras.applications.VGG16"])
def VGG16(
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="vgg16",
):
    """Instantiates the VGG16 architecture.

    Expects images preprocessed by `keras.applications.vgg16.
    preprocess_input` (RGB to BGR, ImageNet means subtracted). With
    `weights="imagenet"` the published Keras weights are downloaded to
    `~/.keras/models` on first use.

    Args:
        include_top: whether to end with the 3 fully-connected layers.
        weights: `None` (random initialization), `"imagenet"`, or the path
            of a weights file to load.
        input_tensor: optional `KerasTensor` to use as the image input.
        input_shape: optional shape tuple, only with `include_top=False`
            (otherwise `(224, 224, 3)`): 3 channels, at least 32x32.
        pooling: with `include_top=False`, `None` keeps the 4D feature
            map, `"avg"` or `"max"` pool it globally to a 2D tensor.
        classes: number of classes, only without pretrained weights or
            with `include_top=False`.
        classifier_activation: activation of the classifier (`None` gives
            logits); only `None` or `"softmax"` with pretrained weights.
        name: the model's name.

    Returns:
        A `keras.Model` instance.

    Example:

    ```python
    model = keras.applications.VGG16(weights=None, include_top=False,
                                     input_shape=(32, 32, 3), pooling="max")
    model(np.zeros((1, 32, 32, 3))).shape  # (1, 512)
    ```
    """
    return _build_vgg(
        (2, 2, 3, 3, 3),
        ((WEIGHTS_PATH, _HASHES[0]), (WEIGHTS_PATH_NO_TOP, _HASHES[1])),
        include_top,
        weights,
        input_tensor,
        input_shape,
        pooling,
        classes,
        classifier_activation,
        name,
    )


@keras_export("keras.applications.vgg16.preprocess_input")
def preprocess_input(x, data_format=None):
    return imagenet_utils.preprocess_input(
        x, data_format=data_format, mode="caffe"
    )


@keras_export("keras.applications.vgg16.decode_predictions")
def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)


preprocess_input.__doc__ = imagenet_utils.PREPROCESS_INPUT_DOC.format(
    mode="",
    ret=imagenet_utils.PREPROCESS_INPUT_RET_DOC_CAFFE,
    error=imagenet_utils.PREPROCESS_INPUT_ERROR_DOC,
)
decode_predictions.__doc__ = imagenet_utils.decode_predictions.__doc__
