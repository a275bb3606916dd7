"""Parity scenarios of `keras.tree`, `keras.utils`, `keras.config`,
`keras.backend`, `keras.random`, `keras.preprocessing` and
`keras.datasets` (argument checks only: nothing is downloaded).

Structures are returned through `_spell`, which writes out container types
(tuple, list, dict with its key order, namedtuple) that the JSON record
would otherwise blur. Scenarios that change global configuration restore it
before returning.
"""

import collections

import numpy as np

import keras
from parity_scenarios import add

tree = keras.tree
utils = keras.utils
config = keras.config

Point = collections.namedtuple("Point", ["x", "y"])


def _spell(structure):
    """A structure with its container types written out."""
    if isinstance(structure, tuple) and hasattr(structure, "_fields"):
        return {type(structure).__name__: [
            [f, _spell(getattr(structure, f))] for f in structure._fields
        ]}
    if isinstance(structure, tuple):
        return {"tuple": [_spell(v) for v in structure]}
    if isinstance(structure, list):
        return {"list": [_spell(v) for v in structure]}
    if isinstance(structure, dict):
        return {type(structure).__name__: [
            [str(k), _spell(v)] for k, v in structure.items()
        ]}
    if structure is None or isinstance(structure, (bool, int, float, str)):
        return structure
    if isinstance(structure, np.ndarray):
        return structure
    return f"<{type(structure).__name__}>"


# ---------------------------------------------------------------------------
# keras.tree

_STRUCTURES = {
    "flat_list": lambda: [1, 2, 3],
    "tuple": lambda: (1, (2, 3)),
    "dict": lambda: {"b": 1, "a": [2, 3]},
    "ordered_dict": lambda: collections.OrderedDict([("b", 1), ("a", 2)]),
    "namedtuple": lambda: Point(1, [2, 3]),
    "none_leaf": lambda: [None, 1, (None,)],
    "nested": lambda: {"z": (1, {"y": [2, None]}), "a": Point(3, 4)},
    "empty": lambda: [(), [], {}],
    "scalar": lambda: 5,
    "array_leaf": lambda: {"x": np.arange(3.0), "y": [np.ones(2)]},
}


def _register_tree():
    for name, make in _STRUCTURES.items():
        add(f"tree.flatten[{name}]",
            lambda make=make: _spell(tree.flatten(make())))
        add(f"tree.flatten_with_path[{name}]",
            lambda make=make: _spell(tree.flatten_with_path(make())))
        add(f"tree.is_nested[{name}]",
            lambda make=make: tree.is_nested(make()))
        add(f"tree.map_structure[{name}]",
            lambda make=make: _spell(tree.map_structure(
                lambda v: None if v is None else v * 2, make())))
        add(f"tree.lists_to_tuples[{name}]",
            lambda make=make: _spell(tree.lists_to_tuples(make())))
        add(f"tree.pack_sequence_as[{name}]",
            lambda make=make: _spell(tree.pack_sequence_as(
                make(), list(range(100, 100 + len(tree.flatten(make())))))))
        add(f"tree.assert_same_structure[{name}]",
            lambda make=make: tree.assert_same_structure(make(), make()))


_register_tree()

add("tree.map_structure.two_structures", lambda: _spell(tree.map_structure(
    lambda a, b: a + b, {"a": [1, 2], "b": 3}, {"a": [10, 20], "b": 30})))
add("tree.map_structure.mismatch.bad_input", lambda: tree.map_structure(
    lambda a, b: a, [1, 2], [1, 2, 3]))
add("tree.map_structure.type_mismatch.bad_input", lambda: tree.map_structure(
    lambda a, b: a, [1, 2], (1, 2)))
add("tree.map_structure.no_structures.bad_input",
    lambda: tree.map_structure(lambda a: a))
add("tree.map_structure.none_passthrough", lambda: _spell(tree.map_structure(
    lambda a: a, [None, {"a": None}])))
add("tree.map_structure_up_to", lambda: _spell(tree.map_structure_up_to(
    {"a": 0, "b": 0}, lambda v: str(v), {"a": [1, 2], "b": (3,)})))
add("tree.map_structure_up_to.two", lambda: _spell(tree.map_structure_up_to(
    [0, 0], lambda a, b: (a, b), [[1], 2], [3, [4]])))
add("tree.map_structure_up_to.mismatch.bad_input",
    lambda: tree.map_structure_up_to([0, 0, 0], lambda a: a, [1, 2]))
add("tree.map_shape_structure", lambda: _spell(tree.map_shape_structure(
    lambda s: tuple(s) + (1,), {"a": (2, 3), "b": [(4,), (None, 5)]})))
