"""Shape and dtype rules of the `keras.ops.nn` ops.

Spec functions take the op's own arguments and return `KerasTensor`s;
`check_*` functions validate eager arguments too, so every backend raises
the same `ValueError`, naming the op and the shapes.
"""


from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.common.dtypes import dtype_of
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops import shape_rules
from keras.src.ops.shape_rules import shape_of


def float_dtype(*values):
    """The promoted dtype of `values`, or floatx if that is not a float."""
    dtype = dtypes.result_type(*(dtype_of(v) for v in values))
    if dtypes.is_float_dtype(dtype):
        return dtype
    return dtypes.result_type(dtype, float)


# ----------------------------------------------------------- elementwise


def float_spec(x, *args, **kwargs):
    """Spec of an op returning floats shaped like `x` (`sigmoid`)."""
    return shape_rules.float_unary_spec(x)


def int_keeping_spec(x, *args, **kwargs):
    """Spec of an op that keeps integer dtypes (`relu`); bools become
    int32."""
    return shape_rules.same_spec(x, dtypes.result_type(dtype_of(x), int))


def threshold_spec(x, threshold, default_value):
    dtype = dtypes.result_type(
        dtype_of(x), dtype_of(threshold), dtype_of(default_value)
    )
    return KerasTensor(shape_of(x), dtype=dtype)


def check_axes(op_name, axis, ndim):
    """Validates an int, a sequence of ints or `None` against `ndim`."""
    if axis is None or ndim == 0:
        return
    for a in (axis,) if isinstance(axis, int) else axis:
        shape_rules.canonicalize_axis(op_name, a, ndim)


def softmax_spec(op_name):
    def spec(x, axis=-1):
        check_axes(op_name, axis, len(shape_of(x)))
        return shape_rules.float_unary_spec(x)

    return spec


def check_glu(shape, axis):
    axis = shape_rules.canonicalize_axis("glu", axis, len(shape))
    if shape[axis] is not None and shape[axis] % 2:
        from keras.src import backend

        raise backend.core.input_error(
            ValueError,
            "`glu`: the size of `axis` must be even. Received: "
            f"x.shape={tuple(shape)}, axis={axis}",
        )
    return axis


def glu_spec(x, axis=-1):
    shape = list(shape_of(x))
    axis = check_glu(shape, axis)
    if shape[axis] is not None:
        shape[axis] //= 2
    return KerasTensor(shape, dtype=float_dtype(x))


# ------------------------------------------------------ one-hot and losses


def check_num_classes(op_name, num_classes):
    if num_classes is None:
        raise ValueError(f"`{op_name}`: argument `num_classes` is required.")


def one_hot_spec(x, num_classes, axis=-1, dtype=None, sparse=False):
    shape = list(shape_of(x))
    axis = shape_rules.canonicalize_axis("one_hot", axis, len(shape) + 1)
    shape.insert(axis, num_classes)
    return KerasTensor(
        shape, dtype=dtypes.standardize_dtype(dtype), sparse=sparse
    )


def multi_hot_spec(inputs, num_classes=None, axis=-1, dtype=None,
                   sparse=False, **kwargs):
    num_classes = kwargs.pop("num_tokens", num_classes)
    hot = one_hot_spec(inputs, num_classes, axis, dtype, sparse)
    shape = list(hot.shape)
    del shape[1 if len(shape) > 2 else 0]
    return KerasTensor(shape, dtype=hot.dtype, sparse=sparse)


def _same_shapes(a, b):
    return len(a) == len(b) and all(
        x is None or y is None or x == y for x, y in zip(a, b)
    )


def check_crossentropy(op_name, target_shape, output_shape, axis=-1):
    """Validates a categorical or binary cross-entropy's shapes; returns the
    canonical `axis`."""
    if len(target_shape) < 1 or len(output_shape) < 1:
        if op_name != "binary_crossentropy":
            raise ValueError(
                f"`{op_name}`: `target` and `output` must be at least of "
                f"rank 1. Received: target.shape={tuple(target_shape)}, "
                f"output.shape={tuple(output_shape)}"
            )
    if not _same_shapes(target_shape, output_shape):
        raise ValueError(
            f"`{op_name}`: `target` and `output` must have the same shape. "
            f"Received: target.shape={tuple(target_shape)}, "
            f"output.shape={tuple(output_shape)}"
        )
    if not output_shape:
        return 0
    return shape_rules.canonicalize_axis(op_name, axis, len(output_shape))


