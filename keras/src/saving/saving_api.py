"""Public entry points: `keras.saving.save_model`, `load_model`,
`save_weights` and `load_weights`, choosing the format from the path."""

import os
import zipfile

from keras.src.api_export import keras_export
from keras.src.saving import orbax_util
from keras.src.saving import saving_lib
from keras.src.saving import weights_file

_EXTENSION_HINT = (
    "Please add either a `.keras` extension for the native Keras format "
    "(recommended) or a `.h5` extension. Use `model.export(filepath)` if "
    "you want to export a SavedModel for use with TFLite/TFServing/etc."
)


def _legacy_h5():
    # The legacy HDF5 format lives in its own module (written separately);
    # imported when used so that `.keras` saving never depends on it.
    from keras.src.legacy.saving import legacy_h5_format

    return legacy_h5_format


@keras_export(["keras.saving.save_model", "keras.models.save_model"])
def save_model(model, filepath, overwrite=True, zipped=None, **kwargs):
    """Saves a model (architecture, variables, optimizer state) to a
    `.keras` file.

    The file is a zip of `config.json`, `metadata.json` and
    `model.weights.h5`; `keras.saving.load_model` reads it back. It is
    written to a temporary file and renamed into place.

    Args:
        model: the `keras.Model` to save.
        filepath: a `.keras` path; a folder path with `zipped=False`; or
            a `.h5` path for the legacy HDF5 format.
        overwrite: whether to replace an existing file.
        zipped: whether to write a zip file (the default for `.keras`) or
            a plain folder holding the same files.
        **kwargs: `include_optimizer` (legacy `.h5` only).

    Example:

    >>> import os, tempfile
    >>> model = keras.Sequential([keras.Input((3,)),
    ...                           keras.layers.Dense(2)])
    >>> path = os.path.join(tempfile.mkdtemp(), "model.keras")
    >>> keras.saving.save_model(model, path)
    >>> keras.saving.load_model(path).layers[0].units
    2
    """
    filepath = os.fspath(filepath)
    include_optimizer = kwargs.pop("include_optimizer", True)
    kwargs.pop("save_format", None)
    if kwargs:
        raise ValueError(
            "The following argument(s) are not supported: "
            f"{list(kwargs.keys())}"
        )
    is_keras = filepath.endswith(".keras")
    if zipped is None:
        zipped = True
    if not zipped and is_keras:
        raise ValueError(
            "When using `zipped=False`, the `filepath` argument should not "
            f"end in `.keras`. Received: filepath={filepath}"
        )
    if zipped and not is_keras:
        if filepath.endswith((".h5", ".hdf5")):
            if not overwrite and os.path.exists(filepath):
                raise FileExistsError(
                    f"{filepath} exists and `overwrite=False` was passed."
                )
            return _legacy_h5().save_model_to_hdf5(
                model, filepath, overwrite, include_optimizer
            )
        raise ValueError(
            "Invalid filepath extension for saving. " + _EXTENSION_HINT
            + f" Received: filepath={filepath}."
        )
    if not overwrite and os.path.exists(filepath):
        raise FileExistsError(
            f"{filepath} exists and `overwrite=False` was passed."
        )
    saving_lib.save_model(model, filepath, zipped=zipped)


@keras_export(["keras.saving.load_model", "keras.models.load_model"])
def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):
    """Loads a model saved with `model.save()` or
    `keras.saving.save_model()`, or from an Orbax checkpoint directory.

    Args:
        filepath: a `.keras` file, a folder saved with `zipped=False`, a
            legacy `.h5` file, or a directory of
            `keras.callbacks.OrbaxCheckpoint` (its latest step is read).
        custom_objects: an optional dict mapping names (strings) to custom
            classes or functions used by the model.
        compile: whether to compile the model after loading, as it was
            compiled when saved.
        safe_mode: whether to refuse to load code stored in the file
            (`lambda`s); set it to `False` only for files you trust.

    Returns:
        A Keras model, with its variables (and optimizer state) restored.

    Example:

    >>> import os, tempfile
    >>> model = keras.Sequential([keras.Input((3,)),
    ...                           keras.layers.Dense(2)])
    >>> path = os.path.join(tempfile.mkdtemp(), "model.keras")
    >>> model.save(path)
    >>> keras.models.load_model(path).output_shape
    (None, 2)
    """
    filepath = os.fspath(filepath)
    if orbax_util.is_orbax_checkpoint(filepath):
        return orbax_util.load_model(
            filepath, custom_objects=custom_objects, compile=compile,
            safe_mode=safe_mode,
        )
    is_keras = filepath.endswith(".keras")
    if is_keras or os.path.isdir(filepath):
        if os.path.isdir(filepath) and not os.path.isfile(
            os.path.join(filepath, saving_lib.CONFIG_FILENAME)
        ):
            raise ValueError(
                f"{filepath} is a folder without a `config.json`: not a "
                "model saved with `zipped=False`. Keras 3 cannot load "
                "TensorFlow SavedModels with `load_model()`; use "
                "`keras.layers.TFSMLayer` for inference instead."
            )
        if not os.path.exists(filepath):
            raise ValueError(
                f"File not found: filepath={filepath}. Please ensure the "
                "file is an accessible `.keras` zip file."
            )
        return saving_lib.load_model(
            filepath, custom_objects=custom_objects, compile=compile,
            safe_mode=safe_mode,
        )
    if filepath.endswith((".h5", ".hdf5")):
        return _legacy_h5().load_model_from_hdf5(
            filepath, custom_objects=custom_objects, compile=compile,
            safe_mode=safe_mode,
        )
    if os.path.isfile(filepath) and zipfile.is_zipfile(filepath):
        # A `.keras` file under another name.
        return saving_lib.load_model(
            filepath, custom_objects=custom_objects, compile=compile,
            safe_mode=safe_mode,
        )
    raise ValueError(
        f"File format not supported: filepath={filepath}. Keras 3 only "
        "supports V3 `.keras` files and legacy H5 format files (`.h5` "
        "extension). Note that the legacy SavedModel format is not "
        "supported by `load_model()` in Keras 3. In order to reload a "
        "TensorFlow SavedModel as an inference-only layer in Keras 3, use "
        f"`keras.layers.TFSMLayer({filepath}, "
        "call_endpoint='serving_default')` (note that your `call_endpoint` "
        "might have a different name)."
    )


