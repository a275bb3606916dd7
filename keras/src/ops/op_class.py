"""Op classes: the `Operation` each functional op records in a graph.

An op such as `keras.ops.sum` is a function. Called on symbolic tensors, it
records one instance of its op class (`keras.src.ops.numpy.Sum`), as Keras
does, so that functional models serialize ops the way Keras files hold
them:

```
{"module": "keras.src.ops.numpy", "class_name": "Sum",
 "config": {"name": "sum", "axis": 1, "keepdims": true}, ...,
 "inbound_nodes": [{"args": [<the tensor x>], "kwargs": {}}]}
```

The classes are not written one by one. Each is made by `make_op_classes`
from the op function and the names of its *call* parameters (the tensors);
every other parameter of the function is a constructor argument stored as
an attribute of the same name and returned by `get_config`. Keras's
classes follow that rule for all of its ~330 ops (a test checks the
signatures made here against Keras's own, `fixtures/op_signatures.json`).

Why: the eager path of an op stays untouched (no class, no instance);
only `symbolic_op`, which runs when a `KerasTensor` is met, builds the
instance and records its node with the outputs of the shape rule the op
passed. `compute_output_spec` (a loaded model's ops, a graph's shape
inference) runs the op function in a "specs only" scope, where
`symbolic_op` returns the spec without recording a node.
"""

import ast
import functools
import inspect

from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops import operation as operation_lib
from keras.src.ops.node import Node
from keras.src.ops.operation import Operation


class OpClass(Operation):
    """Base of the op classes: an `Operation` that calls an op function.

    Subclasses are made by `make_op_classes`. Their constructor takes the
    op's non-tensor arguments (stored as attributes, returned by
    `get_config`); `call` takes the tensor arguments and runs the op.

    Args:
        name: the operation's name; by default the class name in snake
            case, made unique (`sum`, `sum_1`, ...).

    Example:

    >>> from keras.src.ops.numpy import Sum
    >>> op = Sum(axis=1, keepdims=True)
    >>> keras.ops.convert_to_numpy(op(np.ones((2, 3)))).tolist()
    [[3.0], [3.0]]
    """

    # Set on each made class.
    _fn = None
    _fn_signature = None
    _init_signature = None
    _call_signature = None
    _init_names = ()
    _call_names = ()
    _var_keyword_init = None
    _var_positional_fn = False
    _fn_var_keyword = None
    # Whether every parameter of the op function can be passed by keyword
    # and the call parameters are plain ones (the fast path of `call`).
    _keyword_call = False

    def __init__(self, *args, **kwargs):
        bound = self._init_signature.bind(self, *args, **kwargs)
        bound.apply_defaults()
        values = bound.arguments
        Operation.__init__(self, name=values.get("name"))
        for key in self._init_names:
            setattr(self, key, values[key])
        self._extra_kwargs = dict(values.get(self._var_keyword_init) or {})

    @classmethod
    def record(cls, spec, args, kwargs):
        """Records the call `cls._fn(*args, **kwargs)` on symbolic tensors
        as an instance of `cls`; returns the symbolic outputs, or `None`
        when a constructor argument is itself symbolic (the call is then
        recorded generically)."""
        bound = cls._fn_signature.bind(*args, **kwargs)
        bound.apply_defaults()
        values = bound.arguments
        parameters = cls._fn_signature.parameters
        init_kwargs = {}
        for key in cls._init_names:
            if key in parameters:
                init_kwargs[key] = values[key]
            elif key in (values.get(cls._fn_var_keyword) or {}):
                init_kwargs[key] = values[cls._fn_var_keyword][key]
        if cls._var_keyword_init is not None:
            init_kwargs.update(values.get(cls._var_keyword_init) or {})
        if _holds_keras_tensor(init_kwargs):
            return None
        op = cls(**init_kwargs)
        call_args = []
        call_kwargs = {}
        for key, kind in cls._call_names:
            if kind is inspect.Parameter.VAR_POSITIONAL:
                call_args.extend(values.get(key, ()))
            elif kind is inspect.Parameter.VAR_KEYWORD:
                call_kwargs.update(values.get(key, {}))
            else:
                call_args.append(values[key])
        # The op's shape rule takes the op function's arguments as given.
        outputs = spec(*args, **kwargs)
        Node(op, call_args=call_args, call_kwargs=call_kwargs,
             outputs=outputs)
        return outputs

    def _function_arguments(self, args, kwargs):
        """`(args, kwargs)` of the op function for a call of the operation
        on `args` and `kwargs`, with the attributes filled in."""
        bound = self._call_signature.bind(self, *args, **kwargs)
        values = dict(bound.arguments)
        del values["self"]
        for key in self._init_names:
            values[key] = getattr(self, key)
        fn_args = []
        fn_kwargs = dict(self._extra_kwargs)
        fn_parameters = self._fn_signature.parameters
        for key in self._init_names:
            if key not in fn_parameters:  # Goes through `**kwargs`.
                fn_kwargs[key] = values[key]
        for parameter in fn_parameters.values():
            key = parameter.name
            if key not in values:
                continue  # Left to its default (or passed as extra).
            if parameter.kind is inspect.Parameter.VAR_POSITIONAL:
                fn_args.extend(values[key])
            elif parameter.kind is inspect.Parameter.VAR_KEYWORD:
                fn_kwargs.update(values[key])
            elif parameter.kind is inspect.Parameter.POSITIONAL_ONLY or (
                parameter.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
                and self._var_positional_fn
            ):
                fn_args.append(values[key])
            else:
                fn_kwargs[key] = values[key]
        return fn_args, fn_kwargs

    def call(self, *args, **kwargs):
        if (
            self._keyword_call
            and not kwargs
            and len(args) == len(self._call_names)
            and type(self)._function_arguments is OpClass._function_arguments
        ):
            # Functional models replay nodes with positional tensors: map
            # them by name without `Signature.bind` (about 8 us an op).
            fn_kwargs = {key: getattr(self, key) for key in self._init_names}
            fn_kwargs.update(self._extra_kwargs)
            for (key, _), value in zip(self._call_names, args):
                fn_kwargs[key] = value
            return type(self)._fn(**fn_kwargs)
        fn_args, fn_kwargs = self._function_arguments(args, kwargs)
        return type(self)._fn(*fn_args, **fn_kwargs)

    def compute_output_spec(self, *args, **kwargs):
        fn_args, fn_kwargs = self._function_arguments(args, kwargs)
        with operation_lib.SpecsOnly():
            return type(self)._fn(*fn_args, **fn_kwargs)

    def get_config(self):
        config = {"name": self.name}
        for key in self._init_names:
            config[key] = getattr(self, key)
        config.update(self._extra_kwargs)
        return config

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}>"


