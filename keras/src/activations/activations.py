"""The built-in activation functions (`keras.activations.*`).

Each is a plain function of a tensor over `keras.ops`, so it works on every
backend and on symbolic `KerasTensor`s alike.
"""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops.operation import Operation

# Arguments that may be or hold `KerasTensor`s: they go through `ops`.
_MAYBE_SYMBOLIC = (KerasTensor, list, tuple, dict)


@keras_export("keras.activations.relu")
def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    """Rectified linear unit, with an optional leak, cap and threshold.

    Values above `threshold` pass through (capped at `max_value` when
    given); values at or below it become
    `negative_slope * (x - threshold)`. With the defaults this is
    `max(x, 0)`.

    Args:
        x: the input tensor.
        negative_slope: the slope below the threshold.
        max_value: the largest output value, or `None` for no cap.
        threshold: the value below which the output is damped.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> x = np.array([-2.0, 0.0, 3.0, 8.0], dtype="float32")
    >>> keras.activations.relu(x, negative_slope=0.5, max_value=6.0)
    array([-1.,  0.,  3.,  6.], dtype=float32)
    """
    if negative_slope == 0 and threshold == 0:
        if max_value is None:
            if isinstance(x, _MAYBE_SYMBOLIC):
                return ops.relu(x)
            # What `ops.relu` does with an eager tensor, without its
            # symbolic check: this runs in every `Dense(activation="relu")`
            # call.
            return backend.nn.relu(x)
        if max_value == 6:
            return ops.relu6(x)
    x = ops.convert_to_tensor(x)
    if negative_slope != 0:
        below = ops.relu(ops.subtract(threshold, x))
    if threshold != 0:
        x = ops.where(ops.greater(x, threshold), x, ops.zeros_like(x))
    else:
        x = ops.relu(x)
    if max_value is not None:
        x = ops.minimum(x, max_value)
    if negative_slope != 0:
        x = ops.subtract(x, ops.multiply(negative_slope, below))
    return x


@keras_export("keras.activations.leaky_relu")
def leaky_relu(x, negative_slope=0.2):
    """Leaky ReLU: `x` if `x >= 0`, else `negative_slope * x`.

    Args:
        x: the input tensor.
        negative_slope: the slope of the negative part.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.activations.leaky_relu(np.array([-2.0, 3.0], "float32"))
    array([-0.4,  3. ], dtype=float32)
    """
    return ops.leaky_relu(x, negative_slope=negative_slope)


@keras_export("keras.activations.relu6")
def relu6(x):
    """ReLU capped at 6: `min(max(x, 0), 6)`.

    Args:
        x: the input tensor.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.activations.relu6(np.array([-1.0, 3.0, 9.0], "float32"))
    array([0., 3., 6.], dtype=float32)
    """
    return ops.relu6(x)


@keras_export("keras.activations.elu")
def elu(x, alpha=1.0):
    """Exponential linear unit: `x` if `x > 0`, else
    `alpha * (exp(x) - 1)`.

    Args:
        x: the input tensor.
        alpha: the scale of the negative part.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.activations.elu(np.array([0.0, 2.0], "float32"))
    array([0., 2.], dtype=float32)
    """
    return ops.elu(x, alpha=alpha)


@keras_export("keras.activations.selu")
def selu(x):
    """Scaled exponential linear unit: `scale * elu(x, alpha)` with the
    self-normalizing constants `alpha ~ 1.6733` and `scale ~ 1.0507`.

    Use it with the `"lecun_normal"` initializer and `AlphaDropout`.

    Args:
        x: the input tensor.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.activations.selu(np.array([0.0, 1.0], "float32"))
    array([0.      , 1.050701], dtype=float32)
    """
    return ops.selu(x)


@keras_export("keras.activations.celu")
def celu(x, alpha=1.0):
    """Continuously differentiable ELU:
    `max(x, 0) + min(0, alpha * (exp(x / alpha) - 1))`.

    Args:
        x: the input tensor.
        alpha: the scale of the negative part.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.activations.celu(np.array([0.0, 2.0], "float32"))
    array([0., 2.], dtype=float32)
    """
    return ops.celu(x, alpha=alpha)


