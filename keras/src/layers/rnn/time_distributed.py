"""`TimeDistributed`: applies one layer to every step of a sequence."""

from keras.src import backend
from keras.src import ops
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.layers.core.wrapper import Wrapper
from keras.src.layers.layer import Layer


@keras_export("keras.layers.TimeDistributed")
class TimeDistributed(Wrapper):
    """Applies a layer to every temporal slice of its input.

    The input has shape `(batch, time, ...)`; the wrapped layer sees
    inputs of shape `(batch, ...)`, the same weights serving every step.
    It runs once on all steps at once: batch and time are merged into one
    axis before the call and split again after it, so the time axis may
    be of unknown length (`None`).

    A mask of shape `(batch, time)` on the input is passed on to the
    output, and to the wrapped layer (merged like the input) when its
    `call` takes a `mask` argument.

    Args:
        layer: the `keras.layers.Layer` instance to apply at each step.
        **kwargs: base layer arguments (`name`, `dtype`, `trainable`, ...).

    Call arguments:
        inputs: a tensor of shape `(batch, time, ...)`.
        training: whether the wrapped layer runs in training mode.
        mask: an optional boolean tensor of shape `(batch, time)`.

    Example:

    >>> layer = keras.layers.TimeDistributed(keras.layers.Dense(8))
    >>> layer(keras.ops.ones((2, 10, 4))).shape
    (2, 10, 8)
    >>> tuple(layer.layer.kernel.shape)
    (4, 8)
    """

    def __init__(self, layer, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError(
                "Please initialize `TimeDistributed` layer with a "
                "`keras.layers.Layer` instance. Received: "
                f"layer={layer!r} (of type {type(layer).__name__})"
            )
        super().__init__(layer, **kwargs)
        self.supports_masking = True

    def _step_shape(self, input_shape):
        """The shape of one step's input: `(batch, ...)`."""
        input_shape = tuple(input_shape)
        if len(input_shape) < 3:
            raise ValueError(
                f"TimeDistributed '{self.name}': the input must have at "
                "least 3 dimensions (batch, time, ...); "
                f"`TimeDistributed` applies "
                f"{type(self.layer).__name__} along axis 1. Received: "
                f"input_shape={input_shape}"
            )
        return (input_shape[0],) + input_shape[2:]

    def build(self, input_shape):
        step_shape = self._step_shape(input_shape)
        if not self.layer.built:
            self.layer.build(step_shape)
        self.built = True

    def compute_output_shape(self, input_shape):
        step_output = self.layer.compute_output_shape(
            self._step_shape(input_shape)
        )
        time = tuple(input_shape)[1]
        return tree.map_shape_structure(
            lambda shape: (shape[0], time) + tuple(shape[1:]), step_output
        )

    def call(self, inputs, training=None, mask=None):
        shape = ops.shape(inputs)
        self._step_shape(shape)
        batch, time = shape[0], shape[1]
        # One call over `batch * time` rows: a Python loop over the steps
        # would trace the wrapped layer `time` times under jit.
        merged = ops.reshape(inputs, (-1,) + tuple(shape[2:]))
        kwargs = {}
        parameters = self.layer.call_signature_parameters
        if "training" in parameters:
            kwargs["training"] = training
        if mask is not None and "mask" in parameters:
            kwargs["mask"] = ops.reshape(
                mask, (-1,) + tuple(ops.shape(mask)[2:])
            )
        outputs = self.layer(merged, **kwargs)
        return tree.map_structure(
            lambda y: self._in_compute_dtype(
                ops.reshape(y, (batch, time) + tuple(ops.shape(y)[1:]))
            ),
            outputs,
        )

    def _in_compute_dtype(self, y):
        # Under a mixed policy on the wrapper, float outputs come out in
        # its compute dtype even when the wrapped layer computes in
        # float32 (as Keras's `TimeDistributed` does).
        dtype = backend.standardize_dtype(y.dtype)
        if backend.is_float_dtype(dtype) and dtype != self.compute_dtype:
            return ops.cast(y, self.compute_dtype)
        return y

    def compute_mask(self, inputs, previous_mask):
        return previous_mask

