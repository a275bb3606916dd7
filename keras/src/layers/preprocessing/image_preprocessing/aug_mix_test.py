import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.aug_mix import (  # noqa: E501
    AugMix,
)

SMALL = {"num_chains": 2, "chain_depth": 1, "seed": 1}


class AugMixTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            AugMix,
            init_kwargs=SMALL,
            input_shape=(2, 6, 6, 3),
            expected_output_shape=(2, 6, 6, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=10,
            supports_masking=False,
        )

    def test_inference_and_tf_data(self):
        x = color_testing.images((2, 6, 6, 3))
        layer = AugMix(**SMALL)
        self.assertAllClose(color_testing.run(layer, x, training=False), x)
        # The TensorFlow affine transform needs a static batch size.
        color_testing.check_tf_data(self, layer, x, static_batch=True)

    def test_changes_images_within_range(self):
        # test_layer's shape: JAX reuses the ops it compiled there.
        x = color_testing.images((2, 6, 6, 3))
        out = color_testing.run(AugMix(**SMALL), x)
        self.assertFalse(np.allclose(out, x))
        self.assertTrue(np.all((out >= -1e-3) & (out <= 255 + 1e-3)))

    def test_pool_without_color_ops(self):
        layer = AugMix(all_ops=False, **SMALL)
        self.assertLen(layer._ops, 7)
        self.assertLen(AugMix(**SMALL)._ops, 11)

    def test_config(self):
        config = AugMix(alpha=0.5, all_ops=False).get_config()
        self.assertEqual(config["alpha"], 0.5)
        self.assertFalse(config["all_ops"])
        self.assertEqual(config["factor"], (0.0, 0.3))
        self.assertEqual((config["num_chains"], config["chain_depth"]),
                         (3, 3))

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "AugMix.*num_chains.*0"):
            AugMix(num_chains=0)
        with self.assertRaisesRegex(ValueError, "AugMix.*alpha.*-1"):
            AugMix(alpha=-1)
