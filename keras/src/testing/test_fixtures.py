"""Module-level helpers of `keras.src.testing.test_case`.

Third-party test suites written against Keras import these from
`keras.src.testing.test_case`: which accelerator the backend uses (to skip
tests), tensors made from shapes and dtypes, shape-structure mapping, JSON
that keeps tuples, and the seed generators a layer holds. They live here so
that `test_case.py` stays about `TestCase`; `test_case` re-exports them.

Frameworks are read from `sys.modules`, never imported: the active backend
has already loaded its own, and another backend's framework cannot be in
use when it was never imported.
"""

import json
import sys

import numpy as np

from keras.src import backend


def _module(name):
    return sys.modules.get(name)


def jax_uses_gpu():
    """Whether the active backend is JAX and it runs on a GPU.

    Returns:
        A bool.

    Example:

    >>> from keras.src.testing.test_case import jax_uses_gpu
    >>> isinstance(jax_uses_gpu(), bool)
    True
    """
    return _jax_platform_in(("gpu", "cuda", "rocm"))


def jax_uses_tpu():
    """Whether the active backend is JAX and it runs on a TPU.

    Returns:
        A bool.

    Example:

    >>> from keras.src.testing.test_case import jax_uses_tpu
    >>> jax_uses_tpu()
    False
    """
    return _jax_platform_in(("tpu",))


def _jax_platform_in(platforms):
    jax = _module("jax")
    if backend.backend() != "jax" or jax is None:
        return False
    return any(d.platform.lower() in platforms for d in jax.devices())


def tensorflow_uses_gpu():
    """Whether the active backend is TensorFlow and it sees a GPU.

    Returns:
        A bool.

    Example:

    >>> from keras.src.testing.test_case import tensorflow_uses_gpu
    >>> isinstance(tensorflow_uses_gpu(), bool)
    True
    """
    return _tf_devices("GPU")


def tensorflow_uses_tpu():
    """Whether the active backend is TensorFlow and it sees a TPU.

    Returns:
        A bool.

    Example:

    >>> from keras.src.testing.test_case import tensorflow_uses_tpu
    >>> tensorflow_uses_tpu()
    False
    """
    return _tf_devices("TPU")


def _tf_devices(kind):
    tf = _module("tensorflow")
    if backend.backend() != "tensorflow" or tf is None:
        return False
    return bool(tf.config.list_logical_devices(kind))


def torch_uses_gpu():
    """Whether the active backend is PyTorch and CUDA is available.

    Returns:
        A bool.

    Example:

    >>> from keras.src.testing.test_case import torch_uses_gpu
    >>> isinstance(torch_uses_gpu(), bool)
    True
    """
    torch = _module("torch")
    if backend.backend() != "torch" or torch is None:
        return False
    return bool(torch.cuda.is_available())


def uses_gpu():
    """Whether the active backend runs on a GPU.

    Returns:
        A bool.

    Example:

    >>> from keras.src.testing.test_case import uses_gpu
    >>> isinstance(uses_gpu(), bool)
    True
    """
    return jax_uses_gpu() or tensorflow_uses_gpu() or torch_uses_gpu()


def uses_tpu():
    """Whether the active backend runs on a TPU.

    Returns:
        A bool.

    Example:

    >>> from keras.src.testing.test_case import uses_tpu
    >>> uses_tpu()
    False
    """
    return jax_uses_tpu() or tensorflow_uses_tpu()


def is_shape_tuple(x):
    """Whether `x` is one shape: a tuple or list of ints and `None`s.

    Args:
        x: any value.

    Returns:
        A bool (`()` is a shape; `((2,), (3,))` is not).

    Example:

    >>> from keras.src.testing.test_case import is_shape_tuple
    >>> is_shape_tuple((None, 3)), is_shape_tuple([(2,), (3,)])
    (True, False)
    """
    return isinstance(x, (list, tuple)) and all(
        d is None or (isinstance(d, (int, np.integer))
                      and not isinstance(d, bool))
        for d in x
    )


