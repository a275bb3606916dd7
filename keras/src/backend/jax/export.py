"""The JAX backend's half of `keras.export.ExportArchive`.

Tracking a layer mirrors each of its Keras variables in a `tf.Variable`
(what the SavedModel stores). An endpoint runs the user's function as a
pure JAX function of those variables' values (a `StatelessScope` maps each
Keras variable to the value passed in), converted to TensorFlow with
`jax2tf.convert` and wrapped in a `tf.function` that reads the
`tf.Variable`s. Free (`None`) axes of the signature become symbolic
dimensions of jax2tf's shape polymorphism, so the exported function takes
any batch size. The first axis of every input shares one symbol
(`batch`): inputs that are concatenated or added along it must agree.

jax2tf (JAX 0.10) serializes natively: the graph holds one `XlaCallModule`
op with the StableHLO of the function, lowered for the platforms in
`jax2tf_kwargs["native_serialization_platforms"]` (default: the platform
exporting). TensorFlow runs it anywhere XLA does; converters that read TF
graphs op by op (tf2onnx) cannot read it.

Variables a training-mode endpoint updates (BatchNormalization's moving
statistics) are assigned to their `tf.Variable`s after the call.

TensorFlow and jax2tf are imported on first use: `import keras` on JAX
stays free of TensorFlow.
"""

from keras.src import tree
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.utils.module_utils import tensorflow as tf

BATCH_SYMBOL = "batch"


class JaxExportArchive:
    """Mirrors Keras variables in `tf.Variable`s; endpoints via jax2tf."""

    def _jax_state(self):
        # (keras variables in tracking order, {id: tf.Variable}).
        if "_jax_keras_variables" not in self.__dict__:
            self._jax_keras_variables = []
            self._jax_tf_variables = {}
        return self._jax_keras_variables, self._jax_tf_variables

    def _tf_variable_for(self, variable):
        """Returns the `tf.Variable` mirroring a tracked Keras variable."""
        _, tf_variables = self._jax_state()
        if id(variable) not in tf_variables:
            raise ValueError(
                f"Variable {getattr(variable, 'path', variable)!r} belongs "
                "to no tracked layer: call `track()` on its layer first."
            )
        return tf_variables[id(variable)]

    def _track_layer(self, layer):
        keras_variables, tf_variables = self._jax_state()
        trainable_ids = {id(v) for v in layer.trainable_variables}
        for variable in layer.variables:
            if id(variable) in tf_variables:
                continue
            tf_variable = tf.Variable(
                variable.numpy(),
                dtype=variable.dtype,
                trainable=id(variable) in trainable_ids,
                name=variable.name,
            )
            keras_variables.append(variable)
            tf_variables[id(variable)] = tf_variable
            self._add_tf_variable(tf_variable, id(variable) in trainable_ids)

    def add_endpoint(self, name, fn, input_signature=None, **kwargs):
        from jax.experimental import jax2tf

        jax2tf_kwargs = dict(kwargs.pop("jax2tf_kwargs", None) or {})
        is_static = kwargs.pop("is_static", False)
        if kwargs:
            raise TypeError(
                f"Endpoint '{name}': unexpected keyword arguments "
                f"{sorted(kwargs)} for the jax backend (it accepts "
                "`jax2tf_kwargs` and `is_static`)."
            )
        keras_variables, tf_variables = self._jax_state()
        keras_variables = list(keras_variables)
        tf_vars = [tf_variables[id(v)] for v in keras_variables]
        updated = []

        def stateless_fn(values, *args):
            mapping = list(zip(keras_variables, values))
            with StatelessScope(state_mapping=mapping) as scope:
                outputs = fn(*args)
            new_values = []
            updated.clear()
            for i, (variable, value) in enumerate(mapping):
                current = scope.get_current_value(variable)
                if current is not None and current is not value:
                    updated.append(i)
                    new_values.append(current)
            return outputs, new_values

        if "polymorphic_shapes" not in jax2tf_kwargs and not is_static:
            jax2tf_kwargs["polymorphic_shapes"] = [None] + [
                _polymorphic_shapes(arg, i)
                for i, arg in enumerate(input_signature)
            ]
        jax2tf_kwargs.setdefault("with_gradient", False)
        converted = jax2tf.convert(stateless_fn, **jax2tf_kwargs)

        def endpoint(*args):
            values = [v.read_value() for v in tf_vars]
            outputs, new_values = converted(values, *args)
            for i, value in zip(updated, new_values):
                tf_vars[i].assign(value)
            return outputs

        return tf.function(
            endpoint, input_signature=input_signature, autograph=False
        )


