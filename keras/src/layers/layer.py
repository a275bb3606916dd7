"""`Layer`: the building block of Keras models.

A layer holds state (variables, sublayers, seed generators, tracked
automatically from its attributes), builds it lazily from the shape of its
first input, and computes in `call`. Calling it on `KerasTensor`s records a
node of a functional graph instead of computing.

On the torch backend a layer is also a `torch.nn.Module` (see
`keras/src/backend/torch/layer.py`).
"""


import math

import numpy as np

from keras.src import backend
from keras.src import constraints
from keras.src import dtype_policies
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.backend.common import global_state
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.backend.common.name_scope import name_scope
from keras.src.backend.common.remat import get_current_remat_mode
from keras.src.backend.common.remat import remat_call
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.backend.common.stateless_scope import get_stateless_scope
from keras.src.backend.common.variables import AutocastScope
from keras.src.layers import layer_helpers
from keras.src.layers.input_spec import assert_input_compatibility
from keras.src.metrics.metric import Metric
from keras.src.ops.node import Node
from keras.src.ops.operation import Operation
from keras.src.random.seed_generator import SeedGenerator
from keras.src.utils import tracking

# Attributes of the layer's own bookkeeping: never tracked as state.
_UNTRACKED = frozenset([
    "_tracker", "_layers", "_trainable_variables",
    "_non_trainable_variables", "_seed_generators", "_losses",
    "_inbound_nodes", "_outbound_nodes", "_build_shapes", "_input_cast",
    "_supports_jit", "_auto_config", "_metrics", "_inputs_struct",
    "_outputs_struct", "_inputs", "_outputs", "_nodes", "_operations",
    "_functional", "_autocast_dtype", "_dtype_policy",
])


