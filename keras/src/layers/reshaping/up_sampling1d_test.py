import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.reshaping.up_sampling1d import UpSampling1D


class UpSampling1DTest(testing.TestCase):
    def test_layer(self):
        self.run_layer_test(
            UpSampling1D,
            init_kwargs={"size": 3},
            input_shape=(2, 4, 2),
            expected_output_shape=(2, 12, 2),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
        )

    @parameterized.parameters(1, 2, 4)
    def test_values(self, size):
        x = np.random.rand(2, 3, 2).astype("float32")
        self.assertAllClose(UpSampling1D(size)(x), np.repeat(x, size, 1))

    def test_shapes_dtype_config_errors(self):
        out = UpSampling1D()(Input((None, 3), dtype="int32"))
        self.assertEqual(out.shape, (None, None, 3))
        self.assertDType(out, "int32")
        self.assertEqual(UpSampling1D(3).get_config()["size"], 3)
        with self.assertRaisesRegex(ValueError, "size.*0"):
            UpSampling1D(0)