def _polymorphic_shapes(arg_spec, arg_index):
    """jax2tf shape strings for one argument's spec structure: the first
    axis is `batch`, other free axes get their own symbol."""
    counter = [0]

    def one(spec):
        dims = []
        for axis, size in enumerate(spec.shape.as_list()):
            if size is not None:
                dims.append(str(size))
            elif axis == 0:
                dims.append(BATCH_SYMBOL)
            else:
                counter[0] += 1
                dims.append(f"d{arg_index}_{counter[0]}")
        if len(dims) == 1:
            return f"({dims[0]},)"
        return "(" + ", ".join(dims) + ")"

    return tree.map_structure(one, arg_spec)


# -- ONNX: the jaxpr written with TensorFlow ops -----------------------------
#
# jax2tf now only serializes natively (one `XlaCallModule` op), which
# tf2onnx cannot read. For ONNX the model's jaxpr (traced with a symbolic
# batch size) is evaluated equation by equation with TensorFlow ops inside
# a `tf.function`, and tf2onnx converts that. Each primitive is one small
# rule below; a primitive without a rule raises a ValueError naming it.


def export_onnx(model, filepath, input_signature, opset_version=None,
                **kwargs):
    """Writes `model`'s inference call as ONNX (see the note above).

    Args:
        model: a built Keras model.
        filepath: the `.onnx` file to write.
        input_signature: one (nested) spec per positional argument of the
            model's call.
        opset_version: the ONNX opset (default: tf2onnx's).
        **kwargs: unused options of other backends (`jax2tf_kwargs`,
            `is_static`).
    """
    from keras.src.utils.module_utils import tf2onnx

    fn, _ = graph_function(model, input_signature, **kwargs)
    tf2onnx.convert.from_function(
        fn, input_signature=fn.input_signature, opset=opset_version,
        output_path=str(filepath),
    )


def graph_function(model, input_signature, **kwargs):
    """Returns `model`'s inference call as a `tf.function` made of
    ordinary TensorFlow ops (no `XlaCallModule`), for converters that read
    graphs op by op (tf2onnx, the LiteRT converter).

    Args:
        model: a built Keras model.
        input_signature: one (nested) spec per positional argument.
        **kwargs: unused options of other backends (`jax2tf_kwargs`,
            `is_static`).

    Returns:
        `(fn, tf_variables)`: the `tf.function` (with its input
        signature) and the `tf.Variable`s it reads.
    """
    import jax
    from jax import export as jax_export

    from keras.src.export import export_utils

    for key in ("jax2tf_kwargs", "is_static"):
        kwargs.pop(key, None)
    if kwargs:
        raise TypeError(
            f"Unexpected keyword arguments {sorted(kwargs)} for this export "
            "on the jax backend."
        )
    signature = export_utils.normalize_signature(input_signature)
    variables = list(model.variables)
    tf_variables = [
        tf.Variable(v.numpy(), dtype=v.dtype, name=v.name) for v in variables
    ]
    symbols = {}
    scope = jax_export.SymbolicScope()

    def struct(spec, arg_index):
        dims = []
        for axis, size in enumerate(spec.shape.as_list()):
            if size is None:
                name = BATCH_SYMBOL if axis == 0 else f"d{arg_index}_{axis}"
                if name not in symbols:
                    (symbols[name],) = jax_export.symbolic_shape(
                        name, scope=scope
                    )
                size = symbols[name]
            dims.append(size)
        return jax.ShapeDtypeStruct(tuple(dims), spec.dtype.as_numpy_dtype)

    arg_structs = [
        tree.map_structure(lambda s, i=i: struct(s, i), arg)
        for i, arg in enumerate(signature)
    ]

    def pure(values, *args):
        mapping = list(zip(variables, values))
        with StatelessScope(state_mapping=mapping):
            return model(*args, training=False)

    closed = jax.make_jaxpr(pure, return_shape=True)
    closed, out_shape = closed([v.value for v in variables], *arg_structs)

    def serve(*args):
        flat_args = tree.flatten(args)
        flat_structs = tree.flatten(arg_structs)
        dim_env = {}
        for x, st in zip(flat_args, flat_structs):
            for axis, size in enumerate(st.shape):
                if not isinstance(size, int):
                    dim_env.setdefault(str(size), tf.shape(x)[axis])
        values = [v.read_value() for v in tf_variables]
        outputs = _eval_jaxpr(
            closed.jaxpr, closed.consts, values + flat_args, dim_env
        )
        return tree.pack_sequence_as(out_shape, outputs)

    fn = tf.function(serve, input_signature=signature, autograph=False)
    return fn, tf_variables


