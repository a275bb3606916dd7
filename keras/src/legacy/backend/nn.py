"""Keras 2 backend neural-network functions: activations, losses,
convolutions, pooling, normalization and CTC (`K.relu`, `K.conv2d`,
`K.categorical_crossentropy`, `K.ctc_batch_cost`, ...).

Two Keras 2 conventions differ from `keras.ops`: probability losses clip
their inputs to `[epsilon, 1 - epsilon]`, and CTC treats the last class
as the blank label (`keras.ops` uses class 0 by default).
"""

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src import random
from keras.src.api_export import keras_export
from keras.src.legacy.backend.arrays import _data_format

__all__ = [
    "batch_normalization",
    "bias_add",
    "binary_crossentropy",
    "binary_focal_crossentropy",
    "categorical_crossentropy",
    "categorical_focal_crossentropy",
    "conv1d",
    "conv2d",
    "conv2d_transpose",
    "conv3d",
    "ctc_batch_cost",
    "ctc_decode",
    "ctc_label_dense_to_sparse",
    "depthwise_conv2d",
    "dropout",
    "elu",
    "hard_sigmoid",
    "pool2d",
    "pool3d",
    "relu",
    "separable_conv2d",
    "sigmoid",
    "softmax",
    "softplus",
    "softsign",
    "sparse_categorical_crossentropy",
    "tanh",
]

_EXPORT = "keras._tf_keras.keras.backend."


def _activation(name, op, summary, example_out):
    def function(x):
        return op(x)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"""{summary}

    Args:
        x: a tensor.

    Returns:
        A tensor of the shape of `x`.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.{name}([0.0])).tolist()
    {example_out}
    """
    return keras_export(_EXPORT + name)(function)


sigmoid = _activation("sigmoid", ops.sigmoid, "Element-wise sigmoid.",
                      "[0.5]")
tanh = _activation("tanh", ops.tanh, "Element-wise hyperbolic tangent.",
                   "[0.0]")
softplus = _activation("softplus", ops.softplus,
                       "Element-wise `log(1 + exp(x))`.",
                       "[0.6931471824645996]")
softsign = _activation("softsign", ops.softsign,
                       "Element-wise `x / (1 + |x|)`.", "[0.0]")
hard_sigmoid = _activation(
    "hard_sigmoid",
    lambda x: ops.clip(ops.convert_to_tensor(x) * 0.2 + 0.5, 0.0, 1.0),
    "Element-wise `clip(0.2 * x + 0.5, 0, 1)` (Keras 2's slope).",
    "[0.5]")


@keras_export(_EXPORT + "relu")
def relu(x, alpha=0.0, max_value=None, threshold=0.0):
    """Rectified linear unit with a leak, a cap and a threshold.

    Values above `threshold` pass (capped at `max_value`); values below
    give `alpha * (x - threshold)`.

    Args:
        x: a tensor.
        alpha: the slope below the threshold.
        max_value: an optional upper bound.
        threshold: the threshold.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.relu([-1.0, 1.0, 3.0], max_value=2.0)).tolist()
    [0.0, 1.0, 2.0]
    """
    x = ops.convert_to_tensor(x)
    if not backend.is_float_dtype(x.dtype):
        x = ops.cast(x, backend.floatx())
    zero = ops.zeros_like(x)
    positive = ops.where(x > threshold, x, zero)
    if max_value is not None:
        positive = ops.minimum(positive, ops.cast(max_value, x.dtype))
    if alpha:
        positive = positive + alpha * ops.minimum(x - threshold, zero)
    return positive


@keras_export(_EXPORT + "elu")
def elu(x, alpha=1.0):
    """Exponential linear unit: `x` if positive, else
    `alpha * (exp(x) - 1)`.

    Args:
        x: a tensor.
        alpha: the scale of the negative part.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.elu([1.0])).tolist()
    [1.0]
    """
    return ops.elu(x, alpha=alpha)


@keras_export(_EXPORT + "softmax")
def softmax(x, axis=-1):
    """Softmax along `axis`.

    Args:
        x: a tensor.
        axis: the axis to normalize.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.softmax([[0.0, 0.0]])).tolist()
    [[0.5, 0.5]]
    """
    return ops.softmax(x, axis=axis)


