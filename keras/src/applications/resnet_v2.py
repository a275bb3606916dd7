"""ResNetV2 (He et al., 2016, "Identity Mappings in Deep Residual
Networks"): the pre-activation variant, built by `resnet.ResNet` with
`preact=True` and the v2 blocks."""

from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.applications import resnet


def _v2_stages(blocks_per_stage):
    def stack_fn(x):
        last = len(blocks_per_stage) - 1
        for i, (filters, blocks) in enumerate(
            zip((64, 128, 256, 512), blocks_per_stage)
        ):
            x = resnet.stack_residual_blocks_v2(
                x,
                filters,
                blocks,
                stride1=1 if i == last else 2,
                name=f"conv{i + 2}",
            )
        return x

    return stack_fn


def _resnet_v2(blocks, model_name, args):
    return resnet.ResNet(
        _v2_stages(blocks),
        preact=True,
        use_bias=True,
        model_name=model_name,
        **args,
    )


@keras_export(
    ["keras.applications.ResNet50V2", "keras.applications.resnet_v2.ResNet50V2"]
)
def ResNet50V2(
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="resnet50v2",
):
    return _resnet_v2((3, 4, 6, 3), "resnet50v2", locals())


@keras_export(
    [
        "keras.applications.ResNet101V2",
        "keras.applications.resnet_v2.ResNet101V2",
    ]
)
def ResNet101V2(
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="resnet101v2",
):
    return _resnet_v2((3, 4, 23, 3), "resnet101v2", locals())


@keras_export(
    [
        "keras.applications.ResNet152V2",
        "keras.applications.resnet_v2.ResNet152V2",
    ]
)
def ResNet152V2(
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="resnet152v2",
):
    return _resnet_v2((3, 8, 36, 3), "resnet152v2", locals())


@keras_export("keras.applications.resnet_v2.preprocess_input")
def preprocess_input(x, data_format=None):
    return imagenet_utils.preprocess_input(
        x, data_format=data_format, mode="tf"
    )


@keras_export("keras.applications.resnet_v2.decode_predictions")
def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)


DOC = """Instantiates the {name} architecture (He et al., 2016).

  The pre-activation ResNet. Expects images preprocessed by
  `keras.applications.resnet_v2.preprocess_input` (scaled to `[-1, 1]`).
  With `weights="imagenet"` the published Keras weights are downloaded to
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
                                     input_shape=(64, 64, 3), pooling="avg")
  model(np.zeros((1, 64, 64, 3))).shape  # (1, 2048)
  ```
"""

setattr(ResNet50V2, "__doc__", DOC.format(name="ResNet50V2"))
setattr(ResNet101V2, "__doc__", DOC.format(name="ResNet101V2"))
setattr(ResNet152V2, "__doc__", DOC.format(name="ResNet152V2"))
preprocess_input.__doc__ = imagenet_utils.PREPROCESS_INPUT_DOC.format(
    mode="",
    ret=imagenet_utils.PREPROCESS_INPUT_RET_DOC_TF,
    error=imagenet_utils.PREPROCESS_INPUT_ERROR_DOC,
)
decode_predictions.__doc__ = imagenet_utils.decode_predictions.__doc__
