"""Parity scenarios of `keras.saving`, `keras.models`,
`keras.dtype_policies`, `keras.mixed_precision` and `keras.quantizers`.

Models are tiny, with weights set from fixed NumPy arrays, so predictions
after a save/load round trip compare as values; files go to a temporary
directory whose path never enters a result.
"""

import contextlib
import io
import os
import tempfile

import numpy as np

import keras
from parity_scenarios import add

L = keras.layers
saving = keras.saving
_X = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]], "float32")


def _set_weights(model):
    for layer in model.layers:
        weights = layer.get_weights()
        layer.set_weights([
            np.linspace(-1.0, 1.0, w.size).reshape(w.shape).astype(w.dtype)
            for w in weights
        ])
    return model


def _sequential(name="seq"):
    model = keras.Sequential([
        keras.Input((3,)), L.Dense(4, activation="relu", name="d1"),
        L.Dense(2, name="d2"),
    ], name=name)
    return _set_weights(model)


def _functional(name="func"):
    inputs = keras.Input((3,), name="x")
    hidden = L.Dense(4, activation="tanh", name="h")(inputs)
    outputs = L.Dense(2, name="out")(L.Concatenate(name="cat")(
        [hidden, inputs]))
    return _set_weights(keras.Model(inputs, outputs, name=name))


def _predict(model):
    return keras.ops.convert_to_numpy(model(_X))


@keras.saving.register_keras_serializable(package="Parity")
class ScaleLayer(L.Layer):
    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def call(self, x):
        return x * self.factor

    def get_config(self):
        return {**super().get_config(), "factor": self.factor}


class Unregistered(L.Layer):
    def call(self, x):
        return x


@keras.saving.register_keras_serializable(package="Parity",
                                          name="triple_fn")
def triple(x):
    return x * 3


def _in_tmp(fn):
    with tempfile.TemporaryDirectory() as tmp:
        return fn(tmp)


# ---------------------------------------------------------------------------
# keras.saving: round trips

def _round_trip(make, ext=".keras", compile_model=False):
    def body(tmp):
        model = make()
        if compile_model:
            model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse",
                          metrics=["mae"])
        path = os.path.join(tmp, "model" + ext)
        model.save(path)
        loaded = saving.load_model(path)
        out = [type(loaded).__name__, loaded.name, _predict(loaded),
               [layer.name for layer in loaded.layers]]
        if compile_model:
            out.append(loaded.get_compile_config())
            out.append(type(loaded.optimizer).__name__)
        return out
    return _in_tmp(body)


add("saving.round_trip.sequential", lambda: _round_trip(_sequential))
add("saving.round_trip.functional", lambda: _round_trip(_functional))
add("saving.round_trip.compiled", lambda: _round_trip(
    _sequential, compile_model=True))
add("saving.round_trip.custom_layer", lambda: _round_trip(
    lambda: keras.Sequential([keras.Input((3,)), ScaleLayer(3.0,
                                                            name="sc")])))
add("saving.round_trip.lambda_fn", lambda: _round_trip(
    lambda: keras.Sequential([keras.Input((3,)), L.Activation(triple)])))


def _save_model_fn(tmp):
    path = os.path.join(tmp, "m.keras")
    keras.models.save_model(_functional(), path)
    loaded = keras.models.load_model(path, compile=False)
    return [_predict(loaded), loaded.get_config()["name"]]


add("models.save_model.load_model", lambda: _in_tmp(_save_model_fn))


def _weights_round_trip(tmp):
    path = os.path.join(tmp, "w.weights.h5")
    _functional().save_weights(path)
    fresh = _functional()
    for layer in fresh.layers:
        layer.set_weights([np.zeros_like(w) for w in layer.get_weights()])
    fresh.load_weights(path)
    return _predict(fresh)


add("saving.save_weights.load_weights", lambda: _in_tmp(_weights_round_trip))