@keras_export(["keras.Layer", "keras.layers.Layer"])
class Layer(backend.BackendLayer, Operation):
    """The base class of all layers.

    Subclasses create their state in `build(input_shape)` (or `__init__`
    when it does not depend on the input) with `add_weight`, and compute
    in `call(inputs, ...)`. `call` may take `training` (set by `fit` and
    passed on to sublayers) and `mask`.

    Args:
        activity_regularizer: a regularizer applied to the outputs; its
            value is added to `losses`.
        trainable: whether the layer's variables are trained.
        dtype: the dtype policy: a dtype name (`"float32"`), a policy
            name (`"mixed_float16"`) or a `keras.DTypePolicy`.
        autocast: whether float inputs (and, under a mixed policy,
            variables read in `call`) are cast to the compute dtype.
        name: the layer's name, unique by default.

    Example:

    >>> class Scale(keras.layers.Layer):
    ...     def build(self, input_shape):
    ...         self.scale = self.add_weight(
    ...             shape=(input_shape[-1],), initializer="ones")
    ...     def call(self, x):
    ...         return x * self.scale
    >>> Scale()(keras.ops.ones((2, 3))).shape
    (2, 3)
    """

    # Which compilers can trace this layer's `call`, per backend. Classes
    # declare it as `supports_jit = False` or a dict of the backends that
    # differ; instances read and write the `supports_jit` property.
    _default_supports_jit = dict.fromkeys(layer_helpers.BACKENDS, True)
    _init_signature = None
    # The fast path of nested eager calls (`_call_with_context`): whether
    # nothing but `call` and `training` needs doing for this layer (`None`:
    # not decided since the attributes it depends on last changed), and the
    # `(type, shape, dtype)` of the last single input known to need no
    # check or cast.
    _plain_layer = None
    _plain_input = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        declared = cls.__dict__.get("supports_jit")
        if declared is not None and not isinstance(declared, property):
            cls._default_supports_jit = layer_helpers.jit_table(
                cls._default_supports_jit, declared, cls.__name__
            )
            delattr(cls, "supports_jit")
        if "__init__" in cls.__dict__:
            cls.__init__ = layer_helpers.naming_errors(cls.__init__)
        if "build" in cls.__dict__:
            cls.build = layer_helpers.marking_built(cls.build)
        cls._call_info = layer_helpers.call_info(cls.call)
        cls._init_signature = None

    def __new__(cls, *args, **kwargs):
        instance = super().__new__(cls)
        instance._auto_config = layer_helpers.auto_config(cls, args, kwargs)
        return instance

    def __init__(
        self,
        *,
        activity_regularizer=None,
        trainable=True,
        dtype=None,
        autocast=True,
        name=None,
        **kwargs,
    ):
        self._backend_init()
        Operation.__init__(self, name=name)
        input_shape = kwargs.pop("input_shape", None)
        input_dim = kwargs.pop("input_dim", None)
        batch_size = kwargs.pop("batch_size", None)
        batch_input_shape = kwargs.pop("batch_input_shape", None)
        if kwargs:
            raise ValueError(
                "Unrecognized keyword arguments passed to "
                f"{type(self).__name__}: {kwargs}"
            )
        if input_dim is not None and input_shape is None:
            input_shape = (input_dim,)
        if input_shape is not None:
            batch_input_shape = (batch_size,) + tuple(input_shape)
        # The shape given to the first layer of a `Sequential` model.
        self._batch_input_shape = batch_input_shape
        self.built = False
        self._trainable = bool(trainable)
        self.dtype_policy = dtype_policies.get(dtype)
        self.autocast = autocast
        self.activity_regularizer = regularizers.get(activity_regularizer)
        self._input_spec = None
        # Keras applies the `RematScope` active when the layer is created.
        self._remat_mode = get_current_remat_mode()
        self._supports_masking = _overrides(self, "compute_mask")
        self._build_shapes = None
        self._input_cast = {}
        self._losses = []
        self._layers = []
        self._trainable_variables = []
        self._non_trainable_variables = []
        self._seed_generators = []
        self._metrics = []
        self._tracker = tracking.Tracker({
            "variables": (_is_variable, self._track_variable),
            "layers": (_is_layer, self._track_layer),
            "seed_generators": (_is_seed_generator, self._track_seed),
            "metrics": (_is_metric, self._track_metric),
        })

    # -- state tracking -------------------------------------------------------

    def __setattr__(self, name, value):
        tracker = self.__dict__.get("_tracker")
        if tracker is not None and name not in _UNTRACKED:
            value = tracker.track(value)
            self._track_backend_attribute(name, value)
        if name in _PLAIN_CALL_ATTRIBUTES:
            self._forget_plain_call()
        object.__setattr__(self, name, value)

    def _forget_plain_call(self):
        """Makes the next eager call take the full path and decide again
        whether the fast one applies."""
        object.__setattr__(self, "_plain_layer", None)
        object.__setattr__(self, "_plain_input", None)

    def __delattr__(self, name):
        value = self.__dict__.get(name)
        for collection in (self._layers, self._trainable_variables,
                           self._non_trainable_variables,
                           self._seed_generators):
            if any(item is value for item in collection):
                collection[:] = [i for i in collection if i is not value]
        object.__delattr__(self, name)

    def _track_variable(self, variable):
        # Seen before, possibly while it had the other trainability (a
        # weight added to a frozen layer, then assigned to an attribute).
        for collection in (self._trainable_variables,
                           self._non_trainable_variables):
            if any(v is variable for v in collection):
                return
        collection = (
            self._trainable_variables
            if variable.trainable
            else self._non_trainable_variables
        )
        collection.append(variable)
        self._track_backend_variable(variable)

    def _track_layer(self, layer):
        if not any(existing is layer for existing in self._layers):
            self._layers.append(layer)
            self._track_backend_attribute(layer.name, layer)

    def _track_metric(self, metric):
        if not any(m is metric for m in self._metrics):
            self._metrics.append(metric)

    def _track_seed(self, seed_generator):
        if not any(s is seed_generator for s in self._seed_generators):
            self._seed_generators.append(seed_generator)
            self._track_backend_variable(seed_generator.state)

    # -- weights --------------------------------------------------------------

    def add_weight(
        self,
        *args,
        shape=None,
        initializer=None,
        dtype=None,
        trainable=True,
        autocast=True,
        regularizer=None,
        constraint=None,
        aggregation="none",
        overwrite_with_gradient=False,
        name=None,
    ):
        """Creates a variable owned by this layer.

        Args:
            shape: the variable's shape (default: a scalar).
            initializer: an initializer (name, instance or callable);
                default `"glorot_uniform"` for floats, `"zeros"` otherwise.
            dtype: the variable's dtype (default: the policy's variable
                dtype).
            trainable: whether it is trained.
            autocast: whether a mixed-precision layer reads it cast to the
                compute dtype.
            regularizer: a regularizer whose value joins `losses`.
            constraint: a function applied to the variable after each
                optimizer update.
            aggregation: how replicas combine it.
            overwrite_with_gradient: whether the optimizer overwrites the
                variable with its gradient instead of applying it.
            name: the variable's name.

        Returns:
            The new `keras.Variable`.

        Example:

        >>> layer = keras.layers.Layer()
        >>> w = layer.add_weight(shape=(2, 3), initializer="zeros")
        >>> [v.shape for v in layer.weights]
        [(2, 3)]
        """
        if args:
            (shape, initializer, dtype, trainable, autocast, regularizer,
             constraint) = _positional_weight_args(
                self, args, shape, initializer, dtype, trainable, autocast,
                regularizer, constraint)
        shape = () if shape is None else shape
        dtype = backend.standardize_dtype(dtype or self.variable_dtype)
        if initializer is None:
            initializer = (
                "glorot_uniform"
                if backend.is_float_dtype(dtype)
                else "zeros"
            )
        initializer = initializers.get(initializer)
        with name_scope(self.name, caller=self):
            variable = backend.Variable(
                initializer=initializer,
                shape=shape,
                dtype=dtype,
                trainable=trainable,
                autocast=autocast,
                aggregation=aggregation,
                name=name or "variable",
            )
        variable.regularizer = regularizers.get(regularizer)
        variable.constraint = constraints.get(constraint)
        variable.overwrite_with_gradient = overwrite_with_gradient
        self._track_variable(variable)
        if not self._trainable:
            variable.trainable = False  # Until the layer is unfrozen.
        return variable

    def add_variable(
        self,
        shape,
        initializer,
        dtype=None,
        trainable=True,
        autocast=True,
        regularizer=None,
        constraint=None,
        name=None,
    ):
        """Same as `add_weight`, with `shape` and `initializer` required.

        Example:

        >>> layer = keras.layers.Layer()
        >>> v = layer.add_variable((2,), "ones")
        >>> v.shape
        (2,)
        """
        return self.add_weight(
            shape=shape, initializer=initializer, dtype=dtype,
            trainable=trainable, autocast=autocast,
            regularizer=regularizer, constraint=constraint, name=name,
        )

    @property
    def trainable(self):
        """Whether the layer's variables are trained. Setting it sets
        every sublayer too."""
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        value = bool(value)
        self._trainable = value
        for variable in self._trainable_variables:
            variable.trainable = value
        for layer in self._layers:
            layer.trainable = value

    @property
    def variables(self):
        """Every variable: weights, then seed generator states."""
        return self._collect(
            lambda layer: layer._trainable_variables
            + layer._non_trainable_variables
            + [s.state for s in layer._seed_generators]
            + [v for m in layer._metrics for v in m.variables]
        )

    @property
    def weights(self):
        """The weights (trainable first, then the others), this layer's
        own before its sublayers'."""
        return self._collect(
            lambda layer: layer._trainable_variables
            + layer._non_trainable_variables
        )

    @property
    def trainable_weights(self):
        if not self._trainable:
            return []
        return [v for v in self.weights if v.trainable]

    @property
    def non_trainable_weights(self):
        if not self._trainable:
            return self.weights
        return [v for v in self.weights if not v.trainable]

    @property
    def trainable_variables(self):
        return self.trainable_weights

    @property
    def non_trainable_variables(self):
        trainable = {id(v) for v in self.trainable_weights}
        return [v for v in self.variables if id(v) not in trainable]

    @property
    def metrics(self):
        """The metrics tracked by this layer and its sublayers."""
        metrics = list(self._metrics)
        for layer in self._layers:
            metrics.extend(layer.metrics)
        return metrics

    @property
    def metrics_variables(self):
        return [v for m in self.metrics for v in m.variables]

    def _collect(self, own_items):
        """Gathers `own_items(layer)` over this layer and its sublayers,
        depth first, each object once."""
        seen = set()
        items = []
        for layer in self._flatten_layers():
            for item in own_items(layer):
                if id(item) not in seen:
                    seen.add(id(item))
                    items.append(item)
        return items

    def quantize(self, mode=None, type_check=True, config=None):
        """Quantizes the layer's weights in place (`Dense`, `EinsumDense`
        and `Embedding` implement it; see `Model.quantize`).

        Args:
            mode: `"int8"`, `"int4"` or `"float8"`.
            type_check: kept for Keras's signature.
            config: a `keras.quantizers.QuantizationConfig`.

        Example:

        >>> layer = keras.layers.Dense(2)
        >>> layer.build((None, 3))
        >>> layer.quantize("int8")
        >>> layer.dtype_policy.name
        'int8_from_float32'
        """
        # Keras raises NotImplementedError for layers without weights to
        # quantize; `Model.quantize` skips such layers.
        raise NotImplementedError(
            f"Layer {type(self).__name__} does not have a `quantize` "
            "method implemented."
        )

    def quantized_build(self, input_shape, mode):
        """Creates the variables of a layer built from a quantized dtype
        policy; implemented by the layers that support `quantize`."""
        raise NotImplementedError(
            f"Layer {type(self).__name__} does not have a "
            "`quantized_build` method implemented."
        )

    def _flatten_layers(self, include_self=True):
        """This layer and all its sublayers, depth first, each once."""
        layers = [self] if include_self else []
        seen = {id(self)}
        stack = list(reversed(self._layers))
        while stack:
            layer = stack.pop()
            if id(layer) in seen:
                continue
            seen.add(id(layer))
            layers.append(layer)
            stack.extend(reversed(layer._layers))
        return layers

    def count_params(self):
        """Returns the number of scalars in the layer's weights.

        Example:

        >>> layer = keras.layers.Dense(3)
        >>> layer.build((None, 4))
        >>> layer.count_params()
        15
        """
        if not self.built:
            raise ValueError(
                f"You called `count_params()` on layer '{self.name}', but "
                "the layer isn't built yet. Build it first, e.g. with "
                "`layer.build(input_shape)`."
            )
        return int(sum(np.prod(v.shape) for v in self.weights))

    def get_weights(self):
        """Returns the weights' values as a list of NumPy arrays."""
        # Of the variables, not their values: arrays of variables are
        # copies on every backend (a snapshot must not follow training).
        return [backend.convert_to_numpy(v) for v in self.weights]

    def set_weights(self, weights):
        """Sets the weights from a list of arrays, in `weights` order.

        Args:
            weights: arrays with the shapes of `layer.weights`.
        """
        variables = self.weights
        if len(weights) != len(variables):
            raise ValueError(
                f"You called `set_weights(weights)` on layer '{self.name}' "
                f"with a weight list of length {len(weights)}, but the "
                f"layer was expecting {len(variables)} weights."
            )
        for variable, value in zip(variables, weights):
            shape = tuple(np.shape(value))
            if shape != tuple(variable.shape):
                raise ValueError(
                    f"Layer '{self.name}': weight {variable.path!r} has "
                    f"shape {tuple(variable.shape)}, but the value given "
                    f"has shape {shape}."
                )
        for variable, value in zip(variables, weights):
            variable.assign(value)

    def _own_variables(self):
        """This layer's own variables in saving order: weights, then seed
        generator states."""
        own = self._trainable_variables + self._non_trainable_variables
        return own + [s.state for s in self._seed_generators]

    def save_own_variables(self, store):
        """Writes this layer's own variables into `store` (a dict-like
        keyed `"0"`, `"1"`, ...). Seed generator states are not saved,
        as in Keras's files."""
        own = self._trainable_variables + self._non_trainable_variables
        for index, variable in enumerate(own):
            store[str(index)] = backend.convert_to_numpy(variable.value)

    def load_own_variables(self, store):
        """Reads this layer's own variables back from `store`."""
        own = self._trainable_variables + self._non_trainable_variables
        if len(store.keys()) != len(own):
            raise ValueError(
                f"Layer '{self.name}' expected {len(own)} variables, but "
                f"received {len(store.keys())} variables during loading. "
                f"Expected: {[v.name for v in own]}"
            )
        for index, variable in enumerate(own):
            variable._load_from(store, str(index))

    # -- dtypes ---------------------------------------------------------------

    @property
    def dtype_policy(self):
        return self._dtype_policy

    @dtype_policy.setter
    def dtype_policy(self, value):
        policy = dtype_policies.get(value)
        object.__setattr__(self, "_dtype_policy", policy)
        object.__setattr__(self, "_input_cast", {})
        # Set for mixed policies: `call` then reads variables autocast.
        object.__setattr__(
            self, "_autocast_dtype",
            policy.compute_dtype
            if policy.compute_dtype != policy.variable_dtype else None,
        )

    @property
    def dtype(self):
        """The dtype of the layer's variables."""
        return self._dtype_policy.variable_dtype

    @property
    def variable_dtype(self):
        return self._dtype_policy.variable_dtype

    @property
    def compute_dtype(self):
        """The dtype the layer computes in (and casts float inputs to)."""
        return self._dtype_policy.compute_dtype

    @property
    def input_dtype(self):
        """The dtype float inputs are cast to."""
        return self._dtype_policy.compute_dtype

    @property
    def quantization_mode(self):
        return self._dtype_policy.quantization_mode

    # -- masking, input spec, jit ---------------------------------------------

    @property
    def supports_masking(self):
        """Whether the layer passes masks on (or computes its own)."""
        return self._supports_masking

    @supports_masking.setter
    def supports_masking(self, value):
        self._supports_masking = bool(value)

    def compute_mask(self, inputs, previous_mask):
        """Returns the mask of the outputs: the input mask when the layer
        supports masking, else `None`."""
        return previous_mask if self._supports_masking else None

    @property
    def input_spec(self):
        return self._input_spec

    @input_spec.setter
    def input_spec(self, value):
        self._input_spec = value
        object.__setattr__(self, "_checked_input", None)
        self._forget_plain_call()

    @property
    def supports_jit(self):
        """`{backend: bool}`: which backends' compilers can trace `call`.

        Assign a bool to set every backend, or a dict to change some.

        Example:

        >>> layer = keras.layers.Dense(2)
        >>> layer.supports_jit = {"torch": False}
        >>> layer.supports_jit["torch"], layer.supports_jit["jax"]
        (False, True)
        """
        table = self.__dict__.get("_supports_jit")
        if table is None:
            table = dict(type(self)._default_supports_jit)
            object.__setattr__(self, "_supports_jit", table)
        return table

    @supports_jit.setter
    def supports_jit(self, value):
        table = layer_helpers.jit_table(self.supports_jit, value, self.name)
        object.__setattr__(self, "_supports_jit", table)

    @property
    def call_signature_parameters(self):
        """The names of `call`'s parameters."""
        return list(self._call_info.parameters)

    @property
    def path(self):
        """The layer's name inside the name scopes it was built in."""
        return self.__dict__.get("_path")

    # -- building -------------------------------------------------------------

    def build(self, input_shape):
        """Creates the layer's state for inputs of `input_shape`.

        Called once, before the first `call`. Subclasses that create
        variables override it; the default creates nothing.
        """
        self.built = True

    def get_build_config(self):
        """Returns the shapes the layer was built with (for saving)."""
        if self._build_shapes is None:
            return None
        if len(self._build_shapes) == 1:
            return {"input_shape": next(iter(self._build_shapes.values()))}
        return {"shapes_dict": dict(self._build_shapes)}

    def build_from_config(self, config):
        """Builds the layer from the output of `get_build_config()`."""
        if not config:
            return
        if "input_shape" in config:
            self._build_with({"input_shape": config["input_shape"]})
        elif "shapes_dict" in config:
            self._build_with(dict(config["shapes_dict"]))

    def _build_with(self, shapes):
        """Runs `build` with `shapes` (`{build argument: shape}`)."""
        if len(shapes) == 1:
            self.build(next(iter(shapes.values())))
        else:
            self.build(**shapes)
        self._build_shapes = shapes

    def _build_on_call(self, args, kwargs):
        """Builds from the shapes of the first call's arguments."""
        build_params = layer_helpers.build_parameters(type(self))
        if len(build_params) <= 1:
            first = args[0] if args else next(iter(kwargs.values()), None)
            name = (build_params or ["input_shape"])[0]
            shapes = {name: layer_helpers.shapes_of(first)}
        else:
            bound = layer_helpers.bind_call(self, args, kwargs)
            shapes = {}
            for param in build_params:
                arg = param[: -len("_shape")]
                if param.endswith("_shape") and arg in bound:
                    shapes[param] = layer_helpers.shapes_of(bound[arg])
        self._build_with(shapes)

    # -- calling --------------------------------------------------------------

    def __call__(self, *args, **kwargs):
        # The eager path of a built layer runs on every step: per-call
        # work is kept to attribute reads where the answer is fixed.
        if args and isinstance(args[0], _CONVERTIBLE):
            args = self._convert_input_arrays(args)
        if any_symbolic_tensors(args, kwargs):
            return self.symbolic_call(*args, **kwargs)
        mask = None
        if args and (self._supports_masking or self._call_info.has_mask):
            if "mask" in kwargs or isinstance(args[0], _STRUCTURES):
                mask = self._incoming_mask(args, kwargs)
            else:
                mask = backend.get_keras_mask(args[0])
        outputs, output_mask = self._call_with_context(args, kwargs, mask)
        if output_mask is not None:
            layer_helpers.attach_masks(outputs, output_mask)
        return outputs

    def _call_with_context(self, args, kwargs, mask):
        """Runs `call` eagerly with `training` resolved (explicit value,
        else the enclosing call's, else `call`'s default) and shared with
        sublayers; returns `(outputs, output_mask)`."""
        info = self._call_info
        # `global_state` presets these attributes to `None` on every
        # thread, so they read without `getattr` and its swallowed
        # `AttributeError`.
        context = _STATE.call_context
        plain_input = self._plain_input
        if (
            plain_input is not None
            and context is not None
            and len(args) == 1
            and (not kwargs or (len(kwargs) == 1 and "training" in kwargs))
        ):
            first = args[0]
            if (type(first), getattr(first, "shape", None),
                    getattr(first, "dtype", None)) == plain_input:
                # The fast path: a nested call of a plain layer (see
                # `_decide_plain_layer`) on one tensor of a shape and
                # dtype that passed the input spec and need no cast.
                # Only `training` remains to resolve and share.
                saved_training = context.training
                if info.has_training:
                    training = kwargs.get("training")
                    if training is None:
                        training = saved_training
                        if training is None:
                            training = info.training_default
                        if training is not None:
                            kwargs["training"] = training
                elif kwargs:
                    training = kwargs.pop("training")
                else:
                    training = saved_training
                output_mask = mask if self._supports_masking else None
                if training is saved_training:
                    # Sublayers inherit it as it is (the usual case).
                    return self.call(first, **kwargs), output_mask
                context.training = training
                try:
                    return self.call(first, **kwargs), output_mask
                finally:
                    context.training = saved_training
        outermost = context is None
        if outermost:
            context = _CallContext()
            _STATE.call_context = context
            if _STATE.losses_recorded:
                _STATE.losses_recorded = None
                self._clear_losses()
        saved_training = context.training
        try:
            if info.has_training:
                training = kwargs.get("training")
                if training is None:
                    training = context.training
                    if training is None:
                        training = info.training_default
                    if training is not None:
                        kwargs["training"] = training
                context.training = training
            elif "training" in kwargs:
                context.training = kwargs.pop("training")
            if info.has_mask and mask is not None and "mask" not in kwargs:
                kwargs["mask"] = mask
            if info.argument_masks:
                kwargs.update(layer_helpers.argument_masks(
                    info, args, kwargs, layer_helpers.mask_of))
            if not self.built:
                # Sublayers built during this first call nest their
                # variables' paths under this layer's name, as Keras
                # does. The call below finds `training` and the masks
                # already resolved in `kwargs`.
                with name_scope(self.name, caller=self):
                    self._build_on_call(args, kwargs)
                    # (`build` leaves it built; this keeps the call below
                    # from building again whatever a subclass did.)
                    self.built = True
                    return self._call_with_context(args, kwargs, mask)
            # The call itself, inline: it runs for every layer of every
            # eager model call, and a method call more costs ~1us here.
            if args:
                first = args[0]
                if self._input_spec is not None:
                    # Inputs of the shape and dtype last checked pass at
                    # once: the full check walks the spec (~5us).
                    shape = getattr(first, "shape", None)
                    key = (None if shape is None
                           else (tuple(shape), first.dtype))
                    if key is None or key != self.__dict__.get(
                        "_checked_input"
                    ):
                        self._check_input_spec(first, key)
                if self.autocast and (
                    len(args) != 1
                    or isinstance(first, _STRUCTURES)
                    or self._input_cast.get(getattr(first, "dtype", None),
                                            False) is not None
                ):
                    # Anything but one tensor known to need no cast (one
                    # dict lookup) goes through the full cast.
                    args = self._cast_args(args)
            if kwargs and self.autocast:
                kwargs = self._cast_kwargs(kwargs)
            if len(args) == 1 and self._plain_layer is not False:
                self._remember_plain_input(first)
            call = self.call
            if self._remat_mode is not None:
                call = self.rematerialized_call(call, *args, **kwargs)
            if self._autocast_dtype is not None and self.autocast:
                with AutocastScope(self._autocast_dtype):
                    outputs = call(*args, **kwargs)
            else:
                outputs = call(*args, **kwargs)
            output_mask = None
            if self._supports_masking and args:
                if type(self).compute_mask is Layer.compute_mask:
                    # The default `compute_mask`'s answer, without a call.
                    output_mask = kwargs.get("mask", mask)
                else:
                    output_mask = self.compute_mask(
                        args[0], kwargs.get("mask", mask)
                    )
            if self.activity_regularizer is not None:
                self._add_activity_loss(outputs)
            return outputs, output_mask
        finally:
            context.training = saved_training
            if outermost:
                _STATE.call_context = None

    def _remember_plain_input(self, first):
        """Lets later nested calls on tensors of `first`'s shape and dtype
        take the fast path, when the layer is plain and `first` (the
        argument as given, which passed the input spec) needs no cast."""
        plain = self._plain_layer
        if plain is None:
            plain = self._decide_plain_layer()
            object.__setattr__(self, "_plain_layer", plain)
        shape = getattr(first, "shape", None)
        if (
            not plain
            or shape is None
            or isinstance(first, KerasTensor)
            # Symbolic sizes of a traced call: comparing them with
            # another call's would specialize them.
            or not all(type(d) is int for d in shape)
        ):
            return
        dtype = first.dtype
        if self.autocast and self._input_cast.get(dtype, False) is not None:
            return
        # The type first: a traced tensor never matches an eager one.
        object.__setattr__(self, "_plain_input", (type(first), shape, dtype))

    def _decide_plain_layer(self):
        """Whether an eager call of this layer needs nothing but `call`
        and `training`: built, no rematerialization, no autocast scope, no
        activity regularizer, no mask arguments and the default mask
        propagation."""
        info = self._call_info
        return bool(
            self.built
            and self._remat_mode is None
            and (self._autocast_dtype is None or not self.autocast)
            and self.activity_regularizer is None
            and not info.has_mask
            and not info.argument_masks
            and (not self._supports_masking
                 or type(self).compute_mask is Layer.compute_mask)
        )

    def _add_activity_loss(self, outputs):
        # Keras scales the penalty by the batch size.
        for output in tree.flatten(outputs):
            batch_size = ops.cast(ops.shape(output)[0], output.dtype)
            self.add_loss(self.activity_regularizer(output) / batch_size)

    def _cast_args(self, args):
        """`_cast_inputs` over positional arguments."""
        if len(args) == 1:
            return (self._cast_inputs(args[0]),)
        return tuple(self._cast_inputs(a) for a in args)

    def _cast_kwargs(self, kwargs):
        for value in kwargs.values():
            # `training` and friends (None, bools) are never cast.
            if value is not None and not isinstance(value, bool):
                return {k: self._cast_inputs(v) for k, v in kwargs.items()}
        return kwargs

    def _check_input_spec(self, inputs, key):
        """Checks `inputs` against `input_spec`; remembers `key` (their
        shape and dtype) as checked."""
        assert_input_compatibility(self._input_spec, inputs, self.name)
        object.__setattr__(self, "_checked_input", key)

    def _incoming_mask(self, args, kwargs):
        """The mask attached to the first argument's tensors, if any."""
        if not args or not (self._supports_masking or
                            self._call_info.has_mask):
            return None
        if "mask" in kwargs:
            return kwargs["mask"]
        first = args[0]
        if isinstance(first, (list, tuple, dict)):
            masks = tree.map_structure(layer_helpers.mask_of, first)
            return None if all(
                m is None for m in tree.flatten(masks)
            ) else masks
        return layer_helpers.mask_of(first)

    def _convert_input_arrays(self, args):
        """Turns NumPy arrays in the first argument into tensors (floats
        in the compute dtype)."""
        if not args:
            return args
        first = args[0]
        if isinstance(first, np.ndarray):
            return (self._array_to_tensor(first),) + args[1:]
        if isinstance(first, (list, tuple, dict)) and any(
            isinstance(x, np.ndarray) for x in tree.flatten(first)
        ):
            first = tree.map_structure(
                lambda x: self._array_to_tensor(x)
                if isinstance(x, np.ndarray) else x,
                first,
            )
            return (first,) + args[1:]
        return args

    def _array_to_tensor(self, x):
        if self.autocast and np.issubdtype(x.dtype, np.floating):
            return backend.convert_to_tensor(x, dtype=self.compute_dtype)
        return backend.convert_to_tensor(x)

    def _cast_inputs(self, inputs):
        """Casts float tensors of `inputs` to the compute dtype (when
        `autocast` is on)."""
        if not self.autocast:
            return inputs
        if isinstance(inputs, (list, tuple, dict)):
            return tree.map_structure(self._cast_one, inputs)
        if inputs is None or isinstance(inputs, (bool, int, float, str)):
            return inputs
        return self._cast_one(inputs)

    def _cast_one(self, x):
        dtype = getattr(x, "dtype", None)
        if dtype is None:
            return x
        # Whether inputs of this dtype need a cast, cached per raw dtype:
        # a dict lookup is ~10x cheaper than standardizing the dtype.
        target = self._input_cast.get(dtype, False)
        if target is False:
            name = backend.standardize_dtype(dtype)
            compute = self.compute_dtype
            target = (
                compute
                if backend.is_float_dtype(name) and name != compute
                else None
            )
            self._input_cast[dtype] = target
        if target is None or not backend.is_tensor(x):
            return x
        return backend.cast(x, target)

    def call(self, *args, **kwargs):
        """The layer's computation. Subclasses implement it."""
        raise NotImplementedError(
            f"Layer {type(self).__name__} does not have a `call()` method "
            "implemented."
        )

    def symbolic_call(self, *args, **kwargs):
        """Calls the layer on `KerasTensor`s: builds it if needed, infers
        the outputs and records the call in the graph."""
        info = self._call_info
        mask = self._incoming_mask(args, kwargs)
        call_kwargs = dict(kwargs)
        if not info.has_training:
            call_kwargs.pop("training", None)
        if info.has_mask and mask is not None and "mask" not in kwargs:
            call_kwargs["mask"] = mask
        if not self.built:
            self._build_on_call(args, call_kwargs)
        if self._input_spec is not None and args:
            assert_input_compatibility(self._input_spec, args[0], self.name)
        outputs = self.compute_output_spec(*args, **call_kwargs)
        Node(self, call_args=args, call_kwargs=kwargs, outputs=outputs)
        if self._supports_masking and args:
            output_mask = self.compute_mask(args[0], mask)
            if output_mask is not None:
                layer_helpers.attach_masks(outputs, output_mask)
        return outputs

    def compute_output_spec(self, *args, **kwargs):
        """Returns the `KerasTensor`(s) `call` would return, from
        `compute_output_shape` when the layer defines it, else by tracing
        `call`."""
        if _overrides(self, "compute_output_shape"):
            shapes = tree.map_structure(
                lambda x: tuple(x.shape) if hasattr(x, "shape") else x,
                args[0] if args else next(iter(kwargs.values())),
            )
            output_shape = self.compute_output_shape(shapes)
            return layer_helpers.map_shapes(
                lambda s: KerasTensor(s, dtype=self.compute_dtype),
                output_shape,
            )
        return Operation.compute_output_spec(self, *args, **kwargs)

    def compute_output_shape(self, *args, **kwargs):
        """Returns the output shape(s) for input shape(s) `args`."""
        specs = layer_helpers.map_shapes(
            lambda s: KerasTensor(s, dtype=self.compute_dtype), args
        )
        outputs = self.compute_output_spec(*specs, **kwargs)
        return tree.map_structure(lambda x: tuple(x.shape), outputs)

    def stateless_call(
        self,
        trainable_variables,
        non_trainable_variables,
        *args,
        return_losses=False,
        **kwargs,
    ):
        """Calls the layer as a pure function of the given variable
        values, without changing the layer's variables.

        Args:
            trainable_variables: values for `layer.trainable_variables`.
            non_trainable_variables: values for
                `layer.non_trainable_variables`.
            *args: the call's arguments.
            return_losses: whether to also return the losses added.
            **kwargs: the call's keyword arguments.

        Returns:
            `(outputs, non_trainable_variables)` with the updated values,
            plus `losses` when `return_losses` is set.

        Example:

        >>> layer = keras.layers.Dense(2)
        >>> layer.build((None, 3))
        >>> kernel = keras.ops.zeros((3, 2))
        >>> y, _ = layer.stateless_call(
        ...     [kernel, layer.bias], [], keras.ops.ones((1, 3)))
        >>> keras.ops.convert_to_numpy(y).tolist()
        [[0.0, 0.0]]
        """
        self._check_state_lengths(trainable_variables,
                                  non_trainable_variables)
        mapping = list(zip(self.trainable_variables, trainable_variables))
        mapping += zip(self.non_trainable_variables, non_trainable_variables)
        with StatelessScope(
            state_mapping=mapping, collect_losses=return_losses
        ) as scope:
            outputs = self(*args, **kwargs)
            losses = list(scope.losses) if return_losses else None
        new_values = []
        for variable, value in zip(self.non_trainable_variables,
                                   non_trainable_variables):
            updated = scope.get_current_value(variable)
            new_values.append(value if updated is None else updated)
        if return_losses:
            return outputs, new_values, losses
        return outputs, new_values

    def _check_state_lengths(self, trainable, non_trainable):
        for given, expected, kind in (
            (trainable, self.trainable_variables, "trainable_variables"),
            (non_trainable, self.non_trainable_variables,
             "non_trainable_variables"),
        ):
            if len(given) != len(expected):
                raise ValueError(
                    f"Layer '{self.name}' has {len(expected)} {kind}, but "
                    f"`stateless_call` received {len(given)} values for "
                    "them."
                )

    def rematerialized_call(self, layer_call, *args, **kwargs):
        """Returns `layer_call` rematerialized (its activations recomputed
        in the backward pass) when the `keras.RematScope` active at this
        layer's creation selects the layer for the call `(args, kwargs)`,
        else `layer_call` unchanged."""
        mode = self._remat_mode
        if mode is None or mode.mode is None:
            return layer_call
        if self._layers and backend.backend() == "tensorflow":
            # `tf.recompute_grad` around a layer holding sublayers gave
            # wrong gradients inside `tf.function` (3 of 10 fits); its
            # sublayers are rematerialized one by one instead.
            return layer_call
        if mode.mode == "activations":
            return self._with_rematerialized_activation(layer_call)
        if mode.mode == "list_of_layers" and self.name not in mode.layer_names:
            return layer_call
        if (mode.mode == "larger_than"
                and self._output_size(args, kwargs)
                <= mode.output_size_threshold):
            return layer_call
        return lambda *a, **k: remat_call(layer_call, a, k)

    def _with_rematerialized_activation(self, layer_call):
        activation = getattr(self, "activation", None)
        if not callable(activation):
            return layer_call

        def call(*args, **kwargs):
            # Set without tracking: an activation holds no state.
            object.__setattr__(
                self, "activation", lambda x: remat_call(activation, (x,), {})
            )
            try:
                return layer_call(*args, **kwargs)
            finally:
                object.__setattr__(self, "activation", activation)

        return call

    def _output_size(self, args, kwargs):
        outputs = self.compute_output_spec(*args, **kwargs)
        return sum(
            math.prod(d for d in x.shape if d is not None)
            for x in tree.flatten(outputs)
        )

    # -- losses ---------------------------------------------------------------

    def add_loss(self, loss):
        """Adds a loss (a scalar tensor) computed in `call`; `fit` adds it
        to the training loss.

        Example:

        >>> layer = keras.layers.Layer()
        >>> layer.add_loss(keras.ops.convert_to_tensor(0.5))
        >>> float(layer.losses[0])
        0.5
        """
        scope = get_stateless_scope()
        if scope is not None and scope.collect_losses:
            scope.add_loss(loss)
            return
        if any_symbolic_tensors((loss,)):
            return  # Recomputed when the model runs on real tensors.
        self._losses.append(loss)
        global_state.set_global_attribute("losses_recorded", True)

    @property
    def losses(self):
        """Losses added during the last call, plus weight regularization
        losses, of this layer and its sublayers."""
        # One walk over the layers (this runs on every train step): the
        # added losses, then the regularized trainable weights' penalties
        # in `trainable_weights` order.
        losses, regularized, seen = [], [], set()
        for layer in self._flatten_layers():
            losses.extend(layer._losses)
            if not self._trainable:
                continue
            for variable in (layer._trainable_variables
                             + layer._non_trainable_variables):
                if (getattr(variable, "regularizer", None) is not None
                        and variable.trainable
                        and id(variable) not in seen):
                    seen.add(id(variable))
                    regularized.append(variable)
        losses.extend(v.regularizer(v) for v in regularized)
        return losses

    def _clear_losses(self):
        for layer in self._flatten_layers():
            layer._losses.clear()

    def add_metric(self, *args, **kwargs):
        raise RuntimeError(
            "`Layer.add_metric()` was removed in Keras 3. Pass metrics to "
            "`compile()` or track a `keras.metrics.Metric` instance as a "
            "layer attribute instead."
        )

    # -- configuration --------------------------------------------------------

    def get_config(self):
        """Returns the arguments needed to recreate the layer.

        Layers whose `__init__` takes only serializable values get the
        values they were created with automatically; others override it.
        """
        config = {
            "name": self.name,
            "trainable": self.trainable,
            "dtype": dtype_policies.serialize(self._dtype_policy),
        }
        if self.activity_regularizer is not None:
            config["activity_regularizer"] = regularizers.serialize(
                self.activity_regularizer
            )
        if type(self).get_config is not Layer.get_config:
            return config  # An override calling `super().get_config()`.
        if _overrides_init(self):
            auto = self._auto_config
            if auto is None:
                raise NotImplementedError(
                    f"Layer {type(self).__name__} was created with "
                    "arguments that cannot be serialized automatically, so "
                    "it must override `get_config()`."
                )
            return {**config, **auto}
        config["activity_regularizer"] = regularizers.serialize(
            self.activity_regularizer
        )
        config["autocast"] = self.autocast
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        if isinstance(config.get("dtype"), dict):
            config["dtype"] = dtype_policies.deserialize(config["dtype"])
        return super().from_config(config)

    def __repr__(self):
        return (
            f"<{type(self).__name__} name={self.name}, built={self.built}>"
        )

    def __str__(self):
        return self.__repr__()


