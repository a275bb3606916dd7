"""One-hot encodings, crossentropies and CTC on JAX."""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.common.ctc import ctc_beam_search
from keras.src.backend.jax.core import convert_to_tensor
from keras.src.backend.jax.nn._utils import _float
from keras.src.backend.jax.nn._utils import _jit
from keras.src.backend.jax.nn._utils import _loss_dtype


def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    if sparse:
        raise ValueError("The jax backend does not support sparse tensors.")
    x = convert_to_tensor(x)
    return _one_hot(x, num_classes, axis % (x.ndim + 1),
                    dtypes.standardize_dtype(dtype))


@_jit("num_classes", "axis", "dtype")
def _one_hot(x, num_classes, axis, dtype):
    if not jnp.issubdtype(x.dtype, jnp.integer):
        x = x.astype(jnp.int32)
    shape = [1] * (x.ndim + 1)
    shape[axis] = num_classes
    classes = jnp.arange(num_classes).reshape(shape)
    return (jnp.expand_dims(x, axis) == classes).astype(dtype)


def multi_hot(inputs, num_classes=None, axis=-1, dtype=None, sparse=False,
              **kwargs):
    num_classes = kwargs.pop("num_tokens", num_classes)
    hot = one_hot(inputs, num_classes, axis=axis, dtype=dtype, sparse=sparse)
    return jnp.max(hot, axis=1 if hot.ndim > 2 else 0)


def _log_probs(output, from_logits, axis, eps):
    if from_logits:
        return jax.nn.log_softmax(output, axis=axis)
    output = output / jnp.sum(output, axis=axis, keepdims=True)
    return jnp.log(jnp.clip(output, eps, 1 - eps))


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    return _categorical_crossentropy(target, output, from_logits, axis,
                                     *_loss_dtype(target, output),
                                     config.epsilon())


@_jit("from_logits", "axis", "dtype", "wide")
def _categorical_crossentropy(target, output, from_logits, axis, dtype, wide,
                              eps):
    target, output = target.astype(wide), output.astype(wide)
    log_probs = _log_probs(output, from_logits, axis, eps)
    return (-jnp.sum(target * log_probs, axis=axis)).astype(dtype)


def sparse_categorical_crossentropy(target, output, from_logits=False,
                                    axis=-1):
    output = _float(output)
    target = convert_to_tensor(target)
    if target.ndim == output.ndim and target.shape[-1] == 1:
        target = jnp.squeeze(target, -1)
    return _sparse_categorical_crossentropy(target, output, from_logits,
                                            axis, config.epsilon())


@_jit("from_logits", "axis")
def _sparse_categorical_crossentropy(target, output, from_logits, axis, eps):
    dtype = output.dtype
    output = jnp.moveaxis(output.astype(_loss_dtype(output)[1]), axis, -1)
    target = target.astype(jnp.int32)
    log_probs = _log_probs(output, from_logits, -1, eps)
    classes = output.shape[-1]
    index = jnp.clip(target, 0, classes - 1)[..., None]
    picked = jnp.take_along_axis(log_probs, index, -1)[..., 0]
    valid = (target >= 0) & (target < classes)
    return jnp.where(valid, -picked, 0).astype(dtype)


def binary_crossentropy(target, output, from_logits=False):
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    return _binary_crossentropy(target, output, from_logits,
                                *_loss_dtype(target, output),
                                config.epsilon())


@_jit("from_logits", "dtype", "wide")
def _binary_crossentropy(target, output, from_logits, dtype, wide, eps):
    target, output = target.astype(wide), output.astype(wide)
    if from_logits:
        loss = jnp.maximum(output, 0) - output * target
        loss = loss + jnp.log1p(jnp.exp(-jnp.abs(output)))
    else:
        output = jnp.clip(output, eps, 1 - eps)
        loss = -(target * jnp.log(output)
                 + (1 - target) * jnp.log1p(-output))
    return loss.astype(dtype)


def _ctc_float(x):
    x = _float(x)
    return x.astype(jnp.float32) if x.dtype.itemsize < 4 else x


def ctc_loss(target, output, target_length, output_length, mask_index=0):
    return _ctc_loss(
        convert_to_tensor(target).astype(jnp.int32),
        _ctc_float(output),
        convert_to_tensor(target_length).astype(jnp.int32),
        convert_to_tensor(output_length).astype(jnp.int32),
        mask_index,
    )