@keras_export(_EXPORT + "dropout")
def dropout(x, level, noise_shape=None, seed=None):
    """Zeroes entries with probability `level` and scales the others by
    `1 / (1 - level)`.

    Args:
        x: a tensor.
        level: the fraction of entries to drop, in `[0, 1)`.
        noise_shape: the shape of the random mask, broadcast to `x`.
        seed: an optional integer seed.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.dropout(K.ones((2, 3)), 0.5))
    (2, 3)
    """
    return random.dropout(x, level, noise_shape=noise_shape, seed=seed)


@keras_export(_EXPORT + "bias_add")
def bias_add(x, bias, data_format=None):
    """Adds a bias vector (or tensor) over the channels axis.

    Args:
        x: a tensor.
        bias: a 1D tensor of one value per channel, or a tensor of
            `ndim(x) - 1` axes.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `K.image_data_format()`.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.bias_add(K.zeros((1, 2)), K.constant([1.0, 2.0])))
    array([[1., 2.]], dtype=float32)
    """
    data_format = _data_format("K.bias_add", data_format)
    x = ops.convert_to_tensor(x)
    bias = ops.convert_to_tensor(bias, dtype=x.dtype)
    rank = len(x.shape)
    if len(bias.shape) not in (1, rank - 1):
        raise ValueError(
            "`K.bias_add`: `bias` must have 1 axis or one fewer than `x`. "
            f"Received: bias of shape {tuple(bias.shape)} and x of shape "
            f"{tuple(x.shape)}"
        )
    channels = x.shape[1] if data_format == "channels_first" else x.shape[-1]
    if bias.shape[0] != channels and len(bias.shape) == 1:
        raise ValueError(
            "`K.bias_add`: `bias` must have one value per channel. "
            f"Received: bias of shape {tuple(bias.shape)} for x of shape "
            f"{tuple(x.shape)} with data_format={data_format!r}"
        )
    if data_format == "channels_first":
        if len(bias.shape) == 1:
            bias = ops.reshape(bias, (1, channels) + (1,) * (rank - 2))
        else:
            axes = (len(bias.shape) - 1,) + tuple(
                range(len(bias.shape) - 1)
            )
            bias = ops.expand_dims(ops.transpose(bias, axes), 0)
    return x + bias


@keras_export(_EXPORT + "batch_normalization")
def batch_normalization(x, mean, var, beta, gamma, axis=-1, epsilon=1e-3):
    """Normalizes `x` with the given statistics:
    `(x - mean) / sqrt(var + epsilon) * gamma + beta`.

    Args:
        x: a tensor.
        mean: the mean, one value per entry of `axis`.
        var: the variance.
        beta: the offset (or `None`).
        gamma: the scale (or `None`).
        axis: the feature axis.
        epsilon: a small number added to the variance.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> y = K.batch_normalization(K.ones((1, 2)), K.ones((2,)),
    ...                           K.ones((2,)), None, None)
    >>> K.eval(y).tolist()
    [[0.0, 0.0]]
    """
    return ops.batch_normalization(
        x, mean, var, axis=axis, offset=beta, scale=gamma, epsilon=epsilon
    )


def _clip_probabilities(output):
    eps = backend.epsilon()
    return ops.clip(output, eps, 1.0 - eps)


@keras_export(_EXPORT + "binary_crossentropy")
def binary_crossentropy(target, output, from_logits=False):
    """Element-wise binary cross-entropy.

    Probabilities are clipped to `[epsilon, 1 - epsilon]` and `epsilon`
    is added inside the logarithms, as in Keras 2.

    Args:
        target: a tensor of targets in `[0, 1]`.
        output: probabilities, or logits when `from_logits=True`.
        from_logits: whether `output` holds logits.

    Returns:
        A tensor of the shape of `output`.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> loss = K.binary_crossentropy(K.constant([0.0]), K.constant([0.5]))
    >>> round(float(K.eval(loss)[0]), 4)
    0.6931
    """
    output = ops.convert_to_tensor(output)
    target = ops.cast(target, output.dtype)
    if from_logits:
        # max(z, 0) - z * t + log(1 + exp(-|z|)): no overflow for large z.
        return (
            ops.relu(output)
            - output * target
            + ops.log1p(ops.exp(-ops.absolute(output)))
        )
    eps = backend.epsilon()
    output = _clip_probabilities(output)
    log_likelihood = target * ops.log(output + eps) + (1.0 - target) * (
        ops.log(1.0 - output + eps)
    )
    return -log_likelihood