_STATE = global_state._STATE
# First arguments that may hold NumPy arrays to convert.
_CONVERTIBLE = (np.ndarray, list, tuple, dict)
# Attributes that decide whether a layer's eager call can take the fast
# path; setting one makes the layer decide again.
_PLAIN_CALL_ATTRIBUTES = frozenset([
    "built", "autocast", "activity_regularizer", "dtype_policy",
    "_remat_mode", "supports_masking", "_supports_masking", "input_spec",
    "_input_spec",
])
_STRUCTURES = (list, tuple, dict)


class _CallContext:
    """State shared by the nested calls of one outermost layer call."""

    # A class default rather than an `__init__`: one Python call less on
    # every outermost call.
    training = None


def _is_variable(value):
    return isinstance(value, backend.KerasVariable)


def _is_layer(value):
    return isinstance(value, Layer)


def _is_metric(value):
    return isinstance(value, Metric)


def _is_seed_generator(value):
    return isinstance(value, SeedGenerator)


def _overrides(layer, method):
    """Whether `layer`'s class overrides `Layer.<method>`."""
    return getattr(type(layer), method) is not getattr(Layer, method)


def _positional_weight_args(layer, args, *keywords):
    """Maps `add_weight(shape, initializer, ...)` positional arguments onto
    the keyword ones (`keywords`, in order)."""
    if isinstance(args[0], str):
        raise ValueError(
            f"Layer '{layer.name}': `name` must be passed to `add_weight` "
            f"as a keyword argument. Received: add_weight({args[0]!r}, "
            f"...). Use: add_weight(shape=..., name={args[0]!r})."
        )
    if len(args) > len(keywords):
        raise TypeError(
            f"Layer '{layer.name}': `add_weight` takes at most "
            f"{len(keywords)} positional arguments, got {len(args)}."
        )
    return tuple(args) + tuple(keywords[len(args):])


