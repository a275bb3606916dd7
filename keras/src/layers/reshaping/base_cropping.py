"""`BaseCropping`: the cropping of spatial dims behind `Cropping1D`,
`Cropping2D` and `Cropping3D`."""

from keras.src import backend
from keras.src.backend import KerasTensor
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.reshaping import output_dtype
from keras.src.layers.reshaping import spatial_pairs


class BaseCropping(Layer):
    """Removes `(before, after)` entries from each spatial dim.

    Args:
        rank: the number of spatial dims (1, 2 or 3).
        cropping: an int, a tuple of `rank` ints or a tuple of `rank`
            `(before, after)` pairs (see `spatial_pairs.to_pairs`).
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`); `None` for rank 1,
            which is always channels last.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> from keras.src.layers.reshaping import base_cropping
    >>> layer = base_cropping.BaseCropping(1, (1, 2))
    >>> layer(keras.ops.ones((2, 6, 3))).shape
    (2, 3, 3)
    """

    def __init__(self, rank, cropping, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.rank = rank
        self._pairs = spatial_pairs.to_pairs(
            type(self).__name__, "cropping", cropping, rank,
            (1, 2) if rank == 1 else ((1, 2),) * rank,
        )
        self.data_format = (
            "channels_last" if rank == 1
            else backend.standardize_data_format(data_format)
        )
        self.input_spec = InputSpec(ndim=rank + 2)

    @property
    def cropping(self):
        """The `(before, after)` pair (rank 1) or pairs per spatial
        dim."""
        return self._pairs[0] if self.rank == 1 else self._pairs

    def _axes(self):
        return spatial_pairs.spatial_axes(self.rank, self.data_format)

    def _check_sizes(self, input_shape):
        for axis, (before, after) in zip(self._axes(), self._pairs):
            size = input_shape[axis]
            if size is not None and before + after >= size:
                raise ValueError(
                    f"{type(self).__name__} '{self.name}': the `cropping` "
                    "of each spatial dim must be smaller than its size. "
                    f"Received: input_shape={tuple(input_shape)}, "
                    f"cropping={self.cropping}"
                )

    def call(self, inputs):
        self._check_sizes(tuple(inputs.shape))
        index = [slice(None)] * (self.rank + 2)
        for axis, (before, after) in zip(self._axes(), self._pairs):
            index[axis] = slice(before, -after if after else None)
        return inputs[tuple(index)]

    def compute_output_shape(self, input_shape):
        spatial_pairs.check_rank(self, input_shape, self.rank)
        self._check_sizes(input_shape)
        shape = list(input_shape)
        for axis, (before, after) in zip(self._axes(), self._pairs):
            if shape[axis] is not None:
                shape[axis] -= before + after
        return tuple(shape)

    def compute_output_spec(self, inputs, **kwargs):
        shape = self.compute_output_shape(inputs.shape)
        return KerasTensor(shape, dtype=output_dtype(self, inputs))

    def get_config(self):
        config = super().get_config()
        config["cropping"] = self.cropping
        if self.rank > 1:
            config["data_format"] = self.data_format
        return config
