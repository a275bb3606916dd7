"""Elementwise NumPy-style comparisons (`equal`, `less`, `isclose`, ...)
and logical operations; they return bools."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import shape_rules
from keras.src.ops.operation import symbolic_op

__all__ = [
    "allclose", "equal", "greater", "greater_equal", "isclose", "less",
    "less_equal", "logical_and", "logical_not", "logical_or", "logical_xor",
    "not_equal",
]


def _isclose_spec(x1, x2, rtol=1e-05, atol=1e-08, equal_nan=False):
    return shape_rules.comparison_spec("isclose")(x1, x2)


def _allclose_spec(x1, x2, rtol=1e-05, atol=1e-08, equal_nan=False):
    shape_rules.comparison_spec("allclose")(x1, x2)
    return KerasTensor((), dtype="bool")


# Comparisons.


@keras_export(["keras.ops.equal", "keras.ops.numpy.equal"])
def equal(x1, x2):
    """Returns `x1 == x2` elementwise, with broadcasting.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A bool tensor.

    Example:

    >>> keras.ops.equal(np.array([1, 2]), 2)
    array([False,  True])
    """
    if any_symbolic_tensors((x1, x2)):
        spec = shape_rules.comparison_spec("equal")
        return symbolic_op(equal, spec, x1, x2)
    return backend.numpy.equal(x1, x2)


@keras_export(["keras.ops.not_equal", "keras.ops.numpy.not_equal"])
def not_equal(x1, x2):
    """Returns `x1 != x2` elementwise, with broadcasting.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A bool tensor.

    Example:

    >>> keras.ops.not_equal(np.array([1, 2]), 2)
    array([ True, False])
    """
    if any_symbolic_tensors((x1, x2)):
        spec = shape_rules.comparison_spec("not_equal")
        return symbolic_op(not_equal, spec, x1, x2)
    return backend.numpy.not_equal(x1, x2)


@keras_export(["keras.ops.less", "keras.ops.numpy.less"])
def less(x1, x2):
    """Returns `x1 < x2` elementwise, with broadcasting.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A bool tensor.

    Example:

    >>> keras.ops.less(np.array([1, 2, 3]), 2)
    array([ True, False, False])
    """
    if any_symbolic_tensors((x1, x2)):
        spec = shape_rules.comparison_spec("less")
        return symbolic_op(less, spec, x1, x2)
    return backend.numpy.less(x1, x2)


@keras_export(["keras.ops.less_equal", "keras.ops.numpy.less_equal"])
def less_equal(x1, x2):
    """Returns `x1 <= x2` elementwise, with broadcasting.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A bool tensor.

    Example:

    >>> keras.ops.less_equal(np.array([1, 2, 3]), 2)
    array([ True,  True, False])
    """
    if any_symbolic_tensors((x1, x2)):
        spec = shape_rules.comparison_spec("less_equal")
        return symbolic_op(less_equal, spec, x1, x2)
    return backend.numpy.less_equal(x1, x2)


@keras_export(["keras.ops.greater", "keras.ops.numpy.greater"])
def greater(x1, x2):
    """Returns `x1 > x2` elementwise, with broadcasting.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A bool tensor.

    Example:

    >>> keras.ops.greater(np.array([1, 2, 3]), 2)
    array([False, False,  True])
    """
    if any_symbolic_tensors((x1, x2)):
        spec = shape_rules.comparison_spec("greater")
        return symbolic_op(greater, spec, x1, x2)
    return backend.numpy.greater(x1, x2)


@keras_export(["keras.ops.greater_equal", "keras.ops.numpy.greater_equal"])
def greater_equal(x1, x2):
    """Returns `x1 >= x2` elementwise, with broadcasting.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A bool tensor.

    Example:

    >>> keras.ops.greater_equal(np.array([1, 2, 3]), 2)
    array([False,  True,  True])
    """
    if any_symbolic_tensors((x1, x2)):
        spec = shape_rules.comparison_spec("greater_equal")
        return symbolic_op(greater_equal, spec, x1, x2)
    return backend.numpy.greater_equal(x1, x2)


@keras_export(["keras.ops.isclose", "keras.ops.numpy.isclose"])
def isclose(x1, x2, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Returns where `|x1 - x2| <= atol + rtol * |x2|`, elementwise.

    Args:
        x1: a tensor.
        x2: a tensor.
        rtol: the relative tolerance.
        atol: the absolute tolerance.
        equal_nan: whether two NaNs count as close.

    Returns:
        A bool tensor. Equal infinities are close.

    Example:

    >>> keras.ops.isclose(np.array([1.0, 2.0]), np.array([1.0, 2.1]))
    array([ True, False])
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(
            isclose, _isclose_spec, x1, x2, rtol, atol, equal_nan
        )
    return backend.numpy.isclose(x1, x2, rtol, atol, equal_nan)


@keras_export(["keras.ops.allclose", "keras.ops.numpy.allclose"])
def allclose(x1, x2, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Returns whether all elements of `x1` and `x2` are close (`isclose`).

    Args:
        x1: a tensor.
        x2: a tensor.
        rtol: the relative tolerance.
        atol: the absolute tolerance.
        equal_nan: whether two NaNs count as close.

    Returns:
        A scalar bool tensor.

    Example:

    >>> keras.ops.allclose(np.array([1.0, 2.0]), np.array([1.0, 2.0]))
    np.True_
    """
    if any_symbolic_tensors((x1, x2)):
        return symbolic_op(
            allclose, _allclose_spec, x1, x2, rtol, atol, equal_nan
        )
    return backend.numpy.allclose(x1, x2, rtol, atol, equal_nan)


