"""Math ops: segment reductions, top-k, FFTs, special functions.

These are exported as `keras.ops.<name>`.
"""

import inspect

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes
from keras.src.backend.common.dtypes import dtype_of
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import op_tables
from keras.src.ops import shape_rules
from keras.src.ops.op_class import OpClass
from keras.src.ops.op_class import op_classes_on_demand
from keras.src.ops.operation import symbolic_op
from keras.src.ops.shape_rules import shape_of


def _float_of(*xs):
    """The float dtype of an op on `xs`: promoted, ints become floatx."""
    dtype = dtypes.result_type(*(dtype_of(x) for x in xs))
    if dtypes.is_float_dtype(dtype):
        return dtype
    return dtypes.result_type(dtype, float)


def _check_rank(op_name, shape, rank):
    if len(shape) < rank:
        raise ValueError(
            f"`{op_name}`: the input must have rank >= {rank}. Received "
            f"shape {shape}"
        )


def _complex_of(dtype):
    return "complex128" if dtype == "float64" else "complex64"


def _real_of(dtype):
    """The float dtype of a norm or modulus of a `dtype` tensor."""
    if dtype.startswith("complex"):
        return "float64" if dtype == "complex128" else "float32"
    return dtype


# Segment reductions.


def _segment_spec(op_name):
    def spec(data, segment_ids, num_segments=None, sorted=False):
        data_shape, ids_shape = shape_of(data), shape_of(segment_ids)
        if len(ids_shape) != 1 or not data_shape:
            raise ValueError(
                f"`{op_name}`: `segment_ids` must be 1-D and `data` at least "
                f"1-D. Received: data.shape={data_shape}, "
                f"segment_ids.shape={ids_shape}"
            )
        n, m = data_shape[0], ids_shape[0]
        if n is not None and m is not None and n != m:
            raise ValueError(
                f"`{op_name}`: `data` and `segment_ids` must have the same "
                f"leading dimension. Received: data.shape={data_shape}, "
                f"segment_ids.shape={ids_shape}"
            )
        dtype = dtypes.result_type(dtype_of(data))
        return KerasTensor((num_segments,) + data_shape[1:], dtype=dtype)

    return spec


def _segment_doc(result):
    return lambda fn: _set_segment_doc(fn, result)


def _set_segment_doc(fn, result):
    reduction = fn.__name__.split("_")[1]
    fn.__doc__ = f"""Computes the {reduction} of each segment of `data`.

    Slice `data[i]` belongs to segment `segment_ids[i]`; ids outside
    `[0, num_segments)` are dropped. Empty segments hold the identity of
    the reduction (0 for sum, 1 for prod, the lowest value for max, the
    highest for min).

    Args:
        data: a tensor of shape `(N, ...)`.
        segment_ids: an integer tensor of shape `(N,)`.
        num_segments: the number of segments; by default
            `max(segment_ids) + 1` (which needs concrete values).
        sorted: whether `segment_ids` is sorted (a hint for speed).

    Returns:
        A tensor of shape `(num_segments,) + data.shape[1:]` and the dtype
        of `data`.

    Example:

    >>> data = np.array([1., 2., 3.], "float32")
    >>> keras.ops.{fn.__name__}(data, np.array([0, 0, 1]), num_segments=2)
    array({result}, dtype=float32)
    """
    return fn


@keras_export("keras.ops.segment_sum")
@_segment_doc("[3., 3.]")
def segment_sum(data, segment_ids, num_segments=None, sorted=False):
    if any_symbolic_tensors((data, segment_ids)):
        return symbolic_op(
            segment_sum, _segment_spec("segment_sum"), data, segment_ids,
            num_segments=num_segments, sorted=sorted,
        )
    return backend.math.segment_sum(data, segment_ids, num_segments, sorted)


@keras_export("keras.ops.segment_max")
@_segment_doc("[2., 3.]")
def segment_max(data, segment_ids, num_segments=None, sorted=False):
    if any_symbolic_tensors((data, segment_ids)):
        return symbolic_op(
            segment_max, _segment_spec("segment_max"), data, segment_ids,
            num_segments=num_segments, sorted=sorted,
        )
    return backend.math.segment_max(data, segment_ids, num_segments, sorted)


