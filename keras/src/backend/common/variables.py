"""`KerasVariable`: the backend-neutral part of `keras.Variable`.

Each backend subclasses it as `Variable`, supplying `_initialize`,
`_convert_to_tensor` and `_direct_assign`. Reads and writes go through a
`StatelessScope` when one is open, which is what lets trainers run a model
as a pure function of its state.
"""

import contextlib

import numpy as np

from keras.src.backend import config
from keras.src.backend.common import dtypes, global_state
from keras.src.backend.common.keras_tensor import standardize_shape
from keras.src.backend.common.name_scope import current_path
from keras.src.backend.common.naming import auto_name


class KerasVariable:
    """A mutable tensor: the state of layers, metrics and optimizers.

    Args:
        initializer: the initial value (array, tensor, scalar), or a
            callable `initializer(shape, dtype)` such as
            `keras.initializers.Zeros()`.
        shape: the shape; required with a callable initializer.
        dtype: the dtype; defaults to the value's, or `floatx()`.
        trainable: whether gradients flow to it during training.
        autocast: whether mixed-precision layers may read it cast to their
            compute dtype.
        aggregation: how replicas combine it: `"none"`, `"mean"`, `"sum"`
            or `"only_first_replica"`.
        synchronization: `"auto"`, `"none"`, `"on_read"` or `"on_write"`.
        name: the variable's name; its `path` adds the enclosing scopes.
        layout: a `keras.distribution.TensorLayout` (or the backend's
            own layout) to place the variable with. Defaults to the one
            the current distribution gives it, if any.

    Example:

    >>> v = keras.Variable([1.0, 1.0], name="w")
    >>> _ = v.assign_add([1.0, 1.0])
    >>> v.numpy()
    array([2., 2.], dtype=float32)
    """

    def __init__(
        self,
        initializer,
        shape=None,
        dtype=None,
        trainable=True,
        autocast=True,
        aggregation="none",
        synchronization="auto",
        name=None,
        layout=None,
        **kwargs,
    ):
        kwargs.pop("overwrite_with_gradient", None)
        if kwargs:
            raise TypeError(f"Unexpected arguments for Variable: {kwargs}")
        name = name or auto_name("variable")
        if not isinstance(name, str) or "/" in name:
            raise ValueError(
                "`name` must be a string without '/'. "
                f"Received: name={name!r}"
            )
        if aggregation not in (
            "none", "mean", "sum", "only_first_replica"
        ):
            raise ValueError(
                "`aggregation` must be 'none', 'mean', 'sum' or "
                f"'only_first_replica'. Received: aggregation={aggregation!r}"
            )
        if synchronization not in ("auto", "none", "on_read", "on_write"):
            raise ValueError(
                "`synchronization` must be 'auto', 'none', 'on_read' or "
                f"'on_write'. Received: synchronization={synchronization!r}"
            )
        self.name = name
        parent = current_path()
        self.path = f"{parent}/{name}" if parent else name
        self._dtype = dtypes.standardize_dtype(dtype) if dtype else None
        self._trainable = bool(trainable)
        self._autocast = bool(autocast)
        self._aggregation = aggregation
        self._synchronization = synchronization
        self._overwrite_with_gradient = False
        self._value = None
        self._initializer = None
        self._layout = layout
        self.regularizer = None
        self.constraint = None

        if callable(initializer):
            if shape is None:
                raise ValueError(
                    "A variable with a callable initializer needs a `shape`. "
                    f"Received: initializer={initializer}, shape=None"
                )
            self._shape = standardize_shape(shape)
            self._dtype = self._dtype or config.floatx()
            self._initializer = initializer
            if _stateless_scope() is not None:
                # Inside a stateless scope (a traced function, say) the
                # value is created when the scope closes.
                _stateless_scope().add_uninitialized_variable(self)
            else:
                self._deferred_initialize()
        else:
            value = self._convert_to_tensor(initializer, dtype=self._dtype)
            self._dtype = self._dtype or dtypes.standardize_dtype(value.dtype)
            self._shape = standardize_shape(tuple(value.shape))
            if shape is not None and standardize_shape(shape) != self._shape:
                raise ValueError(
                    f"Variable {self.name!r}: the initial value has shape "
                    f"{self._shape}, but `shape={shape}` was given."
                )
            self._initialize(self._laid_out(value))

    def _deferred_initialize(self):
        if self._value is not None:
            return
        if _PENDING_INITIALIZERS is not None and self._start_as_zeros():
            return
        value = self._initializer(self._shape, dtype=self._dtype)
        self._initialize(
            self._laid_out(self._convert_to_tensor(value, dtype=self._dtype))
        )
        self._initializer = None

    def _start_as_zeros(self):
        """Inside `initializers_deferred()`: holds zeros until assigned,
        keeping the initializer for the end of the block."""
        try:
            zeros = np.zeros(self._shape, dtype=self._dtype)
        except TypeError:  # A dtype NumPy does not know: initialize now.
            return False
        self._initialize_owned(
            self._laid_out(self._convert_to_tensor(zeros, dtype=self._dtype))
        )
        _PENDING_INITIALIZERS[id(self)] = (self, self._initializer)
        self._initializer = None
        return True

    def _laid_out(self, value):
        """`value` placed as the variable's layout says.

        The layout is the one given at creation, else the current
        distribution's for this variable (resolved once, here); without
        either the value stays as it is.
        """
        if self._layout is None:
            distribution = global_state.get_global_attribute("distribution")
            if distribution is None:
                return value
            self._layout = distribution.get_variable_layout(self)
        # Imported here: the backend package imports this module.
        from keras.src.backend import distribution_lib

        return distribution_lib.distribute_variable(value, self._layout)

    # -- backend hooks ----------------------------------------------------

    def _initialize(self, value):
        """Stores `value` (a backend tensor) as the variable's state."""
        raise NotImplementedError

    def _initialize_owned(self, value):
        """`_initialize` for a `value` nothing else refers to: backends
        that copy in `_initialize` may keep it as is."""
        self._initialize(value)

    def _convert_to_tensor(self, value, dtype=None):
        """Converts `value` to a backend tensor of `dtype`."""
        raise NotImplementedError

    def _direct_assign(self, value):
        """Writes `value` (a backend tensor) into the variable's state."""
        raise NotImplementedError

    # `numpy()` below is a backend hook too.

    # -- reading ------------------------------------------------------------

    @property
    def value(self):
        """The current value, as a backend tensor."""
        # Reads the thread-local state directly: this runs on every use of
        # a variable, and the accessor function costs ~0.3us a call.
        # `global_state` presets both scopes to `None` on every thread.
        scope = _STATE.stateless_scope
        if scope is None:
            value = self._value
            if value is not None and _STATE.autocast_scope is None:
                return value  # The eager read outside any scope.
        else:
            value = scope.get_current_value(self)
            if value is not None:
                autocast = global_state.get_global_attribute("autocast_scope")
                if autocast is not None and self._autocast:
                    return autocast.maybe_cast(self, value)
                return value
        if self._value is None:
            if self._initializer is None or scope is None:
                raise ValueError(
                    f"Variable {self.path!r} is not initialized yet: it "
                    "was created in a stateless scope that has not closed."
                )
            # Created inside the open stateless scope (a layer built while
            # a model is traced): read a stand-in initial value.
            return self._convert_to_tensor(
                self._initializer(self._shape, dtype=self._dtype),
                dtype=self._dtype,
            )
        autocast = _STATE.autocast_scope
        if autocast is not None and self._autocast:
            return autocast.maybe_cast(self, self._value)
        return self._value

    def _convert_value(self, value):
        value = self._convert_to_tensor(value, dtype=self._dtype)
        if tuple(value.shape) != self._shape:
            raise ValueError(
                f"Variable {self.path!r} has shape {self._shape}; the value "
                f"given has shape {tuple(value.shape)}."
            )
        return value

    def numpy(self):
        """Returns the value as a NumPy array."""
        raise NotImplementedError

    # -- writing ------------------------------------------------------------

    def assign(self, value):
        """Sets the variable to `value`, which must have its shape."""
        value = self._convert_value(value)
        if _PENDING_INITIALIZERS is not None:
            _PENDING_INITIALIZERS.pop(id(self), None)
        scope = _stateless_scope()
        if scope is not None:
            scope.add_update((self, value))
        else:
            if self._layout is not None:
                value = self._laid_out(value)  # Keep the layout.
            self._direct_assign(value)
        return value

    def _load_from(self, store, key):
        """Sets the variable to `store[key]` (a weights store entry),
        reading straight into its memory where store and backend allow."""
        read_into = getattr(store, "read_into", None)
        if read_into is not None and _stateless_scope() is None:
            target = self._host_buffer()
            if target is not None and read_into(key, target):
                if _PENDING_INITIALIZERS is not None:
                    _PENDING_INITIALIZERS.pop(id(self), None)
                return
        self.assign(store[key])

    def _host_buffer(self):
        """A writable NumPy view of the variable's memory, or `None` where
        the backend keeps it elsewhere (device memory, immutable arrays)."""
        return None

    def assign_add(self, value):
        """Adds `value` to the variable."""
        return self.assign(
            self.value + self._convert_to_tensor(value, dtype=self._dtype)
        )

    def assign_sub(self, value):
        """Subtracts `value` from the variable."""
        return self.assign(
            self.value - self._convert_to_tensor(value, dtype=self._dtype)
        )

    # -- properties --------------------------------------------------------

    @property
    def dtype(self):
        """The dtype; inside a mixed-precision layer's call, the dtype the
        variable is read as."""
        autocast = global_state.get_global_attribute("autocast_scope")
        if autocast is not None and self._autocast:
            return autocast.read_dtype(self._dtype)
        return self._dtype

    @property
    def shape(self):
        return self._shape

    @property
    def ndim(self):
        return len(self._shape)

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._trainable = bool(value)

    @property
    def autocast(self):
        return self._autocast

    @property
    def aggregation(self):
        return self._aggregation

    @property
    def synchronization(self):
        return self._synchronization

    @property
    def overwrite_with_gradient(self):
        """Whether optimizers replace the value with the gradient (used for
        float8 scaling factors) instead of applying an update."""
        return self._overwrite_with_gradient

    @overwrite_with_gradient.setter
    def overwrite_with_gradient(self, value):
        if not isinstance(value, bool):
            raise TypeError(
                "`overwrite_with_gradient` must be a bool. "
                f"Received: {value!r}"
            )
        self._overwrite_with_gradient = value

    def __repr__(self):
        value = "<uninitialized>" if self._value is None else self.numpy()
        return (
            f"<Variable path={self.path}, shape={self.shape}, "
            f"dtype={self.dtype}, value={value}>"
        )

    # -- tensor protocol: a variable behaves like its value ----------------

    def __array__(self, dtype=None, copy=None):
        # `numpy()` may share memory with the variable (torch on CPU): copy
        # unless the caller allows sharing, so later assignments do not
        # change arrays taken earlier.
        array = self.numpy()
        if dtype is not None:
            return array.astype(dtype, copy=copy is not False)
        return array.copy() if copy is not False else array

    def __bool__(self):
        raise TypeError("A Keras Variable cannot be used as a boolean.")

    def __int__(self):
        return int(self.numpy())

    def __float__(self):
        return float(self.numpy())

    def __len__(self):
        return self._shape[0]

    def __getitem__(self, key):
        return self.value.__getitem__(key)

    def __neg__(self):
        return -self.value

    def __pos__(self):
        return self.value

    def __abs__(self):
        return abs(self.value)

    def __invert__(self):
        return ~self.value

    def __add__(self, other):
        return self.value + other

    def __radd__(self, other):
        return other + self.value

    def __sub__(self, other):
        return self.value - other

    def __rsub__(self, other):
        return other - self.value

    def __mul__(self, other):
        return self.value * other

    def __rmul__(self, other):
        return other * self.value

    def __truediv__(self, other):
        return self.value / other

    def __rtruediv__(self, other):
        return other / self.value

    def __floordiv__(self, other):
        return self.value // other

    def __rfloordiv__(self, other):
        return other // self.value

    def __mod__(self, other):
        return self.value % other

    def __rmod__(self, other):
        return other % self.value

    def __pow__(self, other):
        return self.value**other

    def __rpow__(self, other):
        return other**self.value

    def __matmul__(self, other):
        return self.value @ other

    def __rmatmul__(self, other):
        return other @ self.value

    def __lt__(self, other):
        return self.value < other

    def __le__(self, other):
        return self.value <= other

    def __gt__(self, other):
        return self.value > other

    def __ge__(self, other):
        return self.value >= other

    def __eq__(self, other):
        return self.value == other

    def __ne__(self, other):
        return self.value != other

    __hash__ = object.__hash__

    def __and__(self, other):
        return self.value & other

    def __rand__(self, other):
        return other & self.value

    def __or__(self, other):
        return self.value | other

    def __ror__(self, other):
        return other | self.value

    def __xor__(self, other):
        return self.value ^ other

    def __rxor__(self, other):
        return other ^ self.value