def _overrides_init(layer):
    return type(layer).__init__ is not Layer.__init__


Layer._call_info = layer_helpers.call_info(Layer.call)


# -- Keras's module-level helpers ----------------------------------------------
# The argument analysis Keras's `Layer.__call__` is written around, offered
# at its path for code that inspects calls itself. `Layer.__call__` here
# uses the lighter `layer_helpers` and is unaffected.


def is_backend_tensor_or_symbolic(x, allow_none=False):
    """Returns whether `x` is a tensor of the active backend or a
    `KerasTensor` (or `None`, when `allow_none`).

    Example:

    >>> is_backend_tensor_or_symbolic(keras.Input((2,)))
    True
    >>> is_backend_tensor_or_symbolic(np.ones(2))
    False
    """
    if x is None:
        return allow_none
    return backend.is_tensor(x) or isinstance(x, KerasTensor)


def is_shape_tuple(s):
    """Returns whether `s` is a shape: a tuple or list of ints and `None`s.

    Example:

    >>> is_shape_tuple((2, None)), is_shape_tuple((2, "a"))
    (True, False)
    """
    return isinstance(s, (list, tuple)) and all(
        d is None or isinstance(d, int) for d in s
    )


def might_have_unbuilt_state(layer):
    """Returns whether any direct sublayer of `layer` is not built yet.

    Example:

    >>> might_have_unbuilt_state(keras.Sequential([keras.layers.Dense(2)]))
    True
    """
    return any(not sublayer.built for sublayer in layer._layers)


