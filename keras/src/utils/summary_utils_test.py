import os
from unittest import mock

import numpy as np

from keras.src import ops
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.layer import Layer
from keras.src.models.model import Model
from keras.src.models.sequential import Sequential
from keras.src.utils import summary_utils


class Linear(Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units))
        self.b = self.add_weight(shape=(self.units,), initializer="zeros")

    def call(self, x):
        return ops.matmul(x, self.w) + self.b

    def compute_output_shape(self, input_shape):
        return tuple(input_shape[:-1]) + (self.units,)

    def get_config(self):
        return {**super().get_config(), "units": self.units}


class Join(Layer):
    def call(self, inputs):
        return ops.concatenate(inputs, axis=-1)

    def compute_output_shape(self, shapes):
        return tuple(shapes[0][:-1]) + (sum(s[-1] for s in shapes),)


class Stats(Layer):
    def build(self, input_shape):
        self.gamma = self.add_weight(shape=(input_shape[-1],),
                                     initializer="ones")
        self.mean = self.add_weight(shape=(input_shape[-1],),
                                    initializer="zeros", trainable=False)

    def call(self, x):
        return (x - self.mean) * self.gamma

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)


class Halves(Layer):
    def call(self, x):
        return x[..., :1], x[..., 1:]

    def compute_output_shape(self, s):
        return (tuple(s[:-1]) + (1,), tuple(s[:-1]) + (s[-1] - 1,))


class HalfPrecision(Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], 1000),
                                 dtype="float16")

    def call(self, x):
        return ops.matmul(ops.cast(x, "float16"), self.w)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape[:-1]) + (1000,)


