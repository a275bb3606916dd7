"""Array creation ops: constant tensors, ranges, grids and windows.

Ops that only take shapes (`zeros`, `eye`, ...) always return concrete
tensors. Ops that take tensors (`zeros_like`, `linspace`, ...) also accept
`KerasTensor`s and then return symbolic results.
"""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import shape_rules
from keras.src.ops.numpy.manipulation_rules import (
    element_count as _element_count,
)
from keras.src.ops.operation import symbolic_op


def _canonical_dtype(dtype, default):
    """`dtype` as the backend stores it (64-bit types are 32-bit on JAX)."""
    if dtype is None:
        return default
    dtype = backend.standardize_dtype(dtype)
    try:
        return dtypes.result_type(dtype)
    except ValueError:
        return dtype


def _like_spec(x, dtype=None):
    default = dtypes.result_type(dtypes.dtype_of(x))
    return KerasTensor(
        shape_rules.shape_of(x), dtype=_canonical_dtype(dtype, default)
    )


def _range_dtype(*values):
    dtype = dtypes.result_type(
        *(dtypes.dtype_of(v) for v in values if v is not None)
    )
    return "int32" if dtype == "bool" else dtype


def _ramp_spec(op_name, start, stop, num, axis, dtype):
    shape = list(
        shape_rules.broadcast_shapes(
            op_name, shape_rules.shape_of(start), shape_rules.shape_of(stop)
        )
    )
    axis = shape_rules.canonicalize_axis(op_name, axis, len(shape) + 1)
    shape.insert(axis, num)
    default = dtypes.result_type(
        dtypes.dtype_of(start), dtypes.dtype_of(stop), float
    )
    return KerasTensor(shape, dtype=_canonical_dtype(dtype, default))


def _linspace_spec(start, stop, num, endpoint, retstep, dtype, axis):
    values = _ramp_spec("linspace", start, stop, num, axis, dtype)
    if not retstep:
        return values
    step_shape = shape_rules.broadcast_shapes(
        "linspace", shape_rules.shape_of(start), shape_rules.shape_of(stop)
    )
    default = dtypes.result_type(
        dtypes.dtype_of(start), dtypes.dtype_of(stop), float
    )
    return values, KerasTensor(step_shape, dtype=default)


def _window_spec(x, beta=None):
    length = None if isinstance(x, KerasTensor) else int(x)
    return KerasTensor((length,), dtype=backend.floatx())


@keras_export(["keras.ops.array", "keras.ops.numpy.array"])
def array(x, dtype=None):
    """Creates a tensor from a value.

    Args:
        x: a tensor, array, Python number or nested list.
        dtype: the dtype of the tensor; inferred from `x` by default
            (Python ints give `"int32"`, floats `floatx()`).

    Returns:
        A tensor holding the values of `x`.

    Example:

    >>> keras.ops.array([1, 2, 3], dtype="float32")
    array([1., 2., 3.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(array, _like_spec, x, dtype)
    return backend.numpy.array(x, dtype=dtype)


@keras_export(["keras.ops.arange", "keras.ops.numpy.arange"])
def arange(start, stop=None, step=None, dtype=None):
    """Returns evenly spaced values within `[start, stop)`.

    Called with one bound, `arange(stop)` counts from 0.

    Args:
        start: the first value (or the end, when `stop` is not given).
        stop: the end, excluded.
        step: the spacing between values; 1 by default. Must be nonzero.
        dtype: the result's dtype. By default it follows the bounds: Python
            ints give `"int32"`, Python floats `floatx()`.

    Returns:
        A 1-D tensor.

    Example:

    >>> keras.ops.arange(1, 7, 2)
    array([1, 3, 5], dtype=int32)
    """
    if any_symbolic_tensors((start, stop, step)):

        def spec(start, stop, step, dtype):
            default = _range_dtype(start, stop, step)
            return KerasTensor(
                (None,), dtype=_canonical_dtype(dtype, default)
            )

        return symbolic_op(arange, spec, start, stop, step, dtype)
    return backend.numpy.arange(start, stop=stop, step=step, dtype=dtype)


@keras_export(["keras.ops.empty", "keras.ops.numpy.empty"])
def empty(shape, dtype=None):
    """Returns a tensor of the given shape whose values are not to be used.

    The values are unspecified by contract; this implementation fills with
    zeros.

    Args:
        shape: an int or a tuple of ints.
        dtype: the dtype; `floatx()` by default.

    Returns:
        A tensor of shape `shape`.

    Example:

    >>> keras.ops.empty((2, 3)).shape
    (2, 3)
    """
    return backend.numpy.empty(shape, dtype=dtype)


@keras_export(["keras.ops.empty_like", "keras.ops.numpy.empty_like"])
def empty_like(x, dtype=None):
    """Returns a tensor shaped like `x` whose values are not to be used.

    Args:
        x: a tensor.
        dtype: the dtype; that of `x` by default.

    Returns:
        A tensor of the shape of `x` (filled with zeros here).

    Example:

    >>> keras.ops.empty_like(np.ones((2, 3))).shape
    (2, 3)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(empty_like, _like_spec, x, dtype)
    return backend.numpy.empty_like(x, dtype=dtype)


