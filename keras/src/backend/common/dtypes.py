"""Dtype names and the type promotion rules shared by every backend.

Keras names dtypes with strings ("float32", "int64", ...). Promotion follows
a lattice in the style of JAX's: Python scalars are *weak* types that adopt
the dtype of the tensor they meet, signed and unsigned integers meet at the
next wider signed type, and integers meet floats at the float. Every backend
applies `result_type` explicitly, so results agree across backends.
"""

import functools

import numpy as np

from keras.src.api_export import keras_export
from keras.src.backend import config

BOOL_TYPES = ("bool",)
UINT_TYPES = ("uint8", "uint16", "uint32", "uint64")
SINT_TYPES = ("int8", "int16", "int32", "int64")
INT_TYPES = UINT_TYPES + SINT_TYPES
FLOAT8_TYPES = ("float8_e4m3fn", "float8_e5m2")
FLOAT_TYPES = ("bfloat16", "float16", "float32", "float64")
COMPLEX_TYPES = ("complex64", "complex128")
ALLOWED_DTYPES = (
    BOOL_TYPES
    + INT_TYPES
    + FLOAT_TYPES
    + FLOAT8_TYPES
    + COMPLEX_TYPES
    + ("string",)
)

# Python scalar types map to weak types, resolved when promotion ends.
_WEAK_TYPES = {bool: "bool", int: "int", float: "float", complex: "complex"}

# Each type and the types directly above it.
_LATTICE = {
    "bool": ("int",),
    "int": ("uint8", "int8"),
    "uint8": ("uint16", "int16"),
    "uint16": ("uint32", "int32"),
    "uint32": ("uint64", "int64"),
    "uint64": ("float",),
    "int8": ("int16",),
    "int16": ("int32",),
    "int32": ("int64",),
    "int64": ("float",),
    "float": ("bfloat16", "float16", "complex"),
    "bfloat16": ("float32",),
    "float16": ("float32",),
    "float32": ("float64", "complex64"),
    "float64": ("complex128",),
    "complex": ("complex64",),
    "complex64": ("complex128",),
    "complex128": (),
}


def _upper_bounds(dtype):
    bounds = {dtype}
    for parent in _LATTICE[dtype]:
        bounds |= _upper_bounds(parent)
    return frozenset(bounds)


_UPPER_BOUNDS = {dtype: _upper_bounds(dtype) for dtype in _LATTICE}

# Keras's public tables, under its names. Keras's lattice has no weak
# complex type: Python complex numbers promote as `complex64` there.
WEAK_TYPES = ("int", "float")
LATTICE_UPPER_BOUNDS = {
    dtype: set(bounds - {"complex"})
    for dtype, bounds in _UPPER_BOUNDS.items()
    if dtype != "complex"
}
# A bare `int` is int64 on TensorFlow (as in TensorFlow itself and Keras's
# TensorFlow backend) and int32 elsewhere.
_DEFAULT_INT = "int64" if config.backend() == "tensorflow" else "int32"
PYTHON_DTYPES_MAP = {
    bool: "bool",
    int: _DEFAULT_INT,
    float: "float32",
    str: "string",
    "int": _DEFAULT_INT,
    complex: "complex64",
}
# The 32-bit dtype each 64-bit dtype narrows to where 64 bits are off
# (JAX without `jax_enable_x64`).
BIT64_TO_BIT32_DTYPE = {
    "int64": "int32",
    "uint64": "uint32",
    "float64": "float32",
    "complex128": "complex64",
}


_STANDARD_NAMES = {name: name for name in ALLOWED_DTYPES}
_STANDARD_NAMES.update(
    {
        "float": None,  # Rejected: ambiguous width.
        "int": _DEFAULT_INT,
        "half": "float16",
        "double": "float64",
        "str": "string",
        "bool_": "bool",
    }
)


@keras_export(
    ["keras.backend.standardize_dtype", "keras.utils.standardize_dtype"]
)
def standardize_dtype(dtype):
    """Returns the Keras name (a string) of any backend's dtype.

    Args:
        dtype: a string, a Python type, a NumPy, TensorFlow, JAX or PyTorch
            dtype, or `None` (meaning `floatx()`).

    Returns:
        A string such as `"float32"`.

    Example:

    >>> keras.backend.standardize_dtype(np.float32)
    'float32'
    """
    if dtype is None:
        return config.floatx()
    try:
        return _STANDARDIZED[dtype]
    except (KeyError, TypeError):
        pass
    cache = _cache_for(dtype)
    try:
        return cache[dtype]
    except (KeyError, TypeError):
        pass
    if isinstance(dtype, str) and dtype in _STANDARD_NAMES:
        name = _STANDARD_NAMES[dtype]
    elif dtype in _PYTHON_TYPES:
        name = _PYTHON_TYPES[dtype]
    else:
        name = _name_of(dtype)
    if name not in ALLOWED_DTYPES:
        raise ValueError(f"Invalid dtype: {dtype}")
    try:
        cache[dtype] = name
    except TypeError:
        pass
    return name


# Strings and torch dtypes seen before -> their Keras name. Dynamo reads
# this dict inside compiled steps and must hash each of its keys, which it
# cannot do for NumPy or TensorFlow dtypes: those have their own cache.
_STANDARDIZED = {}
_OTHER_STANDARDIZED = {}


def _cache_for(dtype):
    if isinstance(dtype, str) or type(dtype).__module__ == "torch":
        return _STANDARDIZED
    return _OTHER_STANDARDIZED


_PYTHON_TYPES = {
    bool: "bool", int: _DEFAULT_INT, float: "float32", str: "string"
}


