"""Axis and slicing helpers shared by the backends, at Keras's path
`keras.src.backend.common.backend_utils`."""


def canonicalize_axis(axis, num_dims):
    """Returns `axis` as a non-negative index into `num_dims` dimensions.

    Args:
        axis: an int, possibly negative.
        num_dims: the rank of the tensor.

    Returns:
        The axis in `[0, num_dims)`.

    Example:

    >>> canonicalize_axis(-1, 3)
    2
    """
    axis = int(axis)
    if not -num_dims <= axis < num_dims:
        raise ValueError(
            f"axis {axis} is out of bounds for an array with dimension "
            f"{num_dims}."
        )
    return axis % num_dims


def canonicalize_axes(axis, num_dims):
    """Returns `axis` (an int or a sequence of ints) as a tuple of
    non-negative axes.

    Args:
        axis: an int or a sequence of ints, possibly negative.
        num_dims: the rank of the tensor.

    Returns:
        A tuple of axes in `[0, num_dims)`.

    Example:

    >>> canonicalize_axes((-1, 0), 3)
    (2, 0)
    """
    if isinstance(axis, int):
        axis = (axis,)
    return tuple(canonicalize_axis(a, num_dims) for a in axis)


def standardize_axis_for_numpy(axis):
    """Returns `axis` with a list turned into a tuple, the form NumPy's
    reductions accept.

    Example:

    >>> standardize_axis_for_numpy([1, 2])
    (1, 2)
    """
    return tuple(axis) if isinstance(axis, list) else axis


def to_tuple_or_list(value):
    """Returns `value` as a tuple when it is a single value; lists, tuples
    and `None` are returned as they are.

    Example:

    >>> to_tuple_or_list(3), to_tuple_or_list([3])
    ((3,), [3])
    """
    if value is None or isinstance(value, (list, tuple)):
        return value
    return (value,)


def slice_along_axis(x, start=0, stop=None, step=1, axis=0):
    """Returns `x[start:stop:step]` taken along `axis`.

    Args:
        x: a tensor of any backend (or a NumPy array).
        start: first index.
        stop: end index (exclusive), `None` for the end.
        step: stride.
        axis: the axis to slice, possibly negative.

    Returns:
        The sliced tensor.

    Example:

    >>> import numpy as np
    >>> slice_along_axis(np.arange(6).reshape(2, 3), 1, None, 1, axis=1)
    array([[1, 2],
           [4, 5]])
    """
    axis = canonicalize_axis(axis, len(x.shape))
    index = (slice(None),) * axis + (slice(start, stop, step),)
    return x[index]


def _as_tuple(value, rank):
    """`value` (an int, a sequence, or `None`) as a tuple of `rank`."""
    if value is None or isinstance(value, int):
        return (value,) * rank
    return tuple(value)


def _dilated(kernel_size, dilation_rate):
    return kernel_size + (kernel_size - 1) * (dilation_rate - 1)


def _check_padding(padding):
    if padding not in ("valid", "same"):
        raise ValueError(
            "The `padding` argument must be one of 'valid', 'same'. "
            f"Received: padding={padding}"
        )


def _transpose_length(length, kernel, stride, padding, output_padding):
    """One spatial size of a transposed convolution's output, for a
    dilated `kernel` size; `None` stays `None`."""
    if length is None:
        return None
    if output_padding is None:
        if padding == "same":
            return length * stride
        return (length - 1) * stride + max(kernel, stride)
    pad = kernel // 2 if padding == "same" else 0
    return (length - 1) * stride + kernel - 2 * pad + output_padding