@keras_export("keras.ops.segment_min")
@_segment_doc("[1., 3.]")
def segment_min(data, segment_ids, num_segments=None, sorted=False):
    if any_symbolic_tensors((data, segment_ids)):
        return symbolic_op(
            segment_min, _segment_spec("segment_min"), data, segment_ids,
            num_segments=num_segments, sorted=sorted,
        )
    return backend.math.segment_min(data, segment_ids, num_segments, sorted)


@keras_export("keras.ops.segment_prod")
@_segment_doc("[2., 3.]")
def segment_prod(data, segment_ids, num_segments=None, sorted=False):
    if any_symbolic_tensors((data, segment_ids)):
        return symbolic_op(
            segment_prod, _segment_spec("segment_prod"), data, segment_ids,
            num_segments=num_segments, sorted=sorted,
        )
    return backend.math.segment_prod(data, segment_ids, num_segments, sorted)


# Top-k.


def _check_k(op_name, shape, k):
    _check_rank(op_name, shape, 1)
    if k < 0 or (shape[-1] is not None and k > shape[-1]):
        raise ValueError(
            f"`{op_name}`: `k` must be in [0, {shape[-1]}] for an input of "
            f"shape {shape}. Received: k={k}"
        )


def _top_k_spec(x, k, sorted=True):
    shape = shape_of(x)[:-1] + (k,)
    return (
        KerasTensor(shape, dtype=dtypes.result_type(dtype_of(x))),
        KerasTensor(shape, dtype="int32"),
    )


@keras_export("keras.ops.top_k")
def top_k(x, k, sorted=True):
    """Finds the `k` largest entries along the last axis.

    Equal values are returned in the order of their indices.

    Args:
        x: a tensor of rank >= 1.
        k: the number of entries to keep.
        sorted: whether to return them in decreasing order (they always
            are on the current backends).

    Returns:
        A tuple `(values, indices)`: `values` has the dtype of `x`,
        `indices` is int32; both have shape `x.shape[:-1] + (k,)`.

    Example:

    >>> values, indices = keras.ops.top_k(np.array([1., 5., 3.]), 2)
    >>> indices
    array([1, 2])
    """
    _check_k("top_k", shape_of(x), k)
    if any_symbolic_tensors((x,)):
        return symbolic_op(top_k, _top_k_spec, x, k, sorted=sorted)
    return backend.math.top_k(x, k, sorted)


def _in_top_k_spec(targets, predictions, k):
    t_shape, p_shape = shape_of(targets), shape_of(predictions)
    valid = len(t_shape) == 1 and len(p_shape) == 2
    if valid and None not in (t_shape[0], p_shape[0]):
        valid = t_shape[0] == p_shape[0]
    if not valid:
        raise ValueError(
            "`in_top_k`: expected `targets` of shape (batch,) and "
            "`predictions` of shape (batch, classes). Received: "
            f"targets.shape={t_shape}, predictions.shape={p_shape}"
        )
    batch = t_shape[0] if t_shape[0] is not None else p_shape[0]
    return KerasTensor((batch,), dtype="bool")


@keras_export("keras.ops.in_top_k")
def in_top_k(targets, predictions, k):
    """Checks whether each target is among the `k` top predictions.

    A target is in the top `k` when fewer than `k` predictions of its row
    are strictly greater than its own (so ties count as in); a target out
    of range or with a NaN prediction is not.

    Args:
        targets: an integer tensor of shape `(batch,)`: class indices.
        predictions: a tensor of shape `(batch, classes)`.
        k: the number of top predictions to consider.

    Returns:
        A bool tensor of shape `(batch,)`.

    Example:

    >>> keras.ops.in_top_k(np.array([1, 0]), np.array([[.1, .9], [.2, .8]]), 1)
    array([ True, False])
    """
    if any_symbolic_tensors((targets, predictions)):
        return symbolic_op(
            in_top_k, _in_top_k_spec, targets, predictions, k
        )
    return backend.math.in_top_k(targets, predictions, k)


