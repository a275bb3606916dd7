"""`BaseZeroPadding`: the zero padding of spatial dims behind
`ZeroPadding1D`, `ZeroPadding2D` and `ZeroPadding3D`."""

from keras.src import backend
from keras.src import ops
from keras.src.backend import KerasTensor
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.reshaping import output_dtype
from keras.src.layers.reshaping import spatial_pairs


class BaseZeroPadding(Layer):
    """Adds `(before, after)` zeros along each spatial dim.

    Args:
        rank: the number of spatial dims (1, 2 or 3).
        padding: an int, a tuple of `rank` ints or a tuple of `rank`
            `(before, after)` pairs (see `spatial_pairs.to_pairs`).
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> from keras.src.layers.reshaping import base_zero_padding
    >>> layer = base_zero_padding.BaseZeroPadding(1, (1, 2))
    >>> layer(keras.ops.ones((2, 6, 3))).shape
    (2, 9, 3)
    """

    def __init__(self, rank, padding, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.rank = rank
        self._pairs = spatial_pairs.to_pairs(
            type(self).__name__, "padding", padding, rank,
            (1, 2) if rank == 1 else ((1, 2),) * rank,
        )
        self.data_format = backend.standardize_data_format(data_format)
        self.input_spec = InputSpec(ndim=rank + 2)

    @property
    def padding(self):
        """The `(before, after)` pair (rank 1) or pairs per spatial
        dim."""
        return self._pairs[0] if self.rank == 1 else self._pairs

    def _axes(self):
        return spatial_pairs.spatial_axes(self.rank, self.data_format)

    def call(self, inputs):
        widths = [(0, 0)] * (self.rank + 2)
        for axis, pair in zip(self._axes(), self._pairs):
            widths[axis] = pair
        return ops.pad(inputs, widths)

    def compute_output_shape(self, input_shape):
        spatial_pairs.check_rank(self, input_shape, self.rank)
        shape = list(input_shape)
        for axis, (before, after) in zip(self._axes(), self._pairs):
            if shape[axis] is not None:
                shape[axis] += before + after
        return tuple(shape)

    def compute_output_spec(self, inputs, **kwargs):
        shape = self.compute_output_shape(inputs.shape)
        return KerasTensor(shape, dtype=output_dtype(self, inputs))

    def get_config(self):
        config = super().get_config()
        config.update({
            "padding": self.padding,
            "data_format": self.data_format,
        })
        return config
