"""Activation ops: relu, sigmoid, gelu, softmax and the rest."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import nn_shapes
from keras.src.ops.operation import symbolic_op
from keras.src.ops.shape_rules import shape_of as _shape


@keras_export(["keras.ops.relu", "keras.ops.nn.relu"])
def relu(x):
    """Rectified linear unit: `max(x, 0)`, elementwise.

    Args:
        x: a tensor. Integer dtypes are kept; bools become int32.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.ops.relu([-1.0, 0.0, 2.0])
    array([0., 0., 2.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(relu, nn_shapes.int_keeping_spec, x)
    return backend.nn.relu(x)


@keras_export(["keras.ops.relu6", "keras.ops.nn.relu6"])
def relu6(x):
    """Rectified linear unit capped at 6: `min(max(x, 0), 6)`.

    Args:
        x: a tensor. Integer dtypes are kept; bools become int32.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.ops.relu6([-1.0, 3.0, 8.0])
    array([0., 3., 6.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(relu6, nn_shapes.int_keeping_spec, x)
    return backend.nn.relu6(x)


@keras_export(["keras.ops.sigmoid", "keras.ops.nn.sigmoid"])
def sigmoid(x):
    """Logistic sigmoid: `1 / (1 + exp(-x))`.

    Args:
        x: a tensor; integers and bools are computed as floatx (on
            TensorFlow integers are refused, as in Keras: cast them first).

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.sigmoid([0.0])
    array([0.5], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(sigmoid, nn_shapes.float_spec, x)
    return backend.nn.sigmoid(x)


@keras_export(["keras.ops.sparse_sigmoid", "keras.ops.nn.sparse_sigmoid"])
def sparse_sigmoid(x):
    """Piecewise-linear sigmoid: 0 below -1, 1 above 1, `(x + 1) / 2`
    between.

    Args:
        x: a tensor.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.sparse_sigmoid([-2.0, 0.0, 0.5])
    array([0.  , 0.5 , 0.75], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(sparse_sigmoid, nn_shapes.float_spec, x)
    return backend.nn.sparse_sigmoid(x)


@keras_export(["keras.ops.softplus", "keras.ops.nn.softplus"])
def softplus(x):
    """Softplus: `log(1 + exp(x))`, computed without overflow.

    Args:
        x: a tensor.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.softplus([0.0])
    array([0.6931472], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(softplus, nn_shapes.float_spec, x)
    return backend.nn.softplus(x)


@keras_export(["keras.ops.softsign", "keras.ops.nn.softsign"])
def softsign(x):
    """Softsign: `x / (1 + |x|)`.

    Args:
        x: a tensor.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.softsign([-1.0, 3.0])
    array([-0.5 ,  0.75], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(softsign, nn_shapes.float_spec, x)
    return backend.nn.softsign(x)


@keras_export(
    [
        "keras.ops.silu",
        "keras.ops.swish",
        "keras.ops.nn.silu",
        "keras.ops.nn.swish",
    ]
)
def silu(x):
    """Sigmoid linear unit (swish): `x * sigmoid(x)`.

    Args:
        x: a tensor.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.silu([0.0, 1.0])
    array([0.       , 0.7310586], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(silu, nn_shapes.float_spec, x)
    return backend.nn.silu(x)


swish = silu


@keras_export(["keras.ops.squareplus", "keras.ops.nn.squareplus"])
def squareplus(x, b=4):
    """Squareplus: `(x + sqrt(x**2 + b)) / 2`, a smooth ReLU.

    Args:
        x: a tensor.
        b: a non-negative smoothness constant.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.squareplus([0.0, 2.0])
    array([1.       , 2.4142137], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(squareplus, nn_shapes.float_spec, x, b=b)
    return backend.nn.squareplus(x, b=b)


@keras_export(["keras.ops.log_sigmoid", "keras.ops.nn.log_sigmoid"])
def log_sigmoid(x):
    """Logarithm of the sigmoid: `-softplus(-x)`.

    Args:
        x: a tensor.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.log_sigmoid([0.0])
    array([-0.6931472], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(log_sigmoid, nn_shapes.float_spec, x)
    return backend.nn.log_sigmoid(x)


@keras_export(["keras.ops.leaky_relu", "keras.ops.nn.leaky_relu"])
def leaky_relu(x, negative_slope=0.2):
    """Leaky ReLU: `x` where `x >= 0`, `negative_slope * x` elsewhere.

    Args:
        x: a tensor.
        negative_slope: the slope below zero.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.leaky_relu([-1.0, 2.0])
    array([-0.2,  2. ], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(leaky_relu, nn_shapes.float_spec, x,
                           negative_slope=negative_slope)
    return backend.nn.leaky_relu(x, negative_slope=negative_slope)


@keras_export(["keras.ops.hard_sigmoid", "keras.ops.nn.hard_sigmoid"])
def hard_sigmoid(x):
    """Hard sigmoid: `relu6(x + 3) / 6`.

    Args:
        x: a tensor.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.hard_sigmoid([-4.0, 0.0, 1.5])
    array([0.  , 0.5 , 0.75], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(hard_sigmoid, nn_shapes.float_spec, x)
    return backend.nn.hard_sigmoid(x)


@keras_export(
    [
        "keras.ops.hard_silu",
        "keras.ops.hard_swish",
        "keras.ops.nn.hard_silu",
        "keras.ops.nn.hard_swish",
    ]
)
def hard_silu(x):
    """Hard SiLU (hard swish): `x * hard_sigmoid(x)`.

    Args:
        x: a tensor.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.hard_silu([-4.0, 0.0, 4.0])
    array([-0.,  0.,  4.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(hard_silu, nn_shapes.float_spec, x)
    return backend.nn.hard_silu(x)


hard_swish = hard_silu


@keras_export(["keras.ops.elu", "keras.ops.nn.elu"])
def elu(x, alpha=1.0):
    """Exponential linear unit: `x` above 0, `alpha * (exp(x) - 1)` below.

    Args:
        x: a tensor.
        alpha: the scale of the negative part.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.elu([-1.0, 2.0])
    array([-0.63212055,  2.        ], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(elu, nn_shapes.float_spec, x, alpha=alpha)
    return backend.nn.elu(x, alpha=alpha)


@keras_export(["keras.ops.selu", "keras.ops.nn.selu"])
def selu(x):
    """Scaled exponential linear unit, with the self-normalizing constants
    `alpha ~ 1.6733` and `scale ~ 1.0507`.

    Args:
        x: a tensor.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.selu([0.0, 1.0])
    array([0.      , 1.050701], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(selu, nn_shapes.float_spec, x)
    return backend.nn.selu(x)


@keras_export(["keras.ops.gelu", "keras.ops.nn.gelu"])
def gelu(x, approximate=True):
    """Gaussian error linear unit: `x * P(X <= x)` for a standard normal X.

    Args:
        x: a tensor.
        approximate: whether to use the tanh approximation instead of the
            exact `erf` form.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.gelu([0.0, 1.0], approximate=False)
    array([0.       , 0.8413447], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(gelu, nn_shapes.float_spec, x,
                           approximate=approximate)
    return backend.nn.gelu(x, approximate=approximate)


@keras_export(["keras.ops.celu", "keras.ops.nn.celu"])
def celu(x, alpha=1.0):
    """Continuously differentiable ELU:
    `max(x, 0) + min(0, alpha * (exp(x / alpha) - 1))`.

    Args:
        x: a tensor.
        alpha: the scale of the negative part.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.celu([-1.0, 2.0], alpha=0.5)
    array([-0.43233237,  2.        ], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(celu, nn_shapes.float_spec, x, alpha=alpha)
    return backend.nn.celu(x, alpha=alpha)


@keras_export(["keras.ops.glu", "keras.ops.nn.glu"])
def glu(x, axis=-1):
    """Gated linear unit: splits `x` in two halves `a, b` along `axis` and
    returns `a * sigmoid(b)`.

    Args:
        x: a tensor whose size along `axis` is even.
        axis: the axis to split.

    Returns:
        A float tensor, half as long as `x` along `axis`.

    Example:

    >>> keras.ops.glu([[1.0, 2.0, 0.0, 0.0]])
    array([[0.5, 1. ]], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(glu, nn_shapes.glu_spec, x, axis=axis)
    nn_shapes.check_glu(_shape(x), axis)
    return backend.nn.glu(x, axis=axis)


@keras_export(["keras.ops.tanh_shrink", "keras.ops.nn.tanh_shrink"])
def tanh_shrink(x):
    """Tanh shrink: `x - tanh(x)`.

    Args:
        x: a tensor.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.tanh_shrink([0.0, 1.0])
    array([0.        , 0.23840582], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(tanh_shrink, nn_shapes.float_spec, x)
    return backend.nn.tanh_shrink(x)


@keras_export(["keras.ops.hard_tanh", "keras.ops.nn.hard_tanh"])
def hard_tanh(x):
    """Hard tanh: `x` clipped to `[-1, 1]`.

    Args:
        x: a tensor. Integer dtypes are kept (TensorFlow refuses them,
            as in Keras); bools become int32.

    Returns:
        A tensor shaped like `x`.

    Example:

    >>> keras.ops.hard_tanh([-3.0, 0.5, 2.0])
    array([-1. ,  0.5,  1. ], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(hard_tanh, nn_shapes.int_keeping_spec, x)
    return backend.nn.hard_tanh(x)


@keras_export(["keras.ops.hard_shrink", "keras.ops.nn.hard_shrink"])
def hard_shrink(x, threshold=0.5):
    """Hard shrink: `x` where `|x| > threshold`, 0 elsewhere.

    Args:
        x: a tensor.
        threshold: the magnitude at or below which values become 0.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.hard_shrink([-1.0, 0.2, 0.7])
    array([-1. ,  0. ,  0.7], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(hard_shrink, nn_shapes.float_spec, x,
                           threshold=threshold)
    return backend.nn.hard_shrink(x, threshold=threshold)


@keras_export(["keras.ops.threshold", "keras.ops.nn.threshold"])
def threshold(x, threshold, default_value):
    """Keeps `x` where `x > threshold` and puts `default_value` elsewhere.

    Args:
        x: a tensor.
        threshold: the value to compare with.
        default_value: the value for elements at or below `threshold`.

    Returns:
        A tensor shaped like `x`, of the promoted dtype of the arguments
        (Python scalars are weak).

    Example:

    >>> keras.ops.threshold([1.0, 5.0], 2.0, 0.0)
    array([0., 5.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(_threshold_op, nn_shapes.threshold_spec,
                           x, threshold, default_value)
    return backend.nn.threshold(x, threshold, default_value)


# The op's `threshold` argument shadows the function's own name inside it.
_threshold_op = threshold


@keras_export(["keras.ops.soft_shrink", "keras.ops.nn.soft_shrink"])
def soft_shrink(x, threshold=0.5):
    """Soft shrink: moves `x` towards 0 by `threshold`, and sets values in
    `[-threshold, threshold]` to 0.

    Args:
        x: a tensor.
        threshold: the shrinkage.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.soft_shrink([-1.0, 0.2, 2.0])
    array([-0.5,  0. ,  1.5], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(soft_shrink, nn_shapes.float_spec, x,
                           threshold=threshold)
    return backend.nn.soft_shrink(x, threshold=threshold)


@keras_export(["keras.ops.sparse_plus", "keras.ops.nn.sparse_plus"])
def sparse_plus(x):
    """SparsePlus: 0 for `x <= -1`, `x` for `x >= 1`, `(x + 1)**2 / 4`
    between.

    Args:
        x: a tensor.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.sparse_plus([-2.0, 0.0, 2.0])
    array([0.  , 0.25, 2.  ], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(sparse_plus, nn_shapes.float_spec, x)
    return backend.nn.sparse_plus(x)


@keras_export(["keras.ops.softmax", "keras.ops.nn.softmax"])
def softmax(x, axis=-1):
    """Softmax: `exp(x) / sum(exp(x))` over `axis`.

    Args:
        x: a tensor.
        axis: an int, a tuple of ints (normalized jointly), or `None` (all
            axes).

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.softmax([0.0, 0.0])
    array([0.5, 0.5], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(softmax, nn_shapes.softmax_spec("softmax"), x,
                           axis=axis)
    nn_shapes.check_axes("softmax", axis, len(_shape(x)))
    return backend.nn.softmax(x, axis=axis)


@keras_export(["keras.ops.log_softmax", "keras.ops.nn.log_softmax"])
def log_softmax(x, axis=-1):
    """Logarithm of the softmax, computed stably: `x - logsumexp(x)`.

    Args:
        x: a tensor.
        axis: an int, a tuple of ints, or `None` (all axes).

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.log_softmax([0.0, 0.0])
    array([-0.6931472, -0.6931472], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(log_softmax, nn_shapes.softmax_spec("log_softmax"),
                           x, axis=axis)
    nn_shapes.check_axes("log_softmax", axis, len(_shape(x)))
    return backend.nn.log_softmax(x, axis=axis)


@keras_export(["keras.ops.sparsemax", "keras.ops.nn.sparsemax"])
def sparsemax(x, axis=-1):
    """Sparsemax: the Euclidean projection of `x` onto the probability
    simplex along `axis`; small entries become exactly 0.

    Args:
        x: a tensor.
        axis: the axis to normalize.

    Returns:
        A float tensor shaped like `x`, summing to 1 along `axis`.

    Example:

    >>> keras.ops.sparsemax([0.0, 0.5, 3.0])
    array([0., 0., 1.])
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(sparsemax, nn_shapes.softmax_spec("sparsemax"), x,
                           axis=axis)
    nn_shapes.check_axes("sparsemax", axis, len(_shape(x)))
    return backend.nn.sparsemax(x, axis=axis)
