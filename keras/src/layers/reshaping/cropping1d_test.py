import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.reshaping.cropping1d import Cropping1D


class Cropping1DTest(testing.TestCase):
    def test_layer(self):
        self.run_layer_test(
            Cropping1D,
            init_kwargs={"cropping": (1, 2)},
            input_shape=(2, 6, 3),
            expected_output_shape=(2, 3, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=False,
        )

    @parameterized.parameters((1, 1, 1), ((0, 2), 0, 2), ((3, 0), 3, 0))
    def test_values(self, cropping, before, after):
        x = np.random.rand(2, 5, 3).astype("float32")
        expected = x[:, before:5 - after]
        self.assertAllClose(Cropping1D(cropping)(x), expected)

    def test_dynamic_length_and_dtype(self):
        out = Cropping1D(1)(Input((None, 2), dtype="int32"))
        self.assertEqual(out.shape, (None, None, 2))
        self.assertDType(out, "int32")

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, r"cropping.*-1"):
            Cropping1D(-1)
        with self.assertRaisesRegex(ValueError, r"cropping.*\(1, 2, 3\)"):
            Cropping1D((1, 2, 3))
        with self.assertRaisesRegex(ValueError, "smaller than its size"):
            Cropping1D(2)(np.ones((2, 4, 1)))
        with self.assertRaisesRegex(ValueError, "rank 3"):
            Cropping1D(1).compute_output_shape((2, 4))
