"""Shape manipulation ops: joining, splitting, reshaping, reordering axes.

The shape rules live in `manipulation_rules.py`.
"""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops.numpy import manipulation_rules as _rules
from keras.src.ops.operation import symbolic_op

_concatenate_spec = _rules.concatenate_spec("concatenate")
_hstack_spec = _rules.stacking_spec("hstack", 1)
_vstack_spec = _rules.stacking_spec("vstack", 2)
_dstack_spec = _rules.stacking_spec("dstack", 3)
_split_spec = _rules.split_spec("split")
_array_split_spec = _rules.split_spec("array_split", equal=False)
_hsplit_spec = _rules.split_spec("hsplit", axis_rule=_rules.hsplit_axis)
_vsplit_spec = _rules.split_spec("vsplit", axis_rule=_rules.vsplit_axis)
_dsplit_spec = _rules.split_spec("dsplit", axis_rule=_rules.dsplit_axis)
_flip_spec = _rules.same_shape_spec("flip")
_fliplr_spec = _rules.same_shape_spec("fliplr", rank=2)
_flipud_spec = _rules.same_shape_spec("flipud", rank=1)
_roll_spec = _rules.same_shape_spec("roll")


def _shape(x):
    return _rules.shape_of(x)


@keras_export(["keras.ops.append", "keras.ops.numpy.append"])
def append(x1, x2, axis=None):
    """Appends `x2` to the end of `x1`.

    Args:
        x1: a tensor.
        x2: the values to append.
        axis: the axis to append along; `None` flattens both first.

    Returns:
        A tensor of the promoted dtype of `x1` and `x2`.

    Example:

    >>> keras.ops.append(np.array([1, 2]), np.array([3]))
    array([1, 2, 3])
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(append, _rules.append_spec, x1, x2, axis)
    return backend.numpy.append(x1, x2, axis=axis)


@keras_export(["keras.ops.concatenate", "keras.ops.numpy.concatenate"])
def concatenate(xs, axis=0):
    """Joins tensors along an existing axis.

    Args:
        xs: a list of tensors whose shapes match except along `axis`.
        axis: the axis to join along; `None` flattens the tensors first.

    Returns:
        A tensor of the promoted dtype of `xs`.

    Example:

    >>> keras.ops.concatenate([np.zeros((1, 2)), np.ones((1, 2))]).shape
    (2, 2)
    """
    if any_symbolic_tensors((xs,)):
        return symbolic_op(concatenate, _concatenate_spec, xs, axis)
    return backend.numpy.concatenate(xs, axis=axis)


@keras_export(["keras.ops.stack", "keras.ops.numpy.stack"])
def stack(x, axis=0):
    """Joins tensors of the same shape along a new axis.

    Args:
        x: a list of tensors of the same shape.
        axis: the position of the new axis in the result.

    Returns:
        A tensor with one more axis than the inputs.

    Example:

    >>> keras.ops.stack([np.zeros(3), np.ones(3)], axis=1).shape
    (3, 2)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(stack, _rules.stack_spec, x, axis)
    return backend.numpy.stack(x, axis=axis)


@keras_export(["keras.ops.hstack", "keras.ops.numpy.hstack"])
def hstack(xs):
    """Joins tensors horizontally: along axis 1, or axis 0 for 1-D ones.

    Args:
        xs: a list of tensors.

    Returns:
        A tensor of the promoted dtype of `xs`.

    Example:

    >>> keras.ops.hstack([np.array([1, 2]), np.array([3])])
    array([1, 2, 3])
    """
    if any_symbolic_tensors((xs,)):
        return symbolic_op(hstack, _hstack_spec, xs)
    return backend.numpy.hstack(xs)


@keras_export(["keras.ops.vstack", "keras.ops.numpy.vstack"])
def vstack(xs):
    """Joins tensors vertically, along axis 0; 1-D tensors become rows.

    Args:
        xs: a list of tensors.

    Returns:
        A tensor of rank at least 2.

    Example:

    >>> keras.ops.vstack([np.array([1, 2]), np.array([3, 4])]).shape
    (2, 2)
    """
    if any_symbolic_tensors((xs,)):
        return symbolic_op(vstack, _vstack_spec, xs)
    return backend.numpy.vstack(xs)


