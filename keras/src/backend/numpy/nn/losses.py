"""One-hot encodings, crossentropies and CTC on NumPy."""

import numpy as np

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.common.ctc import ctc_beam_search
from keras.src.backend.numpy.core import convert_to_tensor
from keras.src.backend.numpy.nn._utils import _float
from keras.src.backend.numpy.nn._utils import _loss_inputs
from keras.src.backend.numpy.nn._utils import _wide
from keras.src.backend.numpy.nn.activations import log_softmax


def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    if sparse:
        raise ValueError("The numpy backend does not support sparse tensors.")
    x = convert_to_tensor(x)
    if x.dtype.kind not in "iu":
        x = x.astype(np.int32)
    axis = axis % (x.ndim + 1)
    shape = [1] * (x.ndim + 1)
    shape[axis] = num_classes
    classes = np.arange(num_classes).reshape(shape)
    hot = np.expand_dims(x, axis) == classes
    return hot.astype(dtypes.standardize_dtype(dtype))


def multi_hot(inputs, num_classes=None, axis=-1, dtype=None, sparse=False,
              **kwargs):
    num_classes = kwargs.pop("num_tokens", num_classes)
    hot = one_hot(inputs, num_classes, axis=axis, dtype=dtype, sparse=sparse)
    return np.max(hot, axis=1 if hot.ndim > 2 else 0)


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    target, output, dtype = _loss_inputs(target, output)
    if from_logits:
        log_probs = log_softmax(output, axis=axis)
    else:
        output = output / np.sum(output, axis=axis, keepdims=True)
        eps = config.epsilon()
        log_probs = np.log(np.clip(output, eps, 1 - eps))
    return (-np.sum(target * log_probs, axis=axis)).astype(dtype)


def sparse_categorical_crossentropy(target, output, from_logits=False,
                                   axis=-1):
    output, dtype = _wide(output)
    target = convert_to_tensor(target)
    if target.ndim == output.ndim and target.shape[-1] == 1:
        target = np.squeeze(target, -1)
    target = target.astype(np.int64)
    output = np.moveaxis(output, axis, -1)
    if from_logits:
        log_probs = log_softmax(output)
    else:
        output = output / np.sum(output, axis=-1, keepdims=True)
        eps = config.epsilon()
        log_probs = np.log(np.clip(output, eps, 1 - eps))
    classes = output.shape[-1]
    index = np.clip(target, 0, classes - 1)[..., None]
    picked = np.take_along_axis(log_probs, index, -1)[..., 0]
    valid = (target >= 0) & (target < classes)
    return np.where(valid, -picked, 0).astype(dtype)


def binary_crossentropy(target, output, from_logits=False):
    target, output, dtype = _loss_inputs(target, output)
    if from_logits:
        loss = np.maximum(output, 0) - output * target
        loss = loss + np.log1p(np.exp(-np.abs(output)))
    else:
        eps = config.epsilon()
        output = np.clip(output, eps, 1 - eps)
        loss = -(target * np.log(output) + (1 - target) * np.log1p(-output))
    return loss.astype(dtype)


def _ctc_dtype(x):
    x = _float(x)
    return x.astype(np.float32) if x.dtype.itemsize < 4 else x


def _ctc_feasible(target, target_length, output_length):
    """Whether each target fits: a repeated label needs a blank between."""
    positions = np.arange(target.shape[1])
    inside = positions[None, 1:] < target_length[:, None]
    repeats = np.sum((target[:, 1:] == target[:, :-1]) & inside, axis=1)
    return target_length + repeats <= output_length


def ctc_loss(target, output, target_length, output_length, mask_index=0):
    output = _ctc_dtype(output)
    log_probs = log_softmax(output, axis=-1)
    target = convert_to_tensor(target).astype(np.int64)
    target_length = convert_to_tensor(target_length).astype(np.int64)
    output_length = convert_to_tensor(output_length).astype(np.int64)
    batch, steps, _ = log_probs.shape
    labels = np.full((batch, 2 * target.shape[1] + 1), mask_index, np.int64)
    labels[:, 1::2] = target
    allowed = np.zeros(labels.shape, bool)
    allowed[:, 3::2] = labels[:, 3::2] != labels[:, 1:-2:2]
    zero = np.asarray(-1e30, log_probs.dtype)
    alpha = np.full(labels.shape, zero)
    alpha[:, :2] = np.take_along_axis(log_probs[:, 0], labels[:, :2], 1)
    for t in range(1, steps):
        previous = np.concatenate([np.full((batch, 1), zero), alpha[:, :-1]], 1)
        skip = np.concatenate([np.full((batch, 2), zero), alpha[:, :-2]], 1)
        skip = np.where(allowed, skip, zero)
        merged = np.logaddexp(np.logaddexp(alpha, previous), skip)
        step = merged + np.take_along_axis(log_probs[:, t], labels, 1)
        alpha = np.where((t < output_length)[:, None], step, alpha)
    last = 2 * target_length
    ends = np.stack([last, np.maximum(last - 1, 0)], 1)
    final = np.take_along_axis(alpha, ends, 1)
    final[:, 1] = np.where(target_length > 0, final[:, 1], zero)
    loss = -np.logaddexp(final[:, 0], final[:, 1])
    feasible = _ctc_feasible(target, target_length, output_length)
    return np.where(feasible, loss, np.inf).astype(output.dtype)


def _greedy_decode(inputs, lengths, merge_repeated, blank):
    batch, steps, _ = inputs.shape
    ids = np.argmax(inputs, axis=-1)
    valid = np.arange(steps)[None, :] < lengths[:, None]
    scores = -np.sum(np.where(valid, np.max(inputs, -1), 0), axis=1)
    keep = valid & (ids != blank)
    if merge_repeated:
        repeated = np.concatenate(
            [np.zeros((batch, 1), bool), ids[:, 1:] == ids[:, :-1]], 1
        )
        keep &= ~repeated
    order = np.argsort(~keep, axis=1, kind="stable")
    packed = np.take_along_axis(ids, order, 1)
    count = np.sum(keep, axis=1, keepdims=True)
    packed = np.where(np.arange(steps)[None, :] < count, packed, -1)
    return packed[None].astype(np.int32), scores[:, None]


def ctc_decode(inputs, sequence_lengths, strategy="greedy", beam_width=100,
               top_paths=1, merge_repeated=True, mask_index=0):
    inputs = _ctc_dtype(inputs)
    lengths = convert_to_tensor(sequence_lengths).astype(np.int64)
    blank = inputs.shape[-1] - 1 if mask_index is None else mask_index
    if strategy == "greedy":
        return _greedy_decode(inputs, lengths, merge_repeated, blank)
    log_probs = log_softmax(inputs, axis=-1)
    return ctc_beam_search(log_probs, lengths, beam_width, top_paths, blank)
