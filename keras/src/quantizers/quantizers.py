"""Quantization maths: abs-max and grouped quantizers, float8 scaling, TF's
fake quantization and int4 packing.

Every function works on any backend through `keras.ops`; the ones taking
`to_numpy=True` do their arithmetic in NumPy (useful when quantizing large
weights once, off the accelerator) and hand tensors back.
"""

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes


def _canonical_axis(axis):
    if axis is None:
        return None
    if isinstance(axis, (list, tuple)):
        return tuple(int(a) for a in axis)
    return (int(axis),)


@keras_export(["keras.Quantizer", "keras.quantizers.Quantizer"])
class Quantizer:
    """Base class of quantizers: callables turning a float tensor into a
    quantized tensor and the scale that maps it back.

    Subclasses implement `__call__(x)` returning `(quantized, scale)` and
    `get_config()`.

    Args:
        output_dtype: the dtype of the quantized values.

    Example:

    >>> quantizer = keras.quantizers.AbsMaxQuantizer(axis=-1)
    >>> isinstance(quantizer, keras.Quantizer)
    True
    """

    def __init__(self, output_dtype="int8"):
        self.output_dtype = output_dtype

    def __call__(self, x):
        raise NotImplementedError(
            f"{type(self).__name__} must implement `__call__(x)` returning "
            "`(quantized_x, scale)`; `Quantizer` itself is abstract."
        )

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def get_config(self):
        return {"output_dtype": self.output_dtype}


@keras_export("keras.quantizers.abs_max_quantize")
def abs_max_quantize(
    inputs,
    axis,
    value_range=(-127, 127),
    dtype="int8",
    epsilon=backend.epsilon(),
    to_numpy=False,
):
    """Quantizes `inputs` symmetrically by their largest absolute value.

    `scale = value_range[1] / (max(|inputs|) + epsilon)` along `axis`
    (kept as size-1 dimensions) and `quantized = clip(round(inputs * scale), *value_range)`;
    `quantized / scale` approximates `inputs`.

    Args:
        inputs: a float tensor.
        axis: the axis or axes reduced to compute the scale.
        value_range: `(min, max)` of the quantized values.
        dtype: the dtype of the quantized values.
        epsilon: added to the absolute maximum (avoids dividing by zero).
        to_numpy: compute with NumPy instead of the backend.

    Returns:
        A tuple `(quantized, scale)`.

    Example:

    >>> q, scale = keras.quantizers.abs_max_quantize(
    ...     keras.ops.array([[1.0, -2.0]]), axis=-1)
    >>> keras.ops.convert_to_numpy(q).tolist()
    [[64, -127]]
    """
    low, high = value_range
    if to_numpy:
        x = np.asarray(backend.convert_to_numpy(inputs), dtype="float32")
        amax = np.max(np.abs(x), axis=axis, keepdims=True)
        scale = np.float32(high) / (amax + np.float32(epsilon))
        scale = scale.astype("float32")
        quantized = np.clip(np.round(x * scale), low, high).astype(dtype)
        return ops.convert_to_tensor(quantized), ops.convert_to_tensor(scale)
    inputs = ops.convert_to_tensor(inputs)
    amax = ops.max(ops.abs(inputs), axis=axis, keepdims=True)
    scale = ops.divide(high, ops.add(amax, epsilon))
    quantized = ops.clip(ops.round(ops.multiply(inputs, scale)), low, high)
    return ops.cast(quantized, dtype), scale


