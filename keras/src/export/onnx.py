"""ONNX export.

TensorFlow and JAX: the model's `serve` endpoint is built as for a
SavedModel (`ExportArchive`), and tf2onnx converts that `tf.function` to
ONNX. PyTorch: torch's own ONNX exporter
(`keras.src.backend.torch.export.export_onnx`). `None` axes of the input
signature stay dynamic in the ONNX graph.
"""

from keras.src import backend
from keras.src.export import export_utils
from keras.src.export.saved_model import DEFAULT_ENDPOINT_NAME
from keras.src.export.saved_model import ExportArchive
from keras.src.utils import io_utils
from keras.src.utils.module_utils import tf2onnx


def get_concrete_fn(model, input_signature, **kwargs):
    """Returns the concrete `tf.function` serving `model`.

    Args:
        model: a built Keras model.
        input_signature: the inputs' specs (see `ExportArchive`).
        **kwargs: backend options for `ExportArchive.add_endpoint`.

    Returns:
        A TensorFlow `ConcreteFunction` of the model's inference call.
    """
    archive = ExportArchive()
    fn = archive.track_and_add_endpoint(
        DEFAULT_ENDPOINT_NAME, model, input_signature, **kwargs
    )
    concrete = fn.get_concrete_function()
    # A concrete function refers to its variables weakly: the archive
    # (which owns them on JAX) lives as long as the function does.
    concrete._keras_export_archive = archive
    return concrete


def _serving_function(model, input_signature, **kwargs):
    archive = ExportArchive()
    return archive.track_and_add_endpoint(
        DEFAULT_ENDPOINT_NAME, model, input_signature, **kwargs
    )


def export_onnx(
    model,
    filepath,
    verbose=None,
    input_signature=None,
    opset_version=None,
    **kwargs,
):
    """Exports `model` to an ONNX file for inference.

    Args:
        model: a built Keras model.
        filepath: the `.onnx` file to write.
        verbose: whether to print a message when done (default `True`).
        input_signature: the inputs' specs (default: inferred from the
            model, with a free batch axis).
        opset_version: the ONNX opset to target (default: the
            converter's).
        **kwargs: backend options for the endpoint (see
            `ExportArchive.add_endpoint`).

    Example:

    >>> model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    >>> from keras.src.export import export_onnx
    >>> if keras.config.backend() != "numpy":
    ...     export_onnx(model, "/tmp/model.onnx", verbose=False)
    """
    filepath = str(filepath)
    # torch's exporter prints its progress (and may record local file paths
    # in the file) only when asked explicitly; our own message is on by
    # default.
    exporter_verbose = bool(verbose)
    if verbose is None:
        verbose = True
    if input_signature is None:
        input_signature = export_utils.get_input_signature(model)
    if backend.backend() == "torch":
        from keras.src.backend.torch.export import export_onnx as torch_onnx

        torch_onnx(
            model, filepath, input_signature,
            opset_version=opset_version, verbose=exporter_verbose,
            **kwargs,
        )
    elif backend.backend() == "jax":
        from keras.src.backend.jax.export import export_onnx as jax_onnx

        jax_onnx(
            model, filepath, input_signature, opset_version=opset_version,
            **kwargs,
        )
    else:
        fn = _serving_function(model, input_signature, **kwargs)
        _convert(fn, filepath, opset_version)
    if verbose:
        io_utils.print_msg(f"Saved artifact at '{filepath}'.")


def _convert(fn, filepath, opset_version):
    """Writes the ONNX conversion of a `tf.function` with a signature."""
    # tf2onnx re-traces the function from the signature it is given: the
    # function's own specs (names included) keep the two traces alike.
    tf2onnx.convert.from_function(
        fn,
        input_signature=fn.input_signature,
        opset=opset_version,
        output_path=filepath,
    )