add("tree.map_shape_structure.list_shape", lambda: _spell(
    tree.map_shape_structure(lambda s: len(s), [[2, 3], (4,)])))
add("tree.assert_same_structure.length.bad_input",
    lambda: tree.assert_same_structure([1, 2], [1, 2, 3]))
add("tree.assert_same_structure.dict_keys.bad_input",
    lambda: tree.assert_same_structure({"a": 1}, {"b": 1}))
add("tree.assert_same_structure.list_tuple",
    lambda: tree.assert_same_structure([1, 2], (1, 2)))
add("tree.assert_same_structure.nested_vs_leaf.bad_input",
    lambda: tree.assert_same_structure([1, [2]], [1, 2]))
add("tree.assert_same_paths", lambda: tree.assert_same_paths(
    {"a": [1, 2]}, {"a": (3, 4)}))
add("tree.assert_same_paths.bad_input", lambda: tree.assert_same_paths(
    {"a": 1}, {"b": 1}))
add("tree.pack_sequence_as.too_few.bad_input",
    lambda: tree.pack_sequence_as([1, [2, 3]], [1, 2]))
add("tree.pack_sequence_as.too_many.bad_input",
    lambda: tree.pack_sequence_as([1, 2], [1, 2, 3]))
add("tree.pack_sequence_as.scalar", lambda: _spell(
    tree.pack_sequence_as(0, [7])))
add("tree.flatten.dict_key_order", lambda: tree.flatten(
    {"c": 1, "a": 2, "b": 3}))
add("tree.flatten_with_path.namedtuple_paths", lambda: _spell(
    tree.flatten_with_path({"p": Point(1, 2), "q": [3]})))


def _traverse(top_down):
    seen = []

    def visit(node):
        seen.append(_spell(node))
        return None

    tree.traverse(visit, {"a": [1, (2, 3)], "b": 4}, top_down=top_down)
    return seen


add("tree.traverse.top_down", lambda: _traverse(True))
add("tree.traverse.bottom_up", lambda: _traverse(False))
add("tree.traverse.replace", lambda: _spell(tree.traverse(
    lambda n: "cut" if isinstance(n, tuple) else None,
    [1, (2, 3), [4]])))
add("tree.traverse.map_to_none", lambda: _spell(tree.traverse(
    lambda n: tree.MAP_TO_NONE if n == 2 else None, [1, 2, [2, 3]])))
add("tree.MAP_TO_NONE.type", lambda: type(tree.MAP_TO_NONE).__name__)


# ---------------------------------------------------------------------------
# keras.utils: arrays

_LABELS = np.array([0, 2, 1, 2])

for _name, _call in {
    "default": lambda: utils.to_categorical(_LABELS),
    "num_classes": lambda: utils.to_categorical(_LABELS, num_classes=4),
    "2d": lambda: utils.to_categorical(np.array([[0], [1], [2]])),
    "matrix": lambda: utils.to_categorical(np.array([[0, 1], [1, 0]])),
    "list": lambda: utils.to_categorical([1, 0, 1]),
    "scalar": lambda: utils.to_categorical(1, num_classes=3),
    "too_few_classes": lambda: utils.to_categorical(_LABELS, num_classes=2),
}.items():
    add(f"utils.to_categorical[{_name}]", _call)

_NORM_X = np.array([[3.0, 4.0], [1.0, 0.0], [0.0, 0.0]], "float32")
for _name, _kwargs in {
    "default": {}, "axis0": {"axis": 0}, "order1": {"order": 1},
    "order_inf": {"order": np.inf}, "order3": {"order": 3},
}.items():
    add(f"utils.normalize[{_name}]",
        lambda kw=_kwargs: utils.normalize(_NORM_X, **kw))
add("utils.normalize[float64]", lambda: utils.normalize(
    _NORM_X.astype("float64")))

_SEQS = [[1, 2, 3], [4, 5], [6, 7, 8, 9, 10], []]
for _name, _kwargs in {
    "default": {},
    "maxlen": {"maxlen": 3},
    "post": {"padding": "post"},
    "truncating_post": {"maxlen": 2, "truncating": "post"},
    "value": {"value": -1},
    "float": {"dtype": "float32", "value": 0.5},
    "all_post": {"maxlen": 4, "padding": "post", "truncating": "post"},
    "maxlen_long": {"maxlen": 7},
    "string": {"dtype": "object", "value": "x"},
}.items():
    add(f"utils.pad_sequences[{_name}]",
        lambda kw=_kwargs: utils.pad_sequences(_SEQS, **kw))