@keras_export("keras.activations.gelu")
def gelu(x, approximate=False):
    """Gaussian error linear unit: `x * P(X <= x)`, `X` standard normal.

    Args:
        x: the input tensor.
        approximate: whether to use the tanh approximation rather than the
            exact `erf` form.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.activations.gelu(np.array([0.0, 1.0], "float32"))
    array([0.       , 0.8413447], dtype=float32)
    """
    return ops.gelu(x, approximate=approximate)


@keras_export("keras.activations.glu")
def glu(x, axis=-1):
    """Gated linear unit: splits `x` in two halves `a, b` along `axis` and
    returns `a * sigmoid(b)`.

    Args:
        x: the input tensor; its size along `axis` must be even.
        axis: the axis to split.

    Returns:
        A tensor shaped like `x` with half the size along `axis`.

    Example:

    >>> keras.activations.glu(np.array([[1.0, 0.0]], "float32"))
    array([[0.5]], dtype=float32)
    """
    return ops.glu(x, axis=axis)


@keras_export("keras.activations.sigmoid")
def sigmoid(x):
    """Sigmoid: `1 / (1 + exp(-x))`.

    Args:
        x: the input tensor.

    Returns:
        A tensor shaped like `x`, with values in `(0, 1)`.

    Example:

    >>> keras.activations.sigmoid(np.array([0.0], "float32"))
    array([0.5], dtype=float32)
    """
    return ops.sigmoid(x)


@keras_export("keras.activations.hard_sigmoid")
def hard_sigmoid(x):
    """Piecewise linear sigmoid: `clip(x / 6 + 0.5, 0, 1)`.

    Args:
        x: the input tensor.

    Returns:
        A tensor shaped like `x`, with values in `[0, 1]`.

    Example:

    >>> keras.activations.hard_sigmoid(np.array([-6.0, 0.0, 6.0], "float32"))
    array([0. , 0.5, 1. ], dtype=float32)
    """
    return ops.hard_sigmoid(x)


@keras_export("keras.activations.sparse_sigmoid")
def sparse_sigmoid(x):
    """Sparse sigmoid: `0` below -1, `(x + 1) / 2` on `[-1, 1]`, `1`
    above 1.

    Args:
        x: the input tensor.

    Returns:
        A tensor shaped like `x`, with values in `[0, 1]`.

    Example:

    >>> keras.activations.sparse_sigmoid(np.array([-2.0, 0.0], "float32"))
    array([0. , 0.5], dtype=float32)
    """
    return ops.sparse_sigmoid(x)


@keras_export("keras.activations.log_sigmoid")
def log_sigmoid(x):
    """Logarithm of the sigmoid: `-softplus(-x)`, computed stably.

    Args:
        x: the input tensor.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> y = keras.activations.log_sigmoid(np.array([0.0], "float32"))
    >>> [round(float(v), 4) for v in keras.ops.convert_to_numpy(y)]
    [-0.6931]
    """
    return ops.log_sigmoid(x)


@keras_export(["keras.activations.silu", "keras.activations.swish"])
def silu(x):
    """Sigmoid linear unit (swish): `x * sigmoid(x)`.

    Args:
        x: the input tensor.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.activations.silu(np.array([0.0, 1.0], "float32"))
    array([0.       , 0.7310586], dtype=float32)
    """
    return ops.silu(x)


@keras_export(["keras.activations.hard_silu", "keras.activations.hard_swish"])
def hard_silu(x):
    """Hard SiLU (hard swish): `x * relu6(x + 3) / 6`.

    Args:
        x: the input tensor.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.activations.hard_silu(np.array([-3.0, 0.0, 3.0], "float32"))
    array([-0.,  0.,  3.], dtype=float32)
    """
    return ops.hard_silu(x)


@keras_export("keras.activations.softplus")
def softplus(x):
    """Softplus: `log(exp(x) + 1)`, computed stably.

    Args:
        x: the input tensor.

    Returns:
        A tensor shaped like `x`, with positive values.

    Example:

    >>> y = keras.activations.softplus(np.array([0.0], "float32"))
    >>> [round(float(v), 4) for v in keras.ops.convert_to_numpy(y)]
    [0.6931]
    """
    return ops.softplus(x)


