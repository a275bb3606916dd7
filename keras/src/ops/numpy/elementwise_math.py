"""Elementwise NumPy-style math functions: exponentials, logarithms,
powers, trigonometric and hyperbolic functions, and the `heaviside` step.

They return floats: integer and bool inputs give `floatx()`, float inputs
keep their dtype (`float16` stays `float16`).
"""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes
from keras.src.backend.common.dtypes import dtype_of
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import shape_rules
from keras.src.ops.numpy.elementwise import check_integer
from keras.src.ops.operation import symbolic_op
from keras.src.ops.shape_rules import binary_spec
from keras.src.ops.shape_rules import float_result_dtype

__all__ = [
    "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "arctanh",
    "cbrt", "cos", "cosh", "deg2rad", "exp", "exp2", "expm1", "heaviside",
    "hypot", "i0", "ldexp", "log", "log10", "log1p", "log2", "logaddexp",
    "logaddexp2", "rad2deg", "sin", "sinc", "sinh", "sqrt", "tan", "tanh",
]


def _ldexp_spec(x1, x2):
    shape = shape_rules.broadcast_shapes(
        "ldexp", shape_rules.shape_of(x1), shape_rules.shape_of(x2)
    )
    check_integer(
        "ldexp", dtypes.result_type(dtype_of(x2)), allow_bool=False
    )
    dtype = float_result_dtype(dtypes.result_type(dtype_of(x1)))
    return KerasTensor(shape, dtype=dtype)


