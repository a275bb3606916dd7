import json
import os

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.backend import KerasTensor
from keras.src.layers.core.input_layer import Input
from keras.src.layers.layer import Layer
from keras.src.models.functional import Functional
from keras.src.models.model import Model
from keras.src.models.test_layers import Affine
from keras.src.models.test_layers import Join


def two_input_model():
    a = Input((4,), name="a")
    b = Input((2,), name="b")
    h = Affine(3, name="proj")(a)
    joined = Join(name="join")([h, b])
    return Model([a, b], {"joined": joined, "h": h}, name="two")


class FunctionalTest(testing.TestCase):
    def test_model_of_inputs_and_outputs_is_functional(self):
        model = two_input_model()
        self.assertIsInstance(model, Functional)
        self.assertIsInstance(model, Model)
        self.assertEqual([l.name for l in model.layers],
                         ["a", "proj", "b", "join"])
        outputs = model([np.ones((5, 4)), np.ones((5, 2))])
        self.assertEqual(set(outputs), {"joined", "h"})
        self.assertEqual(tuple(outputs["joined"].shape), (5, 5))

    def test_one_element_lists_stand_for_their_element(self):
        inputs = Input((3,), name="x")
        outputs = Affine(2)(inputs)
        model = Model([inputs], [outputs])
        self.assertEqual(model.input_shape, (None, 3))
        self.assertEqual(model.output_shape, (None, 2))
        result = model(np.ones((1, 3), "float32"))
        self.assertTrue(backend.is_tensor(result))
        self.assertEqual(model(Input((3,))).shape, (None, 2))
        # The config keeps the lists, as Keras writes it.
        config = model.get_config()
        self.assertEqual(config["input_layers"], [["x", 0, 0]])
        self.assertIsInstance(model.outputs, list)

    def test_layer_order_is_depth_then_discovery(self):
        a = Input((2,), name="a")
        b = Input((2,), name="b")
        d1 = Affine(2, name="d1")(a)
        d2 = Affine(2, name="d2")(Affine(2, name="d3")(b))
        model = Model({"a": a, "b": b}, Join(name="j")([d1, d2]))
        self.assertEqual([l.name for l in model.layers],
                         ["b", "a", "d3", "d1", "d2", "j"])

    def test_dict_inputs_by_name(self):
        model = two_input_model()
        out = model({"a": np.ones((1, 4)), "b": np.zeros((1, 2))})
        self.assertEqual(tuple(out["h"].shape), (1, 3))

    def test_wrong_number_of_inputs(self):
        model = two_input_model()
        with self.assertRaisesRegex(ValueError, "two.*expects 2.*received 1"):
            model(np.ones((1, 4)))
        with self.assertRaisesRegex(ValueError, "two.*expects 2.*received 3"):
            model([np.ones((1, 4))] * 3)

    def test_wrong_input_shape_names_layer(self):
        model = two_input_model()
        with self.assertRaisesRegex(ValueError, "proj.*4"):
            model([np.ones((1, 6)), np.ones((1, 2))])

    def test_disconnected_output(self):
        a = Input((2,), name="a")
        other = Input((2,), name="other")
        with self.assertRaisesRegex(ValueError, "other.*not among"):
            Model(a, Affine(1)(other))

    def test_shared_layer_and_nested_model(self):
        inner_in = Input((3,))
        inner = Model(inner_in, Affine(2, name="inner_proj")(inner_in))
        x = Input((3,))
        y = Input((3,))
        shared = Affine(3, name="shared")
        out = Join()([inner(shared(x)), inner(shared(y))])
        model = Model([x, y], out)
        self.assertLen(model.weights, 4)
        self.assertEqual(model.output.shape, (None, 4))
        result = model([np.ones((2, 3)), np.ones((2, 3))])
        self.assertAllClose(result[:, :2], result[:, 2:])
        self.assertIs(model.get_layer("shared"), shared)

    def test_ops_in_graph(self):
        x = Input((2,))
        y = ops.square(x) + 1.0
        model = Model(x, y)
        self.assertAllClose(model(np.array([[1.0, 2.0]])), [[2.0, 5.0]])

    def test_input_dtype_conversion_and_rank(self):
        x = Input((3,), dtype="int32")
        model = Model(x, ops.cast(x, "float32") * 2.0)
        self.assertAllClose(model(np.array([[1, 2, 3]])), [[2, 4, 6]])
        y = Input((2, 1))
        self.assertEqual(tuple(Model(y, y)(np.ones((4, 2))).shape),
                         (4, 2, 1))

    def test_symbolic_call_of_a_model(self):
        model = two_input_model()
        outputs = model([KerasTensor((None, 4)), KerasTensor((None, 2))])
        self.assertEqual(outputs["joined"].shape, (None, 5))

    def test_config_round_trip(self):
        model = two_input_model()
        config = model.get_config()
        self.assertEqual(config["input_layers"], [["a", 0, 0], ["b", 0, 0]])
        self.assertEqual(config["output_layers"],
                         {"joined": ["join", 0, 0], "h": ["proj", 0, 0]})
        node = config["layers"][1]["inbound_nodes"][0]
        self.assertEqual(node["args"][0]["config"]["keras_history"],
                         ["a", 0, 0])
        json.dumps(config)
        clone = Model.from_config(config)
        self.assertIsInstance(clone, Functional)
        clone.set_weights(model.get_weights())
        inputs = [np.random.rand(3, 4), np.random.rand(3, 2)]
        self.assertAllClose(model(inputs)["joined"],
                            clone(inputs)["joined"], atol=1e-6)

    def test_config_round_trip_with_shared_layers(self):
        x = Input((2,), name="x")
        shared = Affine(2, name="shared")
        model = Model(x, shared(shared(x)))
        config = model.get_config()
        nodes = config["layers"][1]["inbound_nodes"]
        self.assertEqual(nodes[1]["args"][0]["config"]["keras_history"],
                         ["shared", 0, 0])
        clone = Model.from_config(config)
        self.assertLen(clone.weights, 2)

    def test_subclass_of_model_called_functionally(self):
        class Custom(Model):
            def double(self, x):
                return 2 * x

        x = Input((2,))
        model = Custom(x, Affine(1)(x))
        self.assertIsInstance(model, Custom)
        self.assertIsInstance(model, Functional)
        self.assertEqual(type(model).__name__, "Custom")
        self.assertEqual(tuple(model(np.ones((3, 2))).shape), (3, 1))

    def test_subclass_passing_inputs_to_super(self):
        class Built(Model):
            def __init__(self):
                x = Input((2,))
                super().__init__(x, Affine(4)(x), name="built")

        model = Built()
        self.assertIsInstance(model, Functional)
        self.assertEqual(model.name, "built")
        self.assertEqual(tuple(model(np.ones((1, 2))).shape), (1, 4))

    def test_training_flag_reaches_layers(self):
        class Probe(Layer):
            def call(self, x, training=False):
                self.seen = training
                return x

        probe = Probe()
        x = Input((2,))
        model = Model(x, probe(x))
        model(np.ones((1, 2)), training=True)
        self.assertTrue(probe.seen)
        model(np.ones((1, 2)))
        self.assertFalse(probe.seen)

    def test_masks_flow_through_graph(self):
        class MaskZeros(Layer):
            def compute_mask(self, inputs, previous_mask):
                return ops.not_equal(inputs, 0)

            def call(self, x):
                return x

        class Masked(Layer):
            def call(self, x, mask=None):
                return ops.where(mask, x, -1.0)

        x = Input((3,))
        model = Model(x, Masked()(MaskZeros()(x)))
        self.assertAllClose(model(np.array([[1.0, 0.0, 2.0]])),
                            [[1.0, -1.0, 2.0]])

    def test_add_loss_in_graph(self):
        class Penalty(Layer):
            def call(self, x):
                self.add_loss(ops.sum(x))
                return x

        x = Input((2,))
        model = Model(x, Penalty()(x))
        model(np.ones((2, 2)))
        self.assertLen(model.losses, 1)
        self.assertAllClose(model.losses[0], 4.0)

    def test_torch_parameters_of_functional(self):
        model = two_input_model()
        if backend.backend() == "torch":
            self.assertLen(list(model.parameters()), 2)

    def test_argument_masks_reach_their_mask_parameters(self):
        # `call(query, value, query_mask=None, value_mask=None)`: the masks
        # of `query` and `value` arrive as `query_mask` and `value_mask`,
        # in a functional model and eagerly.
        from keras.src.layers.attention.multi_head_attention import (
            MultiHeadAttention,
        )
        from keras.src.layers.core.embedding import Embedding

        tokens = np.array([[1, 2, 0, 0], [3, 0, 0, 0]])
        embedding = Embedding(5, 4, mask_zero=True)
        attention = MultiHeadAttention(num_heads=1, key_dim=2)
        inputs = Input((4,), dtype="int32")
        x = embedding(inputs)
        _, scores = attention(x, x, return_attention_scores=True)
        model = Model(inputs, scores)
        mask = tokens != 0
        # As an explicit attention mask: Keras ignores an explicit
        # `query_mask` argument (only the query's own mask counts), and
        # NumPy arrays carry no mask on the numpy backend.
        expected = attention(embedding(tokens), embedding(tokens),
                             attention_mask=mask[:, :, None] & mask[:, None],
                             return_attention_scores=True)[1]
        self.assertAllClose(model(tokens), expected)
        eager = embedding(tokens)
        if getattr(eager, "_keras_mask", None) is not None:
            # Eagerly, masks ride on the tensors where they can (not on
            # NumPy arrays).
            self.assertAllClose(
                attention(eager, eager, return_attention_scores=True)[1],
                expected,
            )
        # Padded keys get no attention.
        self.assertAllClose(ops.convert_to_numpy(expected)[0, 0, 0, 2:],
                            np.zeros(2))