@keras_export(["keras.ops.dstack", "keras.ops.numpy.dstack"])
def dstack(xs):
    """Joins tensors in depth, along axis 2.

    1-D tensors of length `n` count as shape `(1, n, 1)`, 2-D tensors of
    shape `(m, n)` as `(m, n, 1)`.

    Args:
        xs: a list of tensors.

    Returns:
        A tensor of rank at least 3.

    Example:

    >>> keras.ops.dstack([np.zeros((2, 3)), np.ones((2, 3))]).shape
    (2, 3, 2)
    """
    if any_symbolic_tensors((xs,)):
        return symbolic_op(dstack, _dstack_spec, xs)
    return backend.numpy.dstack(xs)


@keras_export(["keras.ops.split", "keras.ops.numpy.split"])
def split(x, indices_or_sections, axis=0):
    """Splits a tensor into pieces along an axis.

    Args:
        x: a tensor.
        indices_or_sections: an int `n` (split into `n` equal pieces; the
            axis size must be divisible by `n`) or a list of indices at
            which to cut.
        axis: the axis to split.

    Returns:
        A list of tensors.

    Example:

    >>> [p.shape for p in keras.ops.split(np.zeros(6), [1, 4])]
    [(1,), (3,), (2,)]
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(split, _split_spec, x, indices_or_sections, axis)
    return backend.numpy.split(x, indices_or_sections, axis=axis)


@keras_export(["keras.ops.array_split", "keras.ops.numpy.array_split"])
def array_split(x, indices_or_sections, axis=0):
    """Splits a tensor into pieces that may differ in size.

    Splitting an axis of size `l` into `n` pieces gives `l % n` pieces of
    size `l // n + 1` first, then pieces of size `l // n`.

    Args:
        x: a tensor.
        indices_or_sections: an int (the number of pieces) or a list of
            indices at which to cut.
        axis: the axis to split.

    Returns:
        A list of tensors.

    Example:

    >>> [p.shape for p in keras.ops.array_split(np.zeros(7), 3)]
    [(3,), (2,), (2,)]
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(
            array_split, _array_split_spec, x, indices_or_sections, axis
        )
    return backend.numpy.array_split(x, indices_or_sections, axis=axis)


@keras_export(["keras.ops.hsplit", "keras.ops.numpy.hsplit"])
def hsplit(x, indices_or_sections):
    """Splits a tensor horizontally: along axis 1, or 0 for 1-D tensors.

    Args:
        x: a tensor.
        indices_or_sections: an int (the number of equal pieces) or a list
            of indices at which to cut.

    Returns:
        A list of tensors.

    Example:

    >>> [p.shape for p in keras.ops.hsplit(np.zeros((2, 4)), 2)]
    [(2, 2), (2, 2)]
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(hsplit, _hsplit_spec, x, indices_or_sections)
    return backend.numpy.hsplit(x, indices_or_sections)


@keras_export(["keras.ops.vsplit", "keras.ops.numpy.vsplit"])
def vsplit(x, indices_or_sections):
    """Splits a tensor of rank >= 2 vertically, along axis 0.

    Args:
        x: a tensor of rank >= 2.
        indices_or_sections: an int (the number of equal pieces) or a list
            of indices at which to cut.

    Returns:
        A list of tensors.

    Example:

    >>> [p.shape for p in keras.ops.vsplit(np.zeros((4, 2)), 2)]
    [(2, 2), (2, 2)]
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(vsplit, _vsplit_spec, x, indices_or_sections)
    return backend.numpy.vsplit(x, indices_or_sections)