_STATE = global_state._STATE
# {id(variable): (variable, initializer)} inside `initializers_deferred()`.
_PENDING_INITIALIZERS = None


@contextlib.contextmanager
def initializers_deferred():
    """Defers the initializers of the variables created in the block.

    They hold zeros at first; those still never assigned when the block
    ends get their initializer's value then. Loading a saved model runs
    in such a block, so the initializers of the variables whose values the
    file replaces (usually all of them: random draws for 100M parameters
    cost seconds) never run.

    Example:

    >>> with initializers_deferred():
    ...     v = keras.Variable(keras.initializers.Ones(), shape=(2,))
    ...     w = keras.Variable(keras.initializers.Ones(), shape=(2,))
    ...     _ = w.assign([5.0, 5.0])
    >>> v.numpy(), w.numpy()
    (array([1., 1.], dtype=float32), array([5., 5.], dtype=float32))
    """
    global _PENDING_INITIALIZERS
    if _PENDING_INITIALIZERS is not None:  # Nested: the outer block ends it.
        yield
        return
    _PENDING_INITIALIZERS = pending = {}
    try:
        yield
    finally:
        _PENDING_INITIALIZERS = None
        for variable, initializer in pending.values():
            variable.assign(initializer(variable.shape,
                                        dtype=variable.dtype))


