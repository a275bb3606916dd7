"""Normalization ops: moments, batch, layer and RMS normalization."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import nn_shapes
from keras.src.ops.operation import symbolic_op
from keras.src.ops.shape_rules import shape_of as _shape


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