# Logic.


@keras_export(["keras.ops.logical_and", "keras.ops.numpy.logical_and"])
def logical_and(x1, x2):
    """Returns the truth value of `x1 AND x2` elementwise; nonzero values
    are true.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A bool tensor.

    Example:

    >>> keras.ops.logical_and(np.array([True, False]), True)
    array([ True, False])
    """
    if any_symbolic_tensors((x1, x2)):
        spec = shape_rules.comparison_spec("logical_and")
        return symbolic_op(logical_and, spec, x1, x2)
    return backend.numpy.logical_and(x1, x2)


@keras_export(["keras.ops.logical_or", "keras.ops.numpy.logical_or"])
def logical_or(x1, x2):
    """Returns the truth value of `x1 OR x2` elementwise; nonzero values
    are true.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A bool tensor.

    Example:

    >>> keras.ops.logical_or(np.array([True, False]), False)
    array([ True, False])
    """
    if any_symbolic_tensors((x1, x2)):
        spec = shape_rules.comparison_spec("logical_or")
        return symbolic_op(logical_or, spec, x1, x2)
    return backend.numpy.logical_or(x1, x2)


@keras_export(["keras.ops.logical_xor", "keras.ops.numpy.logical_xor"])
def logical_xor(x1, x2):
    """Returns the truth value of `x1 XOR x2` elementwise; nonzero values
    are true.

    Args:
        x1: a tensor.
        x2: a tensor.

    Returns:
        A bool tensor.

    Example:

    >>> keras.ops.logical_xor(np.array([True, False]), True)
    array([False,  True])
    """
    if any_symbolic_tensors((x1, x2)):
        spec = shape_rules.comparison_spec("logical_xor")
        return symbolic_op(logical_xor, spec, x1, x2)
    return backend.numpy.logical_xor(x1, x2)


@keras_export(["keras.ops.logical_not", "keras.ops.numpy.logical_not"])
def logical_not(x):
    """Returns the truth value of `NOT x` elementwise; nonzero values are
    true.

    Args:
        x: a tensor.

    Returns:
        A bool tensor.

    Example:

    >>> keras.ops.logical_not(np.array([0, 2]))
    array([ True, False])
    """
    if any_symbolic_tensors((x,)):
        return symbolic_op(logical_not, shape_rules.bool_unary_spec, x)
    return backend.numpy.logical_not(x)