@keras_export("keras.saving.save_weights")
def save_weights(model, filepath, overwrite=True, max_shard_size=None,
                 **kwargs):
    """Saves the variables of `model` (and of its optimizer) to a
    `.weights.h5` file, written atomically.

    Args:
        model: the model.
        filepath: a path ending in `.weights.h5` (or `.weights.json` with
            `max_shard_size`).
        overwrite: whether to replace an existing file.
        max_shard_size: when set, the largest shard in GB (GiB): weights
            go to `<name>_00000.weights.h5`, ... with an index
            `<name>.weights.json`.
        **kwargs: no other argument is accepted.

    Example:

    >>> import os, tempfile
    >>> model = keras.Sequential([keras.Input((3,)),
    ...                           keras.layers.Dense(2)])
    >>> path = os.path.join(tempfile.mkdtemp(), "m.weights.h5")
    >>> keras.saving.save_weights(model, path)
    >>> keras.saving.load_weights(model, path)
    """
    if kwargs:
        raise ValueError(
            f"Invalid keyword arguments: {list(kwargs.keys())}"
        )
    filepath = os.fspath(filepath)
    suffixes = (".weights.h5",)
    if max_shard_size is not None:
        suffixes += (".weights.json",)
    if not filepath.endswith(suffixes):
        raise ValueError(
            "The filename must end in `.weights.h5`"
            + (" or `.weights.json`" if max_shard_size is not None else "")
            + f". Received: filepath={filepath}"
        )
    if max_shard_size is not None and (
        isinstance(max_shard_size, bool)
        or not isinstance(max_shard_size, (int, float))
    ):
        raise TypeError(
            "`max_shard_size` must be a number of GB. Received: "
            f"max_shard_size={max_shard_size!r}"
        )
    target = filepath
    if max_shard_size is not None and filepath.endswith(".weights.h5"):
        target = filepath[: -len(".weights.h5")] + ".weights.json"
    if not overwrite and os.path.exists(target):
        raise FileExistsError(
            f"{target} exists and `overwrite=False` was passed."
        )
    weights_file.save_weights(model, filepath, max_shard_size)


@keras_export("keras.saving.load_weights")
def load_weights(model, filepath, skip_mismatch=False, **kwargs):
    """Loads variables into `model` from a `.weights.h5` file, a sharded
    `.weights.json` index, a `.keras` file, a legacy `.h5` file, or an
    Orbax checkpoint directory (its latest step).

    Args:
        model: the model (built, with the same architecture as saved).
        filepath: the file to read.
        skip_mismatch: whether to skip (with a warning) objects whose
            variables do not match instead of raising.
        **kwargs: `by_name` (legacy `.h5` only).

    Example:

    >>> import os, tempfile
    >>> model = keras.Sequential([keras.Input((3,)),
    ...                           keras.layers.Dense(2)])
    >>> path = os.path.join(tempfile.mkdtemp(), "m.weights.h5")
    >>> model.save_weights(path)
    >>> keras.saving.load_weights(model, path)
    """
    filepath = os.fspath(filepath)
    if orbax_util.is_orbax_checkpoint(filepath):
        if kwargs:
            raise ValueError(
                f"Invalid keyword arguments: {list(kwargs.keys())}"
            )
        orbax_util.load_weights(model, filepath, skip_mismatch)
        return
    if filepath.endswith(".keras") or filepath.endswith(
        (".weights.h5", ".weights.json")
    ):
        if kwargs:
            raise ValueError(
                f"Invalid keyword arguments: {list(kwargs.keys())}"
            )
        if not os.path.exists(filepath):
            raise FileNotFoundError(f"No such file: {filepath}")
        saving_lib.load_weights_only(model, filepath, skip_mismatch)
        return
    if filepath.endswith((".h5", ".hdf5")):
        by_name = kwargs.pop("by_name", False)
        if kwargs:
            raise ValueError(
                f"Invalid keyword arguments: {list(kwargs.keys())}"
            )
        legacy = _legacy_h5()
        import h5py

        with h5py.File(filepath, "r") as f:
            group = f["model_weights"] if "model_weights" in f else f
            if by_name:
                legacy.load_weights_from_hdf5_group_by_name(
                    group, model, skip_mismatch
                )
            else:
                legacy.load_weights_from_hdf5_group(
                    group, model, skip_mismatch
                )
        return
    raise ValueError(
        f"File format not supported: filepath={filepath}. Keras 3 only "
        "supports V3 `.keras` files, `.weights.h5` files, or legacy H5 "
        "format files (`.h5` extension)."
    )
