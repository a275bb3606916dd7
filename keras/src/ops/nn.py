"""`keras.ops.nn`: activations, losses, normalization, convolution, pooling
and attention.

Shape rules live in `nn_shapes.py`. Checks that only need shapes run on the
eager path too, so that every backend raises the same `ValueError`.
"""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import nn_shapes
from keras.src.ops.nn_shapes import static_shape as _shape
from keras.src.ops.operation import symbolic_op

# ------------------------------------------------------------ activations


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
        x: a tensor; integers and bools are computed as floatx.

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
        x: a tensor. Integer dtypes are kept; bools become int32.

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
    array([0., 0., 1.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(sparsemax, nn_shapes.softmax_spec("sparsemax"), x,
                           axis=axis)
    nn_shapes.check_axes("sparsemax", axis, len(_shape(x)))
    return backend.nn.sparsemax(x, axis=axis)


# --------------------------------------------------------- one-hot, losses


@keras_export(["keras.ops.one_hot", "keras.ops.nn.one_hot"])
def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    """One-hot encodes integer class indices.

    Indices outside `[0, num_classes)` give all-zero vectors.

    Args:
        x: an integer tensor of class indices.
        num_classes: the number of classes (the size of the new axis).
        axis: where the new axis goes in the output.
        dtype: the output dtype; floatx by default.
        sparse: whether to return a sparse tensor (TensorFlow only).

    Returns:
        A tensor of rank `x.ndim + 1`.

    Example:

    >>> keras.ops.one_hot([0, 2], 3)
    array([[1., 0., 0.],
           [0., 0., 1.]], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(one_hot, nn_shapes.one_hot_spec, x, num_classes,
                           axis=axis, dtype=dtype, sparse=sparse)
    nn_shapes.check_num_classes("one_hot", num_classes)
    return backend.nn.one_hot(x, num_classes, axis=axis, dtype=dtype,
                              sparse=sparse)


@keras_export(["keras.ops.multi_hot", "keras.ops.nn.multi_hot"])
def multi_hot(inputs, num_classes=None, axis=-1, dtype=None, sparse=False,
              **kwargs):
    """Multi-hot encodes integer class indices: one-hot encodes them, then
    takes the maximum over the token axis (axis 1 of a batched input, axis
    0 of a 1D input).

    Args:
        inputs: an integer tensor, `(batch, tokens)` or `(tokens,)`.
        num_classes: the number of classes (`num_tokens` is accepted too).
        axis: where the class axis goes in the one-hot encoding.
        dtype: the output dtype; floatx by default.
        sparse: whether to return a sparse tensor (TensorFlow only).

    Returns:
        A tensor such as `(batch, num_classes)`.

    Example:

    >>> keras.ops.multi_hot([[0, 2, 2]], 3)
    array([[1., 0., 1.]], dtype=float32)
    """
    num_classes = kwargs.pop("num_tokens", num_classes)
    if kwargs:
        raise TypeError(f"`multi_hot`: unexpected arguments {list(kwargs)}.")
    nn_shapes.check_num_classes("multi_hot", num_classes)
    if any_symbolic_tensors((inputs,)):
        return symbolic_op(multi_hot, nn_shapes.multi_hot_spec, inputs,
                           num_classes, axis=axis, dtype=dtype, sparse=sparse)
    return backend.nn.multi_hot(inputs, num_classes, axis=axis, dtype=dtype,
                                sparse=sparse)


@keras_export(
    [
        "keras.ops.categorical_crossentropy",
        "keras.ops.nn.categorical_crossentropy",
    ]
)
def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """Cross-entropy between one-hot (or soft) targets and predicted class
    distributions.

    Probabilities are rescaled to sum to 1 along `axis` and clipped to
    `[epsilon, 1 - epsilon]` before the logarithm.

    Args:
        target: a tensor of target probabilities.
        output: predictions, shaped like `target`.
        from_logits: whether `output` holds logits instead of
            probabilities.
        axis: the class axis.

    Returns:
        The loss per example: `target`'s shape without `axis`.

    Example:

    >>> keras.ops.categorical_crossentropy([[0.0, 1.0]], [[0.5, 0.5]])
    array([0.6931472], dtype=float32)
    """
    if any_symbolic_tensors((target, output)):
        return symbolic_op(categorical_crossentropy,
                           nn_shapes.categorical_crossentropy_spec, target,
                           output, from_logits=from_logits, axis=axis)
    nn_shapes.check_crossentropy("categorical_crossentropy",
                                 _shape(target), _shape(output),
                                 axis)
    return backend.nn.categorical_crossentropy(
        target, output, from_logits=from_logits, axis=axis
    )


@keras_export(
    [
        "keras.ops.sparse_categorical_crossentropy",
        "keras.ops.nn.sparse_categorical_crossentropy",
    ]
)
def sparse_categorical_crossentropy(target, output, from_logits=False,
                                    axis=-1):
    """Cross-entropy between integer class targets and predicted class
    distributions.

    Targets outside `[0, num_classes)` give a loss of 0.

    Args:
        target: an integer tensor, `output`'s shape without `axis` (a
            trailing axis of size 1 is accepted too).
        output: predictions: probabilities, or logits with `from_logits`.
        from_logits: whether `output` holds logits.
        axis: the class axis of `output`.

    Returns:
        The loss per example, of `output`'s float dtype.

    Example:

    >>> keras.ops.sparse_categorical_crossentropy([1], [[0.5, 0.5]])
    array([0.6931472], dtype=float32)
    """
    if any_symbolic_tensors((target, output)):
        return symbolic_op(sparse_categorical_crossentropy,
                           nn_shapes.sparse_categorical_crossentropy_spec,
                           target, output, from_logits=from_logits, axis=axis)
    nn_shapes.check_sparse_crossentropy(_shape(target),
                                        _shape(output), axis)
    return backend.nn.sparse_categorical_crossentropy(
        target, output, from_logits=from_logits, axis=axis
    )


@keras_export(
    ["keras.ops.binary_crossentropy", "keras.ops.nn.binary_crossentropy"]
)
def binary_crossentropy(target, output, from_logits=False):
    """Elementwise binary cross-entropy.

    Probabilities are clipped to `[epsilon, 1 - epsilon]`; logits use the
    stable form `max(x, 0) - x * t + log(1 + exp(-|x|))`.

    Args:
        target: a tensor of targets in `[0, 1]`.
        output: predictions, shaped like `target`.
        from_logits: whether `output` holds logits.

    Returns:
        The elementwise loss, shaped like `target`.

    Example:

    >>> keras.ops.binary_crossentropy([1.0, 0.0], [0.5, 0.5])
    array([0.6931472, 0.6931472], dtype=float32)
    """
    if any_symbolic_tensors((target, output)):
        return symbolic_op(binary_crossentropy,
                           nn_shapes.binary_crossentropy_spec, target, output,
                           from_logits=from_logits)
    nn_shapes.check_crossentropy("binary_crossentropy", _shape(target),
                                 _shape(output))
    return backend.nn.binary_crossentropy(target, output,
                                          from_logits=from_logits)


# ---------------------------------------------------------- normalization


@keras_export(["keras.ops.moments", "keras.ops.nn.moments"])
def moments(x, axes, keepdims=False, synchronized=False):
    """Mean and variance of `x` over `axes`.

    16-bit floats are accumulated in float32, so large values do not
    overflow.

    Args:
        x: a tensor.
        axes: an int, a list of ints, or `None` (all axes).
        keepdims: whether to keep the reduced axes with size 1.
        synchronized: whether to aggregate over all replicas of a
            distributed run (TensorFlow distribution strategies and
            initialized `torch.distributed` process groups). JAX arrays
            sharded across devices are already global, and a NumPy process
            holds all of its data, so it changes nothing there.

    Returns:
        A tuple `(mean, variance)`.

    Example:

    >>> mean, variance = keras.ops.moments([1.0, 2.0, 3.0], axes=0)
    >>> float(mean), round(float(variance), 4)
    (2.0, 0.6667)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(moments, nn_shapes.moments_spec, x, axes,
                           keepdims=keepdims, synchronized=synchronized)
    axes = nn_shapes.check_moments_axes(_shape(x), axes)
    return backend.nn.moments(x, axes, keepdims=keepdims,
                              synchronized=synchronized)


@keras_export(
    ["keras.ops.batch_normalization", "keras.ops.nn.batch_normalization"]
)
def batch_normalization(x, mean, variance, axis, offset=None, scale=None,
                        epsilon=1e-3):
    """Normalizes `x` with given statistics:
    `(x - mean) / sqrt(variance + epsilon) * scale + offset`.

    Args:
        x: a tensor.
        mean: a vector of length `x.shape[axis]`.
        variance: a vector of length `x.shape[axis]`.
        axis: the feature axis of `x`.
        offset: an optional vector added after scaling.
        scale: an optional vector multiplied after normalizing.
        epsilon: added to the variance.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.batch_normalization(
    ...     [[1.0, 3.0]], [1.0, 1.0], [1.0, 4.0], axis=1, epsilon=0.0)
    array([[0., 1.]], dtype=float32)
    """
    tensors = (x, mean, variance, offset, scale)
    if any_symbolic_tensors(tensors):
        return symbolic_op(batch_normalization,
                           nn_shapes.batch_normalization_spec, x, mean,
                           variance, axis, offset=offset, scale=scale,
                           epsilon=epsilon)
    nn_shapes.check_batch_normalization(
        _shape(x),
        axis,
        mean=_shape(mean),
        variance=_shape(variance),
        offset=None if offset is None else _shape(offset),
        scale=None if scale is None else _shape(scale),
    )
    return backend.nn.batch_normalization(x, mean, variance, axis,
                                          offset=offset, scale=scale,
                                          epsilon=epsilon)


@keras_export(
    ["keras.ops.layer_normalization", "keras.ops.nn.layer_normalization"]
)
def layer_normalization(x, gamma=None, beta=None, axis=-1, epsilon=None,
                        **kwargs):
    """Normalizes `x` to zero mean and unit variance over `axis`, then
    applies `gamma * x + beta`.

    Args:
        x: a tensor.
        gamma: an optional scale, shaped like the normalized axes.
        beta: an optional offset, shaped like the normalized axes.
        axis: an int or a list of ints.
        epsilon: added to the variance; `keras.config.epsilon()` by
            default.
        **kwargs: `rms_scaling=True` (deprecated: use
            `keras.ops.rms_normalization`) scales by the variance without
            centering and ignores `beta`.

    Returns:
        A tensor shaped like `x`, of `x`'s float dtype.

    Example:

    >>> keras.ops.layer_normalization([[1.0, 3.0]], epsilon=0.0)
    array([[-1.,  1.]], dtype=float32)
    """
    rms_scaling = kwargs.pop("rms_scaling", False)
    if kwargs:
        raise TypeError(
            f"`layer_normalization`: unexpected arguments {list(kwargs)}."
        )
    if rms_scaling:
        _warn_rms_scaling()
        kwargs = {"rms_scaling": True}
    if any_symbolic_tensors((x, gamma, beta)):
        return symbolic_op(layer_normalization,
                           nn_shapes.axis_float_spec("layer_normalization"),
                           x, gamma, beta, axis=axis, epsilon=epsilon,
                           **kwargs)
    nn_shapes.check_axes("layer_normalization", axis, len(_shape(x)))
    return backend.nn.layer_normalization(x, gamma, beta, axis=axis,
                                          epsilon=epsilon, **kwargs)


def _warn_rms_scaling():
    import warnings

    warnings.warn(
        "`layer_normalization(..., rms_scaling=True)` is deprecated; use "
        "`keras.ops.rms_normalization` instead.",
        stacklevel=3,
    )


@keras_export(
    ["keras.ops.rms_normalization", "keras.ops.nn.rms_normalization"]
)
def rms_normalization(x, scale=None, axis=-1, epsilon=None):
    """Root-mean-square normalization:
    `x / sqrt(mean(x**2, axis) + epsilon) * scale`.

    Args:
        x: a tensor.
        scale: an optional scale, shaped like the normalized axes.
        axis: an int or a list of ints.
        epsilon: added to the mean square; `keras.config.epsilon()` by
            default.

    Returns:
        A tensor shaped like `x`, of `x`'s float dtype.

    Example:

    >>> keras.ops.rms_normalization([[3.0, 4.0]], epsilon=0.0)
    array([[0.84852815, 1.1313709 ]], dtype=float32)
    """
    if any_symbolic_tensors((x, scale)):
        return symbolic_op(rms_normalization,
                           nn_shapes.axis_float_spec("rms_normalization"),
                           x, scale, axis=axis, epsilon=epsilon)
    nn_shapes.check_axes("rms_normalization", axis, len(_shape(x)))
    return backend.nn.rms_normalization(x, scale, axis=axis, epsilon=epsilon)


@keras_export(["keras.ops.normalize", "keras.ops.nn.normalize"])
def normalize(x, axis=-1, order=2, epsilon=None):
    """Divides `x` by its `order`-norm over `axis`:
    `x / max(norm(x), epsilon)`.

    Args:
        x: a tensor.
        axis: an int, a tuple of ints, or `None` (all axes).
        order: the norm's order, an int >= 1.
        epsilon: the smallest norm divided by; `keras.config.epsilon()` by
            default.

    Returns:
        A float tensor shaped like `x`.

    Example:

    >>> keras.ops.normalize([3.0, 4.0])
    array([0.6, 0.8], dtype=float32)
    """
    nn_shapes.check_normalize_order(order)
    if any_symbolic_tensors((x,)):
        return symbolic_op(normalize, nn_shapes.axis_float_spec("normalize"),
                           x, axis=axis, order=order, epsilon=epsilon)
    nn_shapes.check_axes("normalize", axis, len(_shape(x)))
    return backend.nn.normalize(x, axis=axis, order=order, epsilon=epsilon)


@keras_export(["keras.ops.psnr", "keras.ops.nn.psnr"])
def psnr(x1, x2, max_val):
    """Peak signal-to-noise ratio in decibels:
    `20 * log10(max_val) - 10 * log10(mean((x1 - x2)**2))`.

    Args:
        x1: a tensor, such as an image.
        x2: a tensor shaped like `x1`.
        max_val: the largest possible value (1.0 or 255, say).

    Returns:
        A float scalar; `inf` when `x1` equals `x2`.

    Example:

    >>> round(float(keras.ops.psnr([0.0, 1.0], [0.0, 0.9], 1.0)), 4)
    23.0103
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(psnr, nn_shapes.psnr_spec, x1, x2, max_val)
    nn_shapes.check_psnr(_shape(x1), _shape(x2))
    return backend.nn.psnr(x1, x2, max_val)


@keras_export(["keras.ops.polar", "keras.ops.nn.polar"])
def polar(abs_, angle):
    """Complex numbers from polar coordinates:
    `abs_ * (cos(angle) + 1j * sin(angle))`.

    Args:
        abs_: the magnitudes.
        angle: the angles, in radians.

    Returns:
        A complex tensor: complex128 from float64 inputs, complex64
        otherwise.

    Example:

    >>> keras.ops.polar([2.0], [0.0])
    array([2.+0.j], dtype=complex64)
    """
    if any_symbolic_tensors((abs_, angle)):
        return symbolic_op(polar, nn_shapes.polar_spec, abs_, angle)
    return backend.nn.polar(abs_, angle)


# ---------------------------------------------------- convolution, pooling


@keras_export(["keras.ops.conv", "keras.ops.nn.conv"])
def conv(inputs, kernel, strides=1, padding="valid", data_format=None,
         dilation_rate=1):
    """N-D convolution (1D, 2D or 3D; cross-correlation, as in deep
    learning).

    When the input has `g` times the kernel's input channels, the
    convolution is grouped into `g` groups.

    Args:
        inputs: a tensor `(batch, *spatial, channels)`, or
            `(batch, channels, *spatial)` with `"channels_first"`.
        kernel: a tensor `(*kernel_size, in_channels // groups,
            out_channels)`.
        strides: an int or one int per spatial dim.
        padding: `"valid"` (none) or `"same"` (output size
            `ceil(size / stride)`; the extra padding goes at the end).
        data_format: `"channels_last"` or `"channels_first"`;
            `keras.config.image_data_format()` by default.
        dilation_rate: an int or one int per spatial dim.

    Returns:
        A tensor with `out_channels` channels, of the promoted dtype.

    Example:

    >>> x = np.ones((1, 4, 1), "float32")
    >>> keras.ops.conv(x, np.ones((2, 1, 1), "float32"))[0, :, 0]
    array([2., 2., 2.], dtype=float32)
    """
    if any_symbolic_tensors((inputs, kernel)):
        return symbolic_op(conv, nn_shapes.conv_spec("conv"), inputs, kernel,
                           strides=strides, padding=padding,
                           data_format=data_format,
                           dilation_rate=dilation_rate)
    nn_shapes.conv_output_shape("conv", _shape(inputs),
                                _shape(kernel), strides, padding,
                                data_format, dilation_rate)
    return backend.nn.conv(inputs, kernel, strides=strides, padding=padding,
                           data_format=data_format,
                           dilation_rate=dilation_rate)


@keras_export(["keras.ops.depthwise_conv", "keras.ops.nn.depthwise_conv"])
def depthwise_conv(inputs, kernel, strides=1, padding="valid",
                   data_format=None, dilation_rate=1):
    """Depthwise N-D convolution: each input channel is convolved with its
    own `depth_multiplier` filters.

    Output channel `c * depth_multiplier + m` comes from input channel `c`
    and filter `m`.

    Args:
        inputs: a tensor `(batch, *spatial, channels)`, or channels first.
        kernel: a tensor `(*kernel_size, channels, depth_multiplier)`.
        strides: an int or one int per spatial dim.
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"`.
        dilation_rate: an int or one int per spatial dim.

    Returns:
        A tensor with `channels * depth_multiplier` channels.

    Example:

    >>> x = np.ones((1, 3, 2), "float32")
    >>> keras.ops.depthwise_conv(x, np.ones((3, 2, 1), "float32")).shape
    (1, 1, 2)
    """
    if any_symbolic_tensors((inputs, kernel)):
        return symbolic_op(depthwise_conv,
                           nn_shapes.conv_spec("depthwise_conv", True), inputs,
                           kernel, strides=strides, padding=padding,
                           data_format=data_format,
                           dilation_rate=dilation_rate)
    nn_shapes.conv_output_shape("depthwise_conv", _shape(inputs),
                                _shape(kernel), strides, padding,
                                data_format, dilation_rate, depthwise=True)
    return backend.nn.depthwise_conv(inputs, kernel, strides=strides,
                                     padding=padding, data_format=data_format,
                                     dilation_rate=dilation_rate)


@keras_export(["keras.ops.separable_conv", "keras.ops.nn.separable_conv"])
def separable_conv(inputs, depthwise_kernel, pointwise_kernel, strides=1,
                   padding="valid", data_format=None, dilation_rate=1):
    """Separable N-D convolution: a depthwise convolution followed by a
    convolution with `pointwise_kernel` (stride 1, no padding).

    Args:
        inputs: a tensor `(batch, *spatial, channels)`, or channels first.
        depthwise_kernel: `(*kernel_size, channels, depth_multiplier)`.
        pointwise_kernel: `(*ones, channels * depth_multiplier,
            out_channels)`.
        strides: the depthwise step's strides.
        padding: the depthwise step's padding, `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"`.
        dilation_rate: the depthwise step's dilation.

    Returns:
        A tensor with `out_channels` channels.

    Example:

    >>> x = np.ones((1, 3, 2), "float32")
    >>> dw, pw = np.ones((3, 2, 1), "float32"), np.ones((1, 2, 4), "float32")
    >>> keras.ops.separable_conv(x, dw, pw).shape
    (1, 1, 4)
    """
    tensors = (inputs, depthwise_kernel, pointwise_kernel)
    if any_symbolic_tensors(tensors):
        return symbolic_op(separable_conv, nn_shapes.separable_conv_spec,
                           *tensors, strides=strides, padding=padding,
                           data_format=data_format,
                           dilation_rate=dilation_rate)
    nn_shapes.separable_conv_output_shape(
        *(_shape(t) for t in tensors), strides, padding, data_format,
        dilation_rate,
    )
    return backend.nn.separable_conv(*tensors, strides=strides,
                                     padding=padding, data_format=data_format,
                                     dilation_rate=dilation_rate)


@keras_export(["keras.ops.conv_transpose", "keras.ops.nn.conv_transpose"])
def conv_transpose(inputs, kernel, strides=1, padding="valid",
                   output_padding=None, data_format=None, dilation_rate=1):
    """N-D transposed convolution (the gradient of `conv` with respect to
    its input), used to upsample.

    Without `output_padding`, the output size along a dim is
    `size * stride` with `"same"`, and
    `size * stride + max(kernel - stride, 0)` with `"valid"` (`kernel`
    being the dilated kernel size). With `output_padding`, it is
    `(size - 1) * stride + kernel - 2 * pad + output_padding`, where `pad`
    is 0 (`"valid"`) or `kernel // 2` (`"same"`).

    Args:
        inputs: a tensor `(batch, *spatial, in_channels)`, or channels
            first.
        kernel: a tensor `(*kernel_size, out_channels, in_channels)`.
        strides: an int or one int per spatial dim.
        padding: `"valid"` or `"same"`.
        output_padding: `None`, an int, or one int per spatial dim.
        data_format: `"channels_last"` or `"channels_first"`.
        dilation_rate: an int or one int per spatial dim.

    Returns:
        A tensor with `out_channels` channels.

    Example:

    >>> x = np.ones((1, 3, 1), "float32")
    >>> keras.ops.conv_transpose(x, np.ones((2, 1, 1), "float32"), 2).shape
    (1, 6, 1)
    """
    if any_symbolic_tensors((inputs, kernel)):
        return symbolic_op(conv_transpose, nn_shapes.conv_transpose_spec,
                           inputs, kernel, strides=strides, padding=padding,
                           output_padding=output_padding,
                           data_format=data_format,
                           dilation_rate=dilation_rate)
    nn_shapes.conv_transpose_output_shape(
        _shape(inputs), _shape(kernel), strides, padding,
        output_padding, data_format, dilation_rate,
    )
    return backend.nn.conv_transpose(inputs, kernel, strides=strides,
                                     padding=padding,
                                     output_padding=output_padding,
                                     data_format=data_format,
                                     dilation_rate=dilation_rate)


@keras_export(["keras.ops.max_pool", "keras.ops.nn.max_pool"])
def max_pool(inputs, pool_size, strides=None, padding="valid",
             data_format=None):
    """N-D max pooling (1D, 2D or 3D).

    With `"same"` padding, padded positions are ignored.

    Args:
        inputs: a tensor `(batch, *spatial, channels)`, or channels first.
        pool_size: an int or one int per spatial dim.
        strides: an int or one int per spatial dim; `pool_size` by
            default.
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"`.

    Returns:
        A tensor of `inputs`' dtype.

    Example:

    >>> x = np.array([1.0, 5.0, 2.0, 4.0], "float32").reshape(1, 4, 1)
    >>> keras.ops.max_pool(x, 2)[0, :, 0]
    array([5., 4.], dtype=float32)
    """
    if any_symbolic_tensors((inputs,)):
        return symbolic_op(max_pool, nn_shapes.pool_spec("max_pool", False),
                           inputs, pool_size, strides=strides,
                           padding=padding, data_format=data_format)
    nn_shapes.pool_output_shape("max_pool", _shape(inputs), pool_size,
                                strides, padding, data_format)
    return backend.nn.max_pool(inputs, pool_size, strides=strides,
                               padding=padding, data_format=data_format)


@keras_export(["keras.ops.average_pool", "keras.ops.nn.average_pool"])
def average_pool(inputs, pool_size, strides=None, padding="valid",
                 data_format=None):
    """N-D average pooling (1D, 2D or 3D).

    With `"same"` padding, each window averages only its real (unpadded)
    elements.

    Args:
        inputs: a tensor `(batch, *spatial, channels)`, or channels first.
        pool_size: an int or one int per spatial dim.
        strides: an int or one int per spatial dim; `pool_size` by
            default.
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"`.

    Returns:
        A float tensor.

    Example:

    >>> x = np.array([1.0, 5.0, 2.0, 4.0], "float32").reshape(1, 4, 1)
    >>> keras.ops.average_pool(x, 2)[0, :, 0]
    array([3., 3.], dtype=float32)
    """
    if any_symbolic_tensors((inputs,)):
        return symbolic_op(average_pool,
                           nn_shapes.pool_spec("average_pool", True), inputs,
                           pool_size, strides=strides, padding=padding,
                           data_format=data_format)
    nn_shapes.pool_output_shape("average_pool", _shape(inputs),
                                pool_size, strides, padding, data_format)
    return backend.nn.average_pool(inputs, pool_size, strides=strides,
                                   padding=padding, data_format=data_format)


@keras_export(
    ["keras.ops.adaptive_average_pool", "keras.ops.nn.adaptive_average_pool"]
)
def adaptive_average_pool(inputs, output_size, data_format=None):
    """Average pooling to a fixed output size: output position `i` of a dim
    of length `L` averages input positions
    `floor(i * L / out)` to `ceil((i + 1) * L / out)` (exclusive).

    Args:
        inputs: a tensor `(batch, *spatial, channels)`, or channels first.
        output_size: an int or one int per spatial dim.
        data_format: `"channels_last"` or `"channels_first"`.

    Returns:
        A float tensor with spatial dims `output_size`.

    Example:

    >>> x = np.arange(6, dtype="float32").reshape(1, 6, 1)
    >>> keras.ops.adaptive_average_pool(x, 2)[0, :, 0]
    array([1., 4.], dtype=float32)
    """
    if any_symbolic_tensors((inputs,)):
        return symbolic_op(
            adaptive_average_pool,
            nn_shapes.adaptive_pool_spec("adaptive_average_pool", True),
            inputs, output_size, data_format=data_format,
        )
    nn_shapes.adaptive_pool_output_shape(
        "adaptive_average_pool", _shape(inputs), output_size,
        data_format,
    )
    return backend.nn.adaptive_average_pool(inputs, output_size,
                                            data_format=data_format)


@keras_export(
    ["keras.ops.adaptive_max_pool", "keras.ops.nn.adaptive_max_pool"]
)
def adaptive_max_pool(inputs, output_size, data_format=None):
    """Max pooling to a fixed output size, with the windows of
    `adaptive_average_pool`.

    Args:
        inputs: a tensor `(batch, *spatial, channels)`, or channels first.
        output_size: an int or one int per spatial dim.
        data_format: `"channels_last"` or `"channels_first"`.

    Returns:
        A tensor of `inputs`' dtype with spatial dims `output_size`.

    Example:

    >>> x = np.arange(6, dtype="float32").reshape(1, 6, 1)
    >>> keras.ops.adaptive_max_pool(x, 2)[0, :, 0]
    array([2., 5.], dtype=float32)
    """
    if any_symbolic_tensors((inputs,)):
        return symbolic_op(
            adaptive_max_pool,
            nn_shapes.adaptive_pool_spec("adaptive_max_pool", False),
            inputs, output_size, data_format=data_format,
        )
    nn_shapes.adaptive_pool_output_shape(
        "adaptive_max_pool", _shape(inputs), output_size, data_format
    )
    return backend.nn.adaptive_max_pool(inputs, output_size,
                                        data_format=data_format)


# ------------------------------------------------------------------- misc


@keras_export(
    ["keras.ops.dot_product_attention", "keras.ops.nn.dot_product_attention"]
)
def dot_product_attention(query, key, value, bias=None, mask=None,
                          scale=None, is_causal=False, flash_attention=None,
                          attn_logits_soft_cap=None):
    """Scaled dot-product attention:
    `softmax(query @ key^T * scale + bias) @ value`.

    Logits are soft-capped (`cap * tanh(logits / cap)`) before `bias` is
    added; masked positions get a large negative logit, so a fully masked
    row attends uniformly. With fewer key heads than query heads, each key
    head serves `heads // kv_heads` query heads (grouped-query attention).

    Args:
        query: `(batch, target_length, heads, head_dim)`.
        key: `(batch, source_length, kv_heads, head_dim)`.
        value: `(batch, source_length, kv_heads, value_dim)`.
        bias: optional logits added, broadcastable to
            `(batch, heads, target_length, source_length)`.
        mask: optional booleans, broadcastable like `bias`: `True` attends.
        scale: the logits' scale; `1 / sqrt(head_dim)` by default.
        is_causal: whether target position `i` only attends source
            positions `<= i`.
        flash_attention: `True` asks for the backend's fused kernel
            (PyTorch and JAX), raising if it is not available; `None` or
            `False` compute the plain formula.
        attn_logits_soft_cap: an optional cap on the logits.

    Returns:
        A tensor `(batch, target_length, heads, value_dim)`.

    Example:

    >>> q = np.ones((1, 2, 1, 4), "float32")
    >>> v = np.arange(8, dtype="float32").reshape(1, 2, 1, 4)
    >>> keras.ops.dot_product_attention(q, q, v)[0, :, 0]
    array([[2., 3., 4., 5.],
           [2., 3., 4., 5.]], dtype=float32)
    """
    tensors = (query, key, value, bias, mask)
    if any_symbolic_tensors(tensors):
        return symbolic_op(dot_product_attention,
                           nn_shapes.dot_product_attention_spec, query, key,
                           value, bias=bias, mask=mask, scale=scale,
                           is_causal=is_causal,
                           flash_attention=flash_attention,
                           attn_logits_soft_cap=attn_logits_soft_cap)
    nn_shapes.check_attention(_shape(query), _shape(key),
                              _shape(value))
    return backend.nn.dot_product_attention(
        query, key, value, bias=bias, mask=mask, scale=scale,
        is_causal=is_causal, flash_attention=flash_attention,
        attn_logits_soft_cap=attn_logits_soft_cap,
    )


@keras_export(["keras.ops.unfold", "keras.ops.nn.unfold"])
def unfold(x, kernel_size, dilation=1, padding=0, stride=1):
    """Extracts sliding blocks of a channels-first image into columns (like
    `torch.nn.functional.unfold`).

    Args:
        x: a tensor `(batch, channels, height, width)`.
        kernel_size: an int or 2 ints.
        dilation: an int or 2 ints.
        padding: zero padding on both sides, an int or 2 ints.
        stride: an int or 2 ints.

    Returns:
        A tensor `(batch, channels * kh * kw, blocks)`; row
        `c * kh * kw + i * kw + j` holds kernel position `(i, j)` of
        channel `c`.

    Example:

    >>> x = np.arange(9, dtype="float32").reshape(1, 1, 3, 3)
    >>> keras.ops.unfold(x, 2).shape
    (1, 4, 4)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(unfold, nn_shapes.unfold_spec, x, kernel_size,
                           dilation=dilation, padding=padding, stride=stride)
    nn_shapes.unfold_output_shape(_shape(x), kernel_size, dilation,
                                  padding, stride)
    return backend.nn.unfold(x, kernel_size, dilation=dilation,
                             padding=padding, stride=stride)


@keras_export(["keras.ops.fold", "keras.ops.nn.fold"])
def fold(x, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """Sums columns of sliding blocks back into an image (the inverse
    layout of `unfold`; overlapping values add up).

    Args:
        x: a tensor `(batch, channels * kh * kw, blocks)`.
        output_size: the image's `(height, width)`, or an int.
        kernel_size: an int or 2 ints.
        dilation: an int or 2 ints.
        padding: an int or 2 ints, as given to `unfold`.
        stride: an int or 2 ints.

    Returns:
        A tensor `(batch, channels, height, width)`.

    Example:

    >>> cols = np.ones((1, 4, 4), "float32")
    >>> keras.ops.fold(cols, 3, 2)[0, 0]
    array([[1., 2., 1.],
           [2., 4., 2.],
           [1., 2., 1.]], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(fold, nn_shapes.fold_spec, x, output_size,
                           kernel_size, dilation=dilation, padding=padding,
                           stride=stride)
    nn_shapes.fold_output_shape(_shape(x), output_size, kernel_size,
                                dilation, padding, stride)
    return backend.nn.fold(x, output_size, kernel_size, dilation=dilation,
                           padding=padding, stride=stride)


@keras_export(["keras.ops.depth_to_space", "keras.ops.nn.depth_to_space"])
def depth_to_space(x, block_size, data_format="channels_last"):
    """Moves blocks of channels into `block_size x block_size` spatial
    blocks (pixel shuffle). Output channel `c` of pixel
    `(h * b + i, w * b + j)` comes from input pixel `(h, w)`, channel
    `(i * b + j) * C + c` with channels last (TensorFlow's order) and
    `c * b * b + i * b + j` with channels first (PyTorch's order), where
    `C` is the output's channel count.

    Args:
        x: a 4D tensor whose channels divide by `block_size ** 2`.
        block_size: the block's side.
        data_format: `"channels_last"` or `"channels_first"`.

    Returns:
        A tensor `block_size` times larger spatially, with
        `block_size ** 2` times fewer channels.

    Example:

    >>> x = np.arange(4, dtype="float32").reshape(1, 1, 1, 4)
    >>> keras.ops.depth_to_space(x, 2)[0, :, :, 0]
    array([[0., 1.],
           [2., 3.]], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(depth_to_space,
                           nn_shapes.depth_space_spec("depth_to_space"), x,
                           block_size, data_format=data_format)
    nn_shapes.depth_space_output_shape("depth_to_space", _shape(x),
                                       block_size, data_format)
    return backend.nn.depth_to_space(x, block_size, data_format=data_format)


@keras_export(["keras.ops.space_to_depth", "keras.ops.nn.space_to_depth"])
def space_to_depth(x, block_size, data_format="channels_last"):
    """Moves `block_size x block_size` spatial blocks into channels: the
    inverse of `depth_to_space`.

    Args:
        x: a 4D tensor whose height and width divide by `block_size`.
        block_size: the block's side.
        data_format: `"channels_last"` or `"channels_first"`.

    Returns:
        A tensor `block_size` times smaller spatially, with
        `block_size ** 2` times more channels.

    Example:

    >>> x = np.arange(4, dtype="float32").reshape(1, 2, 2, 1)
    >>> keras.ops.space_to_depth(x, 2)[0, 0, 0]
    array([0., 1., 2., 3.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(space_to_depth,
                           nn_shapes.depth_space_spec("space_to_depth"), x,
                           block_size, data_format=data_format)
    nn_shapes.depth_space_output_shape("space_to_depth", _shape(x),
                                       block_size, data_format)
    return backend.nn.space_to_depth(x, block_size, data_format=data_format)


@keras_export(["keras.ops.ctc_loss", "keras.ops.nn.ctc_loss"])
def ctc_loss(target, output, target_length, output_length, mask_index=0):
    """Connectionist temporal classification loss: `-log` of the total
    probability of all alignments of `target` with `output`.

    Targets that cannot be aligned (too long for `output_length`) give
    `inf`.

    Args:
        target: integer labels `(batch, max_label_length)`, padded.
        output: logits `(batch, max_length, num_classes)`.
        target_length: the labels' lengths, `(batch,)`.
        output_length: the outputs' lengths, `(batch,)`.
        mask_index: the blank class.

    Returns:
        The loss per example, `(batch,)`, in float32 (float64 for float64
        logits).

    Example:

    >>> logits = np.zeros((1, 2, 2), "float32")
    >>> keras.ops.ctc_loss([[1]], logits, [1], [2])
    array([0.2876821], dtype=float32)
    """
    tensors = (target, output, target_length, output_length)
    if any_symbolic_tensors(tensors):
        return symbolic_op(ctc_loss, nn_shapes.ctc_loss_spec, *tensors,
                           mask_index=mask_index)
    nn_shapes.check_ctc(_shape(target), _shape(output))
    return backend.nn.ctc_loss(*tensors, mask_index=mask_index)


@keras_export(["keras.ops.ctc_decode", "keras.ops.nn.ctc_decode"])
def ctc_decode(inputs, sequence_lengths, strategy="greedy", beam_width=100,
               top_paths=1, merge_repeated=True, mask_index=0):
    """Decodes CTC outputs into label sequences.

    `"greedy"` takes the best class per step, merges repeats (with
    `merge_repeated`) and drops blanks; its score is the negative sum of
    the best logits. `"beam_search"` runs a prefix beam search on the
    log-softmax and scores each path by its log-probability (repeats are
    always merged there, as CTC defines).

    Args:
        inputs: logits `(batch, max_length, num_classes)`.
        sequence_lengths: the inputs' lengths, `(batch,)`.
        strategy: `"greedy"` or `"beam_search"`.
        beam_width: the beam search's width.
        top_paths: how many paths the beam search returns.
        merge_repeated: whether greedy decoding merges repeated classes.
        mask_index: the blank class; `None` means the last class.

    Returns:
        A tuple `(paths, scores)`: int32 paths `(top_paths, batch,
        max_length)` padded with -1, and scores `(batch, top_paths)`.

    Example:

    >>> logits = np.log([[[0.1, 0.9], [0.9, 0.1], [0.1, 0.9]]])
    >>> paths, _ = keras.ops.ctc_decode(logits, [3])
    >>> paths[0]
    array([[ 1,  1, -1]], dtype=int32)
    """
    nn_shapes.check_ctc_decode(_shape(inputs), strategy)
    if any_symbolic_tensors((inputs, sequence_lengths)):
        return symbolic_op(ctc_decode, nn_shapes.ctc_decode_spec, inputs,
                           sequence_lengths, strategy=strategy,
                           beam_width=beam_width, top_paths=top_paths,
                           merge_repeated=merge_repeated,
                           mask_index=mask_index)
    return backend.nn.ctc_decode(
        inputs, sequence_lengths, strategy=strategy, beam_width=beam_width,
        top_paths=top_paths, merge_repeated=merge_repeated,
        mask_index=mask_index,
    )