def _dim(d, env):
    if isinstance(d, int):
        return d
    return d._evaluate(env)


def _shape(shape, env):
    dims = [_dim(d, env) for d in shape]
    if all(isinstance(d, int) for d in dims):
        return dims
    return tf.stack([tf.cast(d, tf.int32) for d in dims])


def _eval_jaxpr(jaxpr, consts, args, env):
    values = {}

    def read(v):
        if hasattr(v, "val"):  # a Literal
            return tf.constant(v.val, dtype=_tf_dtype(v.aval.dtype))
        return values[v]

    for var, c in zip(jaxpr.constvars, consts):
        values[var] = tf.constant(c)
    for var, a in zip(jaxpr.invars, args):
        values[var] = a
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        rule = _RULES.get(name)
        if rule is None:
            raise ValueError(
                "Export to ONNX, LiteRT or OpenVINO on the jax backend: the "
                f"JAX primitive '{name}' has no TensorFlow rule. Export this "
                "model from the tensorflow or torch backend instead (or to "
                "a SavedModel, which runs any JAX function)."
            )
        out = rule([read(v) for v in eqn.invars], eqn, env)
        if eqn.primitive.multiple_results:
            for var, o in zip(eqn.outvars, out):
                values[var] = o
        else:
            values[eqn.outvars[0]] = out
    return [read(v) for v in jaxpr.outvars]


def _tf_dtype(dtype):
    return tf.as_dtype(dtype)


def _sub_jaxpr(key):
    def rule(args, eqn, env):
        closed = eqn.params[key]
        return _eval_jaxpr(closed.jaxpr, closed.consts, args, env)

    return rule


def _unary(fn):
    return lambda args, eqn, env: fn(args[0])


def _binary(fn):
    return lambda args, eqn, env: fn(args[0], args[1])


def _broadcast_in_dim(args, eqn, env):
    x = args[0]
    shape = eqn.params["shape"]
    dims = eqn.params["broadcast_dimensions"]
    target = [1] * len(shape)
    x_shape = tf.shape(x)
    for i, d in enumerate(dims):
        target[d] = x_shape[i]
    x = tf.reshape(x, tf.stack([tf.cast(t, tf.int32) for t in target]))
    return tf.broadcast_to(x, _shape(shape, env))


def _dot_general(args, eqn, env):
    lhs, rhs = args
    (lc, rc), (lb, rb) = eqn.params["dimension_numbers"]
    letters = iter("abcdefghijklmnopqrstuvwxyz")
    lhs_sub = [next(letters) for _ in range(len(lhs.shape))]
    rhs_sub = [next(letters) for _ in range(len(rhs.shape))]
    for i, j in zip(lc, rc):
        rhs_sub[j] = lhs_sub[i]
    for i, j in zip(lb, rb):
        rhs_sub[j] = lhs_sub[i]
    out = [lhs_sub[i] for i in lb]
    out += [s for i, s in enumerate(lhs_sub) if i not in lc and i not in lb]
    out += [s for i, s in enumerate(rhs_sub) if i not in rc and i not in rb]
    spec = f"{''.join(lhs_sub)},{''.join(rhs_sub)}->{''.join(out)}"
    result = tf.einsum(spec, lhs, rhs)
    wanted = eqn.params.get("preferred_element_type")
    if wanted is not None and _tf_dtype(wanted) != result.dtype:
        result = tf.cast(result, _tf_dtype(wanted))
    return result


