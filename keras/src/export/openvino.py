"""OpenVINO export: the model's serving `tf.function` converted by
OpenVINO's model converter (`openvino.convert_model`) and saved as
OpenVINO IR (`.xml` + `.bin`). Needs `pip install openvino`."""

from keras.src.export import export_utils
from keras.src.export.onnx import get_concrete_fn
from keras.src.utils import io_utils
from keras.src.utils.module_utils import LazyModule

openvino = LazyModule(
    "openvino",
    import_error_msg=(
        "Exporting to OpenVINO (`format='openvino'`) requires the "
        "`openvino` package: `pip install openvino`."
    ),
)


def export_openvino(
    model, filepath, verbose=None, input_signature=None, **kwargs
):
    """Exports `model` to OpenVINO IR (`filepath` ends in `.xml`).

    Args:
        model: a built Keras model.
        filepath: the `.xml` file to write (the weights go to the `.bin`
            beside it).
        verbose: whether to print a message when done (default `True`).
        input_signature: the inputs' specs (default: inferred).
        **kwargs: backend options for the endpoint.

    Example:

    >>> from keras.src.export import export_openvino
    >>> callable(export_openvino)
    True
    """
    ov = openvino.initialize()
    filepath = str(filepath)
    if not filepath.endswith(".xml"):
        raise ValueError(
            "The OpenVINO export path must end in `.xml`. Received: "
            f"filepath={filepath!r}"
        )
    if input_signature is None:
        input_signature = export_utils.get_input_signature(model)
    concrete = get_concrete_fn(model, input_signature, **kwargs)
    ov_model = ov.convert_model(concrete)
    ov.save_model(ov_model, filepath)
    if verbose is None or verbose:
        io_utils.print_msg(f"Saved OpenVINO IR at '{filepath}'.")
