"""Runs a `torch.export` program with TensorFlow ops.

A Keras model on torch becomes a TensorFlow SavedModel endpoint in two
steps: `torch.export` records its call as a graph of core ATen ops
(`export.py`), and this module replays that graph node by node inside a
`tf.function`, one small TensorFlow rule per ATen op (`_RULES`).

Sizes stay symbolic: the program reads a dynamic size with
`aten.sym_size.int` and combines sizes with Python's `operator`
functions; here a size is an int32 scalar from `tf.shape`, so the same
functions build the TensorFlow size arithmetic and the batch dimension
stays dynamic in the SavedModel.

Normalization, convolution and pooling rules live in `aten_nn_rules.py`.

An op without a rule raises a `ValueError` naming the op and the Keras
layer it came from.
"""

import math
import operator

import tensorflow as tf
import torch

from keras.src.backend.torch.aten_nn_rules import NN_RULES

aten = torch.ops.aten

_DTYPES = {
    torch.float16: tf.float16,
    torch.bfloat16: tf.bfloat16,
    torch.float32: tf.float32,
    torch.float64: tf.float64,
    torch.int8: tf.int8,
    torch.uint8: tf.uint8,
    torch.int16: tf.int16,
    torch.int32: tf.int32,
    torch.int64: tf.int64,
    torch.bool: tf.bool,
    torch.complex64: tf.complex64,
    torch.complex128: tf.complex128,
}


def tf_dtype(dtype):
    """The TensorFlow dtype of torch dtype `dtype`."""
    if dtype not in _DTYPES:
        raise ValueError(f"No TensorFlow dtype for torch dtype {dtype}.")
    return _DTYPES[dtype]


# -- helpers -----------------------------------------------------------------


def _cast(x, dtype):
    """`x` (tensor, Python number or symbolic size) as a `dtype` tensor."""
    if dtype is None:
        return x if isinstance(x, (tf.Tensor, tf.Variable)) else tf.constant(x)
    dtype = tf_dtype(dtype) if isinstance(dtype, torch.dtype) else dtype
    if isinstance(x, (tf.Tensor, tf.Variable)):
        return x if x.dtype == dtype else tf.cast(x, dtype)
    return tf.cast(tf.constant(x), dtype)


def _size(value):
    """A size or a list of sizes (ints or int32 scalars) for TF ops."""
    if isinstance(value, (list, tuple)):
        if all(isinstance(v, int) for v in value):
            return list(value)
        return tf.stack([_cast(v, tf.int32) for v in value])
    return value if isinstance(value, int) else _cast(value, tf.int32)


def _axes(dims, rank):
    if dims is None or (isinstance(dims, (list, tuple)) and not dims):
        return list(range(rank))
    if isinstance(dims, int):
        dims = [dims]
    return [d % rank for d in dims]


def _out_dtype(out):
    """The torch dtype torch computed for a node's (first) output."""
    if isinstance(out, (list, tuple)):
        out = out[0]
    return getattr(out, "dtype", None)


def _operand_dtype(*values):
    """The dtype torch promotes tensor (and scalar) operands to."""
    tensors = [v for v in values if isinstance(v, (tf.Tensor, tf.Variable))]
    dtype = None
    for t in tensors:
        torch_dtype = _TORCH_DTYPES[t.dtype]
        dtype = torch_dtype if dtype is None else torch.promote_types(
            dtype, torch_dtype
        )
    floats = any(isinstance(v, float) for v in values)
    if dtype is None or (floats and not dtype.is_floating_point):
        return torch.float32 if floats or dtype is None else dtype
    return dtype


_TORCH_DTYPES = {v: k for k, v in _DTYPES.items()}


# -- rules: each takes the node's torch output (`out`, a fake tensor giving
# dtype and shape) followed by the op's own arguments --------------------


def _unary(tf_fn):
    def rule(out, x, *args, **kwargs):
        return tf_fn(_cast(x, _out_dtype(out)))

    return rule


_BOOL_AS_INT = (tf.add, tf.multiply, tf.maximum, tf.minimum)
_BOOL_LOGICAL = {
    tf.bitwise.bitwise_and: tf.logical_and,
    tf.bitwise.bitwise_or: tf.logical_or,
    tf.bitwise.bitwise_xor: tf.math.logical_xor,
}


