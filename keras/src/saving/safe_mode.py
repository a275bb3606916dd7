"""Safe mode: loading never runs code stored in a file unless allowed.

A saved file is untrusted input. With safe mode on (the default of every
loading function), loading:

- never deserializes Python bytecode (lambdas);
- never imports a module the file names unless it is one of Keras's own,
  and takes from Keras's modules only Keras's classes and its modeling
  functions (activations, losses, metrics, ops, random): not, say,
  `keras.config.enable_unsafe_deserialization` or `keras.utils.get_file`;
- reads archives without trusting their member names or sizes
  (`check_archive`) and parses JSON without letting its depth or size crash
  the process (`load_json`).

The user opts out with `safe_mode=False` or
`keras.config.enable_unsafe_deserialization()`. Objects the user registered
or passed (`custom_objects`) are always allowed: they are the user's code.
"""

import contextlib
import json
import os
import sys
import zipfile

from keras.src.api_export import REGISTRY
from keras.src.api_export import keras_export
from keras.src.backend.common import global_state

OPT_IN_HINT = (
    "If you trust the source of this file, pass `safe_mode=False` to the "
    "loading function or call `keras.config.enable_unsafe_deserialization()`."
)

# Public namespaces whose functions a configuration may name: those that
# compute (activations, losses, metrics, ops, random). Functions elsewhere
# (`keras.config`, `keras.utils`, `keras.saving`, ...) change settings, touch
# files or the network, and have no place in a model's configuration.
MODELING_NAMESPACES = (
    "keras.activations",
    "keras.losses",
    "keras.metrics",
    "keras.ops",
    "keras.random",
)

# Archives: a member may be at most this many times larger uncompressed
# than compressed (zip bombs reach 1000x and more; HDF5 weights of zeros
# reach ~100x), and the whole archive at most `MAX_ARCHIVE_BYTES`.
MAX_COMPRESSION_RATIO = 1000
MAX_ARCHIVE_BYTES = 64 * 2**30
# JSON members (config.json, metadata.json) and depth of any configuration.
MAX_JSON_BYTES = 512 * 2**20
MAX_CONFIG_DEPTH = 400


class SafeModeScope:
    """Sets safe mode (`True`: refuse lambdas and arbitrary code) inside
    the scope.

    Args:
        safe_mode: `True`, `False`, or `None` to leave it unchanged.
    """

    def __init__(self, safe_mode=True):
        self.safe_mode = safe_mode

    def __enter__(self):
        self._previous = global_state.get_global_attribute("safe_mode")
        if self.safe_mode is not None:
            global_state.set_global_attribute("safe_mode", self.safe_mode)
        return self

    def __exit__(self, *args):
        global_state.set_global_attribute("safe_mode", self._previous)


@keras_export("keras.config.enable_unsafe_deserialization")
def enable_unsafe_deserialization():
    """Allows loading models whose files carry code (`Lambda` layers).

    Only call it for files you trust: such code runs when the model loads.

    Example:

    >>> keras.config.enable_unsafe_deserialization()
    """
    global_state.set_global_attribute("safe_mode", False)


def in_safe_mode():
    """Returns the current safe mode (`None` when never set)."""
    return global_state.get_global_attribute("safe_mode")


def effective_safe_mode(safe_mode):
    """Returns the safe mode a loading call with `safe_mode` runs under:
    `False` once `keras.config.enable_unsafe_deserialization()` (or an
    enclosing unsafe call) turned it off, else `bool(safe_mode)`."""
    if in_safe_mode() is False:
        return False
    return bool(safe_mode)


class RefusedDeserializationError(ValueError, TypeError):
    """Raised when safe loading refuses what a file asks for.

    A `ValueError` (the file's content is not acceptable) that is also a
    `TypeError`, the error Keras raises for a class or function it cannot
    locate, so either `except` clause catches it.
    """


def refusal(message, opt_in=True):
    """Returns the error for a refused file content.

    Args:
        message: what was refused and why.
        opt_in: whether `safe_mode=False` would allow it (then the message
            says how to opt in).

    Returns:
        A `RefusedDeserializationError`.
    """
    if opt_in:
        message = f"{message} {OPT_IN_HINT}"
    return RefusedDeserializationError(message)