def _saving_weights_fns(tmp):
    path = os.path.join(tmp, "w.weights.h5")
    saving.save_weights(_sequential(), path)
    fresh = _sequential()
    fresh.layers[0].set_weights([np.zeros((3, 4)), np.zeros(4)])
    saving.load_weights(fresh, path)
    return _predict(fresh)


add("saving.save_weights[function]", lambda: _in_tmp(_saving_weights_fns))
add("saving.save_weights.bad_extension.bad_input", lambda: _in_tmp(
    lambda tmp: _sequential().save_weights(os.path.join(tmp, "w.h5"))))
add("saving.save.bad_extension.bad_input", lambda: _in_tmp(
    lambda tmp: _sequential().save(os.path.join(tmp, "model.pb"))))
add("saving.load_model.missing.bad_input", lambda: saving.load_model(
    "/nonexistent_parity_dir/model.keras"))
add("saving.load_model.bad_extension.bad_input", lambda: _in_tmp(
    lambda tmp: saving.load_model(os.path.join(tmp, "model.txt"))))
add("saving.load_weights.bad_extension.bad_input", lambda: _in_tmp(
    lambda tmp: _sequential().load_weights(os.path.join(tmp, "w.txt"))))


def _load_mismatch(tmp):
    path = os.path.join(tmp, "w.weights.h5")
    _sequential().save_weights(path)
    other = keras.Sequential([keras.Input((3,)), L.Dense(5)])
    other.load_weights(path)


add("saving.load_weights.mismatch.bad_input", lambda: _in_tmp(
    _load_mismatch))


def _unregistered(tmp):
    path = os.path.join(tmp, "m.keras")
    keras.Sequential([keras.Input((3,)), Unregistered()]).save(path)
    return saving.load_model(path)


add("saving.load_model.unregistered.bad_input", lambda: _in_tmp(
    _unregistered))


def _with_scope(tmp):
    path = os.path.join(tmp, "m.keras")
    keras.Sequential([keras.Input((3,)), Unregistered(name="u")]).save(path)
    with saving.custom_object_scope({"Unregistered": Unregistered}):
        loaded = saving.load_model(path)
    return [layer.name for layer in loaded.layers]


add("saving.custom_object_scope.load", lambda: _in_tmp(_with_scope))


def _file_editor(tmp):
    path = os.path.join(tmp, "m.keras")
    _sequential().save(path)
    editor = saving.KerasFileEditor(path)
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        editor.summary()
    text = buffer.getvalue()
    weights = editor.weights_dict
    return [sorted(weights), "d1" in text,
            {k: sorted(v) for k, v in weights.items()
             if isinstance(v, dict)}]


add("saving.KerasFileEditor", lambda: _in_tmp(_file_editor))
add("saving.KerasFileEditor.bad_extension.bad_input", lambda: _in_tmp(
    lambda tmp: saving.KerasFileEditor(os.path.join(tmp, "m.txt"))))


# ---------------------------------------------------------------------------
# keras.saving: object (de)serialization and registration

_OBJECTS = {
    "dense": lambda: L.Dense(2, name="dd"),
    "optimizer": lambda: keras.optimizers.SGD(0.5, momentum=0.1),
    "loss": lambda: keras.losses.MeanSquaredError(),
    "metric": lambda: keras.metrics.Mean(name="avg"),
    "initializer": lambda: keras.initializers.Constant(0.5),
    "regularizer": lambda: keras.regularizers.L2(0.1),
    "constraint": lambda: keras.constraints.MaxNorm(2.0),
    "activation_fn": lambda: keras.activations.relu,
    "custom_layer": lambda: ScaleLayer(1.5, name="sc"),
    "custom_fn": lambda: triple,
    "schedule": lambda: keras.optimizers.schedules.ExponentialDecay(
        0.1, 10, 0.5),
    "dtype_policy": lambda: keras.dtype_policies.DTypePolicy(
        "mixed_float16"),
    "tuple": lambda: (1, 2),
    "dict": lambda: {"a": 1, "b": [2, 3]},
    "ndarray": lambda: np.arange(3, dtype="float32"),
    "string": lambda: "relu",
    "none": lambda: None,
}


