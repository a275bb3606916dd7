"""Turning integer category ids into one-hot, multi-hot or count vectors.

Shared by `CategoryEncoding`, `Discretization`, `Hashing`, the lookup
layers and `HashedCrossing`. The functions take a backend handle (`b`: a
`DynamicBackend` or a backend package) so that the same code runs with
the active backend and with TensorFlow inside `tf.data`.
"""

ENCODING_MODES = ("one_hot", "multi_hot", "count")


def check_sparse(layer_name, sparse):
    """Rejects `sparse=True`, which this implementation does not offer."""
    if sparse:
        raise ValueError(
            f"`sparse=True` is not supported by {layer_name} in this "
            "implementation; it returns dense outputs. Expected "
            f"sparse=False. Received: sparse={sparse}"
        )


def encoded_shape(input_shape, output_mode, depth):
    """The shape of `encode`'s output for inputs of `input_shape`."""
    input_shape = tuple(input_shape)
    if output_mode == "int":
        return input_shape
    if not input_shape:
        return (depth,)
    if output_mode == "one_hot":
        if len(input_shape) > 1 and input_shape[-1] == 1:
            return input_shape[:-1] + (depth,)
        return input_shape + (depth,)
    return input_shape[:-1] + (depth,)


def encode(b, inputs, output_mode, depth, dtype, count_weights=None):
    """Encodes integer ids `inputs` (values in `[0, depth)`).

    Args:
        b: the backend handle to compute with.
        inputs: an integer tensor.
        output_mode: `"int"`, `"one_hot"`, `"multi_hot"` or `"count"`.
        depth: the number of categories.
        dtype: the output dtype (for the non-`"int"` modes).
        count_weights: optional weights (same shape as `inputs`) summed
            instead of ones in `"count"` mode.

    Returns:
        A tensor: `inputs` itself in `"int"` mode, else an encoding whose
        last axis has size `depth`. Ids outside `[0, depth)` count for
        nothing.
    """
    if output_mode == "int":
        return inputs
    rank = len(inputs.shape)
    if rank == 0:
        inputs = b.numpy.reshape(inputs, (1,))
        rank = 1
    if output_mode == "one_hot":
        if rank > 1 and inputs.shape[-1] == 1:
            inputs = b.numpy.squeeze(inputs, axis=-1)
        return b.nn.one_hot(inputs, depth, dtype=dtype)
    squeeze = rank == 1
    if squeeze:
        inputs = b.numpy.expand_dims(inputs, 0)
    hot = b.nn.one_hot(inputs, depth, dtype=dtype)
    if output_mode == "multi_hot":
        out = b.numpy.max(hot, axis=-2)
    else:
        if count_weights is not None:
            weights = b.cast(count_weights, dtype)
            if squeeze:
                weights = b.numpy.expand_dims(weights, 0)
            hot = b.numpy.multiply(hot, b.numpy.expand_dims(weights, -1))
        out = b.numpy.sum(hot, axis=-2)
    if squeeze:
        out = b.numpy.squeeze(out, axis=0)
    return out