@keras_export(_EXPORT + "binary_focal_crossentropy")
def binary_focal_crossentropy(target, output, apply_class_balancing=False,
                              alpha=0.25, gamma=2.0, from_logits=False):
    """Binary cross-entropy scaled by `(1 - p_t) ** gamma`, where `p_t`
    is the probability given to the true label.

    Args:
        target: a tensor of targets in `[0, 1]`.
        output: probabilities, or logits when `from_logits=True`.
        apply_class_balancing: whether to weight positives by `alpha`
            and negatives by `1 - alpha`.
        alpha: the class-balancing weight.
        gamma: the focusing exponent.
        from_logits: whether `output` holds logits.

    Returns:
        A tensor of the shape of `output`.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> loss = K.binary_focal_crossentropy(K.constant([1.0]),
    ...                                    K.constant([0.5]))
    >>> round(float(K.eval(loss)[0]), 4)
    0.1733
    """
    output = ops.convert_to_tensor(output)
    target = ops.cast(target, output.dtype)
    probabilities = ops.sigmoid(output) if from_logits else output
    p_t = target * probabilities + (1.0 - target) * (1.0 - probabilities)
    focal = ops.power(1.0 - p_t, gamma) * binary_crossentropy(
        target, output, from_logits=from_logits
    )
    if apply_class_balancing:
        focal = focal * (target * alpha + (1.0 - target) * (1.0 - alpha))
    return focal


def _normalized_probabilities(output, axis, from_logits):
    if from_logits:
        return ops.softmax(output, axis=axis)
    output = output / ops.sum(output, axis=axis, keepdims=True)
    return _clip_probabilities(output)


@keras_export(_EXPORT + "categorical_crossentropy")
def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """Categorical cross-entropy between one-hot targets and
    predictions along `axis`.

    Probabilities are rescaled to sum to 1 and clipped to
    `[epsilon, 1 - epsilon]`, as in Keras 2.

    Args:
        target: a tensor of the shape of `output`.
        output: probabilities, or logits when `from_logits=True`.
        from_logits: whether `output` holds logits.
        axis: the class axis.

    Returns:
        A tensor with `axis` reduced.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> loss = K.categorical_crossentropy(K.constant([[0.0, 1.0]]),
    ...                                   K.constant([[0.5, 0.5]]))
    >>> round(float(K.eval(loss)[0]), 4)
    0.6931
    """
    output = ops.convert_to_tensor(output)
    target = ops.cast(target, output.dtype)
    if from_logits:
        log_probabilities = ops.log_softmax(output, axis=axis)
    else:
        log_probabilities = ops.log(
            _normalized_probabilities(output, axis, False)
        )
    return -ops.sum(target * log_probabilities, axis=axis)


@keras_export(_EXPORT + "categorical_focal_crossentropy")
def categorical_focal_crossentropy(target, output, alpha=0.25, gamma=2.0,
                                   from_logits=False, axis=-1):
    """Categorical cross-entropy where each class term is scaled by
    `alpha * (1 - p) ** gamma`.

    Args:
        target: a tensor of the shape of `output`.
        output: probabilities, or logits when `from_logits=True`.
        alpha: the weighting factor.
        gamma: the focusing exponent.
        from_logits: whether `output` holds logits.
        axis: the class axis.

    Returns:
        A tensor with `axis` reduced.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> loss = K.categorical_focal_crossentropy(
    ...     K.constant([[0.0, 1.0]]), K.constant([[0.5, 0.5]]))
    >>> round(float(K.eval(loss)[0]), 4)
    0.0433
    """
    output = ops.convert_to_tensor(output)
    target = ops.cast(target, output.dtype)
    probabilities = _normalized_probabilities(output, axis, from_logits)
    if from_logits:
        probabilities = _clip_probabilities(probabilities)
    cross_entropy = -target * ops.log(probabilities)
    weight = alpha * ops.power(1.0 - probabilities, gamma)
    return ops.sum(weight * cross_entropy, axis=axis)