def get_arguments_dict(fn, args, kwargs):
    """Returns the arguments given to `fn` by name (defaults not filled in;
    an empty `*args` or `**kwargs` is left out).

    Example:

    >>> def fn(a, b=2, *args, c=3, **kwargs):
    ...     pass
    >>> get_arguments_dict(fn, (1,), {"c": 5})
    {'a': 1, 'c': 5}
    """
    import inspect

    bound = inspect.signature(fn).bind(*args, **kwargs)
    return dict(bound.arguments)


class CallSpec:
    """The arguments of one call of a layer's `call`, sorted by kind.

    Attributes: `user_arguments_dict` (as given), `arguments_dict` (with
    defaults), `argument_names`, `tensor_arguments_dict` and
    `tensor_arguments_names` (backend tensors and `KerasTensor`s, alone or
    in flat lists/tuples, whose names are in
    `nested_tensor_argument_names`), `first_arg`, and `eager` (no
    `KerasTensor` among the tensor arguments).

    Args:
        signature: the `inspect.Signature` of `call`.
        call_context_args: names of arguments the call context supplies
            (such as `"training"`): left out of `arguments_dict` unless
            given.
        args: the positional arguments.
        kwargs: the keyword arguments.

    Example:

    >>> import inspect
    >>> def call(x, mask=None, training=None):
    ...     pass
    >>> spec = CallSpec(inspect.signature(call), ["training"],
    ...                 (keras.Input((2,)),), {})
    >>> spec.tensor_arguments_names, spec.eager
    (['x'], False)
    """

    def __init__(self, signature, call_context_args, args, kwargs):
        call_context_args = set(call_context_args)
        bound = signature.bind(*args, **kwargs)
        self.user_arguments_dict = dict(bound.arguments)
        bound.apply_defaults()
        arguments = {}
        for name, value in bound.arguments.items():
            if name in call_context_args and name not in kwargs:
                continue
            arguments[name] = value
        self.arguments_dict = arguments
        self.argument_names = list(arguments)
        tensors, names, nested = {}, [], []
        for name, value in arguments.items():
            if is_backend_tensor_or_symbolic(value):
                tensors[name] = value
                names.append(name)
            elif (
                isinstance(value, (list, tuple))
                and value
                and all(is_backend_tensor_or_symbolic(v, True) for v in value)
                and any(v is not None for v in value)
            ):
                tensors[name] = value
                names.append(name)
                nested.append(name)
        self.tensor_arguments_dict = tensors
        self.tensor_arguments_names = names
        self.nested_tensor_argument_names = nested
        self.first_arg = arguments[next(iter(arguments))] if arguments else None
        self.eager = not any(
            isinstance(v, KerasTensor) for v in tree.flatten(tensors)
        )


