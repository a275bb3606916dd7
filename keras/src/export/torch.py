"""Export to a `torch.export` program (`format="torch"`).

Only on the torch backend: the model's inference call is recorded with
`torch.export` (`keras.src.backend.torch.export.export_program`) and
written with `torch.export.save`. The file runs in PyTorch alone, without
Keras: `torch.export.load(path).module()(inputs)`.
"""

from keras.src import backend
from keras.src import tree
from keras.src.export import export_utils
from keras.src.utils import io_utils


def export_torch(model, filepath, input_signature=None, verbose=None,
                 **kwargs):
    """Exports `model` as a `torch.export.ExportedProgram` file.

    Axes left free (`None`) in the input signature, the batch axis by
    default, stay dynamic in the program.

    Args:
        model: a built Keras model.
        filepath: the file to write (`.pt2` by convention).
        input_signature: the inputs' specs (`keras.InputSpec`,
            `tf.TensorSpec`, `KerasTensor` or tensors, one per positional
            input; default: inferred from the model, batch axis free).
        verbose: whether to print a message when done (default `True`).
        **kwargs: passed to `torch.export.export` (e.g. `strict=True`).

    Example:

    >>> model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    >>> from keras.src.export.torch import export_torch
    >>> if keras.config.backend() == "torch":
    ...     export_torch(model, "/tmp/model.pt2", verbose=False)
    """
    if backend.backend() != "torch":
        raise ValueError(
            "Torch export requires PyTorch backend. The current backend "
            f"is {backend.backend()!r}: set `KERAS_BACKEND=torch`, or "
            "choose another format."
        )
    from keras.src.backend.torch import export as torch_export

    filepath = str(filepath)
    if verbose is None:
        verbose = True
    if input_signature is None:
        input_signature = export_utils.get_input_signature(model)
    elif isinstance(input_signature, dict) or not isinstance(
        input_signature, (list, tuple)
    ):
        input_signature = [input_signature]
    input_signature = [
        tree.map_structure(export_utils.make_input_spec, arg)
        for arg in input_signature
    ]
    torch_export.export_torch(model, filepath, input_signature, **kwargs)
    if verbose:
        io_utils.print_msg(f"Saved artifact at '{filepath}'.")