def _stateless_scope():
    return global_state.get_global_attribute("stateless_scope")


class AutocastScope:
    """Inside the scope, float variables that allow autocasting read as
    `dtype` (the compute dtype of a mixed-precision layer).

    Args:
        dtype: the dtype to read float variables as; `None` disables
            autocasting inside the scope.

    Example:

    ```python
    with AutocastScope("float16"):
        y = x @ kernel  # kernel (float32) is read as float16
    ```
    """

    def __init__(self, dtype):
        self.dtype = None if dtype is None else dtypes.standardize_dtype(
            dtype
        )
        if self.dtype is not None and not dtypes.is_float_dtype(self.dtype):
            raise ValueError(
                "`AutocastScope` can only be used with a floating-point "
                f"target dtype, such as 'float16'. Received: dtype={dtype}"
            )

    def read_dtype(self, variable_dtype):
        """The dtype a variable of `variable_dtype` reads as."""
        if self.dtype is None or not dtypes.is_float_dtype(variable_dtype):
            return variable_dtype
        return self.dtype

    def maybe_cast(self, variable, value):
        """Returns `value` (of `variable`) cast to the scope's dtype when
        the variable is a float of another dtype."""
        dtype = self.read_dtype(variable._dtype)
        if dtype == variable._dtype:
            return value
        return variable._convert_to_tensor(value, dtype=dtype)

    def __enter__(self):
        self._previous = global_state.get_global_attribute("autocast_scope")
        global_state.set_global_attribute("autocast_scope", self)
        return self

    def __exit__(self, *args):
        global_state.set_global_attribute("autocast_scope", self._previous)


