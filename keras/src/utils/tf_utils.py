"""TensorFlow helpers of the preprocessing layers.

These functions take and return TensorFlow tensors (dense, ragged or
sparse) whatever the active backend: preprocessing layers run them inside
`tf.data` pipelines. TensorFlow is imported on first use, through
`module_utils.tensorflow`, never when Keras is imported.
"""

from keras.src.utils.module_utils import tensorflow as tf


def is_ragged_tensor(x):
    """Whether `x` is a `tf.RaggedTensor`.

    Args:
        x: any value.

    Returns:
        A bool (`False` for non-TensorFlow values).

    Example:

    >>> import tensorflow as tf
    >>> from keras.src.utils.tf_utils import is_ragged_tensor
    >>> is_ragged_tensor(tf.ragged.constant([[1], [2, 3]]))
    True
    """
    return "ragged_tensor" in type(x).__module__ and (
        type(x).__name__ == "RaggedTensor"
    )


def _is_sparse(x):
    return type(x).__name__ == "SparseTensor"


def ensure_tensor(inputs, dtype=None):
    """Converts `inputs` to a TensorFlow tensor of `dtype`.

    Ragged and sparse tensors keep their kind; tensors already of `dtype`
    are returned as they are.

    Args:
        inputs: a tensor, array or nested list.
        dtype: optional dtype to convert or cast to.

    Returns:
        A TensorFlow tensor (dense, ragged or sparse).

    Example:

    >>> from keras.src.utils.tf_utils import ensure_tensor
    >>> ensure_tensor([1.5, 2.0], dtype="int32").numpy().tolist()
    [1, 2]
    """
    if not (tf.is_tensor(inputs) or is_ragged_tensor(inputs)
            or _is_sparse(inputs)):
        if dtype is None:
            inputs = tf.convert_to_tensor(inputs)
        else:
            # Convert first: `tf.convert_to_tensor(1.5, "int32")` refuses
            # the float, a cast truncates it.
            inputs = tf.cast(tf.convert_to_tensor(inputs), dtype)
    if dtype is not None and inputs.dtype != tf.as_dtype(dtype):
        inputs = tf.cast(inputs, dtype)
    return inputs


def expand_dims(inputs, axis):
    """`tf.expand_dims` that also accepts sparse tensors.

    Args:
        inputs: a dense, ragged or sparse TensorFlow tensor.
        axis: where to insert the new dimension.

    Returns:
        The tensor with one more dimension, of the same kind.

    Example:

    >>> import tensorflow as tf
    >>> from keras.src.utils.tf_utils import expand_dims
    >>> expand_dims(tf.constant([1, 2]), -1).shape
    TensorShape([2, 1])
    """
    if _is_sparse(inputs):
        return tf.sparse.expand_dims(inputs, axis)
    return tf.expand_dims(inputs, axis)


def get_tensor_spec(t, dynamic_batch=False, name=None):
    """Returns the `tf.TypeSpec` of a tensor, array or spec.

    Args:
        t: a TensorFlow tensor (dense, ragged or sparse), a NumPy array or
            a `tf.TypeSpec`.
        dynamic_batch: whether to make the first dimension `None`.
        name: the name of a returned `tf.TensorSpec`.

    Returns:
        A `tf.TypeSpec`, or `None` when `t` has none.

    Example:

    >>> import numpy as np
    >>> from keras.src.utils.tf_utils import get_tensor_spec
    >>> get_tensor_spec(np.ones((2, 3), "float32"), dynamic_batch=True)
    TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)
    """
    if isinstance(t, tf.TypeSpec):
        spec = t
    elif hasattr(t, "shape") and hasattr(t, "dtype"):
        try:
            spec = tf.type_spec_from_value(t)
        except TypeError:
            spec = tf.TensorSpec(t.shape, t.dtype)
    else:
        return None
    if not isinstance(spec, tf.TensorSpec) and not dynamic_batch:
        return spec
    shape = spec.shape
    if dynamic_batch and shape.rank:
        shape = tf.TensorShape([None] + shape.as_list()[1:])
    if isinstance(spec, tf.TensorSpec):
        return tf.TensorSpec(shape, spec.dtype, name=name or spec.name)
    if isinstance(spec, tf.SparseTensorSpec):
        return tf.SparseTensorSpec(shape, spec.dtype)
    if isinstance(spec, tf.RaggedTensorSpec):
        return tf.RaggedTensorSpec(
            shape, spec.dtype, spec.ragged_rank, spec.row_splits_dtype
        )
    return spec


