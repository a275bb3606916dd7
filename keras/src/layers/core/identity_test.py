import numpy as np

import keras
from keras.src import testing
from keras.src.layers.core.identity import Identity
from keras.src.layers.core.masking import Masking
from keras.src.saving import serialization_lib


class IdentityTest(testing.TestCase):
    def test_run_layer_test(self):
        self.run_layer_test(
            Identity,
            init_kwargs={},
            input_shape=(2, 3),
            expected_output_shape=(2, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
            assert_built_after_instantiation=True,
            run_training_check=False,
        )

    def test_returns_inputs(self):
        layer = Identity()
        self.assertTrue(layer.built)
        self.assertEqual(layer.weights, [])
        x = np.random.RandomState(0).randn(2, 3).astype("float32")
        self.assertAllClose(layer(x), x)
        structure = layer({"a": x, "b": [x, x]})
        self.assertEqual(sorted(structure), ["a", "b"])
        self.assertAllClose(structure["b"][1], x)
        self.assertEqual(layer.compute_output_shape((None, 3)), (None, 3))

    def test_symbolic_keeps_integer_dtype_and_mask(self):
        ints = keras.Input((3,), dtype="int32")
        self.assertEqual(Identity()(ints).dtype, "int32")
        doubles = keras.Input((3,), dtype="float64")
        self.assertEqual(Identity()(doubles).dtype, "float32")
        inputs = keras.Input((4, 2))
        outputs = Identity()(Masking()(inputs))
        self.assertEqual(outputs.shape, (None, 4, 2))
        self.assertEqual(outputs._keras_mask.shape, (None, 4))
        self.assertEqual(Identity()(inputs, training=True).shape,
                         (None, 4, 2))
        pair = Identity()([inputs, ints])
        self.assertEqual([t.shape for t in pair], [(None, 4, 2), (None, 3)])
        model = keras.Model(inputs, Identity()(inputs))
        x = np.ones((2, 4, 2), "float32")
        self.assertAllClose(model(x), x)

    def test_config_round_trip(self):
        layer = Identity(name="skip")
        config = layer.get_config()
        self.assertEqual(sorted(config), ["dtype", "name", "trainable"])
        self.assertEqual(Identity.from_config(config).get_config(), config)
        custom = Identity(activity_regularizer="l2", autocast=False)
        config = custom.get_config()
        self.assertEqual(config["activity_regularizer"]["class_name"], "L2")
        self.assertFalse(config["autocast"])
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(custom)
        )
        self.assertEqual(revived.get_config(), config)

    def test_rejects_positional_arguments(self):
        with self.assertRaises(TypeError):
            Identity(3)