@keras_export(_EXPORT + "sparse_categorical_crossentropy")
def sparse_categorical_crossentropy(target, output, from_logits=False,
                                    axis=-1, ignore_class=None):
    """Categorical cross-entropy with integer targets.

    Args:
        target: an integer tensor of class indices, of the shape of
            `output` without `axis`.
        output: probabilities, or logits when `from_logits=True`.
        from_logits: whether `output` holds logits.
        axis: the class axis of `output`.
        ignore_class: an optional class index whose entries get a loss
            of 0.

    Returns:
        A tensor of the shape of `target`.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> loss = K.sparse_categorical_crossentropy(
    ...     K.constant([1], dtype="int32"), K.constant([[0.5, 0.5]]))
    >>> round(float(K.eval(loss)[0]), 4)
    0.6931
    """
    output = ops.convert_to_tensor(output)
    target = ops.convert_to_tensor(target)
    rank = len(output.shape)
    axis = axis % rank
    if axis != rank - 1:
        output = ops.moveaxis(output, axis, -1)
    if not from_logits:
        output = ops.log(_clip_probabilities(output))
    if len(target.shape) == rank:
        target = ops.squeeze(target, axis=-1)
    target = ops.cast(target, "int32")
    valid = None
    if ignore_class is not None:
        valid = ops.not_equal(target, ignore_class)
        target = ops.where(valid, target, ops.zeros_like(target))
    log_probabilities = ops.log_softmax(output, axis=-1)
    picked = ops.take_along_axis(
        log_probabilities, ops.expand_dims(target, -1), axis=-1
    )
    loss = -ops.squeeze(picked, axis=-1)
    if valid is not None:
        loss = ops.where(valid, loss, ops.zeros_like(loss))
    return loss


def _conv(function_name, rank, x, kernel, strides, padding, data_format,
          dilation_rate):
    data_format = _data_format(function_name, data_format)
    if padding not in ("valid", "same", "causal"):
        raise ValueError(
            f"`{function_name}`: `padding` must be 'valid', 'same' or "
            f"'causal'. Received: padding={padding!r}"
        )
    if padding == "causal":
        if rank != 1:
            raise ValueError(
                f"`{function_name}`: 'causal' padding is only for 1D "
                "convolutions."
            )
        dilation = dilation_rate if isinstance(dilation_rate, int) else (
            dilation_rate[0])
        left = dilation * (ops.shape(kernel)[0] - 1)
        pad = [[0, 0], [left, 0], [0, 0]]
        if data_format == "channels_first":
            pad = [[0, 0], [0, 0], [left, 0]]
        x = ops.pad(x, pad)
        padding = "valid"
    return ops.conv(x, kernel, strides=strides, padding=padding,
                    data_format=data_format, dilation_rate=dilation_rate)


_CONV_DOC = """{rank}D convolution.

    Args:
        x: the input, `(batch, {spatial}, channels)` (channels last) or
            `(batch, channels, {spatial})`.
        kernel: the kernel, `({kernel_axes}, in_channels, out_channels)`.
        strides: the strides, an integer or one per spatial axis.
        padding: `"valid"` or `"same"`{causal}.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `K.image_data_format()`.
        dilation_rate: the dilation, an integer or one per spatial axis.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> y = K.conv{rank}d(K.ones((1, {ones}, 2)), K.ones(({kernel}, 2, 3)))
    >>> K.int_shape(y)
    (1, {out}, 3)
    """


@keras_export(_EXPORT + "conv1d")
def conv1d(x, kernel, strides=1, padding="valid", data_format=None,
           dilation_rate=1):
    return _conv("K.conv1d", 1, x, kernel, strides, padding, data_format,
                 dilation_rate)