@keras_export("keras.activations.softsign")
def softsign(x):
    """Softsign: `x / (abs(x) + 1)`.

    Args:
        x: the input tensor.

    Returns:
        A tensor shaped like `x`, with values in `(-1, 1)`.

    Example:

    >>> keras.activations.softsign(np.array([-1.0, 3.0], "float32"))
    array([-0.5 ,  0.75], dtype=float32)
    """
    return ops.softsign(x)


@keras_export("keras.activations.squareplus")
def squareplus(x, b=4):
    """Squareplus: `(x + sqrt(x ** 2 + b)) / 2`, a smooth ReLU.

    Args:
        x: the input tensor.
        b: a non-negative float, the smoothness near 0.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.activations.squareplus(np.array([0.0], "float32"))
    array([1.], dtype=float32)
    """
    return ops.squareplus(x, b=b)


@keras_export("keras.activations.sparse_plus")
def sparse_plus(x):
    """SparsePlus: `0` below -1, `(x + 1) ** 2 / 4` on `[-1, 1]`, `x`
    above 1.

    Args:
        x: the input tensor.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.activations.sparse_plus(np.array([-2.0, 0.0, 2.0], "float32"))
    array([0.  , 0.25, 2.  ], dtype=float32)
    """
    return ops.sparse_plus(x)


@keras_export("keras.activations.mish")
def mish(x):
    """Mish: `x * tanh(softplus(x))`.

    Args:
        x: the input tensor.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> y = keras.activations.mish(np.array([0.0, 1.0], "float32"))
    >>> [round(float(v), 4) for v in keras.ops.convert_to_numpy(y)]
    [0.0, 0.8651]
    """
    x = ops.convert_to_tensor(x)
    return ops.multiply(x, ops.tanh(ops.softplus(x)))


@keras_export("keras.activations.tanh")
def tanh(x):
    """Hyperbolic tangent.

    Args:
        x: the input tensor.

    Returns:
        A tensor shaped like `x`, with values in `(-1, 1)`.

    Example:

    >>> keras.activations.tanh(np.array([0.0], "float32"))
    array([0.], dtype=float32)
    """
    return ops.tanh(x)


@keras_export("keras.activations.hard_tanh")
def hard_tanh(x):
    """Hard tanh: `clip(x, -1, 1)`.

    Args:
        x: the input tensor.

    Returns:
        A tensor shaped like `x`, with values in `[-1, 1]`.

    Example:

    >>> keras.activations.hard_tanh(np.array([-3.0, 0.5, 2.0], "float32"))
    array([-1. ,  0.5,  1. ], dtype=float32)
    """
    return ops.hard_tanh(x)


@keras_export("keras.activations.tanh_shrink")
def tanh_shrink(x):
    """Tanh shrink: `x - tanh(x)`.

    Args:
        x: the input tensor.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.activations.tanh_shrink(np.array([0.0], "float32"))
    array([0.], dtype=float32)
    """
    return ops.tanh_shrink(x)


@keras_export("keras.activations.hard_shrink")
def hard_shrink(x, threshold=0.5):
    """Hard shrink: `x` where `abs(x) > threshold`, else `0`.

    Args:
        x: the input tensor.
        threshold: the magnitude at or below which values become 0.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.activations.hard_shrink(np.array([-1.0, 0.2], "float32"))
    array([-1.,  0.], dtype=float32)
    """
    return ops.hard_shrink(x, threshold=threshold)


@keras_export("keras.activations.soft_shrink")
def soft_shrink(x, threshold=0.5):
    """Soft shrink: moves `x` towards 0 by `threshold`, and sets values
    within `threshold` of 0 to 0.

    Args:
        x: the input tensor.
        threshold: the amount of shrinkage.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.activations.soft_shrink(np.array([-1.0, 0.2, 2.0], "float32"))
    array([-0.5,  0. ,  1.5], dtype=float32)
    """
    return ops.soft_shrink(x, threshold=threshold)