def _deserialized(obj):
    if isinstance(obj, (str, int, float, type(None))):
        return obj
    if isinstance(obj, (list, tuple, dict, np.ndarray)):
        return obj
    if callable(obj) and not hasattr(obj, "get_config"):
        return getattr(obj, "__name__", type(obj).__name__)
    return [type(obj).__name__, obj.get_config()]


for _name, _make in _OBJECTS.items():
    add(f"saving.serialize_keras_object[{_name}]",
        lambda make=_make: saving.serialize_keras_object(make()))
    add(f"saving.deserialize_keras_object[{_name}]",
        lambda make=_make: _deserialized(saving.deserialize_keras_object(
            saving.serialize_keras_object(make()))))
add("saving.deserialize_keras_object.unknown.bad_input",
    lambda: saving.deserialize_keras_object(
        {"class_name": "NoSuchLayer", "config": {}, "module": None}))
add("saving.deserialize_keras_object.bad_type.bad_input",
    lambda: saving.deserialize_keras_object(3.5))
add("saving.deserialize_keras_object[module_string]",
    lambda: _deserialized(saving.deserialize_keras_object(
        {"module": "keras.layers", "class_name": "Dense",
         "config": {"units": 3, "name": "d3"}, "registered_name": None})))
add("utils.serialize_keras_object", lambda: keras.utils
    .serialize_keras_object(keras.initializers.Zeros()))
add("utils.deserialize_keras_object", lambda: type(
    keras.utils.deserialize_keras_object(
        {"class_name": "Ones", "config": {}, "module":
         "keras.initializers", "registered_name": None})).__name__)

add("saving.get_registered_name", lambda: [
    saving.get_registered_name(ScaleLayer),
    saving.get_registered_name(triple),
    saving.get_registered_name(L.Dense),
    saving.get_registered_name(Unregistered)])
add("saving.get_registered_object", lambda: [
    saving.get_registered_object("Parity>ScaleLayer") is ScaleLayer,
    saving.get_registered_object("Parity>triple_fn") is triple,
    saving.get_registered_object("Nope>Nothing")])
add("saving.get_custom_objects", lambda: sorted(
    k for k in saving.get_custom_objects() if k.startswith("Parity>")))
add("utils.get_registered_name", lambda: keras.utils.get_registered_name(
    ScaleLayer))


def _register_twice():
    @keras.saving.register_keras_serializable(package="ParityTwice")
    class Twice(L.Layer):
        pass

    @keras.saving.register_keras_serializable(package="ParityTwice")
    class Twice(L.Layer):  # noqa: F811
        pass

    return saving.get_registered_name(Twice)


add("saving.register_keras_serializable.twice", _register_twice)
add("saving.register_keras_serializable.no_config.bad_input", lambda:
    keras.saving.register_keras_serializable(package="ParityBad")(object))
add("saving.register_keras_serializable.bad_package.bad_input", lambda:
    keras.saving.register_keras_serializable(package="a>b")(triple))


def _scope_objects():
    with saving.CustomObjectScope({"MyThing": Unregistered}) as scope:
        inside = "MyThing" in saving.get_custom_objects() or (
            saving.get_registered_object("MyThing") is Unregistered)
    after = saving.get_registered_object("MyThing")
    return [inside, after, type(scope).__name__]


add("saving.CustomObjectScope", _scope_objects)


# ---------------------------------------------------------------------------
# keras.models

def _summary(model, **kwargs):
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        model.summary(**kwargs)
    lines = buffer.getvalue().splitlines()
    return [line for line in lines
            if "params" in line.lower() or "(" in line and ")" in line]


def _param_counts(model):
    return [model.count_params(), len(model.weights),
            len(model.trainable_weights), len(model.non_trainable_weights)]