@keras_export(_EXPORT + "conv2d")
def conv2d(x, kernel, strides=(1, 1), padding="valid", data_format=None,
           dilation_rate=(1, 1)):
    return _conv("K.conv2d", 2, x, kernel, strides, padding, data_format,
                 dilation_rate)


@keras_export(_EXPORT + "conv3d")
def conv3d(x, kernel, strides=(1, 1, 1), padding="valid", data_format=None,
           dilation_rate=(1, 1, 1)):
    return _conv("K.conv3d", 3, x, kernel, strides, padding, data_format,
                 dilation_rate)


for _rank, _function in ((1, conv1d), (2, conv2d), (3, conv3d)):
    _function.__doc__ = _CONV_DOC.format(
        rank=_rank,
        spatial=", ".join(["steps"] if _rank == 1 else
                          ["rows", "cols"] if _rank == 2 else
                          ["depth", "rows", "cols"]),
        kernel_axes=", ".join(["size"] * _rank),
        causal=(", or `\"causal\"` (left padding, for sequences)"
                if _rank == 1 else ""),
        ones=", ".join(["4"] * _rank),
        kernel=", ".join(["3"] * _rank),
        out=", ".join(["2"] * _rank),
    )


@keras_export(_EXPORT + "conv2d_transpose")
def conv2d_transpose(x, kernel, output_shape, strides=(1, 1),
                     padding="valid", data_format=None,
                     dilation_rate=(1, 1)):
    """2D transposed convolution, to an explicit output shape.

    Args:
        x: a 4D input tensor.
        kernel: the kernel, `(rows, cols, out_channels, in_channels)`.
        output_shape: the full output shape, batch included.
        strides: the strides, an integer or a pair.
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `K.image_data_format()`.
        dilation_rate: the dilation, an integer or a pair.

    Returns:
        A 4D tensor of shape `output_shape`.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> y = K.conv2d_transpose(K.ones((1, 2, 2, 3)), K.ones((3, 3, 4, 3)),
    ...                        (1, 4, 4, 4), strides=2, padding="same")
    >>> K.int_shape(y)
    (1, 4, 4, 4)
    """
    data_format = _data_format("K.conv2d_transpose", data_format)
    x = ops.convert_to_tensor(x)
    strides = (strides,) * 2 if isinstance(strides, int) else tuple(strides)
    dilation = (dilation_rate,) * 2 if isinstance(dilation_rate, int) else (
        tuple(dilation_rate))
    spatial_in = x.shape[2:] if data_format == "channels_first" else (
        x.shape[1:3])
    output_shape = tuple(int(d) for d in output_shape)
    spatial_out = output_shape[2:] if data_format == "channels_first" else (
        output_shape[1:3])
    output_padding = []
    for size, target, k, s, d in zip(spatial_in, spatial_out,
                                     kernel.shape[:2], strides, dilation):
        dilated = (k - 1) * d + 1
        pad = dilated // 2 if padding == "same" else 0
        extra = target - ((size - 1) * s + dilated - 2 * pad)
        if extra < 0 or extra > max(s - 1, 0):
            raise ValueError(
                "`K.conv2d_transpose`: `output_shape` "
                f"{output_shape} cannot be reached from an input of shape "
                f"{tuple(x.shape)} with strides={strides} and "
                f"padding={padding!r}"
            )
        output_padding.append(extra)
    return ops.conv_transpose(
        x, kernel, strides=strides, padding=padding,
        output_padding=tuple(output_padding), data_format=data_format,
        dilation_rate=dilation,
    )