def raw_ops_model():
    """Ops called on inputs, with scalar, tuple, list and keyword
    arguments, a list of tensors and an op with several outputs."""
    from keras.src.layers.core.dense import Dense

    a = Input((4,), name="a")
    b = Input((4,), name="b")
    pairs = ops.reshape(ops.add(a, 1.0), (-1, 2))
    joined = ops.concatenate([a, b], axis=1)
    chosen = ops.where(ops.greater(a, 0.0), a, b)
    total = ops.sum(ops.exp(chosen), axis=1, keepdims=True)
    stacked = ops.transpose(ops.stack([a, b]), (1, 0, 2))
    clipped = ops.clip(ops.nn.softmax(joined, axis=-1), 0.05, 0.5)
    taken = ops.take(a, [0, 3], axis=1)
    first, second = ops.split(b, 2, axis=1)
    sliced = Dense(2, name="dense")(a[:, 1:3] * second)
    rearranged = ops.rearrange(stacked, "b n f -> b (f n)")
    outputs = [pairs, joined, total, clipped, taken, first, sliced,
               rearranged]
    return Model([a, b], outputs, name="raw_ops")


class FunctionalOpsSerializationTest(testing.TestCase):
    def _inputs(self):
        rng = np.random.RandomState(0)
        return [rng.normal(size=(3, 4)).astype("float32") for _ in "ab"]

    def _assert_same_predictions(self, expected, actual):
        self.assertLen(actual, len(expected))
        for x, y in zip(expected, actual):
            self.assertAllClose(ops.convert_to_numpy(x),
                                ops.convert_to_numpy(y), atol=1e-6)

    def test_config_holds_ops_as_keras_writes_them(self):
        model = raw_ops_model()
        layers = {l["name"]: l for l in model.get_config()["layers"]}
        self.assertEqual(
            {k: layers["sum"][k] for k in ("module", "class_name",
                                           "registered_name", "config")},
            {"module": "keras.src.ops.numpy", "class_name": "Sum",
             "registered_name": "Sum",
             "config": {"name": "sum", "axis": 1, "keepdims": True}},
        )
        add_args = layers["add"]["inbound_nodes"][0]["args"]
        self.assertEqual(add_args[1], 1.0)
        self.assertEqual(add_args[0]["config"]["keras_history"],
                         ["a", 0, 0])
        concat_args = layers["concatenate"]["inbound_nodes"][0]["args"]
        self.assertLen(concat_args, 1)
        self.assertLen(concat_args[0], 2)
        self.assertEqual(layers["reshape"]["config"]["newshape"], (-1, 2))
        json.dumps(model.get_config())

    def test_round_trips_through_config_and_file(self):
        model = raw_ops_model()
        x = self._inputs()
        expected = model(x)
        restored = Model.from_config(model.get_config())
        restored.set_weights(model.get_weights())
        self._assert_same_predictions(expected,
                                      restored(x))
        self.assertEqual(
            [op.name for op in restored.operations],
            [op.name for op in model.operations],
        )
        from keras.src.saving import saving_api

        path = os.path.join(self.get_temp_dir(), "raw_ops.keras")
        model.save(path)
        loaded = saving_api.load_model(path)
        self._assert_same_predictions(expected,
                                      loaded(x))

    def test_loads_keras_written_file(self):
        # Written by upstream Keras 3.15.1 with
        # keras/src/saving/fixtures/make_raw_ops_fixture.py.
        from keras.src.saving import saving_api

        folder = os.path.join(os.path.dirname(__file__), "..", "saving",
                              "fixtures")
        data = np.load(os.path.join(folder, "raw_ops.npz"))
        model = saving_api.load_model(os.path.join(folder, "raw_ops.keras"))
        op_modules = {type(op).__module__ for op in model.operations}
        self.assertIn("keras.src.ops.numpy", op_modules)
        self.assertIn("keras.src.ops.nn", op_modules)
        actual = model([data["x_a"], data["x_b"]])
        expected = [data[f"y_{i}"] for i in range(len(actual))]
        self._assert_same_predictions(expected, actual)