add("models.Sequential.summary.params", lambda: [
    line.split(":")[-1].strip() for line in _summary(_sequential())
    if "params:" in line])
add("models.Model.summary.params", lambda: [
    line.split(":")[-1].strip() for line in _summary(_functional())
    if "params:" in line])
add("models.Sequential.counts", lambda: _param_counts(_sequential()))
add("models.Model.counts", lambda: _param_counts(_functional()))
add("models.Sequential.predict", lambda: _sequential().predict(
    _X, verbose=0))
add("models.Model.predict", lambda: _functional().predict(_X, verbose=0))
add("models.Sequential.config", lambda: _sequential().get_config())
add("models.Model.config", lambda: _functional().get_config())
add("models.Sequential.from_config", lambda: _predict(_set_weights(
    keras.Sequential.from_config(_sequential().get_config()))))
add("models.Model.from_config", lambda: _predict(_set_weights(
    keras.Model.from_config(_functional().get_config()))))
add("models.model_from_json", lambda: _predict(_set_weights(
    keras.models.model_from_json(_functional().to_json()))))
add("models.model_from_json.sequential", lambda: [
    layer.name for layer in keras.models.model_from_json(
        _sequential().to_json()).layers])
add("models.model_from_json.bad_input", lambda: keras.models
    .model_from_json("{not json"))
add("models.clone_model", lambda: _predict(_set_weights(
    keras.models.clone_model(_functional()))))
add("models.clone_model.sequential_names", lambda: [
    layer.name for layer in keras.models.clone_model(_sequential()).layers])
add("models.clone_model.clone_function", lambda: [
    type(layer).__name__ for layer in keras.models.clone_model(
        _sequential(), clone_function=lambda layer: L.Dense(
            layer.units, name="c_" + layer.name)).layers])
add("models.clone_model.input_tensors", lambda: keras.models.clone_model(
    _functional(), input_tensors=keras.Input((3,), name="new_in"))
    .inputs[0].shape)
add("models.clone_model.subclass.bad_input", lambda: keras.models
    .clone_model(Subclassed()))
add("models.clone_model.not_a_model.bad_input", lambda: keras.models
    .clone_model(L.Dense(2)))
add("models.Sequential.get_layer[name]", lambda: _sequential()
    .get_layer("d2").units)
add("models.Sequential.get_layer[index]", lambda: _sequential()
    .get_layer(index=0).name)
add("models.Sequential.get_layer.missing.bad_input", lambda: _sequential()
    .get_layer("nope"))
add("models.Sequential.get_layer.index_range.bad_input",
    lambda: _sequential().get_layer(index=9))
add("models.Sequential.get_layer.nothing.bad_input",
    lambda: _sequential().get_layer())
add("models.Model.get_layer.both.bad_input",
    lambda: _functional().get_layer("h", index=1))
add("models.Sequential.pop", lambda: _pop())
add("models.Sequential.add.bad_input", lambda: keras.Sequential().add(3))
add("models.Sequential.add.duplicate_name.bad_input", lambda: keras
    .Sequential([L.Dense(2, name="same"), L.Dense(2, name="same")]))
add("models.Sequential.unbuilt", lambda: [
    keras.Sequential([L.Dense(2)]).built,
    len(keras.Sequential([L.Dense(2)]).weights)])
add("models.Sequential.build", lambda: _built_shapes())
add("models.Model.inputs_outputs", lambda: [
    [t.shape for t in _functional().inputs],
    [t.shape for t in _functional().outputs], _functional().input_shape,
    _functional().output_shape])
add("models.Model.dict_inputs", lambda: _dict_model())
add("models.Model.disconnected.bad_input", lambda: keras.Model(
    keras.Input((2,)), L.Dense(1)(keras.Input((3,)))))
add("models.Model.layers_names", lambda: [
    layer.name for layer in _functional().layers])
add("models.Model.subclass", lambda: [
    _predict(_set_weights(_built(Subclassed()))).shape,
    Subclassed().name.startswith("subclassed")])


