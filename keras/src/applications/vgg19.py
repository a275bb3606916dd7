"""VGG19: VGG16's layout with four convolutions in each of the last three
blocks (built by `vgg16._build_vgg`)."""

from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.applications import vgg16

WEIGHTS_PATH = (
    "https://storage.googleapis.com/tensorflow/keras-applications/"
    "vgg19/vgg19_weights_tf_dim_ordering_tf_kernels.h5"
)
WEIGHTS_PATH_NO_TOP = (
    "https://storage.googleapis.com/tensorflow/keras-applications/"
    "vgg19/vgg19_weights_tf_dim_ordering_tf_kernels_notop.h5"
)
_HASHES = (
    "cbe5617147190e668d6c5d5026f83318",
    "253f8cb515780f3b799900260a226db6",
)


@keras_export(["keras.applications.vgg19.VGG19", "keras.applications.VGG19"])
def VGG19(
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="vgg19",
):
    """Instantiates the VGG19 architecture.

    Expects images preprocessed by `keras.applications.vgg19.
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
    model = keras.applications.VGG19(weights=None, include_top=False,
                                     input_shape=(32, 32, 3), pooling="avg")
    model(np.zeros((1, 32, 32, 3))).shape  # (1, 512)
    ```
    """
    return vgg16._build_vgg(
        (2, 2, 4, 4, 4),
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


@keras_export("keras.applications.vgg19.preprocess_input")
def preprocess_input(x, data_format=None):
    return imagenet_utils.preprocess_input(
        x, data_format=data_format, mode="caffe"
    )


@keras_export("keras.applications.vgg19.decode_predictions")
def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)


preprocess_input.__doc__ = imagenet_utils.PREPROCESS_INPUT_DOC.format(
    mode="",
    ret=imagenet_utils.PREPROCESS_INPUT_RET_DOC_CAFFE,
    error=imagenet_utils.PREPROCESS_INPUT_ERROR_DOC,
)
decode_predictions.__doc__ = imagenet_utils.decode_predictions.__doc__