def _holds_keras_tensor(values):
    stack = list(values.values())
    while stack:
        value = stack.pop()
        if isinstance(value, KerasTensor):
            return True
        if isinstance(value, (list, tuple)):
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
    return False


def make_op_classes(module_name, namespace, table, bases=None):
    """Makes the op classes of a module and registers them for their ops.

    Args:
        module_name: the module the classes belong to
            (`"keras.src.ops.numpy"`); it is their `__module__`, which is
            what saved configs name.
        namespace: a mapping of the module's names to its op functions.
        table: `{class name: "function(call, parameters)"}`: the op
            function's name and its tensor parameters (a `*` or `**`
            prefix for variadic ones); the function's other parameters
            are the constructor's. Arguments the function takes through
            `**kwargs` that the constructor names follow after a `+`:
            `"layer_normalization(x, gamma, beta) + rms_scaling=False"`.
        bases: `{class name: base class}` for classes that adapt their
            arguments (the default base is `OpClass`).

    Returns:
        A dict `{class name: class}`.

    Example:

    >>> def double(x, scale=2.0):
    ...     return x * scale
    >>> classes = make_op_classes("demo", {"double": double},
    ...                           {"Double": "double(x)"})
    >>> classes["Double"](scale=3.0).get_config()
    {'name': 'double', 'scale': 3.0}
    """
    get = _on_demand(module_name, namespace, table, bases)
    return {class_name: get(class_name) for class_name in table}


def op_classes_on_demand(module_name, namespace, table, bases=None):
    """Registers the op classes of `table` for their ops without making
    them: returns the module's `__getattr__`, which makes a class the first
    time it is asked for, by name or by `symbolic_op` recording its op.
    (Making all ~330 classes would add ~20 ms to `import keras`.)

    Arguments as for `make_op_classes`; `namespace` is the module's
    `globals()`, where each class is kept once made.

    Example:

    ```python
    __getattr__ = op_classes_on_demand(__name__, globals(), op_tables.NN)
    ```
    """
    get = _on_demand(module_name, namespace, table, bases)

    def __getattr__(name):
        if name in table:
            return get(name)
        raise AttributeError(
            f"module {module_name!r} has no attribute {name!r}"
        )

    return __getattr__


