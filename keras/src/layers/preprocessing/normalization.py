"""The `Normalization` layer."""

import math

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.layers.preprocessing import adapt_utils
from keras.src.layers.preprocessing.tf_data_layer import TFDataLayer


@keras_export("keras.layers.Normalization")
class Normalization(TFDataLayer):
    """Shifts and scales inputs to zero mean and unit variance.

    Computes `(inputs - mean) / sqrt(variance)` per feature, where `mean`
    and `variance` are either given or learned with `adapt()`. With
    `invert=True` it maps normalized values back to the original scale.

    Args:
        axis: the axis (int, tuple of ints or `None`) holding separate
            features; statistics are computed over the other axes.
            `None` uses one mean and variance for everything.
        mean: the mean to use (a scalar or an array broadcastable to the
            kept axes), or `None` to learn it with `adapt()`.
        variance: the variance, given together with `mean`.
        invert: whether to undo the normalization instead.
        **kwargs: base layer keyword arguments (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.Normalization(mean=2.0, variance=4.0)
    >>> y = layer(np.array([[2.0, 4.0]]))
    >>> print(keras.ops.convert_to_numpy(y))
    [[0. 1.]]
    """

    def __init__(self, axis=-1, mean=None, variance=None, invert=False,
                 **kwargs):
        super().__init__(**kwargs)
        if axis is None:
            axis = ()
        elif isinstance(axis, int):
            axis = (axis,)
        elif isinstance(axis, (list, tuple)) and all(
            isinstance(a, int) for a in axis
        ):
            axis = tuple(axis)
        else:
            raise ValueError(
                "Expected `axis` to be an int, a tuple of ints or None. "
                f"Received: axis={axis}"
            )
        self.axis = axis
        if (mean is None) != (variance is None):
            raise ValueError(
                "When setting values directly, both `mean` and `variance` "
                f"must be set. Received: mean={mean} and "
                f"variance={variance}"
            )
        self.input_mean = mean
        self.input_variance = variance
        self.invert = bool(invert)
        self.supports_masking = True
        self.mean = None
        self.variance = None

    def build(self, input_shape):
        if input_shape is None:
            return
        ndim = len(input_shape)
        self._build_input_shape = tuple(input_shape)
        if any(a < -ndim or a >= ndim for a in self.axis):
            raise ValueError(
                "All `axis` values must be in the range [-ndim, ndim). "
                f"Received inputs with ndim={ndim}, while "
                f"axis={self.axis}"
            )
        self._keep_axis = tuple(sorted(a % ndim for a in self.axis))
        self._reduce_axis = tuple(
            d for d in range(ndim) if d not in self._keep_axis
        )
        for d in self._keep_axis:
            if input_shape[d] is None:
                raise ValueError(
                    "All `axis` values to be kept must have a known shape. "
                    f"Received axis={self.axis}, "
                    f"inputs.shape={tuple(input_shape)}, with unknown axis "
                    f"at index {d}"
                )
        kept_shape = tuple(input_shape[d] for d in self._keep_axis)
        self._broadcast_shape = tuple(
            input_shape[d] if d in self._keep_axis else 1
            for d in range(ndim)
        )
        if self.input_mean is None:
            self.adapt_mean = self.add_weight(
                name="mean", shape=kept_shape, initializer="zeros",
                trainable=False,
            )
            self.adapt_variance = self.add_weight(
                name="variance", shape=kept_shape, initializer="ones",
                trainable=False,
            )
            self.count = self.add_weight(
                name="count", shape=(), dtype="int32", initializer="zeros",
                trainable=False,
            )
            self.built = True
        else:
            self._set_constants(
                self._broadcast(self.input_mean),
                self._broadcast(self.input_variance),
            )
            self.built = True

    def _broadcast(self, value):
        value = np.asarray(adapt_utils.to_numpy(value), dtype="float64")
        if value.size == math.prod(self._broadcast_shape):
            return value.reshape(self._broadcast_shape)
        return np.broadcast_to(value, self._broadcast_shape)

    def _set_constants(self, mean, variance):
        self._mean_np = np.asarray(mean, dtype=self.compute_dtype)
        self._variance_np = np.asarray(variance, dtype=self.compute_dtype)
        # NumPy constants: `build` may run while a compiled step traces,
        # and tensors made then must not outlive the trace.
        self.mean, self.variance = self._mean_np, self._variance_np

    def adapt(self, data):
        """Learns the mean and variance of `data`.

        Args:
            data: a NumPy array, tensor, `tf.data.Dataset` (of batches)
                or `keras.utils.PyDataset`.
        """
        if self.input_mean is not None:
            raise ValueError(
                "Cannot adapt a Normalization layer created with `mean` and "
                f"`variance` set. Received: mean={self.input_mean}"
            )
        total, mean, m2 = 0, None, None
        for batch in adapt_utils.iter_batches(data):
            batch = np.asarray(batch, dtype="float64")
            if batch.ndim == 0:
                batch = batch.reshape((1,))
            if not self.built:
                self.build((None,) + batch.shape[1:])
            count = math.prod(batch.shape[d] for d in self._reduce_axis)
            if count == 0:
                continue
            b_mean = batch.mean(axis=self._reduce_axis)
            b_m2 = ((batch - b_mean.reshape(self._broadcast_shape)) ** 2)
            b_m2 = b_m2.sum(axis=self._reduce_axis)
            if mean is None:
                total, mean, m2 = count, b_mean, b_m2
                continue
            # Chan et al.'s pairwise merge of running moments.
            delta = b_mean - mean
            new_total = total + count
            mean = mean + delta * count / new_total
            m2 = m2 + b_m2 + delta**2 * total * count / new_total
            total = new_total
        if mean is None:
            raise ValueError(
                "Normalization.adapt() received no data. Expected a "
                f"non-empty array or dataset. Received: data={data}"
            )
        self.adapt_mean.assign(mean.astype(self.adapt_mean.dtype))
        self.adapt_variance.assign((m2 / total).astype(
            self.adapt_variance.dtype
        ))
        self.finalize_state()

    def finalize_state(self):
        """Refreshes the mean and variance used by `call` after the
        weights changed (`adapt`, `set_weights`, loading)."""
        if self.input_mean is not None or not self.built:
            return
        self.mean, self.variance = self._statistics()

    def load_own_variables(self, store):
        super().load_own_variables(store)
        self.finalize_state()

    def set_weights(self, weights):
        super().set_weights(weights)
        self.finalize_state()

    def _statistics(self):
        """The mean and variance, broadcastable to the inputs, as tensors
        of the backend `call` runs on."""
        b = self.backend
        active = b.name == backend.backend()
        if self.input_mean is not None:
            return (b.convert_to_tensor(self._mean_np),
                    b.convert_to_tensor(self._variance_np))
        # Read the variables at each call: compiled steps pass their
        # values in, and `adapt` may change them.
        mean, variance = self.adapt_mean, self.adapt_variance
        if not active:
            mean = adapt_utils.to_numpy(mean.value)
            variance = adapt_utils.to_numpy(variance.value)
        shape = self._broadcast_shape
        return (
            b.numpy.reshape(b.cast(mean, self.compute_dtype), shape),
            b.numpy.reshape(b.cast(variance, self.compute_dtype), shape),
        )

    def call(self, inputs):
        inputs = self.backend.cast(inputs, self.compute_dtype)
        mean, variance = self._statistics()
        np_ = self.backend.numpy
        scale = np_.maximum(np_.sqrt(variance), backend.epsilon())
        if self.invert:
            return np_.add(np_.multiply(inputs, scale), mean)
        return np_.divide(np_.subtract(inputs, mean), scale)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({
            "axis": self.axis,
            "invert": self.invert,
            "mean": _jsonable(self.input_mean),
            "variance": _jsonable(self.input_variance),
        })
        return config


def _jsonable(value):
    if isinstance(value, np.ndarray):
        return value.tolist()
    if backend.is_tensor(value):
        return adapt_utils.to_numpy(value).tolist()
    return value