def dense_bincount(inputs, depth, binary_output, dtype, count_weights=None):
    """Counts each value in `[0, depth)` per sample, as a dense tensor.

    Args:
        inputs: an int tensor of rank 1 (one sample) or 2 (a batch).
        depth: the number of bins.
        binary_output: whether to output 1 for present values instead of
            counts.
        dtype: the dtype of the result.
        count_weights: optional weights of `inputs`' shape, summed instead
            of counting 1 per value.

    Returns:
        A tensor of shape `(depth,)` or `(batch, depth)`.

    Example:

    >>> import tensorflow as tf
    >>> from keras.src.utils.tf_utils import dense_bincount
    >>> dense_bincount(tf.constant([1, 2, 2]), 4, False, "int32").numpy()
    array([0, 1, 2, 0], dtype=int32)
    """
    result = tf.math.bincount(
        inputs,
        weights=count_weights,
        minlength=depth,
        maxlength=depth,
        dtype=dtype,
        axis=-1,
        binary_output=binary_output,
    )
    result = tf.cast(result, dtype)
    if inputs.shape.rank == 1:
        result.set_shape(tf.TensorShape((depth,)))
    else:
        result.set_shape(tf.TensorShape((inputs.shape[0], depth)))
    return result


def sparse_bincount(inputs, depth, binary_output, dtype, count_weights=None):
    """Counts each value in `[0, depth)` per sample, as a `tf.SparseTensor`.

    Args:
        inputs: an int tensor of rank 1 (one sample) or 2 (a batch).
        depth: the number of bins.
        binary_output: whether to output 1 for present values instead of
            counts.
        dtype: the dtype of the result's values.
        count_weights: optional weights of `inputs`' shape, summed instead
            of counting 1 per value.

    Returns:
        A `tf.SparseTensor` of dense shape `(depth,)` or `(batch, depth)`.

    Example:

    >>> import tensorflow as tf
    >>> from keras.src.utils.tf_utils import sparse_bincount
    >>> counts = sparse_bincount(tf.constant([1, 2, 2]), 4, False, "int32")
    >>> tf.sparse.to_dense(counts).numpy()
    array([0, 1, 2, 0], dtype=int32)
    """
    result = tf.sparse.bincount(
        inputs,
        weights=count_weights,
        minlength=depth,
        maxlength=depth,
        axis=-1,
        binary_output=binary_output,
    )
    result = tf.cast(result, dtype)
    if inputs.shape.rank == 1:
        dense_shape = (depth,)
    else:
        batch = inputs.shape[0]
        if batch is None:
            batch = tf.shape(inputs, out_type="int64")[0]
        dense_shape = (batch, depth)
    return tf.SparseTensor(
        indices=result.indices,
        values=result.values,
        dense_shape=tf.cast(tf.stack(dense_shape), "int64"),
    )


def tf_encode_categorical_inputs(inputs, output_mode, depth, dtype="float32",
                                 sparse=False, count_weights=None,
                                 idf_weights=None):
    """Encodes integer category indices as `CategoryEncoding` does.

    Args:
        inputs: an int tensor of rank 0, 1 or 2 (dense or ragged).
        output_mode: `"int"` (cast only), `"one_hot"` (one vector per
            value: a last dimension of size 1 is replaced, else one is
            added), `"multi_hot"` (1 for each value in a sample),
            `"count"` (how often each value occurs) or `"tf_idf"` (counts
            times `idf_weights`). Other modes count.
        depth: the number of categories.
        dtype: the dtype of the result.
        sparse: whether to return a `tf.SparseTensor`.
        count_weights: optional weights summed instead of counts
            (`"count"` mode).
        idf_weights: the inverse document frequency of each category, of
            shape `(depth,)` (`"tf_idf"` mode).

    Returns:
        A tensor of shape `(depth,)` or `(batch, depth)` (`"int"`: of
        `inputs`' shape).

    Example:

    >>> import tensorflow as tf
    >>> from keras.src.utils.tf_utils import tf_encode_categorical_inputs
    >>> tf_encode_categorical_inputs(
    ...     tf.constant([[1, 2, 2]]), "count", 4).numpy()
    array([[0., 1., 2., 0.]], dtype=float32)
    """
    if output_mode == "int":
        return tf.identity(tf.cast(inputs, dtype))
    original_shape = inputs.shape
    if inputs.shape.rank == 0:
        inputs = expand_dims(inputs, -1)
    if output_mode == "one_hot" and inputs.shape[-1] != 1:
        inputs = expand_dims(inputs, -1)
    if inputs.shape.rank > 2:
        raise ValueError(
            "When output_mode is not `'int'`, maximum supported output "
            f"rank is 2. Received output_mode {output_mode} and input "
            f"shape {original_shape}, which would result in output rank "
            f"{inputs.shape.rank}."
        )
    binary_output = output_mode in ("one_hot", "multi_hot")
    bincount = sparse_bincount if sparse else dense_bincount
    if binary_output:
        return bincount(inputs, depth, True, dtype)
    counts = bincount(inputs, depth, False, dtype,
                      count_weights=count_weights)
    if output_mode != "tf_idf":
        return counts
    if idf_weights is None:
        raise ValueError(
            "`tf_encode_categorical_inputs`: `idf_weights` are required "
            "when output_mode='tf_idf'. Received: idf_weights=None"
        )
    idf_weights = tf.cast(idf_weights, dtype)
    if sparse:
        return tf.SparseTensor(
            counts.indices,
            counts.values * tf.gather(idf_weights, counts.indices[:, -1]),
            counts.dense_shape,
        )
    return counts * idf_weights