class TwoLayers(Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.first = Linear(5, name="first")
        self.second = Linear(2, name="second")

    def call(self, x):
        return self.second(self.first(x))


def chain_model():
    x = Input((8,), name="x")
    y = Linear(16, name="hidden")(x)
    return Model(x, Linear(4, name="out")(y), name="chain")


def merge_model():
    a = Input((4,), name="a")
    b = Input((6,), name="b")
    joined = Join(name="join")([a, b])
    y = Linear(3, name="dense")(joined)
    first, rest = Halves(name="halves")(y)
    return Model([a, b], [first, rest], name="merge")


def nested_model():
    i = Input((8,), name="inner_in")
    inner = Model(i, Stats(name="stats")(Linear(6, name="proj")(i)),
                  name="inner")
    o = Input((8,), name="outer_in")
    return Model(o, Linear(2, name="head")(inner(o)), name="outer")


def sequential_model():
    frozen = Linear(2, name="frozen", trainable=False)
    return Sequential(
        [Input((3,)), Linear(4, name="l1"), Stats(name="norm"), frozen],
        name="stack",
    )


def unbuilt_sequential():
    return Sequential([Linear(3, name="u1"), Linear(2, name="u2")],
                      name="unbuilt")


def subclassed_model():
    model = TwoLayers(name="two_layers")
    model(np.ones((2, 4), "float32"))
    return model


def big_model():
    return Sequential(
        [Input((1000,)), Linear(1000, name="big1"),
         Linear(300, name="big2")], name="big")


def summary_text(model, columns="80", **kwargs):
    lines = []
    with mock.patch.dict(os.environ, {"COLUMNS": columns}):
        model.summary(print_fn=lines.append, **kwargs)
    assert len(lines) == 1, lines
    return lines[0]


# Rendered by upstream Keras 3.15.1 for the same models (80 columns).
EXPECTED = {}

EXPECTED["chain"] = """\
Model: "chain"
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓
┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩
│ x (InputLayer)                  │ (None, 8)              │             0 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ hidden (Linear)                 │ (None, 16)             │           144 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ out (Linear)                    │ (None, 4)              │            68 │
└─────────────────────────────────┴────────────────────────┴───────────────┘
 Total params: 212 (848.00 B)
 Trainable params: 212 (848.00 B)
 Non-trainable params: 0 (0.00 B)
"""

EXPECTED["merge"] = """\
Model: "merge"
┏━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━┓
┃ Layer (type)        ┃ Output Shape      ┃    Param # ┃ Connected to      ┃
┡━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━┩
│ a (InputLayer)      │ (None, 4)         │          0 │ -                 │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ b (InputLayer)      │ (None, 6)         │          0 │ -                 │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ join (Join)         │ (None, 10)        │          0 │ a[0][0], b[0][0]  │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ dense (Linear)      │ (None, 3)         │         33 │ join[0][0]        │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ halves (Halves)     │ [(None, 1),       │          0 │ dense[0][0]       │
│                     │ (None, 2)]        │            │                   │
└─────────────────────┴───────────────────┴────────────┴───────────────────┘
 Total params: 33 (132.00 B)
 Trainable params: 33 (132.00 B)
 Non-trainable params: 0 (0.00 B)
"""

EXPECTED["merge_trainable"] = """\
Model: "merge"
┏━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━┳━━━━━━━━━━━━━━━━┳━━━━━━━┓
┃ Layer (type)      ┃ Output Shape    ┃   Param # ┃ Connected to   ┃ Trai… ┃
┡━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━━━━━━━━╇━━━━━━━┩
│ a (InputLayer)    │ (None, 4)       │         0 │ -              │   -   │
├───────────────────┼─────────────────┼───────────┼────────────────┼───────┤
│ b (InputLayer)    │ (None, 6)       │         0 │ -              │   -   │
├───────────────────┼─────────────────┼───────────┼────────────────┼───────┤
│ join (Join)       │ (None, 10)      │         0 │ a[0][0],       │   -   │
│                   │                 │           │ b[0][0]        │       │
├───────────────────┼─────────────────┼───────────┼────────────────┼───────┤
│ dense (Linear)    │ (None, 3)       │        33 │ join[0][0]     │   Y   │
├───────────────────┼─────────────────┼───────────┼────────────────┼───────┤
│ halves (Halves)   │ [(None, 1),     │         0 │ dense[0][0]    │   -   │
│                   │ (None, 2)]      │           │                │       │
└───────────────────┴─────────────────┴───────────┴────────────────┴───────┘
 Total params: 33 (132.00 B)
 Trainable params: 33 (132.00 B)
 Non-trainable params: 0 (0.00 B)
"""

EXPECTED["nested_expanded"] = """\
Model: "outer"
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━┓
┃ Layer (type)                ┃ Output Shape          ┃    Param # ┃ Trai… ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━┩
│ outer_in (InputLayer)       │ (None, 8)             │          0 │   -   │
├─────────────────────────────┼───────────────────────┼────────────┼───────┤
│ inner (Functional)          │ (None, 6)             │         66 │   Y   │
├─────────────────────────────┼───────────────────────┼────────────┼───────┤
│    └ inner_in (InputLayer)  │ (None, 8)             │          0 │   -   │
├─────────────────────────────┼───────────────────────┼────────────┼───────┤
│    └ proj (Linear)          │ (None, 6)             │         54 │   Y   │
├─────────────────────────────┼───────────────────────┼────────────┼───────┤
│    └ stats (Stats)          │ (None, 6)             │         12 │   Y   │
├─────────────────────────────┼───────────────────────┼────────────┼───────┤
│ head (Linear)               │ (None, 2)             │         14 │   Y   │
└─────────────────────────────┴───────────────────────┴────────────┴───────┘
 Total params: 80 (320.00 B)
 Trainable params: 74 (296.00 B)
 Non-trainable params: 6 (24.00 B)
"""

EXPECTED["sequential"] = """\
Model: "stack"
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━┓
┃ Layer (type)                ┃ Output Shape          ┃    Param # ┃ Trai… ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━┩
│ l1 (Linear)                 │ (None, 4)             │         16 │   Y   │
├─────────────────────────────┼───────────────────────┼────────────┼───────┤
│ norm (Stats)                │ (None, 4)             │          8 │   Y   │
├─────────────────────────────┼───────────────────────┼────────────┼───────┤
│ frozen (Linear)             │ (None, 2)             │         10 │   N   │
└─────────────────────────────┴───────────────────────┴────────────┴───────┘
 Total params: 34 (136.00 B)
 Trainable params: 20 (80.00 B)
 Non-trainable params: 14 (56.00 B)
"""

EXPECTED["unbuilt"] = """\
Model: "unbuilt"
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓
┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩
│ u1 (Linear)                     │ ?                      │   0 (unbuilt) │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ u2 (Linear)                     │ ?                      │   0 (unbuilt) │
└─────────────────────────────────┴────────────────────────┴───────────────┘
 Total params: 0 (0.00 B)
 Trainable params: 0 (0.00 B)
 Non-trainable params: 0 (0.00 B)
"""

EXPECTED["subclassed"] = """\
Model: "two_layers"
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓
┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩
│ first (Linear)                  │ (2, 5)                 │            25 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ second (Linear)                 │ (2, 2)                 │            12 │
└─────────────────────────────────┴────────────────────────┴───────────────┘
 Total params: 37 (148.00 B)
 Trainable params: 37 (148.00 B)
 Non-trainable params: 0 (0.00 B)
"""

EXPECTED["big_narrow"] = """\
Model: "big"
┏━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━┓
┃ Layer (type)             ┃ Output Shape      ┃   Param # ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━┩
│ big1 (Linear)            │ (None, 1000)      │ 1,001,000 │
├──────────────────────────┼───────────────────┼───────────┤
│ big2 (Linear)            │ (None, 300)       │   300,300 │
└──────────────────────────┴───────────────────┴───────────┘
 Total params: 1,301,300 (4.96 MB)
 Trainable params: 1,301,300 (4.96 MB)
 Non-trainable params: 0 (0.00 B)
"""

EXPECTED["range"] = """\
Model: "outer"
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓
┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩
│ inner (Functional)              │ (None, 6)              │            66 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│    └ inner_in (InputLayer)      │ (None, 8)              │             0 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│    └ proj (Linear)              │ (None, 6)              │            54 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│    └ stats (Stats)              │ (None, 6)              │            12 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ head (Linear)                   │ (None, 2)              │            14 │
└─────────────────────────────────┴────────────────────────┴───────────────┘
 Total params: 80 (320.00 B)
 Trainable params: 74 (296.00 B)
 Non-trainable params: 6 (24.00 B)
"""

EXPECTED["positions"] = """\
Model: "chain"
┏━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
┃ Layer (type)        ┃ Output Shape        ┃                      Param # ┃
┡━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┩
│ x (InputLayer)      │ (None, 8)           │                            0 │
├─────────────────────┼─────────────────────┼──────────────────────────────┤
│ hidden (Linear)     │ (None, 16)          │                          144 │
├─────────────────────┼─────────────────────┼──────────────────────────────┤
│ out (Linear)        │ (None, 4)           │                           68 │
└─────────────────────┴─────────────────────┴──────────────────────────────┘
 Total params: 212 (848.00 B)
 Trainable params: 212 (848.00 B)
 Non-trainable params: 0 (0.00 B)
"""


class PrintSummaryTest(testing.TestCase):
    def assert_summary(self, key, build, **kwargs):
        self.assertEqual(summary_text(build(), **kwargs), EXPECTED[key])

    def test_functional_chain(self):
        self.assert_summary("chain", chain_model)

    def test_functional_graph_has_connections(self):
        self.assert_summary("merge", merge_model)
        self.assert_summary("merge_trainable", merge_model,
                            show_trainable=True)

    def test_nested_expanded(self):
        self.assert_summary("nested_expanded", nested_model,
                            expand_nested=True, show_trainable=True)

    def test_sequential_with_frozen_layer(self):
        self.assert_summary("sequential", sequential_model,
                            show_trainable=True)

    def test_unbuilt_sequential(self):
        self.assert_summary("unbuilt", unbuilt_sequential)

    def test_subclassed(self):
        self.assert_summary("subclassed", subclassed_model)

    def test_line_length_and_thousands(self):
        self.assert_summary("big_narrow", big_model, line_length=60)

    def test_layer_range(self):
        self.assert_summary("range", nested_model,
                            layer_range=["inner", "head"],
                            expand_nested=True)
        text = summary_text(chain_model(), layer_range=[1, 1])
        self.assertIn("hidden (Linear)", text)
        self.assertNotIn("x (InputLayer)", text)
        self.assertNotIn("out (Linear)", text)

    def test_positions(self):
        self.assert_summary("positions", chain_model,
                            positions=[0.3, 0.6, 1.0])
        # Character positions: three columns of 20 characters, widened
        # alike to fill the line.
        text = summary_text(chain_model(), positions=[20, 40, 60])
        top = text.splitlines()[1]
        self.assertEqual([len(c) for c in top[1:-1].split("┳")],
                         [24, 24, 24])

    def test_default_width_follows_console(self):
        def width(model, **kwargs):
            text = summary_text(model, columns="200", **kwargs)
            return len(text.splitlines()[1])

        self.assertEqual(width(chain_model()), 88)
        self.assertEqual(width(chain_model(), show_trainable=True), 100)
        self.assertEqual(width(merge_model()), 108)
        self.assertEqual(width(merge_model(), show_trainable=True), 120)
        narrow = summary_text(merge_model(), columns="60")
        self.assertEqual(len(narrow.splitlines()[1]), 56)

    def test_weight_dtypes_set_sizes(self):
        model = Sequential([Input((10,)), HalfPrecision(name="half")])
        text = summary_text(model)
        self.assertIn(" Total params: 10,000 (19.53 KB)", text)

    def test_ops_in_graph_are_rows(self):
        x = Input((4,), name="ops_in")
        y = Linear(3, name="lin")(ops.add(x, 1.0))
        text = summary_text(Model(x, y * 2.0))
        self.assertIn(" (Add) ", text)
        self.assertIn(" (Multiply) ", text)
        self.assertNotIn("Connected to", text)

    def test_shared_layer_lists_every_call(self):
        x = Input((8,), name="shared_in")
        shared = Linear(8, name="shared")
        text = summary_text(Model(x, shared(shared(x))))
        self.assertIn("Connected to", text)
        self.assertIn("shared_in[0][0]", text)
        self.assertIn("shared[0][0]", text)

    def test_prints_to_stdout_by_default(self):
        with mock.patch.object(summary_utils.io_utils, "print_msg") as out:
            chain_model().summary()
        out.assert_called_once()
        self.assertIn('Model: "chain"', out.call_args[0][0])
        self.assertIn("Total params: 212", out.call_args[0][0])

    def test_bad_arguments(self):
        model = chain_model()
        cases = [
            ({"layer_range": ["hidden"]}, "list or tuple of two"),
            ({"layer_range": ["nope", "out"]}, "'nope' matches no layer"),
            ({"layer_range": [0, 7]}, "out of range"),
            ({"layer_range": [0, "out"]}, "two strings"),
            ({"positions": [0.5, 1.0]}, "each of the 3 columns"),
            ({"line_length": 0}, "positive integer"),
        ]
        for kwargs, message in cases:
            with self.assertRaisesRegex(ValueError, message):
                summary_text(model, **kwargs)


class ReadableMemorySizeTest(testing.TestCase):
    def test_units(self):
        size = summary_utils.readable_memory_size
        self.assertEqual(size(0), "0.00 B")
        self.assertEqual(size(1020), "1020.00 B")
        self.assertEqual(size(1024), "1.00 KB")
        self.assertEqual(size(1048572), "1024.00 KB")
        self.assertEqual(size(1024**2), "1.00 MB")
        self.assertEqual(size(5205200), "4.96 MB")
        self.assertEqual(size(1024**3), "1.00 GB")


class DocstringExamplesTest(testing.TestCase):
    def test_examples_run(self):
        import doctest

        import keras

        for fn in (summary_utils.print_summary,
                   summary_utils.readable_memory_size):
            test = doctest.DocTestParser().get_doctest(
                fn.__doc__, {"keras": keras, "np": np}, fn.__name__, None, 0
            )
            runner = doctest.DocTestRunner(
                optionflags=doctest.NORMALIZE_WHITESPACE
            )
            messages = []
            runner.run(test, out=messages.append)
            self.assertEqual(runner.failures, 0, "".join(messages))


class SummaryHelpersTest(testing.TestCase):
    # Expected strings are the oracle's for the same calls.

    def test_markup(self):
        self.assertEqual(summary_utils.bold_text("x"), "[bold]x[/]")
        self.assertEqual(summary_utils.bold_text("x", color="red"),
                         "[bold][color(red)]x[/][/]")
        self.assertEqual(summary_utils.highlight_number(12),
                         "[color(34)]12[/]")
        self.assertEqual(summary_utils.highlight_symbol("x"),
                         "[color(33)]x[/]")

    def test_counts_and_shapes(self):
        from keras.src import layers

        model = Sequential([
            Input((3,)),
            layers.Dense(4, name="d1"),
            layers.Dense(2, name="d2", dtype="float16"),
            layers.Dense(2, name="d1x"),
        ])
        self.assertEqual(summary_utils.count_params(model.weights), 32)
        self.assertEqual(summary_utils.weight_memory_size(model.weights),
                         108.0)
        twice = model.weights[:1] * 2
        self.assertEqual(summary_utils.count_params(twice), 24)
        self.assertEqual(summary_utils.weight_memory_size(twice), 48.0)
        self.assertEqual(summary_utils.format_layer_shape(model.layers[0]),
                         "([color(45)]None[/], [color(34)]4[/])")
        self.assertEqual(
            summary_utils.format_layer_shape(layers.Dense(3)), "?"
        )
        inputs = Input((3,))
        two = Model(inputs, [layers.Dense(2)(inputs), layers.Dense(3)(inputs)])
        self.assertEqual(
            summary_utils.format_layer_shape(two),
            "([color(34)](None, 2)[/], [color(34)](None, 3)[/])",
        )
        bound = summary_utils.get_layer_index_bound_by_layer_name
        self.assertEqual(bound(model.layers, ("d1", "d2")), [0, 2])
        self.assertEqual(bound(model.layers), [0, 3])
        self.assertEqual(bound(model.layers, ["d1", "d1"]), [0, 3])
        with self.assertRaisesRegex(ValueError, "do not match"):
            bound(model.layers, ("zz", "d2"))
        with self.assertRaisesRegex(ValueError, "length 2"):
            bound(model.layers, ("d1",))
