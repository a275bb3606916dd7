"""`BaseAdaptivePooling` and its average and max variants: pooling to a
fixed output size, behind the `AdaptiveAveragePooling*D` and
`AdaptiveMaxPooling*D` layers.

Along a spatial dim of length `L` pooled to `n` outputs, output `i`
covers inputs `floor(i * L / n)` to `ceil((i + 1) * L / n)` (exclusive),
as `keras.ops.adaptive_average_pool` and `keras.ops.adaptive_max_pool`
compute it: windows may overlap, and when `n > L` inputs repeat.
"""

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.backend import KerasTensor
from keras.src.layers import convolutional as conv_utils
from keras.src.layers import pooling
from keras.src.layers.layer import Layer


class BaseAdaptivePooling(Layer):
    """Pools each channel to `output_size` positions per spatial dim.

    Args:
        output_size: a positive int (the same size for every spatial dim)
            or a tuple of `rank` positive ints.
        rank: the number of spatial dims (1, 2 or 3).
        pool_mode: `"average"` or `"max"`.
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> from keras.src.layers.pooling import base_adaptive_pooling
    >>> layer = base_adaptive_pooling.BaseAdaptivePooling(3, 1, "max")
    >>> layer(keras.ops.ones((2, 7, 4))).shape
    (2, 3, 4)
    """

    def __init__(self, output_size, rank, pool_mode, data_format=None,
                 **kwargs):
        super().__init__(**kwargs)
        if pool_mode not in ("average", "max"):
            raise ValueError(
                "`pool_mode` must be 'average' or 'max'. Received: "
                f"pool_mode={pool_mode!r}"
            )
        self.rank = rank
        self.pool_mode = pool_mode
        self.output_size = _standardize_output_size(
            type(self).__name__, output_size, rank
        )
        self.data_format = backend.standardize_data_format(data_format)

    def call(self, inputs):
        conv_utils.check_input_rank(self, inputs.shape, self.rank)
        pool = (ops.adaptive_average_pool if self.pool_mode == "average"
                else ops.adaptive_max_pool)
        return pool(inputs, self.output_size, data_format=self.data_format)

    def compute_output_shape(self, input_shape):
        conv_utils.check_input_rank(self, input_shape, self.rank)
        batch, channels, _ = conv_utils.split_shape(
            input_shape, self.data_format
        )
        return conv_utils.join_shape(
            batch, channels, self.output_size, self.data_format
        )

    def compute_output_spec(self, inputs, **kwargs):
        shape = self.compute_output_shape(inputs.shape)
        if self.pool_mode == "max":
            return KerasTensor(shape, dtype=pooling.output_dtype(self, inputs))
        return KerasTensor(shape, dtype=self.compute_dtype)

    def get_config(self):
        config = super().get_config()
        config.update({
            "output_size": self.output_size,
            "data_format": self.data_format,
        })
        return config


class BaseAdaptiveAveragePooling(BaseAdaptivePooling):
    """Adaptive pooling by the mean of each window (see
    `BaseAdaptivePooling`).

    Args:
        output_size: a positive int or a tuple of `rank` positive ints.
        rank: the number of spatial dims.
        data_format: `"channels_last"` or `"channels_first"`.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> from keras.src.layers.pooling import base_adaptive_pooling
    >>> layer = base_adaptive_pooling.BaseAdaptiveAveragePooling(2, 1)
    >>> x = np.arange(6, dtype="float32").reshape(1, 6, 1)
    >>> keras.ops.convert_to_numpy(layer(x))[0, :, 0]
    array([1., 4.], dtype=float32)
    """

    def __init__(self, output_size, rank, data_format=None, **kwargs):
        super().__init__(output_size, rank, "average",
                         data_format=data_format, **kwargs)


class BaseAdaptiveMaxPooling(BaseAdaptivePooling):
    """Adaptive pooling by the maximum of each window (see
    `BaseAdaptivePooling`).

    Args:
        output_size: a positive int or a tuple of `rank` positive ints.
        rank: the number of spatial dims.
        data_format: `"channels_last"` or `"channels_first"`.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> from keras.src.layers.pooling import base_adaptive_pooling
    >>> layer = base_adaptive_pooling.BaseAdaptiveMaxPooling(2, 1)
    >>> x = np.arange(6, dtype="float32").reshape(1, 6, 1)
    >>> keras.ops.convert_to_numpy(layer(x))[0, :, 0]
    array([2., 5.], dtype=float32)
    """

    def __init__(self, output_size, rank, data_format=None, **kwargs):
        super().__init__(output_size, rank, "max",
                         data_format=data_format, **kwargs)


def _is_int(value):
    return isinstance(value, (int, np.integer)) and not isinstance(
        value, (bool, np.bool_)
    )


def _standardize_output_size(layer_name, output_size, rank):
    values = (output_size,) * rank if _is_int(output_size) else output_size
    if not isinstance(values, (tuple, list)) or not all(
        _is_int(v) for v in values
    ):
        raise TypeError(
            f"{layer_name}: `output_size` must be an int or a tuple of "
            f"{rank} ints. Received: output_size={output_size!r} of type "
            f"{type(output_size).__name__}"
        )
    if len(values) != rank or any(v <= 0 for v in values):
        raise ValueError(
            f"{layer_name}: `output_size` must be a positive int or a "
            f"tuple of {rank} positive ints. Received: "
            f"output_size={output_size!r}"
        )
    return tuple(int(v) for v in values)
