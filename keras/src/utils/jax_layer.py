"""`JaxLayer` and `FlaxLayer`: JAX functions and Flax modules as layers.

A JAX model is a pure function of its parameters. `JaxLayer` keeps the
parameters (trainable) and the state (non-trainable) as Keras variables,
nested exactly as the model's pytrees, and calls the function with the
variables' current values; new state returned by the function is
assigned back. Under Keras's `jax.jit`-compiled steps the values are the
step's traced inputs, so the wrapped function traces into the step like
any Keras layer.

The function's arguments are chosen by their names (`params`, `state`,
`rng`, `inputs`, `training`), as keras.io documents for these layers.

These layers run on the JAX backend only; JAX (and Flax, for
`FlaxLayer`) are imported when a layer is created.
"""

import inspect

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.random.seed_generator import SeedGenerator
from keras.src.saving import serialization_lib

CALL_ARGUMENTS = ("params", "state", "rng", "inputs", "training")
INIT_ARGUMENTS = ("rng", "inputs", "training")


def _argument_names(fn, what, supported):
    if not callable(fn):
        raise TypeError(
            f"`{what}` must be a callable object. Received: {what}={fn!r} "
            f"(of type {type(fn).__name__})"
        )
    try:
        parameters = inspect.signature(fn).parameters
    except (TypeError, ValueError) as error:
        raise ValueError(
            f"Cannot read the arguments of `{what}` ({fn!r}): {error}"
        ) from error
    names = tuple(parameters)
    if "inputs" not in names:
        raise ValueError(
            f"Missing required argument in `{what}`: `inputs`. Received "
            f"a function with arguments {list(names)}."
        )
    for name in names:
        if name not in supported:
            raise ValueError(
                f"Unsupported argument in `{what}`: `{name}`. Supported "
                f"arguments are {', '.join(f'`{n}`' for n in supported)}."
            )
    return names


def _check_backend(cls_name):
    if backend.backend() != "jax":
        raise ValueError(
            f"{cls_name} wraps JAX code and runs only on the JAX backend; "
            f"the current backend is {backend.backend()!r}. Set "
            "KERAS_BACKEND=jax."
        )


_PLATFORMS = ("cpu", "cuda", "rocm", "tpu")