def _transpose_crops(input_shape, kernel_shape, strides, padding,
                     output_padding, dilation_rate):
    """Per spatial axis, `(before, after)`: how much to cut from each end
    of the full transposed convolution (no padding, length
    `(n - 1) * stride + dilated_kernel`) to get Keras's output. Negative
    values mean extending that end instead."""
    _check_padding(padding)
    spatial = tuple(input_shape[1:-1])
    rank = len(spatial)
    kernels = tuple(kernel_shape[:rank])
    strides = _as_tuple(strides, rank)
    output_padding = _as_tuple(output_padding, rank)
    dilation_rate = _as_tuple(dilation_rate, rank)
    crops = []
    for i in range(rank):
        kernel = _dilated(kernels[i], dilation_rate[i])
        full = (spatial[i] - 1) * strides[i] + kernel
        wanted = _transpose_length(
            spatial[i], kernel, strides[i], padding, output_padding[i]
        )
        total = full - wanted
        before = max(total // 2, 0)
        crops.append((before, total - before, kernel, strides[i]))
    return crops


def compute_conv_transpose_output_crops_for_torch(
    input_shape, kernel_shape, strides, padding, output_padding, dilation_rate
):
    """Returns, per spatial axis, how much to crop from each end of a
    transposed convolution computed without padding to get Keras's output.

    A negative value means the output extends past that end (padded with
    what the convolution computes there).

    Args:
        input_shape: the channels-last input shape, batch included.
        kernel_shape: the kernel's shape, spatial dimensions first.
        strides: an int or one int per spatial axis.
        padding: `"valid"` or `"same"`.
        output_padding: `None`, an int, or one int per spatial axis.
        dilation_rate: an int or one int per spatial axis.

    Returns:
        A list of `(before, after)` pairs.

    Example:

    >>> compute_conv_transpose_output_crops_for_torch(
    ...     (1, 5, 3), (3, 3, 4), (2,), "same", None, 1)
    [(0, 1)]
    """
    crops = _transpose_crops(
        input_shape, kernel_shape, strides, padding, output_padding,
        dilation_rate,
    )
    return [(before, after) for before, after, _, _ in crops]


def compute_conv_transpose_padding_args_for_jax(
    input_shape, kernel_shape, strides, padding, output_padding, dilation_rate
):
    """Returns the explicit padding JAX's dilated convolution needs to
    compute Keras's transposed convolution.

    Args:
        input_shape: the channels-last input shape, batch included.
        kernel_shape: the kernel's shape, spatial dimensions first.
        strides: an int or one int per spatial axis.
        padding: `"valid"` or `"same"`.
        output_padding: `None`, an int, or one int per spatial axis.
        dilation_rate: an int or one int per spatial axis.

    Returns:
        A list of `(before, after)` padding pairs, one per spatial axis.

    Example:

    >>> compute_conv_transpose_padding_args_for_jax(
    ...     (1, 5, 3), (3, 3, 4), (2,), "same", None, 1)
    [(2, 1)]
    """
    crops = _transpose_crops(
        input_shape, kernel_shape, strides, padding, output_padding,
        dilation_rate,
    )
    return [
        (kernel - 1 - before, kernel - 1 - after)
        for before, after, kernel, _ in crops
    ]


def compute_conv_transpose_padding_args_for_torch(
    input_shape, kernel_shape, strides, padding, output_padding, dilation_rate
):
    """Returns the `padding` and `output_padding` arguments of PyTorch's
    `conv_transpose` for Keras's transposed convolution.

    PyTorch crops both ends by the same amount and can only extend the
    end by less than the stride; where Keras's output needs more, a
    warning says the result may differ from other backends.

    Args:
        input_shape: the channels-last input shape, batch included.
        kernel_shape: the kernel's shape, spatial dimensions first.
        strides: an int or one int per spatial axis.
        padding: `"valid"` or `"same"`.
        output_padding: `None`, an int, or one int per spatial axis.
        dilation_rate: an int or one int per spatial axis.

    Returns:
        A tuple `(padding, output_padding)` of lists, one int per axis.

    Example:

    >>> compute_conv_transpose_padding_args_for_torch(
    ...     (1, 5, 3), (4, 3, 4), (2,), "same", None, 1)
    ([1], [0])
    """
    import warnings

    crops = _transpose_crops(
        input_shape, kernel_shape, strides, padding, output_padding,
        dilation_rate,
    )
    paddings, output_paddings = [], []
    for before, after, kernel, stride in crops:
        pad = max(after, 0)
        extra = min(2 * pad - (before + after), stride - 1)
        if (pad, pad - extra) != (before, after):
            warnings.warn(
                "You might experience inconsistencies across backends when "
                f"calling conv transpose with kernel_size={kernel}, "
                f"stride={stride}, dilation_rate={dilation_rate}, "
                f"padding={padding}, output_padding={extra}."
            )
        paddings.append(pad)
        output_paddings.append(extra)
    return paddings, output_paddings


def compute_conv_transpose_output_shape(
    input_shape,
    kernel_size,
    filters,
    strides,
    padding,
    output_padding=None,
    data_format="channels_last",
    dilation_rate=1,
):
    """Returns the output shape of a transposed convolution.

    Args:
        input_shape: the input shape, batch included; `None` dimensions
            stay `None`.
        kernel_size: one int per spatial axis.
        filters: the number of output channels.
        strides: an int or one int per spatial axis.
        padding: `"valid"` or `"same"`.
        output_padding: `None`, an int, or one int per spatial axis.
        data_format: `"channels_last"` or `"channels_first"`.
        dilation_rate: an int or one int per spatial axis.

    Returns:
        The output shape, as a list.

    Example:

    >>> compute_conv_transpose_output_shape((1, 5, 5, 3), (3, 3), 4, 2,
    ...                                     "same")
    [1, 10, 10, 4]
    """
    _check_padding(padding)
    input_shape = list(input_shape)
    if data_format == "channels_last":
        spatial = input_shape[1:-1]
    else:
        spatial = input_shape[2:]
    rank = len(spatial)
    strides = _as_tuple(strides, rank)
    output_padding = _as_tuple(output_padding, rank)
    dilation_rate = _as_tuple(dilation_rate, rank)
    lengths = [
        _transpose_length(
            spatial[i],
            _dilated(kernel_size[i], dilation_rate[i]),
            strides[i],
            padding,
            output_padding[i],
        )
        for i in range(rank)
    ]
    if data_format == "channels_last":
        return [input_shape[0]] + lengths + [filters]
    return [input_shape[0], filters] + lengths


def _check_channels(input_channels, kernel_channels, data_format):
    if input_channels is not None and input_channels != kernel_channels:
        raise ValueError(
            "The number of input channels must match the kernel's input "
            f"channels. Received: input channels={input_channels}, kernel "
            f"input channels={kernel_channels}, "
            f"data_format='{data_format}'."
        )


def _input_channels(inputs, data_format):
    shape = inputs.shape
    return shape[-1] if data_format == "channels_last" else shape[1]


def check_conv_input_channels(inputs, kernel, data_format):
    """Raises a `ValueError` unless the inputs' channels equal the
    kernel's input channels (its second-to-last dimension).

    Args:
        inputs: the convolution's input.
        kernel: its kernel, shaped `spatial + (in_channels, filters)`.
        data_format: `"channels_last"` or `"channels_first"`.

    Example:

    >>> import numpy as np
    >>> check_conv_input_channels(np.zeros((1, 5, 3)), np.zeros((2, 3, 4)),
    ...                           "channels_last")
    """
    _check_channels(
        _input_channels(inputs, data_format), kernel.shape[-2], data_format
    )


def check_conv_transpose_input_channels(inputs, kernel, data_format):
    """Raises a `ValueError` unless the inputs' channels equal a
    transposed convolution kernel's input channels (its last dimension).

    Args:
        inputs: the transposed convolution's input.
        kernel: its kernel, shaped `spatial + (filters, in_channels)`.
        data_format: `"channels_last"` or `"channels_first"`.

    Example:

    >>> import numpy as np
    >>> check_conv_transpose_input_channels(
    ...     np.zeros((1, 5, 3)), np.zeros((2, 4, 3)), "channels_last")
    """
    _check_channels(
        _input_channels(inputs, data_format), kernel.shape[-1], data_format
    )


def compute_adaptive_pooling_window_sizes(input_dim, output_dim):
    """Returns the two window sizes adaptive pooling uses along one axis.

    Splitting `input_dim` into `output_dim` windows as adaptive pooling
    does (window `i` spans `floor(i * n / m)` to `ceil((i + 1) * n / m)`)
    gives windows of at most two sizes: `ceil(n / m)` and one more.

    Args:
        input_dim: the input's size along the axis.
        output_dim: the number of windows.

    Returns:
        A tuple `(small, big)` of window sizes.

    Example:

    >>> compute_adaptive_pooling_window_sizes(10, 3)
    (4, 5)
    """
    small = -(-input_dim // output_dim)
    return small, small + 1


def vectorize_impl(pyfunc, vmap_fn, *, excluded=None, signature=None):
    """Returns `pyfunc` vectorized like `numpy.vectorize`, mapping over the
    loop dimensions with `vmap_fn` (such as `jax.vmap`).

    Args:
        pyfunc: the function to vectorize.
        vmap_fn: a function `vmap_fn(fn)` returning `fn` mapped over the
            leading axis of each of its arguments.
        excluded: positions of arguments passed through unchanged.
        signature: a generalized ufunc signature such as `"(n)->()"`.

    Returns:
        The vectorized function.

    Example:

    >>> import jax, numpy as np
    >>> total = vectorize_impl(lambda a: a.sum(), jax.vmap,
    ...                        signature="(n)->()")
    >>> total(np.ones((2, 3))).tolist()
    [3.0, 3.0]
    """
    from keras.src.backend.common.vectorize import MapVectorized

    return MapVectorized(pyfunc, excluded, signature, _VmapMapping(vmap_fn))


class _VmapMapping:
    """The array functions `MapVectorized` needs, on the active backend,
    with the mapping done by a `vmap`-like function."""

    def __init__(self, vmap_fn):
        from keras.src import backend

        self._np = backend.numpy
        self.to_tensor = backend.convert_to_tensor
        self._vmap = vmap_fn

    def shape(self, x):
        return tuple(x.shape)

    def broadcast_shapes(self, shapes):
        from keras.src.backend.common.vectorize import static_broadcast

        return static_broadcast(shapes)

    def broadcast_to(self, x, shape):
        return self._np.broadcast_to(x, shape)

    def reshape(self, x, shape):
        return self._np.reshape(x, shape)

    def map(self, fn, flat_args):
        return self._vmap(fn)(*flat_args)