add("utils.pad_sequences[strings]", lambda: utils.pad_sequences(
    [["a", "b"], ["c"]], dtype=object, value="-"))
add("utils.pad_sequences[nested_features]", lambda: utils.pad_sequences(
    [[[1, 2]], [[3, 4], [5, 6]]], dtype="float32"))
add("utils.pad_sequences.bad_padding.bad_input",
    lambda: utils.pad_sequences(_SEQS, padding="middle"))
add("utils.pad_sequences.bad_truncating.bad_input",
    lambda: utils.pad_sequences(_SEQS, maxlen=2, truncating="middle"))
add("utils.pad_sequences.not_iterable.bad_input",
    lambda: utils.pad_sequences([1, 2]))
add("utils.pad_sequences.string_value_int.bad_input",
    lambda: utils.pad_sequences(_SEQS, value="x"))
add("utils.pad_sequences[empty]", lambda: utils.pad_sequences([]))
add("preprocessing.sequence.pad_sequences",
    lambda: keras.preprocessing.sequence.pad_sequences([[1], [2, 3]]))


# ---------------------------------------------------------------------------
# keras.utils: datasets as arrays

def _batches(dataset):
    out = []
    for batch in dataset:
        out.append(keras.tree.map_structure(np.asarray, batch))
    return out


_SERIES = np.arange(20).reshape(10, 2).astype("float32")
for _name, _kwargs in {
    "default": dict(sequence_length=3, batch_size=4),
    "targets": dict(targets=np.arange(10), sequence_length=3, batch_size=4),
    "stride": dict(sequence_length=3, sequence_stride=2, batch_size=8),
    "rate": dict(sequence_length=2, sampling_rate=3, batch_size=8),
    "indices": dict(sequence_length=2, start_index=2, end_index=7,
                    batch_size=8),
    "batch_none": dict(sequence_length=4, batch_size=None),
}.items():
    _kwargs.setdefault("targets", None)
    add(f"utils.timeseries_dataset_from_array[{_name}]",
        lambda kw=_kwargs: _batches(utils.timeseries_dataset_from_array(
            _SERIES, **kw)))
add("utils.timeseries_dataset_from_array.bad_stride.bad_input",
    lambda: utils.timeseries_dataset_from_array(
        _SERIES, None, sequence_length=3, sequence_stride=0))
add("utils.timeseries_dataset_from_array.bad_rate.bad_input",
    lambda: utils.timeseries_dataset_from_array(
        _SERIES, None, sequence_length=3, sampling_rate=0))
add("utils.timeseries_dataset_from_array.bad_start.bad_input",
    lambda: utils.timeseries_dataset_from_array(
        _SERIES, None, sequence_length=3, start_index=20))
add("utils.timeseries_dataset_from_array.bad_end.bad_input",
    lambda: utils.timeseries_dataset_from_array(
        _SERIES, None, sequence_length=3, end_index=20))
add("utils.timeseries_dataset_from_array.targets_length.bad_input",
    lambda: _batches(utils.timeseries_dataset_from_array(
        _SERIES, np.arange(4), sequence_length=3)))
add("preprocessing.timeseries_dataset_from_array", lambda: _batches(
    keras.preprocessing.timeseries_dataset_from_array(
        _SERIES[:5], None, sequence_length=4, batch_size=2)))


def _split_sizes(data, **kwargs):
    left, right = utils.split_dataset(data, **kwargs)
    return [len(list(left)), len(list(right))]


_SPLIT_X = np.arange(10).reshape(10, 1)
for _name, _kwargs in {
    "left_float": dict(left_size=0.8),
    "right_int": dict(right_size=3),
    "both_int": dict(left_size=4, right_size=6),
    "right_float": dict(right_size=0.25),
    "left_int": dict(left_size=7),
}.items():
    add(f"utils.split_dataset[{_name}]",
        lambda kw=_kwargs: _split_sizes(_SPLIT_X, **kw))
add("utils.split_dataset[tuple]", lambda: _split_sizes(
    (_SPLIT_X, np.arange(10)), left_size=0.5))
add("utils.split_dataset[list_values]", lambda: [
    np.asarray(b) for b in utils.split_dataset(
        _SPLIT_X, left_size=3, shuffle=False)[0]])
add("utils.split_dataset.too_large.bad_input",
    lambda: utils.split_dataset(_SPLIT_X, left_size=11))
add("utils.split_dataset.sizes_sum.bad_input",
    lambda: utils.split_dataset(_SPLIT_X, left_size=6, right_size=6))
