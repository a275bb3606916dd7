import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.pooling.adaptive_max_pooling3d import (
    AdaptiveMaxPooling3D,
)
from keras.src.layers.pooling.base_adaptive_pooling_test import (
    adaptive_pool_ref,
)


class AdaptiveMaxPooling3DTest(testing.TestCase):
    @parameterized.parameters("channels_last", "channels_first")
    def test_layer(self, data_format):
        spatial, size = (3, 4, 5), (2, 2, 2)
        if data_format == "channels_last":
            shape, out = (2, *spatial, 3), (2, *size, 3)
        else:
            shape, out = (2, 3, *spatial), (2, 3, *size)
        self.run_layer_test(
            AdaptiveMaxPooling3D,
            init_kwargs={
                "output_size": 2,
                "data_format": data_format,
            },
            input_shape=shape,
            expected_output_shape=out,
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
            run_training_check=data_format == "channels_last",
        )
        x = np.random.RandomState(1).rand(*shape).astype("float32")
        layer = AdaptiveMaxPooling3D(2, data_format=data_format)
        self.assertAllClose(
            layer(x), adaptive_pool_ref(x, size, "max", data_format),
            atol=1e-6,
        )

    def test_config(self):
        config = AdaptiveMaxPooling3D(2).get_config()
        self.assertEqual(config["output_size"], (2, 2, 2))
        self.assertEqual(config["data_format"], "channels_last")