@keras_export("keras.layers.JaxLayer")
class JaxLayer(Layer):
    """Keras layer that wraps a JAX model (JAX backend only).

    The model is a function `call_fn` taking, by these exact names:

    - `params`: the trainable parameters (a pytree of arrays).
    - `state` (optional): the non-trainable state. `call_fn` then returns
      `(outputs, new_state)` and the new state is stored.
    - `rng` (optional): a `jax.random` key, drawn from the layer's seed
      generator on each call.
    - `inputs` (required): the inputs, an array or a pytree of arrays.
    - `training` (optional): `True` in training mode.

    Parameters and state are given with `params` and `state`, or created
    when the layer is built by `init_fn(rng, inputs[, training])`, which
    receives placeholder inputs of the input shape (unknown sizes set to
    1) and `training=True`, and returns the params, or `(params, state)`
    when `call_fn` takes a `state`. They become Keras variables (params
    trainable, state non-trainable), available nested as `layer.params`
    and `layer.state`.

    Args:
        call_fn: the model's function, described above.
        init_fn: the function creating the params (and state). Required
            when `params` and `state` are both `None` and `call_fn` takes
            either.
        params: a pytree of the initial trainable parameters.
        state: a pytree of the initial non-trainable state.
        seed: the seed of the random keys passed as `rng`.
        native_serialization_platforms: platforms (`"cpu"`, `"cuda"`,
            `"rocm"`, `"tpu"`) to serialize the function for when it is
            exported from JAX; kept in the configuration.
        **kwargs: other `keras.layers.Layer` arguments.

    Example (JAX backend only, so not run as a doctest on the others):

    ```python
    import jax

    def init_fn(rng, inputs):
        return {"w": jax.random.normal(rng, (inputs.shape[-1], 2))}

    def call_fn(params, inputs):
        return inputs @ params["w"]

    layer = keras.layers.JaxLayer(call_fn, init_fn)
    layer(np.ones((3, 4), "float32")).shape  # (3, 2)
    ```
    """

    def __init__(
        self,
        call_fn,
        init_fn=None,
        params=None,
        state=None,
        seed=None,
        native_serialization_platforms=None,
        **kwargs,
    ):
        _check_backend(type(self).__name__)
        super().__init__(**kwargs)
        self._call_arguments = _argument_names(
            call_fn, "call_fn", CALL_ARGUMENTS
        )
        self._init_arguments = None
        if init_fn is not None:
            self._init_arguments = _argument_names(
                init_fn, "init_fn", INIT_ARGUMENTS
            )
        takes_weights = ("params" in self._call_arguments
                         or "state" in self._call_arguments)
        if (takes_weights and init_fn is None and params is None
                and state is None):
            raise ValueError(
                "`init_fn`, `params` and `state` cannot all be `None` when "
                "`call_fn` takes a `params` or a `state` argument: the "
                "layer would have no weights to pass."
            )
        if native_serialization_platforms is not None:
            platforms = list(native_serialization_platforms)
            for platform in platforms:
                if platform not in _PLATFORMS:
                    raise ValueError(
                        "`native_serialization_platforms` must hold values "
                        f"among {list(_PLATFORMS)}. Received: "
                        f"{native_serialization_platforms!r}"
                    )
            native_serialization_platforms = platforms
        self.call_fn = call_fn
        self.init_fn = init_fn
        self.native_serialization_platforms = native_serialization_platforms
        self.seed = seed
        needs_rng = "rng" in self._call_arguments or (
            init_fn is not None and "rng" in self._init_arguments
        )
        self.seed_generator = SeedGenerator(seed) if needs_rng else None
        self._set_tree("params", None)
        self._set_tree("state", None)
        if params is not None or state is not None:
            self._create_variables(params, state)
            self.built = True

    def _set_tree(self, name, value):
        # Pytrees are kept as given (dicts, tuples, Flax containers):
        # Keras's attribute tracking would wrap them; the variables in
        # them are tracked one by one instead.
        object.__setattr__(self, name, value)

    def _create_variables(self, params, state):
        import jax

        def to_variables(values, trainable):
            if values is None:
                return None
            leaves, treedef = jax.tree_util.tree_flatten(values)
            variables = [self._variable(leaf, trainable) for leaf in leaves]
            return jax.tree_util.tree_unflatten(treedef, variables)

        self._set_tree("params", to_variables(params, True))
        self._set_tree("state", to_variables(state, False))

    def _variable(self, value, trainable):
        value = backend.convert_to_tensor(value)
        return self.add_weight(
            shape=tuple(value.shape),
            dtype=backend.standardize_dtype(value.dtype),
            initializer=lambda shape, dtype: value,
            trainable=trainable,
            autocast=False,
            name=_numbered("variable", len(self.weights)),
        )

    def build(self, input_shape):
        """Creates the params and state with `init_fn` (unless given).

        Args:
            input_shape: the shape (or pytree of shapes) of the inputs.
        """
        if self.params is not None or self.state is not None:
            return
        if self.init_fn is None:
            return  # `call_fn` takes neither params nor state.
        import jax.numpy as jnp

        def placeholder(shape):
            sizes = tuple(1 if d is None else d for d in shape)
            return jnp.zeros(sizes, dtype=self.compute_dtype)

        inputs = _map_shapes(placeholder, input_shape)
        arguments = {"inputs": inputs}
        if "rng" in self._init_arguments:
            arguments["rng"] = self.seed_generator.next()
        if "training" in self._init_arguments:
            arguments["training"] = True
        initial = _run_compiled(self.init_fn, arguments)
        if "state" in self._call_arguments:
            if not (isinstance(initial, tuple) and len(initial) == 2):
                raise ValueError(
                    f"Layer {self.name!r}: `call_fn` takes a `state`, so "
                    "`init_fn` must return a tuple `(params, state)`. "
                    f"Received: {type(initial).__name__}"
                )
            params, state = initial
        else:
            params, state = initial, None
        self._create_variables(params, state)

    def call(self, inputs, training=False):
        import jax

        def values(tree):
            return jax.tree_util.tree_map(lambda v: v.value, tree)

        arguments = {"inputs": inputs}
        names = self._call_arguments
        if "params" in names:
            arguments["params"] = values(self.params)
        if "state" in names:
            arguments["state"] = values(self.state)
        if "rng" in names:
            arguments["rng"] = self.seed_generator.next()
        if "training" in names:
            arguments["training"] = training
        outputs = self.call_fn(**arguments)
        if "state" not in names:
            return outputs
        if not (isinstance(outputs, tuple) and len(outputs) == 2):
            raise ValueError(
                f"Layer {self.name!r}: `call_fn` takes a `state`, so it "
                "must return a tuple `(outputs, new_state)`. Received: "
                f"{type(outputs).__name__}"
            )
        outputs, new_state = outputs
        variables = jax.tree_util.tree_leaves(self.state)
        new_values = jax.tree_util.tree_leaves(new_state)
        if len(variables) != len(new_values):
            raise ValueError(
                f"Layer {self.name!r}: the state returned by `call_fn` has "
                f"{len(new_values)} arrays; the layer's state has "
                f"{len(variables)}."
            )
        for variable, value in zip(variables, new_values):
            variable.assign(value)
        return outputs

    def get_config(self):
        config = super().get_config()
        config.update({
            "call_fn": serialization_lib.serialize_keras_object(
                self.call_fn),
            "init_fn": serialization_lib.serialize_keras_object(
                self.init_fn),
            "native_serialization_platforms": (
                self.native_serialization_platforms),
        })
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        for key in ("call_fn", "init_fn"):
            if isinstance(config.get(key), dict):
                config[key] = serialization_lib.deserialize_keras_object(
                    config[key]
                )
        return super().from_config(config)


