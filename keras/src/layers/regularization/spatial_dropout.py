"""`SpatialDropout1D/2D/3D`: dropout of whole feature maps."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.regularization.dropout import Dropout


class _SpatialDropout(Dropout):
    """Dropout that drops entire channels: one keep/drop decision per
    sample and channel, shared by all the spatial positions."""

    _rank = None  # Number of spatial axes.

    def __init__(self, rate, seed=None, name=None, dtype=None,
                 data_format=None):
        super().__init__(rate=rate, seed=seed, name=name, dtype=dtype)
        self.data_format = backend.standardize_data_format(data_format)
        if self._rank is None:
            # The base class itself: any number of spatial axes.
            self.input_spec = InputSpec(min_ndim=3)
        else:
            self.input_spec = InputSpec(ndim=self._rank + 2)

    def _get_noise_shape(self, inputs):
        # `None` entries take the inputs' dims when the mask is drawn.
        rank = self._rank
        if rank is None:
            rank = len(inputs.shape) - 2
        spatial = (1,) * rank
        if self.data_format == "channels_first":
            return (None, None) + spatial
        return (None,) + spatial + (None,)

    def get_config(self):
        return {
            "rate": self.rate,
            "seed": self.seed,
            "name": self.name,
            "dtype": self.dtype_policy.name,
        }


@keras_export("keras.layers.SpatialDropout1D")
class SpatialDropout1D(_SpatialDropout):
    """Drops entire 1D feature maps (channels) during training.

    For `(batch, steps, channels)` inputs, each channel of each sample is
    either dropped at every step or kept (scaled by `1 / (1 - rate)`).
    This suits inputs whose neighbouring steps are strongly correlated,
    where plain dropout regularizes little.

    Args:
        rate: the fraction of the channels to drop, in `[0, 1]`.
        seed: an int, for reproducible masks.
        name: the layer's name.
        dtype: the layer's dtype policy.

    Call arguments:
        inputs: a 3D tensor `(batch, steps, channels)`.
        training: whether to drop (training) or pass through.

    Example:

    >>> layer = keras.layers.SpatialDropout1D(0.5, seed=1)
    >>> layer(np.ones((2, 5, 3), "float32"), training=True).shape
    (2, 5, 3)
    """

    _rank = 1

    def __init__(self, rate, seed=None, name=None, dtype=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype,
                         data_format="channels_last")


@keras_export("keras.layers.SpatialDropout2D")
class SpatialDropout2D(_SpatialDropout):
    """Drops entire 2D feature maps (channels) during training.

    Each channel of each sample is either dropped at every position or
    kept (scaled by `1 / (1 - rate)`), which regularizes convolutional
    features whose neighbouring pixels are strongly correlated.

    Args:
        rate: the fraction of the channels to drop, in `[0, 1]`.
        data_format: `"channels_last"` (`(batch, rows, cols, channels)`)
            or `"channels_first"` (`(batch, channels, rows, cols)`);
            default `keras.config.image_data_format()`.
        seed: an int, for reproducible masks.
        name: the layer's name.
        dtype: the layer's dtype policy.

    Call arguments:
        inputs: a 4D tensor.
        training: whether to drop (training) or pass through.

    Example:

    >>> layer = keras.layers.SpatialDropout2D(0.5, seed=1)
    >>> layer(np.ones((2, 4, 4, 3), "float32"), training=True).shape
    (2, 4, 4, 3)
    """

    _rank = 2

    def __init__(self, rate, data_format=None, seed=None, name=None,
                 dtype=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype,
                         data_format=data_format)

    def get_config(self):
        config = super().get_config()
        config["data_format"] = self.data_format
        return config


@keras_export("keras.layers.SpatialDropout3D")
class SpatialDropout3D(_SpatialDropout):
    """Drops entire 3D feature maps (channels) during training.

    Each channel of each sample is either dropped at every position or
    kept (scaled by `1 / (1 - rate)`).

    Args:
        rate: the fraction of the channels to drop, in `[0, 1]`.
        data_format: `"channels_last"`
            (`(batch, dim1, dim2, dim3, channels)`) or `"channels_first"`
            (`(batch, channels, dim1, dim2, dim3)`); default
            `keras.config.image_data_format()`.
        seed: an int, for reproducible masks.
        name: the layer's name.
        dtype: the layer's dtype policy.

    Call arguments:
        inputs: a 5D tensor.
        training: whether to drop (training) or pass through.

    Example:

    >>> layer = keras.layers.SpatialDropout3D(0.5, seed=1)
    >>> layer(np.ones((1, 2, 2, 2, 3), "float32"), training=True).shape
    (1, 2, 2, 2, 3)
    """

    _rank = 3

    def __init__(self, rate, data_format=None, seed=None, name=None,
                 dtype=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype,
                         data_format=data_format)

    def get_config(self):
        config = super().get_config()
        config["data_format"] = self.data_format
        return config


# Keras's name for the base of the spatial dropout layers.
BaseSpatialDropout = _SpatialDropout