def _reduce(fn):
    return lambda args, eqn, env: fn(args[0], axis=list(eqn.params["axes"]))


def _select_n(args, eqn, env):
    pred, *cases = args
    if len(cases) == 1:
        return cases[0]
    if len(cases) != 2:
        raise ValueError("Export (jax): select_n of more than 2 cases.")
    return tf.where(tf.cast(pred, tf.bool), cases[1], cases[0])


def _pad_nd(x, padding, value):
    pads = [(lo, hi) for lo, hi in padding]
    if any(p for pair in pads for p in pair):
        x = tf.pad(x, pads, constant_values=value)
    return x


def _reduce_window(kind):
    def rule(args, eqn, env):
        p = eqn.params
        if any(d != 1 for d in p["base_dilation"] + p["window_dilation"]):
            raise ValueError("Export (jax): dilated pooling.")
        x = args[0]
        low = x.dtype.min if kind == "max" else 0
        x = _pad_nd(x, p["padding"], low)
        window, strides = list(p["window_dimensions"]), list(
            p["window_strides"])
        if kind == "max":
            return tf.nn.max_pool(x, window, strides, "VALID")
        size = 1
        for w in window:
            size *= w
        return tf.nn.avg_pool(x, window, strides, "VALID") * size

    return rule


def _conv(args, eqn, env):
    lhs, rhs = args
    p = eqn.params
    if p["feature_group_count"] != 1 or p["batch_group_count"] != 1:
        raise ValueError("Export (jax): grouped convolutions.")
    if any(d != 1 for d in p["lhs_dilation"]):
        raise ValueError("Export (jax): transposed convolutions.")
    lhs_spec, rhs_spec, out_spec = p["dimension_numbers"]
    x = tf.transpose(lhs, [lhs_spec[0], *lhs_spec[2:], lhs_spec[1]])
    w = tf.transpose(rhs, [*rhs_spec[2:], rhs_spec[1], rhs_spec[0]])
    x = _pad_nd(x, [(0, 0), *p["padding"], (0, 0)], 0)
    y = tf.nn.convolution(
        x, w, strides=list(p["window_strides"]), padding="VALID",
        dilations=list(p["rhs_dilation"]),
    )
    # y is (batch, spatial..., features); place them as out_spec says.
    order = [out_spec[0], *out_spec[2:], out_spec[1]]
    inverse = [order.index(i) for i in range(len(order))]
    return tf.transpose(y, inverse)


def _gather(args, eqn, env):
    operand, indices = args
    dn = eqn.params["dimension_numbers"]
    sizes = eqn.params["slice_sizes"]
    rank = len(operand.shape)
    if (
        tuple(dn.start_index_map) == (0,)
        and tuple(dn.collapsed_slice_dims) == (0,)
        and tuple(sizes[1:]) == tuple(operand.shape[1:])
        and tuple(dn.offset_dims)
        == tuple(range(len(indices.shape) - 1, len(indices.shape) + rank - 2))
    ):
        return tf.gather(operand, indices[..., 0], axis=0)
    raise ValueError(
        "Export (jax): only row gathers (`take` along axis 0) are "
        f"supported. Received dimension numbers {dn}."
    )


def _integer_pow(args, eqn, env):
    return tf.pow(args[0], tf.cast(eqn.params["y"], args[0].dtype))


def _tf_fn(name):
    # Looked up at call time: TensorFlow stays unimported until export.
    def fn(*args, **kwargs):
        target = tf.initialize()
        for part in name.split("."):
            target = getattr(target, part)
        return target(*args, **kwargs)

    return fn


