"""One-hot encodings, crossentropies and CTC on TensorFlow."""

import math

import tensorflow as tf

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.common.ctc import ctc_beam_search
from keras.src.backend.tensorflow.core import convert_to_tensor
from keras.src.backend.tensorflow.nn._utils import _float
from keras.src.backend.tensorflow.nn._utils import _loss_inputs
from keras.src.backend.tensorflow.nn._utils import _move_to_last
from keras.src.backend.tensorflow.nn._utils import _wide


def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    x = convert_to_tensor(x)
    if x.dtype not in (tf.int32, tf.int64):
        x = tf.cast(x, "int32")
    rank = x.shape.rank
    axis = axis % (rank + 1)
    shape = [1] * (rank + 1)
    shape[axis] = num_classes
    classes = tf.reshape(tf.range(num_classes, dtype=x.dtype), shape)
    hot = tf.cast(tf.expand_dims(x, axis) == classes,
                  dtypes.standardize_dtype(dtype))
    return tf.sparse.from_dense(hot) if sparse else hot


def multi_hot(inputs, num_classes=None, axis=-1, dtype=None, sparse=False,
              **kwargs):
    num_classes = kwargs.pop("num_tokens", num_classes)
    hot = one_hot(inputs, num_classes, axis=axis, dtype=dtype)
    hot = tf.reduce_max(hot, axis=1 if hot.shape.rank > 2 else 0)
    return tf.sparse.from_dense(hot) if sparse else hot


def _log_probs(output, from_logits, axis):
    if from_logits:
        return tf.nn.log_softmax(output, axis=axis)
    output = output / tf.reduce_sum(output, axis=axis, keepdims=True)
    eps = config.epsilon()
    return tf.math.log(tf.clip_by_value(output, eps, 1 - eps))


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    target, output, dtype = _loss_inputs(target, output)
    log_probs = _log_probs(output, from_logits, axis)
    return tf.cast(-tf.reduce_sum(target * log_probs, axis=axis), dtype)


def sparse_categorical_crossentropy(target, output, from_logits=False,
                                    axis=-1):
    output, dtype = _wide(output)
    output, _ = _move_to_last(output, axis)
    target = convert_to_tensor(target)
    if target.shape.rank == output.shape.rank and target.shape[-1] == 1:
        target = tf.squeeze(target, -1)
    target = tf.cast(target, "int32")
    log_probs = _log_probs(output, from_logits, -1)
    classes = output.shape[-1]
    index = tf.clip_by_value(target, 0, classes - 1)
    rank = target.shape.rank
    picked = tf.gather(log_probs, index, axis=rank, batch_dims=rank)
    valid = (target >= 0) & (target < classes)
    return tf.cast(tf.where(valid, -picked, tf.zeros_like(picked)), dtype)


def binary_crossentropy(target, output, from_logits=False):
    target, output, dtype = _loss_inputs(target, output)
    if from_logits:
        loss = tf.nn.relu(output) - output * target
        loss = loss + tf.math.log1p(tf.exp(-tf.abs(output)))
    else:
        eps = config.epsilon()
        output = tf.clip_by_value(output, eps, 1 - eps)
        loss = -(target * tf.math.log(output)
                 + (1 - target) * tf.math.log1p(-output))
    return tf.cast(loss, dtype)


def _ctc_float(x):
    x = _float(x)
    return tf.cast(x, "float32") if x.dtype.size < 4 else x


def _ctc_feasible(target, target_length, output_length):
    """Whether each target fits: a repeated label needs a blank between."""
    positions = tf.range(1, tf.shape(target)[1])
    inside = positions[None, :] < target_length[:, None]
    repeated = (target[:, 1:] == target[:, :-1]) & inside
    repeats = tf.reduce_sum(tf.cast(repeated, "int32"), axis=1)
    return target_length + repeats <= output_length


def ctc_loss(target, output, target_length, output_length, mask_index=0):
    # TensorFlow's CTC kernels compute in float32 only.
    output = _ctc_float(output)
    dtype = output.dtype
    output = tf.cast(output, "float32")
    target = tf.cast(convert_to_tensor(target), "int32")
    target_length = tf.cast(convert_to_tensor(target_length), "int32")
    output_length = tf.cast(convert_to_tensor(output_length), "int32")
    loss = tf.nn.ctc_loss(
        labels=target,
        logits=output,
        label_length=target_length,
        logit_length=output_length,
        logits_time_major=False,
        blank_index=mask_index,
    )
    feasible = _ctc_feasible(target, target_length, output_length)
    return tf.cast(tf.where(feasible, loss, math.inf), dtype)


def _greedy_decode(inputs, lengths, merge_repeated, blank):
    steps = tf.shape(inputs)[1]
    ids = tf.argmax(inputs, axis=-1, output_type=tf.int32)
    positions = tf.range(steps)[None, :]
    valid = positions < lengths[:, None]
    best = tf.reduce_max(inputs, axis=-1)
    scores = -tf.reduce_sum(tf.where(valid, best, tf.zeros_like(best)), 1)
    keep = valid & (ids != blank)
    if merge_repeated:
        repeated = tf.pad(ids[:, 1:] == ids[:, :-1], [[0, 0], [1, 0]])
        keep = keep & ~repeated
    order = tf.argsort(tf.cast(~keep, "int32"), axis=1, stable=True)
    packed = tf.gather(ids, order, batch_dims=1)
    count = tf.reduce_sum(tf.cast(keep, "int32"), axis=1, keepdims=True)
    packed = tf.where(positions < count, packed, -1)
    return packed[None], scores[:, None]


def ctc_decode(inputs, sequence_lengths, strategy="greedy", beam_width=100,
               top_paths=1, merge_repeated=True, mask_index=0):
    inputs = _ctc_float(inputs)
    lengths = tf.cast(convert_to_tensor(sequence_lengths), "int32")
    blank = inputs.shape[-1] - 1 if mask_index is None else mask_index
    if strategy == "greedy":
        return _greedy_decode(inputs, lengths, merge_repeated, blank)
    # Beam search is sequential and data-dependent: it runs on the host,
    # through `tf.numpy_function`, which also works in `tf.function`.

    def search(log_probs, lengths):
        return ctc_beam_search(log_probs, lengths, beam_width, top_paths,
                               blank)

    log_probs = tf.nn.log_softmax(inputs, axis=-1)
    paths, scores = tf.numpy_function(search, [log_probs, lengths],
                                      [tf.int32, inputs.dtype])
    paths.set_shape([top_paths, inputs.shape[0], inputs.shape[1]])
    scores.set_shape([inputs.shape[0], top_paths])
    return paths, scores
