"""Products, traces and `vectorize` on NumPy.

Also holds the dtype rules of the products and the map-based `vectorize`
that the other backends import, so that every backend applies the same
rules.
"""

import re

import numpy as np

from keras.src.backend.common import dtypes
from keras.src.backend.numpy.core import convert_to_tensor

__all__ = [
    "cross",
    "dot",
    "einsum",
    "inner",
    "kron",
    "matmul",
    "outer",
    "slogdet",
    "tensordot",
    "trace",
    "vdot",
    "vectorize",
]


def _product_dtype(*values):
    """`result_type` of `values`, except that int8 by int8 products
    accumulate (and return) int32, as Keras's `matmul` and `einsum` do."""
    names = [dtypes.dtype_of(v) for v in values]
    if all(n == "int8" for n in names):
        return "int32"
    return dtypes.result_type(*names)


def _trace_dtype(dtype):
    """Traces sum: small integers and bools widen to 32 bits."""
    dtype = dtypes.standardize_dtype(dtype)
    if dtype in ("bool", "int8", "int16"):
        return "int32"
    if dtype in ("uint8", "uint16"):
        return "uint32"
    return dtypes.result_type(dtype)


def _slogdet_dtypes(dtype):
    """Returns (result dtype, dtype to compute in) of `slogdet`."""
    dtype = dtypes.result_type(dtype)
    if not dtypes.is_float_dtype(dtype) and "complex" not in dtype:
        dtype = dtypes.result_type(dtype, float)
    # LAPACK-style kernels take no half precision: compute in float32.
    compute = "float32" if dtype in ("float16", "bfloat16") else dtype
    return dtype, compute


def _promote(*values, dtype=None):
    dtype = dtype or dtypes.result_type(*(dtypes.dtype_of(v) for v in values))
    return [convert_to_tensor(v, dtype) for v in values]


def matmul(x1, x2):
    x1, x2 = _promote(x1, x2, dtype=_product_dtype(x1, x2))
    return np.asarray(np.matmul(x1, x2))


def einsum(subscripts, *operands, **kwargs):
    operands = _promote(*operands, dtype=_product_dtype(*operands))
    return np.asarray(np.einsum(subscripts, *operands, **kwargs))


def dot(x1, x2):
    x1, x2 = _promote(x1, x2)
    return np.asarray(np.dot(x1, x2))


def inner(x1, x2):
    x1, x2 = _promote(x1, x2)
    return np.asarray(np.inner(x1, x2))


def outer(x1, x2):
    x1, x2 = _promote(x1, x2)
    return np.outer(x1, x2)


def kron(x1, x2):
    x1, x2 = _promote(x1, x2)
    return np.kron(x1, x2)


def vdot(x1, x2):
    x1, x2 = _promote(x1, x2)
    return np.asarray(np.vdot(x1, x2))


def tensordot(x1, x2, axes=2):
    x1, x2 = _promote(x1, x2)
    return np.asarray(np.tensordot(x1, x2, axes=axes))


def cross(x1, x2, axisa=-1, axisb=-1, axisc=-1, axis=None):
    x1, x2 = _promote(x1, x2)
    if x1.dtype == np.bool_:
        raise ValueError("`cross` does not support bool tensors.")
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = np.moveaxis(x1, axisa, -1), np.moveaxis(x2, axisb, -1)
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        # NumPy 2 deprecates 2-D vectors in `np.cross`: the z component.
        return np.asarray(a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0])
    a, b = _as_3_vectors(a), _as_3_vectors(b)
    return np.moveaxis(np.cross(a, b), -1, axisc)


def _as_3_vectors(v):
    if v.shape[-1] != 2:
        return v
    return np.concatenate([v, np.zeros_like(v[..., :1])], axis=-1)


def trace(x, offset=0, axis1=0, axis2=1):
    x = convert_to_tensor(x)
    dtype = _trace_dtype(x.dtype)
    out = np.trace(x, offset=offset, axis1=axis1, axis2=axis2, dtype=dtype)
    return np.asarray(out)


def slogdet(x):
    x = convert_to_tensor(x)
    dtype, compute = _slogdet_dtypes(x.dtype)
    sign, logdet = np.linalg.slogdet(x.astype(compute))
    return np.asarray(sign, dtype), np.asarray(logdet, dtype)


def vectorize(pyfunc, *, excluded=None, signature=None):
    return _MapVectorized(pyfunc, excluded, signature, _NumpyMapping)


