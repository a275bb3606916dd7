"""The `.keras` format: a whole model in one zip file (or folder).

The archive holds, as upstream Keras writes it:

- `metadata.json`: `{"keras_version": ..., "date_saved": ...}`;
- `config.json`: the model's serialized config, with its `build_config`
  and `compile_config`;
- `model.weights.h5`: the variables of the model and of its optimizer, in
  the layout of `weights_file.py` (the same as a `.weights.h5` file).

Members are stored uncompressed, so loading opens `model.weights.h5` in
place inside the zip instead of extracting it. Saving writes to a
temporary file (or folder) next to the target and renames it into place:
an interrupted save leaves the previous file intact.

`read_archive` is the one place that opens a saved model: it checks the
member names and sizes before reading anything, so checks on untrusted
files belong there.
"""

import datetime
import io
import json
import os
import secrets
import shutil
import struct
import tempfile
import zipfile

import numpy as np

from keras.src.backend.common.variables import initializers_deferred
from keras.src.saving import h5_store
from keras.src.saving import object_registration
from keras.src.saving import safe_mode as safe_mode_lib
from keras.src.saving import serialization_lib
from keras.src.saving import weights_file
from keras.src.saving import zip_writer
from keras.src.saving.h5_store import H5IOStore
from keras.src.saving.h5_store import ShardedH5IOStore
from keras.src.saving.h5_store import safe_get_h5_dataset
from keras.src.saving.h5_store import safe_get_h5_group
from keras.src.saving.safe_mode import SafeModeScope
from keras.src.saving.weights_file import get_attr_skipset
from keras.src.version import __version__ as keras_version

__all__ = [
    "DiskIOStore",
    "H5IOStore",
    "NpzIOStore",
    "ShardedH5IOStore",
    "get_attr_skipset",
    "get_temp_dir",
    "is_memory_sufficient",
    "load_model",
    "load_weights_only",
    "read_archive",
    "safe_get_h5_dataset",
    "safe_get_h5_group",
    "save_model",
    "save_weights_only",
]

METADATA_FILENAME = "metadata.json"
CONFIG_FILENAME = "config.json"
WEIGHTS_FILENAME = "model.weights.h5"
NPZ_WEIGHTS_FILENAME = "model.weights.npz"
ASSETS_DIRNAME = "assets"
# JSON members larger than this are refused before they are read.
MAX_JSON_SIZE = 256 * 2**20


def save_model(model, filepath, weights_format="h5", zipped=True):
    """Saves `model` (config, variables, optimizer state) to `filepath`.

    Args:
        model: the model.
        filepath: a `.keras` path, or a folder path when `zipped=False`.
        weights_format: `"h5"` (Keras's default) or `"npz"`.
        zipped: whether to write a zip file or a plain folder.
    """
    filepath = os.fspath(filepath)
    if weights_format not in ("h5", "npz"):
        raise ValueError(
            "Unknown `weights_format`: expected 'h5' or 'npz'. Received: "
            f"weights_format={weights_format!r}"
        )
    config_json = _config_json(model)
    metadata_json = json.dumps(
        {
            "keras_version": keras_version,
            "date_saved": datetime.datetime.now().strftime(
                "%Y-%m-%d@%H:%M:%S"
            ),
        }
    )
    directory = os.path.dirname(os.path.abspath(filepath))
    os.makedirs(directory, exist_ok=True)
    if weights_format == "h5":
        weights_name, store_class = WEIGHTS_FILENAME, H5IOStore
    else:
        weights_name, store_class = NPZ_WEIGHTS_FILENAME, NpzIOStore

    def write_weights(target):
        store = store_class(target, "w")
        try:
            weights_file.save_state(model, store)
        finally:
            store.close()

    texts = ((METADATA_FILENAME, metadata_json),
             (CONFIG_FILENAME, config_json))
    assets = _collect_assets(model)
    if zipped:
        _write_zip(filepath, directory, texts + assets, weights_name,
                   write_weights)
        return
    folder = tempfile.mkdtemp(dir=directory, prefix=".tmp-keras-")
    try:
        for name, data in texts + assets:
            _write_text(os.path.join(folder, name), data)
        write_weights(os.path.join(folder, weights_name))
        _replace_folder(folder, filepath)
        folder = None
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