add("utils.split_dataset.no_sizes.bad_input",
    lambda: utils.split_dataset(_SPLIT_X))
add("utils.split_dataset.negative.bad_input",
    lambda: utils.split_dataset(_SPLIT_X, left_size=-1))
add("utils.split_dataset.bad_type.bad_input",
    lambda: utils.split_dataset(_SPLIT_X, left_size="half"))

add("utils.pack_x_y_sample_weight[x]",
    lambda: _spell(utils.pack_x_y_sample_weight(1)))
add("utils.pack_x_y_sample_weight[xy]",
    lambda: _spell(utils.pack_x_y_sample_weight(1, 2)))
add("utils.pack_x_y_sample_weight[xyw]",
    lambda: _spell(utils.pack_x_y_sample_weight(1, 2, 3)))
add("utils.pack_x_y_sample_weight[tuple_x]",
    lambda: _spell(utils.pack_x_y_sample_weight((1, 2))))
add("utils.unpack_x_y_sample_weight[tuple1]",
    lambda: _spell(utils.unpack_x_y_sample_weight((1,))))
add("utils.unpack_x_y_sample_weight[tuple3]",
    lambda: _spell(utils.unpack_x_y_sample_weight((1, 2, 3))))
add("utils.unpack_x_y_sample_weight[list2]",
    lambda: _spell(utils.unpack_x_y_sample_weight([1, 2])))
add("utils.unpack_x_y_sample_weight[single]",
    lambda: _spell(utils.unpack_x_y_sample_weight(5)))
add("utils.unpack_x_y_sample_weight.too_long.bad_input",
    lambda: utils.unpack_x_y_sample_weight((1, 2, 3, 4)))


# ---------------------------------------------------------------------------
# keras.utils: functional helpers, Config, Progbar

def _source_inputs():
    a = keras.Input((2,), name="src_a")
    b = keras.Input((2,), name="src_b")
    c = keras.layers.Add()([keras.layers.Dense(2)(a), b])
    return [t.name for t in utils.get_source_inputs(c)]


add("utils.get_source_inputs", _source_inputs)
add("utils.get_source_inputs[input]", lambda: [
    t.name for t in utils.get_source_inputs(keras.Input((3,), name="only"))])
add("utils.is_keras_tensor", lambda: [
    utils.is_keras_tensor(keras.Input((2,))),
    utils.is_keras_tensor(np.ones(2)),
    utils.is_keras_tensor(keras.ops.ones(2)),
])
add("utils.standardize_dtype", lambda: [
    utils.standardize_dtype(d) for d in
    ("float", "int", "float32", np.float64, "bool", np.dtype("int8"))])


def _config():
    c = utils.Config(a=1, b=[2])
    c.c = "x"
    c["d"] = 4
    out = [sorted(c.keys()), c.get("a"), c.get("z", 9), c.a, "c" in c,
           len(c), c.as_dict()]
    c.pop("d")
    out.append(sorted(c.as_dict()))
    out.append(c.to_json())
    return out


def _config_frozen(action):
    c = utils.Config(a=1)
    c.freeze()
    if action == "setattr":
        c.a = 2
    elif action == "setitem":
        c["b"] = 2
    elif action == "pop":
        c.pop("a")
    elif action == "unfreeze":
        c.unfreeze()
        c.a = 5
        return [c.a, c.frozen]
    return c.frozen


add("utils.Config", _config)
add("utils.Config.missing_attr.bad_input", lambda: utils.Config(a=1).zz)
add("utils.Config.frozen_setattr.bad_input",
    lambda: _config_frozen("setattr"))
add("utils.Config.frozen_setitem.bad_input",
    lambda: _config_frozen("setitem"))
add("utils.Config.frozen_pop.bad_input", lambda: _config_frozen("pop"))
add("utils.Config.unfreeze", lambda: _config_frozen("unfreeze"))
add("utils.Config.frozen_flag", lambda: _config_frozen("none"))


def _progbar(**kwargs):
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        bar = utils.Progbar(3, verbose=2, **kwargs)
        bar.update(1, values=[("loss", 0.5)])
        bar.update(3, values=[("loss", 0.25)])
    lines = [line.split(" - ")[-1] for line in
             buffer.getvalue().strip().splitlines()]
    return lines[-1:]


add("utils.Progbar.verbose2", lambda: _progbar())
add("utils.Progbar.stateful_metrics",
    lambda: _progbar(stateful_metrics=["loss"]))


# ---------------------------------------------------------------------------
# keras.preprocessing.image (the PIL-based helpers are left out: the
# oracle's environment has no PIL)