def find_refusal(error):
    """Returns the `RefusedDeserializationError` that caused `error` (itself
    included, following `__cause__` and `__context__`), or `None`."""
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, RefusedDeserializationError):
            return error
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return None


def shorten(value, limit=2000):
    """Returns `repr(value)` cut to `limit` characters, for messages about
    configurations that may be huge."""
    text = repr(value)
    if len(text) > limit:
        text = f"{text[:limit]}... ({len(text) - limit} more characters)"
    return text


@contextlib.contextmanager
def depth_guard(what):
    """Turns Python's recursion limit, reached while walking a crafted,
    deeply nested `what`, into a `ValueError`.

    Nested guards leave the conversion to the outermost one, so the error
    is raised once, with the stack unwound.
    """
    outer = global_state.get_global_attribute("safe_mode_depth_guard")
    if outer:
        yield
        return
    global_state.set_global_attribute("safe_mode_depth_guard", True)
    try:
        yield
    except RecursionError:
        error = ValueError(
            f"The {what} is nested too deeply to load (Python's recursion "
            f"limit, {sys.getrecursionlimit()}, was reached). The file is "
            "probably corrupt or crafted."
        )
    else:
        error = None
    finally:
        global_state.set_global_attribute("safe_mode_depth_guard", False)
    if error is not None:
        raise error


# id(function) -> public name, for the functions of MODELING_NAMESPACES;
# rebuilt when REGISTRY grows (modules register names as they import).
_MODELING = {}
_MODELING_SIZE = [0]


def _modeling_functions():
    if _MODELING_SIZE[0] != len(REGISTRY):
        _MODELING.clear()
        for path, (module, attr) in list(REGISTRY.items()):
            if not path.startswith(MODELING_NAMESPACES):
                continue
            owner = sys.modules.get(module)
            obj = getattr(owner, attr, None) if owner is not None else None
            if callable(obj):
                _MODELING[id(obj)] = path
        _MODELING_SIZE[0] = len(REGISTRY)
    return _MODELING


def check_modeling_function(fn, name):
    """Raises unless `fn` (found for the configuration's `name`) is one of
    Keras's modeling functions (see `MODELING_NAMESPACES`)."""
    if id(fn) in _modeling_functions():
        return
    where = f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__name__', name)}"
    raise refusal(
        f"Refusing to deserialize the function '{name}' ({where}): it is "
        "neither registered nor one of Keras's modeling functions "
        f"({', '.join(MODELING_NAMESPACES)}). A model's configuration may "
        "name only those, and functions registered with "
        "`keras.saving.register_keras_serializable()` or passed in "
        "`custom_objects`."
    )


def load_json(text, filename, what="configuration"):
    """Parses the JSON `text` read from `filename`.

    Args:
        text: `str` or `bytes`.
        filename: named in the error messages.
        what: what the JSON holds, for messages.

    Returns:
        The parsed value.

    Raises:
        ValueError: the text is too large, nested too deeply, or not JSON.
    """
    if len(text) > MAX_JSON_BYTES:
        raise ValueError(
            f"The {what} in {filename} is {len(text)} bytes long, more than "
            f"the {MAX_JSON_BYTES} bytes accepted; the file is probably "
            "corrupt or crafted."
        )
    with depth_guard(f"{what} in {filename}"):
        try:
            return json.loads(text)
        except (UnicodeDecodeError, ValueError) as e:
            raise ValueError(
                f"The {what} in {filename} is not valid JSON ({e}); the "
                "file is truncated or corrupt."
            ) from None


def _unsafe_member_name(name):
    if name.startswith(("/", "\\")) or "\x00" in name:
        return True
    if len(name) > 1 and name[1] == ":":  # `C:...` on Windows.
        return True
    parts = name.replace("\\", "/").split("/")
    return any(part == ".." for part in parts)