@keras_export("keras.layers.FlaxLayer")
class FlaxLayer(JaxLayer):
    """Keras layer that wraps a `flax.linen.Module` (JAX backend only).

    The module method used for the forward pass (`method`, `__call__` by
    default) takes `inputs` (an array or a pytree of arrays) and,
    optionally, `training` (`True` in training mode). A method given as
    a function instead of a name takes the module as its first argument.

    The module's `"params"` collection becomes the layer's trainable
    variables; every other collection (`"batch_stats"`, ...) its
    non-trainable ones, updated on each call (`apply` runs with every
    collection but `"params"` mutable). Dropout and other modules asking
    for a `"dropout"` random stream get keys from the layer's seed
    generator.

    Args:
        module: the `flax.linen.Module` instance.
        method: the method to call: `None` (`__call__`), a method name,
            or a function taking `(module, inputs[, training])`.
        variables: the module's variables (as returned by
            `module.init`); by default the layer initializes them when it
            is built.
        **kwargs: other `keras.layers.JaxLayer` arguments (`seed`, ...)
            and `keras.layers.Layer` arguments.

    Example (JAX backend only, so not run as a doctest on the others):

    ```python
    import flax

    layer = keras.layers.FlaxLayer(flax.linen.Dense(3))
    layer(np.ones((2, 4), "float32")).shape  # (2, 3)
    ```
    """

    def __init__(self, module, method=None, variables=None, **kwargs):
        _check_backend(type(self).__name__)
        import flax.linen

        if not isinstance(module, flax.linen.Module):
            raise TypeError(
                "FlaxLayer expects a `flax.linen.Module` instance as "
                f"`module`. Received: module={module!r} (of type "
                f"{type(module).__name__})"
            )
        self.module = module
        self.method = method
        if method is None:
            function = module.__call__
        elif isinstance(method, str):
            function = getattr(module, method, None)
            if function is None:
                raise ValueError(
                    f"FlaxLayer: the module {type(module).__name__} has no "
                    f"method {method!r}."
                )
        elif callable(method):
            function = method
        else:
            raise TypeError(
                "FlaxLayer expects `method` to be None, a method name or a "
                f"function. Received: method={method!r}"
            )
        self._apply_method = method
        self._takes_training = (
            "training" in inspect.signature(function).parameters
        )
        params = state = None
        if variables is not None:
            params, state = _split_collections(variables)
        super().__init__(
            call_fn=self._flax_call,
            init_fn=self._flax_init,
            params=params,
            state=state,
            **kwargs,
        )

    def _flax_call(self, params, state, rng, inputs, training=False):
        from flax.core import DenyList

        extra = {"training": training} if self._takes_training else {}
        outputs, new_state = self.module.apply(
            {**params, **state},
            inputs,
            rngs={"dropout": rng},
            method=self._apply_method,
            mutable=DenyList(["params"]),
            **extra,
        )
        # Only the collections the layer already holds are state: a
        # collection created by the call (`sow`) is not kept.
        return outputs, {k: new_state.get(k, v) for k, v in state.items()}

    def _flax_init(self, rng, inputs):
        import jax

        params_rng, dropout_rng = jax.random.split(rng)
        extra = {"training": True} if self._takes_training else {}
        variables = self.module.init(
            {"params": params_rng, "dropout": dropout_rng},
            inputs,
            method=self._apply_method,
            **extra,
        )
        return _split_collections(variables)

    def get_config(self):
        config = Layer.get_config(self)
        method = self.method
        if callable(method):
            method = serialization_lib.serialize_keras_object(method)
        try:
            module = serialization_lib.serialize_keras_object(self.module)
        except TypeError as error:
            raise TypeError(
                f"FlaxLayer {self.name!r} cannot serialize its module "
                f"{type(self.module).__name__}: give the module class "
                "`get_config()` (and `from_config()` if needed) and "
                "register it with "
                "`keras.saving.register_keras_serializable()`."
            ) from error
        config.update({"module": module, "method": method})
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        for key in ("module", "method"):
            if isinstance(config.get(key), dict):
                config[key] = serialization_lib.deserialize_keras_object(
                    config[key]
                )
        return Layer.from_config.__func__(cls, config)


