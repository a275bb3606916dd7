"""Reductions, cumulative functions and their NaN-ignoring forms on
PyTorch."""

import torch

from keras.src.backend.common import dtypes
from keras.src.backend.torch.core import KERAS_DTYPES
from keras.src.backend.torch.core import convert_to_tensor
from keras.src.backend.torch.core import to_torch_dtype

__all__ = [
    "all",
    "amax",
    "amin",
    "any",
    "argmax",
    "argmin",
    "count_nonzero",
    "cumprod",
    "cumsum",
    "diff",
    "max",
    "mean",
    "min",
    "nanargmax",
    "nanargmin",
    "nancumprod",
    "nancumsum",
    "nanmax",
    "nanmean",
    "nanmin",
    "nanprod",
    "nanstd",
    "nansum",
    "nanvar",
    "prod",
    "ptp",
    "std",
    "sum",
    "var",
]

# Sums and products of small integers accumulate in 32 bits.
_SUM_DTYPES = {
    torch.bool: torch.int32,
    torch.int8: torch.int32,
    torch.int16: torch.int32,
    torch.uint8: torch.uint32,
    torch.uint16: torch.uint32,
}
# Unsigned types torch CPU kernels mostly lack: computed in int64.
_WIDE_UINTS = (torch.uint16, torch.uint32, torch.uint64)


def _widen(x):
    return x.to(torch.int64) if x.dtype in _WIDE_UINTS else x


def _cast(x, dtype):
    # `Tensor.to` costs a dispatch even when the dtype already matches.
    return x if x.dtype == dtype else x.to(dtype)


def _prepare(x, axis, keepdims):
    """Returns (x, dim, keepdim) for a torch reduction. NumPy reads
    `axis=()` as "reduce nothing" and torch as "reduce everything", so that
    case reduces a new size-1 axis instead."""
    if axis is None or isinstance(axis, int):
        return x, axis, keepdims
    axis = tuple(axis)
    if axis:
        return x, axis, keepdims
    return x.unsqueeze(-1), -1, False


def _float_dtypes(x):
    """Returns (result dtype, dtype to compute in) of a float reduction:
    16-bit floats are accumulated in float32."""
    dtype = to_torch_dtype(dtypes.result_type(KERAS_DTYPES[x.dtype], float))
    if dtype in (torch.float16, torch.bfloat16):
        return dtype, torch.float32
    return dtype, dtype


def sum(x, axis=None, keepdims=False):
    x, dim, keepdim = _prepare(convert_to_tensor(x), axis, keepdims)
    dtype = _SUM_DTYPES.get(x.dtype, x.dtype)
    if dtype in _WIDE_UINTS:
        out = torch.sum(x, dim=dim, keepdim=keepdim, dtype=torch.int64)
        return out.to(dtype)
    return torch.sum(x, dim=dim, keepdim=keepdim, dtype=dtype)


def prod(x, axis=None, keepdims=False, dtype=None):
    x, dim, keepdim = _prepare(convert_to_tensor(x), axis, keepdims)
    if dtype is None:
        dtype = _SUM_DTYPES.get(x.dtype, x.dtype)
    else:
        dtype = to_torch_dtype(dtype)
    compute = torch.int64 if dtype in _WIDE_UINTS else dtype
    x = _cast(_widen(x), compute)
    if dim is None:
        out = torch.prod(x)
        if keepdim:
            out = out.reshape([1] * x.ndim)
        return _cast(out, dtype)
    dims = (dim,) if isinstance(dim, int) else dim
    for d in sorted((d % x.ndim for d in dims), reverse=True):
        x = torch.prod(x, dim=d, keepdim=keepdim)
    return _cast(x, dtype)


def mean(x, axis=None, keepdims=False):
    x, dim, keepdim = _prepare(convert_to_tensor(x), axis, keepdims)
    dtype, compute = _float_dtypes(x)
    out = torch.mean(x, dim=dim, keepdim=keepdim, dtype=compute)
    return _cast(out, dtype)


def var(x, axis=None, keepdims=False):
    x, dim, keepdim = _prepare(convert_to_tensor(x), axis, keepdims)
    dtype, compute = _float_dtypes(x)
    x = _cast(x, compute)
    return _cast(torch.var(x, dim=dim, keepdim=keepdim, correction=0), dtype)