def _binary(tf_fn, compare=False):
    def rule(out, x, y, *args, alpha=1, **kwargs):
        dtype = _operand_dtype(x, y) if compare else _out_dtype(out)
        if dtype == torch.bool and tf_fn in _BOOL_LOGICAL:
            return _BOOL_LOGICAL[tf_fn](_cast(x, tf.bool), _cast(y, tf.bool))
        if dtype == torch.bool and tf_fn in _BOOL_AS_INT:
            # Torch adds (or) and multiplies (and) booleans; TF does not.
            result = tf_fn(_cast(x, tf.int32), _cast(y, tf.int32))
            return tf.cast(result, tf.bool)
        x, y = _cast(x, dtype), _cast(y, dtype)
        if alpha != 1:
            y = y * _cast(alpha, dtype)
        return tf_fn(x, y)

    return rule


def _trunc(x):
    return tf.where(x < 0, tf.math.ceil(x), tf.floor(x))


def _rsub(out, x, y, alpha=1):
    dtype = _out_dtype(out)
    return _cast(y, dtype) - _cast(x, dtype) * _cast(alpha, dtype)


def _div(out, x, y, rounding_mode=None):
    dtype = _out_dtype(out)
    if rounding_mode is None:
        return tf.math.truediv(_cast(x, dtype), _cast(y, dtype))
    x, y = _cast(x, dtype), _cast(y, dtype)
    if rounding_mode == "floor":
        return tf.math.floordiv(x, y)
    if dtype.is_floating_point:
        return _trunc(x / y)
    return tf.cast(tf.math.truncatediv(x, y), x.dtype)


def _remainder(out, x, y):
    dtype = _out_dtype(out)
    return tf.math.floormod(_cast(x, dtype), _cast(y, dtype))


def _pow(out, x, y):
    dtype = _out_dtype(out)
    return tf.pow(_cast(x, dtype), _cast(y, dtype))


def _where(out, condition, x, y):
    dtype = _out_dtype(out)
    return tf.where(_cast(condition, tf.bool), _cast(x, dtype), _cast(y, dtype))


def _clamp(out, x, min=None, max=None):
    dtype = _out_dtype(out)
    x = _cast(x, dtype)
    if min is not None:
        x = tf.maximum(x, _cast(min, dtype))
    if max is not None:
        x = tf.minimum(x, _cast(max, dtype))
    return x


def _gelu(out, x, approximate="none"):
    return tf.nn.gelu(x, approximate=approximate == "tanh")


def _leaky_relu(out, x, negative_slope=0.01):
    return tf.nn.leaky_relu(x, alpha=negative_slope)


def _hardtanh(out, x, min_val=-1.0, max_val=1.0):
    return tf.clip_by_value(x, min_val, max_val)


def _elu(out, x, alpha=1.0, scale=1.0, input_scale=1.0):
    x = x * input_scale
    return scale * tf.where(x > 0, x, alpha * (tf.exp(x) - 1.0))


def _softplus(out, x, beta=1.0, threshold=20.0):
    scaled = x * beta
    return tf.where(scaled > threshold, x, tf.math.softplus(scaled) / beta)


def _log2(out, x):
    x = _cast(x, _out_dtype(out))
    return tf.math.log(x) / tf.cast(math.log(2.0), x.dtype)


def _softmax(out, x, dim, half_to_float=False):
    return tf.nn.softmax(_cast(x, _out_dtype(out)), axis=dim)


def _log_softmax(out, x, dim, half_to_float=False):
    return tf.nn.log_softmax(_cast(x, _out_dtype(out)), axis=dim)


# Reductions.


def _reduce(tf_fn, cast_input=True):
    def rule(out, x, dim=None, keepdim=False, dtype=None):
        if cast_input:
            x = _cast(x, _out_dtype(out))
        return tf_fn(x, axis=_axes(dim, len(x.shape)), keepdims=keepdim)

    return rule


def _reduce_bool(tf_fn):
    def rule(out, x, dim=None, keepdim=False):
        x = _cast(x, tf.bool)
        return tf_fn(x, axis=_axes(dim, len(x.shape)), keepdims=keepdim)

    return rule


