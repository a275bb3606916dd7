import numpy as np
import pytest

from keras.src import testing
from keras.src.models.model import Model
from keras.src.models.model import model_from_json
from keras.src.models.test_layers import Affine


class TwoTowers(Model):
    def __init__(self, units=3, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.left = Affine(units)
        self.heads = [Affine(1), Affine(2)]

    def call(self, x, training=False):
        h = self.left(x)
        return self.heads[0](h), self.heads[1](h)


class ModelTest(testing.TestCase):
    def test_subclassed_model(self):
        model = TwoTowers(name="towers")
        a, b = model(np.ones((4, 5)))
        self.assertEqual((tuple(a.shape), tuple(b.shape)), ((4, 1), (4, 2)))
        self.assertLen(model.layers, 3)
        self.assertLen(model.weights, 6)
        self.assertEqual(model.weights[0].path, "towers/affine/kernel")

    def test_build_creates_weights(self):
        model = TwoTowers()
        model.build((None, 5))
        self.assertTrue(model.built)
        self.assertEqual(model.count_params(), 18 + 4 + 8)
        a, _ = model(np.ones((2, 5)))
        self.assertEqual(tuple(a.shape), (2, 1))

    def test_get_layer(self):
        model = TwoTowers()
        self.assertIs(model.get_layer(index=1), model.heads[0])
        self.assertIs(model.get_layer(model.left.name), model.left)
        with self.assertRaisesRegex(ValueError, "No such layer: nope"):
            model.get_layer("nope")
        with self.assertRaisesRegex(ValueError, "exactly one"):
            model.get_layer()
        with self.assertRaisesRegex(ValueError, "out of range"):
            model.get_layer(index=7)

    def test_auto_config_round_trip(self):
        model = TwoTowers(units=4, name="t")
        config = model.get_config()
        self.assertEqual(config["units"], 4)
        clone = TwoTowers.from_config(config)
        self.assertEqual(clone.units, 4)
        self.assertEqual(clone.name, "t")

    def test_json_round_trip_with_custom_objects(self):
        model = TwoTowers(units=2)
        clone = model_from_json(
            model.to_json(), custom_objects={"TwoTowers": TwoTowers}
        )
        self.assertIsInstance(clone, TwoTowers)
        self.assertEqual(clone.units, 2)

    @pytest.mark.requires_trainable_backend
    def test_pickle_and_deepcopy_keep_weights_and_training_state(self):
        import copy
        import pickle

        from keras.src import layers
        from keras.src.models.sequential import Sequential

        model = Sequential([layers.Input((3,)), layers.Dense(2)])
        model.compile("adam", "mse")
        x, y = np.ones((4, 3)), np.zeros((4, 2))
        model.fit(x, y, verbose=0)
        for make_copy in (lambda m: pickle.loads(pickle.dumps(m)),
                          copy.deepcopy):
            clone = make_copy(model)
            self.assertAllClose(clone.predict(x, verbose=0),
                                model.predict(x, verbose=0))
            self.assertEqual(
                int(clone.optimizer.iterations.numpy()),
                int(model.optimizer.iterations.numpy()),
            )
            self.assertAllClose(clone.train_on_batch(x, y),
                                model.train_on_batch(x, y))


class KerasHelpersTest(testing.TestCase):
    def test_functional_helpers(self):
        from keras.src import layers
        from keras.src.models import model as model_module
        from keras.src.models.functional import Functional

        x = layers.Input((2,))
        y = layers.Dense(1)(x)
        self.assertTrue(model_module.functional_init_arguments((x, y), {}))
        self.assertTrue(
            model_module.functional_init_arguments((x,), {"outputs": y})
        )
        self.assertFalse(
            model_module.functional_init_arguments((), {"inputs": x})
        )
        self.assertIs(model_module.inject_functional_model_class(Model),
                      Functional)

    def test_variable_mapping(self):
        from keras.src import layers
        from keras.src import models
        from keras.src import optimizers
        from keras.src.models import variable_mapping

        model = models.Sequential(
            [layers.Input((2,)), layers.Dense(1, name="d")], name="m"
        )
        store = {}
        variable_mapping.map_saveable_variables(model, store, set())
        self.assertEqual(sorted(store), ["m/d/bias", "m/d/kernel"])
        optimizer = optimizers.SGD()
        optimizer.build(model.trainable_variables)
        store = {}
        variable_mapping.map_container_variables([model, [optimizer]],
                                                 store, set())
        self.assertIn("sgd/iteration", store)
        self.assertIn("m/d/kernel", store)