def map_shape_dtype_structure(fn, shape, dtype):
    """Calls `fn(shape, dtype)` on each shape of a structure of shapes.

    `shape` is one shape or a list, tuple or dict of them (nested);
    `dtype` has the same structure, with a dtype where each shape is.

    Args:
        fn: a callable `fn(shape, dtype)`.
        shape: a shape or a structure of shapes.
        dtype: a matching structure of dtypes.

    Returns:
        The structure of `shape` with each shape replaced by `fn`'s result.

    Example:

    >>> from keras.src.testing.test_case import map_shape_dtype_structure
    >>> map_shape_dtype_structure(
    ...     lambda s, d: f"{d}{list(s)}", [(2,), (3, 4)], ["int8", "f16"]
    ... )
    ['int8[2]', 'f16[3, 4]']
    """
    if is_shape_tuple(shape):
        return fn(tuple(shape), dtype)
    if isinstance(shape, (list, tuple)):
        if not isinstance(dtype, (list, tuple)) or len(dtype) != len(shape):
            raise ValueError(
                "`map_shape_dtype_structure`: `dtype` must match the "
                f"structure of `shape`. Received: shape={shape}, "
                f"dtype={dtype}"
            )
        return type(shape)(
            map_shape_dtype_structure(fn, s, d) for s, d in zip(shape, dtype)
        )
    if isinstance(shape, dict):
        if not isinstance(dtype, dict) or set(dtype) != set(shape):
            raise ValueError(
                "`map_shape_dtype_structure`: `dtype` must be a dict with "
                f"the keys of `shape`. Received: shape={shape}, "
                f"dtype={dtype}"
            )
        return {k: map_shape_dtype_structure(fn, v, dtype[k])
                for k, v in shape.items()}
    raise ValueError(
        "`map_shape_dtype_structure`: `shape` must be a shape (tuple of "
        f"ints) or a list, tuple or dict of shapes. Received: "
        f"shape={shape!r}, dtype={dtype!r}"
    )


def create_keras_tensors(input_shape, dtype, sparse, ragged):
    """Makes `KerasTensor`s of the given shapes and dtypes.

    Args:
        input_shape: a shape or a structure of shapes.
        dtype: a matching structure of dtypes.
        sparse: whether the tensors are sparse.
        ragged: whether the tensors are ragged.

    Returns:
        The structure of `input_shape` with a `KerasTensor` per shape.

    Example:

    >>> from keras.src.testing.test_case import create_keras_tensors
    >>> x = create_keras_tensors((2, 3), "float32", False, False)
    >>> x.shape, x.dtype
    ((2, 3), 'float32')
    """
    from keras.src.backend.common.keras_tensor import KerasTensor

    return map_shape_dtype_structure(
        lambda shape, dt: KerasTensor(
            shape, dtype=dt, sparse=sparse, ragged=ragged
        ),
        input_shape,
        dtype,
    )


def create_eager_tensors(input_shape, dtype, sparse, ragged):
    """Makes random tensors of the active backend, of the given shapes and
    dtypes.

    Floats are drawn uniformly from `[0, 3)` and integers from `{0, 1, 2}`.
    Sparse and ragged tensors exist on the TensorFlow backend only.

    Args:
        input_shape: a shape or a structure of shapes (no `None`).
        dtype: a matching structure of float or int dtypes.
        sparse: whether to make sparse tensors.
        ragged: whether to make ragged tensors.

    Returns:
        The structure of `input_shape` with a tensor per shape.

    Example:

    >>> from keras.src.testing.test_case import create_eager_tensors
    >>> x = create_eager_tensors((2, 3), "int32", False, False)
    >>> keras.ops.shape(x), keras.backend.standardize_dtype(x.dtype)
    ((2, 3), 'int32')
    """
    rng = np.random.default_rng()

    def make(shape, dt):
        dt = backend.standardize_dtype(dt)
        if dt in ("float16", "float32", "float64", "bfloat16"):
            np_dtype = "float32" if dt == "bfloat16" else dt
            x = rng.uniform(0.0, 3.0, size=shape).astype(np_dtype)
        elif dt.startswith(("int", "uint")):
            x = rng.integers(0, 3, size=shape).astype(dt)
        else:
            raise ValueError(
                "`create_eager_tensors`: dtype must be a standard float or "
                f"int dtype. Received: dtype={dt}"
            )
        if sparse or ragged:
            return _sparse_or_ragged(x, dt, sparse)
        return backend.convert_to_tensor(x, dtype=dt)

    return map_shape_dtype_structure(make, input_shape, dtype)