def get_autocast_scope():
    """Returns the innermost open `AutocastScope`, or `None`.

    Example:

    >>> with AutocastScope("float16") as scope:
    ...     get_autocast_scope() is scope
    True
    """
    return global_state.get_global_attribute("autocast_scope")


# Keras's names for what this module holds or uses.
Variable = KerasVariable
standardize_dtype = dtypes.standardize_dtype
is_float_dtype = dtypes.is_float_dtype
is_int_dtype = dtypes.is_int_dtype


def register_uninitialized_variable(variable):
    """Records `variable` (created without a value yet) so that
    `initialize_all_variables()` gives it one.

    Args:
        variable: a Keras variable whose value is not created yet.

    Example:

    >>> with keras.StatelessScope(initialize_variables=False):
    ...     v = keras.Variable(keras.initializers.Ones(), shape=(2,))
    >>> register_uninitialized_variable(v)
    >>> initialize_all_variables()
    >>> v.numpy().tolist()
    [1.0, 1.0]
    """
    pending = global_state.get_global_attribute(
        "uninitialized_variables", default=[], set_to_default=True
    )
    pending.append(variable)


def initialize_all_variables():
    """Creates the values of every variable recorded by
    `register_uninitialized_variable`, and forgets them.

    Example:

    >>> initialize_all_variables()  # nothing pending: does nothing
    """
    pending = global_state.get_global_attribute("uninitialized_variables")
    while pending:
        pending.pop(0)._deferred_initialize()


def shape_equal(a_shape, b_shape):
    """Returns whether two shapes match, `None` matching any size.

    Args:
        a_shape: a shape tuple; `None` for an unknown size.
        b_shape: another shape tuple.

    Returns:
        `True` when both have the same rank and every pair of known sizes
        is equal.

    Example:

    >>> shape_equal((1, None), (1, 3)), shape_equal((1, 2), (1, 2, 3))
    (True, False)
    """
    if len(a_shape) != len(b_shape):
        return False
    return all(
        a is None or b is None or a == b for a, b in zip(a_shape, b_shape)
    )