def _config_json(model):
    config = serialization_lib.serialize_keras_object(model)
    return json.dumps(config, default=_json_default)


def _json_default(value):
    if isinstance(value, (np.ndarray, np.generic)):
        return value.tolist()
    raise TypeError(
        f"The model's config holds {value!r} (type {type(value).__name__}), "
        "which cannot be written as JSON. Return plain Python values from "
        "`get_config()`."
    )


def _write_text(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(path, "wb") as f:
        f.write(data)


def _collect_assets(model):
    """`(archive name, bytes)` of the files that objects write with
    `save_assets` (lookup vocabularies), under `assets/<object path>/`
    as Keras lays them out."""
    assets = []
    with tempfile.TemporaryDirectory() as root:
        for path, obj in weights_file.walk(model):
            if not hasattr(obj, "save_assets"):
                continue
            folder = os.path.join(root, path)
            os.makedirs(folder, exist_ok=True)
            obj.save_assets(folder)
        for dirpath, _, filenames in os.walk(root):
            for filename in sorted(filenames):
                full = os.path.join(dirpath, filename)
                name = os.path.relpath(full, root).replace(os.sep, "/")
                with open(full, "rb") as f:
                    assets.append((f"{ASSETS_DIRNAME}/{name}", f.read()))
    return tuple(sorted(assets))


def _write_zip(filepath, directory, texts, weights_name, write_weights):
    # The weights are written once, straight into the archive (see
    # `zip_writer`): copying a finished HDF5 file into a zip would write
    # the whole model a second time.
    handle, temporary = _create_temporary(directory)
    try:
        # The descriptor `mkstemp` opened, not the path reopened: opening
        # with truncation makes ext4 (`auto_da_alloc`) flush the whole file
        # to disk when it is closed, on top of the flush it does anyway
        # when the file replaces an existing one (`os.replace` below).
        with os.fdopen(handle, "w+b") as raw:
            handle = None
            writer = zip_writer.ZipWriter(raw)
            for name, data in texts:
                if isinstance(data, str):
                    data = data.encode("utf-8")
                writer.write_bytes(name, data)
            writer.write_member(weights_name, write_weights)
            writer.close()
        os.replace(temporary, filepath)
    except BaseException:
        if handle is not None:
            os.close(handle)
        if os.path.exists(temporary):
            os.remove(temporary)
        raise


def _create_temporary(directory):
    """Creates a new empty file in `directory`; returns `(descriptor,
    path)`. Unlike `mkstemp` (mode 0600), the file gets the permissions
    of any file the user creates (0666 less the umask), which the saved
    model keeps once it replaces `filepath`."""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        path = os.path.join(directory, f".tmp-{secrets.token_hex(8)}.keras")
        try:
            return os.open(path, flags, 0o666), path
        except FileExistsError:
            continue
    raise FileExistsError(
        f"Could not create a temporary file in {directory} to save into."
    )


def _replace_folder(folder, filepath):
    if os.path.isdir(filepath):
        # Move the old folder aside first: a folder cannot be replaced in
        # one rename on every platform.
        old = tempfile.mkdtemp(dir=os.path.dirname(os.path.abspath(
            filepath)), prefix=".tmp-old-")
        os.rmdir(old)
        os.replace(filepath, old)
        os.replace(folder, filepath)
        shutil.rmtree(old, ignore_errors=True)
    else:
        if os.path.exists(filepath):
            os.remove(filepath)
        os.replace(folder, filepath)


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):
    """Loads a model saved by `save_model` (a `.keras` file or folder).

    Args:
        filepath: the `.keras` file, or a folder saved with
            `zipped=False`.
        custom_objects: `{name: class or function}` for custom objects.
        compile: whether to compile the model as it was when saved.
        safe_mode: whether to refuse configs that carry code (lambdas).

    Returns:
        The model, with its variables (and optimizer state) restored.
    """
    # The file replaces the variables' values: their initializers run only
    # for variables it does not hold.
    with read_archive(filepath) as archive, initializers_deferred():
        config = dict(archive.config)
        if not compile:
            config.pop("compile_config", None)
        safe_mode = safe_mode_lib.effective_safe_mode(safe_mode)
        with SafeModeScope(safe_mode):
            with object_registration.CustomObjectScope(custom_objects or {}):
                model = serialization_lib.deserialize_keras_object(
                    config, custom_objects=custom_objects,
                    safe_mode=safe_mode,
                )
        store = safe_mode_lib.checked_read(
            archive.open_weights, filepath, WEIGHTS_FILENAME
        )
        try:
            safe_mode_lib.checked_read(
                weights_file.load_state, filepath, WEIGHTS_FILENAME,
                model, store,
            )
        finally:
            store.close()
        archive.load_assets(model)
    return model


