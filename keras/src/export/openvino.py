"""OpenVINO export: the model's serving `tf.function` (on JAX, its jaxpr
written with TensorFlow ops) converted by
OpenVINO's model converter (`openvino.convert_model`) and saved as
OpenVINO IR (`.xml` + `.bin`). Needs `pip install openvino`."""

from keras.src.export import export_utils
from keras.src.export.saved_model import graph_function
from keras.src.utils import io_utils
from keras.src.utils.module_utils import LazyModule

openvino = LazyModule(
    "openvino",
    import_error_msg=(
        "Exporting to OpenVINO (`format='openvino'`) requires the "
        "`openvino` package: `pip install openvino`."
    ),
)


def get_concrete_fn(model, input_signature, **kwargs):
    """Returns the concrete `tf.function` OpenVINO converts for `model`.

    Args:
        model: a built Keras model.
        input_signature: the inputs' specs.
        **kwargs: backend options for the endpoint.

    Returns:
        A TensorFlow `ConcreteFunction` of the model's inference call,
        made of ordinary TensorFlow ops on every backend.
    """
    fn, holder = graph_function(model, input_signature, **kwargs)
    concrete = fn.get_concrete_function()
    # A concrete function refers to its variables weakly: their holder
    # lives as long as the function does.
    concrete._keras_export_holder = holder
    return concrete


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
        **kwargs: `compress_to_fp16` (default `False`: weights stay
            float32), and backend options for the endpoint.

    Example:

    >>> import importlib.util
    >>> from keras.src.export import export_openvino
    >>> model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    >>> if importlib.util.find_spec("openvino"):
    ...     export_openvino(model, "/tmp/model.xml", verbose=False)
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
    compress_to_fp16 = kwargs.pop("compress_to_fp16", False)
    ov_model = ov.convert_model(
        get_concrete_fn(model, input_signature, **kwargs)
    )
    # OpenVINO stores float16 weights by default; Keras's weights are kept
    # as they are unless asked.
    ov.save_model(ov_model, filepath, compress_to_fp16=compress_to_fp16)
    if verbose is None or verbose:
        io_utils.print_msg(f"Saved OpenVINO IR at '{filepath}'.")
