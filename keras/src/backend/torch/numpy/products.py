"""Products, traces and `vectorize` on PyTorch."""

import torch

from keras.src.backend.common.product_dtypes import (
    product_dtype,
    slogdet_dtypes,
    trace_dtype,
)
from keras.src.backend.common.vectorize import MapVectorized
from keras.src.backend.torch.core import (
    KERAS_DTYPES,
    convert_to_tensor,
    promote,
    to_torch_dtype,
)

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

# dtypes without CPU matrix-product kernels, computed in int64 instead.
_NO_MM_KERNEL = (torch.bool, torch.uint16, torch.uint32, torch.uint64)


def _via_int64(fn, *tensors):
    """Runs the product `fn` in int64 where torch has no kernel for the
    dtype, then casts back (bool: nonzero is True)."""
    dtype = tensors[0].dtype
    if dtype not in _NO_MM_KERNEL:
        return fn(*tensors)
    return fn(*(t.to(torch.int64) for t in tensors)).to(dtype)


def matmul(x1, x2):
    if (
        isinstance(x1, torch.Tensor)
        and isinstance(x2, torch.Tensor)
        and x1.dtype == x2.dtype
        and x1.is_floating_point()
    ):
        # Fast path for the Dense layer's hot call: 2.5us instead of 10us.
        return torch.matmul(x1, x2)
    dtype = product_dtype(x1, x2)
    x1, x2 = convert_to_tensor(x1, dtype), convert_to_tensor(x2, dtype)
    return _via_int64(torch.matmul, x1, x2)


def einsum(subscripts, *operands, **kwargs):
    dtype = product_dtype(*operands)
    operands = [convert_to_tensor(x, dtype) for x in operands]
    out = _via_int64(lambda *ts: torch.einsum(subscripts, *ts), *operands)
    # Summing integers widens them to int64 in torch.
    return out.to(to_torch_dtype(dtype))


def dot(x1, x2):
    x1, x2 = promote(x1, x2)
    if x1.ndim == 0 or x2.ndim == 0:
        return torch.mul(x1, x2)
    axis2 = 0 if x2.ndim == 1 else x2.ndim - 2
    return _tensordot_pair(x1, x2, [x1.ndim - 1], [axis2])


def inner(x1, x2):
    x1, x2 = promote(x1, x2)
    if x1.ndim == 0 or x2.ndim == 0:
        return torch.mul(x1, x2)
    return _tensordot_pair(x1, x2, [x1.ndim - 1], [x2.ndim - 1])


def outer(x1, x2):
    x1, x2 = promote(x1, x2)
    return torch.mul(x1.reshape(-1, 1), x2.reshape(1, -1))


def kron(x1, x2):
    x1, x2 = promote(x1, x2)
    return _via_int64(torch.kron, x1, x2)


def vdot(x1, x2):
    x1, x2 = promote(x1, x2)
    x1 = x1.reshape(-1)
    if x1.is_complex():
        x1 = x1.conj()
    return _via_int64(torch.matmul, x1, x2.reshape(-1))


def tensordot(x1, x2, axes=2):
    x1, x2 = promote(x1, x2)
    if isinstance(axes, int):
        return _via_int64(
            lambda a, b: torch.tensordot(a, b, dims=axes), x1, x2
        )
    axes1, axes2 = axes
    axes1 = [axes1] if isinstance(axes1, int) else list(axes1)
    axes2 = [axes2] if isinstance(axes2, int) else list(axes2)
    return _tensordot_pair(x1, x2, axes1, axes2)


def _tensordot_pair(x1, x2, axes1, axes2):
    return _via_int64(
        lambda a, b: torch.tensordot(a, b, dims=(axes1, axes2)), x1, x2
    )


def cross(x1, x2, axisa=-1, axisb=-1, axisc=-1, axis=None):
    x1, x2 = promote(x1, x2)
    if x1.dtype == torch.bool:
        raise ValueError("`cross` does not support bool tensors.")
    if axis is not None:
        axisa = axisb = axisc = axis
    a = torch.movedim(x1, axisa, -1)
    b = torch.movedim(x2, axisb, -1)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError(
            "`cross`: the vector dimensions must have 2 or 3 components. "
            f"Received: shapes {tuple(x1.shape)} and {tuple(x2.shape)}"
        )
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]
    a, b = _as_3_vectors(a), _as_3_vectors(b)
    out = torch.stack(
        [
            a[..., 1] * b[..., 2] - a[..., 2] * b[..., 1],
            a[..., 2] * b[..., 0] - a[..., 0] * b[..., 2],
            a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0],
        ],
        dim=-1,
    )
    return torch.movedim(out, -1, axisc)


def _as_3_vectors(v):
    if v.shape[-1] == 3:
        return v
    return torch.cat([v, torch.zeros_like(v[..., :1])], dim=-1)


def trace(x, offset=0, axis1=0, axis2=1):
    x = convert_to_tensor(x)
    dtype = to_torch_dtype(trace_dtype(KERAS_DTYPES[x.dtype]))
    diagonal = torch.diagonal(x, offset=offset, dim1=axis1, dim2=axis2)
    if dtype in _NO_MM_KERNEL:
        return diagonal.sum(-1, dtype=torch.int64).to(dtype)
    return diagonal.sum(-1, dtype=dtype)


def slogdet(x):
    x = convert_to_tensor(x)
    dtype, compute = slogdet_dtypes(KERAS_DTYPES[x.dtype])
    sign, logdet = torch.linalg.slogdet(x.to(to_torch_dtype(compute)))
    dtype = to_torch_dtype(dtype)
    return sign.to(dtype), logdet.to(dtype)


def vectorize(pyfunc, *, excluded=None, signature=None):
    return MapVectorized(pyfunc, excluded, signature, _TorchMapping)


class _TorchMapping:
    """The array functions `MapVectorized` needs, for torch (`vmap`)."""

    to_tensor = staticmethod(convert_to_tensor)

    @staticmethod
    def shape(x):
        return tuple(x.shape)

    @staticmethod
    def broadcast_shapes(shapes):
        try:
            return tuple(torch.broadcast_shapes(*shapes))
        except RuntimeError:
            raise ValueError(
                f"`vectorize`: loop dimensions {shapes} cannot be "
                "broadcast."
            ) from None

    @staticmethod
    def broadcast_to(x, shape):
        return x.broadcast_to(shape)

    @staticmethod
    def reshape(x, shape):
        return x.reshape(shape)

    @staticmethod
    def map(fn, flat_args):
        return torch.vmap(fn)(*flat_args)