@keras_export("keras.activations.threshold")
def threshold(x, threshold, default_value):
    """Threshold: `x` where `x > threshold`, else `default_value`.

    Args:
        x: the input tensor.
        threshold: the value at or below which `x` is replaced.
        default_value: the replacement value.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.activations.threshold(np.array([1.0, 3.0], "float32"), 2, 0)
    array([0., 3.], dtype=float32)
    """
    return ops.threshold(x, threshold, default_value)


@keras_export("keras.activations.exponential")
def exponential(x):
    """Exponential: `exp(x)`.

    Args:
        x: the input tensor.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.activations.exponential(np.array([0.0], "float32"))
    array([1.], dtype=float32)
    """
    return ops.exp(x)


@keras_export("keras.activations.linear")
def linear(x):
    """Linear (identity) activation: returns `x` unchanged.

    Args:
        x: the input tensor.

    Returns:
        `x`.

    Example:

    >>> keras.activations.linear(np.array([-1.0, 2.0], "float32"))
    array([-1.,  2.], dtype=float32)
    """
    return x


@keras_export("keras.activations.softmax")
def softmax(x, axis=-1):
    """Softmax: `exp(x) / sum(exp(x))` over `axis`, so that the values
    along it are probabilities summing to 1.

    Args:
        x: the input tensor (of logits).
        axis: an int or a tuple of ints, the axis (or axes) to normalize
            over.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> y = keras.activations.softmax(np.array([[1.0, 1.0]], "float32"))
    >>> keras.ops.convert_to_numpy(y).tolist()
    [[0.5, 0.5]]
    """
    return ops.softmax(x, axis=axis)


@keras_export("keras.activations.log_softmax")
def log_softmax(x, axis=-1):
    """Logarithm of the softmax over `axis`, computed stably.

    Args:
        x: the input tensor (of logits).
        axis: an int or a tuple of ints, the axis (or axes) to normalize
            over.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> y = keras.activations.log_softmax(np.array([1.0, 1.0], "float32"))
    >>> [round(float(v), 4) for v in keras.ops.convert_to_numpy(y)]
    [-0.6931, -0.6931]
    """
    return ops.log_softmax(x, axis=axis)


@keras_export("keras.activations.sparsemax")
def sparsemax(x, axis=-1):
    """Sparsemax: the Euclidean projection of `x` onto the probability
    simplex along `axis`; unlike softmax it can give exact zeros.

    Args:
        x: the input tensor (of logits).
        axis: the axis to normalize over.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> y = keras.activations.sparsemax(np.array([0.0, 3.0], "float32"))
    >>> keras.ops.convert_to_numpy(y).tolist()
    [0.0, 1.0]
    """
    return ops.sparsemax(x, axis=axis)


# -- Keras's operation classes for two activations ----------------------------
# `relu` and `mish` as `Operation`s, so they can be recorded in a graph as
# nodes with their own configuration.


class ReLU(Operation):
    """`relu` as an operation holding its arguments.

    Args:
        negative_slope: the slope below the threshold.
        max_value: the largest output value, or `None`.
        threshold: the value below which the output is damped.
        name: the operation's name.

    Example:

    >>> op = ReLU(negative_slope=0.1)
    >>> op(np.array([-1.0, 2.0], "float32"))
    array([-0.1,  2. ], dtype=float32)
    """

    def __init__(self, negative_slope=0.0, max_value=None, threshold=0.0,
                 name=None):
        super().__init__(name=name)
        self.negative_slope = negative_slope
        self.max_value = max_value
        self.threshold = threshold

    def call(self, x):
        return self.static_call(
            x, self.negative_slope, self.max_value, self.threshold
        )

    def compute_output_spec(self, x):
        return KerasTensor(x.shape, dtype=x.dtype)

    @staticmethod
    def static_call(x, negative_slope=0.0, max_value=None, threshold=0.0):
        return relu(x, negative_slope, max_value, threshold)


class Mish(Operation):
    """`mish` as an operation.

    Example:

    >>> y = Mish()(np.array([1.0], "float32"))
    >>> [round(float(v), 4) for v in keras.ops.convert_to_numpy(y)]
    [0.8651]
    """

    def call(self, x):
        return self.static_call(x)

    def compute_output_spec(self, x):
        return KerasTensor(x.shape, dtype=x.dtype)

    @staticmethod
    def static_call(x):
        return mish(x)