def _max_dim(tf_reduce, tf_arg):
    def rule(out, x, dim, keepdim=False):
        values = tf_reduce(x, axis=dim, keepdims=keepdim)
        indices = tf_arg(x, axis=dim, output_type=tf.int64)
        if keepdim:
            indices = tf.expand_dims(indices, dim)
        return values, indices

    return rule


def _arg(tf_arg):
    def rule(out, x, dim=None, keepdim=False):
        if dim is None:
            return tf_arg(tf.reshape(x, [-1]), axis=0, output_type=tf.int64)
        result = tf_arg(x, axis=dim, output_type=tf.int64)
        return tf.expand_dims(result, dim) if keepdim else result

    return rule


def _var(x, dim, correction, keepdim):
    axes = _axes(dim, len(x.shape))
    mean = tf.reduce_mean(x, axis=axes, keepdims=True)
    squares = tf.reduce_sum(tf.square(x - mean), axis=axes, keepdims=keepdim)
    shape = tf.shape(x)
    count = tf.cast(tf.reduce_prod(tf.gather(shape, axes)), x.dtype)
    correction = 1 if correction is None else correction
    variance = squares / (count - tf.cast(correction, x.dtype))
    return variance, mean if keepdim else tf.squeeze(mean, axes)


def _var_rule(out, x, dim=None, correction=None, keepdim=False):
    return _var(x, dim, correction, keepdim)[0]


def _var_mean_rule(out, x, dim=None, correction=None, keepdim=False):
    return _var(x, dim, correction, keepdim)


def _cumsum(out, x, dim, dtype=None):
    return tf.cumsum(_cast(x, _out_dtype(out)), axis=dim)


def _cumprod(out, x, dim, dtype=None):
    return tf.math.cumprod(_cast(x, _out_dtype(out)), axis=dim)


def _vector_norm(out, x, ord=2, dim=None, keepdim=False, dtype=None):
    x = tf.abs(_cast(x, _out_dtype(out)))
    axes = _axes(dim, len(x.shape))
    if ord == float("inf"):
        return tf.reduce_max(x, axis=axes, keepdims=keepdim)
    if ord == float("-inf"):
        return tf.reduce_min(x, axis=axes, keepdims=keepdim)
    if ord == 0:
        nonzero = tf.cast(tf.not_equal(x, 0), x.dtype)
        return tf.reduce_sum(nonzero, axis=axes, keepdims=keepdim)
    if ord == 1:
        return tf.reduce_sum(x, axis=axes, keepdims=keepdim)
    if ord == 2:
        return tf.sqrt(tf.reduce_sum(x * x, axis=axes, keepdims=keepdim))
    total = tf.reduce_sum(tf.pow(x, ord), axis=axes, keepdims=keepdim)
    return tf.pow(total, 1.0 / ord)


def _sort(out, x, stable=None, dim=-1, descending=False):
    direction = "DESCENDING" if descending else "ASCENDING"
    indices = tf.argsort(x, axis=dim, direction=direction, stable=True)
    values = tf.sort(x, axis=dim, direction=direction)
    return values, tf.cast(indices, tf.int64)


def _topk(out, x, k, dim=-1, largest=True, sorted=True):
    rank = len(x.shape)
    dim = dim % rank
    if dim != rank - 1:
        perm = list(range(rank))
        perm[dim], perm[-1] = perm[-1], perm[dim]
        values, indices = _topk(out, tf.transpose(x, perm), k, -1, largest)
        return tf.transpose(values, perm), tf.transpose(indices, perm)
    values, indices = tf.math.top_k(x if largest else -x, k=k)
    values = values if largest else -values
    return values, tf.cast(indices, tf.int64)


# Linear algebra.


def _mm(out, a, b):
    return tf.matmul(a, b)


def _addmm(out, bias, a, b, beta=1, alpha=1):
    product = tf.matmul(a, b)
    if alpha != 1:
        product = product * alpha
    return product + (bias * beta if beta != 1 else bias)


# Shapes and indexing.


def _view(out, x, size):
    return tf.reshape(x, _size(size))


def _permute(out, x, dims):
    return tf.transpose(x, dims)


