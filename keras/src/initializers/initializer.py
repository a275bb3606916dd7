"""`Initializer`: the base class of the objects that create initial
weight values."""

import math

import numpy as np

from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes


@keras_export(["keras.Initializer", "keras.initializers.Initializer"])
class Initializer:
    """Base class of weight initializers.

    An initializer is called with a shape and an optional dtype and returns
    a tensor of that shape holding initial values. Subclasses implement
    `__call__(self, shape, dtype=None)` and, when their constructor takes
    arguments, `get_config()` so that they can be saved and cloned.

    Example:

    >>> class Twos(keras.Initializer):
    ...     def __call__(self, shape, dtype=None):
    ...         return keras.ops.full(shape, 2.0, dtype=dtype)
    >>> keras.ops.convert_to_numpy(Twos()((2,))).tolist()
    [2.0, 2.0]
    """

    def __call__(self, shape, dtype=None):
        """Returns a tensor of `shape` and `dtype` holding initial values.

        Args:
            shape: a tuple of ints, the shape of the tensor.
            dtype: the dtype of the tensor; defaults to
                `keras.config.floatx()`.
        """
        # Not NotImplementedError: the base class is a usable type, and
        # calling it is a programming error of the subclass.
        raise TypeError(
            f"{type(self).__name__} must implement "
            "`__call__(self, shape, dtype=None)` to be called. Received: "
            f"shape={shape!r}, dtype={dtype!r}"
        )

    def get_config(self):
        """Returns the initializer's constructor arguments as a
        JSON-serializable dict (empty for the base class)."""
        return {}

    @classmethod
    def from_config(cls, config):
        """Creates an initializer from the output of `get_config()`.

        Args:
            config: a dict of constructor arguments.

        Returns:
            An instance of `cls`.
        """
        return cls(**config)

    def clone(self):
        """Returns a new initializer built from this one's config."""
        return self.__class__.from_config(self.get_config())


def standardize_shape(shape):
    """Returns `shape` as a tuple of Python ints (an int gives a 1-tuple);
    raises `ValueError` for unknown or negative dimensions."""
    if isinstance(shape, (int, np.integer)):
        shape = (shape,)
    try:
        shape = tuple(shape)
    except TypeError:
        raise ValueError(
            "An initializer's `shape` must be a tuple of ints. Received: "
            f"shape={shape!r}"
        ) from None
    for dim in shape:
        if isinstance(dim, bool) or not isinstance(dim, (int, np.integer)):
            raise ValueError(
                "An initializer's `shape` must be fully defined: a tuple of "
                f"ints. Received: shape={shape}"
            )
        if dim < 0:
            raise ValueError(
                "An initializer's `shape` must have non-negative dims. "
                f"Received: shape={shape}"
            )
    return tuple(int(dim) for dim in shape)


def standardize_dtype(dtype):
    """Returns `dtype` as a Keras dtype string, `floatx()` for `None`."""
    return dtypes.standardize_dtype(dtype)


def check_float_dtype(name, dtype):
    """Returns the standardized `dtype`; raises `ValueError` unless it is a
    floating point dtype (the initializer `name` draws real numbers)."""
    dtype = standardize_dtype(dtype)
    if not dtypes.is_float_dtype(dtype):
        raise ValueError(
            f"The initializer {name} only creates floating point tensors. "
            f"Expected a float `dtype`. Received: dtype={dtype}"
        )
    return dtype


def size_of(shape):
    """The number of elements of a tensor of `shape`."""
    return math.prod(shape)
