"""LiteRT (TensorFlow Lite) export: the model's serving `tf.function`
converted by TensorFlow's `TFLiteConverter` into a `.tflite` flatbuffer,
which the LiteRT runtime (`ai-edge-litert`) or `tf.lite.Interpreter`
runs."""

from keras.src.export import export_utils
from keras.src.export.saved_model import DEFAULT_ENDPOINT_NAME
from keras.src.export.saved_model import ExportArchive
from keras.src.utils import io_utils
from keras.src.utils.module_utils import tensorflow as tf


def export_litert(
    model, filepath, verbose=None, input_signature=None, **kwargs
):
    """Exports `model` to a LiteRT (`.tflite`) file.

    Args:
        model: a built Keras model.
        filepath: the `.tflite` file to write.
        verbose: whether to print a message when done (default `True`).
        input_signature: the inputs' specs (default: inferred).
        **kwargs: backend options for the endpoint.

    Example:

    >>> from keras.src.export import export_litert
    >>> callable(export_litert)
    True
    """
    filepath = str(filepath)
    if not filepath.endswith(".tflite"):
        raise ValueError(
            "The LiteRT export path must end in `.tflite`. Received: "
            f"filepath={filepath!r}"
        )
    if input_signature is None:
        input_signature = export_utils.get_input_signature(model)
    archive = ExportArchive()
    fn = archive.track_and_add_endpoint(
        DEFAULT_ENDPOINT_NAME, model, input_signature, **kwargs
    )
    converter = tf.lite.TFLiteConverter.from_concrete_functions(
        [fn.get_concrete_function()], archive._tf_trackable
    )
    converter.target_spec.supported_ops = [
        tf.lite.OpsSet.TFLITE_BUILTINS,
        tf.lite.OpsSet.SELECT_TF_OPS,
    ]
    flatbuffer = converter.convert()
    with open(filepath, "wb") as f:
        f.write(flatbuffer)
    if verbose is None or verbose:
        io_utils.print_msg(f"Saved LiteRT model at '{filepath}'.")
