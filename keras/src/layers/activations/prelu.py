"""`PReLU`: a leaky ReLU whose negative slopes are learned."""

import numpy as np

from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer


def _is_int(value):
    return isinstance(value, (int, np.integer)) and not isinstance(
        value, bool
    )


def _standardize_shared_axes(shared_axes):
    """`None`, or the axes as a list of ints."""
    if shared_axes is None:
        return None
    if _is_int(shared_axes):
        return [int(shared_axes)]
    if isinstance(shared_axes, (list, tuple)) and all(
        _is_int(a) for a in shared_axes
    ):
        return [int(a) for a in shared_axes]
    raise ValueError(
        "Invalid value for argument `shared_axes` of a PReLU layer: "
        "expected None, an int or a list of ints. "
        f"Received: shared_axes={shared_axes!r}"
    )


@keras_export("keras.layers.PReLU")
class PReLU(Layer):
    """Parametric ReLU: `x` for `x >= 0`, else `alpha * x`, where
    `alpha` is a learned weight shaped like one sample.

    Args:
        alpha_initializer: the initializer of `alpha`.
        alpha_regularizer: an optional regularizer of `alpha`.
        alpha_constraint: an optional constraint on `alpha`.
        shared_axes: the axes (not counting the batch axis 0 as
            shareable) along which one slope is shared, e.g. `[1, 2]`
            for one slope per channel of `(batch, height, width,
            channels)` images. Negative axes count from the end.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.PReLU(alpha_initializer="ones")
    >>> y = layer(np.array([[-2.0, 3.0]], "float32"))
    >>> keras.ops.convert_to_numpy(y).tolist()
    [[-2.0, 3.0]]
    """

    def __init__(
        self,
        alpha_initializer="Zeros",
        alpha_regularizer=None,
        alpha_constraint=None,
        shared_axes=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.alpha_initializer = initializers.get(alpha_initializer)
        self.alpha_regularizer = regularizers.get(alpha_regularizer)
        self.alpha_constraint = constraints.get(alpha_constraint)
        self.shared_axes = _standardize_shared_axes(shared_axes)

    def _shared_axes_for(self, ndim):
        """The shared axes as positive ints, checked against `ndim`."""
        shared = set()
        for axis in self.shared_axes or ():
            positive = axis + ndim if axis < 0 else axis
            if not 1 <= positive < ndim:
                raise ValueError(
                    f"PReLU layer '{self.name}': `shared_axes` must be "
                    f"axes of the inputs other than the batch axis, in "
                    f"[1, {ndim}) or [-{ndim - 1}, -1] for {ndim}D "
                    f"inputs. Received: shared_axes={self.shared_axes}"
                )
            shared.add(positive)
        return shared

    def build(self, input_shape):
        ndim = len(input_shape)
        shared = self._shared_axes_for(ndim)
        param_shape = [
            1 if axis in shared else input_shape[axis]
            for axis in range(1, ndim)
        ]
        if any(dim is None for dim in param_shape):
            raise ValueError(
                f"PReLU layer '{self.name}' needs the sizes of all input "
                "axes it does not share (all but the batch axis and "
                f"`shared_axes`={self.shared_axes}). Received: "
                f"input_shape={tuple(input_shape)}"
            )
        self.alpha = self.add_weight(
            shape=tuple(param_shape),
            initializer=self.alpha_initializer,
            regularizer=self.alpha_regularizer,
            constraint=self.alpha_constraint,
            name="alpha",
        )
        axes = {
            axis: input_shape[axis]
            for axis in range(1, ndim)
            if axis not in shared
        }
        self.input_spec = InputSpec(ndim=ndim, axes=axes)
        self.built = True

    def call(self, inputs):
        negative = ops.multiply(self.alpha, ops.minimum(inputs, 0))
        return ops.add(ops.relu(inputs), negative)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({
            "alpha_initializer": initializers.serialize(
                self.alpha_initializer
            ),
            "alpha_regularizer": regularizers.serialize(
                self.alpha_regularizer
            ),
            "alpha_constraint": constraints.serialize(
                self.alpha_constraint
            ),
            "shared_axes": self.shared_axes,
        })
        return config