@keras_export("keras.quantizers.AbsMaxQuantizer")
class AbsMaxQuantizer(Quantizer):
    """Symmetric abs-max quantizer (see `abs_max_quantize`).

    Args:
        axis: the axis or axes reduced to compute the scale; `None`
            reduces the last axis.
        value_range: `(min, max)` of the quantized values.
        epsilon: added to the absolute maximum.
        output_dtype: the dtype of the quantized values.

    Example:

    >>> quantizer = keras.quantizers.AbsMaxQuantizer(axis=-1)
    >>> q, scale = quantizer(keras.ops.array([[0.5, -1.0]]))
    >>> keras.ops.convert_to_numpy(q).tolist()
    [[63, -127]]
    """

    def __init__(
        self,
        axis=None,
        value_range=(-127, 127),
        epsilon=backend.epsilon(),
        output_dtype="int8",
    ):
        super().__init__(output_dtype=output_dtype)
        self.axis = _canonical_axis(axis)
        if len(value_range) != 2 or value_range[0] >= value_range[1]:
            raise ValueError(
                "AbsMaxQuantizer: `value_range` must be a pair "
                "`(min, max)` with min < max. Received: "
                f"value_range={value_range!r}"
            )
        self.value_range = tuple(value_range)
        self.epsilon = epsilon

    def __call__(self, x, axis=None, to_numpy=False):
        # The quantizer's own axis wins over the caller's default.
        axis = self.axis or _canonical_axis(axis) or (-1,)
        return abs_max_quantize(
            x,
            axis,
            value_range=self.value_range,
            dtype=self.output_dtype,
            epsilon=self.epsilon,
            to_numpy=to_numpy,
        )

    def get_config(self):
        config = {
            "value_range": self.value_range,
            "epsilon": self.epsilon,
            "output_dtype": self.output_dtype,
        }
        if self.axis is not None:
            config["axis"] = self.axis
        return config