def std(x, axis=None, keepdims=False):
    x, dim, keepdim = _prepare(convert_to_tensor(x), axis, keepdims)
    dtype, compute = _float_dtypes(x)
    x = _cast(x, compute)
    return _cast(torch.std(x, dim=dim, keepdim=keepdim, correction=0), dtype)


def _extremum(reduce, combine, x, axis, keepdims, initial):
    x = convert_to_tensor(x)
    dtype = x.dtype
    x, dim, keepdim = _prepare(_widen(x), axis, keepdims)
    if x.numel() == 0:
        if initial is None:
            raise ValueError(
                f"Cannot compute the {reduce.__name__} of an empty tensor "
                "without `initial`."
            )
        out = torch.sum(x, dim=dim, keepdim=keepdim)
        return torch.full_like(out, initial, dtype=dtype)
    out = reduce(x, dim=() if dim is None else dim, keepdim=keepdim)
    if initial is not None:
        out = combine(out, torch.tensor(initial).to(dtype).to(out.dtype))
    return _cast(out, dtype)


def max(x, axis=None, keepdims=False, initial=None):
    return _extremum(torch.amax, torch.maximum, x, axis, keepdims, initial)


def min(x, axis=None, keepdims=False, initial=None):
    return _extremum(torch.amin, torch.minimum, x, axis, keepdims, initial)


def amax(x, axis=None, keepdims=False):
    return _extremum(torch.amax, None, x, axis, keepdims, None)


def amin(x, axis=None, keepdims=False):
    return _extremum(torch.amin, None, x, axis, keepdims, None)