def _sparse_or_ragged(x, dtype, sparse):
    kind = "sparse" if sparse else "ragged"
    supported = (
        backend.SUPPORTS_SPARSE_TENSORS if sparse
        else backend.SUPPORTS_RAGGED_TENSORS
    )
    if not supported or backend.backend() != "tensorflow":
        raise ValueError(
            f"`create_eager_tensors`: the {backend.backend()} backend has "
            f"no {kind} tensors. Received: {kind}=True"
        )
    tf = sys.modules["tensorflow"]
    x = tf.cast(x, dtype)
    if sparse:
        return tf.sparse.from_dense(x)
    return tf.RaggedTensor.from_tensor(x)


def _encode_tuples(value):
    if isinstance(value, tuple):
        return {"__class__": "tuple",
                "__value__": [_encode_tuples(v) for v in value]}
    if isinstance(value, list):
        return [_encode_tuples(v) for v in value]
    if isinstance(value, dict):
        return {k: _encode_tuples(v) for k, v in value.items()}
    return value


def _decode_tuples(obj):
    if set(obj) == {"__class__", "__value__"} and (
        obj["__class__"] == "tuple"
    ):
        return tuple(obj["__value__"])
    return obj


def to_json_with_tuples(value):
    """Serializes `value` to JSON text in which tuples stay tuples.

    Plain JSON turns tuples into lists; here each tuple is written as
    `{"__class__": "tuple", "__value__": [...]}`, which
    `from_json_with_tuples` reads back as a tuple.

    Args:
        value: a JSON-serializable structure (tuples allowed).

    Returns:
        A string (indented by 4 spaces).

    Example:

    >>> from keras.src.testing import test_case
    >>> text = test_case.to_json_with_tuples({"shape": (2, 3)})
    >>> test_case.from_json_with_tuples(text)
    {'shape': (2, 3)}
    """
    return json.dumps(_encode_tuples(value), indent=4)


def from_json_with_tuples(value):
    """Reads JSON text written by `to_json_with_tuples`, restoring tuples.

    Args:
        value: a JSON string.

    Returns:
        The decoded structure.

    Example:

    >>> from keras.src.testing import test_case
    >>> test_case.from_json_with_tuples(test_case.to_json_with_tuples((1,)))
    (1,)
    """
    return json.loads(value, object_hook=_decode_tuples)


def get_seed_generators(layer):
    """Returns the seed generators of `layer` and of its sublayers.

    Each generator appears once, even when a sublayer is reachable twice.

    Args:
        layer: a `keras.layers.Layer`.

    Returns:
        A list of `keras.random.SeedGenerator`s.

    Example:

    >>> from keras.src.testing.test_case import get_seed_generators
    >>> len(get_seed_generators(keras.layers.Dropout(0.5)))
    1
    """
    if not hasattr(layer, "_flatten_layers"):
        raise TypeError(
            "`get_seed_generators`: expected a Keras layer. Received: "
            f"layer={layer!r} (of type {type(layer)})"
        )
    seen = set()
    generators = []
    for sublayer in layer._flatten_layers():
        for generator in getattr(sublayer, "_seed_generators", []):
            if id(generator) not in seen:
                seen.add(id(generator))
                generators.append(generator)
    return generators