# Reductions and windows.


def _logsumexp_spec(x, axis=None, keepdims=False):
    shape = shape_rules.reduce_shape("logsumexp", shape_of(x), axis, keepdims)
    return KerasTensor(shape, dtype=_float_of(x))


@keras_export("keras.ops.logsumexp")
def logsumexp(x, axis=None, keepdims=False):
    """Computes `log(sum(exp(x)))` along `axis`, without overflow.

    Args:
        x: a tensor.
        axis: an int, a tuple of ints or `None` (all axes).
        keepdims: whether to keep the reduced axes with size 1.

    Returns:
        The reduced tensor, of a float dtype.

    Example:

    >>> keras.ops.logsumexp(np.array([0., 0.], "float32"))
    array(0.6931472, dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(
            logsumexp, _logsumexp_spec, x, axis=axis, keepdims=keepdims
        )
    return backend.math.logsumexp(x, axis, keepdims)


def _num_frames(length, frame_length, step):
    if length is None:
        return None
    return max(0, (length - frame_length) // step + 1)


def _extract_sequences_spec(x, sequence_length, sequence_stride):
    shape = shape_of(x)
    _check_rank("extract_sequences", shape, 1)
    frames = _num_frames(shape[-1], sequence_length, sequence_stride)
    return KerasTensor(
        shape[:-1] + (frames, sequence_length),
        dtype=dtypes.result_type(dtype_of(x)),
    )


def _check_frames(op_name, sequence_length, sequence_stride):
    if sequence_length < 1 or sequence_stride < 1:
        raise ValueError(
            f"`{op_name}`: `sequence_length` and `sequence_stride` must be "
            f"positive. Received: sequence_length={sequence_length}, "
            f"sequence_stride={sequence_stride}"
        )


@keras_export("keras.ops.extract_sequences")
def extract_sequences(x, sequence_length, sequence_stride):
    """Slices the last axis into (possibly overlapping) sequences.

    Args:
        x: a tensor of shape `(..., length)`.
        sequence_length: the length of each sequence.
        sequence_stride: the step between the starts of sequences.

    Returns:
        A tensor of shape `(..., num_sequences, sequence_length)`, where
        `num_sequences = 1 + (length - sequence_length) // sequence_stride`
        (0 when `length < sequence_length`).

    Example:

    >>> keras.ops.extract_sequences(np.arange(5), 3, 2)
    array([[0, 1, 2],
           [2, 3, 4]], dtype=int32)
    """
    _check_frames("extract_sequences", sequence_length, sequence_stride)
    if any_symbolic_tensors((x,)):
        return symbolic_op(
            extract_sequences, _extract_sequences_spec, x, sequence_length,
            sequence_stride,
        )
    return backend.math.extract_sequences(x, sequence_length, sequence_stride)


# Fourier transforms. Complex tensors travel as (real, imag) pairs.


def _check_pair(op_name, x):
    if not isinstance(x, (tuple, list)) or len(x) != 2:
        raise ValueError(
            f"`{op_name}`: `x` must be a tuple (real, imag) of two tensors. "
            f"Received: {type(x).__name__}"
        )
    real, imag = shape_of(x[0]), shape_of(x[1])
    compatible = len(real) == len(imag) and all(
        a is None or b is None or a == b for a, b in zip(real, imag)
    )
    if not compatible:
        raise ValueError(
            f"`{op_name}`: the real and imaginary parts must have the same "
            f"shape. Received: {real} and {imag}"
        )
    return real


def _fft_spec(op_name, min_rank):
    def spec(x):
        shape = _check_pair(op_name, x)
        _check_rank(op_name, shape, min_rank)
        dtype = _float_of(*x)
        return KerasTensor(shape, dtype=dtype), KerasTensor(shape, dtype=dtype)

    return spec


def _fft_doc(fn):
    name = fn.__name__
    what = {
        "fft": "the discrete Fourier transform along the last axis",
        "fft2": "the 2-D discrete Fourier transform of the last two axes",
        "ifft2": "the inverse 2-D discrete Fourier transform of the last "
        "two axes",
    }[name]
    fn.__doc__ = f"""Computes {what}.

    Args:
        x: a tuple `(real, imag)` of two tensors of the same shape.

    Returns:
        A tuple `(real, imag)` of float tensors of the input's shape.

    Example:

    >>> real, imag = keras.ops.{name}((np.ones((2, 2)), np.zeros((2, 2))))
    """
    return fn


@keras_export("keras.ops.fft")
@_fft_doc
def fft(x):
    _check_pair("fft", x)
    if any_symbolic_tensors((x,)):
        return symbolic_op(fft, _fft_spec("fft", 1), x)
    return backend.math.fft(x)


@keras_export("keras.ops.fft2")
@_fft_doc
def fft2(x):
    _check_pair("fft2", x)
    if any_symbolic_tensors((x,)):
        return symbolic_op(fft2, _fft_spec("fft2", 2), x)
    return backend.math.fft2(x)


@keras_export("keras.ops.ifft2")
@_fft_doc
def ifft2(x):
    _check_pair("ifft2", x)
    if any_symbolic_tensors((x,)):
        return symbolic_op(ifft2, _fft_spec("ifft2", 2), x)
    return backend.math.ifft2(x)


def _rfft_spec(x, fft_length=None):
    shape = shape_of(x)
    _check_rank("rfft", shape, 1)
    n = fft_length if fft_length is not None else shape[-1]
    shape = shape[:-1] + (None if n is None else n // 2 + 1,)
    dtype = _float_of(x)
    return KerasTensor(shape, dtype=dtype), KerasTensor(shape, dtype=dtype)


@keras_export("keras.ops.rfft")
def rfft(x, fft_length=None):
    """Computes the Fourier transform of a real signal (last axis).

    Args:
        x: a real tensor of shape `(..., length)`.
        fft_length: the transform length; the signal is cropped or
            zero-padded to it. Defaults to `length`.

    Returns:
        A tuple `(real, imag)` of shape `(..., fft_length // 2 + 1)`.

    Example:

    >>> real, imag = keras.ops.rfft(np.array([1., 2., 3., 4.], "float32"))
    >>> real
    array([10., -2., -2.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(rfft, _rfft_spec, x, fft_length=fft_length)
    return backend.math.rfft(x, fft_length)


def _irfft_spec(x, fft_length=None):
    shape = _check_pair("irfft", x)
    _check_rank("irfft", shape, 1)
    if fft_length is None:
        fft_length = None if shape[-1] is None else 2 * (shape[-1] - 1)
    return KerasTensor(shape[:-1] + (fft_length,), dtype=_float_of(*x))


@keras_export("keras.ops.irfft")
def irfft(x, fft_length=None):
    """Computes the inverse of `rfft`: a real signal from its spectrum.

    Args:
        x: a tuple `(real, imag)` of shape `(..., bins)`.
        fft_length: the length of the output signal; defaults to
            `2 * (bins - 1)`.

    Returns:
        A real tensor of shape `(..., fft_length)`.

    Example:

    >>> zeros = np.zeros(2, "float32")
    >>> keras.ops.irfft((np.array([2., 0.], "float32"), zeros))
    array([1., 1.], dtype=float32)
    """
    _check_pair("irfft", x)
    if any_symbolic_tensors((x,)):
        return symbolic_op(irfft, _irfft_spec, x, fft_length=fft_length)
    return backend.math.irfft(x, fft_length)


def _check_stft(op_name, sequence_length, sequence_stride, fft_length,
                window):
    _check_frames(op_name, sequence_length, sequence_stride)
    if fft_length < sequence_length:
        raise ValueError(
            f"`{op_name}`: `fft_length` must be >= `sequence_length`. "
            f"Received: sequence_length={sequence_length}, "
            f"fft_length={fft_length}"
        )
    if isinstance(window, str) and window not in ("hann", "hamming"):
        raise ValueError(
            f"`{op_name}`: `window` must be 'hann', 'hamming', a tensor or "
            f"None. Received: window={window!r}"
        )
    if not isinstance(window, str) and window is not None:
        if tuple(shape_of(window)) != (sequence_length,):
            raise ValueError(
                f"`{op_name}`: a `window` tensor must have shape "
                f"({sequence_length},). Received: {shape_of(window)}"
            )


def _stft_spec(x, sequence_length, sequence_stride, fft_length,
               window="hann", center=True):
    shape = shape_of(x)
    _check_rank("stft", shape, 1)
    length = shape[-1]
    if center and length is not None:
        length += 2 * (fft_length // 2)
    frames = _num_frames(length, fft_length, sequence_stride)
    shape = shape[:-1] + (frames, fft_length // 2 + 1)
    dtype = _float_of(x)
    return KerasTensor(shape, dtype=dtype), KerasTensor(shape, dtype=dtype)


@keras_export("keras.ops.stft")
def stft(x, sequence_length, sequence_stride, fft_length, window="hann",
         center=True):
    """Computes the short-time Fourier transform along the last axis.

    Frames of `fft_length` samples are taken every `sequence_stride`
    samples and multiplied by a window of `sequence_length` samples,
    zero-padded on both sides to `fft_length`.

    Args:
        x: a real tensor of shape `(..., length)`.
        sequence_length: the window length.
        sequence_stride: the step between frames.
        fft_length: the frame and transform length (>= `sequence_length`).
        window: `"hann"`, `"hamming"` (periodic windows), a tensor of shape
            `(sequence_length,)`, or `None` (a rectangular window).
        center: whether to pad `x` by `fft_length // 2` on both sides
            (reflecting it) so frames are centered on their time.

    Returns:
        A tuple `(real, imag)` of shape `(..., frames, fft_length // 2 + 1)`.

    Example:

    >>> real, imag = keras.ops.stft(np.ones(16), 8, 4, 8)
    >>> real.shape
    (5, 5)
    """
    _check_stft("stft", sequence_length, sequence_stride, fft_length, window)
    if any_symbolic_tensors((x, window)):
        return symbolic_op(
            stft, _stft_spec, x, sequence_length, sequence_stride,
            fft_length, window=window, center=center,
        )
    return backend.math.stft(
        x, sequence_length, sequence_stride, fft_length, window, center
    )


def _istft_spec(x, sequence_length, sequence_stride, fft_length,
                length=None, window="hann", center=True):
    shape = _check_pair("istft", x)
    _check_rank("istft", shape, 2)
    if length is None and shape[-2] is not None:
        length = (shape[-2] - 1) * sequence_stride + fft_length
        if center:
            length -= 2 * (fft_length // 2)
    return KerasTensor(shape[:-2] + (length,), dtype=_float_of(*x))


@keras_export("keras.ops.istft")
def istft(x, sequence_length, sequence_stride, fft_length, length=None,
          window="hann", center=True):
    """Computes the inverse of `stft`, by windowed overlap-add.

    Args:
        x: a tuple `(real, imag)` of shape
            `(..., frames, fft_length // 2 + 1)`.
        sequence_length: the window length used by `stft`.
        sequence_stride: the step between frames used by `stft`.
        fft_length: the transform length used by `stft`.
        length: the length of the output; by default all the samples the
            frames cover (less the `center` padding).
        window: the window used by `stft`.
        center: whether `stft` padded the signal.

    Returns:
        A real tensor of shape `(..., length)`.

    Example:

    >>> x = np.arange(16.)
    >>> y = keras.ops.istft(keras.ops.stft(x, 8, 4, 8), 8, 4, 8)
    """
    _check_pair("istft", x)
    _check_stft("istft", sequence_length, sequence_stride, fft_length, window)
    if any_symbolic_tensors((x, window)):
        return symbolic_op(
            istft, _istft_spec, x, sequence_length, sequence_stride,
            fft_length, length=length, window=window, center=center,
        )
    return backend.math.istft(
        x, sequence_length, sequence_stride, fft_length, length, window,
        center,
    )


# Elementwise special functions.


def _unary_doc(formula, example):
    def decorate(fn):
        fn.__doc__ = f"""Computes {formula} elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of `x`'s shape and float dtype (integers give floatx).

    Example:

    >>> keras.ops.{fn.__name__}(np.array([{example[0]}], "float32"))
    array([{example[1]}], dtype=float32)
    """
        return fn

    return decorate


@keras_export("keras.ops.rsqrt")
@_unary_doc("the reciprocal square root `1 / sqrt(x)`",
            ("1., 4.", "1. , 0.5"))
def rsqrt(x):
    if any_symbolic_tensors((x,)):
        return symbolic_op(rsqrt, shape_rules.float_unary_spec, x)
    return backend.math.rsqrt(x)


@keras_export("keras.ops.erf")
@_unary_doc(
    "the error function `2 / sqrt(pi) * integral(exp(-t**2), 0, x)`",
    ("0., 1.", "0.       , 0.8427008"),
)
def erf(x):
    if any_symbolic_tensors((x,)):
        return symbolic_op(erf, shape_rules.float_unary_spec, x)
    return backend.math.erf(x)


@keras_export("keras.ops.erfc")
@_unary_doc(
    "the complementary error function `1 - erf(x)`",
    ("0., 1.", "1.       , 0.1572992"),
)
def erfc(x):
    if any_symbolic_tensors((x,)):
        return symbolic_op(erfc, shape_rules.float_unary_spec, x)
    return backend.math.erfc(x)


@keras_export("keras.ops.erfinv")
@_unary_doc(
    "the inverse error function (NaN outside `[-1, 1]`)",
    ("0., 0.5", "0.        , 0.47693628"),
)
def erfinv(x):
    if any_symbolic_tensors((x,)):
        return symbolic_op(erfinv, shape_rules.float_unary_spec, x)
    return backend.math.erfinv(x)


# Matrices and complex views.


def _square_shape(op_name, x):
    shape = shape_of(x)
    if len(shape) < 2:
        raise ValueError(
            f"`{op_name}`: the input must have rank >= 2. Received shape "
            f"{shape}"
        )
    m, n = shape[-2:]
    if m is not None and n is not None and m != n:
        raise ValueError(
            f"`{op_name}`: expected square matrices. Received shape {shape}"
        )
    return shape


def _logdet_spec(x):
    return KerasTensor(_square_shape("logdet", x)[:-2], dtype=_float_of(x))


@keras_export("keras.ops.logdet")
def logdet(x):
    """Computes the log of the absolute determinant of square matrices.

    For the Hermitian positive definite matrices it is meant for, this is
    `log(det(x))`.

    Args:
        x: a tensor of shape `(..., M, M)`.

    Returns:
        A float tensor of shape `x.shape[:-2]`.

    Example:

    >>> keras.ops.logdet(np.array([[2., 0.], [0., 3.]], "float32"))
    np.float32(1.7917595)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(logdet, _logdet_spec, x)
    return backend.math.logdet(x)


def _check_complex_pairs(x):
    shape = shape_of(x)
    if not shape or shape[-1] not in (2, None):
        raise ValueError(
            "`view_as_complex`: the last dimension must have size 2 (real "
            f"and imaginary parts). Received shape {shape}"
        )
    return shape


def _view_as_complex_spec(x):
    shape = _check_complex_pairs(x)
    return KerasTensor(shape[:-1], dtype=_complex_of(_float_of(x)))


@keras_export("keras.ops.view_as_complex")
def view_as_complex(x):
    """Makes a complex tensor from pairs of (real, imaginary) parts.

    Args:
        x: a tensor of shape `(..., 2)`.

    Returns:
        A complex tensor of shape `x.shape[:-1]`: complex128 for float64
        inputs, complex64 otherwise.

    Example:

    >>> keras.ops.view_as_complex(np.array([[1., 2.]], "float32"))
    array([1.+2.j], dtype=complex64)
    """
    _check_complex_pairs(x)
    if any_symbolic_tensors((x,)):
        return symbolic_op(view_as_complex, _view_as_complex_spec, x)
    return backend.math.view_as_complex(x)


def _view_as_real_spec(x):
    dtype = dtypes.result_type(dtype_of(x))
    dtype = _real_of(dtype) if "complex" in dtype else _float_of(x)
    return KerasTensor(shape_of(x) + (2,), dtype=dtype)


@keras_export("keras.ops.view_as_real")
def view_as_real(x):
    """Splits a complex tensor into pairs of (real, imaginary) parts.

    Args:
        x: a complex tensor (a real one has zero imaginary parts).

    Returns:
        A float tensor of shape `x.shape + (2,)`.

    Example:

    >>> keras.ops.view_as_real(np.array([1 + 2j], dtype="complex64"))
    array([[1., 2.]], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(view_as_real, _view_as_real_spec, x)
    return backend.math.view_as_real(x)


def _cdist_spec(x, y):
    x_shape, y_shape = shape_of(x), shape_of(y)
    shapes = f"x.shape={x_shape}, y.shape={y_shape}"
    if len(x_shape) < 2 or len(y_shape) < 2:
        raise ValueError(f"`cdist`: inputs must have rank >= 2. Got {shapes}")
    d1, d2 = x_shape[-1], y_shape[-1]
    if d1 is not None and d2 is not None and d1 != d2:
        raise ValueError(
            f"`cdist`: the last dimensions must match. Received: {shapes}"
        )
    batch = shape_rules.broadcast_shapes(
        "cdist", x_shape[:-2], y_shape[:-2]
    )
    shape = batch + (x_shape[-2], y_shape[-2])
    return KerasTensor(shape, dtype=_float_of(x, y))


@keras_export("keras.ops.cdist")
def cdist(x, y):
    """Computes the Euclidean distances between two sets of vectors.

    Args:
        x: a tensor of shape `(..., M, D)`.
        y: a tensor of shape `(..., N, D)`; batch dimensions broadcast.

    Returns:
        A float tensor of shape `(..., M, N)`: `out[..., i, j]` is the
        distance between `x[..., i, :]` and `y[..., j, :]`.

    Example:

    >>> x, y = np.array([[0., 0.]], "float32"), np.array([[3., 4.]], "float32")
    >>> keras.ops.cdist(x, y)
    array([[5.]], dtype=float32)
    """
    if any_symbolic_tensors((x, y)):
        return symbolic_op(cdist, _cdist_spec, x, y)
    return backend.math.cdist(x, y)


# The op classes (`FFT`, ...): what symbolic calls record, at Keras's
# paths. Made from the op functions above; see `op_class.py`.
class SegmentReduction(OpClass):
    """Base of the segment reduction op classes (`SegmentSum`,
    `SegmentMax`, `SegmentMin`, `SegmentProd`): their constructor takes
    `num_segments` and `sorted`, their `call` the data and segment ids.

    Args:
        num_segments: the number of segments (`None`: inferred).
        sorted: whether `segment_ids` are sorted.
        name: the operation's name.

    Example:

    >>> op = SegmentSum(num_segments=2)
    >>> isinstance(op, SegmentReduction), op.get_config()["num_segments"]
    (True, 2)
    """

    def __init__(self, num_segments=None, sorted=False, *, name=None):
        OpClass.__init__(self, num_segments, sorted, name=name)

    def call(self, *args, **kwargs):
        if type(self)._fn is None:
            raise TypeError(
                "SegmentReduction is the base of SegmentSum, SegmentMax, "
                "SegmentMin and SegmentProd: call one of those."
            )
        return OpClass.call(self, *args, **kwargs)


SegmentReduction._init_signature = inspect.signature(
    SegmentReduction.__init__
)
SegmentReduction._init_names = ("num_segments", "sorted")

_SEGMENT_CLASSES = ("SegmentMax", "SegmentMin", "SegmentProd", "SegmentSum")
__getattr__ = op_classes_on_demand(
    __name__, globals(), op_tables.MATH,
    bases={name: SegmentReduction for name in _SEGMENT_CLASSES},
)
