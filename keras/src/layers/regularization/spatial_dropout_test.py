import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.regularization.dropout import Dropout
from keras.src.layers.regularization.spatial_dropout import SpatialDropout1D
from keras.src.layers.regularization.spatial_dropout import SpatialDropout2D
from keras.src.layers.regularization.spatial_dropout import SpatialDropout3D
from keras.src.models.model import Model


def _assert_whole_channels(test, y, spatial_axes):
    """Each (sample, channel) slice is all zeros or all `2`s."""
    y = ops.convert_to_numpy(y)
    low = y.min(axis=spatial_axes)
    high = y.max(axis=spatial_axes)
    test.assertTrue(np.all(low == high))
    test.assertTrue(set(np.unique(y)) <= {0.0, 2.0})
    return low


class SpatialDropoutTest(testing.TestCase):
    def test_layer_checks(self):
        cases = [
            (SpatialDropout1D, {}, (2, 3, 4)),
            (SpatialDropout2D, {"data_format": "channels_first"},
             (2, 3, 4, 5)),
            (SpatialDropout3D, {}, (2, 3, 4, 5, 2)),
        ]
        for cls, kwargs, shape in cases:
            self.run_layer_test(
                cls,
                init_kwargs={"rate": 0.5, "seed": 1, **kwargs},
                input_shape=shape,
                call_kwargs={"training": True},
                expected_output_shape=shape,
                expected_num_trainable_weights=0,
                expected_num_non_trainable_weights=0,
                expected_num_seed_generators=1,
                expected_num_losses=0,
                supports_masking=True,
                assert_built_after_instantiation=True,
            )

    def test_1d(self):
        layer = SpatialDropout1D(0.5, seed=1)
        y = layer(np.ones((40, 6, 8), "float32"), training=True)
        kept = _assert_whole_channels(self, y, (1,))
        self.assertLess(abs(np.mean(kept == 0) - 0.5), 0.1)

    def test_2d_channels_last_and_first(self):
        x = np.ones((20, 3, 3, 5), "float32")
        y = SpatialDropout2D(0.5, seed=1)(x, training=True)
        _assert_whole_channels(self, y, (1, 2))
        layer = SpatialDropout2D(0.5, data_format="channels_first", seed=1)
        y = layer(np.ones((20, 5, 3, 3), "float32"), training=True)
        _assert_whole_channels(self, y, (2, 3))

    def test_3d_channels_last_and_first(self):
        y = SpatialDropout3D(0.5, seed=1)(np.ones((10, 2, 2, 2, 4)),
                                          training=True)
        _assert_whole_channels(self, y, (1, 2, 3))
        layer = SpatialDropout3D(0.5, data_format="channels_first", seed=1)
        y = layer(np.ones((10, 4, 2, 2, 2)), training=True)
        _assert_whole_channels(self, y, (2, 3, 4))

    def test_eval_is_identity(self):
        x = np.random.RandomState(0).randn(2, 3, 4).astype("float32")
        self.assertAllClose(SpatialDropout1D(0.5)(x), x)

    def test_reproducible(self):
        x = np.ones((8, 3, 3, 4), "float32")
        a = SpatialDropout2D(0.5, seed=9)(x, training=True)
        b = SpatialDropout2D(0.5, seed=9)(x, training=True)
        self.assertAllClose(a, b)

    def test_input_rank_checked(self):
        with pytest.raises(ValueError, match="expected ndim=3"):
            SpatialDropout1D(0.5)(np.ones((2, 3), "float32"))
        with pytest.raises(ValueError, match="expected ndim=4"):
            SpatialDropout2D(0.5)(np.ones((2, 3, 4), "float32"))
        with pytest.raises(ValueError, match="expected ndim=5"):
            SpatialDropout3D(0.5)(np.ones((2, 3, 4, 5), "float32"))

    def test_functional_unknown_dims(self):
        inputs = Input((None, None, 3))
        outputs = SpatialDropout2D(0.5, seed=3)(inputs)
        self.assertEqual(outputs.shape, (None, None, None, 3))
        y = Model(inputs, outputs)(np.ones((6, 2, 4, 3), "float32"),
                                   training=True)
        _assert_whole_channels(self, y, (1, 2))

    def test_config(self):
        layer = SpatialDropout1D(0.2, seed=3, name="sd")
        self.assertEqual(
            layer.get_config(),
            {"rate": 0.2, "seed": 3, "name": "sd", "dtype": "float32"},
        )
        config = SpatialDropout2D(0.3, data_format="channels_first",
                                  seed=1).get_config()
        self.assertEqual(config["data_format"], "channels_first")
        restored = SpatialDropout2D.from_config(config)
        self.assertEqual(restored.get_config(), config)
        self.assertEqual(SpatialDropout3D(0.1).get_config()["data_format"],
                         backend.image_data_format())

    def test_mixed_precision_config(self):
        layer = SpatialDropout1D(0.2, dtype="mixed_float16")
        restored = SpatialDropout1D.from_config(layer.get_config())
        self.assertEqual(restored.compute_dtype, "float16")

    def test_bad_arguments(self):
        with pytest.raises(ValueError, match="data_format='x'"):
            SpatialDropout2D(0.5, data_format="x")
        with pytest.raises(ValueError, match="rate=2"):
            SpatialDropout1D(2)

    def test_is_dropout(self):
        layer = SpatialDropout1D(0.5)
        self.assertIsInstance(layer, Dropout)
        self.assertTrue(layer.supports_masking)
        self.assertLen(layer._seed_generators, 1)


class BaseSpatialDropoutTest(testing.TestCase):
    def test_drops_whole_channels_for_any_rank(self):
        from keras.src.layers.regularization.spatial_dropout import (
            BaseSpatialDropout,
        )

        layer = BaseSpatialDropout(0.5, seed=1)
        out = ops.convert_to_numpy(
            layer(np.ones((2, 3, 4), "float32"), training=True)
        )
        # Each channel is either all dropped or all kept (scaled by 2).
        for sample in out:
            for channel in sample.T:
                self.assertIn(set(channel.tolist()), ({0.0}, {2.0}))
