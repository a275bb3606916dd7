"""`Concatenate`: joins a list of tensors along one axis."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge
from keras.src.layers.merging.base_merge import check_input_list
from keras.src.layers.merging.base_merge import check_masks
from keras.src.layers.merging.base_merge import is_int


@keras_export("keras.layers.Concatenate")
class Concatenate(Merge):
    """Concatenates a list of tensors along one axis.

    The inputs must have the same rank and the same sizes on every other
    axis (an unknown size matches any). Masks are concatenated too (a
    missing mask counts as all true) and reduced over the last axis of
    the inputs, so a feature-axis concatenation keeps a timestep wherever
    any input keeps it.

    Args:
        axis: the axis to concatenate along (default: the last).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x1 = keras.ops.ones((2, 3))
    >>> x2 = keras.ops.ones((2, 4))
    >>> keras.layers.Concatenate()([x1, x2]).shape
    (2, 7)
    """

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        if not is_int(axis):
            raise TypeError(
                f"Concatenate: argument `axis` must be an integer. "
                f"Received: axis={axis!r}"
            )
        self.axis = int(axis)

    def call(self, inputs):
        check_input_list(self, inputs, shapes=False)
        return ops.concatenate(list(inputs), axis=self.axis)

    def compute_mask(self, inputs, mask=None):
        masks = check_masks(inputs, mask)
        if masks is None:
            return None
        expanded = []
        for x, m in zip(inputs, masks):
            if m is None:
                m = ops.ones_like(ops.take(x, 0, axis=-1), dtype="bool")
            m = ops.cast(m, "bool")
            if len(m.shape) < len(x.shape):
                m = ops.expand_dims(m, -1)
            expanded.append(m)
        joined = ops.concatenate(expanded, axis=self.axis)
        return ops.any(joined, axis=-1)

    def _output_shape(self, input_shape):
        check_input_list(self, input_shape)
        shapes = [tuple(s) for s in input_shape]
        rank = len(shapes[0])
        if rank == 0 or any(len(s) != rank for s in shapes):
            raise self._mismatch(input_shape)
        axis = self._axis_for_rank(rank)
        output = []
        for i in range(rank):
            sizes = [s[i] for s in shapes]
            if i == axis:
                output.append(None if None in sizes else sum(sizes))
                continue
            known = {d for d in sizes if d is not None}
            if len(known) > 1:
                raise self._mismatch(input_shape)
            output.append(known.pop() if known else None)
        return tuple(output)

    def _axis_for_rank(self, rank):
        if not -rank <= self.axis < rank:
            raise ValueError(
                f"Layer '{self.name}' (Concatenate): `axis` must be in "
                f"[-{rank}, {rank}) for inputs of rank {rank}. Received: "
                f"axis={self.axis}"
            )
        return self.axis % rank

    def _mismatch(self, input_shape):
        return ValueError(
            f"Layer '{self.name}' (Concatenate) requires inputs of equal "
            "rank with matching shapes except for the concatenation axis "
            f"(axis={self.axis}). Received: input_shape={input_shape}"
        )

    def get_config(self):
        config = super().get_config()
        config.update({"axis": self.axis})
        return config


@keras_export("keras.layers.concatenate")
def concatenate(inputs, axis=-1, **kwargs):
    """Concatenates a list of tensors along one axis (the functional form
    of `Concatenate`).

    Args:
        inputs: a list of tensors of equal rank.
        axis: the axis to concatenate along.
        **kwargs: arguments of the `Concatenate` layer.

    Returns:
        The concatenation of the inputs.

    Example:

    >>> x1 = keras.ops.ones((2, 3))
    >>> x2 = keras.ops.ones((4, 3))
    >>> keras.layers.concatenate([x1, x2], axis=0).shape
    (6, 3)
    """
    return Concatenate(axis=axis, **kwargs)(inputs)