def categorical_crossentropy_spec(target, output, from_logits=False,
                                  axis=-1):
    shape = list(shape_of(output))
    axis = check_crossentropy(
        "categorical_crossentropy", shape_of(target), shape, axis
    )
    del shape[axis]
    return KerasTensor(shape, dtype=float_dtype(target, output))


def check_sparse_crossentropy(target_shape, output_shape, axis=-1):
    name = "sparse_categorical_crossentropy"
    if len(output_shape) < 1:
        raise ValueError(
            f"`{name}`: `output` must be at least of rank 1. Received: "
            f"output.shape={tuple(output_shape)}"
        )
    axis = shape_rules.canonicalize_axis(name, axis, len(output_shape))
    expected = [d for i, d in enumerate(output_shape) if i != axis]
    target = list(target_shape)
    if len(target) == len(output_shape) and target and target[-1] == 1:
        target = target[:-1]
    if not _same_shapes(target, expected):
        raise ValueError(
            f"`{name}`: `target` must have the shape of `output` without "
            f"its class axis. Received: target.shape={tuple(target_shape)},"
            f" output.shape={tuple(output_shape)}, axis={axis}"
        )
    return expected


def sparse_categorical_crossentropy_spec(target, output, from_logits=False,
                                         axis=-1):
    shape = check_sparse_crossentropy(shape_of(target), shape_of(output), axis)
    return KerasTensor(shape, dtype=float_dtype(output))


def binary_crossentropy_spec(target, output, from_logits=False):
    check_crossentropy("binary_crossentropy", shape_of(target),
                       shape_of(output))
    return KerasTensor(shape_of(output), dtype=float_dtype(target, output))


# ---------------------------------------------------------- normalization


def check_moments_axes(shape, axes):
    if axes is None:
        return tuple(range(len(shape)))
    axes = [axes] if isinstance(axes, int) else list(axes)
    axes = [shape_rules.canonicalize_axis("moments", a, len(shape))
            for a in axes]
    if len(set(axes)) != len(axes):
        raise ValueError(
            f"`moments`: `axes` has duplicates. Received: axes={axes}"
        )
    return tuple(axes)


def moments_spec(x, axes, keepdims=False, synchronized=False):
    shape = shape_of(x)
    axes = check_moments_axes(shape, axes)
    reduced = shape_rules.reduce_shape("moments", shape, axes, keepdims)
    dtype = float_dtype(x)
    return KerasTensor(reduced, dtype=dtype), KerasTensor(reduced, dtype=dtype)


def check_batch_normalization(x_shape, axis, **vectors):
    axis = shape_rules.canonicalize_axis(
        "batch_normalization", axis, len(x_shape)
    )
    expected = (x_shape[axis],)
    for name, shape in vectors.items():
        if shape is None:
            continue
        if len(shape) != 1 or not _same_shapes(shape, expected):
            raise ValueError(
                f"`batch_normalization`: `{name}` must be a vector of length "
                f"x.shape[axis]. Received: x.shape={tuple(x_shape)}, "
                f"axis={axis}, {name}.shape={tuple(shape)}"
            )


def batch_normalization_spec(x, mean, variance, axis, offset=None,
                             scale=None, epsilon=1e-3):
    values = [v for v in (x, mean, variance, offset, scale) if v is not None]
    check_batch_normalization(
        shape_of(x),
        axis,
        mean=shape_of(mean),
        variance=shape_of(variance),
        offset=None if offset is None else shape_of(offset),
        scale=None if scale is None else shape_of(scale),
    )
    return KerasTensor(shape_of(x), dtype=float_dtype(*values))


def axis_float_spec(op_name):
    """Spec of a normalization that keeps `x`'s shape and validates
    `axis`."""

    def spec(x, *args, axis=-1, **kwargs):
        check_axes(op_name, axis, len(shape_of(x)))
        return shape_rules.float_unary_spec(x)

    return spec


def check_normalize_order(order):
    if not isinstance(order, int) or isinstance(order, bool) or order < 1:
        raise ValueError(
            "`normalize`: `order` must be an int >= 1. Received: "
            f"order={order!r}"
        )


def check_psnr(x1_shape, x2_shape):
    if not _same_shapes(x1_shape, x2_shape):
        raise ValueError(
            "`psnr`: `x1` and `x2` must have the same shape. Received: "
            f"x1.shape={tuple(x1_shape)}, x2.shape={tuple(x2_shape)}"
        )


