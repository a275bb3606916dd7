import numpy as np

import keras
from keras.src import ops
from keras.src import testing
from keras.src.layers.core.masking import Masking
from keras.src.saving import serialization_lib


class MaskingTest(testing.TestCase):
    def test_run_layer_test(self):
        self.run_layer_test(
            Masking,
            init_kwargs={"mask_value": 0.0},
            input_shape=(2, 3, 2),
            expected_output_shape=(2, 3, 2),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
            assert_built_after_instantiation=True,
            run_training_check=False,
        )

    def test_output_and_mask_match_numpy(self):
        x = np.array(
            [[[1.0, 1.0], [0.0, 1.0], [1.0, 1.0]],
             [[2.0, 3.0], [1.0, 1.0], [1.0, 0.0]]], "float32"
        )
        layer = Masking(mask_value=1.0)
        self.assertTrue(layer.built)
        self.assertTrue(layer.supports_masking)
        keep = np.any(x != 1.0, axis=-1)
        self.assertAllClose(layer(x), x * keep[..., None])
        self.assertAllEqual(layer.compute_mask(x), keep)
        self.assertEqual(layer.compute_output_shape((None, 3, 2)),
                         (None, 3, 2))

    def test_integer_inputs(self):
        x = np.array([[3, 3], [1, 2]], "int32")
        y = Masking(3)(x)
        self.assertDType(y, "int32")
        self.assertAllEqual(y, [[0, 0], [1, 2]])

    def test_symbolic_mask(self):
        inputs = keras.Input((5, 2))
        outputs = Masking()(inputs)
        self.assertEqual(outputs.shape, (None, 5, 2))
        self.assertEqual(outputs.dtype, "float32")
        mask = outputs._keras_mask
        self.assertEqual((mask.shape, mask.dtype), ((None, 5), "bool"))
        self.assertEqual(Masking()(inputs, training=True).shape,
                         (None, 5, 2))
        model = keras.Model(inputs, outputs)
        x = np.zeros((1, 5, 2), "float32")
        x[0, 1] = 4.0
        self.assertAllClose(model(x), x)

    def test_mask_reaches_a_following_layer(self):
        seen = {}

        def record(inputs, mask=None):
            seen["mask"] = mask
            return inputs

        inputs = keras.Input((3, 2))
        lambda_layer = keras.layers.Lambda(record)
        model = keras.Model(inputs, lambda_layer(Masking()(inputs)))
        x = np.array([[[0.0, 0.0], [1.0, 0.0], [0.0, 0.0]]], "float32")
        model(x)
        self.assertAllEqual(ops.convert_to_numpy(seen["mask"]),
                            [[False, True, False]])

    def test_config_round_trip(self):
        layer = Masking(mask_value=-1.0, name="pad")
        config = layer.get_config()
        self.assertEqual(config["mask_value"], -1.0)
        self.assertEqual(
            sorted(config), ["dtype", "mask_value", "name", "trainable"]
        )
        self.assertEqual(Masking.from_config(config).get_config(), config)
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertEqual(revived.get_config(), config)
        config = Masking(activity_regularizer="l1").get_config()
        self.assertEqual(config["activity_regularizer"]["class_name"], "L1")

    def test_invalid_mask_value(self):
        for value in ("a", None, [0.0]):
            with self.assertRaisesRegex(ValueError, "mask_value="):
                Masking(mask_value=value)