def ptp(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if x.dtype == torch.bool:
        raise TypeError("`ptp` is not defined for boolean tensors.")
    dtype = x.dtype
    x, dim, keepdim = _prepare(_widen(x), axis, keepdims)
    dim = () if dim is None else dim
    out = torch.amax(x, dim=dim, keepdim=keepdim) - torch.amin(
        x, dim=dim, keepdim=keepdim
    )
    return _cast(out, dtype)


def _as_bool(x):
    # torch reduces uint8 tensors to uint8.
    return x if x.dtype == torch.bool else x.to(torch.bool)


def all(x, axis=None, keepdims=False):
    x, dim, keepdim = _prepare(_as_bool(convert_to_tensor(x)), axis, keepdims)
    return torch.all(x, dim=dim, keepdim=keepdim)


def any(x, axis=None, keepdims=False):
    x, dim, keepdim = _prepare(_as_bool(convert_to_tensor(x)), axis, keepdims)
    return torch.any(x, dim=dim, keepdim=keepdim)


def _arg(fn, x, axis, keepdims):
    x = convert_to_tensor(x)
    if x.dtype == torch.bool:
        x = x.to(torch.uint8)
    out = fn(_widen(x), dim=axis, keepdim=keepdims)
    return out.to(torch.int32)


def argmax(x, axis=None, keepdims=False):
    return _arg(torch.argmax, x, axis, keepdims)


def argmin(x, axis=None, keepdims=False):
    return _arg(torch.argmin, x, axis, keepdims)


def count_nonzero(x, axis=None):
    x, dim, _ = _prepare(convert_to_tensor(x), axis, False)
    return torch.count_nonzero(x, dim=dim).to(torch.int32)


def _cumulative(fn, x, axis, dtype):
    x = convert_to_tensor(x)
    if dtype is None:
        dtype = torch.int32 if x.dtype == torch.bool else x.dtype
    else:
        dtype = to_torch_dtype(dtype)
    if axis is None:
        x, axis = x.reshape(-1), 0
    if dtype in _WIDE_UINTS or x.dtype in _WIDE_UINTS:
        return fn(_widen(x), dim=axis, dtype=torch.int64).to(dtype)
    return fn(x, dim=axis, dtype=dtype)


def cumsum(x, axis=None, dtype=None):
    return _cumulative(torch.cumsum, x, axis, dtype)


def cumprod(x, axis=None, dtype=None):
    return _cumulative(torch.cumprod, x, axis, dtype)


def diff(a, n=1, axis=-1):
    if n < 0:
        raise ValueError(f"`diff`: `n` must be non-negative. Received: n={n}")
    a = convert_to_tensor(a)
    if n == 0:
        return a
    return _cast(torch.diff(_widen(a), n=n, dim=axis), a.dtype)


def _replace_nans(x, value):
    if not x.is_floating_point():
        return x
    return torch.where(torch.isnan(x), value, x)


def nansum(x, axis=None, keepdims=False):
    x = _replace_nans(convert_to_tensor(x), 0)
    return sum(x, axis=axis, keepdims=keepdims)


def nanprod(x, axis=None, keepdims=False):
    x = _replace_nans(convert_to_tensor(x), 1)
    return prod(x, axis=axis, keepdims=keepdims)


def _nan_moments(x, axis, keepdims):
    """Returns (mean, variance) of the non-NaN entries, in float32 for
    16-bit floats; slices of NaNs only give NaN."""
    x, dim, keepdim = _prepare(_cast(x, _float_dtypes(x)[1]), axis, keepdims)
    dim = tuple(range(x.ndim)) if dim is None else dim
    valid = ~torch.isnan(x)
    count = torch.sum(valid, dim=dim, keepdim=True, dtype=x.dtype)
    mean_ = torch.sum(torch.where(valid, x, 0), dim=dim, keepdim=True)
    mean_ = mean_ / count
    sq = torch.where(valid, torch.abs(x - mean_) ** 2, 0)
    var_ = torch.sum(sq, dim=dim, keepdim=True) / count
    if keepdim:
        return mean_, var_
    return mean_.squeeze(dim), var_.squeeze(dim)


def nanmean(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not x.is_floating_point():
        return mean(x, axis=axis, keepdims=keepdims)
    return _cast(_nan_moments(x, axis, keepdims)[0], x.dtype)


def nanvar(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not x.is_floating_point():
        return var(x, axis=axis, keepdims=keepdims)
    return _cast(_nan_moments(x, axis, keepdims)[1], x.dtype)


def nanstd(x, axis=None, keepdims=False):
    x = convert_to_tensor(x)
    if not x.is_floating_point():
        return std(x, axis=axis, keepdims=keepdims)
    return _cast(torch.sqrt(_nan_moments(x, axis, keepdims)[1]), x.dtype)


def _nan_extremum(reduce, fill, x, axis, keepdims):
    x = convert_to_tensor(x)
    if not x.is_floating_point():
        return reduce(x, axis=axis, keepdims=keepdims)
    nan = torch.isnan(x)
    out = reduce(_replace_nans(x, fill), axis=axis, keepdims=keepdims)
    all_nan = all(nan, axis=axis, keepdims=keepdims)
    return torch.where(all_nan, torch.nan, out)


def nanmax(x, axis=None, keepdims=False):
    return _nan_extremum(amax, -torch.inf, x, axis, keepdims)


def nanmin(x, axis=None, keepdims=False):
    return _nan_extremum(amin, torch.inf, x, axis, keepdims)


def _nan_arg(arg, fill, x, axis, keepdims):
    x = convert_to_tensor(x)
    if not x.is_floating_point():
        return arg(x, axis=axis, keepdims=keepdims)
    nan = torch.isnan(x)
    out = arg(_replace_nans(x, fill), axis=axis, keepdims=keepdims)
    all_nan = torch.all(nan, dim=axis, keepdim=keepdims)
    return torch.where(all_nan, -1, out).to(torch.int32)


def nanargmax(x, axis=None, keepdims=False):
    return _nan_arg(argmax, -torch.inf, x, axis, keepdims)


def nanargmin(x, axis=None, keepdims=False):
    return _nan_arg(argmin, torch.inf, x, axis, keepdims)


def nancumsum(x, axis=None, dtype=None):
    x = _replace_nans(convert_to_tensor(x), 0)
    return cumsum(x, axis=axis, dtype=dtype)


def nancumprod(x, axis=None, dtype=None):
    x = _replace_nans(convert_to_tensor(x), 1)
    return cumprod(x, axis=axis, dtype=dtype)