@_jit("mask_index")
def _ctc_loss(target, output, target_length, output_length, mask_index):
    log_probs = jax.nn.log_softmax(output, axis=-1)
    batch = log_probs.shape[0]
    labels = jnp.full((batch, 2 * target.shape[1] + 1), mask_index,
                      jnp.int32)
    labels = labels.at[:, 1::2].set(target)
    allowed = jnp.zeros(labels.shape, bool)
    allowed = allowed.at[:, 3::2].set(labels[:, 3::2] != labels[:, 1:-2:2])
    # A finite log(0) keeps gradients finite; infeasible targets are set to
    # inf at the end.
    zero = jnp.asarray(-1e30, log_probs.dtype)
    emissions = jnp.take_along_axis(log_probs, labels[:, None, :], axis=2)
    first = jnp.where(jnp.arange(labels.shape[1]) < 2, emissions[:, 0], zero)

    def step(alpha, inputs):
        emission, t = inputs
        previous = jnp.pad(alpha[:, :-1], ((0, 0), (1, 0)),
                           constant_values=zero)
        skip = jnp.pad(alpha[:, :-2], ((0, 0), (2, 0)), constant_values=zero)
        skip = jnp.where(allowed, skip, zero)
        merged = jnp.logaddexp(jnp.logaddexp(alpha, previous), skip)
        new = jnp.where((t < output_length)[:, None], merged + emission,
                        alpha)
        return new, None

    steps = jnp.arange(1, log_probs.shape[1])
    alpha, _ = lax.scan(step, first,
                        (jnp.swapaxes(emissions[:, 1:], 0, 1), steps))
    last = 2 * target_length
    end = jnp.take_along_axis(alpha, last[:, None], 1)[:, 0]
    before = jnp.take_along_axis(alpha, jnp.maximum(last - 1, 0)[:, None],
                                 1)[:, 0]
    before = jnp.where(target_length > 0, before, zero)
    loss = -jnp.logaddexp(end, before)
    # A repeated label needs a blank between: infeasible targets cost inf.
    inside = jnp.arange(1, target.shape[1])[None, :] < target_length[:, None]
    repeats = jnp.sum((target[:, 1:] == target[:, :-1]) & inside, axis=1)
    return jnp.where(target_length + repeats <= output_length, loss, jnp.inf)


@_jit("merge_repeated", "blank")
def _greedy_decode(inputs, lengths, merge_repeated, blank):
    batch, steps, _ = inputs.shape
    ids = jnp.argmax(inputs, axis=-1).astype(jnp.int32)
    valid = jnp.arange(steps)[None, :] < lengths[:, None]
    scores = -jnp.sum(jnp.where(valid, jnp.max(inputs, -1), 0), axis=1)
    keep = valid & (ids != blank)
    if merge_repeated:
        repeated = jnp.pad(ids[:, 1:] == ids[:, :-1], ((0, 0), (1, 0)))
        keep = keep & ~repeated
    order = jnp.argsort(~keep, axis=1, stable=True)
    packed = jnp.take_along_axis(ids, order, 1)
    count = jnp.sum(keep, axis=1, keepdims=True)
    packed = jnp.where(jnp.arange(steps)[None, :] < count, packed, -1)
    return packed[None], scores[:, None]


def ctc_decode(inputs, sequence_lengths, strategy="greedy", beam_width=100,
               top_paths=1, merge_repeated=True, mask_index=0):
    inputs = _ctc_float(inputs)
    lengths = convert_to_tensor(sequence_lengths).astype(jnp.int32)
    blank = inputs.shape[-1] - 1 if mask_index is None else mask_index
    if strategy == "greedy":
        return _greedy_decode(inputs, lengths, merge_repeated, blank)
    # Beam search is sequential and data-dependent: it runs on the host,
    # through a callback that also works under `jit`.

    log_probs = jax.nn.log_softmax(inputs, axis=-1)
    batch, steps, _ = inputs.shape
    shapes = (
        jax.ShapeDtypeStruct((top_paths, batch, steps), jnp.int32),
        jax.ShapeDtypeStruct((batch, top_paths), inputs.dtype),
    )

    def search(log_probs, lengths):
        return ctc_beam_search(np.asarray(log_probs), np.asarray(lengths),
                               beam_width, top_paths, blank)

    return jax.pure_callback(search, shapes, log_probs, lengths)
