import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.regularization.dropout import Dropout
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


class DropoutTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            Dropout,
            init_kwargs={"rate": 0.5, "noise_shape": (None, 1, None),
                         "seed": 1},
            input_shape=(2, 3, 4),
            call_kwargs={"training": True},
            expected_output_shape=(2, 3, 4),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_non_trainable_variables=1,
            expected_num_seed_generators=1,
            expected_num_losses=0,
            supports_masking=True,
            assert_built_after_instantiation=True,
        )

    def test_statistics(self):
        layer = Dropout(0.3, seed=1)
        y = ops.convert_to_numpy(
            layer(np.ones((100, 100), "float32"), training=True)
        )
        dropped = np.mean(y == 0)
        self.assertLess(abs(dropped - 0.3), 0.03)
        self.assertAllClose(y[y != 0], 1 / 0.7)

    def test_eval_is_identity(self):
        x = np.random.RandomState(0).randn(4, 5).astype("float32")
        layer = Dropout(0.5, seed=1)
        self.assertAllClose(layer(x), x)
        self.assertAllClose(layer(x, training=False), x)

    def test_same_seed_same_mask(self):
        x = np.ones((20, 20), "float32")
        a = Dropout(0.5, seed=7)(x, training=True)
        b = Dropout(0.5, seed=7)(x, training=True)
        self.assertAllClose(a, b)
        layer = Dropout(0.5, seed=7)
        first = layer(x, training=True)
        second = layer(x, training=True)
        self.assertNotAllClose(first, second)

    def test_rate_edges(self):
        x = np.ones((3, 4), "float32")
        self.assertAllClose(Dropout(0.0)(x, training=True), x)
        self.assertAllClose(Dropout(1.0)(x, training=True), 0 * x)
        self.assertLen(Dropout(0.0)._seed_generators, 0)
        self.assertLen(Dropout(0.5)._seed_generators, 1)

    def test_noise_shape_with_none(self):
        layer = Dropout(0.5, noise_shape=[None, 1], seed=3)
        self.assertEqual(layer.noise_shape, (None, 1))
        y = ops.convert_to_numpy(
            layer(np.ones((50, 6), "float32"), training=True)
        )
        # One decision per row: each row is all zeros or all 2s.
        self.assertTrue(np.all(y.min(axis=1) == y.max(axis=1)))
        self.assertTrue(set(np.unique(y)) <= {0.0, 2.0})

    def test_noise_shape_in_functional_model(self):
        inputs = Input((None, 3))
        layer = Dropout(0.5, noise_shape=(None, 1, None), seed=2)
        outputs = layer(inputs)
        self.assertEqual(outputs.shape, (None, None, 3))
        model = Model(inputs, outputs)
        y = ops.convert_to_numpy(
            model(np.ones((8, 5, 3), "float32"), training=True)
        )
        self.assertTrue(np.all(y.min(axis=1) == y.max(axis=1)))
        self.assertAllClose(model(np.ones((2, 5, 3), "float32")),
                            np.ones((2, 5, 3)))

    def test_integer_inputs_become_float(self):
        y = Dropout(0.5, seed=1)(np.ones((4, 4), "int32"), training=True)
        self.assertTrue(backend.is_float_dtype(
            backend.standardize_dtype(y.dtype)))

    def test_half_precision(self):
        layer = Dropout(0.5, seed=1, dtype="float16")
        y = layer(np.ones((4, 4), "float32"), training=True)
        self.assertEqual(backend.standardize_dtype(y.dtype), "float16")

    def test_config_round_trip(self):
        layer = Dropout(0.25, noise_shape=(None, 1), seed=4, name="drop")
        config = layer.get_config()
        for key, value in (("rate", 0.25), ("seed", 4),
                           ("noise_shape", (None, 1)), ("name", "drop")):
            self.assertEqual(config[key], value)
        self.assertEqual(Dropout.from_config(config).get_config(), config)
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertIsInstance(revived, Dropout)
        self.assertEqual(revived.get_config(), config)

    def test_bad_arguments(self):
        with pytest.raises(ValueError, match="rate=-0.1"):
            Dropout(-0.1)
        with pytest.raises(ValueError, match="between 0 and 1.*rate=1.5"):
            Dropout(1.5)
        with pytest.raises(ValueError, match="rate='a'"):
            Dropout("a")
        with pytest.raises(ValueError, match="noise_shape=5"):
            Dropout(0.5, noise_shape=5)
        with pytest.raises(ValueError, match="seed"):
            Dropout(0.5, seed="a")

    def test_masking_and_shape(self):
        layer = Dropout(0.5)
        self.assertTrue(layer.supports_masking)
        self.assertTrue(layer.built)
        self.assertEqual(layer.compute_output_shape((None, 3)), (None, 3))