@keras_export(["keras.ops.exp", "keras.ops.numpy.exp"])
def exp(x):
    """Computes `e ** x` elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.exp(np.array([0.0, 1.0], "float32"))
    array([1.      , 2.718282], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(exp, shape_rules.float_unary_spec, x)
    return backend.numpy.exp(x)


@keras_export(["keras.ops.exp2", "keras.ops.numpy.exp2"])
def exp2(x):
    """Computes `2 ** x` elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.exp2(np.array([1, 3], "int32"))
    array([2., 8.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(exp2, shape_rules.float_unary_spec, x)
    return backend.numpy.exp2(x)


@keras_export(["keras.ops.expm1", "keras.ops.numpy.expm1"])
def expm1(x):
    """Computes `exp(x) - 1` elementwise, accurately for small `x`.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.expm1(np.array([0.0, 1e-5], "float32"))
    array([0.000000e+00, 1.000005e-05], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(expm1, shape_rules.float_unary_spec, x)
    return backend.numpy.expm1(x)


@keras_export(["keras.ops.log", "keras.ops.numpy.log"])
def log(x):
    """Computes the natural logarithm elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`. `log(0)` is `-inf`;
        negative inputs give NaN.

    Example:

    >>> keras.ops.log(np.array([1.0, np.e], "float32"))
    array([0., 1.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(log, shape_rules.float_unary_spec, x)
    return backend.numpy.log(x)


@keras_export(["keras.ops.log10", "keras.ops.numpy.log10"])
def log10(x):
    """Computes the base-10 logarithm elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.log10(np.array([1.0, 100.0]))
    array([0., 2.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(log10, shape_rules.float_unary_spec, x)
    return backend.numpy.log10(x)


@keras_export(["keras.ops.log1p", "keras.ops.numpy.log1p"])
def log1p(x):
    """Computes `log(1 + x)` elementwise, accurately for small `x`.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.log1p(np.array([0.0, 1e-5], "float32"))
    array([0.00000e+00, 9.99995e-06], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(log1p, shape_rules.float_unary_spec, x)
    return backend.numpy.log1p(x)


@keras_export(["keras.ops.log2", "keras.ops.numpy.log2"])
def log2(x):
    """Computes the base-2 logarithm elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.log2(np.array([1.0, 8.0]))
    array([0., 3.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(log2, shape_rules.float_unary_spec, x)
    return backend.numpy.log2(x)


@keras_export(["keras.ops.sqrt", "keras.ops.numpy.sqrt"])
def sqrt(x):
    """Computes the square root elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`. Negative inputs give
        NaN.

    Example:

    >>> keras.ops.sqrt(np.array([4, 9], "int32"))
    array([2., 3.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(sqrt, shape_rules.float_unary_spec, x)
    return backend.numpy.sqrt(x)


@keras_export(["keras.ops.cbrt", "keras.ops.numpy.cbrt"])
def cbrt(x):
    """Computes the cube root elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.cbrt(np.array([-8.0, 27.0]))
    array([-2.,  3.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(cbrt, shape_rules.float_unary_spec, x)
    return backend.numpy.cbrt(x)


@keras_export(["keras.ops.sin", "keras.ops.numpy.sin"])
def sin(x):
    """Computes the sine elementwise (`x` in radians).

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.sin(np.array([0.0, np.pi / 2]))
    array([0., 1.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(sin, shape_rules.float_unary_spec, x)
    return backend.numpy.sin(x)


@keras_export(["keras.ops.cos", "keras.ops.numpy.cos"])
def cos(x):
    """Computes the cosine elementwise (`x` in radians).

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.cos(np.array([0.0, np.pi]))
    array([ 1., -1.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(cos, shape_rules.float_unary_spec, x)
    return backend.numpy.cos(x)


@keras_export(["keras.ops.tan", "keras.ops.numpy.tan"])
def tan(x):
    """Computes the tangent elementwise (`x` in radians).

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.tan(np.array([0.0, np.pi / 4]))
    array([0., 1.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(tan, shape_rules.float_unary_spec, x)
    return backend.numpy.tan(x)


@keras_export(["keras.ops.arcsin", "keras.ops.numpy.arcsin"])
def arcsin(x):
    """Computes the inverse sine elementwise, in radians.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`. Inputs outside `[-1,
        1]` give NaN.

    Example:

    >>> keras.ops.arcsin(np.array([0.0, 1.0]))
    array([0.       , 1.5707964], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(arcsin, shape_rules.float_unary_spec, x)
    return backend.numpy.arcsin(x)


@keras_export(["keras.ops.arccos", "keras.ops.numpy.arccos"])
def arccos(x):
    """Computes the inverse cosine elementwise, in radians.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`. Inputs outside `[-1,
        1]` give NaN.

    Example:

    >>> keras.ops.arccos(np.array([1.0, 0.0]))
    array([0.       , 1.5707964], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(arccos, shape_rules.float_unary_spec, x)
    return backend.numpy.arccos(x)


@keras_export(["keras.ops.arctan", "keras.ops.numpy.arctan"])
def arctan(x):
    """Computes the inverse tangent elementwise, in radians.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.arctan(np.array([0.0, 1.0]))
    array([0.       , 0.7853982], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(arctan, shape_rules.float_unary_spec, x)
    return backend.numpy.arctan(x)


@keras_export(["keras.ops.sinh", "keras.ops.numpy.sinh"])
def sinh(x):
    """Computes the hyperbolic sine elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.sinh(np.array([0.0, 1.0]))
    array([0.       , 1.1752012], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(sinh, shape_rules.float_unary_spec, x)
    return backend.numpy.sinh(x)


@keras_export(["keras.ops.cosh", "keras.ops.numpy.cosh"])
def cosh(x):
    """Computes the hyperbolic cosine elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.cosh(np.array([0.0, 1.0]))
    array([1.       , 1.5430806], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(cosh, shape_rules.float_unary_spec, x)
    return backend.numpy.cosh(x)


@keras_export(["keras.ops.tanh", "keras.ops.numpy.tanh"])
def tanh(x):
    """Computes the hyperbolic tangent elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.tanh(np.array([0.0, 1.0]))
    array([0.       , 0.7615942], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(tanh, shape_rules.float_unary_spec, x)
    return backend.numpy.tanh(x)


@keras_export(["keras.ops.arcsinh", "keras.ops.numpy.arcsinh"])
def arcsinh(x):
    """Computes the inverse hyperbolic sine elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.arcsinh(np.array([0.0, 1.0]))
    array([0.       , 0.8813736], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(arcsinh, shape_rules.float_unary_spec, x)
    return backend.numpy.arcsinh(x)


@keras_export(["keras.ops.arccosh", "keras.ops.numpy.arccosh"])
def arccosh(x):
    """Computes the inverse hyperbolic cosine elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`. Inputs below 1 give
        NaN.

    Example:

    >>> keras.ops.arccosh(np.array([1.0, 2.0]))
    array([0.      , 1.316958], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(arccosh, shape_rules.float_unary_spec, x)
    return backend.numpy.arccosh(x)


@keras_export(["keras.ops.arctanh", "keras.ops.numpy.arctanh"])
def arctanh(x):
    """Computes the inverse hyperbolic tangent elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`. Inputs outside `[-1,
        1]` give NaN.

    Example:

    >>> keras.ops.arctanh(np.array([0.0, 0.5]))
    array([0.        , 0.54930615], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(arctanh, shape_rules.float_unary_spec, x)
    return backend.numpy.arctanh(x)


@keras_export(["keras.ops.sinc", "keras.ops.numpy.sinc"])
def sinc(x):
    """Computes the normalized sinc, `sin(pi * x) / (pi * x)`, elementwise (1 at
    0).

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.sinc(np.array([0.0, 0.5]))
    array([1.        , 0.63661975], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(sinc, shape_rules.float_unary_spec, x)
    return backend.numpy.sinc(x)


@keras_export(["keras.ops.i0", "keras.ops.numpy.i0"])
def i0(x):
    """Computes the modified Bessel function of the first kind, order 0,
    elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.i0(np.array([0.0, 1.0]))
    array([0.99999994, 1.2660661 ], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(i0, shape_rules.float_unary_spec, x)
    return backend.numpy.i0(x)


@keras_export(["keras.ops.deg2rad", "keras.ops.numpy.deg2rad"])
def deg2rad(x):
    """Converts angles from degrees to radians, elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.deg2rad(np.array([180.0, 90.0]))
    array([3.1415927, 1.5707964], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(deg2rad, shape_rules.float_unary_spec, x)
    return backend.numpy.deg2rad(x)


@keras_export(["keras.ops.rad2deg", "keras.ops.numpy.rad2deg"])
def rad2deg(x):
    """Converts angles from radians to degrees, elementwise.

    Args:
        x: a tensor.

    Returns:
        A tensor of floats: integer inputs give `floatx()`.

    Example:

    >>> keras.ops.rad2deg(np.array([np.pi, np.pi / 2]))
    array([180.,  90.], dtype=float32)
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(rad2deg, shape_rules.float_unary_spec, x)
    return backend.numpy.rad2deg(x)


@keras_export(["keras.ops.arctan2", "keras.ops.numpy.arctan2"])
def arctan2(x1, x2):
    """Computes the angle of the point `(x2, x1)`, in radians, elementwise.

    Args:
        x1: the y-coordinate tensor.
        x2: the x-coordinate tensor.

    Returns:
        A tensor of floats, of the promoted dtype of the inputs (integers give
        `floatx()`). Angles are in `[-pi, pi]`.

    Example:

    >>> keras.ops.arctan2(np.array([1.0, -1.0]), 0.0)
    array([ 1.5707964, -1.5707964], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        spec = binary_spec("arctan2", float_result_dtype)
        return symbolic_op(arctan2, spec, x1, x2)
    return backend.numpy.arctan2(x1, x2)


@keras_export(["keras.ops.hypot", "keras.ops.numpy.hypot"])
def hypot(x1, x2):
    """Computes `sqrt(x1 ** 2 + x2 ** 2)` elementwise, without overflow in the
    squares.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A tensor of floats, of the promoted dtype of the inputs (integers give
        `floatx()`).

    Example:

    >>> keras.ops.hypot(np.array([3.0, 5.0]), np.array([4.0, 12.0]))
    array([ 5., 13.], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        spec = binary_spec("hypot", float_result_dtype)
        return symbolic_op(hypot, spec, x1, x2)
    return backend.numpy.hypot(x1, x2)


@keras_export(["keras.ops.logaddexp", "keras.ops.numpy.logaddexp"])
def logaddexp(x1, x2):
    """Computes `log(exp(x1) + exp(x2))` elementwise, without overflow.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A tensor of floats, of the promoted dtype of the inputs (integers give
        `floatx()`).

    Example:

    >>> keras.ops.logaddexp(np.array([0.0, 1.0]), 0.0)
    array([0.6931472, 1.3132617], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        spec = binary_spec("logaddexp", float_result_dtype)
        return symbolic_op(logaddexp, spec, x1, x2)
    return backend.numpy.logaddexp(x1, x2)


@keras_export(["keras.ops.logaddexp2", "keras.ops.numpy.logaddexp2"])
def logaddexp2(x1, x2):
    """Computes `log2(2 ** x1 + 2 ** x2)` elementwise, without overflow.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A tensor of floats, of the promoted dtype of the inputs (integers give
        `floatx()`).

    Example:

    >>> keras.ops.logaddexp2(np.array([1.0, 3.0]), 1.0)
    array([2.      , 3.321928], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        spec = binary_spec("logaddexp2", float_result_dtype)
        return symbolic_op(logaddexp2, spec, x1, x2)
    return backend.numpy.logaddexp2(x1, x2)


@keras_export(["keras.ops.heaviside", "keras.ops.numpy.heaviside"])
def heaviside(x1, x2):
    """Computes the Heaviside step function elementwise: 0 where `x1 < 0`,
    `x2` where `x1 == 0`, 1 where `x1 > 0` (NaN where `x1` is NaN).

    Args:
        x1: the input tensor.
        x2: the values at `x1 == 0`.

    Returns:
        A tensor of floats, of the promoted dtype of the inputs (integers
        give `floatx()`).

    Example:

    >>> keras.ops.heaviside(np.array([-2.0, 0.0, 3.0]), 0.5)
    array([0. , 0.5, 1. ], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        spec = binary_spec("heaviside", float_result_dtype)
        return symbolic_op(heaviside, spec, x1, x2)
    return backend.numpy.heaviside(x1, x2)


@keras_export(["keras.ops.ldexp", "keras.ops.numpy.ldexp"])
def ldexp(x1, x2):
    """Computes `x1 * 2 ** x2` elementwise.

    Args:
        x1: the mantissa tensor.
        x2: the exponent tensor, of integers (`TypeError` otherwise).

    Returns:
        A tensor of floats of the dtype of `x1` (integers give
        `floatx()`).

    Example:

    >>> keras.ops.ldexp(np.array([1.0, 3.0]), 2)
    array([ 4., 12.], dtype=float32)
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(ldexp, _ldexp_spec, x1, x2)
    return backend.numpy.ldexp(x1, x2)