@keras_export(["keras.ops.zeros", "keras.ops.numpy.zeros"])
def zeros(shape, dtype=None):
    """Returns a tensor of zeros.

    Args:
        shape: an int or a tuple of ints.
        dtype: the dtype; `floatx()` by default.

    Returns:
        A tensor of zeros of shape `shape`.

    Example:

    >>> keras.ops.zeros((2,), dtype="int32")
    array([0, 0], dtype=int32)
    """
    return backend.numpy.zeros(shape, dtype=dtype)


@keras_export(["keras.ops.ones", "keras.ops.numpy.ones"])
def ones(shape, dtype=None):
    """Returns a tensor of ones.

    Args:
        shape: an int or a tuple of ints.
        dtype: the dtype; `floatx()` by default.

    Returns:
        A tensor of ones of shape `shape`.

    Example:

    >>> keras.ops.ones((2,))
    array([1., 1.], dtype=float32)
    """
    return backend.numpy.ones(shape, dtype=dtype)


@keras_export(["keras.ops.full", "keras.ops.numpy.full"])
def full(shape, fill_value, dtype=None):
    """Returns a tensor of shape `shape` filled with `fill_value`.

    Args:
        shape: an int or a tuple of ints.
        fill_value: a scalar, or a tensor that broadcasts to `shape`.
        dtype: the dtype; `floatx()` by default, whatever `fill_value` is.

    Returns:
        A tensor of shape `shape`.

    Example:

    >>> keras.ops.full((2,), 7, dtype="int32")
    array([7, 7], dtype=int32)
    """
    if any_symbolic_tensors((fill_value,)):

        def spec(shape, fill_value, dtype):
            shape = (shape,) if isinstance(shape, int) else tuple(shape)
            shape_rules.broadcast_shapes(
                "full", shape_rules.shape_of(fill_value), shape
            )
            dtype = _canonical_dtype(dtype, backend.floatx())
            return KerasTensor(shape, dtype=dtype)

        return symbolic_op(full, spec, shape, fill_value, dtype)
    return backend.numpy.full(shape, fill_value, dtype=dtype)


