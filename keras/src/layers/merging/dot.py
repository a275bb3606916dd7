"""`Dot`: the per-sample dot product of two tensors."""

import string

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge
from keras.src.layers.merging.base_merge import check_input_list
from keras.src.layers.merging.base_merge import is_int
from keras.src.layers.merging.base_merge import merged_batch_size


@keras_export("keras.layers.Dot")
class Dot(Merge):
    """Computes the dot product of two tensors, sample by sample.

    For inputs `x1` of shape `(batch, *a)` and `x2` of shape
    `(batch, *b)`, the axis `axes[0]` of `x1` is contracted with the axis
    `axes[1]` of `x2` (both of the same size); the output has shape
    `(batch, *a_rest, *b_rest)`, or `(batch, 1)` when nothing is left.

    Args:
        axes: an int (the same axis of both inputs) or a pair of ints
            (one per input). Negative values count from the last axis;
            the batch axis 0 cannot be contracted.
        normalize: whether to L2-normalize both inputs along the
            contracted axes first, which makes the output the cosine
            similarity.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x1 = keras.ops.ones((2, 3, 4))
    >>> x2 = keras.ops.ones((2, 5, 4))
    >>> keras.layers.Dot(axes=-1)([x1, x2]).shape
    (2, 3, 5)
    """

    _num_inputs = 2

    def __init__(self, axes, normalize=False, **kwargs):
        super().__init__(**kwargs)
        self.axes = _validated_axes(axes)
        if not isinstance(normalize, bool):
            raise TypeError(
                "Dot: argument `normalize` must be a bool. Received: "
                f"normalize={normalize!r}"
            )
        self.normalize = normalize

    def call(self, inputs):
        check_input_list(self, inputs, 2, shapes=False)
        x1, x2 = inputs
        axis1, axis2 = self._resolved_axes(x1.shape, x2.shape)
        if self.normalize:
            x1 = ops.normalize(x1, axis=axis1)
            x2 = ops.normalize(x2, axis=axis2)
        return _batch_dot(x1, x2, axis1, axis2)

    def compute_mask(self, inputs, mask=None):
        return None

    def _output_shape(self, input_shape):
        check_input_list(self, input_shape, 2)
        shape1, shape2 = (tuple(s) for s in input_shape)
        axis1, axis2 = self._resolved_axes(shape1, shape2)
        size1, size2 = shape1[axis1], shape2[axis2]
        if size1 is not None and size2 is not None and size1 != size2:
            raise ValueError(
                f"Layer '{self.name}' (Dot) contracts axis {axis1} of the "
                f"first input with axis {axis2} of the second, which must "
                f"have the same size. Received sizes {size1} and {size2}; "
                f"full input shapes: {shape1}, {shape2}"
            )
        batch = merged_batch_size(self, [shape1, shape2])
        rest = _without(shape1, axis1) + _without(shape2, axis2)
        return (batch,) + (rest or (1,))

    def _resolved_axes(self, shape1, shape2):
        """The contracted axes as non-negative indices into each input."""
        axes = self.axes
        if is_int(axes):
            axes = (axes, axes)
        resolved = []
        for shape, axis in zip((shape1, shape2), axes):
            rank = len(shape)
            if rank < 2:
                raise ValueError(
                    f"Layer '{self.name}' (Dot) expects inputs of rank >= 2 "
                    "(a batch axis and at least one more). Received input "
                    f"shapes {tuple(shape1)} and {tuple(shape2)}"
                )
            if not -rank <= axis < rank or axis % rank == 0:
                raise ValueError(
                    f"Layer '{self.name}' (Dot): `axes` must name a "
                    f"non-batch axis, in [1, {rank}) or [-{rank - 1}, 0) "
                    f"for an input of rank {rank}. Received: "
                    f"axes={self.axes}"
                )
            resolved.append(int(axis) % rank)
        return tuple(resolved)

    def _output_dtype(self, dtypes):
        dtype = backend.result_type(*dtypes)
        if self.normalize and not backend.is_float_dtype(dtype):
            return backend.floatx()
        return dtype

    def get_config(self):
        config = super().get_config()
        config.update({"axes": self.axes, "normalize": self.normalize})
        return config


