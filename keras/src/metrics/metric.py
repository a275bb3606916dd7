"""`Metric`: the base class of stateful metrics.

A metric keeps its state in non-trainable variables, accumulates batches in
`update_state` and reports in `result`. Compiled trainers use the
`stateless_*` methods, which run the stateful ones inside a
`StatelessScope` and hand the new values back instead of assigning them.
"""

from keras.src import backend
from keras.src import dtype_policies
from keras.src import initializers
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend.common.name_scope import name_scope
from keras.src.backend.common.naming import auto_name
from keras.src.backend.common.stateless_scope import StatelessScope


@keras_export(["keras.Metric", "keras.metrics.Metric"])
class Metric:
    """The base class of metrics: state that accumulates over batches.

    Subclasses create their state in `__init__` with `add_variable`,
    update it in `update_state(...)` with `variable.assign(...)` (or
    `assign_add`) and compute the value in `result()`. Calling a metric
    updates it and returns the result.

    Args:
        dtype: the dtype of the state and result, or a dtype policy
            (its compute dtype is used); defaults to `floatx()`.
        name: the metric's name; defaults to the snake-case class name,
            made unique.

    Example:

    >>> class Total(keras.metrics.Metric):
    ...     def __init__(self, name="total", dtype=None):
    ...         super().__init__(name=name, dtype=dtype)
    ...         self.total = self.add_variable((), "zeros", name="total")
    ...     def update_state(self, values):
    ...         self.total.assign_add(keras.ops.sum(values))
    ...     def result(self):
    ...         return keras.ops.convert_to_tensor(self.total)
    >>> float(Total()([1.0, 2.0, 3.0]))
    6.0
    """

    def __init__(self, dtype=None, name=None):
        if name is not None and not isinstance(name, str):
            raise TypeError(
                f"`name` must be a string. Received: name={name!r} of type "
                f"{type(name).__name__}"
            )
        self.name = name or auto_name(type(self).__name__)
        self._dtype = _resolve_dtype(dtype)
        self._metrics = []
        self._variables = []

    # -- state --------------------------------------------------------------

    def __setattr__(self, name, value):
        # Sub-metrics assigned as attributes contribute their variables.
        if isinstance(value, Metric) and name != "_metrics":
            metrics = self.__dict__.get("_metrics")
            if metrics is not None and not any(m is value for m in metrics):
                metrics.append(value)
        object.__setattr__(self, name, value)

    def add_variable(
        self, shape, initializer, dtype=None, aggregation="sum", name=None
    ):
        """Creates a non-trainable state variable of the metric.

        Args:
            shape: the variable's shape.
            initializer: an initializer (name, instance or callable) or a
                value.
            dtype: the variable's dtype; defaults to the metric's.
            aggregation: how replicas combine it (`"sum"`, `"mean"`,
                `"none"` or `"only_first_replica"`).
            name: the variable's name.

        Returns:
            The new `keras.Variable`.

        Example:

        >>> metric = keras.metrics.Metric(name="m")
        >>> v = metric.add_variable((2,), "zeros", name="count")
        >>> v.path, len(metric.variables)
        ('m/count', 1)
        """
        if isinstance(initializer, str) or isinstance(
            initializer, dict
        ):
            initializer = initializers.get(initializer)
        with name_scope(self.name.replace("/", ">"), caller=self):
            variable = backend.Variable(
                initializer=initializer,
                shape=shape,
                dtype=dtype or self._dtype,
                trainable=False,
                aggregation=aggregation,
                name=name,
            )
        self._variables.append(variable)
        return variable

    def add_weight(self, shape=(), initializer=None, dtype=None, name=None):
        """Creates a state variable (`add_variable` with `"sum"`
        aggregation); the initializer defaults to zeros.

        Args:
            shape: the variable's shape.
            initializer: an initializer or a value; defaults to zeros.
            dtype: the variable's dtype; defaults to the metric's.
            name: the variable's name.

        Returns:
            The new `keras.Variable`.

        Example:

        >>> metric = keras.metrics.Metric()
        >>> metric.add_weight(shape=(3,), name="hits").shape
        (3,)
        """
        return self.add_variable(
            shape,
            "zeros" if initializer is None else initializer,
            dtype=dtype,
            name=name,
        )

    @property
    def variables(self):
        """The metric's state variables, sub-metrics' included."""
        variables = list(self._variables)
        for metric in self._metrics:
            variables.extend(metric.variables)
        return variables

    @property
    def dtype(self):
        """The dtype of the metric's state and result."""
        return self._dtype

    # -- the stateful API -----------------------------------------------------

    def update_state(self, *args, **kwargs):
        """Accumulates the statistics of one batch into the state.

        Args:
            *args: the batch (subclasses name them, e.g. `y_true`,
                `y_pred`).
            **kwargs: options such as `sample_weight`.

        Example:

        >>> m = keras.metrics.Mean()
        >>> m.update_state([1.0, 3.0])
        >>> float(m.result())
        2.0
        """
        raise NotImplementedError(
            f"{type(self).__name__} must implement `update_state()`."
        )

    def result(self):
        """Returns the metric's value computed from the state.

        Returns:
            A tensor (a scalar for most metrics).

        Example:

        >>> m = keras.metrics.Sum()
        >>> m.update_state([1.0, 3.0])
        >>> float(m.result())
        4.0
        """
        raise NotImplementedError(
            f"{type(self).__name__} must implement `result()`."
        )

    def reset_state(self):
        """Sets every state variable back to zero.

        Example:

        >>> m = keras.metrics.Sum()
        >>> m.update_state([1.0, 3.0])
        >>> m.reset_state()
        >>> float(m.result())
        0.0
        """
        for variable in self._variables:
            variable.assign(ops.zeros(variable.shape, dtype=variable.dtype))
        for metric in self._metrics:
            metric.reset_state()

    def __call__(self, *args, **kwargs):
        """Updates the state with the batch, then returns `result()`."""
        self.update_state(*args, **kwargs)
        return self.result()

    # -- the stateless API ----------------------------------------------------

    def _check_variables(self, metric_variables):
        variables = self.variables
        if not isinstance(metric_variables, (list, tuple)) or len(
            metric_variables
        ) != len(variables):
            received = (
                f"a list of length {len(metric_variables)}"
                if isinstance(metric_variables, (list, tuple))
                else f"{type(metric_variables).__name__}"
            )
            raise ValueError(
                "`metric_variables` must be a list of values matching "
                f"{type(self).__name__}.variables one to one: expected "
                f"{len(variables)} values, received {received}."
            )
        return variables

    def stateless_update_state(self, metric_variables, *args, **kwargs):
        """Like `update_state`, but as a pure function of the state.

        Args:
            metric_variables: the current values of `self.variables`, in
                order.
            *args: the arguments of `update_state`.
            **kwargs: the keyword arguments of `update_state`.

        Returns:
            The new values of `self.variables`, in order; the variables
            themselves are left unchanged.

        Example:

        >>> m = keras.metrics.Sum()
        >>> new = m.stateless_update_state([1.0], [2.0, 3.0])
        >>> float(new[0]), float(m.result())
        (6.0, 0.0)
        """
        variables = self._check_variables(metric_variables)
        mapping = list(zip(variables, metric_variables))
        with StatelessScope(state_mapping=mapping) as scope:
            self.update_state(*args, **kwargs)
        if len(self.variables) != len(variables):
            raise ValueError(
                f"{type(self).__name__} {self.name!r} created its state "
                "during `stateless_update_state()`: build it first (with "
                "`build(y_true_shape, y_pred_shape)` or an eager "
                "`update_state()`), then pass its variables' values."
            )
        return _current_values(scope, variables)

    def stateless_result(self, metric_variables):
        """Like `result`, computed from the given state values.

        Args:
            metric_variables: values for `self.variables`, in order.

        Returns:
            The result those values give.

        Example:

        >>> m = keras.metrics.Mean()
        >>> float(m.stateless_result([6.0, 3.0]))
        2.0
        """
        variables = self._check_variables(metric_variables)
        mapping = list(zip(variables, metric_variables))
        with StatelessScope(state_mapping=mapping):
            result = self.result()
            # A result that is one of the state variables must be read
            # while the scope maps it.
            result = _read_variables(result)
        return result

    def stateless_reset_state(self):
        """Returns the state values `reset_state` would assign.

        Returns:
            A list of values, one for each of `self.variables`.

        Example:

        >>> m = keras.metrics.Mean()
        >>> [float(v) for v in m.stateless_reset_state()]
        [0.0, 0.0]
        """
        variables = self.variables
        with StatelessScope() as scope:
            self.reset_state()
        return _current_values(scope, variables)

    # -- configuration --------------------------------------------------------

    def get_config(self):
        """Returns the metric's configuration: `name` and `dtype`.

        Example:

        >>> keras.metrics.Mean(name="avg").get_config()
        {'name': 'avg', 'dtype': 'float32'}
        """
        return {"name": self.name, "dtype": self.dtype}

    @classmethod
    def from_config(cls, config):
        """Creates a metric from the output of `get_config()`.

        Example:

        >>> keras.metrics.Mean.from_config({"name": "avg"}).name
        'avg'
        """
        return cls(**config)

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}>"

    def __str__(self):
        return self.__repr__()


def _resolve_dtype(dtype):
    """The dtype a metric computes in: a dtype name (integer ones too, as
    `IoU` uses) or the compute dtype of a dtype policy."""
    if dtype is None:
        return backend.floatx()
    if isinstance(dtype, str):
        try:
            return backend.standardize_dtype(dtype)
        except (ValueError, TypeError):
            pass
    if isinstance(dtype, (str, dict, dtype_policies.DTypePolicy)):
        return dtype_policies.get(dtype).compute_dtype
    raise ValueError(
        "Cannot interpret `dtype`: expected a dtype name or a "
        f"`DTypePolicy`. Received: dtype={dtype!r} of type "
        f"{type(dtype).__name__}"
    )


def _current_values(scope, variables):
    values = []
    for variable in variables:
        value = scope.get_current_value(variable)
        values.append(variable.value if value is None else value)
    return values


def _read_variables(result):
    if isinstance(result, backend.Variable):
        return result.value
    if isinstance(result, dict):
        return {k: _read_variables(v) for k, v in result.items()}
    if isinstance(result, (list, tuple)):
        return type(result)(_read_variables(v) for v in result)
    return result