def psnr_spec(x1, x2, max_val):
    check_psnr(shape_of(x1), shape_of(x2))
    return KerasTensor((), dtype=float_dtype(x1, x2))


def polar_spec(abs_, angle):
    shape = shape_rules.broadcast_shapes("polar", shape_of(abs_),
                                         shape_of(angle))
    dtype = "complex128" if float_dtype(abs_, angle) == "float64" else (
        "complex64")
    return KerasTensor(shape, dtype=dtype)


# ---------------------------------------------------- convolution, pooling


def check_padding(op_name, padding):
    if not isinstance(padding, str) or padding.lower() not in (
        "valid",
        "same",
    ):
        raise ValueError(
            f"`{op_name}`: `padding` must be 'valid' or 'same'. Received: "
            f"padding={padding!r}"
        )
    return padding.lower()


def standardize_tuple(op_name, name, value, n):
    """`value` (an int or a sequence of ints) as an `n`-tuple."""
    values = (value,) if isinstance(value, int) else tuple(value)
    if len(values) == 1:
        values = values * n
    if len(values) != n or not all(int(v) == v and v > 0 for v in values):
        raise ValueError(
            f"`{op_name}`: `{name}` must be a positive int or {n} positive "
            f"ints. Received: {name}={value!r}"
        )
    return tuple(int(v) for v in values)


def _layout(op_name, shape, data_format):
    """Splits `shape` into `(channels, spatial dims)`."""
    if len(shape) not in (3, 4, 5):
        raise ValueError(
            f"`{op_name}`: `inputs` must be of rank 3, 4 or 5 (1D, 2D or 3D "
            f"data with batch and channels). Received: inputs.shape="
            f"{tuple(shape)}"
        )
    if data_format == "channels_first":
        return shape[1], list(shape[2:])
    return shape[-1], list(shape[1:-1])


def _assemble(batch, channels, spatial, data_format):
    if data_format == "channels_first":
        return (batch, channels, *spatial)
    return (batch, *spatial, channels)