add("preprocessing.image.smart_resize", lambda: keras.preprocessing.image
    .smart_resize(np.arange(48.0).reshape(4, 4, 3), (2, 2)))
add("preprocessing.image.smart_resize[crop]", lambda: keras.preprocessing
    .image.smart_resize(np.arange(36.0).reshape(2, 6, 3), (2, 2),
                        interpolation="nearest"))
add("preprocessing.image.smart_resize[batch]", lambda: keras.preprocessing
    .image.smart_resize(np.ones((2, 4, 6, 1)), (3, 3)).shape)
add("preprocessing.image.smart_resize.bad_rank.bad_input",
    lambda: keras.preprocessing.image.smart_resize(np.ones((4, 4)), (2, 2)))


# ---------------------------------------------------------------------------
# keras.utils: directory datasets (argument validation, tiny trees)

def _text_tree(tmp):
    import os

    for label, texts in (("neg", ["bad", "awful"]), ("pos", ["good"])):
        os.makedirs(os.path.join(tmp, label))
        for i, text in enumerate(texts):
            with open(os.path.join(tmp, label, f"{i}.txt"), "w") as f:
                f.write(text)


def _text_dataset(**kwargs):
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        _text_tree(tmp)
        dataset = utils.text_dataset_from_directory(
            tmp, shuffle=False, batch_size=8, **kwargs)
        names = getattr(dataset, "class_names", None)
        batches = []
        for x, y in dataset:
            batches.append([np.asarray(x).astype(str), np.asarray(y)])
        return [names, batches]


add("utils.text_dataset_from_directory", lambda: _text_dataset())
add("utils.text_dataset_from_directory[categorical]",
    lambda: _text_dataset(label_mode="categorical"))
add("utils.text_dataset_from_directory[binary]",
    lambda: _text_dataset(label_mode="binary"))
add("utils.text_dataset_from_directory[class_names]",
    lambda: _text_dataset(class_names=["pos", "neg"]))
add("utils.text_dataset_from_directory.bad_label_mode.bad_input",
    lambda: _text_dataset(label_mode="ordinal"))
add("utils.text_dataset_from_directory.bad_class_names.bad_input",
    lambda: _text_dataset(class_names=["a", "b"]))
add("utils.text_dataset_from_directory.subset_no_split.bad_input",
    lambda: _text_dataset(subset="training"))
add("utils.text_dataset_from_directory.bad_split.bad_input",
    lambda: _text_dataset(validation_split=1.5, subset="training", seed=1))
add("utils.image_dataset_from_directory.bad_color_mode.bad_input",
    lambda: utils.image_dataset_from_directory(
        "/nonexistent_parity_dir", color_mode="cmyk"))
add("utils.image_dataset_from_directory.bad_labels.bad_input",
    lambda: utils.image_dataset_from_directory(
        "/nonexistent_parity_dir", labels="sometimes"))


# ---------------------------------------------------------------------------
# keras.config

def _restoring(getter, setter, value):
    old = getter()
    try:
        setter(value)
        return getter()
    finally:
        setter(old)


for _name, _getter, _setter, _good, _bad in (
    ("floatx", config.floatx, config.set_floatx, "float16", "int32"),
    ("epsilon", config.epsilon, config.set_epsilon, 1e-3, None),
    ("image_data_format", config.image_data_format,
     config.set_image_data_format, "channels_first", "nhwc"),
    ("max_epochs", config.max_epochs, config.set_max_epochs, 2, None),
    ("max_steps_per_epoch", config.max_steps_per_epoch,
     config.set_max_steps_per_epoch, 3, None),
):
    add(f"config.{_name}", lambda g=_getter: g())
    add(f"config.set_{_name}", lambda g=_getter, s=_setter, v=_good:
        _restoring(g, s, v))
    if _bad is not None:
        add(f"config.set_{_name}.bad_input", lambda g=_getter, s=_setter,
            v=_bad: _restoring(g, s, v))
add("config.set_floatx.unknown.bad_input",
    lambda: _restoring(config.floatx, config.set_floatx, "float8"))
add("config.set_floatx.bfloat16",
    lambda: _restoring(config.floatx, config.set_floatx, "bfloat16"))
add("config.set_floatx.float64",
    lambda: _restoring(config.floatx, config.set_floatx, "float64"))
add("config.set_image_data_format.upper.bad_input",
    lambda: _restoring(config.image_data_format,
                       config.set_image_data_format, "CHANNELS_LAST"))
add("config.floatx.layer_dtype", lambda: _floatx_layer())


