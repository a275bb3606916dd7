from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.pooling.global_max_pooling1d import GlobalMaxPooling1D


class GlobalMaxPooling1DTest(testing.TestCase):
    @parameterized.named_parameters(
        ("last", {}, (2, 4, 3), (2, 3)),
        ("first_keepdims", {"data_format": "channels_first",
                            "keepdims": True},
         (2, 3, 4), (2, 3, 1)),
    )
    def test_run_layer_test(self, init_kwargs, input_shape, output_shape):
        self.run_layer_test(
            GlobalMaxPooling1D,
            init_kwargs=init_kwargs,
            input_shape=input_shape,
            expected_output_shape=output_shape,
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            supports_masking=False,
            assert_built_after_instantiation=True,
        )

    @parameterized.parameters(
        ("channels_last", False),
        ("channels_first", True),
    )
    def test_values(self, data_format, keepdims):
        layer = GlobalMaxPooling1D(
            data_format=data_format, keepdims=keepdims
        )
        x = random_input((2, 5, 3), data_format)
        first = data_format == "channels_first"
        axes = (2,) if first else (1,)
        expected = x.max(axis=axes, keepdims=keepdims)
        self.assertAllClose(layer(x), expected, atol=1e-6)