def _window_length(op_name, size, k, s, d, padding, shapes):
    if size is None or (k is None and padding != "same"):
        return None
    if padding == "same":
        return -(-size // s)
    length = (size - (k - 1) * d - 1) // s + 1
    if length <= 0:
        raise ValueError(
            f"`{op_name}`: the output would be empty: the input is smaller "
            f"than the (dilated) window. Received: {shapes}"
        )
    return length


def conv_output_shape(op_name, input_shape, kernel_shape, strides=1,
                      padding="valid", data_format=None, dilation_rate=1,
                      depthwise=False):
    """Validates a convolution and returns its output shape."""
    data_format = config.standardize_data_format(data_format)
    padding = check_padding(op_name, padding)
    channels, spatial = _layout(op_name, input_shape, data_format)
    shapes = (f"inputs.shape={tuple(input_shape)}, "
              f"kernel.shape={tuple(kernel_shape)}")
    if len(kernel_shape) != len(input_shape):
        raise ValueError(
            f"`{op_name}`: the kernel must have the rank of the inputs. "
            f"Received: {shapes}"
        )
    n = len(spatial)
    strides = standardize_tuple(op_name, "strides", strides, n)
    dilation = standardize_tuple(op_name, "dilation_rate", dilation_rate, n)
    k_in, k_out = kernel_shape[-2], kernel_shape[-1]
    if depthwise:
        bad = channels is not None and k_in is not None and channels != k_in
        out_channels = None if None in (k_in, k_out) else k_in * k_out
    else:
        groups = None if None in (channels, k_in) else channels // k_in
        bad = groups is not None and (
            channels % k_in
            or groups == 0
            or (k_out is not None and k_out % groups)
        )
        out_channels = k_out
    if bad:
        raise ValueError(
            f"`{op_name}`: the input channels do not match the kernel's "
            f"input channels ({'equal' if depthwise else 'a multiple of'} "
            f"kernel.shape[-2] expected; data_format={data_format!r}). "
            f"Received: {shapes}"
        )
    out = [
        _window_length(op_name, size, k, s, d, padding, shapes)
        for size, k, s, d in zip(spatial, kernel_shape[:-2], strides,
                                 dilation)
    ]
    return _assemble(input_shape[0], out_channels, out, data_format)


def conv_spec(op_name, depthwise=False):
    def spec(inputs, kernel, strides=1, padding="valid", data_format=None,
             dilation_rate=1):
        shape = conv_output_shape(
            op_name, shape_of(inputs), shape_of(kernel), strides, padding,
            data_format, dilation_rate, depthwise,
        )
        return KerasTensor(shape, dtype=dtypes.result_type(
            dtype_of(inputs), dtype_of(kernel)))

    return spec


def separable_conv_output_shape(input_shape, depthwise_shape,
                                pointwise_shape, strides=1, padding="valid",
                                data_format=None, dilation_rate=1):
    name = "separable_conv"
    middle = conv_output_shape(
        name, input_shape, depthwise_shape, strides, padding, data_format,
        dilation_rate, depthwise=True,
    )
    return conv_output_shape(name, middle, pointwise_shape, 1, "valid",
                             data_format, 1)


def separable_conv_spec(inputs, depthwise_kernel, pointwise_kernel,
                        strides=1, padding="valid", data_format=None,
                        dilation_rate=1):
    shape = separable_conv_output_shape(
        shape_of(inputs), shape_of(depthwise_kernel),
        shape_of(pointwise_kernel), strides, padding, data_format,
        dilation_rate,
    )
    dtype = dtypes.result_type(
        dtype_of(inputs), dtype_of(depthwise_kernel),
        dtype_of(pointwise_kernel),
    )
    return KerasTensor(shape, dtype=dtype)


def transpose_length(size, k, s, d, padding, output_padding):
    """The output length of a transposed convolution along one dim."""
    if size is None or (k is None and padding == "valid"):
        return None
    if output_padding is None and padding == "same":
        return size * s
    if k is None:
        return None
    kd = (k - 1) * d + 1
    if output_padding is None:
        return size * s + max(kd - s, 0)
    pad = 0 if padding == "valid" else kd // 2
    return (size - 1) * s + kd - 2 * pad + output_padding


def conv_transpose_output_shape(input_shape, kernel_shape, strides=1,
                                padding="valid", output_padding=None,
                                data_format=None, dilation_rate=1):
    name = "conv_transpose"
    data_format = config.standardize_data_format(data_format)
    padding = check_padding(name, padding)
    channels, spatial = _layout(name, input_shape, data_format)
    shapes = (f"inputs.shape={tuple(input_shape)}, "
              f"kernel.shape={tuple(kernel_shape)}")
    if len(kernel_shape) != len(input_shape):
        raise ValueError(
            f"`{name}`: the kernel must have the rank of the inputs. "
            f"Received: {shapes}"
        )
    k_in = kernel_shape[-1]
    if channels is not None and k_in is not None and channels != k_in:
        raise ValueError(
            f"`{name}`: the input channels must equal kernel.shape[-1] (the "
            f"kernel is (*spatial, out_channels, in_channels); data_format="
            f"{data_format!r}). Received: {shapes}"
        )
    n = len(spatial)
    strides = standardize_tuple(name, "strides", strides, n)
    dilation = standardize_tuple(name, "dilation_rate", dilation_rate, n)
    if output_padding is None:
        output_padding = (None,) * n
    else:
        output_padding = (output_padding,) * n if isinstance(
            output_padding, int) else tuple(output_padding)
    out = [
        transpose_length(*args, padding, op)
        for args, op in zip(zip(spatial, kernel_shape[:-2], strides,
                                dilation), output_padding)
    ]
    return _assemble(input_shape[0], kernel_shape[-2], out, data_format)


def conv_transpose_spec(inputs, kernel, strides=1, padding="valid",
                        output_padding=None, data_format=None,
                        dilation_rate=1):
    shape = conv_transpose_output_shape(
        shape_of(inputs), shape_of(kernel), strides, padding, output_padding,
        data_format, dilation_rate,
    )
    dtype = dtypes.result_type(dtype_of(inputs), dtype_of(kernel))
    return KerasTensor(shape, dtype=dtype)


def pool_output_shape(op_name, input_shape, pool_size, strides=None,
                      padding="valid", data_format=None):
    data_format = config.standardize_data_format(data_format)
    padding = check_padding(op_name, padding)
    channels, spatial = _layout(op_name, input_shape, data_format)
    n = len(spatial)
    pool = standardize_tuple(op_name, "pool_size", pool_size, n)
    strides = pool if strides is None else standardize_tuple(
        op_name, "strides", strides, n)
    shapes = f"inputs.shape={tuple(input_shape)}, pool_size={pool}"
    out = [
        _window_length(op_name, size, k, s, 1, padding, shapes)
        for size, k, s in zip(spatial, pool, strides)
    ]
    return _assemble(input_shape[0], channels, out, data_format)


def pool_spec(op_name, average):
    def spec(inputs, pool_size, strides=None, padding="valid",
             data_format=None):
        shape = pool_output_shape(op_name, shape_of(inputs), pool_size,
                                  strides, padding, data_format)
        dtype = float_dtype(inputs) if average else dtypes.result_type(
            dtype_of(inputs))
        return KerasTensor(shape, dtype=dtype)

    return spec


def adaptive_pool_output_shape(op_name, input_shape, output_size,
                               data_format=None):
    data_format = config.standardize_data_format(data_format)
    channels, spatial = _layout(op_name, input_shape, data_format)
    out = standardize_tuple(op_name, "output_size", output_size,
                            len(spatial))
    return _assemble(input_shape[0], channels, out, data_format)


def adaptive_pool_spec(op_name, average):
    def spec(inputs, output_size, data_format=None):
        shape = adaptive_pool_output_shape(op_name, shape_of(inputs),
                                           output_size, data_format)
        dtype = float_dtype(inputs) if average else dtypes.result_type(
            dtype_of(inputs))
        return KerasTensor(shape, dtype=dtype)

    return spec


# ------------------------------------------------------------------- misc


def check_attention(query_shape, key_shape, value_shape):
    """Validates `dot_product_attention`'s shapes; returns the output's."""
    name = "dot_product_attention"
    shapes = (f"query.shape={tuple(query_shape)}, key.shape="
              f"{tuple(key_shape)}, value.shape={tuple(value_shape)}")
    if not len(query_shape) == len(key_shape) == len(value_shape) == 4:
        raise ValueError(
            f"`{name}`: query, key and value must be 4D: (batch, length, "
            f"heads, head_dim). Received: {shapes}"
        )
    compatible = (
        _same_shapes(query_shape[:1] + query_shape[3:],
                     key_shape[:1] + key_shape[3:])
        and _same_shapes(key_shape[:3], value_shape[:3])
    )
    heads, kv_heads = query_shape[2], key_shape[2]
    if None not in (heads, kv_heads) and heads % kv_heads:
        compatible = False
    if not compatible:
        raise ValueError(
            f"`{name}`: incompatible shapes. key and value must share batch, "
            "length and heads; query and key must share batch and head_dim; "
            f"the query heads must be a multiple of the key heads. Received: "
            f"{shapes}"
        )
    return (*query_shape[:3], value_shape[3])


def dot_product_attention_spec(query, key, value, bias=None, mask=None,
                               scale=None, is_causal=False,
                               flash_attention=None,
                               attn_logits_soft_cap=None):
    shape = check_attention(shape_of(query), shape_of(key), shape_of(value))
    return KerasTensor(shape, dtype=float_dtype(query, key, value))


def _pair(op_name, name, value):
    values = (value, value) if isinstance(value, int) else tuple(value)
    if len(values) != 2:
        raise ValueError(
            f"`{op_name}`: `{name}` must be an int or 2 ints. Received: "
            f"{name}={value!r}"
        )
    return values


def _blocks(op_name, size, kernel_size, dilation, padding, stride):
    k = _pair(op_name, "kernel_size", kernel_size)
    d = _pair(op_name, "dilation", dilation)
    p = _pair(op_name, "padding", padding)
    s = _pair(op_name, "stride", stride)
    return [
        None if size[i] is None
        else (size[i] + 2 * p[i] - d[i] * (k[i] - 1) - 1) // s[i] + 1
        for i in range(2)
    ], k


def unfold_output_shape(x_shape, kernel_size, dilation=1, padding=0,
                        stride=1):
    if len(x_shape) != 4:
        raise ValueError(
            "`unfold`: `x` must be 4D (batch, channels, height, width). "
            f"Received: x.shape={tuple(x_shape)}"
        )
    (bh, bw), k = _blocks("unfold", x_shape[2:], kernel_size, dilation,
                          padding, stride)
    channels = None if x_shape[1] is None else x_shape[1] * k[0] * k[1]
    blocks = None if None in (bh, bw) else bh * bw
    return (x_shape[0], channels, blocks)


def unfold_spec(x, kernel_size, dilation=1, padding=0, stride=1):
    shape = unfold_output_shape(shape_of(x), kernel_size, dilation, padding,
                                stride)
    return KerasTensor(shape, dtype=dtypes.result_type(dtype_of(x)))


def fold_output_shape(x_shape, output_size, kernel_size, dilation=1,
                      padding=0, stride=1):
    size = _pair("fold", "output_size", output_size)
    (bh, bw), k = _blocks("fold", size, kernel_size, dilation, padding,
                          stride)
    channels, blocks = (x_shape[1:] if len(x_shape) == 3 else (None, None))
    if len(x_shape) != 3 or (
        channels is not None and channels % (k[0] * k[1])
    ) or (blocks is not None and blocks != bh * bw):
        raise ValueError(
            "`fold`: `x` must be 3D (batch, channels * kernel area, blocks) "
            f"with {bh * bw} blocks for output_size={size}. Received: "
            f"x.shape={tuple(x_shape)}, kernel_size={k}"
        )
    channels = None if channels is None else channels // (k[0] * k[1])
    return (x_shape[0], channels, *size)


def fold_spec(x, output_size, kernel_size, dilation=1, padding=0, stride=1):
    shape = fold_output_shape(shape_of(x), output_size, kernel_size,
                              dilation, padding, stride)
    return KerasTensor(shape, dtype=dtypes.result_type(dtype_of(x)))


def depth_space_output_shape(op_name, x_shape, block_size, data_format):
    data_format = config.standardize_data_format(data_format)
    if len(x_shape) != 4:
        raise ValueError(
            f"`{op_name}`: `x` must be 4D. Received: x.shape={tuple(x_shape)}"
        )
    channels, spatial = _layout(op_name, x_shape, data_format)
    b = block_size
    if op_name == "depth_to_space":
        bad = channels is not None and channels % (b * b)
        channels = None if channels is None else channels // (b * b)
        spatial = [None if d is None else d * b for d in spatial]
    else:
        bad = any(d is not None and d % b for d in spatial)
        channels = None if channels is None else channels * b * b
        spatial = [None if d is None else d // b for d in spatial]
    if bad:
        raise ValueError(
            f"`{op_name}`: x.shape={tuple(x_shape)} does not divide by "
            f"block_size={b} (data_format={data_format!r})."
        )
    return _assemble(x_shape[0], channels, spatial, data_format)


def depth_space_spec(op_name):
    def spec(x, block_size, data_format="channels_last"):
        shape = depth_space_output_shape(op_name, shape_of(x), block_size,
                                         data_format)
        return KerasTensor(shape, dtype=dtypes.result_type(dtype_of(x)))

    return spec


def ctc_dtype(output):
    """CTC losses and scores are at least float32."""
    return dtypes.result_type(float_dtype(output), "float32")


def check_ctc(target_shape, output_shape):
    if len(output_shape) != 3 or len(target_shape) != 2 or not _same_shapes(
        target_shape[:1], output_shape[:1]
    ):
        raise ValueError(
            "`ctc_loss`: `target` must be (batch, max_label_length) and "
            "`output` (batch, max_length, num_classes). Received: "
            f"target.shape={tuple(target_shape)}, "
            f"output.shape={tuple(output_shape)}"
        )


def ctc_loss_spec(target, output, target_length, output_length,
                  mask_index=0):
    check_ctc(shape_of(target), shape_of(output))
    return KerasTensor(shape_of(output)[:1], dtype=ctc_dtype(output))


def check_ctc_decode(inputs_shape, strategy):
    if strategy not in ("greedy", "beam_search"):
        raise ValueError(
            "`ctc_decode`: `strategy` must be 'greedy' or 'beam_search'. "
            f"Received: strategy={strategy!r}"
        )
    if len(inputs_shape) != 3:
        raise ValueError(
            "`ctc_decode`: `inputs` must be (batch, max_length, "
            f"num_classes). Received: inputs.shape={tuple(inputs_shape)}"
        )


def ctc_decode_spec(inputs, sequence_lengths, strategy="greedy",
                    beam_width=100, top_paths=1, merge_repeated=True,
                    mask_index=0):
    shape = shape_of(inputs)
    check_ctc_decode(shape, strategy)
    paths = 1 if strategy == "greedy" else top_paths
    return (
        KerasTensor((paths, shape[0], shape[1]), dtype="int32"),
        KerasTensor((shape[0], paths), dtype=ctc_dtype(inputs)),
    )
