"""Keras 2 backend functions that build, reshape, pad and resize tensors
(`K.concatenate`, `K.reshape`, `K.resize_images`, ...)."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export

__all__ = [
    "arange",
    "batch_flatten",
    "concatenate",
    "expand_dims",
    "flatten",
    "gather",
    "one_hot",
    "permute_dimensions",
    "repeat",
    "repeat_elements",
    "reshape",
    "resize_images",
    "resize_volumes",
    "reverse",
    "spatial_2d_padding",
    "spatial_3d_padding",
    "squeeze",
    "stack",
    "temporal_padding",
    "tile",
    "transpose",
]

_EXPORT = "keras._tf_keras.keras.backend."


def _data_format(function_name, data_format):
    data_format = data_format or backend.image_data_format()
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError(
            f"`{function_name}`: `data_format` must be 'channels_first' or "
            f"'channels_last'. Received: data_format={data_format!r}"
        )
    return data_format


@keras_export(_EXPORT + "arange")
def arange(start, stop=None, step=1, dtype="int32"):
    """Evenly spaced values in `[start, stop)`.

    With only `start`, the range is `[0, start)`. Integer bounds give an
    int32 range; float bounds a float range. A `dtype` other than
    `"int32"` casts the result.

    Args:
        start: the first value (or the end, when `stop` is `None`).
        stop: the end, excluded.
        step: the spacing.
        dtype: the result's dtype.

    Returns:
        A 1D tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.arange(3)).tolist()
    [0, 1, 2]
    """
    if stop is None:
        start, stop = 0, start
    bounds = (start, stop, step)
    integral = all(
        isinstance(v, int)
        or (hasattr(v, "dtype") and backend.is_int_dtype(v.dtype))
        for v in bounds
    )
    natural = "int32" if integral else backend.floatx()
    result = ops.arange(start, stop, step, dtype=natural)
    if backend.standardize_dtype(dtype) != "int32":
        result = ops.cast(result, dtype)
    return result


@keras_export(_EXPORT + "concatenate")
def concatenate(tensors, axis=-1):
    """Joins tensors along `axis`.

    Args:
        tensors: a list of tensors.
        axis: the axis to join along.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.concatenate([K.ones((2, 3)), K.ones((2, 1))]))
    (2, 4)
    """
    return ops.concatenate(list(tensors), axis=axis)


@keras_export(_EXPORT + "stack")
def stack(x, axis=0):
    """Stacks tensors of one shape along a new axis.

    Args:
        x: a list of tensors.
        axis: the position of the new axis.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.stack([K.ones((2,)), K.ones((2,))]))
    (2, 2)
    """
    return ops.stack(list(x), axis=axis)


@keras_export(_EXPORT + "reshape")
def reshape(x, shape):
    """Reshapes a tensor; one dimension of `shape` may be -1.

    Args:
        x: a tensor.
        shape: the new shape.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.reshape(K.ones((2, 3)), (3, -1)))
    (3, 2)
    """
    return ops.reshape(x, tuple(shape))


@keras_export(_EXPORT + "permute_dimensions")
def permute_dimensions(x, pattern):
    """Reorders the axes of a tensor.

    Args:
        x: a tensor.
        pattern: the new order of the axes, e.g. `(0, 2, 1)`.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.permute_dimensions(K.ones((1, 2, 3)), (0, 2, 1)))
    (1, 3, 2)
    """
    return ops.transpose(x, axes=tuple(pattern))


@keras_export(_EXPORT + "transpose")
def transpose(x):
    """Reverses the order of the axes of a tensor.

    Args:
        x: a tensor.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.transpose(K.ones((2, 3, 4))))
    (4, 3, 2)
    """
    return ops.transpose(x)


@keras_export(_EXPORT + "flatten")
def flatten(x):
    """Flattens a tensor to 1D.

    Args:
        x: a tensor.

    Returns:
        A 1D tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.flatten(K.ones((2, 3))))
    (6,)
    """
    return ops.reshape(x, (-1,))


@keras_export(_EXPORT + "batch_flatten")
def batch_flatten(x):
    """Flattens each sample: `(batch, ...)` becomes `(batch, n)`.

    Args:
        x: a tensor of at least one axis.

    Returns:
        A 2D tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.batch_flatten(K.ones((2, 3, 4))))
    (2, 12)
    """
    x = ops.convert_to_tensor(x)
    return ops.reshape(x, (x.shape[0], -1))


@keras_export(_EXPORT + "expand_dims")
def expand_dims(x, axis=-1):
    """Adds an axis of length 1 at `axis`.

    Args:
        x: a tensor.
        axis: the position of the new axis.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.expand_dims(K.ones((2, 3))))
    (2, 3, 1)
    """
    return ops.expand_dims(x, axis)


@keras_export(_EXPORT + "squeeze")
def squeeze(x, axis):
    """Removes the axis `axis`, of length 1.

    Args:
        x: a tensor.
        axis: the axis to remove.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.squeeze(K.ones((1, 3)), 0))
    (3,)
    """
    return ops.squeeze(x, axis=axis)


@keras_export(_EXPORT + "tile")
def tile(x, n):
    """Repeats a tensor `n[i]` times along each axis `i`.

    Args:
        x: a tensor.
        n: one repetition count per axis of `x` (an integer for a 1D
            `x`).

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.tile(K.ones((2, 3)), (2, 1)))
    (4, 3)
    """
    x = ops.convert_to_tensor(x)
    n = [n] if isinstance(n, int) else list(n)
    if len(n) != len(x.shape):
        raise ValueError(
            "`K.tile`: `n` must give one repetition count per axis of `x`. "
            f"Received: n={n} for x of shape {tuple(x.shape)}"
        )
    return ops.tile(x, n)


@keras_export(_EXPORT + "repeat")
def repeat(x, n):
    """Repeats a 2D tensor `n` times along a new axis 1:
    `(batch, features)` becomes `(batch, n, features)`.

    Args:
        x: a 2D tensor.
        n: the number of repetitions.

    Returns:
        A 3D tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.repeat(K.ones((2, 3)), 4))
    (2, 4, 3)
    """
    x = ops.convert_to_tensor(x)
    if len(x.shape) != 2:
        raise ValueError(
            "`K.repeat` expects a 2D tensor. Received: x of shape "
            f"{tuple(x.shape)}"
        )
    return ops.repeat(ops.expand_dims(x, 1), n, axis=1)


@keras_export(_EXPORT + "repeat_elements")
def repeat_elements(x, rep, axis):
    """Repeats each element of `x` `rep` times along `axis`.

    Args:
        x: a tensor.
        rep: the number of repetitions.
        axis: the axis to repeat along.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.repeat_elements([[1, 2]], 2, 1)).tolist()
    [[1, 1, 2, 2]]
    """
    return ops.repeat(x, rep, axis=axis)


@keras_export(_EXPORT + "reverse")
def reverse(x, axes):
    """Reverses a tensor along the given axes.

    Args:
        x: a tensor.
        axes: an axis or a list of axes.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.reverse([[1, 2, 3]], 1)).tolist()
    [[3, 2, 1]]
    """
    axes = (axes,) if isinstance(axes, int) else tuple(axes)
    return ops.flip(x, axis=axes)


@keras_export(_EXPORT + "gather")
def gather(reference, indices):
    """Takes the rows of `reference` at `indices` (along axis 0).

    Args:
        reference: a tensor.
        indices: an integer tensor of indices.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.gather([[1, 2], [3, 4]], [1])).tolist()
    [[3, 4]]
    """
    return ops.take(reference, indices, axis=0)


@keras_export(_EXPORT + "one_hot")
def one_hot(indices, num_classes):
    """One-hot encodes integer indices along a new last axis.

    Args:
        indices: an integer tensor.
        num_classes: the length of the new axis.

    Returns:
        A float tensor of shape `indices.shape + (num_classes,)`.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.one_hot([0, 2], 3)).tolist()
    [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]
    """
    return ops.one_hot(indices, num_classes, dtype=backend.floatx())


@keras_export(_EXPORT + "temporal_padding")
def temporal_padding(x, padding=(1, 1)):
    """Pads the middle axis of a 3D tensor with zeros.

    Args:
        x: a 3D tensor `(batch, steps, features)`.
        padding: a pair: zeros before and after.

    Returns:
        A 3D tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.temporal_padding(K.ones((1, 2, 3)), (1, 2)))
    (1, 5, 3)
    """
    if len(padding) != 2:
        raise ValueError(
            "`K.temporal_padding`: `padding` must be a pair. Received: "
            f"padding={padding}"
        )
    return ops.pad(x, [[0, 0], list(padding), [0, 0]])


def _spatial_padding(function_name, x, padding, data_format, rank):
    data_format = _data_format(function_name, data_format)
    padding = [list(p) for p in padding]
    if len(padding) != rank or any(len(p) != 2 for p in padding):
        raise ValueError(
            f"`{function_name}`: `padding` must be {rank} pairs. "
            f"Received: padding={padding}"
        )
    if data_format == "channels_first":
        pad_width = [[0, 0], [0, 0]] + padding
    else:
        pad_width = [[0, 0]] + padding + [[0, 0]]
    return ops.pad(x, pad_width)


@keras_export(_EXPORT + "spatial_2d_padding")
def spatial_2d_padding(x, padding=((1, 1), (1, 1)), data_format=None):
    """Pads the height and width axes of a 4D tensor with zeros.

    Args:
        x: a 4D tensor.
        padding: two pairs: (top, bottom) and (left, right).
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `K.image_data_format()`.

    Returns:
        A 4D tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.spatial_2d_padding(K.ones((1, 2, 2, 1))))
    (1, 4, 4, 1)
    """
    return _spatial_padding("K.spatial_2d_padding", x, padding,
                            data_format, 2)


@keras_export(_EXPORT + "spatial_3d_padding")
def spatial_3d_padding(x, padding=((1, 1), (1, 1), (1, 1)),
                       data_format=None):
    """Pads the depth, height and width axes of a 5D tensor with zeros.

    Args:
        x: a 5D tensor.
        padding: three pairs, one per spatial axis.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `K.image_data_format()`.

    Returns:
        A 5D tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.spatial_3d_padding(K.ones((1, 2, 2, 2, 1))))
    (1, 4, 4, 4, 1)
    """
    return _spatial_padding("K.spatial_3d_padding", x, padding,
                            data_format, 3)


@keras_export(_EXPORT + "resize_images")
def resize_images(x, height_factor, width_factor, data_format,
                  interpolation="nearest"):
    """Upsamples the height and width of a 4D tensor by integer factors.

    Args:
        x: a 4D tensor.
        height_factor: a positive integer.
        width_factor: a positive integer.
        data_format: `"channels_last"` or `"channels_first"`.
        interpolation: `"nearest"` (each pixel repeated), or a method of
            `keras.ops.image.resize` such as `"bilinear"` or `"bicubic"`.

    Returns:
        A 4D tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> x = K.ones((1, 2, 2, 3))
    >>> K.int_shape(K.resize_images(x, 2, 3, "channels_last"))
    (1, 4, 6, 3)
    """
    data_format = _data_format("K.resize_images", data_format)
    x = ops.convert_to_tensor(x)
    rows, cols = (2, 3) if data_format == "channels_first" else (1, 2)
    if interpolation == "nearest":
        x = ops.repeat(x, height_factor, axis=rows)
        return ops.repeat(x, width_factor, axis=cols)
    size = (x.shape[rows] * height_factor, x.shape[cols] * width_factor)
    result = ops.image.resize(
        x, size, interpolation=interpolation, data_format=data_format
    )
    return ops.cast(result, x.dtype)


@keras_export(_EXPORT + "resize_volumes")
def resize_volumes(x, depth_factor, height_factor, width_factor,
                   data_format):
    """Upsamples a 5D tensor by repeating each voxel.

    Args:
        x: a 5D tensor.
        depth_factor: a positive integer.
        height_factor: a positive integer.
        width_factor: a positive integer.
        data_format: `"channels_last"` or `"channels_first"`.

    Returns:
        A 5D tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> x = K.ones((1, 1, 2, 2, 2))
    >>> K.int_shape(K.resize_volumes(x, 2, 1, 1, "channels_first"))
    (1, 1, 4, 2, 2)
    """
    data_format = _data_format("K.resize_volumes", data_format)
    first = 2 if data_format == "channels_first" else 1
    factors = (depth_factor, height_factor, width_factor)
    for offset, factor in enumerate(factors):
        x = ops.repeat(x, factor, axis=first + offset)
    return x
