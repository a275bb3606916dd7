import numpy as np

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.normalization.unit_normalization import (
    UnitNormalization,
)
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


class UnitNormalizationTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            UnitNormalization,
            init_kwargs={"axis": -1},
            input_shape=(2, 3),
            expected_output_shape=(2, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
            assert_built_after_instantiation=True,
        )

    def test_values(self):
        x = np.random.RandomState(0).randn(2, 3, 4).astype("float32")
        y = UnitNormalization(axis=(1, 2))(x)
        norm = np.sqrt((x**2).sum(axis=(1, 2), keepdims=True))
        self.assertAllClose(y, x / norm, atol=1e-6)
        y = UnitNormalization()(x)
        self.assertAllClose(y, x / np.linalg.norm(x, axis=-1,
                                                  keepdims=True), atol=1e-6)

    def test_zero_input_stays_zero(self):
        self.assertAllClose(UnitNormalization()(np.zeros((1, 3), "float32")),
                            np.zeros((1, 3)))

    def test_functional_none_batch(self):
        inputs = Input((None, 2))
        outputs = UnitNormalization()(inputs)
        self.assertEqual(outputs.shape, (None, None, 2))
        y = Model(inputs, outputs)(np.array([[[3.0, 4.0]]], "float32"))
        self.assertAllClose(y, [[[0.6, 0.8]]])

    def test_config_round_trip(self):
        layer = UnitNormalization(axis=(1, 2))
        config = layer.get_config()
        self.assertEqual(config["axis"], [1, 2])
        clone = UnitNormalization.from_config(config)
        self.assertEqual(clone.get_config(), config)
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertEqual(revived.get_config(), config)

    def test_bad_axis(self):
        with self.assertRaisesRegex(TypeError, "axis='a'"):
            UnitNormalization(axis="a")
