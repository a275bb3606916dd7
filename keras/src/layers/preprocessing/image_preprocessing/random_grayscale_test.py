import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.random_grayscale import (  # noqa: E501
    RandomGrayscale,
)

GRAY = np.array([0.2989, 0.587, 0.114], "float32")


class RandomGrayscaleTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomGrayscale,
            init_kwargs={"factor": 0.5, "seed": 1},
            input_shape=(2, 4, 4, 3),
            expected_output_shape=(2, 4, 4, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=False,
        )

    def test_common(self):
        color_testing.check_common(
            self, RandomGrayscale, {"factor": 0.5, "seed": 1}
        )

    def test_full_conversion(self):
        x = color_testing.images()
        out = color_testing.run(RandomGrayscale(1.0), x)
        gray = (x * GRAY).sum(-1, keepdims=True)
        self.assertAllClose(out, np.repeat(gray, 3, -1), atol=1e-3)
        out = color_testing.run(RandomGrayscale(0.0), x)
        self.assertAllClose(out, x)

    def test_each_image_converted_or_kept(self):
        x = color_testing.images((16, 3, 3, 3))
        out = color_testing.run(RandomGrayscale(0.5, seed=4), x)
        gray = np.repeat((x * GRAY).sum(-1, keepdims=True), 3, -1)
        kinds = set()
        for i in range(16):
            if np.allclose(out[i], x[i]):
                kinds.add("kept")
            else:
                self.assertAllClose(out[i], gray[i], atol=1e-3)
                kinds.add("gray")
        self.assertEqual(kinds, {"kept", "gray"})

    def test_config(self):
        config = RandomGrayscale(0.3).get_config()
        self.assertEqual(config["factor"], 0.3)
        self.assertNotIn("seed", config)
        self.assertNotIn("value_range", config)

    def test_bad_factor(self):
        with self.assertRaisesRegex(
            ValueError, "RandomGrayscale.*factor.*between 0 and 1.*1.5"
        ):
            RandomGrayscale(1.5)