def _floatx_layer():
    old = config.floatx()
    try:
        config.set_floatx("float16")
        layer = keras.layers.Dense(2)
        layer.build((None, 3))
        return [layer.dtype, layer.compute_dtype, layer.kernel.dtype]
    finally:
        config.set_floatx(old)


add("config.backend", lambda: config.backend() == keras.backend.backend())
add("config.dtype_policy", lambda: config.dtype_policy().name)


def _set_policy(value):
    old = config.dtype_policy()
    try:
        config.set_dtype_policy(value)
        policy = config.dtype_policy()
        return [policy.name, policy.compute_dtype, policy.variable_dtype]
    finally:
        config.set_dtype_policy(old)


add("config.set_dtype_policy[mixed_float16]",
    lambda: _set_policy("mixed_float16"))
add("config.set_dtype_policy[mixed_bfloat16]",
    lambda: _set_policy("mixed_bfloat16"))
add("config.set_dtype_policy[float64]", lambda: _set_policy("float64"))
add("config.set_dtype_policy[object]", lambda: _set_policy(
    keras.dtype_policies.DTypePolicy("bfloat16")))
add("config.set_dtype_policy.unknown.bad_input",
    lambda: _set_policy("mixed_float8"))
add("config.set_dtype_policy.bad_type.bad_input", lambda: _set_policy(3))


def _toggle(enable, disable, query):
    old = query()
    try:
        disable()
        off = query()
        enable()
        on = query()
        return [off, on]
    finally:
        (enable if old else disable)()


add("config.interactive_logging", lambda: _toggle(
    config.enable_interactive_logging, config.disable_interactive_logging,
    config.is_interactive_logging_enabled))
add("config.traceback_filtering", lambda: _toggle(
    config.enable_traceback_filtering, config.disable_traceback_filtering,
    config.is_traceback_filtering_enabled))
add("config.flash_attention.default",
    lambda: config.is_flash_attention_enabled())
add("config.is_nnx_enabled", lambda: config.is_nnx_enabled())
add("config.is_interactive_logging_enabled.default",
    lambda: config.is_interactive_logging_enabled())
add("config.is_traceback_filtering_enabled.default",
    lambda: config.is_traceback_filtering_enabled())
add("config.epsilon.default_value", lambda: config.epsilon())
add("config.set_epsilon.string.bad_input", lambda: _restoring(
    config.epsilon, config.set_epsilon, "small"))


def _max_epochs_fit():
    old = config.max_epochs()
    try:
        config.set_max_epochs(1)
        model = keras.Sequential([keras.Input((2,)),
                                  keras.layers.Dense(
                                      1, kernel_initializer="zeros")])
        model.compile("sgd", "mse")
        history = model.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=5,
                            verbose=0)
        return len(history.history["loss"])
    finally:
        config.set_max_epochs(old)


add("config.set_max_epochs.fit", _max_epochs_fit, trains=True)


# ---------------------------------------------------------------------------
# keras.backend (public) and the keras.src.backend helpers layers use

kb = keras.backend
add("backend.floatx", lambda: kb.floatx())
add("backend.epsilon", lambda: kb.epsilon())
add("backend.image_data_format", lambda: kb.image_data_format())
add("backend.backend.is_str", lambda: isinstance(kb.backend(), str))
add("backend.set_epsilon", lambda: _restoring(kb.epsilon, kb.set_epsilon,
                                              1e-5))
add("backend.set_floatx.bad_input", lambda: _restoring(
    kb.floatx, kb.set_floatx, "uint8"))
add("backend.set_image_data_format.bad_input", lambda: _restoring(
    kb.image_data_format, kb.set_image_data_format, "last"))
add("backend.get_uid", lambda: [kb.get_uid("parity_x"),
                                kb.get_uid("parity_x"),
                                kb.get_uid("parity_y")])
add("backend.clear_session.uid", lambda: _clear_uid())


def _clear_uid():
    kb.get_uid("parity_z")
    kb.clear_session()
    return kb.get_uid("parity_z")


for _dtype in ("float16", "float32", "float64", "bfloat16", "int8",
               "int32", "uint8", "bool", "float", "int", "complex64",
               "string"):
    add(f"backend.standardize_dtype[{_dtype}]",
        lambda d=_dtype: kb.standardize_dtype(d))
    add(f"backend.is_float_dtype[{_dtype}]",
        lambda d=_dtype: kb.is_float_dtype(d))
    add(f"backend.is_int_dtype[{_dtype}]",
        lambda d=_dtype: kb.is_int_dtype(d))
add("backend.standardize_dtype.unknown.bad_input",
    lambda: kb.standardize_dtype("float7"))
