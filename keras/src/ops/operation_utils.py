"""Helpers over the graph of operations that symbolic tensors record."""

from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops import nn_shapes
from keras.src.ops import shape_rules
from keras.src.ops.numpy import manipulation_rules


@keras_export("keras.utils.get_source_inputs")
def get_source_inputs(tensor):
    """Returns the input tensors a symbolic tensor was computed from.

    Walks back through the operations recorded in the tensor's history to
    the `keras.Input` tensors it depends on.

    Args:
        tensor: a symbolic `KerasTensor`.

    Returns:
        The list of source input tensors, each once, in the order first
        met. A tensor without history (not symbolic, or not made by an
        operation) is returned unchanged.

    Example:

    >>> a = keras.Input((3,), name="a")
    >>> b = keras.Input((3,), name="b")
    >>> y = keras.layers.Add()([keras.layers.Dense(3)(a), b])
    >>> [x.name for x in keras.utils.get_source_inputs(y)]
    ['a', 'b']
    """
    history = getattr(tensor, "_keras_history", None)
    if history is None:
        return tensor
    operation, node_index, _ = history
    if operation is None or not operation._inbound_nodes:
        return [tensor]
    node = operation._inbound_nodes[node_index]
    if node.is_input:
        return tree.flatten(node.output_tensors)
    sources = []
    for x in node.input_tensors:
        for source in get_source_inputs(x):
            if not any(source is s for s in sources):
                sources.append(source)
    return sources


# Shape helpers at Keras's path (`keras.src.ops.operation_utils`). Each is
# the shape rule the ops use, so layers computing shapes ahead of a call
# agree with the ops they will call.


def _spec_shape(spec, *args, **kwargs):
    return tuple(spec(*args, **kwargs).shape)


def broadcast_shapes(shape1, shape2):
    """Returns the shape two shapes broadcast to.

    Args:
        shape1: a shape (a tuple or list; `None` for unknown dims).
        shape2: another shape.

    Returns:
        The broadcast shape, as a list.

    Example:

    >>> broadcast_shapes((2, 1, 3), (4, 1))
    [2, 4, 3]
    """
    return list(shape_rules.broadcast_shapes(
        "broadcast_shapes", tuple(shape1), tuple(shape2)
    ))


def compute_conv_output_shape(input_shape, filters, kernel_size, strides=1,
                              padding="valid", data_format="channels_last",
                              dilation_rate=1):
    """Returns the output shape of a convolution.

    Args:
        input_shape: the input's shape, batch axis included.
        filters: the number of output channels.
        kernel_size: the kernel's spatial size (an int or a tuple).
        strides: the strides.
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"`.
        dilation_rate: the dilation rate.

    Returns:
        The output shape, a tuple.

    Example:

    >>> compute_conv_output_shape((None, 8, 8, 3), 4, (3, 3), strides=2,
    ...                           padding="same")
    (None, 4, 4, 4)
    """
    input_shape = tuple(input_shape)
    spatial_rank = len(input_shape) - 2
    if isinstance(kernel_size, int):
        kernel_size = (kernel_size,) * spatial_rank
    channel_axis = -1 if data_format == "channels_last" else 1
    kernel_shape = tuple(kernel_size) + (input_shape[channel_axis],
                                         filters)
    return tuple(nn_shapes.conv_output_shape(
        "conv", input_shape, kernel_shape, strides, padding, data_format,
        dilation_rate,
    ))


def compute_expand_dims_output_shape(input_shape, axis):
    """Returns `input_shape` with size-1 axes inserted at `axis`.

    Args:
        input_shape: a shape.
        axis: an int or a tuple of ints.

    Returns:
        The expanded shape, a tuple.

    Example:

    >>> compute_expand_dims_output_shape((2, 3), -1)
    (2, 3, 1)
    """
    return _spec_shape(manipulation_rules.expand_dims_spec,
                       KerasTensor(tuple(input_shape)), axis)


def compute_matmul_output_shape(shape1, shape2):
    """Returns the shape of `matmul` of tensors of these shapes.

    Args:
        shape1: the first operand's shape.
        shape2: the second operand's shape.

    Returns:
        The product's shape, a tuple.

    Example:

    >>> compute_matmul_output_shape((2, 3, 4), (4, 5))
    (2, 3, 5)
    """
    from keras.src.ops.numpy import products

    return _spec_shape(products._matmul_spec, KerasTensor(tuple(shape1)),
                       KerasTensor(tuple(shape2)))