class Subclassed(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = L.Dense(2, name="inner")

    def call(self, x):
        return self.dense(x)


def _built(model):
    model(_X)
    return model


def _pop():
    model = _sequential()
    model.pop()
    return [[layer.name for layer in model.layers], _predict(model)]


def _built_shapes():
    model = keras.Sequential([L.Dense(2, name="a"), L.Dense(3, name="b")])
    model.build((None, 4))
    return [model.built, [tuple(w.shape) for w in model.weights]]


def _dict_model():
    a = keras.Input((2,), name="a")
    b = keras.Input((1,), name="b")
    model = keras.Model({"a": a, "b": b},
                        L.Concatenate()([a, b]))
    out = model({"a": np.ones((1, 2)), "b": np.zeros((1, 1))})
    return [keras.ops.convert_to_numpy(out), sorted(model.input_names)
            if hasattr(model, "input_names") else None]


# ---------------------------------------------------------------------------
# keras.dtype_policies and keras.mixed_precision

DP = keras.dtype_policies


def _policy(policy):
    return [policy.name, policy.compute_dtype, policy.variable_dtype,
            type(policy).__name__]


for _name in ("float32", "float16", "bfloat16", "float64", "mixed_float16",
              "mixed_bfloat16", "int32"):
    add(f"dtype_policies.DTypePolicy[{_name}]",
        lambda n=_name: _policy(DP.DTypePolicy(n)))
    add(f"dtype_policies.get[{_name}]", lambda n=_name: _policy(DP.get(n)))
add("dtype_policies.DTypePolicy.unknown.bad_input",
    lambda: DP.DTypePolicy("mixed_int8"))
add("dtype_policies.DTypePolicy.bad_type.bad_input",
    lambda: DP.DTypePolicy(16))
add("dtype_policies.DTypePolicy.default", lambda: _policy(DP.DTypePolicy()))
add("dtype_policies.DTypePolicy.config", lambda: DP.DTypePolicy(
    "mixed_float16").get_config())
add("dtype_policies.DTypePolicy.from_config", lambda: _policy(
    DP.DTypePolicy.from_config({"name": "bfloat16"})))
add("dtype_policies.serialize", lambda: DP.serialize(
    DP.DTypePolicy("mixed_bfloat16")))
add("dtype_policies.deserialize", lambda: _policy(DP.deserialize(
    DP.serialize(DP.DTypePolicy("float16")))))
add("dtype_policies.get[quantized_name]",
    lambda: _policy(DP.get("int8_from_float32")))
add("dtype_policies.get[int4_name]",
    lambda: _policy(DP.get("int4_from_mixed_bfloat16")))
add("dtype_policies.get.bad_input", lambda: DP.get("nonsense"))
add("dtype_policies.get[none]", lambda: _policy(DP.get(None)))
add("dtype_policies.QuantizedDTypePolicy", lambda: [
    _policy(DP.QuantizedDTypePolicy("int8", "float32")),
    DP.QuantizedDTypePolicy("int8", "mixed_bfloat16").quantization_mode])
add("dtype_policies.QuantizedDTypePolicy.bad_mode.bad_input",
    lambda: DP.QuantizedDTypePolicy("int3", "float32"))
add("dtype_policies.QuantizedDTypePolicy.config", lambda: DP
    .QuantizedDTypePolicy("int8", "float16").get_config())
add("dtype_policies.QuantizedFloat8DTypePolicy", lambda: [
    _policy(DP.QuantizedFloat8DTypePolicy("float8", "float32")),
    DP.QuantizedFloat8DTypePolicy("float8", "float32",
                                  amax_history_length=8).get_config()])
add("dtype_policies.QuantizedFloat8DTypePolicy.bad_history.bad_input",
    lambda: DP.QuantizedFloat8DTypePolicy(
        "float8", "float32", amax_history_length="x"))
add("dtype_policies.FloatDTypePolicy", lambda: _policy(
    DP.FloatDTypePolicy("float16")))
add("dtype_policies.Int4DTypePolicy", lambda: _policy(
    DP.Int4DTypePolicy("int4/64", "float32")))
add("dtype_policies.Int4DTypePolicy.no_block.bad_input", lambda: _policy(
    DP.Int4DTypePolicy("int4", "float32")))
add("dtype_policies.DTypePolicyMap", lambda: _policy_map())
add("dtype_policies.DTypePolicyMap.bad_value.bad_input",
    lambda: DP.DTypePolicyMap({"a": 3}))
add("dtype_policies.layer_dtype", lambda: _layer_policy("mixed_float16"))
add("dtype_policies.layer_dtype[bfloat16]",
    lambda: _layer_policy(DP.DTypePolicy("bfloat16")))


def _policy_map():
    policy_map = DP.DTypePolicyMap(default_policy="bfloat16")
    policy_map["encoder/dense"] = DP.DTypePolicy("float16")
    return [_policy(policy_map["encoder/dense"]),
            _policy(policy_map["decoder/dense"]), sorted(policy_map.keys()),
            policy_map.name]


def _layer_policy(policy):
    layer = L.Dense(2, dtype=policy)
    out = layer(_X)
    return [layer.dtype_policy.name, layer.compute_dtype,
            layer.variable_dtype, keras.backend.standardize_dtype(out.dtype),
            keras.backend.standardize_dtype(layer.kernel.dtype)]


MP = keras.mixed_precision
add("mixed_precision.Policy", lambda: _policy(MP.Policy("mixed_float16")))
add("mixed_precision.DTypePolicy", lambda: _policy(
    MP.DTypePolicy("mixed_bfloat16")))
add("mixed_precision.global_policy", lambda: _policy(MP.global_policy()))
add("mixed_precision.dtype_policy", lambda: _policy(MP.dtype_policy()))


def _set_global(value):
    old = MP.global_policy()
    try:
        MP.set_global_policy(value)
        inside = _policy(MP.global_policy())
        layer = L.Dense(1)
        return [inside, layer.dtype_policy.name]
    finally:
        MP.set_global_policy(old)


add("mixed_precision.set_global_policy", lambda: _set_global(
    "mixed_bfloat16"))
add("mixed_precision.set_dtype_policy", lambda: _set_global(
    MP.DTypePolicy("float16")))
add("mixed_precision.set_global_policy.bad_input",
    lambda: _set_global("int8_nonsense"))
add("mixed_precision.LossScaleOptimizer", lambda: _loss_scale())
add("mixed_precision.LossScaleOptimizer.bad_inner.bad_input",
    lambda: MP.LossScaleOptimizer("sgd"))


def _loss_scale():
    opt = MP.LossScaleOptimizer(keras.optimizers.SGD(0.1),
                                initial_scale=8.0, dynamic_growth_steps=10)
    config = opt.get_config()
    config.pop("inner_optimizer", None)
    return [config, type(opt.inner_optimizer).__name__]


# ---------------------------------------------------------------------------
# keras.quantizers

Q = keras.quantizers
_QX = np.array([[0.5, -1.0, 2.0, 0.0], [-3.0, 0.25, 1.0, -0.75]], "float32")

add("quantizers.abs_max_quantize", lambda: Q.abs_max_quantize(_QX, axis=-1))
add("quantizers.abs_max_quantize[axis0]",
    lambda: Q.abs_max_quantize(_QX, axis=0))
add("quantizers.abs_max_quantize[int4]", lambda: Q.abs_max_quantize(
    _QX, axis=-1, value_range=(-8, 7), dtype="int8"))
add("quantizers.AbsMaxQuantizer", lambda: Q.AbsMaxQuantizer(axis=-1)(_QX))
add("quantizers.AbsMaxQuantizer.config", lambda: Q.AbsMaxQuantizer(
    axis=0, value_range=(-100, 100)).get_config())
add("quantizers.AbsMaxQuantizer.bad_axis.bad_input",
    lambda: Q.AbsMaxQuantizer(axis=None))
add("quantizers.serialize", lambda: Q.serialize(Q.AbsMaxQuantizer(axis=-1)))
add("quantizers.deserialize", lambda: Q.deserialize(Q.serialize(
    Q.AbsMaxQuantizer(axis=1))).get_config())
add("quantizers.get[config]", lambda: type(Q.get({
    "class_name": "AbsMaxQuantizer", "config": {"axis": -1}})).__name__)
add("quantizers.get.bad_input", lambda: Q.get("no_such_quantizer"))
add("quantizers.compute_float8_scale", lambda: Q.compute_float8_scale(
    np.array(4.0, "float32"), np.array(1.0, "float32"),
    np.array(448.0, "float32")))
add("quantizers.compute_float8_amax_history", lambda: Q
    .compute_float8_amax_history(np.array([1.0, -5.0, 2.0], "float32"),
                                 np.array([3.0, 4.0, 2.0], "float32")))
for _name, _kwargs in {
    "default": dict(min_vals=-1.0, max_vals=1.0),
    "bits4": dict(min_vals=-2.0, max_vals=2.0, num_bits=4),
    "narrow": dict(min_vals=-1.0, max_vals=1.0, narrow_range=True),
    "per_channel": dict(min_vals=np.array([-1.0, -2.0, -1.0, -0.5]),
                        max_vals=np.array([1.0, 2.0, 3.0, 0.5]), axis=-1),
}.items():
    add(f"quantizers.fake_quant_with_min_max_vars[{_name}]",
        lambda kw=_kwargs: Q.fake_quant_with_min_max_vars(_QX, **kw))
add("quantizers.pack_int4", lambda: Q.pack_int4(
    np.array([[1, -2], [3, 4], [-8, 7]], "int8")))
add("quantizers.pack_unpack_int4", lambda: _pack_unpack())
add("quantizers.pack_int4[axis1]", lambda: Q.pack_int4(
    np.array([[1, -2, 5], [3, 4, -1]], "int8"), axis=1))
add("quantizers.unpack_int4[orig_len]", lambda: Q.unpack_int4(
    np.array([[18, 52]], "int8"), orig_len=3, axis=1))
add("quantizers.pack_int4.bad_dtype.bad_input",
    lambda: Q.pack_int4(np.array([1, 2], "float32")))
add("quantizers.quantize_and_dequantize", lambda: Q.quantize_and_dequantize(
    _QX, scale=np.array(2.0, "float32"), quantized_dtype="float8_e4m3fn",
    compute_dtype="float32"))
add("quantizers.Int8QuantizationConfig", lambda: Q.Int8QuantizationConfig()
    .get_config())
add("quantizers.Int4QuantizationConfig", lambda: Q.Int4QuantizationConfig()
    .get_config())
add("quantizers.Float8QuantizationConfig", lambda: Q
    .Float8QuantizationConfig().get_config())


def _pack_unpack():
    packed, _, orig_len = Q.pack_int4(
        np.array([[1, -2], [3, 4], [-8, 7]], "int8"))
    return Q.unpack_int4(packed, orig_len)


def _quantize_dense(mode):
    layer = L.Dense(3, name="qd")
    layer.build((None, 4))
    layer.set_weights([
        np.linspace(-1.0, 1.0, 12).reshape(4, 3).astype("float32"),
        np.array([0.1, 0.0, -0.1], "float32")])
    layer.quantize(mode)
    return [layer.dtype_policy.name,
            sorted(v.path.split("/")[-1] for v in layer.weights),
            keras.ops.convert_to_numpy(layer(_QX))]


add("quantizers.Dense.quantize[int8]", lambda: _quantize_dense("int8"),
    atol=2e-2, rtol=2e-2)
add("quantizers.Dense.quantize.bad_mode.bad_input",
    lambda: _quantize_dense("int3"))
