"""Reading the datasets' `.npz` and pickle files without running code.

`pickle` (and `np.load(..., allow_pickle=True)`) can call any importable
function while loading, so a tampered dataset file could run commands.
Every pickle Keras's datasets read (object arrays of token lists in
`imdb.npz`/`reuters.npz`, the CIFAR batches) goes through
`RestrictedUnpickler`, which builds NumPy arrays, dtypes and scalars and
plain Python values only, and refuses anything else.
"""

import pickle
import zipfile

import numpy as np

# (module, name) pairs a dataset pickle may reference: what NumPy needs to
# rebuild arrays, dtypes and scalars (under both the NumPy 1 and NumPy 2
# module names), and the plain containers that older pickle protocols
# spell as a global.
_ALLOWED_GLOBALS = {
    ("numpy", "ndarray"),
    ("numpy", "dtype"),
    ("numpy.core.multiarray", "_reconstruct"),
    ("numpy.core.multiarray", "scalar"),
    ("numpy._core.multiarray", "_reconstruct"),
    ("numpy._core.multiarray", "scalar"),
    ("builtins", "set"),
    ("builtins", "frozenset"),
    ("builtins", "bytearray"),
    ("_codecs", "encode"),
}


class RestrictedUnpickler(pickle.Unpickler):
    """An unpickler that only rebuilds NumPy arrays and plain values.

    Any other global a pickle refers to (a function such as `os.system`, a
    class) raises `pickle.UnpicklingError` before anything runs.

    Example:

    >>> import io, pickle
    >>> data = pickle.dumps({"x": np.arange(3), "y": [1, "a"]})
    >>> RestrictedUnpickler(io.BytesIO(data)).load()["y"]
    [1, 'a']
    """

    def find_class(self, module, name):
        if (module, name) in _ALLOWED_GLOBALS:
            return super().find_class(module, name)
        if module == "numpy.dtypes" and name.endswith("DType"):
            # NumPy 2 pickles dtypes by their class (`Float32DType`).
            return super().find_class(module, name)
        raise pickle.UnpicklingError(
            f"Refusing to deserialize `{module}.{name}` while loading a "
            "Keras dataset. The file may be corrupted or malicious."
        )


def load_npy_member(fp):
    """Reads one `.npy` stream, unpickling object arrays with
    `RestrictedUnpickler`.

    Args:
        fp: a binary file object positioned at the start of `.npy` data.

    Returns:
        The NumPy array.
    """
    version = np.lib.format.read_magic(fp)
    if version == (1, 0):
        shape, fortran, dtype = np.lib.format.read_array_header_1_0(fp)
    elif version == (2, 0):
        shape, fortran, dtype = np.lib.format.read_array_header_2_0(fp)
    else:
        raise ValueError(f"Unsupported .npy format version: {version}")
    if dtype.hasobject:
        array = RestrictedUnpickler(fp, encoding="latin1").load()
        if not isinstance(array, np.ndarray):
            raise pickle.UnpicklingError(
                "Expected a pickled NumPy array in the .npy data, got "
                f"{type(array).__name__}."
            )
        return array
    count = int(np.prod(shape, dtype=np.int64))
    data = fp.read(count * dtype.itemsize)
    if len(data) != count * dtype.itemsize:
        raise ValueError(
            f"Truncated .npy data: expected {count * dtype.itemsize} bytes, "
            f"got {len(data)}."
        )
    array = np.frombuffer(data, dtype=dtype, count=count)
    if fortran:
        return array.reshape(shape[::-1]).transpose().copy()
    return array.reshape(shape).copy()


def load_npz(path):
    """Reads every array of an `.npz` file into a dict, safely.

    Args:
        path: the `.npz` file.

    Returns:
        A dict from array name (without `.npy`) to NumPy array, in the
        file's order.

    Example:

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "a.npz")
    >>> np.savez(path, x=np.arange(2))
    >>> load_npz(path)["x"]
    array([0, 1])
    """
    arrays = {}
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            key = name[:-4] if name.endswith(".npy") else name
            with archive.open(name) as member:
                arrays[key] = load_npy_member(member)
    return arrays