def _on_demand(module_name, namespace, table, bases):
    bases = bases or {}

    def get(class_name):
        cls = namespace.get(class_name)
        if cls is None:
            cls = namespace[class_name] = _class_from_spec(
                class_name, module_name, namespace, table[class_name],
                bases.get(class_name, OpClass),
            )
        return cls

    for class_name, spec in table.items():
        fn = namespace[_function_name(spec)]
        operation_lib.OP_CLASSES[fn] = functools.partial(get, class_name)
    return get


def _function_name(spec):
    return spec.partition("(")[0].strip()


def _class_from_spec(class_name, module_name, namespace, spec, base):
    spec, _, extra_part = spec.partition("+")
    function_name, call_part = spec.strip().rstrip(")").split("(")
    call_names = [
        name.strip() for name in call_part.split(",") if name.strip()
    ]
    extra = {}
    for item in extra_part.split(","):
        if item.strip():
            key, default = item.split("=")
            extra[key.strip()] = ast.literal_eval(default.strip())
    return _make_class(class_name, module_name, namespace[function_name],
                       call_names, base, extra)


def _make_class(class_name, module_name, fn, call_names, base, extra):
    fn_signature = inspect.signature(fn)
    parameters = fn_signature.parameters
    call_keys = [name.lstrip("*") for name in call_names]
    for key in call_keys:
        if key not in parameters:
            raise ValueError(
                f"Op class {class_name}: {fn.__name__}() has no parameter "
                f"{key!r}. Its parameters: {list(parameters)}"
            )
    self_parameter = inspect.Parameter(
        "self", inspect.Parameter.POSITIONAL_OR_KEYWORD
    )
    init_parameters = []
    var_keyword_init = None
    for parameter in parameters.values():
        if parameter.name in call_keys:
            continue
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            var_keyword_init = parameter
            continue
        init_parameters.append(parameter.replace(
            kind=inspect.Parameter.POSITIONAL_OR_KEYWORD
        ))
    for key, default in extra.items():
        init_parameters.append(inspect.Parameter(
            key, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default
        ))
    if extra:
        # Passed on through the function's `**kwargs`: not a constructor
        # argument of its own.
        var_keyword_init = None
    # Keras's rule: `name` is keyword-only after other arguments, and the
    # only (positional) argument of classes that have none.
    name_kind = (
        inspect.Parameter.KEYWORD_ONLY
        if init_parameters
        else inspect.Parameter.POSITIONAL_OR_KEYWORD
    )
    init_signature = inspect.Signature(
        [self_parameter]
        + init_parameters
        + [inspect.Parameter("name", name_kind, default=None)]
        + ([var_keyword_init] if var_keyword_init else [])
    )
    call_signature = inspect.Signature(
        [self_parameter] + [parameters[key] for key in call_keys]
    )

    def __init__(self, *args, **kwargs):
        base.__init__(self, *args, **kwargs)

    def call(self, *args, **kwargs):
        return base.call(self, *args, **kwargs)

    __init__.__signature__ = init_signature
    call.__signature__ = call_signature
    has_var_positional = any(
        p.kind is inspect.Parameter.VAR_POSITIONAL
        for p in parameters.values()
    )
    attributes = {
        "__module__": module_name,
        "__qualname__": class_name,
        "__doc__": (
            f"The graph operation of `{fn.__name__}`: the constructor "
            "takes its non-tensor arguments, `call` its tensors."
        ),
        "__init__": __init__,
        "call": call,
        "_fn": staticmethod(fn),
        "_fn_signature": fn_signature,
        "_init_signature": init_signature,
        "_call_signature": call_signature,
        "_init_names": tuple(p.name for p in init_parameters),
        "_call_names": tuple(
            (key, parameters[key].kind) for key in call_keys
        ),
        "_var_keyword_init": (
            var_keyword_init.name if var_keyword_init else None
        ),
        "_var_positional_fn": has_var_positional,
        "_keyword_call": all(
            p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD,
                       inspect.Parameter.KEYWORD_ONLY,
                       inspect.Parameter.VAR_KEYWORD)
            for p in parameters.values()
        ) and not any(
            parameters[key].kind is inspect.Parameter.VAR_KEYWORD
            for key in call_keys
        ),
        "_fn_var_keyword": next(
            (p.name for p in parameters.values()
             if p.kind is inspect.Parameter.VAR_KEYWORD),
            None,
        ),
    }
    return type(class_name, (base,), attributes)