def _name_of(dtype):
    # torch dtypes print as "torch.float32"; tf and jax dtypes have `.name`.
    if hasattr(dtype, "name") and isinstance(dtype.name, str):
        return _STANDARD_NAMES.get(dtype.name, dtype.name)
    if isinstance(dtype, type) and issubclass(dtype, np.generic):
        return np.dtype(dtype).name
    text = str(dtype)
    if text.startswith("torch."):
        return _STANDARD_NAMES.get(text[6:], text[6:])
    if text.startswith("<dtype: '"):
        return text[9:-2]
    return text


@keras_export("keras.backend.is_float_dtype")
def is_float_dtype(dtype):
    """Returns whether `dtype` is a floating point dtype.

    Example:

    >>> keras.backend.is_float_dtype("bfloat16")
    True
    """
    dtype = standardize_dtype(dtype)
    return dtype.startswith("float") or dtype.startswith("bfloat")


@keras_export("keras.backend.is_int_dtype")
def is_int_dtype(dtype):
    """Returns whether `dtype` is an integer dtype (signed or unsigned).

    Example:

    >>> keras.backend.is_int_dtype("uint8")
    True
    """
    dtype = standardize_dtype(dtype)
    return dtype.startswith("int") or dtype.startswith("uint")


def _canonical(dtype):
    # JAX runs with 64-bit types disabled, so its tensors are never 64-bit;
    # the numpy backend narrows them as JAX does (as upstream Keras's
    # numpy backend does).
    if config.backend() in ("jax", "numpy"):
        return {"int64": "int32", "uint64": "uint32", "float64": "float32",
                "complex128": "complex64"}.get(dtype, dtype)
    return dtype


def _resolve_weak(dtype):
    if dtype == "int":
        return "int32"
    if dtype == "float":
        return config.floatx()
    if dtype == "complex":
        return "complex128" if config.floatx() == "float64" else "complex64"
    return dtype


@functools.lru_cache(maxsize=4096)
def _least_upper_bound(*dtypes):
    common = frozenset.intersection(*(_UPPER_BOUNDS[d] for d in dtypes))
    for candidate in common:
        if _UPPER_BOUNDS[candidate] == common:
            return candidate
    raise ValueError(f"Cannot promote dtypes {dtypes} to a common dtype.")


def _lattice_key(dtype):
    if dtype in _WEAK_TYPES:
        return _WEAK_TYPES[dtype]
    name = standardize_dtype(dtype)
    if name in FLOAT8_TYPES:
        raise ValueError(
            "There is no implicit conversion from float8 dtypes to others; "
            f"cast explicitly. Received: {name}"
        )
    return name


@keras_export("keras.backend.result_type")
def result_type(*dtypes):
    """Returns the dtype that an operation on `dtypes` produces.

    Python types (`int`, `float`, `bool`, `complex`) are weak: they take on
    the dtype of the tensors they are combined with. With no argument, or
    only weak types that resolve to floats, the result is `floatx()`.

    Args:
        *dtypes: dtypes or Python types.

    Returns:
        A dtype name, as a string.

    Example:

    >>> keras.backend.result_type("int8", "uint8")
    'int16'
    >>> keras.backend.result_type("int32", float)
    'float32'
    >>> keras.backend.result_type("float16", int)
    'float16'
    """
    # Cached per floatx: ops call this on every eager call.
    try:
        return _cached_result_type(config.floatx(), dtypes)
    except TypeError:  # An unhashable dtype object.
        return _uncached_result_type(dtypes)


@functools.lru_cache(maxsize=4096)
def _cached_result_type(floatx, dtypes):
    del floatx  # Only part of the cache key.
    return _uncached_result_type(dtypes)


def _uncached_result_type(dtypes):
    if not dtypes:
        return config.floatx()
    keys = tuple(_lattice_key(d) for d in dtypes)
    if "string" in keys:
        if all(k == "string" for k in keys):
            return "string"
        raise ValueError(f"Cannot promote strings with numbers: {dtypes}")
    return _canonical(_resolve_weak(_least_upper_bound(*keys)))


def infer_dtype(value):
    """Returns the dtype Keras gives a tensor made from `value`.

    Python scalars are weak (`int` -> int32, `float` -> floatx); arrays and
    tensors keep their dtype; a list takes the promoted dtype of its items.

    Example:

    >>> infer_dtype([1, 2.5])
    'float32'
    """
    if isinstance(value, (bool, int, float, complex)):
        return result_type(_python_type(value))
    if isinstance(value, (list, tuple)):
        leaves = []
        _collect_item_types(value, leaves)
        return result_type(*leaves) if leaves else config.floatx()
    dtype = getattr(value, "dtype", None)
    if dtype is not None:
        return standardize_dtype(dtype)
    return standardize_dtype(np.asarray(value).dtype)


def _python_type(value):
    # `np.float64` subclasses `float` and `np.bool_` does not subclass
    # `bool`: map scalars to the Python type they behave as.
    for kind in (bool, int, float, complex):
        if isinstance(value, kind):
            return kind
    return type(value)


def _collect_item_types(items, types):
    for item in items:
        if isinstance(item, (list, tuple)):
            _collect_item_types(item, types)
        elif isinstance(item, (bool, int, float, complex)):
            types.append(_python_type(item))
        elif isinstance(item, str):
            types.append("string")
        else:
            types.append(infer_dtype(item))


def dtype_of(x):
    """Returns the dtype name of a tensor, array or value; Python scalars
    give their type instead, which `result_type` treats as weak."""
    if isinstance(x, (bool, int, float, complex)):
        return type(x)
    dtype = getattr(x, "dtype", None)
    if dtype is not None:
        return standardize_dtype(dtype)
    return infer_dtype(x)