_RULES = {
    "add": _binary(_tf_fn("math.add")),
    "add_any": _binary(_tf_fn("math.add")),
    "sub": _binary(_tf_fn("math.subtract")),
    "mul": _binary(_tf_fn("math.multiply")),
    "div": _binary(_tf_fn("math.truediv")),
    "max": _binary(_tf_fn("math.maximum")),
    "min": _binary(_tf_fn("math.minimum")),
    "pow": _binary(_tf_fn("math.pow")),
    "lt": _binary(_tf_fn("math.less")),
    "le": _binary(_tf_fn("math.less_equal")),
    "gt": _binary(_tf_fn("math.greater")),
    "ge": _binary(_tf_fn("math.greater_equal")),
    "eq": _binary(_tf_fn("math.equal")),
    "ne": _binary(_tf_fn("math.not_equal")),
    "and": _binary(_tf_fn("math.logical_and")),
    "or": _binary(_tf_fn("math.logical_or")),
    "not": _unary(_tf_fn("math.logical_not")),
    "neg": _unary(_tf_fn("math.negative")),
    "abs": _unary(_tf_fn("math.abs")),
    "sign": _unary(_tf_fn("math.sign")),
    "exp": _unary(_tf_fn("math.exp")),
    "log": _unary(_tf_fn("math.log")),
    "log1p": _unary(_tf_fn("math.log1p")),
    "tanh": _unary(_tf_fn("math.tanh")),
    "logistic": _unary(_tf_fn("math.sigmoid")),
    "sqrt": _unary(_tf_fn("math.sqrt")),
    "rsqrt": _unary(_tf_fn("math.rsqrt")),
    "square": _unary(_tf_fn("math.square")),
    "erf": _unary(_tf_fn("math.erf")),
    "floor": _unary(_tf_fn("math.floor")),
    "ceil": _unary(_tf_fn("math.ceil")),
    "stop_gradient": _unary(_tf_fn("stop_gradient")),
    "copy": _unary(_tf_fn("identity")),
    "copy_p": _unary(_tf_fn("identity")),
    "integer_pow": _integer_pow,
    "convert_element_type": lambda args, eqn, env: _tf_fn("cast")(
        args[0], _tf_dtype(eqn.params["new_dtype"])
    ),
    "broadcast_in_dim": _broadcast_in_dim,
    "reshape": lambda args, eqn, env: _tf_fn("reshape")(
        args[0], _shape(eqn.params["new_sizes"], env)
    ),
    "transpose": lambda args, eqn, env: _tf_fn("transpose")(
        args[0], list(eqn.params["permutation"])
    ),
    "squeeze": lambda args, eqn, env: _tf_fn("squeeze")(
        args[0], axis=list(eqn.params["dimensions"])
    ),
    "concatenate": lambda args, eqn, env: _tf_fn("concat")(
        list(args), axis=eqn.params["dimension"]
    ),
    "clamp": lambda args, eqn, env: _tf_fn("clip_by_value")(
        args[1], args[0], args[2]
    ),
    "dim_as_value": lambda args, eqn, env: _tf_fn("cast")(
        _dim(eqn.params["dim"], env),
        _tf_dtype(eqn.outvars[0].aval.dtype),
    ),
    "dot_general": _dot_general,
    "reduce_sum": _reduce(_tf_fn("math.reduce_sum")),
    "reduce_max": _reduce(_tf_fn("math.reduce_max")),
    "reduce_min": _reduce(_tf_fn("math.reduce_min")),
    "reduce_prod": _reduce(_tf_fn("math.reduce_prod")),
    "argmax": lambda args, eqn, env: _tf_fn("math.argmax")(
        args[0], axis=eqn.params["axes"][0],
        output_type=_tf_dtype(eqn.params["index_dtype"]),
    ),
    "select_n": _select_n,
    "reduce_window_max": _reduce_window("max"),
    "reduce_window_sum": _reduce_window("sum"),
    "conv_general_dilated": _conv,
    "gather": _gather,
    "pjit": _sub_jaxpr("jaxpr"),
    "jit": _sub_jaxpr("jaxpr"),
    "custom_jvp_call": _sub_jaxpr("call_jaxpr"),
    "custom_vjp_call": _sub_jaxpr("call_jaxpr"),
}