class FunctionalHelpersTest(testing.TestCase):
    def test_node_serialization_helpers(self):
        from keras.src.models import functional

        x = Input((2,), name="x")
        y = ops.concatenate([x, ops.add(x, 1.0)], axis=1)
        node = y._keras_history.operation._inbound_nodes[0]
        data = functional.serialize_node(node)
        self.assertEqual(
            data["args"][0][1]["config"]["keras_history"], ["add", 0, 0]
        )
        created = {"x": x._keras_history.operation,
                   "add": node.parent_nodes[1].operation}
        args, kwargs = functional.deserialize_node(data, created)
        self.assertIs(args[0][0], x)
        self.assertEqual(kwargs, {})
        with self.assertRaisesRegex(ValueError, "does not exist yet"):
            functional.deserialize_node(data, {"x": created["x"]})

    def test_graph_helpers(self):
        from keras.src.layers.core.dense import Dense
        from keras.src.layers.regularization.dropout import Dropout
        from keras.src.models import functional

        x = Input((3,), name="x")
        h = Dense(4, name="h")(x)
        y = ops.exp(h)
        self.assertTrue(functional.is_input_keras_tensor(x))
        self.assertFalse(functional.is_input_keras_tensor(h))
        self.assertEqual(functional.unpack_singleton([h]), h)
        self.assertEqual(
            [n.operation.name for n in
             functional.find_nodes_by_inputs_and_outputs(x, y)],
            ["x", "h", "exp"],
        )
        new_h, new_y = functional.clone_graph_nodes(h, y)
        self.assertTrue(functional.is_input_keras_tensor(new_h))
        self.assertEqual(new_y.shape, (None, 4))
        self.assertEqual(Model(new_h, new_y)(np.zeros((1, 4))).shape, (1, 4))
        mapping = {}
        a, b = functional.clone_keras_tensors([x, x], mapping)
        self.assertIs(a, b)
        self.assertIsNot(a, x)
        self.assertEqual(a.shape, x.shape)
        fn = functional.operation_fn(Dropout(0.9), training=False)
        self.assertAllClose(fn(np.ones((1, 2))), np.ones((1, 2)))
        self.assertTrue(functional.functional_like_constructor(Functional))
        self.assertFalse(functional.functional_like_constructor(Dense))
