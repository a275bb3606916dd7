import numpy as np

from keras.src import ops
from keras.src import testing
from keras.src import tree
from keras.src.layers.core.input_layer import Input
from keras.src.layers.core.input_layer import InputLayer
from keras.src.layers.layer import Layer
from keras.src.models.cloning import clone_model
from keras.src.models.functional import Functional
from keras.src.models.model import Model
from keras.src.models.sequential import Sequential
from keras.src.saving.object_registration import CustomObjectScope


class Linear(Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units))
        self.b = self.add_weight(shape=(self.units,), initializer="ones")

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

    def get_config(self):
        return super().get_config()


class Scaled(Layer):
    def call(self, x, factor=1.0):
        return x * factor

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        return super().get_config()


class TwoLayers(Model):
    def __init__(self, units=3, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.first = Linear(units, name="first")
        self.second = Linear(2, name="second")

    def call(self, x):
        return self.second(self.first(x))

    def get_config(self):
        return {**super().get_config(), "units": self.units}


class Unconfigurable(Model):
    def __init__(self, layer, **kwargs):
        super().__init__(**kwargs)
        self.layer = layer

    def call(self, x):
        return self.layer(x)


def chain_model():
    x = Input((4,), name="x")
    return Model(x, Linear(2, name="out")(Linear(3, name="hidden")(x)),
                 name="chain")


def graph_model():
    a = Input((4,), name="a")
    b = Input((2,), name="b")
    shared = Linear(3, name="shared")
    joined = Join(name="join")([shared(a), Linear(3, name="side")(b)])
    outputs = [shared(Linear(4, name="back")(joined)), joined]
    return Model({"a": a, "b": b}, outputs, name="graph")


def nested_model():
    inner_input = Input((4,), name="inner_in")
    inner = Model(inner_input, Linear(3, name="proj")(inner_input),
                  name="inner")
    stack = Sequential([Linear(3, name="s1"), Linear(2, name="s2")],
                       name="stack")
    x = Input((4,), name="outer_in")
    return Model(x, stack(inner(x)), name="outer")


def assert_same_function(test, clone, model, inputs):
    """New weights at first; the same outputs once given the model's."""
    test.assertNotAllClose(clone.weights[0], model.weights[0])
    clone.set_weights(model.get_weights())
    got = tree.flatten(clone(inputs))
    expected = tree.flatten(model(inputs))
    test.assertLen(got, len(expected))
    for x, y in zip(got, expected):
        test.assertAllClose(x, y)


def assert_new_layers(test, clone, model):
    test.assertEqual([x.name for x in clone.layers],
                     [x.name for x in model.layers])
    for new, old in zip(clone.layers, model.layers):
        test.assertIsNot(new, old)
        test.assertIs(type(new), type(old))


class FunctionalCloneTest(testing.TestCase):
    def test_chain(self):
        model = chain_model()
        clone = clone_model(model)
        self.assertIsInstance(clone, Functional)
        self.assertEqual(clone.name, "chain")
        assert_new_layers(self, clone, model)
        self.assertEqual(clone.inputs[0].name, "x")
        assert_same_function(self, clone, model, np.ones((2, 4)))

    def test_graph_with_shared_layer_and_dict_inputs(self):
        model = graph_model()
        clone = clone_model(model)
        assert_new_layers(self, clone, model)
        shared = [x for x in clone.layers if x.name == "shared"]
        self.assertLen(shared, 1)
        self.assertLen(shared[0]._inbound_nodes, 2)
        inputs = {"a": np.ones((2, 4)), "b": np.full((2, 2), 0.5)}
        assert_same_function(self, clone, model, inputs)

    def test_input_tensors(self):
        model = chain_model()
        new_input = Input((4,), name="new_in")
        clone = clone_model(model, input_tensors=new_input)
        self.assertIs(clone.inputs[0], new_input)
        clone = clone_model(model, input_tensors=[Input((4,))])
        self.assertEqual(clone.output.shape, (None, 2))
        layer = InputLayer(shape=(4,), name="given_layer")
        clone = clone_model(model, input_tensors=layer)
        self.assertIs(clone.inputs[0], layer.output)

    def test_bad_input_tensors(self):
        model = graph_model()
        with self.assertRaisesRegex(ValueError, "structure of the model"):
            clone_model(model, input_tensors=[Input((4,))])
        with self.assertRaisesRegex(ValueError, "must be KerasTensors"):
            clone_model(chain_model(), input_tensors=np.ones((2, 4)))

    def test_clone_function(self):
        model = chain_model()
        seen = []

        def rename(layer):
            seen.append(layer.name)
            config = layer.get_config()
            config["name"] = layer.name + "_copy"
            return layer.__class__.from_config(config)

        clone = clone_model(model, clone_function=rename)
        self.assertEqual(seen, ["hidden", "out"])
        self.assertEqual([x.name for x in clone.layers],
                         ["x", "hidden_copy", "out_copy"])
        shared = clone_model(model, clone_function=lambda layer: layer)
        self.assertIs(shared.layers[1], model.layers[1])

    def test_call_function_inserts_layers_and_sees_kwargs(self):
        x = Input((4,), name="x")
        y = Scaled(name="scaled")(Linear(3, name="lin")(x), factor=2.0)
        model = Model(x, y)
        calls = []

        def call(layer, *args, **kwargs):
            calls.append((layer.name, dict(kwargs)))
            outputs = layer(*args, **kwargs)
            if layer.name == "lin":
                outputs = Scaled(name="extra")(outputs, factor=10.0)
            return outputs

        clone = clone_model(model, call_function=call)
        self.assertEqual(calls, [("lin", {}), ("scaled", {"factor": 2.0})])
        self.assertEqual([x.name for x in clone.layers],
                         ["x", "lin", "extra", "scaled"])
        clone.set_weights(model.get_weights())
        data = np.ones((2, 4))
        self.assertAllClose(clone(data), model(data) * 10.0, rtol=1e-5)

    def test_ops_in_graph(self):
        x = Input((4,), name="x")
        y = Linear(3, name="lin")(ops.add(x, 1.0)) * 2.0
        model = Model(x, y)
        clone = clone_model(model)
        self.assertLen(clone.operations, len(model.operations))
        for new, old in zip(clone.operations, model.operations):
            self.assertIsNot(new, old)
        assert_same_function(self, clone, model, np.ones((2, 4)))

    def test_recursive(self):
        model = nested_model()
        clone = clone_model(
            model, recursive=True,
            clone_function=lambda layer: layer.__class__.from_config(
                {**layer.get_config(), "name": layer.name + "_c"}),
        )
        inner, stack = clone.layers[1], clone.layers[2]
        self.assertEqual(inner.name, "inner")
        self.assertEqual([x.name for x in inner.layers],
                         ["inner_in", "proj_c"])
        self.assertIsInstance(stack, Sequential)
        self.assertEqual([x.name for x in stack.layers], ["s1_c", "s2_c"])
        assert_same_function(self, clone, model, np.ones((2, 4)))

    def test_not_recursive_clones_nested_models_whole(self):
        model = nested_model()
        given = []

        def clone_function(layer):
            given.append(layer.name)
            return layer.__class__.from_config(layer.get_config())

        with CustomObjectScope({"Linear": Linear}):
            clone = clone_model(model, clone_function=clone_function)
        self.assertEqual(given, ["inner", "stack"])
        assert_same_function(self, clone, model, np.ones((2, 4)))


class SequentialCloneTest(testing.TestCase):
    def test_with_input(self):
        model = Sequential([Input((4,)), Linear(3, name="a"),
                            Linear(2, name="b")], name="seq")
        clone = clone_model(model)
        self.assertIsInstance(clone, Sequential)
        self.assertTrue(clone.built)
        assert_new_layers(self, clone, model)
        assert_same_function(self, clone, model, np.ones((2, 4)))

    def test_unbuilt_and_built_from_shape(self):
        model = Sequential([Linear(3, name="a")], name="seq")
        self.assertFalse(clone_model(model).built)
        model.build((None, 5))
        clone = clone_model(model)
        self.assertTrue(clone.built)
        assert_same_function(self, clone, model, np.ones((2, 5)))

    def test_input_tensors(self):
        model = Sequential([Linear(3, name="a")], name="seq")
        clone = clone_model(model, input_tensors=Input((6,), name="six"))
        self.assertEqual(clone.output_shape, (None, 3))
        self.assertEqual(tuple(clone.layers[0].w.shape), (6, 3))
        with self.assertRaisesRegex(ValueError, "one tensor"):
            clone_model(model, input_tensors=[Input((6,)), Input((6,))])

    def test_call_function_is_refused(self):
        model = Sequential([Linear(3)])
        with self.assertRaisesRegex(ValueError, "only applies to functional"):
            clone_model(model, call_function=lambda layer, *a: layer(*a))


class SubclassedCloneTest(testing.TestCase):
    def test_from_config_and_built(self):
        model = TwoLayers(units=4, name="two")
        model(np.ones((2, 3), "float32"))
        clone = clone_model(model)
        self.assertIsInstance(clone, TwoLayers)
        self.assertEqual(clone.units, 4)
        self.assertTrue(clone.built)
        assert_new_layers(self, clone, model)
        assert_same_function(self, clone, model,
                             np.ones((2, 3), "float32"))

    def test_unsupported_arguments(self):
        model = TwoLayers()
        with self.assertRaisesRegex(ValueError, "`call_function`"):
            clone_model(model, call_function=lambda layer, *a: layer(*a))
        with self.assertRaisesRegex(ValueError, "`clone_function`"):
            clone_model(model, clone_function=lambda layer: layer)
        with self.assertRaisesRegex(ValueError, "`input_tensors`"):
            clone_model(model, input_tensors=Input((3,)))

    def test_without_config(self):
        with self.assertRaisesRegex(ValueError, "Cannot clone the model"):
            clone_model(Unconfigurable(Linear(2)))


class ArgumentsTest(testing.TestCase):
    def test_bad_arguments(self):
        model = chain_model()
        with self.assertRaisesRegex(ValueError, r"\['foo'\]"):
            clone_model(model, foo=1)
        with self.assertRaisesRegex(ValueError, "clone_function=3"):
            clone_model(model, clone_function=3)
        with self.assertRaisesRegex(ValueError, "call_function='x'"):
            clone_model(model, call_function="x")
        with self.assertRaisesRegex(ValueError, "must be a Keras model"):
            clone_model(object())