def check_archive(archive, filename):
    """Checks the members of the open `zipfile.ZipFile` `archive` before
    anything is read or extracted.

    Refuses member names that are absolute or climb out of a folder (`..`),
    a member whose declared size is far beyond its compressed size (a zip
    bomb), archives whose declared total exceeds `MAX_ARCHIVE_BYTES`, and
    members whose data is corrupt (checked by CRC as they are read).

    Args:
        archive: an open `zipfile.ZipFile`.
        filename: the archive's path, named in the error messages.

    Raises:
        ValueError: with the file and member at fault.
    """
    total = 0
    for info in archive.infolist():
        if _unsafe_member_name(info.filename):
            raise ValueError(
                f"Refusing to read {filename}: its member "
                f"{info.filename!r} has an absolute path or climbs out of "
                "its folder ('..'). The file is corrupt or crafted."
            )
        ratio_limit = MAX_COMPRESSION_RATIO * max(info.compress_size, 1024)
        if info.file_size > ratio_limit:
            raise ValueError(
                f"Refusing to read {filename}: its member "
                f"{info.filename!r} would expand from {info.compress_size} "
                f"to {info.file_size} bytes (more than "
                f"{MAX_COMPRESSION_RATIO}x). The file is corrupt or crafted."
            )
        total += info.file_size
    if total > MAX_ARCHIVE_BYTES:
        raise ValueError(
            f"Refusing to read {filename}: its members hold {total} bytes "
            f"uncompressed, more than the {MAX_ARCHIVE_BYTES} accepted."
        )


def open_archive(filepath):
    """Opens the zip archive `filepath` for reading and checks it with
    `check_archive`.

    Args:
        filepath: path of the archive (or a binary file object).

    Returns:
        The open `zipfile.ZipFile`.

    Raises:
        ValueError: the file is not a readable zip archive, or is refused.
    """
    name = getattr(filepath, "name", filepath)
    try:
        archive = zipfile.ZipFile(filepath, "r")
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError,
            ValueError) as e:
        if isinstance(e, FileNotFoundError):
            raise
        raise ValueError(
            f"Could not read {name}: it is not a valid `.keras` zip archive "
            f"(truncated or corrupt: {e})."
        ) from None
    try:
        check_archive(archive, name)
    except BaseException:
        archive.close()
        raise
    return archive


def read_member(archive, member, filename, limit=None):
    """Returns the bytes of `member` of the checked `archive`, reading at
    most its declared size (or `limit`) and checking its CRC.

    Raises:
        ValueError: the member is missing, larger than declared, or corrupt.
    """
    try:
        info = archive.getinfo(member)
    except KeyError:
        raise ValueError(
            f"{filename} has no member {member!r}; the archive is "
            "incomplete or was not written by Keras."
        ) from None
    size = info.file_size if limit is None else min(info.file_size, limit)
    try:
        with archive.open(info) as stream:
            data = stream.read(size + 1)
    except (zipfile.BadZipFile, EOFError, OSError, ValueError,
            NotImplementedError) as e:
        raise ValueError(
            f"Could not read {member!r} from {filename}: the archive is "
            f"truncated or corrupt ({type(e).__name__}: {e})."
        ) from None
    if len(data) > size:
        raise ValueError(
            f"Member {member!r} of {filename} is larger than declared; the "
            "file is corrupt or crafted."
        )
    return data


def checked_read(read, filename, member, *args):
    """Returns `read(*args)`, turning the `OSError` (h5py's error for a
    damaged file) or `RecursionError` of a corrupt or crafted `member` of
    `filename` into a `ValueError` that names them; a `ValueError` that
    does not name the file gets its name added."""
    try:
        return read(*args)
    except (OSError, RecursionError) as e:
        if isinstance(e, FileNotFoundError):
            raise
        raise ValueError(
            f"Could not read {member} in {filename}: the file is truncated "
            f"or corrupt ({type(e).__name__}: {e})."
        ) from None
    except ValueError as e:
        if str(filename) in str(e) or find_refusal(e) is not None:
            raise
        raise ValueError(f"While reading {member} in {filename}: {e}") from e


def safe_extract_path(folder, member):
    """Returns where `member` goes when extracted under `folder`, refusing
    any path that lands outside it."""
    root = os.path.realpath(folder)
    target = os.path.realpath(os.path.join(root, member))
    if os.path.commonpath([root, target]) != root:
        raise ValueError(
            f"Refusing to extract {member!r}: it lands outside {folder}."
        )
    return target