@keras_export(_EXPORT + "depthwise_conv2d")
def depthwise_conv2d(x, depthwise_kernel, strides=(1, 1), padding="valid",
                     data_format=None, dilation_rate=(1, 1)):
    """2D depthwise convolution: each input channel convolved with its
    own filters.

    Args:
        x: a 4D input tensor.
        depthwise_kernel: `(rows, cols, in_channels, depth_multiplier)`.
        strides: the strides, an integer or a pair.
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `K.image_data_format()`.
        dilation_rate: the dilation, an integer or a pair.

    Returns:
        A 4D tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> y = K.depthwise_conv2d(K.ones((1, 4, 4, 2)), K.ones((3, 3, 2, 1)))
    >>> K.int_shape(y)
    (1, 2, 2, 2)
    """
    data_format = _data_format("K.depthwise_conv2d", data_format)
    return ops.depthwise_conv(
        x, depthwise_kernel, strides=strides, padding=padding,
        data_format=data_format, dilation_rate=dilation_rate,
    )


@keras_export(_EXPORT + "separable_conv2d")
def separable_conv2d(x, depthwise_kernel, pointwise_kernel, strides=(1, 1),
                     padding="valid", data_format=None,
                     dilation_rate=(1, 1)):
    """2D separable convolution: a depthwise convolution followed by a
    1x1 convolution.

    Args:
        x: a 4D input tensor.
        depthwise_kernel: `(rows, cols, in_channels, depth_multiplier)`.
        pointwise_kernel: `(1, 1, in_channels * depth_multiplier,
            out_channels)`.
        strides: the strides, an integer or a pair.
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `K.image_data_format()`.
        dilation_rate: the dilation, an integer or a pair.

    Returns:
        A 4D tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> y = K.separable_conv2d(K.ones((1, 4, 4, 2)), K.ones((3, 3, 2, 1)),
    ...                        K.ones((1, 1, 2, 5)))
    >>> K.int_shape(y)
    (1, 2, 2, 5)
    """
    data_format = _data_format("K.separable_conv2d", data_format)
    return ops.separable_conv(
        x, depthwise_kernel, pointwise_kernel, strides=strides,
        padding=padding, data_format=data_format,
        dilation_rate=dilation_rate,
    )


def _pool(function_name, x, pool_size, strides, padding, data_format,
          pool_mode):
    data_format = _data_format(function_name, data_format)
    if pool_mode == "max":
        op = ops.max_pool
    elif pool_mode == "avg":
        op = ops.average_pool
    else:
        raise ValueError(
            f"`{function_name}`: `pool_mode` must be 'max' or 'avg'. "
            f"Received: pool_mode={pool_mode!r}"
        )
    return op(x, pool_size, strides=strides, padding=padding,
              data_format=data_format)


@keras_export(_EXPORT + "pool2d")
def pool2d(x, pool_size, strides=(1, 1), padding="valid", data_format=None,
           pool_mode="max"):
    """2D max or average pooling.

    Args:
        x: a 4D input tensor.
        pool_size: the window, a pair of integers.
        strides: the strides, a pair of integers.
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `K.image_data_format()`.
        pool_mode: `"max"` or `"avg"`.

    Returns:
        A 4D tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.pool2d(K.ones((1, 4, 4, 1)), (2, 2), strides=(2, 2)))
    (1, 2, 2, 1)
    """
    return _pool("K.pool2d", x, pool_size, strides, padding, data_format,
                 pool_mode)


@keras_export(_EXPORT + "pool3d")
def pool3d(x, pool_size, strides=(1, 1, 1), padding="valid",
           data_format=None, pool_mode="max"):
    """3D max or average pooling.

    Args:
        x: a 5D input tensor.
        pool_size: the window, three integers.
        strides: the strides, three integers.
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `K.image_data_format()`.
        pool_mode: `"max"` or `"avg"`.

    Returns:
        A 5D tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> y = K.pool3d(K.ones((1, 2, 2, 2, 1)), (2, 2, 2), pool_mode="avg")
    >>> K.int_shape(y)
    (1, 1, 1, 1, 1)
    """
    return _pool("K.pool3d", x, pool_size, strides, padding, data_format,
                 pool_mode)