class KerasArchive:
    """A saved model opened for reading: `config` and `metadata` (dicts),
    and `open_weights()` for its variables. Use as a context manager.

    Args:
        filepath: a `.keras` zip file or a folder saved with
            `zipped=False`.
    """

    def __init__(self, filepath):
        self.filepath = os.fspath(filepath)
        self._zip = None
        self._raw = None
        if os.path.isdir(self.filepath):
            names = os.listdir(self.filepath)
            self._check_names(names)
            self.metadata = self._read_json(METADATA_FILENAME, optional=True)
            self.config = self._read_json(CONFIG_FILENAME)
            return
        if not os.path.isfile(self.filepath):
            raise ValueError(
                f"File not found: filepath={self.filepath}. Please ensure "
                "the file is an accessible `.keras` zip file."
            )
        if not zipfile.is_zipfile(self.filepath):
            raise ValueError(
                f"{self.filepath} is not a `.keras` file: it is not a zip "
                "archive."
            )
        # Safe-mode checks of the untrusted archive (member names, sizes).
        self._zip = safe_mode_lib.open_archive(self.filepath)
        try:
            self._check_names(self._zip.namelist())
            self.metadata = self._read_json(METADATA_FILENAME, optional=True)
            self.config = self._read_json(CONFIG_FILENAME)
        except BaseException:
            self.close()
            raise

    def _check_names(self, names):
        for name in names:
            parts = name.replace("\\", "/").split("/")
            if name.startswith(("/", "\\")) or ".." in parts or (
                ":" in parts[0]
            ):
                raise ValueError(
                    f"{self.filepath} holds a member named {name!r}, "
                    "outside the archive's own folder; refusing to load it."
                )
        top = {name.replace("\\", "/").split("/")[0] for name in names}
        if CONFIG_FILENAME not in top:
            raise ValueError(
                f"{self.filepath} is not a Keras model file: it has no "
                f"{CONFIG_FILENAME}. Members: {sorted(top)}"
            )

    def _member_size(self, name):
        if self._zip is not None:
            try:
                return self._zip.getinfo(name).file_size
            except KeyError:
                return None
        path = os.path.join(self.filepath, name)
        return os.path.getsize(path) if os.path.isfile(path) else None

    def _read_json(self, name, optional=False):
        size = self._member_size(name)
        if size is None:
            if optional:
                return {}
            raise ValueError(f"{self.filepath} has no {name}.")
        if size > MAX_JSON_SIZE:
            raise ValueError(
                f"{name} in {self.filepath} takes {size} bytes, more than "
                f"the {MAX_JSON_SIZE} allowed."
            )
        if self._zip is not None:
            raw = safe_mode_lib.read_member(
                self._zip, name, self.filepath, MAX_JSON_SIZE
            )
        else:
            with open(os.path.join(self.filepath, name), "rb") as f:
                raw = f.read(MAX_JSON_SIZE + 1)
        if len(raw) > MAX_JSON_SIZE:
            raise ValueError(f"{name} in {self.filepath} is too large.")
        value = safe_mode_lib.load_json(raw, self.filepath, name)
        if not isinstance(value, dict):
            raise ValueError(
                f"{name} in {self.filepath} should hold a JSON object; it "
                f"holds {type(value).__name__}."
            )
        return value

    def open_weights(self):
        """Returns the store of the saved variables (close it after)."""
        if self._member_size(WEIGHTS_FILENAME) is not None:
            if self._zip is None:
                return H5IOStore(
                    os.path.join(self.filepath, WEIGHTS_FILENAME), "r")
            return H5IOStore(self._open_member(WEIGHTS_FILENAME), "r")
        if self._member_size(NPZ_WEIGHTS_FILENAME) is not None:
            if self._zip is None:
                return NpzIOStore(
                    os.path.join(self.filepath, NPZ_WEIGHTS_FILENAME), "r")
            return NpzIOStore(self._open_member(NPZ_WEIGHTS_FILENAME), "r")
        raise ValueError(
            f"{self.filepath} holds no weights ({WEIGHTS_FILENAME})."
        )

    def _open_member(self, name):
        info = self._zip.getinfo(name)
        if info.compress_type == zipfile.ZIP_STORED and not (
            info.flag_bits & 0x1
        ):
            # Read in place: no copy of a file as large as the model.
            self._raw = open(self.filepath, "rb")
            self._raw.seek(info.header_offset)
            header = self._raw.read(30)
            if header[:4] != b"PK\x03\x04":
                raise ValueError(
                    f"{self.filepath}: corrupt zip entry for {name}."
                )
            name_len, extra_len = struct.unpack("<HH", header[26:30])
            start = info.header_offset + 30 + name_len + extra_len
            return MemberView(self._raw, start, info.file_size)
        # Compressed: decompress into memory (h5py needs random access).
        return io.BytesIO(self._zip.read(name))

    def load_assets(self, model):
        """Hands each object that has `load_assets` the folder of files
        saved for it (copied out of a zip into a temporary folder)."""
        names = self._asset_names()
        if not names:
            return
        with tempfile.TemporaryDirectory() as root:
            for name in names:
                target = os.path.join(root, *name.split("/")[1:])
                os.makedirs(os.path.dirname(target), exist_ok=True)
                if self._zip is None:
                    shutil.copyfile(os.path.join(self.filepath, name),
                                    target)
                else:
                    with open(target, "wb") as f:
                        f.write(safe_mode_lib.read_member(
                            self._zip, name, self.filepath))
            for path, obj in weights_file.walk(model):
                folder = os.path.join(root, path)
                if hasattr(obj, "load_assets") and os.path.isdir(folder):
                    obj.load_assets(folder)

    def _asset_names(self):
        prefix = ASSETS_DIRNAME + "/"
        if self._zip is not None:
            return [n for n in self._zip.namelist()
                    if n.startswith(prefix) and not n.endswith("/")]
        root = os.path.join(self.filepath, ASSETS_DIRNAME)
        return [
            os.path.relpath(os.path.join(d, f), self.filepath).replace(
                os.sep, "/")
            for d, _, files in os.walk(root) for f in files
        ]

    def close(self):
        if self._raw is not None:
            self._raw.close()
            self._raw = None
        if self._zip is not None:
            self._zip.close()
            self._zip = None

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.close()


