"""Keras 2 backend maths: element-wise functions, comparisons,
reductions and products (`K.mean`, `K.dot`, `K.batch_dot`, ...).

Most are one `keras.ops` call; they are made by two small factories that
also write their docstrings, so that each reads as one line here.
"""

import builtins

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export

py_all = builtins.all
py_any = builtins.any

__all__ = [
    "abs",
    "all",
    "any",
    "argmax",
    "argmin",
    "batch_dot",
    "clip",
    "cos",
    "cumprod",
    "cumsum",
    "dot",
    "equal",
    "exp",
    "greater",
    "greater_equal",
    "in_top_k",
    "l2_normalize",
    "less",
    "less_equal",
    "log",
    "max",
    "maximum",
    "mean",
    "min",
    "minimum",
    "not_equal",
    "pow",
    "prod",
    "round",
    "sign",
    "sin",
    "sqrt",
    "square",
    "std",
    "sum",
    "switch",
    "var",
]

_EXPORT = "keras._tf_keras.keras.backend."


def _elementwise(name, op, summary, example_in, example_out):
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
    >>> K.eval(K.{name}({example_in})).tolist()
    {example_out}
    """
    return function


def _comparison(name, op, symbol, example_out):
    def function(x, y):
        return op(x, y)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"""Element-wise `x {symbol} y`, with broadcasting.

    Args:
        x: a tensor.
        y: a tensor or number.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.{name}([1.0, 2.0, 3.0], 2.0)).tolist()
    {example_out}
    """
    return function


def _reduction(name, op, summary, example_out, boolean=False):
    def function(x, axis=None, keepdims=False):
        x = ops.convert_to_tensor(x)
        if boolean:
            x = ops.cast(x, "bool")
        elif backend.standardize_dtype(x.dtype) == "bool":
            x = ops.cast(x, backend.floatx())
        return op(x, axis=axis, keepdims=keepdims)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"""{summary}

    Args:
        x: a tensor.
        axis: an axis or tuple of axes to reduce; `None` reduces all.
        keepdims: whether to keep reduced axes with length 1.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.{name}([[1.0, 0.0], [3.0, 4.0]], axis=1)).tolist()
    {example_out}
    """
    return function


def _export(function):
    return keras_export(_EXPORT + function.__name__)(function)


abs = _export(_elementwise(
    "abs", ops.absolute, "Element-wise absolute value.", "[-1.0, 2.0]",
    "[1.0, 2.0]"))
cos = _export(_elementwise(
    "cos", ops.cos, "Element-wise cosine.", "[0.0]", "[1.0]"))
sin = _export(_elementwise(
    "sin", ops.sin, "Element-wise sine.", "[0.0]", "[0.0]"))
exp = _export(_elementwise(
    "exp", ops.exp, "Element-wise exponential.", "[0.0]", "[1.0]"))
log = _export(_elementwise(
    "log", ops.log, "Element-wise natural logarithm.", "[1.0]", "[0.0]"))
sqrt = _export(_elementwise(
    "sqrt", lambda x: ops.sqrt(ops.maximum(x, 0.0)),
    "Element-wise square root (negative values give 0, as in Keras 2).",
    "[-1.0, 4.0]", "[0.0, 2.0]"))
square = _export(_elementwise(
    "square", ops.square, "Element-wise square.", "[3.0]", "[9.0]"))
sign = _export(_elementwise(
    "sign", ops.sign, "Element-wise sign (-1, 0 or 1).", "[-2.0, 0.0]",
    "[-1.0, 0.0]"))
round = _export(_elementwise(
    "round", ops.round, "Element-wise rounding, halves to even.",
    "[0.5, 1.5]", "[0.0, 2.0]"))

equal = _export(_comparison("equal", ops.equal, "==",
                            "[False, True, False]"))
not_equal = _export(_comparison("not_equal", ops.not_equal, "!=",
                                "[True, False, True]"))
greater = _export(_comparison("greater", ops.greater, ">",
                              "[False, False, True]"))
greater_equal = _export(_comparison("greater_equal", ops.greater_equal,
                                    ">=", "[False, True, True]"))
less = _export(_comparison("less", ops.less, "<", "[True, False, False]"))
less_equal = _export(_comparison("less_equal", ops.less_equal, "<=",
                                 "[True, True, False]"))
maximum = _export(_comparison("maximum", ops.maximum, "max",
                              "[2.0, 2.0, 3.0]"))
minimum = _export(_comparison("minimum", ops.minimum, "min",
                              "[1.0, 2.0, 2.0]"))
maximum.__doc__ = maximum.__doc__.replace("`x max y`", "maximum")
minimum.__doc__ = minimum.__doc__.replace("`x min y`", "minimum")

max = _export(_reduction("max", ops.max, "The maximum over `axis`.",
                         "[1.0, 4.0]"))
min = _export(_reduction("min", ops.min, "The minimum over `axis`.",
                         "[0.0, 3.0]"))
sum = _export(_reduction("sum", ops.sum, "The sum over `axis`.",
                         "[1.0, 7.0]"))
prod = _export(_reduction("prod", ops.prod, "The product over `axis`.",
                          "[0.0, 12.0]"))
mean = _export(_reduction(
    "mean", ops.mean,
    "The mean over `axis` (booleans are averaged as floats).",
    "[0.5, 3.5]"))
std = _export(_reduction("std", ops.std,
                         "The standard deviation over `axis`.",
                         "[0.5, 0.5]"))
var = _export(_reduction("var", ops.var, "The variance over `axis`.",
                         "[0.25, 0.25]"))
all = _export(_reduction("all", ops.all,
                         "Logical AND over `axis` (non-zero is true).",
                         "[False, True]", boolean=True))
any = _export(_reduction("any", ops.any,
                         "Logical OR over `axis` (non-zero is true).",
                         "[True, True]", boolean=True))


@keras_export(_EXPORT + "pow")
def pow(x, a):
    """Element-wise `x ** a`.

    Args:
        x: a tensor.
        a: the exponent, a number or tensor.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.pow([2.0, 3.0], 2)).tolist()
    [4.0, 9.0]
    """
    return ops.power(x, a)


@keras_export(_EXPORT + "argmax")
def argmax(x, axis=-1):
    """Index of the largest value along `axis`, as int64.

    Args:
        x: a tensor.
        axis: the axis to search.

    Returns:
        An int64 tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.argmax([[1.0, 3.0], [5.0, 2.0]])).tolist()
    [1, 0]
    """
    return ops.cast(ops.argmax(x, axis=axis), "int64")


@keras_export(_EXPORT + "argmin")
def argmin(x, axis=-1):
    """Index of the smallest value along `axis`, as int64.

    Args:
        x: a tensor.
        axis: the axis to search.

    Returns:
        An int64 tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.argmin([[1.0, 3.0], [5.0, 2.0]])).tolist()
    [0, 1]
    """
    return ops.cast(ops.argmin(x, axis=axis), "int64")


@keras_export(_EXPORT + "cumsum")
def cumsum(x, axis=0):
    """Cumulative sum along `axis`.

    Args:
        x: a tensor.
        axis: the axis to sum along.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.cumsum([1.0, 2.0, 3.0])).tolist()
    [1.0, 3.0, 6.0]
    """
    return ops.cumsum(x, axis=axis)


@keras_export(_EXPORT + "cumprod")
def cumprod(x, axis=0):
    """Cumulative product along `axis`.

    Args:
        x: a tensor.
        axis: the axis to multiply along.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.cumprod([1.0, 2.0, 3.0])).tolist()
    [1.0, 2.0, 6.0]
    """
    return ops.cumprod(x, axis=axis)


@keras_export(_EXPORT + "clip")
def clip(x, min_value, max_value):
    """Clips values to `[min_value, max_value]`.

    A `max_value` of `None` means no upper bound; a `max_value` below
    `min_value` is raised to `min_value`.

    Args:
        x: a tensor.
        min_value: the lower bound (`None`: no lower bound).
        max_value: the upper bound (`None`: no upper bound).

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.clip([-1.0, 0.5, 2.0], 0.0, 1.0)).tolist()
    [0.0, 0.5, 1.0]
    """
    if isinstance(min_value, (int, float)) and isinstance(
        max_value, (int, float)
    ):
        if max_value < min_value:
            max_value = min_value
    if min_value is None:
        min_value = -float("inf")
    if max_value is None:
        max_value = float("inf")
    return ops.clip(x, min_value, max_value)


@keras_export(_EXPORT + "dot")
def dot(x, y):
    """Matrix product, Keras 2 style for tensors of more than two axes.

    The last axis of `x` is contracted with the second-to-last axis of `y`
    (the last, when `y` is 1D): `(2, 3, 4) . (4, 5)` gives `(2, 3, 5)`,
    `(2, 3, 4) . (3, 4, 5)` gives `(2, 3, 3, 5)`.

    Args:
        x: a tensor.
        y: a tensor.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.dot(K.ones((2, 3, 4)), K.ones((4, 5))))
    (2, 3, 5)
    """
    x = ops.convert_to_tensor(x)
    y = ops.convert_to_tensor(y)
    if len(x.shape) <= 2 and len(y.shape) <= 2:
        return ops.matmul(x, y)
    y_axis = len(y.shape) - 2 if len(y.shape) >= 2 else 0
    return ops.tensordot(x, y, axes=[[len(x.shape) - 1], [y_axis]])


@keras_export(_EXPORT + "batch_dot")
def batch_dot(x, y, axes=None):
    """Dot product of each pair of samples of `x` and `y`.

    Both have the batch on axis 0. `axes` names the axis of `x` and of `y`
    to contract (an integer for both, or a pair); by default the last
    axis of `x` and the second-to-last of `y` (the last, for 2D `y`).
    The result has the remaining axes of `x`, then those of `y`; two 2D
    inputs give shape `(batch, 1)`, as in Keras 2.

    Args:
        x: a tensor of at least 2 axes.
        y: a tensor of at least 2 axes.
        axes: an integer or a pair of integers.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> x = K.ones((32, 20))
    >>> y = K.ones((32, 30, 20))
    >>> K.int_shape(K.batch_dot(x, y, axes=(1, 2)))
    (32, 30)
    """
    x = ops.convert_to_tensor(x)
    y = ops.convert_to_tensor(y)
    x_ndim, y_ndim = len(x.shape), len(y.shape)
    if x_ndim < 2 or y_ndim < 2:
        raise ValueError(
            "`K.batch_dot` needs inputs of at least 2 axes. Received: "
            f"x of shape {tuple(x.shape)} and y of shape {tuple(y.shape)}"
        )
    if axes is None:
        axes = (x_ndim - 1, y_ndim - 1 if y_ndim == 2 else y_ndim - 2)
    elif isinstance(axes, int):
        axes = (axes, axes)
    x_axis, y_axis = (a % n for a, n in zip(axes, (x_ndim, y_ndim)))
    if x_axis == 0 or y_axis == 0:
        raise ValueError(
            "`K.batch_dot` cannot contract the batch axis (0). Received: "
            f"axes={axes}"
        )
    if x.shape[x_axis] != y.shape[y_axis]:
        raise ValueError(
            "`K.batch_dot`: the contracted axes must have equal lengths. "
            f"Received: x of shape {tuple(x.shape)}, y of shape "
            f"{tuple(y.shape)} and axes={axes}"
        )
    # Contract with einsum: batch `b`, the contracted axis `z`, the
    # others of x then of y.
    letters = iter("acdefghijklmnopqrstuvwxy")
    x_sub = ["b"] + [next(letters) for _ in range(x_ndim - 1)]
    x_sub[x_axis] = "z"
    y_sub = ["b"] + [next(letters) for _ in range(y_ndim - 1)]
    y_sub[y_axis] = "z"
    out = ["b"] + [c for c in x_sub[1:] + y_sub[1:] if c != "z"]
    result = ops.einsum(
        f"{''.join(x_sub)},{''.join(y_sub)}->{''.join(out)}", x, y
    )
    if x_ndim == 2 and y_ndim == 2:
        result = ops.expand_dims(result, 1)
    return result


@keras_export(_EXPORT + "l2_normalize")
def l2_normalize(x, axis=None):
    """Divides `x` by its L2 norm over `axis` (all axes when `None`).

    Args:
        x: a tensor.
        axis: an axis or tuple of axes.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.l2_normalize([3.0, 4.0])).tolist()
    [0.6000000238418579, 0.800000011920929]
    """
    x = ops.convert_to_tensor(x)
    squares = ops.sum(ops.square(x), axis=axis, keepdims=True)
    return x * ops.rsqrt(ops.maximum(squares, 1e-12))


@keras_export(_EXPORT + "in_top_k")
def in_top_k(predictions, targets, k):
    """Whether each target is among the `k` highest predictions of its
    row.

    Args:
        predictions: a float tensor of shape `(batch, classes)`.
        targets: an integer tensor of shape `(batch,)`.
        k: the number of top predictions to consider.

    Returns:
        A boolean tensor of shape `(batch,)`.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> p = [[0.1, 0.9, 0.0], [0.8, 0.1, 0.1]]
    >>> K.eval(K.in_top_k(p, [1, 1], 1)).tolist()
    [True, False]
    """
    return ops.in_top_k(targets, predictions, k)


@keras_export(_EXPORT + "switch")
def switch(condition, then_expression, else_expression):
    """Chooses between two tensors by a condition.

    A scalar `condition` picks one whole tensor; a tensor condition picks
    element-wise, broadcast over the trailing axes of the values. Either
    expression may be a function of no arguments returning the tensor.

    Args:
        condition: a boolean scalar or tensor.
        then_expression: the tensor (or function) used where true.
        else_expression: the tensor (or function) used where false.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.switch([True, False], [1, 2], [3, 4])).tolist()
    [1, 4]
    """
    if callable(then_expression):
        then_expression = then_expression()
    if callable(else_expression):
        else_expression = else_expression()
    condition = ops.cast(condition, "bool")
    then_expression = ops.convert_to_tensor(then_expression)
    else_expression = ops.convert_to_tensor(else_expression)
    missing = len(then_expression.shape) - len(condition.shape)
    if missing < 0:
        raise ValueError(
            "`K.switch`: `condition` must not have more axes than the "
            f"expressions. Received: condition of rank "
            f"{len(condition.shape)} and then_expression of rank "
            f"{len(then_expression.shape)}"
        )
    for _ in range(missing):
        condition = ops.expand_dims(condition, -1)
    return ops.where(condition, then_expression, else_expression)
