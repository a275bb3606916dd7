"""Weight regularizers: penalties added to the loss, computed from a
weight tensor."""

import math

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export


def _check_factor(name, value, default):
    """Returns `value` (or `default` for `None`) as a float; raises
    `ValueError` unless it is a finite non-negative number."""
    if value is None:
        value = default
    valid = isinstance(value, (int, float, np.integer, np.floating))
    if valid:
        value = float(value)
        valid = math.isfinite(value) and value >= 0.0
    if not valid:
        raise ValueError(
            f"Invalid value for argument {name}: expected a non-negative "
            f"float. Received: {name}={value!r}"
        )
    return value


def validate_float_arg(value, name):
    """Returns `value` as a float, raising a `ValueError` naming the
    argument unless it is a finite non-negative Python number.

    Args:
        value: the value to check.
        name: the argument's name, for the error message.

    Returns:
        `float(value)`.

    Example:

    >>> validate_float_arg(1, "l1")
    1.0
    """
    valid = isinstance(value, (int, float))
    if valid:
        valid = math.isfinite(value) and value >= 0
    if not valid:
        raise ValueError(
            f"Invalid value for argument {name}: expected a non-negative "
            f"float.Received: {name}={value}"
        )
    return float(value)


def _float32(value):
    # L1 and orthogonal factors are kept at float32 precision, as Keras
    # keeps them, so configs carry the same numbers.
    return float(np.float32(value))


@keras_export(["keras.Regularizer", "keras.regularizers.Regularizer"])
class Regularizer:
    """Base class of weight regularizers.

    A regularizer is called on a weight tensor and returns a scalar
    penalty, which layers add to their losses. Subclasses implement
    `__call__(self, x)` and, when their constructor takes arguments,
    `get_config()`.

    Example:

    >>> class L1Half(keras.Regularizer):
    ...     def __call__(self, x):
    ...         return 0.5 * keras.ops.sum(keras.ops.abs(x))
    >>> float(L1Half()(np.array([1.0, -3.0])))
    2.0
    """

    def __call__(self, x):
        """Returns the penalty for `x`: 0 for the base class.

        Args:
            x: the weight tensor.
        """
        return 0.0

    def get_config(self):
        """Returns the regularizer's constructor arguments (empty for the
        base class)."""
        return {}

    @classmethod
    def from_config(cls, config):
        """Creates a regularizer from the output of `get_config()`.

        Args:
            config: a dict of constructor arguments.

        Returns:
            An instance of `cls`.
        """
        return cls(**config)


@keras_export(["keras.regularizers.L1", "keras.regularizers.l1"])
class L1(Regularizer):
    """L1 penalty: `l1 * sum(abs(x))`.

    Args:
        l1: a non-negative float, the penalty factor.

    Example:

    >>> reg = keras.regularizers.L1(0.5)
    >>> float(reg(np.array([1.0, -3.0])))
    2.0
    """

    def __init__(self, l1=0.01):
        self.l1 = _float32(_check_factor("l1", l1, 0.01))

    def __call__(self, x):
        """Returns `l1 * sum(abs(x))`."""
        return ops.multiply(self.l1, ops.sum(ops.abs(x)))

    def get_config(self):
        """Returns `{"l1": l1}`."""
        return {"l1": self.l1}


@keras_export(["keras.regularizers.L2", "keras.regularizers.l2"])
class L2(Regularizer):
    """L2 penalty: `l2 * sum(square(x))`.

    Args:
        l2: a non-negative float, the penalty factor.

    Example:

    >>> reg = keras.regularizers.L2(0.5)
    >>> float(reg(np.array([1.0, -3.0])))
    5.0
    """

    def __init__(self, l2=0.01):
        self.l2 = _check_factor("l2", l2, 0.01)

    def __call__(self, x):
        """Returns `l2 * sum(square(x))`."""
        return ops.multiply(self.l2, ops.sum(ops.square(x)))

    def get_config(self):
        """Returns `{"l2": l2}`."""
        return {"l2": self.l2}


@keras_export(["keras.regularizers.L1L2", "keras.regularizers.l1_l2"])
class L1L2(Regularizer):
    """Sum of an L1 and an L2 penalty:
    `l1 * sum(abs(x)) + l2 * sum(square(x))`.

    Args:
        l1: a non-negative float, the L1 factor.
        l2: a non-negative float, the L2 factor.

    Example:

    >>> reg = keras.regularizers.L1L2(l1=0.5, l2=0.5)
    >>> float(reg(np.array([1.0, -3.0])))
    7.0
    """

    def __init__(self, l1=0.0, l2=0.0):
        self.l1 = _check_factor("l1", l1, 0.0)
        self.l2 = _check_factor("l2", l2, 0.0)

    def __call__(self, x):
        """Returns the sum of the L1 and L2 penalties of `x`."""
        x = ops.convert_to_tensor(x)
        penalty = ops.multiply(self.l1, ops.sum(ops.abs(x)))
        return ops.add(penalty, ops.multiply(self.l2, ops.sum(ops.square(x))))

    def get_config(self):
        """Returns `{"l1": l1, "l2": l2}`."""
        return {"l1": self.l1, "l2": self.l2}


_ORTHOGONAL_MODES = ("rows", "columns")


@keras_export(
    [
        "keras.regularizers.OrthogonalRegularizer",
        "keras.regularizers.orthogonal_regularizer",
    ]
)
class OrthogonalRegularizer(Regularizer):
    """Pushes the rows (or columns) of a 2D weight towards orthogonality.

    The rows (`mode="rows"`) or columns (`mode="columns"`) are normalized
    to unit L2 norm; the penalty is `factor` times the mean absolute dot
    product between distinct ones. It is 0 when they are orthogonal.

    Args:
        factor: a non-negative float, the penalty factor.
        mode: `"rows"` or `"columns"`, the vectors to decorrelate. For a
            `Dense` kernel of shape `(inputs, units)`, `"columns"`
            decorrelates the units.

    Example:

    >>> reg = keras.regularizers.OrthogonalRegularizer(factor=1.0)
    >>> float(reg(np.array([[1.0, 0.0], [0.0, 2.0]])))
    0.0
    """

    def __init__(self, factor=0.01, mode="rows"):
        if mode not in _ORTHOGONAL_MODES:
            raise ValueError(
                "Invalid value for argument `mode`. Expected one of "
                f"{_ORTHOGONAL_MODES}. Received: mode={mode!r}"
            )
        self.factor = _float32(_check_factor("factor", factor, None))
        self.mode = mode

    def __call__(self, inputs):
        """Returns the orthogonality penalty of the 2D `inputs`."""
        inputs = ops.convert_to_tensor(inputs)
        if len(inputs.shape) != 2:
            raise ValueError(
                "Inputs to OrthogonalRegularizer must have rank 2. "
                f"Received: inputs.shape={tuple(inputs.shape)}"
            )
        if self.mode == "columns":
            inputs = ops.transpose(inputs)
        vectors = ops.normalize(inputs, axis=1, epsilon=backend.epsilon())
        count = vectors.shape[0]
        products = ops.abs(ops.matmul(vectors, ops.transpose(vectors)))
        off_diagonal = ops.subtract(
            ops.sum(products), ops.sum(ops.diagonal(products))
        )
        # A single vector has no pair to decorrelate: its penalty is 0.
        pairs = max(count * (count - 1), 1)
        return ops.multiply(self.factor / pairs, off_diagonal)

    def get_config(self):
        """Returns `{"factor": factor, "mode": mode}`."""
        return {"factor": self.factor, "mode": self.mode}
