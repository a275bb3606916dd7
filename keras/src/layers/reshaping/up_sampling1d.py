"""`UpSampling1D`: repeats each step of sequences."""

from keras.src.api_export import keras_export
from keras.src.layers.reshaping.base_up_sampling import BaseUpSampling


@keras_export("keras.layers.UpSampling1D")
class UpSampling1D(BaseUpSampling):
    """Upsamples sequences by repeating each step `size` times.

    Inputs of shape `(batch, steps, features)` give outputs
    `(batch, steps * size, features)`.

    Args:
        size: a positive int, the repetition factor.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> x = np.array([[[1.0], [2.0]]], dtype="float32")
    >>> y = keras.layers.UpSampling1D(3)(x)
    >>> keras.ops.convert_to_numpy(y)[0, :, 0]
    array([1., 1., 1., 2., 2., 2.], dtype=float32)
    """

    def __init__(self, size=2, **kwargs):
        super().__init__(1, size, **kwargs)
