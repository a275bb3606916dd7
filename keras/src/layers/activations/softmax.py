"""`Softmax`: normalizes logits into probabilities, honouring a mask."""

import numpy as np

from keras.src import activations
from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


def _large_negative(dtype):
    """A logit offset that makes `exp` vanish yet stays finite in `dtype`
    (an infinite offset would turn fully masked rows into NaNs)."""
    return -3e4 if dtype == "float16" else -1e9


def _is_int(value):
    return isinstance(value, (int, np.integer)) and not isinstance(
        value, bool
    )


def _check_axis(axis):
    valid = _is_int(axis) or (
        isinstance(axis, (list, tuple))
        and len(axis) > 0
        and all(_is_int(a) for a in axis)
    )
    if not valid:
        raise ValueError(
            "Invalid value for argument `axis` of a Softmax layer: "
            "expected an int or a non-empty tuple of ints. "
            f"Received: axis={axis!r}"
        )


def _check_mask_shape(inputs_shape, mask_shape):
    compatible = len(mask_shape) == len(inputs_shape) and all(
        m is None or i is None or m in (1, i)
        for m, i in zip(mask_shape, inputs_shape)
    )
    if not compatible:
        raise ValueError(
            "The `mask` of a Softmax layer must be broadcastable to its "
            "inputs: of the same rank, each mask dimension 1 or the "
            f"inputs' dimension. Received: inputs.shape={inputs_shape}, "
            f"mask.shape={mask_shape}"
        )


@keras_export("keras.layers.Softmax")
class Softmax(Layer):
    """Softmax activation over one axis (or several).

    When called with a `mask` (`True`/1 for the entries to keep), masked
    entries get probability 0 and the rest are normalized among
    themselves; a slice that is masked entirely gives all zeros.

    Args:
        axis: an int or a tuple of ints, the axis (or axes) to normalize
            over.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        inputs: the logits.
        mask: an optional boolean tensor broadcastable to `inputs`.

    Example:

    >>> layer = keras.layers.Softmax()
    >>> x = np.array([[1.0, 1.0, 5.0]], "float32")
    >>> y = layer(x, mask=np.array([[True, True, False]]))
    >>> keras.ops.convert_to_numpy(y).tolist()
    [[0.5, 0.5, 0.0]]
    """

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        _check_axis(axis)
        self.supports_masking = True
        self.axis = axis
        self.built = True

    def call(self, inputs, mask=None):
        dtype = backend.standardize_dtype(inputs.dtype)
        if not backend.is_float_dtype(dtype):
            dtype = self.compute_dtype
            inputs = ops.cast(inputs, dtype)
        if mask is None:
            return activations.softmax(inputs, axis=self.axis)
        _check_mask_shape(tuple(inputs.shape), tuple(mask.shape))
        mask = ops.cast(mask, dtype)
        # `ops` functions rather than operators: they treat the Python
        # scalars as weakly typed, so half precision inputs stay so.
        offset = ops.multiply(ops.subtract(1.0, mask), _large_negative(dtype))
        logits = ops.add(inputs, offset)
        return ops.multiply(activations.softmax(logits, axis=self.axis), mask)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config["axis"] = self.axis
        return config