def _is_mask_argument(name):
    return name == "mask" or name.endswith("_mask")


def get_shapes_dict(call_spec):
    """Returns `{"<name>_shape": shape}` for the tensor arguments of a
    `CallSpec` (masks excluded; a list of tensors gives a list of shapes):
    the keyword arguments `build` receives.

    Example:

    >>> import inspect
    >>> def call(x, mask=None):
    ...     pass
    >>> spec = CallSpec(inspect.signature(call), [],
    ...                 (keras.Input((2,)),), {})
    >>> get_shapes_dict(spec)
    {'x_shape': (None, 2)}
    """
    shapes = {}
    for name, value in call_spec.tensor_arguments_dict.items():
        if _is_mask_argument(name):
            continue
        if name in call_spec.nested_tensor_argument_names:
            shapes[f"{name}_shape"] = [
                None if v is None else backend.standardize_shape(v.shape)
                for v in value
            ]
        else:
            shapes[f"{name}_shape"] = backend.standardize_shape(value.shape)
    return shapes


def update_shapes_dict_for_target_fn(target_fn, shapes_dict, call_spec,
                                     class_name):
    """Returns the shapes of `shapes_dict` keyed by `target_fn`'s
    parameter names (`target_fn` being `build` or a method like it).

    With one parameter, it receives the first shape whatever its name;
    with several, each must be named `<call argument>_shape`.

    Args:
        target_fn: the bound method to call with the shapes.
        shapes_dict: the output of `get_shapes_dict`.
        call_spec: the `CallSpec` of the call.
        class_name: the layer's name, for error messages.

    Returns:
        A dict of keyword arguments for `target_fn`.

    Example:

    >>> import inspect
    >>> update_shapes_dict_for_target_fn(
    ...     lambda input_shape: None, {"x_shape": (1, 2)}, None, "Layer")
    {'input_shape': (1, 2)}
    """
    import inspect

    params = [
        p for p in inspect.signature(target_fn).parameters.values()
        if p.name != "self"
    ]
    if not params:
        return {}
    if len(params) == 1:
        return {params[0].name: next(iter(shapes_dict.values()), None)}
    method = getattr(target_fn, "__name__", "build")
    result = {}
    for param in params:
        name = param.name
        argument = name[: -len("_shape")]
        if not name.endswith("_shape") or (
            argument not in call_spec.argument_names
        ):
            raise ValueError(
                f"For a `{method}()` method with more than one argument, "
                "all arguments should have a `_shape` suffix and match an "
                f"argument from `call()`. E.g. `{method}(self, foo_shape, "
                f"bar_shape)`  For layer '{class_name}', received "
                f"`{method}()` argument `{name}`, but `call()` does not "
                f"have argument `{argument}`."
            )
        result[name] = shapes_dict.get(name)
    return result


class CallContext:
    """Values shared by the nested layer calls under one outermost call
    (such as `training`), held as attributes.

    Args:
        entry_layer: the outermost layer of the call.

    Example:

    >>> context = CallContext(keras.layers.Dense(2))
    >>> context.set_value("training", True)
    >>> context.get_value("training"), context.get_value("other", 0)
    (True, 0)
    """

    def __init__(self, entry_layer):
        self.entry_layer = entry_layer

    def get_value(self, arg_name, default=None):
        return getattr(self, arg_name, default)

    def set_value(self, arg_name, value):
        setattr(self, arg_name, value)
