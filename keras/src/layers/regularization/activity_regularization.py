"""`ActivityRegularization`: an L1/L2 penalty on the activations."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.layers.regularization.dropout import float_inputs


def _check_factor(name, value):
    is_number = isinstance(value, (int, float)) and not isinstance(
        value, bool
    )
    if value is not None and (not is_number or value < 0):
        raise ValueError(
            f"Invalid value for argument `{name}` of an "
            "ActivityRegularization layer: expected a non-negative float. "
            f"Received: {name}={value!r}"
        )


@keras_export("keras.layers.ActivityRegularization")
class ActivityRegularization(Layer):
    """Passes its inputs through unchanged and adds the loss
    `(l1 * sum(|x|) + l2 * sum(x ** 2)) / batch_size` to `layer.losses`.

    The batch size is the size of the first axis (1 for scalars), so the
    penalty is a mean over samples of each sample's sum.

    Args:
        l1: the L1 factor, `>= 0`.
        l2: the L2 factor, `>= 0`.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.ActivityRegularization(l1=0.1)
    >>> y = layer(np.ones((2, 3), "float32"))
    >>> round(float(keras.ops.convert_to_numpy(layer.losses[0])), 4)
    0.3
    """

    def __init__(self, l1=0.0, l2=0.0, **kwargs):
        super().__init__(**kwargs)
        _check_factor("l1", l1)
        _check_factor("l2", l2)
        self.l1 = l1
        self.l2 = l2
        self.supports_masking = True
        self.built = True

    def call(self, inputs):
        self.add_loss(self._penalty(float_inputs(self, inputs)))
        return inputs

    def _penalty(self, x):
        dtype = backend.standardize_dtype(x.dtype)
        loss = ops.zeros((), dtype=dtype)
        if self.l1:
            loss = ops.add(loss, ops.multiply(ops.sum(ops.abs(x)), self.l1))
        if self.l2:
            loss = ops.add(
                loss, ops.multiply(ops.sum(ops.square(x)), self.l2)
            )
        shape = ops.shape(x)
        if len(shape) > 0:
            loss = ops.divide(loss, ops.cast(shape[0], dtype))
        return loss

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({"l1": self.l1, "l2": self.l2})
        return config