def _transpose(out, x, dim0, dim1):
    perm = list(range(len(x.shape)))
    perm[dim0], perm[dim1] = perm[dim1], perm[dim0]
    return tf.transpose(x, perm)


def _t(out, x):
    return tf.transpose(x) if len(x.shape) == 2 else x


def _expand(out, x, size, implicit=False):
    lead = len(size) - len(x.shape)
    shape = tf.shape(x)
    target = [
        shape[i - lead] if isinstance(s, int) and s == -1 else s
        for i, s in enumerate(size)
    ]
    return tf.broadcast_to(x, _size(target))


def _identity(out, x, *args, **kwargs):
    return tf.identity(x)


def _to_copy(out, x, dtype=None, **kwargs):
    return _cast(x, dtype) if dtype is not None else tf.identity(x)


def _copy(out, x, src, non_blocking=False):
    return tf.broadcast_to(_cast(src, x.dtype), tf.shape(x))


def _unsqueeze(out, x, dim):
    return tf.expand_dims(x, dim)


def _squeeze(out, x, dims=None):
    rank = len(x.shape)
    axes = [
        d for d in _axes(dims, rank) if x.shape[d] == 1
    ] if dims is not None else [d for d in range(rank) if x.shape[d] == 1]
    return tf.squeeze(x, axes) if axes else x


def _slice(out, x, dim=0, start=None, end=None, step=1):
    if isinstance(end, int) and end >= 2**31 - 1:
        end = None
    if isinstance(start, int) and start <= -(2**31):
        start = None
    index = [slice(None)] * len(x.shape)
    index[dim] = slice(start, end, step)
    return x[tuple(index)]


def _select(out, x, dim, index):
    indices = [slice(None)] * len(x.shape)
    indices[dim] = index
    return x[tuple(indices)]


def _cat(out, tensors, dim=0):
    dtype = _out_dtype(out)
    tensors = [_cast(t, dtype) for t in tensors]
    # Torch lets empty 1-D tensors join anything; TensorFlow does not.
    kept = [t for t in tensors if not (len(t.shape) == 1 and t.shape[0] == 0)]
    return tf.concat(kept or tensors, axis=dim)


def _split_with_sizes(out, x, split_sizes, dim=0):
    return tf.split(x, _size(split_sizes), axis=dim)


def _split(out, x, split_size, dim=0):
    sizes = [fake.shape[dim] for fake in out]
    return tf.split(x, _size(sizes), axis=dim)


def _unbind(out, x, dim=0):
    return tf.unstack(x, axis=dim)


def _index_select(out, x, dim, index):
    return tf.gather(x, index, axis=dim)


def _embedding(out, weight, indices, *args):
    return tf.gather(weight, indices)


def _gather(out, x, dim, index, sparse_grad=False):
    return tf.experimental.numpy.take_along_axis(x, index, axis=dim)


def _index(out, x, indices):
    # Advanced indexing with a single index tensor at one position (the
    # form `tensor[..., idx]` and `tensor[idx]` produce).
    used = [i for i, v in enumerate(indices) if v is not None]
    if len(used) != 1:
        raise ValueError(
            "aten.index.Tensor with several index tensors cannot be "
            "converted to TensorFlow."
        )
    index = indices[used[0]]
    if index.dtype == tf.bool:
        raise ValueError(
            "Boolean mask indexing (aten.index.Tensor) gives data-dependent "
            "shapes and cannot be converted to TensorFlow."
        )
    return tf.gather(x, index, axis=used[0])


def _repeat(out, x, repeats):
    lead = len(repeats) - len(x.shape)
    x = tf.reshape(x, [1] * lead + list(x.shape)) if lead else x
    return tf.tile(x, _size(repeats))


def _flip(out, x, dims):
    return tf.reverse(x, _axes(dims, len(x.shape)))


