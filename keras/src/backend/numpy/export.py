"""The NumPy backend's half of `keras.export.ExportArchive`: none.

The NumPy backend runs eagerly, op by op, with no graph to trace into
TensorFlow or ONNX, so it cannot export. Both methods of the archive
contract raise a `ValueError` that says which backends can.
"""

_MESSAGE = (
    "Exporting ({what}) is not supported on the numpy backend: it runs "
    "NumPy code eagerly and has no graph to export. Save the model "
    "(`model.save('model.keras')`), load it with the tensorflow, jax or "
    "torch backend (set `KERAS_BACKEND`) and export from there."
)


class NumpyExportArchive:
    """Refuses to track layers or add endpoints, with a clear error."""

    def _track_layer(self, layer):
        raise ValueError(_MESSAGE.format(what=f"`track({layer.name!r})`"))

    def add_endpoint(self, name, fn, input_signature=None, **kwargs):
        raise ValueError(_MESSAGE.format(what=f"endpoint {name!r}"))
