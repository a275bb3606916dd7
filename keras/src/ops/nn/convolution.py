"""Convolution and pooling ops, and the patch/layout ops around them
(fold, unfold, depth_to_space, space_to_depth)."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import nn_shapes
from keras.src.ops.operation import symbolic_op
from keras.src.ops.shape_rules import shape_of as _shape


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