@keras_export("keras.quantizers.abs_max_quantize_grouped_with_zero_point")
def abs_max_quantize_grouped_with_zero_point(
    inputs,
    block_size,
    value_range=(-8, 7),
    dtype="int8",
    epsilon=backend.epsilon(),
    to_numpy=False,
):
    """Asymmetric quantization of a 2D `(input_dim, output_dim)` tensor in
    groups of `block_size` rows.

    Each group and column gets `scale = (max - min) / (high - low)` and a
    zero point `zero = clip(round(low - min / scale), low, high)`;
    `quantized = clip(round(x / scale) + zero, low, high)`, and
    `(quantized - zero) * scale` approximates `x`.

    Args:
        inputs: a 2D float tensor.
        block_size: rows per group (a shorter last group is padded with
            zeros to compute its range).
        value_range: `(low, high)` of the quantized values.
        dtype: the dtype of the quantized values and zero points.
        epsilon: floor of `max - min`.
        to_numpy: compute with NumPy instead of the backend.

    Returns:
        A tuple `(quantized, scale, zero)`; `scale` and `zero` have shape
        `(num_groups, output_dim)`.

    Example:

    >>> x = keras.ops.reshape(keras.ops.arange(8, dtype="float32"), (4, 2))
    >>> q, scale, zero = (
    ...     keras.quantizers.abs_max_quantize_grouped_with_zero_point(
    ...         x, block_size=2))
    >>> tuple(scale.shape), tuple(zero.shape)
    ((2, 2), (2, 2))
    """
    low, high = value_range
    if block_size is None or int(block_size) <= 0:
        raise ValueError(
            "`block_size` must be a positive integer. Received: "
            f"block_size={block_size!r}"
        )
    block_size = int(block_size)
    xp = np if to_numpy else None
    if to_numpy:
        x = np.asarray(backend.convert_to_numpy(inputs), dtype="float32")
    else:
        x = ops.convert_to_tensor(inputs)
    rows, cols = x.shape
    num_groups = -(-rows // block_size)
    pad = num_groups * block_size - rows
    if xp is np:
        padded = np.pad(x, ((0, pad), (0, 0)))
        grouped = padded.reshape(num_groups, block_size, cols)
        mins = grouped.min(axis=1)
        maxs = grouped.max(axis=1)
        scale = (np.maximum(maxs - mins, np.float32(epsilon)) /
                 np.float32(high - low)).astype("float32")
        zero = np.clip(np.round(low - mins / scale), low, high)
        rows_group = np.arange(rows) // block_size
        q = np.round(x / scale[rows_group]) + zero[rows_group]
        q = np.clip(q, low, high).astype(dtype)
        return (ops.convert_to_tensor(q), ops.convert_to_tensor(scale),
                ops.convert_to_tensor(zero.astype(dtype)))
    if pad:
        # A short last group is padded with zeros, as Keras does (its
        # range then includes 0).
        tail = ops.zeros((pad, cols), dtype=x.dtype)
        padded = ops.concatenate([x, tail], axis=0)
    else:
        padded = x
    grouped = ops.reshape(padded, (num_groups, block_size, cols))
    mins = ops.min(grouped, axis=1)
    maxs = ops.max(grouped, axis=1)
    scale = ops.divide(
        ops.maximum(ops.subtract(maxs, mins), epsilon), float(high - low)
    )
    zero = ops.clip(ops.round(ops.subtract(low, mins / scale)), low, high)
    rows_group = np.arange(rows) // block_size
    row_scale = ops.take(scale, rows_group, axis=0)
    row_zero = ops.take(zero, rows_group, axis=0)
    q = ops.add(ops.round(ops.divide(x, row_scale)), row_zero)
    q = ops.cast(ops.clip(q, low, high), dtype)
    return q, scale, ops.cast(zero, dtype)


@keras_export("keras.quantizers.compute_float8_scale")
def compute_float8_scale(amax, scale, dtype_max, margin=0):
    """The next float8 scale from the largest absolute value seen.

    Returns `amax * 2**margin / dtype_max` when `amax` is positive and
    finite, else the current `scale` (so that `x / scale` fits the float8
    range).

    Args:
        amax: the largest absolute value (e.g. of an amax history).
        scale: the current scale.
        dtype_max: the largest finite value of the float8 dtype.
        margin: a power-of-two headroom.

    Returns:
        The new scale.

    Example:

    >>> float(keras.quantizers.compute_float8_scale(4.0, 1.0, 448.0))
    0.008928571827709675
    """
    amax = ops.convert_to_tensor(amax, dtype="float32")
    scale = ops.convert_to_tensor(scale, dtype="float32")
    # Written as a reciprocal, as float8 recipes state it: the factor
    # multiplying the inputs.
    usable = ops.logical_and(ops.greater(amax, 0.0), ops.isfinite(amax))
    safe_amax = ops.where(usable, amax, 1.0)
    factor = ops.divide(ops.divide(dtype_max, safe_amax), 2.0**margin)
    factor = ops.where(usable, factor, ops.divide(1.0, scale))
    return ops.divide(1.0, factor)


@keras_export("keras.quantizers.compute_float8_amax_history")
def compute_float8_amax_history(x, amax_history):
    """Shifts `amax_history` and records `max(|x|)` at its front.

    Args:
        x: the tensor just seen.
        amax_history: a 1D history of absolute maxima, newest first.

    Returns:
        The new history: `[max(|x|), history[2:], history[0]]` (the
        oldest value is rolled to the back and replaced in time).

    Example:

    >>> history = keras.quantizers.compute_float8_amax_history(
    ...     keras.ops.array([1.0, -4.0]), keras.ops.array([1.0, 2.0, 3.0]))
    >>> keras.ops.convert_to_numpy(history).tolist()
    [4.0, 3.0, 1.0]
    """
    amax = ops.cast(ops.max(ops.abs(x)), "float32")
    history = ops.convert_to_tensor(amax_history, dtype="float32")
    rolled = ops.roll(history, shift=-1, axis=0)
    return ops.concatenate([ops.reshape(amax, (1,)), rolled[1:]], axis=0)


@keras_export("keras.quantizers.quantize_and_dequantize")
def quantize_and_dequantize(inputs, scale, quantized_dtype, compute_dtype):
    """Rounds `inputs` through `quantized_dtype`: `cast(clip(x / scale))`
    back to `compute_dtype`, times `scale`.

    Args:
        inputs: a float tensor.
        scale: the scale (a scalar or a broadcastable tensor).
        quantized_dtype: e.g. `"float8_e4m3fn"` or `"float8_e5m2"`.
        compute_dtype: the dtype of the result.

    Returns:
        `inputs` with the precision of `quantized_dtype`.

    Example:

    >>> y = keras.quantizers.quantize_and_dequantize(
    ...     keras.ops.array([1.0]), 100.0, "float8_e4m3fn", "float32")
    >>> keras.ops.convert_to_numpy(y).tolist()
    [0.9765625]
    """
    quantized_dtype = dtypes.standardize_dtype(quantized_dtype)
    info = _float8_max(quantized_dtype)
    x = ops.divide(inputs, ops.cast(scale, compute_dtype))
    x = ops.clip(x, -info, info)
    x = ops.cast(ops.cast(x, quantized_dtype), compute_dtype)
    return ops.multiply(x, ops.cast(scale, compute_dtype))


def _float8_max(dtype):
    maxima = {"float8_e4m3fn": 448.0, "float8_e5m2": 57344.0}
    if dtype in maxima:
        return maxima[dtype]
    return float(np.finfo(dtype).max)


def adjust_and_nudge(min_range, max_range, num_bits, narrow_range):
    """Moves `[min_range, max_range]` so that 0 is exactly representable
    (TensorFlow's fake-quant nudging).

    Returns:
        `(nudged_min, nudged_max, scale, inv_scale)`; `inv_scale` is
        computed from the range itself, so halfway points such as
        `1.5 * (14 / 2)` stay exact.
    """
    quant_min = 1.0 if narrow_range else 0.0
    quant_max = float(2**num_bits - 1)
    span = ops.subtract(max_range, min_range)
    scale = ops.divide(span, quant_max - quant_min)
    inv_scale = ops.divide(quant_max - quant_min, span)
    zero_from_min = ops.subtract(quant_min, ops.divide(min_range, scale))
    nudged_zero = ops.floor(
        ops.add(ops.clip(zero_from_min, quant_min, quant_max), 0.5)
    )
    nudged_min = ops.multiply(ops.subtract(quant_min, nudged_zero), scale)
    nudged_max = ops.multiply(ops.subtract(quant_max, nudged_zero), scale)
    return nudged_min, nudged_max, scale, inv_scale


def quantize_with_zero_point(input_tensor, scale, zero, maxq):
    """Asymmetric quantization to `[0, maxq]`:
    `clip(round(x / scale + zero), 0, maxq)`."""
    q = ops.round(ops.add(ops.divide(input_tensor, scale), zero))
    return ops.clip(q, 0, maxq)


def dequantize_with_zero_point(input_tensor, scale, zero):
    """The inverse of `quantize_with_zero_point`: `scale * (q - zero)`."""
    return ops.multiply(scale, ops.subtract(input_tensor, zero))


@keras_export("keras.quantizers.fake_quant_with_min_max_vars")
def fake_quant_with_min_max_vars(
    inputs,
    min_vals,
    max_vals,
    num_bits=8,
    narrow_range=False,
    axis=None,
):
    """Fake quantization as TensorFlow defines it: `inputs` clamped to a
    nudged `[min, max]` and rounded to `2**num_bits` levels.

    The gradient is the straight-through estimator: it passes unchanged
    where the input lies inside the nudged range and is zero outside.

    Args:
        inputs: a float tensor.
        min_vals: the range minimum (a scalar, or one per `axis` entry).
        max_vals: the range maximum.
        num_bits: bits of the quantized values (2 to 16).
        narrow_range: use `[1, 2**num_bits - 1]` instead of
            `[0, 2**num_bits - 1]`.
        axis: the per-channel axis of `min_vals`/`max_vals`, if any.

    Returns:
        The fake-quantized tensor.

    Example:

    >>> y = keras.quantizers.fake_quant_with_min_max_vars(
    ...     keras.ops.array([0.5, 3.0]), -1.0, 2.0)
    >>> [round(v, 4) for v in keras.ops.convert_to_numpy(y).tolist()]
    [0.5059, 2.0]
    """
    if not 2 <= int(num_bits) <= 16:
        raise ValueError(
            "`num_bits` must be an integer between 2 and 16. Received: "
            f"num_bits={num_bits!r}"
        )
    inputs = ops.convert_to_tensor(inputs)
    dtype = inputs.dtype
    min_vals = ops.cast(min_vals, dtype)
    max_vals = ops.cast(max_vals, dtype)
    if axis is not None:
        # Per-channel ranges broadcast along `axis`.
        rank = len(inputs.shape)
        axis = axis % rank
        shape = [1] * rank
        shape[axis] = -1
        min_vals = ops.reshape(min_vals, shape)
        max_vals = ops.reshape(max_vals, shape)

    @ops.custom_gradient
    def _fake_quant(x):
        nudged_min, nudged_max, scale, inv_scale = adjust_and_nudge(
            min_vals, max_vals, num_bits, narrow_range
        )
        clipped = ops.clip(x, nudged_min, nudged_max)
        steps = ops.floor(
            ops.add(
                ops.multiply(ops.subtract(clipped, nudged_min), inv_scale),
                0.5,
            )
        )
        result = ops.add(ops.multiply(steps, scale), nudged_min)

        def grad(*args, upstream=None):
            if upstream is None:
                (upstream,) = args
            inside = ops.logical_and(
                ops.greater_equal(x, nudged_min),
                ops.less_equal(x, nudged_max),
            )
            return ops.where(inside, upstream, ops.zeros_like(upstream))

        return result, grad

    return _fake_quant(inputs)


@keras_export("keras.quantizers.pack_int4")
def pack_int4(arr, axis=0, dtype="int8"):
    """Packs int4 values (stored one per int8/uint8) two per byte along
    `axis`: the first of each pair in the low nibble, the second in the
    high nibble (odd lengths are padded with 0).

    Args:
        arr: an int8 tensor with values in [-8, 7] (or uint8 in [0, 15]).
        axis: the axis to pack.
        dtype: `"int8"` (signed values) or `"uint8"`.

    Returns:
        A tuple `(packed, packed_shape, original_length)`.

    Example:

    >>> packed, shape, length = keras.quantizers.pack_int4(
    ...     keras.ops.array([1, 3, 7], dtype="int8"))
    >>> keras.ops.convert_to_numpy(packed).tolist(), length
    ([49, 7], 3)
    """
    dtype = _check_int4_dtype(dtype)
    if isinstance(arr, np.ndarray):
        # Weights quantized once: NumPy, not one compiled op per step.
        return _pack_int4_numpy(arr, axis, dtype)
    arr = ops.convert_to_tensor(arr)
    if dtypes.standardize_dtype(arr.dtype) != dtype:
        raise TypeError(
            f"pack_int4 expects a tensor of dtype {dtype}. Received: "
            f"dtype={arr.dtype}"
        )
    rank = len(arr.shape)
    axis = axis % rank
    length = arr.shape[axis]
    moved = ops.moveaxis(arr, axis, 0)
    if length % 2:
        pad = ops.zeros((1,) + tuple(moved.shape[1:]), dtype=dtype)
        moved = ops.concatenate([moved, pad], axis=0)
    low = ops.cast(moved[0::2], "int32")
    high = ops.cast(moved[1::2], "int32")
    byte = ops.bitwise_or(
        ops.bitwise_and(low, 15), ops.left_shift(ops.bitwise_and(high, 15), 4)
    )
    # Two's complement of the byte, done in int32 before the narrow cast.
    if dtype == "int8":
        byte = ops.where(ops.greater(byte, 127), byte - 256, byte)
    packed = ops.moveaxis(ops.cast(byte, dtype), 0, axis)
    return packed, tuple(packed.shape), length


def _pack_int4_numpy(arr, axis, dtype):
    if arr.dtype != np.dtype(dtype):
        raise TypeError(
            f"pack_int4 expects a tensor of dtype {dtype}. Received: "
            f"dtype={arr.dtype}"
        )
    axis = axis % arr.ndim
    length = arr.shape[axis]
    moved = np.moveaxis(arr, axis, 0).astype("int32")
    if length % 2:
        moved = np.concatenate([moved, np.zeros_like(moved[:1])], axis=0)
    byte = (moved[0::2] & 15) | ((moved[1::2] & 15) << 4)
    packed = np.moveaxis(byte.astype("uint8").view(dtype), 0, axis)
    packed = np.ascontiguousarray(packed)
    return ops.convert_to_tensor(packed), tuple(packed.shape), length


@keras_export("keras.quantizers.unpack_int4")
def unpack_int4(packed, orig_len, axis=0, dtype="int8"):
    """Unpacks the output of `pack_int4` back to one value per element.

    Args:
        packed: the packed tensor.
        orig_len: the length of `axis` before packing.
        axis: the packed axis.
        dtype: `"int8"` (signed values) or `"uint8"`.

    Returns:
        The unpacked tensor (of dtype `dtype`).

    Example:

    >>> packed = keras.ops.array([49, 7], dtype="int8")
    >>> keras.ops.convert_to_numpy(
    ...     keras.quantizers.unpack_int4(packed, 3)).tolist()
    [1, 3, 7]
    """
    dtype = _check_int4_dtype(dtype)
    packed = ops.convert_to_tensor(packed)
    rank = len(packed.shape)
    axis = axis % rank
    byte = ops.bitwise_and(ops.cast(packed, "int32"), 255)
    low = ops.bitwise_and(byte, 15)
    high = ops.right_shift(byte, 4)
    if dtype == "int8":
        low = ops.where(ops.greater(low, 7), low - 16, low)
        high = ops.where(ops.greater(high, 7), high - 16, high)
    moved_low = ops.moveaxis(low, axis, 0)
    moved_high = ops.moveaxis(high, axis, 0)
    pairs = ops.stack([moved_low, moved_high], axis=1)
    shape = (2 * moved_low.shape[0],) + tuple(moved_low.shape[1:])
    values = ops.reshape(pairs, shape)[:orig_len]
    return ops.cast(ops.moveaxis(values, 0, axis), dtype)


def _check_int4_dtype(dtype):
    dtype = dtypes.standardize_dtype(dtype)
    if dtype not in ("int8", "uint8"):
        raise ValueError(
            "`dtype` must be 'int8' or 'uint8'. Received: "
            f"dtype={dtype!r}"
        )
    return dtype


# -- GPTQ / AWQ: asymmetric integer codes with a scale and zero per group --


def compute_quantization_parameters(
    x,
    *,
    bits,
    symmetric=False,
    per_channel=False,
    group_size=-1,
    compute_dtype="float32",
):
    """Scale and zero point mapping `x` onto the codes `[0, 2**bits - 1]`.

    `x` is a `(units, columns)` weight matrix (a layer's kernel seen as
    output units by input features). Each row gets its own range when
    `per_channel` is True, else the whole matrix shares one (tiled per
    row). With `group_size > 0` the columns are split in groups of that
    many and each group gets its own parameters. The range always
    contains 0, so 0 is exactly representable.

    Args:
        x: the weights, shape `(units, columns)`.
        bits: bits per code.
        symmetric: center the range on 0 (zero point in the middle).
        per_channel: one range per row instead of one for all.
        group_size: columns per group; -1 for a single group.
        compute_dtype: the float dtype of the results.

    Returns:
        `(scale, zero, maxq)`: `scale` and `zero` of shape
        `(units, groups)` and the largest code `maxq`.

    Example:

    >>> w = np.array([[-1.0, 0.0, 2.0, 3.0]])
    >>> scale, zero, maxq = compute_quantization_parameters(w, bits=4)
    >>> float(scale[0, 0]), float(zero[0, 0]), int(maxq)
    (0.2666666805744171, 4.0, 15)
    """
    xp = np if _all_numpy(x) else None
    x = np.asarray(x, "float64") if xp else ops.cast(x, "float32")
    columns = int(x.shape[-1])
    size = columns if group_size in (None, -1) else int(group_size)
    if size <= 0:
        raise ValueError(
            "`group_size` must be -1 or a positive integer. Received: "
            f"group_size={group_size!r}"
        )
    maxq = 2 ** int(bits) - 1
    scales, zeros = [], []
    for start in range(0, columns, size):
        part = x[:, start:start + size]
        if xp:
            scale, zero = _range_to_params_numpy(
                part, maxq, symmetric, per_channel
            )
        else:
            scale, zero = _range_to_params_ops(
                part, maxq, symmetric, per_channel
            )
        scales.append(scale)
        zeros.append(zero)
    if xp:
        scale = np.concatenate(scales, axis=1).astype(compute_dtype)
        zero = np.concatenate(zeros, axis=1).astype(compute_dtype)
    else:
        scale = ops.cast(ops.concatenate(scales, axis=1), compute_dtype)
        zero = ops.cast(ops.concatenate(zeros, axis=1), compute_dtype)
    return scale, zero, maxq


def _all_numpy(*arrays):
    return all(isinstance(a, (np.ndarray, np.generic, list)) for a in arrays)


def _range_to_params_numpy(x, maxq, symmetric, per_channel):
    if per_channel:
        low = np.minimum(x.min(axis=1, keepdims=True), 0.0)
        high = np.maximum(x.max(axis=1, keepdims=True), 0.0)
    else:
        low = np.full((x.shape[0], 1), min(float(x.min()), 0.0))
        high = np.full((x.shape[0], 1), max(float(x.max()), 0.0))
    if symmetric:
        high = np.maximum(np.abs(low), high)
        low = -high
    empty = (low == 0) & (high == 0)
    low = np.where(empty, -1.0, low)
    high = np.where(empty, 1.0, high)
    scale = (high - low) / maxq
    if symmetric:
        zero = np.full_like(scale, (maxq + 1) / 2)
    else:
        zero = np.round(-low / scale)
    return scale, zero


def _range_to_params_ops(x, maxq, symmetric, per_channel):
    if per_channel:
        low = ops.minimum(ops.min(x, axis=1, keepdims=True), 0.0)
        high = ops.maximum(ops.max(x, axis=1, keepdims=True), 0.0)
    else:
        ones = ops.ones((ops.shape(x)[0], 1), x.dtype)
        low = ones * ops.minimum(ops.min(x), 0.0)
        high = ones * ops.maximum(ops.max(x), 0.0)
    if symmetric:
        high = ops.maximum(ops.abs(low), high)
        low = -high
    empty = ops.logical_and(ops.equal(low, 0), ops.equal(high, 0))
    low = ops.where(empty, -1.0, low)
    high = ops.where(empty, 1.0, high)
    scale = ops.divide(ops.subtract(high, low), maxq)
    if symmetric:
        zero = ops.ones_like(scale) * ((maxq + 1) / 2)
    else:
        zero = ops.round(ops.divide(ops.negative(low), scale))
    return scale, zero


def _expand_groups(values, g_idx, xp):
    if xp is np:
        return np.asarray(values)[:, np.asarray(g_idx).astype("int64")]
    return ops.take(values, ops.cast(g_idx, "int32"), axis=1)


def quantize_with_sz_map(weights, scale, zero, g_idx, maxq):
    """Integer codes of `weights` given per-group scales and zeros.

    Args:
        weights: `(units, columns)` float weights.
        scale: `(units, groups)` scales.
        zero: `(units, groups)` zero points.
        g_idx: `(columns,)`, the group of each column.
        maxq: the largest code.

    Returns:
        `clip(round(w / scale[:, g] + zero[:, g]), 0, maxq)` as floats.

    Example:

    >>> w = np.array([[0.5, -0.5]])
    >>> quantize_with_sz_map(w, np.array([[0.25]]), np.array([[2.0]]),
    ...                      np.array([0, 0]), 15).tolist()
    [[4.0, 0.0]]
    """
    xp = np if _all_numpy(weights, scale, zero, g_idx) else None
    s = _expand_groups(scale, g_idx, xp)
    z = _expand_groups(zero, g_idx, xp)
    if xp:
        return np.clip(np.round(np.asarray(weights) / s + z), 0, maxq)
    q = ops.round(ops.add(ops.divide(weights, s), z))
    return ops.clip(q, 0, maxq)


def dequantize_with_sz_map(weights, scale, zero, g_idx):
    """Floats back from `quantize_with_sz_map`'s codes:
    `(q - zero[:, g]) * scale[:, g]`.

    Args:
        weights: `(units, columns)` codes.
        scale: `(units, groups)` scales.
        zero: `(units, groups)` zero points.
        g_idx: `(columns,)`, the group of each column.

    Returns:
        The dequantized `(units, columns)` weights.

    Example:

    >>> dequantize_with_sz_map(np.array([[4.0, 0.0]]), np.array([[0.25]]),
    ...                        np.array([[2.0]]), np.array([0, 0])).tolist()
    [[0.5, -0.5]]
    """
    xp = np if _all_numpy(weights, scale, zero, g_idx) else None
    s = _expand_groups(scale, g_idx, xp)
    z = _expand_groups(zero, g_idx, xp)
    if xp:
        return (np.asarray(weights, s.dtype) - z) * s
    q = ops.cast(weights, s.dtype)
    return ops.multiply(ops.subtract(q, ops.cast(z, s.dtype)), s)


class GPTQQuantizer(Quantizer):
    """Asymmetric (or symmetric) integer quantizer with a scale and a zero
    point per output unit, as GPTQ uses column by column.

    Call `find_params(w)` on a `(units, columns)` block to fix the range,
    then `quantize` / `dequantize` columns with it. Calling the quantizer
    does both and returns `(codes, scale)`.

    Args:
        config: a `GPTQConfig` giving `weight_bits`, `per_channel` and
            `symmetric` (or `None` for 4-bit asymmetric per channel).
        compute_dtype: dtype of the scales.

    Example:

    >>> q = GPTQQuantizer()
    >>> codes, scale = q(np.array([[0.0, 1.5, 3.0]]))
    >>> codes.tolist()
    [[0.0, 7.0, 15.0]]
    """

    def __init__(self, config=None, compute_dtype="float32"):
        super().__init__(output_dtype="uint8")
        self.weight_bits = getattr(config, "weight_bits", 4)
        self.per_channel = getattr(config, "per_channel", True)
        self.symmetric = getattr(config, "symmetric", False)
        self.group_size = getattr(config, "group_size", -1)
        self.compute_dtype = compute_dtype
        self.maxq = 2 ** self.weight_bits - 1
        self.scale = self.zero = None

    def find_params(self, weights):
        """Fixes `self.scale` and `self.zero` (shape `(units, 1)`) from a
        `(units, columns)` block."""
        self.scale, self.zero, self.maxq = compute_quantization_parameters(
            weights,
            bits=self.weight_bits,
            symmetric=self.symmetric,
            per_channel=self.per_channel,
            group_size=-1,
            compute_dtype=self.compute_dtype,
        )
        return self.scale, self.zero

    def quantize(self, weights):
        """Codes of `(units, columns)` weights with the current range."""
        g_idx = np.zeros((int(weights.shape[-1]),), "int64")
        return quantize_with_sz_map(
            weights, self.scale, self.zero, g_idx, self.maxq
        )

    def dequantize(self, codes):
        """Floats back from `quantize`'s codes."""
        g_idx = np.zeros((int(codes.shape[-1]),), "int64")
        return dequantize_with_sz_map(codes, self.scale, self.zero, g_idx)

    def __call__(self, x):
        self.find_params(x)
        return self.quantize(x), self.scale

    def get_config(self):
        return {
            "weight_bits": self.weight_bits,
            "per_channel": self.per_channel,
            "symmetric": self.symmetric,
            "group_size": self.group_size,
            "compute_dtype": self.compute_dtype,
        }

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        quantizer = cls(compute_dtype=config.pop("compute_dtype", "float32"))
        for key, value in config.items():
            setattr(quantizer, key, value)
        quantizer.maxq = 2 ** quantizer.weight_bits - 1
        return quantizer


def pack_uint4(codes, axis=0):
    """Packs 4-bit codes (0..15) two per uint8 along `axis` (NumPy): even
    positions in the low nibble, odd ones in the high nibble; an odd
    length is padded with a zero code."""
    codes = np.moveaxis(np.asarray(codes).astype("uint8"), axis, 0)
    if codes.shape[0] % 2:
        pad = np.zeros((1,) + codes.shape[1:], "uint8")
        codes = np.concatenate([codes, pad], axis=0)
    packed = codes[0::2] | (codes[1::2] << 4)
    return np.moveaxis(packed.astype("uint8"), 0, axis)


def unpack_uint4(packed, orig_len):
    """The inverse of `pack_uint4` along axis 0, as int32 codes of
    length `orig_len` (any backend)."""
    packed = ops.cast(packed, "int32")
    low = ops.bitwise_and(packed, 15)
    high = ops.bitwise_and(ops.right_shift(packed, 4), 15)
    shape = ops.shape(packed)
    both = ops.stack([low, high], axis=1)
    both = ops.reshape(both, (2 * shape[0],) + tuple(shape[1:]))
    return both[:orig_len]
