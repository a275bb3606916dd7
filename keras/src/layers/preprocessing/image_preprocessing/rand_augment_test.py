import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.rand_augment import (  # noqa: E501
    RandAugment,
)


class RandAugmentTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandAugment,
            init_kwargs={"num_ops": 1, "seed": 1},
            input_shape=(2, 6, 6, 3),
            expected_output_shape=(2, 6, 6, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=10,
            supports_masking=False,
        )

    def test_inference_and_tf_data(self):
        x = color_testing.images((2, 6, 6, 3))
        layer = RandAugment(**{"num_ops": 1, "seed": 1})
        self.assertAllClose(color_testing.run(layer, x, training=False), x)
        # The TensorFlow affine transform needs a static batch size.
        color_testing.check_tf_data(self, layer, x, static_batch=True)

    def test_changes_images_within_range(self):
        x = color_testing.images((4, 8, 8, 3))
        out = color_testing.run(RandAugment(num_ops=1, seed=3), x)
        self.assertFalse(np.allclose(out, x))
        self.assertTrue(np.all((out >= -1e-3) & (out <= 255 + 1e-3)))

    def test_no_ops_is_identity(self):
        x = color_testing.images()
        out = color_testing.run(RandAugment(num_ops=0), x)
        self.assertAllClose(out, x)

    def test_config(self):
        config = RandAugment(num_ops=3, factor=0.2).get_config()
        self.assertEqual(config["num_ops"], 3)
        self.assertEqual(config["factor"], (0.0, 0.2))
        self.assertEqual(config["value_range"], (0, 255))
        self.assertEqual(config["interpolation"], "bilinear")

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "RandAugment.*num_ops.*-1"):
            RandAugment(num_ops=-1)
        with self.assertRaisesRegex(ValueError, r"RandAugment.*\[0, 1\]"):
            RandAugment(factor=2.0)