@keras_export(["keras.ops.zeros_like", "keras.ops.numpy.zeros_like"])
def zeros_like(x, dtype=None):
    """Returns a tensor of zeros with the shape of `x`.

    Args:
        x: a tensor.
        dtype: the dtype; that of `x` by default.

    Returns:
        A tensor of zeros.

    Example:

    >>> keras.ops.zeros_like(np.array([1, 2], dtype="int32"))
    array([0, 0], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(zeros_like, _like_spec, x, dtype)
    return backend.numpy.zeros_like(x, dtype=dtype)


@keras_export(["keras.ops.ones_like", "keras.ops.numpy.ones_like"])
def ones_like(x, dtype=None):
    """Returns a tensor of ones with the shape of `x`.

    Args:
        x: a tensor.
        dtype: the dtype; that of `x` by default.

    Returns:
        A tensor of ones.

    Example:

    >>> keras.ops.ones_like(np.array([1, 2], dtype="int32"))
    array([1, 1], dtype=int32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(ones_like, _like_spec, x, dtype)
    return backend.numpy.ones_like(x, dtype=dtype)


@keras_export(["keras.ops.full_like", "keras.ops.numpy.full_like"])
def full_like(x, fill_value, dtype=None):
    """Returns a tensor with the shape of `x` filled with `fill_value`.

    Args:
        x: a tensor.
        fill_value: a scalar, or a tensor that broadcasts to `x`'s shape.
        dtype: the dtype; that of `x` by default (`fill_value` is cast).

    Returns:
        A tensor of the shape of `x`.

    Example:

    >>> keras.ops.full_like(np.array([1, 2], dtype="int32"), 5)
    array([5, 5], dtype=int32)
    """
    if any_symbolic_tensors((x, fill_value)):

        def spec(x, fill_value, dtype):
            return _like_spec(x, dtype)

        return symbolic_op(full_like, spec, x, fill_value, dtype)
    return backend.numpy.full_like(x, fill_value, dtype=dtype)


@keras_export(["keras.ops.eye", "keras.ops.numpy.eye"])
def eye(N, M=None, k=0, dtype=None):
    """Returns a 2-D tensor with ones on a diagonal and zeros elsewhere.

    Args:
        N: the number of rows.
        M: the number of columns; `N` by default.
        k: the diagonal: 0 is the main one, positive values are above it,
            negative values below.
        dtype: the dtype; `floatx()` by default.

    Returns:
        A tensor of shape `(N, M)`.

    Example:

    >>> keras.ops.eye(2, 3, k=1)
    array([[0., 1., 0.],
           [0., 0., 1.]], dtype=float32)
    """
    return backend.numpy.eye(N, M=M, k=k, dtype=dtype)


@keras_export(["keras.ops.identity", "keras.ops.numpy.identity"])
def identity(n, dtype=None):
    """Returns the identity matrix of size `n`.

    Args:
        n: the number of rows and columns.
        dtype: the dtype; `floatx()` by default.

    Returns:
        A tensor of shape `(n, n)`.

    Example:

    >>> keras.ops.identity(2)
    array([[1., 0.],
           [0., 1.]], dtype=float32)
    """
    return backend.numpy.identity(n, dtype=dtype)


@keras_export(["keras.ops.tri", "keras.ops.numpy.tri"])
def tri(N, M=None, k=0, dtype=None):
    """Returns a tensor with ones at and below a diagonal, zeros above.

    Args:
        N: the number of rows.
        M: the number of columns; `N` by default.
        k: the diagonal at and below which the tensor holds ones: 0 is the
            main one, positive values are above it, negative below.
        dtype: the dtype; `floatx()` by default.

    Returns:
        A tensor of shape `(N, M)`.

    Example:

    >>> keras.ops.tri(2)
    array([[1., 0.],
           [1., 1.]], dtype=float32)
    """
    return backend.numpy.tri(N, M=M, k=k, dtype=dtype)


@keras_export(["keras.ops.linspace", "keras.ops.numpy.linspace"])
def linspace(
    start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0
):
    """Returns `num` evenly spaced values from `start` to `stop`.

    Args:
        start: the first value; a scalar or a tensor.
        stop: the last value (included when `endpoint` is true); a scalar or
            a tensor that broadcasts with `start`.
        num: the number of values.
        endpoint: whether `stop` is the last value.
        retstep: whether to also return the spacing.
        dtype: the dtype; by default the float dtype of `start` and `stop`
            (`floatx()` for ints). Int dtypes round the values down.
        axis: where the new axis goes, when `start` or `stop` are tensors.

    Returns:
        A tensor, or `(values, step)` when `retstep` is true.

    Example:

    >>> keras.ops.linspace(0.0, 1.0, 5)
    array([0.  , 0.25, 0.5 , 0.75, 1.  ], dtype=float32)
    """
    if any_symbolic_tensors((start, stop)):
        return symbolic_op(
            linspace, _linspace_spec, start, stop, num, endpoint, retstep,
            dtype, axis,
        )
    return backend.numpy.linspace(
        start, stop, num=num, endpoint=endpoint, retstep=retstep,
        dtype=dtype, axis=axis,
    )


@keras_export(["keras.ops.logspace", "keras.ops.numpy.logspace"])
def logspace(start, stop, num=50, endpoint=True, base=10, dtype=None, axis=0):
    """Returns `num` values evenly spaced on a log scale.

    The values are `base ** linspace(start, stop, num)`.

    Args:
        start: the first exponent; a scalar or a tensor.
        stop: the last exponent (included when `endpoint` is true).
        num: the number of values.
        endpoint: whether `base ** stop` is the last value.
        base: the base of the powers.
        dtype: the dtype; by default the float dtype of `start` and `stop`
            (`floatx()` for ints). Int dtypes truncate the values.
        axis: where the new axis goes, when `start` or `stop` are tensors.

    Returns:
        A tensor.

    Example:

    >>> keras.ops.logspace(0.0, 2.0, 3)
    array([  1.,  10., 100.], dtype=float32)
    """
    if any_symbolic_tensors((start, stop)):

        def spec(start, stop, num, endpoint, base, dtype, axis):
            return _ramp_spec("logspace", start, stop, num, axis, dtype)

        return symbolic_op(
            logspace, spec, start, stop, num, endpoint, base, dtype, axis
        )
    return backend.numpy.logspace(
        start, stop, num=num, endpoint=endpoint, base=base, dtype=dtype,
        axis=axis,
    )


@keras_export(["keras.ops.geomspace", "keras.ops.numpy.geomspace"])
def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """Returns `num` values from `start` to `stop` in geometric progression.

    `start` and `stop` must be nonzero and of the same sign; elsewhere the
    values are NaN.

    Args:
        start: the first value; a scalar or a tensor.
        stop: the last value (included when `endpoint` is true).
        num: the number of values.
        endpoint: whether `stop` is the last value.
        dtype: the dtype; by default the float dtype of `start` and `stop`
            (`floatx()` for ints). Int dtypes truncate the values.
        axis: where the new axis goes, when `start` or `stop` are tensors.

    Returns:
        A tensor.

    Example:

    >>> keras.ops.geomspace(1.0, 100.0, 3)
    array([  1.,  10., 100.], dtype=float32)
    """
    if any_symbolic_tensors((start, stop)):

        def spec(start, stop, num, endpoint, dtype, axis):
            return _ramp_spec("geomspace", start, stop, num, axis, dtype)

        return symbolic_op(
            geomspace, spec, start, stop, num, endpoint, dtype, axis
        )
    return backend.numpy.geomspace(
        start, stop, num=num, endpoint=endpoint, dtype=dtype, axis=axis
    )


@keras_export(["keras.ops.meshgrid", "keras.ops.numpy.meshgrid"])
def meshgrid(*x, indexing="xy"):
    """Returns coordinate grids from 1-D coordinate vectors.

    Args:
        *x: the coordinate vectors (tensors of any shape are flattened).
        indexing: `"xy"` (Cartesian: the first two output axes are swapped)
            or `"ij"` (matrix indexing).

    Returns:
        A list of tensors, one per input, each of the grid's shape and of
        its input's dtype.

    Example:

    >>> xs, ys = keras.ops.meshgrid(np.arange(3), np.arange(2))
    >>> xs.shape
    (2, 3)
    """
    if indexing not in ("xy", "ij"):
        raise ValueError(
            "`meshgrid`: `indexing` must be 'xy' or 'ij'. "
            f"Received: indexing={indexing!r}"
        )
    if any_symbolic_tensors(x):

        def spec(*x, indexing="xy"):
            sizes = [_element_count(shape_rules.shape_of(v)) for v in x]
            if indexing == "xy" and len(sizes) > 1:
                sizes[0], sizes[1] = sizes[1], sizes[0]
            return [
                KerasTensor(sizes, dtype=dtypes.result_type(
                    dtypes.dtype_of(v)))
                for v in x
            ]

        return symbolic_op(meshgrid, spec, *x, indexing=indexing)
    return backend.numpy.meshgrid(*x, indexing=indexing)


@keras_export(["keras.ops.vander", "keras.ops.numpy.vander"])
def vander(x, N=None, increasing=False):
    """Returns the Vandermonde matrix of a 1-D tensor.

    Column `j` holds `x ** (N - 1 - j)` (or `x ** j` when `increasing`).

    Args:
        x: a 1-D tensor.
        N: the number of columns; `len(x)` by default.
        increasing: whether the powers increase from left to right.

    Returns:
        A tensor of shape `(len(x), N)` and of the dtype of `x`.

    Example:

    >>> keras.ops.vander(np.array([1, 2, 3], dtype="int32"), 3)
    array([[1, 1, 1],
           [4, 2, 1],
           [9, 3, 1]], dtype=int32)
    """
    if any_symbolic_tensors((x,)):

        def spec(x, N, increasing):
            shape = shape_rules.shape_of(x)
            if len(shape) != 1:
                raise ValueError(
                    f"`vander`: `x` must be 1-D. Received: x.shape={shape}"
                )
            columns = shape[0] if N is None else N
            return KerasTensor(
                (shape[0], columns),
                dtype=dtypes.result_type(dtypes.dtype_of(x)),
            )

        return symbolic_op(vander, spec, x, N, increasing)
    return backend.numpy.vander(x, N=N, increasing=increasing)


@keras_export(["keras.ops.bartlett", "keras.ops.numpy.bartlett"])
def bartlett(x):
    """Returns the Bartlett (triangular) window of length `x`.

    Args:
        x: the number of points, an int.

    Returns:
        A 1-D tensor of dtype `floatx()`, peaking at 1 in the middle.

    Example:

    >>> keras.ops.bartlett(5)
    array([0. , 0.5, 1. , 0.5, 0. ], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(bartlett, _window_spec, x)
    return backend.numpy.bartlett(x)


@keras_export(["keras.ops.blackman", "keras.ops.numpy.blackman"])
def blackman(x):
    """Returns the Blackman window of length `x`.

    `w(n) = 0.42 - 0.5 cos(2 pi n / (x - 1)) + 0.08 cos(4 pi n / (x - 1))`.

    Args:
        x: the number of points, an int.

    Returns:
        A 1-D tensor of dtype `floatx()`.

    Example:

    >>> keras.ops.blackman(5).shape
    (5,)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(blackman, _window_spec, x)
    return backend.numpy.blackman(x)


@keras_export(["keras.ops.hamming", "keras.ops.numpy.hamming"])
def hamming(x):
    """Returns the Hamming window of length `x`.

    `w(n) = 0.54 - 0.46 cos(2 pi n / (x - 1))`.

    Args:
        x: the number of points, an int.

    Returns:
        A 1-D tensor of dtype `floatx()`.

    Example:

    >>> keras.ops.hamming(3)
    array([0.08, 1.  , 0.08], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(hamming, _window_spec, x)
    return backend.numpy.hamming(x)


@keras_export(["keras.ops.hanning", "keras.ops.numpy.hanning"])
def hanning(x):
    """Returns the Hann window of length `x`.

    `w(n) = 0.5 - 0.5 cos(2 pi n / (x - 1))`.

    Args:
        x: the number of points, an int.

    Returns:
        A 1-D tensor of dtype `floatx()`.

    Example:

    >>> keras.ops.hanning(3)
    array([0., 1., 0.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(hanning, _window_spec, x)
    return backend.numpy.hanning(x)


@keras_export(["keras.ops.kaiser", "keras.ops.numpy.kaiser"])
def kaiser(x, beta):
    """Returns the Kaiser window of length `x`.

    `w(n) = I0(beta * sqrt(1 - (2 n / (x - 1) - 1) ** 2)) / I0(beta)`, with
    `I0` the modified Bessel function of order 0.

    Args:
        x: the number of points, an int.
        beta: the shape parameter; larger values narrow the window.

    Returns:
        A 1-D tensor of dtype `floatx()`.

    Example:

    >>> keras.ops.kaiser(3, 0.0)
    array([1., 1., 1.], dtype=float32)
    """
    if any_symbolic_tensors((x, beta)):
        return symbolic_op(kaiser, _window_spec, x, beta)
    return backend.numpy.kaiser(x, beta)