add("backend.standardize_dtype[none]", lambda: kb.standardize_dtype(None))
add("backend.standardize_dtype[numpy_type]", lambda: [
    kb.standardize_dtype(np.int16), kb.standardize_dtype(np.bool_)])

for _pair in (("int32", "float32"), ("int8", "uint8"), ("float16",
              "bfloat16"), ("bool", "int32"), ("int64", "float16"),
              ("uint8", "int16"), ("float32", "float64"), ("int32",)):
    add(f"backend.result_type[{','.join(_pair)}]",
        lambda p=_pair: kb.result_type(*p))
add("backend.result_type.python_scalars", lambda: [
    kb.result_type("int8", float), kb.result_type("float16", int),
    kb.result_type("bool", bool)])
add("backend.result_type.empty.bad_input", lambda: kb.result_type())
add("backend.is_keras_tensor", lambda: [
    kb.is_keras_tensor(keras.Input((2,))), kb.is_keras_tensor(np.ones(2)),
    kb.is_keras_tensor(keras.KerasTensor((2, 3)))])


def _keras_tensor():
    x = keras.KerasTensor((None, 3), dtype="float16", name="kt")
    y = x + 1
    z = keras.ops.reshape(x, (-1, 3, 1))
    return [list(x.shape), x.dtype, x.ndim, y.dtype, list(z.shape),
            x.sparse, keras.ops.shape(x)[1]]


add("backend.KerasTensor", _keras_tensor)
add("backend.KerasTensor.numpy.bad_input",
    lambda: np.asarray(keras.KerasTensor((2,))) + 1)
add("backend.KerasTensor.bool.bad_input",
    lambda: bool(keras.KerasTensor((2,))))


def _src_backend():
    from keras.src import backend

    return backend


def _mask_helpers():
    b = _src_backend()
    x = keras.ops.ones((2, 3))
    before = b.get_keras_mask(x)
    b.set_keras_mask(x, keras.ops.convert_to_tensor(
        np.array([[True, False, True], [True, True, False]])))
    after = b.get_keras_mask(x)
    b.set_keras_mask(x, None)
    return [before, after, b.get_keras_mask(x)]


add("backend.keras_mask", _mask_helpers)


def _masking_layer_mask():
    b = _src_backend()
    x = np.array([[[0.0], [1.0]]], "float32")
    return b.get_keras_mask(keras.layers.Masking()(x))


add("backend.get_keras_mask.masking_layer", _masking_layer_mask)


def _autocast():
    b = _src_backend()
    v = keras.Variable(np.ones(2, "float32"))
    with b.AutocastScope("float16"):
        inside = b.standardize_dtype(keras.ops.convert_to_tensor(v).dtype)
    outside = b.standardize_dtype(keras.ops.convert_to_tensor(v).dtype)
    return [inside, outside]


add("backend.AutocastScope", _autocast)
add("backend.AutocastScope.int.bad_input",
    lambda: _src_backend().AutocastScope("int32"))


def _name_scope():
    b = _src_backend()
    with b.name_scope("outer"):
        with b.name_scope("inner"):
            v = keras.Variable(1.0, name="w")
    return [v.name, v.path]


add("backend.name_scope", _name_scope)
add("backend.name_scope.bad_input", lambda: _src_backend().name_scope(3))


def _stateless():
    b = _src_backend()
    v = keras.Variable(np.zeros(2, "float32"))
    with b.StatelessScope(state_mapping=[(v, np.ones(2, "float32"))]) as s:
        read = keras.ops.convert_to_numpy(v.value)
        v.assign(np.full(2, 5.0, "float32"))
        new = s.get_current_value(v)
    return [read, keras.ops.convert_to_numpy(new),
            keras.ops.convert_to_numpy(v)]


add("backend.StatelessScope", _stateless)


def _symbolic_scope():
    b = _src_backend()
    before = b.in_symbolic_scope()
    with b.SymbolicScope():
        inside = b.in_symbolic_scope()
    return [before, inside, b.in_symbolic_scope()]


add("backend.SymbolicScope", _symbolic_scope)


def _stateless_in_scope():
    b = _src_backend()
    before = b.in_stateless_scope()
    with b.StatelessScope():
        inside = b.in_stateless_scope()
    return [before, inside]


add("backend.in_stateless_scope", _stateless_in_scope)


# ---------------------------------------------------------------------------
# keras.random: shapes, dtypes and errors

R = keras.random


def _draw(fn, **kwargs):
    out = fn(**kwargs)
    return [list(out.shape), kb.standardize_dtype(out.dtype)]