def read_archive(filepath):
    """Opens a saved model for reading; returns a `KerasArchive`."""
    return KerasArchive(filepath)


class MemberView(io.RawIOBase):
    """A read-only, seekable view of `size` bytes of `raw` from `start`."""

    def __init__(self, raw, start, size):
        super().__init__()
        self._raw = raw
        self._start = start
        self._size = size
        self._pos = 0

    def readable(self):
        return True

    def seekable(self):
        return True

    def tell(self):
        return self._pos

    def seek(self, offset, whence=io.SEEK_SET):
        if whence == io.SEEK_SET:
            position = offset
        elif whence == io.SEEK_CUR:
            position = self._pos + offset
        else:
            position = self._size + offset
        if position < 0:
            raise ValueError("Negative seek position.")
        self._pos = position
        return position

    def readinto(self, buffer):
        count = max(0, min(len(buffer), self._size - self._pos))
        if not count:
            return 0
        self._raw.seek(self._start + self._pos)
        view = memoryview(buffer)[:count]
        read = self._raw.readinto(view)
        self._pos += read
        return read


class NpzIOStore:
    """Variables in a NumPy `.npz` file: one array per variable, named
    `<path>/vars/<index>`.

    Args:
        path_or_file: the file path or a binary file object.
        mode: `"r"` or `"w"`.
    """

    def __init__(self, path_or_file, mode="r"):
        self.mode = mode
        self.target = path_or_file
        self.contents = {}
        if mode == "r":
            with np.load(path_or_file, allow_pickle=False) as data:
                for key in data.files:
                    path, _, index = key.rpartition("/")
                    self.contents.setdefault(path, {})[index] = data[key]

    def make(self, path, name=None):
        return self.contents.setdefault(h5_store._vars_path(path), {})

    def get(self, path):
        return self.contents.get(h5_store._vars_path(path))

    def close(self):
        if self.mode != "w":
            return
        arrays = {
            f"{path}/{index}": np.asarray(value)
            for path, entry in self.contents.items()
            for index, value in entry.items()
        }
        np.savez(self.target, **arrays)


