"""`Reshape`: gives each sample a new shape."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.layers.layer import Layer
from keras.src.layers.reshaping import is_int
from keras.src.layers.reshaping import known_size
from keras.src.layers.reshaping import output_dtype


@keras_export("keras.layers.Reshape")
class Reshape(Layer):
    """Reshapes each sample to `target_shape` (the batch axis is kept).

    Args:
        target_shape: a tuple of ints, the new shape of one sample. One
            entry may be `-1`: its size is inferred from the others and
            the input's size.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = keras.ops.ones((2, 12))
    >>> keras.layers.Reshape((3, -1))(x).shape
    (2, 3, 4)
    """

    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        self.target_shape = _validated_target(target_shape)
        # There is no state: the layer is usable as soon as it exists.
        self.built = True

    def call(self, inputs):
        target = self._resolve(tuple(inputs.shape[1:]))
        size = known_size(target)
        if size:
            return ops.reshape(inputs, (-1,) + target)
        # Unknown (while tracing) or zero sizes: -1 cannot stand for both
        # the batch axis and another.
        batch = ops.shape(inputs)[0]
        target = tuple(-1 if d is None else d for d in target)
        return ops.reshape(inputs, (batch,) + target)

    def compute_output_shape(self, input_shape):
        input_shape = tuple(input_shape)
        if not input_shape:
            raise ValueError(
                f"Layer '{self.name}' (Reshape) expects inputs with a batch "
                f"axis. Received: input_shape={input_shape}"
            )
        return (input_shape[0],) + self._resolve(input_shape[1:])

    def compute_output_spec(self, inputs, **kwargs):
        shape = self.compute_output_shape(inputs.shape)
        return KerasTensor(shape, dtype=output_dtype(self, inputs))

    def _resolve(self, sample_shape):
        """`target_shape` with its unknown entry (if any) inferred from
        `sample_shape`, or `None` when that is unknown."""
        target = list(self.target_shape)
        unknown = [i for i, d in enumerate(target) if d is None or d == -1]
        known = known_size([d for d in target if d is not None and d != -1])
        size = known_size(sample_shape)
        if not unknown:
            if size is not None and size != known:
                raise self._size_error(sample_shape)
            return tuple(target)
        if size is not None:
            if known == 0 or size % known:
                raise self._size_error(sample_shape)
            target[unknown[0]] = size // known
        else:
            target[unknown[0]] = None
        return tuple(target)

    def _size_error(self, sample_shape):
        return ValueError(
            f"Layer '{self.name}' (Reshape) cannot reshape samples of shape "
            f"{tuple(sample_shape)} to target_shape={self.target_shape}: "
            "the total size must be unchanged (with a -1 entry, the input "
            "size must be a multiple of the other entries' product)."
        )

    def get_config(self):
        config = super().get_config()
        config.update({"target_shape": self.target_shape})
        return config


def _validated_target(target_shape):
    if not isinstance(target_shape, (list, tuple)):
        raise TypeError(
            "Reshape: argument `target_shape` must be a tuple of ints. "
            f"Received: target_shape={target_shape!r}"
        )
    dims = tuple(target_shape)
    if not all(d is None or (is_int(d) and d >= -1) for d in dims):
        raise ValueError(
            "Each entry of `target_shape` must be a non-negative integer, "
            "or -1 for a single inferred size. Received: "
            f"target_shape={target_shape!r}"
        )
    if sum(d is None or d == -1 for d in dims) > 1:
        raise ValueError(
            "`target_shape` may have at most one inferred size (-1). "
            f"Received: target_shape={target_shape!r}"
        )
    return tuple(d if d is None else int(d) for d in dims)