for _name, _fn, _kwargs in (
    ("normal", R.normal, dict(shape=(2, 3))),
    ("normal[float16]", R.normal, dict(shape=(2,), dtype="float16")),
    ("uniform", R.uniform, dict(shape=(3,), minval=1, maxval=2)),
    ("uniform[bfloat16]", R.uniform, dict(shape=(1, 2), dtype="bfloat16")),
    ("truncated_normal", R.truncated_normal, dict(shape=(4,))),
    ("randint", R.randint, dict(shape=(2, 2), minval=0, maxval=5)),
    ("randint[int8]", R.randint, dict(shape=(3,), minval=0, maxval=5,
                                      dtype="int8")),
    ("categorical", R.categorical, dict(logits=np.zeros((2, 3)),
                                        num_samples=4)),
    ("gamma", R.gamma, dict(shape=(2,), alpha=2.0)),
    ("binomial", R.binomial, dict(shape=(3,), counts=5, probabilities=0.5)),
    ("beta", R.beta, dict(shape=(2, 2), alpha=2.0, beta=3.0)),
    ("dropout", R.dropout, dict(inputs=np.ones((4, 4), "float32"),
                                rate=0.5)),
    ("shuffle", R.shuffle, dict(x=np.arange(6).reshape(3, 2))),
):
    add(f"random.{_name}", lambda f=_fn, kw=_kwargs: _draw(f, seed=1, **kw))

add("random.uniform.int_dtype.bad_input",
    lambda: R.uniform((2,), dtype="int32", seed=1))
add("random.normal.int_dtype.bad_input",
    lambda: R.normal((2,), dtype="int32", seed=1))
add("random.randint.float_dtype.bad_input",
    lambda: R.randint((2,), 0, 3, dtype="float32", seed=1))
add("random.uniform.bounds", lambda: bool(np.all(
    (keras.ops.convert_to_numpy(R.uniform((50,), 2.0, 3.0, seed=3)) >= 2.0)
    & (keras.ops.convert_to_numpy(R.uniform((50,), 2.0, 3.0, seed=3))
       < 3.0))))
add("random.dropout.values", lambda: sorted(set(np.round(
    keras.ops.convert_to_numpy(R.dropout(np.ones(40, "float32"), 0.5,
                                          seed=2)), 4).tolist())))
add("random.dropout.rate_one.bad_input",
    lambda: R.dropout(np.ones(4, "float32"), 1.0, seed=2))
add("random.shuffle.values", lambda: sorted(keras.ops.convert_to_numpy(
    R.shuffle(np.arange(6), seed=2)).tolist()))
add("random.same_seed", lambda: bool(np.array_equal(
    keras.ops.convert_to_numpy(R.normal((3,), seed=7)),
    keras.ops.convert_to_numpy(R.normal((3,), seed=7)))))


def _seed_generator():
    gen = R.SeedGenerator(seed=3, name="sg")
    a = keras.ops.convert_to_numpy(R.normal((2,), seed=gen))
    b = keras.ops.convert_to_numpy(R.normal((2,), seed=gen))
    return [gen.get_config(), gen.name, bool(np.array_equal(a, b)),
            list(gen.state.shape), kb.standardize_dtype(gen.state.dtype)]


add("random.SeedGenerator", _seed_generator)
add("random.SeedGenerator.from_config", lambda: R.SeedGenerator
    .from_config({"seed": 5}).get_config())
add("random.SeedGenerator.bad_seed.bad_input",
    lambda: R.SeedGenerator(seed="x"))
add("random.normal.bad_seed.bad_input",
    lambda: R.normal((2,), seed="abc"))


# ---------------------------------------------------------------------------
# keras.datasets: argument checks only (these raise before downloading)

D = keras.datasets
add("datasets.cifar100.bad_label_mode.bad_input",
    lambda: D.cifar100.load_data(label_mode="medium"))
add("datasets.boston_housing.bad_split.bad_input",
    lambda: D.boston_housing.load_data(test_split=1.5))
add("datasets.california_housing.bad_split.bad_input",
    lambda: D.california_housing.load_data(test_split=-0.1))
add("datasets.reuters.get_label_names", lambda: list(
    D.reuters.get_label_names())[:6])
add("datasets.reuters.label_count", lambda: len(
    D.reuters.get_label_names()))
add("datasets.modules", lambda: sorted(
    name for name in ("mnist", "fashion_mnist", "cifar10", "cifar100",
                      "imdb", "reuters", "boston_housing",
                      "california_housing")
    if callable(getattr(getattr(D, name), "load_data", None))))