def compute_pooling_output_shape(input_shape, pool_size, strides,
                                 padding="valid",
                                 data_format="channels_last"):
    """Returns the output shape of a pooling.

    Args:
        input_shape: the input's shape, batch axis included.
        pool_size: the window's size (an int or a tuple).
        strides: the strides (`None`: the pool size).
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"`.

    Returns:
        The output shape, a tuple.

    Example:

    >>> compute_pooling_output_shape((None, 9, 9, 3), (2, 2), (2, 2),
    ...                              padding="same")
    (None, 5, 5, 3)
    """
    return tuple(nn_shapes.pool_output_shape(
        "pool", tuple(input_shape), pool_size, strides, padding,
        data_format,
    ))


def compute_reshape_output_shape(input_shape, newshape, newshape_arg_name):
    """Returns the shape `reshape` gives a tensor of `input_shape`.

    Args:
        input_shape: the input's shape (`None` for unknown dims).
        newshape: the target shape; one `-1` is inferred.
        newshape_arg_name: the argument's name, for error messages.

    Returns:
        The output shape, a tuple (`None` where it cannot be known).

    Example:

    >>> compute_reshape_output_shape((6, 4), (-1, 2), "newshape")
    (12, 2)
    """
    validate_reshape_shape(newshape, newshape_arg_name)
    return _spec_shape(manipulation_rules.reshape_spec,
                       KerasTensor(tuple(input_shape)), newshape)


def compute_take_along_axis_output_shape(input_shape, indices_shape, axis):
    """Returns the shape of `take_along_axis` for these shapes.

    Args:
        input_shape: the input's shape.
        indices_shape: the indices' shape.
        axis: the axis taken along (`None`: the flattened input).

    Returns:
        The output shape, a tuple.

    Example:

    >>> compute_take_along_axis_output_shape((2, 3), (2, 1), 1)
    (2, 1)
    """
    from keras.src.ops.numpy import indexing

    return _spec_shape(
        indexing._take_along_axis_spec, KerasTensor(tuple(input_shape)),
        KerasTensor(tuple(indices_shape), dtype="int32"), axis,
    )


def compute_transpose_output_shape(input_shape, axes):
    """Returns the shape of `transpose` with `axes`.

    Args:
        input_shape: the input's shape.
        axes: the permutation (`None` reverses the axes).

    Returns:
        The transposed shape, a tuple.

    Example:

    >>> compute_transpose_output_shape((2, 3, 4), (1, 0, 2))
    (3, 2, 4)
    """
    return _spec_shape(manipulation_rules.transpose_spec,
                       KerasTensor(tuple(input_shape)), axes)


def reduce_shape(shape, axis=None, keepdims=False):
    """Returns `shape` reduced over `axis`.

    Args:
        shape: a shape.
        axis: an int, a tuple of ints, or `None` for all axes.
        keepdims: whether reduced axes stay with size 1.

    Returns:
        The reduced shape, a tuple.

    Example:

    >>> reduce_shape((2, 3, 4), (0, 2), keepdims=True)
    (1, 3, 1)
    """
    return shape_rules.reduce_shape("reduce_shape", tuple(shape), axis,
                                    keepdims)


def validate_reshape_shape(newshape, newshape_arg_name="newshape"):
    """Checks a reshape target: ints, each positive or one `-1`.

    Args:
        newshape: the target shape (an int or a sequence of ints).
        newshape_arg_name: the argument's name, for the error message.

    Raises:
        ValueError: naming the argument, when `newshape` is not valid.

    Example:

    >>> validate_reshape_shape((-1, 2)) is None
    True
    """
    dims = [newshape] if isinstance(newshape, int) else list(newshape)
    bad = [d for d in dims if not isinstance(d, int) or d < -1]
    if bad or sum(d == -1 for d in dims) > 1:
        raise ValueError(
            f"`{newshape_arg_name}` must be ints, each positive, zero or a "
            f"single -1. Received: {newshape_arg_name}={newshape}"
        )
