"""`BaseUpSampling`: the repetition of entries along spatial dims behind
`UpSampling1D`, `UpSampling2D` and `UpSampling3D`."""

from keras.src import backend
from keras.src import ops
from keras.src.backend import KerasTensor
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.reshaping import output_dtype
from keras.src.layers.reshaping import spatial_pairs


class BaseUpSampling(Layer):
    """Repeats each entry `size[i]` times along spatial dim `i`
    (nearest-neighbour upsampling).

    Args:
        rank: the number of spatial dims (1, 2 or 3).
        size: a positive int or a tuple of `rank` positive ints.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`); rank 1 is always
            channels last.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> from keras.src.layers.reshaping import base_up_sampling
    >>> layer = base_up_sampling.BaseUpSampling(1, 3)
    >>> layer(keras.ops.ones((2, 4, 3))).shape
    (2, 12, 3)
    """

    def __init__(self, rank, size, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.rank = rank
        self._factors = spatial_pairs.to_factors(
            type(self).__name__, "size", size, rank
        )
        self.data_format = (
            "channels_last" if rank == 1
            else backend.standardize_data_format(data_format)
        )
        self.input_spec = InputSpec(ndim=rank + 2)

    @property
    def size(self):
        """The factor (rank 1) or the factors per spatial dim."""
        return self._factors[0] if self.rank == 1 else self._factors

    def _axes(self):
        return spatial_pairs.spatial_axes(self.rank, self.data_format)

    def call(self, inputs):
        out = inputs
        for axis, factor in zip(self._axes(), self._factors):
            if factor > 1:
                out = ops.repeat(out, factor, axis=axis)
        return out

    def compute_output_shape(self, input_shape):
        spatial_pairs.check_rank(self, input_shape, self.rank)
        shape = list(input_shape)
        for axis, factor in zip(self._axes(), self._factors):
            if shape[axis] is not None:
                shape[axis] *= factor
        return tuple(shape)

    def compute_output_spec(self, inputs, **kwargs):
        shape = self.compute_output_shape(inputs.shape)
        return KerasTensor(shape, dtype=output_dtype(self, inputs))

    def get_config(self):
        config = super().get_config()
        config["size"] = self.size
        if self.rank > 1:
            config["data_format"] = self.data_format
        return config