class _NumpyMapping:
    """The array functions `_MapVectorized` needs, for NumPy."""

    to_tensor = staticmethod(convert_to_tensor)
    shape = staticmethod(np.shape)
    broadcast_to = staticmethod(np.broadcast_to)
    reshape = staticmethod(np.reshape)

    @staticmethod
    def broadcast_shapes(shapes):
        return _static_broadcast(shapes)

    @staticmethod
    def map(fn, flat_args):
        count = flat_args[0].shape[0]
        if count == 0:
            # Run once on zeros to learn the outputs' shapes and dtypes.
            sample = fn(*(np.zeros(a.shape[1:], a.dtype) for a in flat_args))
            return _map_structure(
                lambda o: np.zeros((0,) + np.shape(o), np.asarray(o).dtype),
                sample,
            )
        results = [fn(*(a[i] for a in flat_args)) for i in range(count)]
        if isinstance(results[0], (tuple, list)):
            return tuple(
                np.stack([np.asarray(r[j]) for r in results])
                for j in range(len(results[0]))
            )
        return np.stack([np.asarray(r) for r in results])


def _static_broadcast(shapes):
    try:
        return tuple(np.broadcast_shapes(*shapes))
    except ValueError:
        raise ValueError(
            f"`vectorize`: loop dimensions {shapes} cannot be broadcast."
        ) from None


def _map_structure(fn, outputs):
    if isinstance(outputs, (tuple, list)):
        return tuple(fn(o) for o in outputs)
    return fn(outputs)


_DIMS = r"\w+(?:,\w+)*"
_ARGS = rf"\((?:{_DIMS})?\)(?:,\((?:{_DIMS})?\))*"
_SIGNATURE = re.compile(rf"^{_ARGS}->{_ARGS}$")


def _parse_signature(signature):
    """`"(m,n),(n)->(m)"` -> `[("m", "n"), ("n",)]`, the core dimensions
    of each input."""
    text = signature.replace(" ", "")
    if not _SIGNATURE.match(text):
        raise ValueError(
            f"`vectorize`: invalid signature {signature!r}; expected a "
            "form like '(m,n),(n)->(m)'."
        )
    inputs = text.split("->")[0]
    return [
        tuple(d for d in group.split(",") if d)
        for group in re.findall(r"\(([^()]*)\)", inputs)
    ]


class _MapVectorized:
    """`pyfunc` mapped over the loop (non-core) dimensions of its
    arguments, in the manner of NumPy's `vectorize`.

    `fns` supplies a backend's `to_tensor`, `shape`, `broadcast_shapes`,
    `broadcast_to`, `reshape` and `map(fn, flat_args)`, which calls `fn`
    on the slices along axis 0 of every argument and stacks the results.
    Keyword arguments and the positions in `excluded` are passed through
    unchanged.
    """

    def __init__(self, pyfunc, excluded, signature, fns):
        self.pyfunc = pyfunc
        self.excluded = set(excluded or ())
        self.core = None if signature is None else _parse_signature(signature)
        self.fns = fns

    def __call__(self, *args, **kwargs):
        fns = self.fns
        positions = [i for i in range(len(args)) if i not in self.excluded]
        tensors = [fns.to_tensor(args[i]) for i in positions]
        core = self.core if self.core is not None else [()] * len(tensors)
        if len(core) != len(tensors):
            raise ValueError(
                f"`vectorize`: the signature takes {len(core)} inputs, "
                f"but the function received {len(tensors)}."
            )
        shapes = [tuple(fns.shape(t)) for t in tensors]
        loops = [_loop_shape(s, c) for s, c in zip(shapes, core)]
        _check_core_sizes(shapes, core)
        if all(len(loop) == 0 for loop in loops):
            return self.pyfunc(*args, **kwargs)
        loop = tuple(fns.broadcast_shapes(loops))
        flat = []
        for tensor, shape, names in zip(tensors, shapes, core):
            core_shape = shape[len(shape) - len(names):]
            tensor = fns.broadcast_to(tensor, loop + core_shape)
            flat.append(fns.reshape(tensor, (-1,) + core_shape))

        def call(*slices):
            full = list(args)
            for i, piece in zip(positions, slices):
                full[i] = piece
            return self.pyfunc(*full, **kwargs)

        return _map_structure(
            lambda o: fns.reshape(o, loop + tuple(fns.shape(o))[1:]),
            fns.map(call, flat),
        )


def _loop_shape(shape, core):
    if len(shape) < len(core):
        raise ValueError(
            f"`vectorize`: an input of shape {shape} has fewer dimensions "
            f"than its core dimensions {core}."
        )
    return shape[: len(shape) - len(core)]


def _check_core_sizes(shapes, core):
    sizes = {}
    for shape, names in zip(shapes, core):
        dims = shape[len(shape) - len(names):]
        for name, dim in zip(names, dims):
            if not isinstance(dim, int):
                continue
            if sizes.setdefault(name, dim) != dim:
                raise ValueError(
                    f"`vectorize`: core dimension {name!r} has sizes "
                    f"{sizes[name]} and {dim} in different inputs."
                )
