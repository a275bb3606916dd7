"""Scopes that route variable reads and writes to a mapping.

Inside a `StatelessScope`, reading a variable returns the value mapped to it
(if any) and assigning records the new value in the scope instead of
changing the variable. Compiled trainers use this to run a model as a pure
function of its state.
"""

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state
from keras.src.backend.common.variables import KerasVariable


@keras_export("keras.StatelessScope")
class StatelessScope:
    """Makes variable reads and writes inside the scope stateless.

    Args:
        state_mapping: pairs `(variable, value)` to read instead of the
            variables' own values.
        collect_losses: whether to collect losses added in the scope.
        initialize_variables: whether variables created inside the scope
            are initialized when the scope closes.

    Example:

    >>> v = keras.Variable(1.0)
    >>> with keras.StatelessScope(state_mapping=[(v, 5.0)]) as scope:
    ...     _ = v.assign_add(1.0)
    ...     new_value = scope.get_current_value(v)
    >>> float(new_value), float(v.numpy())
    (6.0, 1.0)
    """

    def __init__(
        self,
        state_mapping=None,
        collect_losses=False,
        initialize_variables=True,
    ):
        self.collect_losses = collect_losses
        self.initialize_variables = initialize_variables
        self.losses = []
        self.state_mapping = {}
        self._uninitialized = []
        for variable, value in state_mapping or ():
            if not isinstance(variable, KerasVariable):
                raise ValueError(
                    "`state_mapping` keys must be Keras variables. "
                    f"Received: {variable!r}"
                )
            self.state_mapping[id(variable)] = variable._convert_value(value)

    def __enter__(self):
        self._parent = global_state.get_global_attribute("stateless_scope")
        global_state.set_global_attribute("stateless_scope", self)
        return self

    def __exit__(self, *args):
        global_state.set_global_attribute("stateless_scope", self._parent)
        if self.initialize_variables:
            for variable in self._uninitialized:
                variable._deferred_initialize()

    def add_loss(self, loss):
        self.losses.append(loss)

    def add_update(self, update):
        variable, value = update
        self.state_mapping[id(variable)] = value

    def get_current_value(self, variable):
        return self.state_mapping.get(id(variable))

    def add_uninitialized_variable(self, variable):
        self._uninitialized.append(variable)


def get_stateless_scope():
    return global_state.get_global_attribute("stateless_scope")


def in_stateless_scope():
    return global_state.get_global_attribute("stateless_scope") is not None