@keras_export(_EXPORT + "ctc_label_dense_to_sparse")
def ctc_label_dense_to_sparse(labels, label_lengths):
    """The (indices, values, dense shape) of padded dense CTC labels.

    Keras 2 returned a `tf.SparseTensor`; backends without sparse tensors
    have no such type, so this returns its three parts: the `(n, 2)`
    int64 indices of the kept labels, their values and the int64 dense
    shape. Only the first `label_lengths[i]` labels of row `i` are kept.

    Args:
        labels: an integer tensor `(batch, max_length)`.
        label_lengths: an integer tensor `(batch,)`.

    Returns:
        A tuple `(indices, values, dense_shape)` of tensors.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> indices, values, shape = K.ctc_label_dense_to_sparse(
    ...     K.constant([[1, 2, 0]], dtype="int32"),
    ...     K.constant([2], dtype="int32"))
    >>> K.eval(values).tolist()
    [1, 2]
    """
    labels = backend.convert_to_numpy(labels)
    lengths = np.reshape(backend.convert_to_numpy(label_lengths), (-1,))
    keep = np.arange(labels.shape[1])[None, :] < lengths[:, None]
    indices = np.argwhere(keep).astype("int64")
    values = labels[keep]
    dense_shape = np.array(labels.shape, dtype="int64")
    return (
        ops.convert_to_tensor(indices),
        ops.convert_to_tensor(values),
        ops.convert_to_tensor(dense_shape),
    )


@keras_export(_EXPORT + "ctc_batch_cost")
def ctc_batch_cost(y_true, y_pred, input_length, label_length):
    """CTC loss of each sample; the last class is the blank label.

    Args:
        y_true: integer labels `(batch, max_label_length)`.
        y_pred: softmax probabilities `(batch, steps, classes)`.
        input_length: `(batch, 1)`: the valid steps of each sample.
        label_length: `(batch, 1)`: the valid labels of each sample.

    Returns:
        A tensor `(batch, 1)` of losses.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> y_pred = K.softmax(K.zeros((1, 4, 3)))
    >>> loss = K.ctc_batch_cost(K.constant([[1, 0]], dtype="int32"),
    ...                         y_pred, K.constant([[4]], dtype="int32"),
    ...                         K.constant([[2]], dtype="int32"))
    >>> K.int_shape(loss)
    (1, 1)
    """
    y_pred = ops.convert_to_tensor(y_pred)
    num_classes = y_pred.shape[-1]
    input_length = ops.cast(ops.reshape(input_length, (-1,)), "int32")
    label_length = ops.cast(ops.reshape(label_length, (-1,)), "int32")
    log_probabilities = ops.log(y_pred + backend.epsilon())
    loss = ops.ctc_loss(
        ops.cast(y_true, "int32"), log_probabilities, label_length,
        input_length, mask_index=num_classes - 1,
    )
    return ops.expand_dims(loss, 1)


@keras_export(_EXPORT + "ctc_decode")
def ctc_decode(y_pred, input_length, greedy=True, beam_width=100,
               top_paths=1):
    """Decodes CTC outputs by best path or beam search; the last class is
    the blank label.

    Args:
        y_pred: softmax probabilities `(batch, steps, classes)`.
        input_length: `(batch,)`: the valid steps of each sample.
        greedy: best-path decoding when true, else beam search.
        beam_width: the beam width of the search.
        top_paths: how many paths the search returns.

    Returns:
        A pair: a list of `top_paths` int64 tensors `(batch, steps)` of
        decoded labels padded with -1, and a tensor of their log
        probabilities (greedy: the negative sum of the best logits).

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> p = K.constant([[[0.1, 0.8, 0.1], [0.8, 0.1, 0.1]]])
    >>> paths, _ = K.ctc_decode(p, K.constant([2], dtype="int32"))
    >>> K.eval(paths[0]).tolist()
    [[1, 0]]
    """
    y_pred = ops.convert_to_tensor(y_pred)
    num_classes = y_pred.shape[-1]
    log_probabilities = ops.log(y_pred + backend.epsilon())
    input_length = ops.cast(ops.reshape(input_length, (-1,)), "int32")
    paths, scores = ops.ctc_decode(
        log_probabilities, input_length,
        strategy="greedy" if greedy else "beam_search",
        beam_width=beam_width, top_paths=top_paths,
        mask_index=num_classes - 1,
    )
    decoded = [ops.cast(paths[i], "int64") for i in range(paths.shape[0])]
    return decoded, scores