def _run_compiled(fn, arguments):
    """`fn(**arguments)` compiled with `jax.jit`: run op by op, a Flax
    module's `init` compiles every small op apart (~8 s for a
    Dense-BatchNorm-Dense net on CPU, against ~0.3 s as one program).
    Functions that cannot be traced run as they are."""
    import jax

    static = {k: v for k, v in arguments.items() if k == "training"}
    traced = {k: v for k, v in arguments.items() if k != "training"}
    try:
        return jax.jit(lambda values: fn(**values, **static))(traced)
    except jax.errors.JAXTypeError:
        # Python control flow on values (`ConcretizationTypeError`...).
        return fn(**arguments)


def _numbered(name, index):
    return name if index == 0 else f"{name}_{index}"


def _split_collections(variables):
    """`(params, state)`: the `"params"` collection, and the others."""
    variables = dict(variables)
    params = {"params": variables.pop("params", {})}
    return params, variables


def _map_shapes(fn, shapes):
    if isinstance(shapes, (list, tuple)) and all(
        d is None or isinstance(d, int) for d in shapes
    ):
        return fn(shapes)
    if isinstance(shapes, dict):
        return {k: _map_shapes(fn, v) for k, v in shapes.items()}
    if isinstance(shapes, (list, tuple)):
        return type(shapes)(_map_shapes(fn, s) for s in shapes)
    raise ValueError(f"Not a shape or a structure of shapes: {shapes!r}")
