"""LiteRT (TensorFlow Lite) export: the model's serving `tf.function`
(on JAX, its jaxpr written with TensorFlow ops) converted by TensorFlow's
`TFLiteConverter` into a `.tflite` flatbuffer, which the LiteRT runtime
(`ai-edge-litert`) or `tf.lite.Interpreter` runs. Free (`None`) axes stay
resizable (`resize_tensor_input`)."""

from keras.src.export import export_utils
from keras.src.export import saved_model
from keras.src.utils import io_utils
from keras.src.utils.module_utils import tensorflow as tf


class LiteRTExporter:
    """Converts a Keras model to a LiteRT flatbuffer.

    Args:
        model: a built Keras model.
        input_signature: the inputs' specs (default: inferred, with a free
            batch axis).
        allow_select_tf_ops: whether ops without a LiteRT kernel may run
            as TensorFlow ops (the file then needs the Flex delegate).
        **kwargs: backend options for the endpoint (see
            `ExportArchive.add_endpoint`).
    """

    def __init__(self, model, input_signature=None,
                 allow_select_tf_ops=True, **kwargs):
        self.model = model
        if input_signature is None:
            input_signature = export_utils.get_input_signature(model)
        self.input_signature = input_signature
        self.allow_select_tf_ops = allow_select_tf_ops
        self.kwargs = kwargs

    def convert(self):
        """Returns the `.tflite` flatbuffer as bytes."""
        fn, holder = saved_model.graph_function(
            self.model, self.input_signature, **self.kwargs
        )
        converter = tf.lite.TFLiteConverter.from_concrete_functions(
            [fn.get_concrete_function()], holder
        )
        ops = [tf.lite.OpsSet.TFLITE_BUILTINS]
        if self.allow_select_tf_ops:
            ops.append(tf.lite.OpsSet.SELECT_TF_OPS)
        converter.target_spec.supported_ops = ops
        return converter.convert()

    def export(self, filepath):
        """Writes the flatbuffer to `filepath` (a `.tflite` path)."""
        filepath = str(filepath)
        if not filepath.endswith(".tflite"):
            raise ValueError(
                "The LiteRT export path must end in `.tflite`. Received: "
                f"filepath={filepath!r}"
            )
        flatbuffer = self.convert()
        with open(filepath, "wb") as f:
            f.write(flatbuffer)


def export_litert(
    model, filepath, verbose=None, input_signature=None, **kwargs
):
    """Exports `model` to a LiteRT (`.tflite`) file.

    Args:
        model: a built Keras model.
        filepath: the `.tflite` file to write.
        verbose: whether to print a message when done (default `True`).
        input_signature: the inputs' specs (default: inferred).
        **kwargs: options of `LiteRTExporter`.

    Example:

    >>> from keras.src.export import export_litert
    >>> model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    >>> if keras.config.backend() != "numpy":
    ...     export_litert(model, "/tmp/model.tflite", verbose=False)
    """
    if not str(filepath).endswith(".tflite"):
        raise ValueError(
            "The LiteRT export path must end in `.tflite`. Received: "
            f"filepath={str(filepath)!r}"
        )
    LiteRTExporter(model, input_signature=input_signature, **kwargs).export(
        filepath
    )
    if verbose is None or verbose:
        io_utils.print_msg(f"Saved artifact at '{filepath}'.")
