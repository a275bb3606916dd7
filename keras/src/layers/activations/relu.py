"""`ReLU`: the rectified linear unit, with a leak, cap and threshold."""

from keras.src import activations
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


def check_non_negative(layer_name, arg_name, value, allow_none=False):
    """Raises `ValueError` unless `value` is a number `>= 0` (or `None`
    when `allow_none`)."""
    if value is None and allow_none:
        return
    is_number = isinstance(value, (int, float)) and not isinstance(
        value, bool
    )
    if not is_number or value < 0:
        expected = "None or " if allow_none else ""
        raise ValueError(
            f"Invalid value for argument `{arg_name}` of a {layer_name} "
            f"layer: expected {expected}a non-negative float. "
            f"Received: {arg_name}={value!r}"
        )


@keras_export("keras.layers.ReLU")
class ReLU(Layer):
    """Rectified linear unit.

    Computes `min(x, max_value)` for `x > threshold` and
    `negative_slope * (x - threshold)` otherwise.

    Args:
        max_value: the largest output value (`None`: no cap); `>= 0`.
        negative_slope: the slope below the threshold; `>= 0`.
        threshold: the value above which inputs pass through; `>= 0`.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.ReLU(max_value=1.0)
    >>> y = layer(np.array([[-1.0, 0.5, 3.0]], "float32"))
    >>> keras.ops.convert_to_numpy(y).tolist()
    [[0.0, 0.5, 1.0]]
    """

    def __init__(
        self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs
    ):
        super().__init__(**kwargs)
        check_non_negative("ReLU", "max_value", max_value, allow_none=True)
        check_non_negative("ReLU", "negative_slope", negative_slope)
        check_non_negative("ReLU", "threshold", threshold)
        self.supports_masking = True
        self.max_value = max_value
        self.negative_slope = negative_slope
        self.threshold = threshold
        self.built = True

    def call(self, inputs):
        return activations.relu(
            inputs,
            negative_slope=self.negative_slope,
            max_value=self.max_value,
            threshold=self.threshold,
        )

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({
            "max_value": self.max_value,
            "negative_slope": self.negative_slope,
            "threshold": self.threshold,
        })
        return config
