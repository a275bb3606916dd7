"""Weight constraints: projections applied to a weight after each
optimizer update."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export


def _norms(w, axis):
    """The L2 norms of `w` over `axis`, with `axis` kept."""
    return ops.sqrt(ops.sum(ops.square(w), axis=axis, keepdims=True))


def _axis(axis):
    # Lists are not valid axes for every backend's reductions.
    return tuple(axis) if isinstance(axis, list) else axis


@keras_export("keras.constraints.Constraint")
class Constraint:
    """Base class of weight constraints.

    A constraint is called on a weight tensor and returns the projected
    tensor (same shape and dtype); optimizers assign the result to the
    weight after each update. Subclasses implement `__call__(self, w)`
    and, when their constructor takes arguments, `get_config()`.

    Example:

    >>> class Clip(keras.constraints.Constraint):
    ...     def __call__(self, w):
    ...         return keras.ops.clip(w, -1.0, 1.0)
    >>> keras.ops.convert_to_numpy(Clip()(np.array([-3.0, 0.5]))).tolist()
    [-1.0, 0.5]
    """

    def __call__(self, w):
        """Returns `w` projected onto the constraint (the base class
        returns it unchanged).

        Args:
            w: the weight tensor.
        """
        return w

    def get_config(self):
        """Returns the constraint's constructor arguments (empty for the
        base class)."""
        return {}

    @classmethod
    def from_config(cls, config):
        """Creates a constraint from the output of `get_config()`.

        Args:
            config: a dict of constructor arguments.

        Returns:
            An instance of `cls`.
        """
        return cls(**config)


@keras_export(["keras.constraints.MaxNorm", "keras.constraints.max_norm"])
class MaxNorm(Constraint):
    """Rescales the weight vectors whose L2 norm exceeds `max_value`.

    A weight vector is a slice along `axis`: for a `Dense` kernel of shape
    `(inputs, units)`, `axis=0` constrains the incoming weights of each
    unit; for a `Conv2D` kernel `(rows, cols, channels, filters)`, use
    `axis=[0, 1, 2]`.

    Args:
        max_value: the largest norm allowed.
        axis: an int or a list of ints, the axes the norms are taken over.

    Example:

    >>> w = np.array([[3.0], [4.0]])
    >>> keras.ops.convert_to_numpy(keras.constraints.MaxNorm(1.0)(w)).round(4)
    array([[0.6],
           [0.8]], dtype=float32)
    """

    def __init__(self, max_value=2, axis=0):
        self.max_value = max_value
        self.axis = axis

    def __call__(self, w):
        """Returns `w` with its norms clipped to `max_value`."""
        w = ops.convert_to_tensor(w)
        norms = _norms(w, _axis(self.axis))
        desired = ops.clip(norms, 0, self.max_value)
        return ops.multiply(
            w, ops.divide(desired, ops.add(norms, backend.epsilon()))
        )

    def get_config(self):
        """Returns `{"max_value": max_value, "axis": axis}`."""
        return {"max_value": self.max_value, "axis": self.axis}


@keras_export(["keras.constraints.NonNeg", "keras.constraints.non_neg"])
class NonNeg(Constraint):
    """Sets the negative entries of the weight to 0.

    Example:

    >>> w = np.array([-1.0, 2.0])
    >>> keras.ops.convert_to_numpy(keras.constraints.NonNeg()(w)).tolist()
    [0.0, 2.0]
    """

    def __call__(self, w):
        """Returns `w` with its negative entries set to 0."""
        w = ops.convert_to_tensor(w)
        return ops.where(ops.greater_equal(w, 0), w, ops.zeros_like(w))


@keras_export(["keras.constraints.UnitNorm", "keras.constraints.unit_norm"])
class UnitNorm(Constraint):
    """Rescales the weight vectors (slices along `axis`) to unit L2 norm.

    Args:
        axis: an int or a list of ints, the axes the norms are taken over
            (see `MaxNorm`).

    Example:

    >>> w = np.array([[3.0], [4.0]])
    >>> keras.ops.convert_to_numpy(keras.constraints.UnitNorm()(w)).round(4)
    array([[0.6],
           [0.8]], dtype=float32)
    """

    def __init__(self, axis=0):
        self.axis = axis

    def __call__(self, w):
        """Returns `w` divided by its norms."""
        w = ops.convert_to_tensor(w)
        norms = _norms(w, _axis(self.axis))
        return ops.divide(w, ops.add(norms, backend.epsilon()))

    def get_config(self):
        """Returns `{"axis": axis}`."""
        return {"axis": self.axis}


@keras_export(
    ["keras.constraints.MinMaxNorm", "keras.constraints.min_max_norm"]
)
class MinMaxNorm(Constraint):
    """Moves the L2 norms of the weight vectors into
    `[min_value, max_value]`.

    The new norm is `rate * clip(norm, min_value, max_value) +
    (1 - rate) * norm`: `rate=1.0` enforces the bounds at once, a smaller
    rate moves towards them gradually.

    Args:
        min_value: the smallest norm allowed.
        max_value: the largest norm allowed.
        rate: the fraction of the way to the bounds taken on each call.
        axis: an int or a list of ints, the axes the norms are taken over
            (see `MaxNorm`).

    Example:

    >>> c = keras.constraints.MinMaxNorm(min_value=10.0, max_value=20.0)
    >>> keras.ops.convert_to_numpy(c(np.array([[3.0], [4.0]]))).round(4)
    array([[6.],
           [8.]], dtype=float32)
    """

    def __init__(self, min_value=0.0, max_value=1.0, rate=1.0, axis=0):
        self.min_value = min_value
        self.max_value = max_value
        self.rate = rate
        self.axis = axis

    def __call__(self, w):
        """Returns `w` with its norms moved towards the bounds."""
        w = ops.convert_to_tensor(w)
        norms = _norms(w, _axis(self.axis))
        clipped = ops.clip(norms, self.min_value, self.max_value)
        desired = ops.add(
            ops.multiply(self.rate, clipped),
            ops.multiply(1.0 - self.rate, norms),
        )
        return ops.multiply(
            w, ops.divide(desired, ops.add(norms, backend.epsilon()))
        )

    def get_config(self):
        """Returns the constructor arguments."""
        return {
            "min_value": self.min_value,
            "max_value": self.max_value,
            "rate": self.rate,
            "axis": self.axis,
        }
