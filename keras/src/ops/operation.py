"""`Operation`: something callable on tensors and on symbolic tensors.

Layers and the graph-recorded form of ops are Operations. Called on tensors,
an Operation computes (`call`); called on `KerasTensor`s, it infers the
output's shape and dtype (`compute_output_spec`) and records a `Node`.
"""

import inspect

from keras.src.api_export import keras_export
from keras.src.backend import compute_output_spec as backend_output_spec
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.backend.common.naming import auto_name
from keras.src.ops.node import Node


@keras_export("keras.Operation")
class Operation:
    """Base class of everything a functional graph is made of.

    Subclasses implement `call`, and `compute_output_spec` when the default
    (tracing `call` with the backend) does not fit.

    Args:
        name: the operation's name; unique by default.

    Example:

    >>> class Double(keras.Operation):
    ...     def call(self, x):
    ...         return x * 2
    >>> Double()(keras.KerasTensor((None, 3))).shape
    (None, 3)
    """

    def __init__(self, name=None):
        if name is None:
            name = auto_name(type(self).__name__)
        if not isinstance(name, str) or "/" in name:
            raise ValueError(
                "An operation's `name` must be a string without '/'. "
                f"Received: name={name!r}"
            )
        self.name = name
        self._inbound_nodes = []
        self._outbound_nodes = []

    def __call__(self, *args, **kwargs):
        if any_symbolic_tensors(args, kwargs):
            return self.symbolic_call(*args, **kwargs)
        return self.call(*args, **kwargs)

    def symbolic_call(self, *args, **kwargs):
        """Infers the outputs' specs and records the call in the graph."""
        outputs = self.compute_output_spec(*args, **kwargs)
        Node(self, call_args=args, call_kwargs=kwargs, outputs=outputs)
        return outputs

    def call(self, *args, **kwargs):
        """Computes the operation on tensors. Subclasses implement it."""
        raise NotImplementedError(
            f"{type(self).__name__} must implement `call()`."
        )

    def compute_output_spec(self, *args, **kwargs):
        """Returns the `KerasTensor`(s) that `call` would return on these
        symbolic arguments. By default, traces `call` with the backend."""
        try:
            return backend_output_spec(self.call, *args, **kwargs)
        except Exception as e:
            raise RuntimeError(
                f"Could not infer the output of operation {self.name!r} "
                f"({type(self).__name__}) from its inputs. Implement "
                "`compute_output_spec()` on it, or fix the error below.\n"
                f"{type(e).__name__}: {e}"
            ) from e

    def quantized_call(self, *args, **kwargs):
        """Calls the operation in its quantized form; plain `call` for
        operations that have none."""
        return self.call(*args, **kwargs)

    def rematerialized_call(self, call_fn, *args, **kwargs):
        """Returns `call_fn` unchanged: rematerialization is not applied to
        plain operations."""
        return call_fn

    def get_config(self):
        """Returns the constructor arguments needed to rebuild the operation.

        By default, the arguments of `__init__` that are stored as
        attributes of the same name.
        """
        config = {"name": self.name}
        parameters = inspect.signature(type(self).__init__).parameters
        for name in parameters:
            if name in ("self", "name", "args", "kwargs"):
                continue
            if not hasattr(self, name):
                raise NotImplementedError(
                    f"{type(self).__name__} must implement `get_config()`: "
                    f"its argument {name!r} is not stored as an attribute."
                )
            config[name] = getattr(self, name)
        return config

    @classmethod
    def from_config(cls, config):
        """Creates an operation from the output of `get_config()`."""
        try:
            return cls(**config)
        except Exception as e:
            raise TypeError(
                f"Error when deserializing class '{cls.__name__}' using "
                f"config={config}.\n{type(e).__name__}: {e}"
            ) from e

    def __repr__(self):
        return f"<Operation name={self.name}>"

    @property
    def input(self):
        """The symbolic input(s) of the operation's only call."""
        return self._single_node("input").arguments_structure()

    @property
    def output(self):
        """The symbolic output(s) of the operation's only call."""
        return self._single_node("output").outputs_structure()

    def _single_node(self, attribute):
        if not self._inbound_nodes:
            raise AttributeError(
                f"Operation {self.name!r} has never been called on a "
                f"symbolic input, so it has no `{attribute}`."
            )
        if len(self._inbound_nodes) > 1:
            raise AttributeError(
                f"Operation {self.name!r} has been called "
                f"{len(self._inbound_nodes)} times, so its `{attribute}` is "
                "ambiguous."
            )
        return _NodeView(self._inbound_nodes[0])


class _NodeView:
    def __init__(self, node):
        self.node = node

    def arguments_structure(self):
        tensors = self.node.arguments.keras_tensors
        return tensors[0] if len(tensors) == 1 else tensors

    def outputs_structure(self):
        outputs = self.node.outputs
        return outputs[0] if len(outputs) == 1 else outputs


class FunctionOperation(Operation):
    """The graph record of a call to a functional op such as
    `keras.ops.add`: `call` runs the op, `compute_output_spec` runs its
    shape rule."""

    def __init__(self, fn, spec):
        super().__init__(name=auto_name(fn.__name__))
        self.fn = fn
        self.spec = spec

    def call(self, *args, **kwargs):
        return self.fn(*args, **kwargs)

    def compute_output_spec(self, *args, **kwargs):
        return self.spec(*args, **kwargs)

    def get_config(self):
        return {"name": self.name, "fn": self.fn.__name__}


# `{op function: a function returning its op class}` (classes are made on
# first use), filled by `op_class.op_classes_on_demand`.
OP_CLASSES = {}

# How many `SpecsOnly` scopes are open.
_specs_only_depth = [0]


class SpecsOnly:
    """A scope in which `symbolic_op` returns the output specs of the ops
    called without recording them in the graph (an op class infers its
    output by running its op function this way)."""

    def __enter__(self):
        _specs_only_depth[0] += 1
        return self

    def __exit__(self, *exc_info):
        _specs_only_depth[0] -= 1


def symbolic_op(fn, spec, *args, **kwargs):
    """Returns the symbolic result of op `fn` on symbolic arguments.

    `spec(*args, **kwargs)` returns the output `KerasTensor`(s); the call is
    recorded as a node (an instance of the op's class, such as
    `keras.src.ops.numpy.Add`, when it has one) so that functional models
    can replay and serialize it.

    Example:

    ```python
    def add(x1, x2):
        if any_symbolic_tensors((x1, x2)):
            return symbolic_op(add, broadcast_spec, x1, x2)
        return backend.numpy.add(x1, x2)
    ```
    """
    if _specs_only_depth[0]:
        return spec(*args, **kwargs)
    get_op_class = OP_CLASSES.get(fn)
    if get_op_class is not None:
        outputs = get_op_class().record(spec, args, kwargs)
        if outputs is not None:
            return outputs
    return FunctionOperation(fn, spec).symbolic_call(*args, **kwargs)