@keras_export("keras.layers.dot")
def dot(inputs, axes=-1, **kwargs):
    """Computes the per-sample dot product of two tensors (the functional
    form of `Dot`).

    Args:
        inputs: a list of two tensors.
        axes: an int or a pair of ints: the axes to contract.
        **kwargs: arguments of the `Dot` layer (such as `normalize`).

    Returns:
        The dot product of the two inputs.

    Example:

    >>> x1 = keras.ops.ones((2, 4))
    >>> x2 = keras.ops.ones((2, 4))
    >>> keras.layers.dot([x1, x2], axes=1).shape
    (2, 1)
    """
    return Dot(axes=axes, **kwargs)(inputs)


def _validated_axes(axes):
    if is_int(axes):
        return int(axes)
    if not isinstance(axes, (list, tuple)):
        raise TypeError(
            "Dot: argument `axes` must be an int or a list of two ints. "
            f"Received: axes={axes!r}"
        )
    if len(axes) != 2 or not all(is_int(a) for a in axes):
        raise ValueError(
            "Argument `axes` must be an int or a list of two ints. "
            f"Received: axes={axes!r}"
        )
    return type(axes)(int(a) for a in axes)


def _without(shape, axis):
    """`shape` without its batch axis and `axis`."""
    return tuple(d for i, d in enumerate(shape) if i not in (0, axis))


def _batch_dot(x1, x2, axis1, axis2):
    """Contracts `x1`'s `axis1` with `x2`'s `axis2` for each sample: an
    outer product over the remaining axes."""
    letters = iter(string.ascii_letters[2:])
    batch, shared = "a", "b"
    sub1 = [batch] + [
        shared if i == axis1 else next(letters)
        for i in range(1, len(x1.shape))
    ]
    sub2 = [batch] + [
        shared if i == axis2 else next(letters)
        for i in range(1, len(x2.shape))
    ]
    out = [c for c in sub1 + sub2 if c not in (batch, shared)]
    result = ops.einsum(
        f"{''.join(sub1)},{''.join(sub2)}->{batch}{''.join(out)}", x1, x2
    )
    if not out:
        result = ops.expand_dims(result, -1)
    return result


def batch_dot(x, y, axes=None):
    """Per-sample dot product of two batches of tensors.

    Contracts axis `axes[0]` of each sample of `x` with axis `axes[1]` of
    the matching sample of `y`; the remaining axes form an outer product.
    A rank-1 result gets a trailing axis of size 1.

    Args:
        x: a tensor of rank >= 2, batch axis first.
        y: a tensor of rank >= 2 with the same batch size.
        axes: an int (the same axis of both) or a pair of ints. By
            default the last axis of `x` and the second-to-last axis of
            `y` (its last axis when `y` has rank 2).

    Returns:
        The batched dot product.

    Example:

    >>> out = batch_dot(np.ones((2, 3, 4)), np.ones((2, 4, 5)))
    >>> out.shape
    (2, 3, 5)
    """
    x = ops.convert_to_tensor(x)
    y = ops.convert_to_tensor(y)
    x_rank, y_rank = len(x.shape), len(y.shape)
    if x_rank < 2 or y_rank < 2:
        raise ValueError(
            "`batch_dot` requires both inputs to have rank >= 2. Received: "
            f"x.shape={tuple(x.shape)}, y.shape={tuple(y.shape)}"
        )
    if axes is None:
        axes = (x_rank - 1, y_rank - 2 if y_rank > 2 else y_rank - 1)
    elif is_int(axes):
        axes = (int(axes), int(axes))
    axis1, axis2 = (int(a) for a in _validated_axes(list(axes)))
    axis1 = axis1 % x_rank
    axis2 = axis2 % y_rank
    if axis1 == 0 or axis2 == 0:
        raise ValueError(
            "`batch_dot` cannot contract the batch axis. Received: "
            f"axes={axes}"
        )
    return _batch_dot(x, y, axis1, axis2)