class DiskIOStore:
    """Files that objects save next to a model (`save_assets`), under
    `assets/<path>` of the archive or folder.

    Args:
        root_path: the assets folder.
        mode: `"r"` or `"w"`.
    """

    def __init__(self, root_path, mode="r"):
        self.root_path = root_path
        self.mode = mode

    def make(self, path):
        folder = os.path.join(self.root_path, path)
        os.makedirs(folder, exist_ok=True)
        return folder

    def get(self, path):
        folder = os.path.join(self.root_path, path)
        return folder if os.path.isdir(folder) else None

    def close(self):
        pass


def save_weights_only(model, filepath, max_shard_size=None,
                      objects_to_skip=None):
    """Writes `model`'s variables to a `.weights.h5` file (or shards
    indexed by a `.weights.json` file when `max_shard_size` is set)."""
    if objects_to_skip:
        raise ValueError("`objects_to_skip` is not supported.")
    return weights_file.save_weights(model, filepath, max_shard_size)


def load_weights_only(model, filepath, skip_mismatch=False,
                      objects_to_skip=None):
    """Reads variables into `model` from a `.weights.h5` file, a
    `.weights.json` shard index, or the weights of a `.keras` file."""
    if objects_to_skip:
        raise ValueError("`objects_to_skip` is not supported.")
    filepath = os.fspath(filepath)
    if filepath.endswith(".keras") or os.path.isdir(filepath):
        with read_archive(filepath) as archive:
            store = archive.open_weights()
            try:
                weights_file.load_state(model, store, skip_mismatch)
            finally:
                store.close()
        return
    weights_file.load_weights(model, filepath, skip_mismatch)


def model_to_bytes(model):
    """The bytes of `model` saved as a `.keras` file (how models pickle)."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "model.keras")
        save_model(model, path)
        with open(path, "rb") as file:
            return file.read()


def model_from_bytes(data):
    """The model whose `.keras` file's bytes are `data` (unpickling).

    `safe_mode` is off: unpickling already runs whatever the pickle holds,
    so the model's own file is trusted as much (Lambda layers load too).
    """
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "model.keras")
        with open(path, "wb") as file:
            file.write(data)
        return load_model(path, safe_mode=False)


def get_temp_dir():
    """Returns a new temporary folder (removed at interpreter exit is up
    to the caller)."""
    return tempfile.mkdtemp()


def is_memory_sufficient(model):
    """Whether the available memory can hold another copy of `model`'s
    variables (`True` when the amount cannot be told)."""
    try:
        pages = os.sysconf("SC_AVPHYS_PAGES")
        page_size = os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return True
    needed = sum(
        int(np.prod(v.shape)) * np.dtype(v.dtype).itemsize
        for v in model.variables
        if v.dtype != "bfloat16"
    )
    return needed < pages * page_size
