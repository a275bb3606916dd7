import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.normalization.group_normalization import (
    GroupNormalization,
)
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


def np_group_norm(x, groups, epsilon=1e-3):
    """Channels-last group normalization of `x`."""
    channels = x.shape[-1]
    grouped = x.reshape(x.shape[:-1] + (groups, channels // groups))
    axes = tuple(range(1, x.ndim - 1)) + (x.ndim,)
    mean = grouped.mean(axis=axes, keepdims=True)
    var = grouped.var(axis=axes, keepdims=True)
    return ((grouped - mean) / np.sqrt(var + epsilon)).reshape(x.shape)


class GroupNormalizationTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            GroupNormalization,
            init_kwargs={"groups": 2},
            input_shape=(2, 3, 4),
            expected_output_shape=(2, 3, 4),
            expected_num_trainable_weights=2,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
        )

    def test_layer_checks_channels_first(self):
        self.run_layer_test(
            GroupNormalization,
            init_kwargs={"groups": -1, "axis": 1, "center": False,
                         "gamma_regularizer": "l2"},
            input_shape=(2, 3, 4, 2),
            expected_output_shape=(2, 3, 4, 2),
            expected_num_trainable_weights=1,
            expected_num_losses=1,
            supports_masking=True,
        )

    def test_values(self):
        rng = np.random.RandomState(0)
        x = (rng.randn(2, 5, 6) * 2 + 1).astype("float32")
        layer = GroupNormalization(groups=3)
        layer.build(x.shape)
        gamma = rng.rand(6).astype("float32")
        beta = rng.rand(6).astype("float32")
        layer.set_weights([gamma, beta])
        expected = np_group_norm(x, 3) * gamma + beta
        self.assertAllClose(layer(x), expected, atol=1e-5)

    def test_channels_first_matches_channels_last(self):
        x = np.random.RandomState(1).randn(2, 4, 3, 3).astype("float32")
        first = GroupNormalization(groups=2, axis=1)(x)
        last = np_group_norm(np.moveaxis(x, 1, -1), 2)
        self.assertAllClose(first, np.moveaxis(last, -1, 1), atol=1e-5)

    def test_instance_norm(self):
        x = np.random.RandomState(2).randn(2, 5, 4).astype("float32")
        self.assertAllClose(GroupNormalization(groups=-1)(x),
                            np_group_norm(x, 4), atol=1e-5)

    def test_functional_none_batch(self):
        inputs = Input((None, 4))
        outputs = GroupNormalization(groups=2)(inputs)
        self.assertEqual(outputs.shape, (None, None, 4))
        x = np.random.RandomState(3).randn(2, 3, 4).astype("float32")
        self.assertAllClose(Model(inputs, outputs)(x), np_group_norm(x, 2),
                            atol=1e-5)

    def test_config_round_trip(self):
        layer = GroupNormalization(groups=4, axis=1, epsilon=0.1)
        config = layer.get_config()
        clone = GroupNormalization.from_config(config)
        self.assertEqual(clone.get_config(), config)
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertEqual(revived.get_config(), config)

    def test_bad_arguments(self):
        x = np.ones((2, 3, 4), "float32")
        with self.assertRaisesRegex(ValueError, "must be a multiple"):
            GroupNormalization(groups=3)(x)
        with self.assertRaisesRegex(ValueError, "cannot be more"):
            GroupNormalization(groups=8)(x)
        with self.assertRaisesRegex(ValueError, "groups=0"):
            GroupNormalization(groups=0)
        with self.assertRaisesRegex(ValueError, "Invalid axis 5"):
            GroupNormalization(groups=1, axis=5)(x)
        with self.assertRaisesRegex(TypeError, "axis"):
            GroupNormalization(axis=[1])

    @pytest.mark.requires_trainable_backend
    def test_trains(self):
        inputs = Input((4,))
        layer = GroupNormalization(groups=2)
        model = Model(inputs, layer(inputs))
        model.compile(optimizer="sgd", loss="mse")
        x = np.random.RandomState(4).randn(8, 4).astype("float32")
        model.fit(x, x + 1, epochs=1, verbose=0)
        self.assertNotAllClose(layer.beta, np.zeros(4))