@keras_export(["keras.ops.dsplit", "keras.ops.numpy.dsplit"])
def dsplit(x, indices_or_sections):
    """Splits a tensor of rank >= 3 in depth, along axis 2.

    Args:
        x: a tensor of rank >= 3.
        indices_or_sections: an int (the number of equal pieces) or a list
            of indices at which to cut.

    Returns:
        A list of tensors.

    Example:

    >>> [p.shape for p in keras.ops.dsplit(np.zeros((1, 2, 4)), 2)]
    [(1, 2, 2), (1, 2, 2)]
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(dsplit, _dsplit_spec, x, indices_or_sections)
    return backend.numpy.dsplit(x, indices_or_sections)


@keras_export(["keras.ops.broadcast_to", "keras.ops.numpy.broadcast_to"])
def broadcast_to(x, shape):
    """Broadcasts a tensor to a shape.

    Args:
        x: a tensor.
        shape: the target shape; each axis of `x` must be 1 or match it.

    Returns:
        A tensor of shape `shape`.

    Example:

    >>> keras.ops.broadcast_to(np.array([1, 2]), (2, 2))
    array([[1, 2],
           [1, 2]], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(broadcast_to, _rules.broadcast_to_spec, x, shape)
    return backend.numpy.broadcast_to(x, shape)


@keras_export(["keras.ops.expand_dims", "keras.ops.numpy.expand_dims"])
def expand_dims(x, axis):
    """Inserts axes of size 1.

    Args:
        x: a tensor.
        axis: the position (or positions, a tuple) of the new axes in the
            result.

    Returns:
        A tensor with `len(axis)` more axes.

    Example:

    >>> keras.ops.expand_dims(np.zeros((2, 3)), -1).shape
    (2, 3, 1)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(expand_dims, _rules.expand_dims_spec, x, axis)
    return backend.numpy.expand_dims(x, axis)


@keras_export(["keras.ops.squeeze", "keras.ops.numpy.squeeze"])
def squeeze(x, axis=None):
    """Removes axes of size 1.

    Args:
        x: a tensor.
        axis: the axis or axes to remove; they must have size 1. `None`
            removes every axis of size 1.

    Returns:
        A tensor with the axes removed.

    Example:

    >>> keras.ops.squeeze(np.zeros((1, 3, 1)), axis=0).shape
    (3, 1)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(squeeze, _rules.squeeze_spec, x, axis)
    return backend.numpy.squeeze(x, axis=axis)


@keras_export(["keras.ops.reshape", "keras.ops.numpy.reshape"])
def reshape(x, newshape):
    """Gives a tensor a new shape with the same number of elements.

    Args:
        x: a tensor.
        newshape: an int or a tuple. One dimension may be -1 (or `None`):
            it is inferred from the others.

    Returns:
        A tensor of shape `newshape`.

    Example:

    >>> keras.ops.reshape(np.arange(6), (3, -1)).shape
    (3, 2)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(reshape, _rules.reshape_spec, x, newshape)
    return backend.numpy.reshape(x, newshape)


@keras_export(["keras.ops.ravel", "keras.ops.numpy.ravel"])
def ravel(x):
    """Flattens a tensor to 1-D, in row-major order.

    Args:
        x: a tensor.

    Returns:
        A 1-D tensor.

    Example:

    >>> keras.ops.ravel(np.array([[1, 2], [3, 4]]))
    array([1, 2, 3, 4], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(ravel, _rules.ravel_spec, x)
    return backend.numpy.ravel(x)


@keras_export(["keras.ops.transpose", "keras.ops.numpy.transpose"])
def transpose(x, axes=None):
    """Permutes the axes of a tensor.

    Args:
        x: a tensor.
        axes: the permutation: axis `i` of the result is axis `axes[i]` of
            `x`. `None` reverses the axes.

    Returns:
        The transposed tensor.

    Example:

    >>> keras.ops.transpose(np.zeros((2, 3, 4)), (1, 0, 2)).shape
    (3, 2, 4)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(transpose, _rules.transpose_spec, x, axes)
    return backend.numpy.transpose(x, axes=axes)


@keras_export(["keras.ops.swapaxes", "keras.ops.numpy.swapaxes"])
def swapaxes(x, axis1, axis2):
    """Swaps two axes of a tensor.

    Args:
        x: a tensor.
        axis1: an axis.
        axis2: the other axis.

    Returns:
        The tensor with the two axes exchanged.

    Example:

    >>> keras.ops.swapaxes(np.zeros((2, 3, 4)), 0, 2).shape
    (4, 3, 2)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(swapaxes, _rules.swapaxes_spec, x, axis1, axis2)
    return backend.numpy.swapaxes(x, axis1, axis2)


@keras_export(["keras.ops.moveaxis", "keras.ops.numpy.moveaxis"])
def moveaxis(x, source, destination):
    """Moves axes of a tensor to new positions; the others keep their order.

    Args:
        x: a tensor.
        source: the axis (or axes) to move.
        destination: their positions in the result.

    Returns:
        The tensor with the axes moved.

    Example:

    >>> keras.ops.moveaxis(np.zeros((2, 3, 4)), 0, -1).shape
    (3, 4, 2)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(
            moveaxis, _rules.moveaxis_spec, x, source, destination
        )
    return backend.numpy.moveaxis(x, source, destination)


@keras_export(["keras.ops.flip", "keras.ops.numpy.flip"])
def flip(x, axis=None):
    """Reverses the order of elements along axes.

    Args:
        x: a tensor.
        axis: the axis or axes to reverse; `None` reverses all of them.

    Returns:
        The flipped tensor.

    Example:

    >>> keras.ops.flip(np.array([1, 2, 3]))
    array([3, 2, 1], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(flip, _flip_spec, x, axis=axis)
    return backend.numpy.flip(x, axis=axis)


@keras_export(["keras.ops.fliplr", "keras.ops.numpy.fliplr"])
def fliplr(x):
    """Reverses the order of columns (axis 1) of a tensor of rank >= 2.

    Args:
        x: a tensor of rank >= 2.

    Returns:
        The flipped tensor.

    Example:

    >>> keras.ops.fliplr(np.array([[1, 2], [3, 4]]))
    array([[2, 1],
           [4, 3]], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(fliplr, _fliplr_spec, x)
    return backend.numpy.fliplr(x)


@keras_export(["keras.ops.flipud", "keras.ops.numpy.flipud"])
def flipud(x):
    """Reverses the order of rows (axis 0) of a tensor.

    Args:
        x: a tensor of rank >= 1.

    Returns:
        The flipped tensor.

    Example:

    >>> keras.ops.flipud(np.array([[1, 2], [3, 4]]))
    array([[3, 4],
           [1, 2]], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(flipud, _flipud_spec, x)
    return backend.numpy.flipud(x)


@keras_export(["keras.ops.rot90", "keras.ops.numpy.rot90"])
def rot90(array, k=1, axes=(0, 1)):
    """Rotates a tensor by 90 degrees in the plane of two axes.

    The rotation goes from the first axis towards the second.

    Args:
        array: a tensor of rank >= 2.
        k: the number of quarter turns; negative values turn the other way.
        axes: the two axes of the plane of rotation.

    Returns:
        The rotated tensor.

    Example:

    >>> keras.ops.rot90(np.array([[1, 2], [3, 4]]))
    array([[2, 4],
           [1, 3]], dtype=int32)
    """
    if any_symbolic_tensors((array,)):
        return symbolic_op(rot90, _rules.rot90_spec, array, k, axes)
    _rules.rot90_axes(_shape(array), axes)
    return backend.numpy.rot90(array, k=k, axes=axes)


@keras_export(["keras.ops.roll", "keras.ops.numpy.roll"])
def roll(x, shift, axis=None):
    """Rolls elements along axes; those leaving one end come back at the
    other.

    Args:
        x: a tensor.
        shift: the number of places to shift (an int, or one per axis).
        axis: the axis or axes to roll; `None` rolls the flattened tensor
            and restores the shape.

    Returns:
        The rolled tensor.

    Example:

    >>> keras.ops.roll(np.array([1, 2, 3]), 1)
    array([3, 1, 2], dtype=int32)
    """
    if any_symbolic_tensors((x, shift)):
        return symbolic_op(roll, _roll_spec, x, shift, axis=axis)
    return backend.numpy.roll(x, shift, axis=axis)


@keras_export(["keras.ops.repeat", "keras.ops.numpy.repeat"])
def repeat(x, repeats, axis=None):
    """Repeats each element of a tensor.

    Args:
        x: a tensor.
        repeats: the number of repetitions: an int, or one per element
            along `axis`.
        axis: the axis along which to repeat; `None` flattens `x` first.

    Returns:
        The tensor with repeated elements.

    Example:

    >>> keras.ops.repeat(np.array([1, 2]), 2)
    array([1, 1, 2, 2], dtype=int32)
    """
    if any_symbolic_tensors((x, repeats)):
        return symbolic_op(repeat, _rules.repeat_spec, x, repeats, axis)
    return backend.numpy.repeat(x, repeats, axis=axis)


@keras_export(["keras.ops.tile", "keras.ops.numpy.tile"])
def tile(x, repeats):
    """Repeats a whole tensor along each axis.

    Args:
        x: a tensor.
        repeats: the number of copies along each axis (an int for the last
            axis). When it is longer than `x`'s rank, `x` gains leading
            axes of size 1.

    Returns:
        The tiled tensor.

    Example:

    >>> keras.ops.tile(np.array([1, 2]), 2)
    array([1, 2, 1, 2], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(tile, _rules.tile_spec, x, repeats)
    return backend.numpy.tile(x, repeats)


@keras_export(["keras.ops.ndim", "keras.ops.numpy.ndim"])
def ndim(x):
    """Returns the number of axes of a tensor.

    Args:
        x: a tensor, `KerasTensor` or array-like value.

    Returns:
        A Python int, also for `KerasTensor`s.

    Example:

    >>> keras.ops.ndim(np.zeros((2, 3)))
    2
    """
    if isinstance(x, KerasTensor):
        return len(x.shape)
    return backend.numpy.ndim(x)


@keras_export(["keras.ops.size", "keras.ops.numpy.size"])
def size(x):
    """Returns the number of elements of a tensor.

    Args:
        x: a tensor, `KerasTensor` or array-like value.

    Returns:
        The count as each backend gives it, as Keras does: a scalar tensor
        on TensorFlow (int32) and torch (int64), a Python int on JAX and
        NumPy. For a `KerasTensor`, a Python int (`None` when dimensions
        are unknown).

    Example:

    >>> int(keras.ops.size(np.zeros((2, 3))))
    6
    """
    if isinstance(x, KerasTensor):
        return _rules.element_count(x.shape)
    return backend.numpy.size(x)


@keras_export(["keras.ops.pad", "keras.ops.numpy.pad"])
def pad(x, pad_width, mode="constant", constant_values=None):
    """Pads a tensor.

    Args:
        x: a tensor.
        pad_width: the padding: one `(before, after)` pair per axis, or one
            pair (or one int) for all axes.
        mode: how to fill the padding, as in NumPy: `"constant"`, `"edge"`,
            `"reflect"`, `"symmetric"`, `"wrap"` (or `"circular"`),
            `"maximum"`, `"minimum"`, `"mean"`, `"median"`,
            `"linear_ramp"` (towards 0) or `"empty"` (zeros here).
        constant_values: the fill value of `"constant"` mode; 0 by default.

    Returns:
        The padded tensor, of the dtype of `x`.

    Example:

    >>> keras.ops.pad(np.array([1, 2]), (1, 2))
    array([0, 1, 2, 0, 0], dtype=int32)
    """
    _rules.check_pad_mode(mode, constant_values)
    if any_symbolic_tensors((x,)):
        return symbolic_op(
            pad, _rules.pad_spec, x, pad_width, mode, constant_values
        )
    return backend.numpy.pad(
        x, pad_width, mode=mode, constant_values=constant_values
    )


@keras_export(["keras.ops.view", "keras.ops.numpy.view"])
def view(x, dtype=None):
    """Reinterprets the bytes of a tensor as another dtype.

    With a dtype of another item size, the last axis is resized so that it
    holds the same bytes.

    Args:
        x: a tensor.
        dtype: the new dtype; `None` keeps the tensor as it is.

    Returns:
        A tensor of dtype `dtype`.

    Example:

    >>> keras.ops.view(np.array([1.0], dtype="float32"), "int32")
    array([1065353216], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(view, _rules.view_spec, x, dtype)
    return backend.numpy.view(x, dtype=dtype)
