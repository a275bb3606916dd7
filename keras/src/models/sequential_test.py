import numpy as np

from keras.src import testing
from keras.src.backend import KerasTensor
from keras.src.layers.core.input_layer import Input
from keras.src.layers.core.input_layer import InputLayer
from keras.src.layers.layer import Layer
from keras.src.models.model import Model
from keras.src.models.sequential import Sequential
from keras.src.models.test_layers import Affine


class SequentialTest(testing.TestCase):
    def test_built_from_input(self):
        model = Sequential([Input((4,)), Affine(3), Affine(2)], name="seq")
        self.assertTrue(model.built)
        self.assertLen(model.layers, 2)
        self.assertEqual(model.output_shape, (None, 2))
        self.assertEqual(model.input_shape, (None, 4))
        self.assertEqual([w.path for w in model.weights[:2]],
                         ["seq/affine/kernel", "seq/affine/bias"])
        self.assertEqual(tuple(model(np.ones((5, 4))).shape), (5, 2))

    def test_deferred_build_on_first_call(self):
        model = Sequential([Affine(3), Affine(2)])
        self.assertFalse(model.built)
        with self.assertRaisesRegex(AttributeError, "not built"):
            model.output_shape
        y = model(np.ones((5, 4)))
        self.assertTrue(model.built)
        self.assertEqual(tuple(y.shape), (5, 2))
        self.assertEqual(model.input_shape, (None, 4))

    def test_build_method(self):
        model = Sequential([Affine(3)])
        model.build((None, 7))
        self.assertEqual(model.layers[0].kernel.shape, (7, 3))
        self.assertEqual(model.count_params(), 24)

    def test_input_shape_argument_on_first_layer(self):
        model = Sequential([Affine(3, input_shape=(6,))])
        self.assertTrue(model.built)
        self.assertEqual(model.input_shape, (None, 6))

    def test_add_and_pop(self):
        model = Sequential()
        model.add(Input((2,)))
        model.add(Affine(4, name="first"))
        model.add(Affine(1, name="second"))
        self.assertEqual(model.output_shape, (None, 1))
        popped = model.pop()
        self.assertEqual(popped.name, "second")
        self.assertEqual(model.output_shape, (None, 4))
        with self.assertRaisesRegex(ValueError, "unique names.*first"):
            model.add(Affine(1, name="first"))
        with self.assertRaisesRegex(ValueError, "only `Layer`.*int"):
            model.add(3)
        with self.assertRaisesRegex(ValueError, "first element"):
            model.add(Input((3,)))

    def test_pop_empty(self):
        with self.assertRaisesRegex(ValueError, "no layers"):
            Sequential().pop()

    def test_layers_exclude_input_layer(self):
        model = Sequential([Input((2,)), Affine(1)])
        self.assertNotIsInstance(model.layers[0], InputLayer)
        self.assertIs(model.get_layer(index=0), model.layers[0])

    def test_chain_of_layers_matches_layer_by_layer_calls(self):
        # A `Sequential` runs its layers as a chain (no lookups by id);
        # repeated calls, masks and a layer returning a one-element list
        # behave as calling the layers one by one.
        from keras.src import backend
        from keras.src import ops
        from keras.src.layers.core.dense import Dense

        class AsList(Layer):
            def __init__(self):
                super().__init__()
                self.supports_masking = True

            def call(self, x):
                return [x + 1.0]

            def compute_output_spec(self, x):
                return KerasTensor(x.shape, x.dtype)

        first, second = Dense(3), Dense(2, activation="relu")
        model = Sequential([Input((4,)), first, AsList(), second])
        x = ops.convert_to_tensor(
            np.random.RandomState(0).randn(5, 4).astype("float32")
        )
        expected = second(first(x) + 1.0)
        for _ in range(3):
            self.assertAllClose(model(x), expected, atol=1e-6)
        self.assertIsNotNone(model._functional._plan.chain)
        if backend.backend() in ("torch", "tensorflow"):
            mask = [True] * 4 + [False]
            backend.set_keras_mask(x, ops.array(mask))
            self.assertAllEqual(backend.get_keras_mask(model(x)), mask)
            # `call` itself reads the mask the input carries.
            self.assertAllEqual(backend.get_keras_mask(model.call(x)), mask)

    def test_training_argument_reaches_layers(self):
        class Probe(Layer):
            def call(self, x, training=False):
                self.seen = training
                return x

        probe = Probe()
        model = Sequential([Input((2,)), probe])
        model(np.ones((1, 2)), training=True)
        self.assertTrue(probe.seen)

    def test_config_round_trip(self):
        model = Sequential([Input((3,)), Affine(2), Affine(1)], name="s")
        config = model.get_config()
        self.assertEqual(config["layers"][0]["class_name"], "InputLayer")
        self.assertEqual(config["build_input_shape"], (None, 3))
        clone = Sequential.from_config(config)
        self.assertEqual(clone.name, "s")
        clone.set_weights(model.get_weights())
        x = np.random.rand(2, 3)
        self.assertAllClose(model(x), clone(x), atol=1e-6)
        unbuilt = Sequential.from_config(Sequential([Affine(2)]).get_config())
        self.assertFalse(unbuilt.built)

    def test_json_round_trip(self):
        from keras.src.models.model import model_from_json

        model = Sequential([Input((3,)), Affine(2)])
        clone = model_from_json(model.to_json())
        self.assertIsInstance(clone, Sequential)
        self.assertEqual(clone.output_shape, (None, 2))

    def test_symbolic_call_and_nesting(self):
        inner = Sequential([Affine(3), Affine(2)])
        x = Input((4,))
        model = Model(x, inner(x))
        self.assertEqual(model.output.shape, (None, 2))
        self.assertLen(model.weights, 4)
        self.assertEqual(inner.compute_output_spec(
            KerasTensor((None, 4))).shape, (None, 2))
