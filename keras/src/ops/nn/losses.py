"""One-hot encodings and the loss ops: cross-entropies and CTC."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import nn_shapes
from keras.src.ops.operation import symbolic_op
from keras.src.ops.shape_rules import shape_of as _shape


@keras_export(["keras.ops.one_hot", "keras.ops.nn.one_hot"])
def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    """One-hot encodes integer class indices.

    Indices outside `[0, num_classes)` give all-zero vectors.

    Args:
        x: an integer tensor of class indices.
        num_classes: the number of classes (the size of the new axis).
        axis: where the new axis goes in the output.
        dtype: the output dtype; floatx by default.
        sparse: whether to return a sparse tensor (TensorFlow only).

    Returns:
        A tensor of rank `x.ndim + 1`.

    Example:

    >>> keras.ops.one_hot([0, 2], 3)
    array([[1., 0., 0.],
           [0., 0., 1.]], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(one_hot, nn_shapes.one_hot_spec, x, num_classes,
                           axis=axis, dtype=dtype, sparse=sparse)
    nn_shapes.check_num_classes("one_hot", num_classes)
    return backend.nn.one_hot(x, num_classes, axis=axis, dtype=dtype,
                              sparse=sparse)


@keras_export(["keras.ops.multi_hot", "keras.ops.nn.multi_hot"])
def multi_hot(inputs, num_classes=None, axis=-1, dtype=None, sparse=False,
              **kwargs):
    """Multi-hot encodes integer class indices: one-hot encodes them, then
    takes the maximum over the token axis (axis 1 of a batched input, axis
    0 of a 1D input).

    Args:
        inputs: an integer tensor, `(batch, tokens)` or `(tokens,)`.
        num_classes: the number of classes (`num_tokens` is accepted too).
        axis: where the class axis goes in the one-hot encoding.
        dtype: the output dtype; floatx by default.
        sparse: whether to return a sparse tensor (TensorFlow only).

    Returns:
        A tensor such as `(batch, num_classes)`.

    Example:

    >>> keras.ops.multi_hot([[0, 2, 2]], 3)
    array([[1., 0., 1.]], dtype=float32)
    """
    num_classes = kwargs.pop("num_tokens", num_classes)
    if kwargs:
        raise TypeError(f"`multi_hot`: unexpected arguments {list(kwargs)}.")
    nn_shapes.check_num_classes("multi_hot", num_classes)
    if any_symbolic_tensors((inputs,)):
        return symbolic_op(multi_hot, nn_shapes.multi_hot_spec, inputs,
                           num_classes, axis=axis, dtype=dtype, sparse=sparse)
    return backend.nn.multi_hot(inputs, num_classes, axis=axis, dtype=dtype,
                                sparse=sparse)


@keras_export(
    [
        "keras.ops.categorical_crossentropy",
        "keras.ops.nn.categorical_crossentropy",
    ]
)
def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """Cross-entropy between one-hot (or soft) targets and predicted class
    distributions.

    Probabilities are rescaled to sum to 1 along `axis` and clipped to
    `[epsilon, 1 - epsilon]` before the logarithm.

    Args:
        target: a tensor of target probabilities.
        output: predictions, shaped like `target`.
        from_logits: whether `output` holds logits instead of
            probabilities.
        axis: the class axis.

    Returns:
        The loss per example: `target`'s shape without `axis`.

    Example:

    >>> keras.ops.categorical_crossentropy([[0.0, 1.0]], [[0.5, 0.5]])
    array([0.6931472], dtype=float32)
    """
    if any_symbolic_tensors((target, output)):
        return symbolic_op(categorical_crossentropy,
                           nn_shapes.categorical_crossentropy_spec, target,
                           output, from_logits=from_logits, axis=axis)
    nn_shapes.check_crossentropy("categorical_crossentropy",
                                 _shape(target), _shape(output),
                                 axis)
    return backend.nn.categorical_crossentropy(
        target, output, from_logits=from_logits, axis=axis
    )


@keras_export(
    [
        "keras.ops.sparse_categorical_crossentropy",
        "keras.ops.nn.sparse_categorical_crossentropy",
    ]
)
def sparse_categorical_crossentropy(target, output, from_logits=False,
                                    axis=-1):
    """Cross-entropy between integer class targets and predicted class
    distributions.

    Targets outside `[0, num_classes)` give a loss of 0.

    Args:
        target: an integer tensor, `output`'s shape without `axis` (a
            trailing axis of size 1 is accepted too).
        output: predictions: probabilities, or logits with `from_logits`.
        from_logits: whether `output` holds logits.
        axis: the class axis of `output`.

    Returns:
        The loss per example, of `output`'s float dtype.

    Example:

    >>> keras.ops.sparse_categorical_crossentropy([1], [[0.5, 0.5]])
    array([0.6931472], dtype=float32)
    """
    if any_symbolic_tensors((target, output)):
        return symbolic_op(sparse_categorical_crossentropy,
                           nn_shapes.sparse_categorical_crossentropy_spec,
                           target, output, from_logits=from_logits, axis=axis)
    nn_shapes.check_sparse_crossentropy(_shape(target),
                                        _shape(output), axis)
    return backend.nn.sparse_categorical_crossentropy(
        target, output, from_logits=from_logits, axis=axis
    )


@keras_export(
    ["keras.ops.binary_crossentropy", "keras.ops.nn.binary_crossentropy"]
)
def binary_crossentropy(target, output, from_logits=False):
    """Elementwise binary cross-entropy.

    Probabilities are clipped to `[epsilon, 1 - epsilon]`; logits use the
    stable form `max(x, 0) - x * t + log(1 + exp(-|x|))`.

    Args:
        target: a tensor of targets in `[0, 1]`.
        output: predictions, shaped like `target`.
        from_logits: whether `output` holds logits.

    Returns:
        The elementwise loss, shaped like `target`.

    Example:

    >>> keras.ops.binary_crossentropy([1.0, 0.0], [0.5, 0.5])
    array([0.6931472, 0.6931472], dtype=float32)
    """
    if any_symbolic_tensors((target, output)):
        return symbolic_op(binary_crossentropy,
                           nn_shapes.binary_crossentropy_spec, target, output,
                           from_logits=from_logits)
    nn_shapes.check_crossentropy("binary_crossentropy", _shape(target),
                                 _shape(output))
    return backend.nn.binary_crossentropy(target, output,
                                          from_logits=from_logits)


@keras_export(["keras.ops.ctc_loss", "keras.ops.nn.ctc_loss"])
def ctc_loss(target, output, target_length, output_length, mask_index=0):
    """Connectionist temporal classification loss: `-log` of the total
    probability of all alignments of `target` with `output`.

    Targets that cannot be aligned (too long for `output_length`) give
    `inf`.

    Args:
        target: integer labels `(batch, max_label_length)`, padded.
        output: logits `(batch, max_length, num_classes)`.
        target_length: the labels' lengths, `(batch,)`.
        output_length: the outputs' lengths, `(batch,)`.
        mask_index: the blank class.

    Returns:
        The loss per example, `(batch,)`, in float32 (float64 for float64
        logits).

    Example:

    >>> logits = np.zeros((1, 2, 2), "float32")
    >>> keras.ops.ctc_loss([[1]], logits, [1], [2])
    array([0.2876821], dtype=float32)
    """
    tensors = (target, output, target_length, output_length)
    if any_symbolic_tensors(tensors):
        return symbolic_op(ctc_loss, nn_shapes.ctc_loss_spec, *tensors,
                           mask_index=mask_index)
    nn_shapes.check_ctc(_shape(target), _shape(output))
    return backend.nn.ctc_loss(*tensors, mask_index=mask_index)


@keras_export(["keras.ops.ctc_decode", "keras.ops.nn.ctc_decode"])
def ctc_decode(inputs, sequence_lengths, strategy="greedy", beam_width=100,
               top_paths=1, merge_repeated=True, mask_index=0):
    """Decodes CTC outputs into label sequences.

    `"greedy"` takes the best class per step, merges repeats (with
    `merge_repeated`) and drops blanks; its score is the negative sum of
    the best logits. `"beam_search"` runs a prefix beam search on the
    log-softmax and scores each path by its log-probability (repeats are
    always merged there, as CTC defines).

    Args:
        inputs: logits `(batch, max_length, num_classes)`.
        sequence_lengths: the inputs' lengths, `(batch,)`.
        strategy: `"greedy"` or `"beam_search"`.
        beam_width: the beam search's width.
        top_paths: how many paths the beam search returns.
        merge_repeated: whether greedy decoding merges repeated classes.
        mask_index: the blank class; `None` means the last class.

    Returns:
        A tuple `(paths, scores)`: int32 paths `(top_paths, batch,
        max_length)` padded with -1, and scores `(batch, top_paths)`.

    Example:

    >>> logits = np.log([[[0.1, 0.9], [0.9, 0.1], [0.1, 0.9]]])
    >>> paths, _ = keras.ops.ctc_decode(logits, [3])
    >>> paths[0]
    array([[ 1,  1, -1]], dtype=int32)
    """
    nn_shapes.check_ctc_decode(_shape(inputs), strategy)
    if any_symbolic_tensors((inputs, sequence_lengths)):
        return symbolic_op(ctc_decode, nn_shapes.ctc_decode_spec, inputs,
                           sequence_lengths, strategy=strategy,
                           beam_width=beam_width, top_paths=top_paths,
                           merge_repeated=merge_repeated,
                           mask_index=mask_index)
    return backend.nn.ctc_decode(
        inputs, sequence_lengths, strategy=strategy, beam_width=beam_width,
        top_paths=top_paths, merge_repeated=merge_repeated,
        mask_index=mask_index,
    )