def _constant_pad_nd(out, x, pad, value=0):
    rank = len(x.shape)
    paddings = [[0, 0] for _ in range(rank)]
    for i in range(len(pad) // 2):
        paddings[rank - 1 - i] = [pad[2 * i], pad[2 * i + 1]]
    if any(p < 0 for pair in paddings for p in pair):
        raise ValueError("Negative padding cannot be converted to TF.")
    return tf.pad(x, paddings, constant_values=_cast(value, x.dtype))


# Creation.


def _full(out, size, fill_value, dtype=None, **kwargs):
    dtype = _out_dtype(out)
    return tf.fill(_size(size), _cast(fill_value, dtype))


def _full_like(out, x, fill_value, dtype=None, **kwargs):
    return tf.fill(tf.shape(x), _cast(fill_value, _out_dtype(out)))


def _zeros_like(out, x, **kwargs):
    return tf.zeros(tf.shape(x), tf_dtype(_out_dtype(out)))


def _ones_like(out, x, **kwargs):
    return tf.ones(tf.shape(x), tf_dtype(_out_dtype(out)))


def _scalar_tensor(out, value, dtype=None, **kwargs):
    return _cast(value, _out_dtype(out))


def _arange(out, start, end=None, step=1, dtype=None, **kwargs):
    if end is None:
        start, end = 0, start
    return tf.range(start, end, step, dtype=tf_dtype(_out_dtype(out)))


# Symbolic sizes and bookkeeping.


def _sym_size(out, x, dim):
    static = x.shape[dim]
    return static if static is not None else tf.shape(x)[dim]


def _no_op(out, *args, **kwargs):
    return None


def _getitem(out, sequence, index):
    return sequence[index]


def _symbolic(fn):
    def rule(out, *args):
        return fn(*args)

    return rule


def _sym_min_max(tf_fn, py_fn):
    def rule(out, a, b):
        if isinstance(a, int) and isinstance(b, int):
            return py_fn(a, b)
        return tf_fn(_cast(a, tf.int32), _cast(b, tf.int32))

    return rule


_RULES = {
    # Elementwise.
    aten.abs.default: _unary(tf.abs),
    aten.neg.default: _unary(tf.negative),
    aten.exp.default: _unary(tf.exp),
    aten.log.default: _unary(tf.math.log),
    aten.log1p.default: _unary(tf.math.log1p),
    aten.log2.default: _log2,
    aten.expm1.default: _unary(tf.math.expm1),
    aten.sqrt.default: _unary(tf.sqrt),
    aten.rsqrt.default: _unary(tf.math.rsqrt),
    aten.reciprocal.default: _unary(tf.math.reciprocal),
    aten.sin.default: _unary(tf.sin),
    aten.cos.default: _unary(tf.cos),
    aten.tan.default: _unary(tf.tan),
    aten.tanh.default: _unary(tf.tanh),
    aten.atan.default: _unary(tf.atan),
    aten.sigmoid.default: _unary(tf.sigmoid),
    aten.erf.default: _unary(tf.math.erf),
    aten.floor.default: _unary(tf.floor),
    aten.ceil.default: _unary(tf.math.ceil),
    aten.round.default: _unary(tf.round),
    aten.trunc.default: _unary(_trunc),
    aten.sign.default: _unary(tf.sign),
    aten.relu.default: _unary(tf.nn.relu),
    aten.logical_not.default: _unary(tf.logical_not),
    aten.bitwise_not.default: _unary(tf.bitwise.invert),
    aten.isnan.default: lambda out, x: tf.math.is_nan(x),
    aten.isinf.default: lambda out, x: tf.math.is_inf(x),
    aten.gelu.default: _gelu,
    aten.leaky_relu.default: _leaky_relu,
    aten.hardtanh.default: _hardtanh,
    aten.elu.default: _elu,
    aten.softplus.default: _softplus,
    aten.clamp.default: _clamp,
    aten.clamp.Tensor: _clamp,
    aten.pow.Tensor_Scalar: _pow,
    aten.pow.Tensor_Tensor: _pow,
    aten.pow.Scalar: _pow,
    aten.add.Tensor: _binary(tf.add),
    aten.add.Scalar: _binary(tf.add),
    aten.sub.Tensor: _binary(tf.subtract),
    aten.sub.Scalar: _binary(tf.subtract),
    aten.rsub.Scalar: _rsub,
    aten.rsub.Tensor: _rsub,
    aten.mul.Tensor: _binary(tf.multiply),
    aten.mul.Scalar: _binary(tf.multiply),
    aten.div.Tensor: _div,
    aten.div.Scalar: _div,
    aten.div.Tensor_mode: _div,
    aten.remainder.Tensor: _remainder,
    aten.remainder.Scalar: _remainder,
    aten.maximum.default: _binary(tf.maximum),
    aten.minimum.default: _binary(tf.minimum),
    aten.atan2.default: _binary(tf.atan2),
    aten.eq.Tensor: _binary(tf.equal, compare=True),
    aten.eq.Scalar: _binary(tf.equal, compare=True),
    aten.ne.Tensor: _binary(tf.not_equal, compare=True),
    aten.ne.Scalar: _binary(tf.not_equal, compare=True),
    aten.lt.Tensor: _binary(tf.less, compare=True),
    aten.lt.Scalar: _binary(tf.less, compare=True),
    aten.le.Tensor: _binary(tf.less_equal, compare=True),
    aten.le.Scalar: _binary(tf.less_equal, compare=True),
    aten.gt.Tensor: _binary(tf.greater, compare=True),
    aten.gt.Scalar: _binary(tf.greater, compare=True),
    aten.ge.Tensor: _binary(tf.greater_equal, compare=True),
    aten.ge.Scalar: _binary(tf.greater_equal, compare=True),
    aten.logical_and.default: _binary(tf.logical_and),
    aten.logical_or.default: _binary(tf.logical_or),
    aten.logical_xor.default: _binary(tf.math.logical_xor),
    aten.bitwise_and.Tensor: _binary(tf.bitwise.bitwise_and),
    aten.bitwise_and.Scalar: _binary(tf.bitwise.bitwise_and),
    aten.bitwise_or.Tensor: _binary(tf.bitwise.bitwise_or),
    aten.bitwise_or.Scalar: _binary(tf.bitwise.bitwise_or),
    aten.bitwise_xor.Tensor: _binary(tf.bitwise.bitwise_xor),
    aten.bitwise_xor.Scalar: _binary(tf.bitwise.bitwise_xor),
    aten.where.self: _where,
    aten._softmax.default: _softmax,
    aten._log_softmax.default: _log_softmax,
    # Reductions.
    aten.sum.dim_IntList: _reduce(tf.reduce_sum),
    aten.sum.default: _reduce(tf.reduce_sum),
    aten.mean.dim: _reduce(tf.reduce_mean),
    aten.mean.default: _reduce(tf.reduce_mean),
    aten.prod.dim_int: _reduce(tf.reduce_prod),
    aten.amax.default: _reduce(tf.reduce_max, cast_input=False),
    aten.amin.default: _reduce(tf.reduce_min, cast_input=False),
    aten.any.dim: _reduce_bool(tf.reduce_any),
    aten.any.dims: _reduce_bool(tf.reduce_any),
    aten.any.default: _reduce_bool(tf.reduce_any),
    aten.all.dim: _reduce_bool(tf.reduce_all),
    aten.all.default: _reduce_bool(tf.reduce_all),
    aten.max.dim: _max_dim(tf.reduce_max, tf.argmax),
    aten.min.dim: _max_dim(tf.reduce_min, tf.argmin),
    aten.argmax.default: _arg(tf.argmax),
    aten.argmin.default: _arg(tf.argmin),
    aten.var.correction: _var_rule,
    aten.var_mean.correction: _var_mean_rule,
    aten.cumsum.default: _cumsum,
    aten.cumprod.default: _cumprod,
    aten.linalg_vector_norm.default: _vector_norm,
    aten.sort.default: _sort,
    aten.sort.stable: _sort,
    aten.topk.default: _topk,
    # Linear algebra.
    aten.mm.default: _mm,
    aten.bmm.default: _mm,
    aten.addmm.default: _addmm,
    # Shapes and indexing.
    aten.view.default: _view,
    aten._unsafe_view.default: _view,
    aten.reshape.default: _view,
    aten.permute.default: _permute,
    aten.transpose.int: _transpose,
    aten.t.default: _t,
    aten.expand.default: _expand,
    aten.clone.default: _identity,
    aten.alias.default: _identity,
    aten.detach.default: _identity,
    aten.lift_fresh_copy.default: _identity,
    aten._to_copy.default: _to_copy,
    aten.copy.default: _copy,
    aten.unsqueeze.default: _unsqueeze,
    aten.squeeze.dims: _squeeze,
    aten.squeeze.dim: _squeeze,
    aten.squeeze.default: _squeeze,
    aten.slice.Tensor: _slice,
    aten.select.int: _select,
    aten.cat.default: _cat,
    aten.split_with_sizes.default: _split_with_sizes,
    aten.split.Tensor: _split,
    aten.unbind.int: _unbind,
    aten.index_select.default: _index_select,
    aten.embedding.default: _embedding,
    aten.gather.default: _gather,
    aten.index.Tensor: _index,
    aten.repeat.default: _repeat,
    aten.flip.default: _flip,
    aten.constant_pad_nd.default: _constant_pad_nd,
    # Creation.
    aten.full.default: _full,
    aten.full_like.default: _full_like,
    aten.zeros_like.default: _zeros_like,
    aten.ones_like.default: _ones_like,
    aten.scalar_tensor.default: _scalar_tensor,
    aten.arange.start_step: _arange,
    aten.arange.start: _arange,
    aten.arange.default: _arange,
    # Sizes and bookkeeping.
    aten.sym_size.int: _sym_size,
    aten._assert_tensor_metadata.default: _no_op,
    aten._assert_scalar.default: _no_op,
    aten.sym_constrain_range_for_size.default: _no_op,
    aten._assert_async.msg: _no_op,
    operator.getitem: _getitem,
    operator.add: _symbolic(operator.add),
    operator.sub: _symbolic(operator.sub),
    operator.mul: _symbolic(operator.mul),
    operator.floordiv: _symbolic(operator.floordiv),
    operator.truediv: _symbolic(operator.truediv),
    operator.mod: _symbolic(operator.mod),
    operator.neg: _symbolic(operator.neg),
    torch.sym_max: _sym_min_max(tf.maximum, max),
    torch.sym_min: _sym_min_max(tf.minimum, min),
}


_RULES.update(NN_RULES)


def supported_ops():
    """The ATen ops (and size functions) that have a TensorFlow rule."""
    return tuple(_RULES)


def unsupported_error(node, layer=None):
    """The `ValueError` for graph node `node`, whose op has no rule."""
    where = f" (in layer {layer!r})" if layer else ""
    return ValueError(
        f"Cannot export this model from the torch backend to a TensorFlow "
        f"SavedModel: the ATen op `{node.target}`{where} has no TensorFlow "
        "equivalent here. Export it with `format=\"onnx\"` instead, or "
        "export it from the TensorFlow or JAX backend."
    )


def unsupported_node(graph_module):
    """The first node of the graph whose op has no rule, or `None`."""
    for node in graph_module.graph.nodes:
        if node.op == "call_function" and node.target not in _RULES:
            return node
    return None


def run_graph(graph_module, inputs):
    """Computes `graph_module`'s outputs with TensorFlow ops.

    Args:
        graph_module: the `torch.fx.GraphModule` of an exported program,
            decomposed to core ATen.
        inputs: a dict from placeholder name to the TensorFlow value
            (tensor or variable) it stands for.

    Returns:
        The list of the graph's outputs as TensorFlow tensors.
    """
    env = {}

    def read(arg):
        if isinstance(arg, torch.fx.Node):
            return env[arg.name]
        if isinstance(arg, (list, tuple)):
            return type(arg)(read(a) for a in arg)
        if isinstance(arg, dict):
            return {k: read(v) for k, v in arg.items()}
        if isinstance(arg, torch.dtype):
            return arg
        return arg

    for node in graph_module.graph.nodes:
        if node.op == "placeholder":
            env[node.name] = inputs[node.name]
        elif node.op == "call_function":
            rule = _RULES.get(node.target)
            if rule is None:
                raise unsupported_error(node)
            kwargs = {
                k: v for k, v in read(node.kwargs).items()
                if k not in ("device", "layout", "pin_memory", "memory_format")
            }
            env[node.name] = rule(
                node.meta.get("val"), *read(node.args), **kwargs
            )
        elif node.op == "output":
            return list(read(node.args[0]))
        else:
            raise ValueError(
                f"Cannot convert graph node {node.name!r} of kind "
                f"{node.op!r} to TensorFlow."
            )
    raise ValueError("The exported graph has no output node.")
