import numpy as np
from absl.testing import parameterized

import keras
from keras.src import testing
from keras.src.layers.convolutional.base_conv_test import random_input
from keras.src.layers.pooling.global_average_pooling1d import (
    GlobalAveragePooling1D,
)


class GlobalAveragePooling1DTest(testing.TestCase):
    @parameterized.named_parameters(
        ("last", {}, (2, 4, 3), (2, 3)),
        ("first_keepdims", {"data_format": "channels_first",
                            "keepdims": True},
         (2, 3, 4), (2, 3, 1)),
    )
    def test_run_layer_test(self, init_kwargs, input_shape, output_shape):
        self.run_layer_test(
            GlobalAveragePooling1D,
            init_kwargs=init_kwargs,
            input_shape=input_shape,
            expected_output_shape=output_shape,
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            supports_masking=True,
            assert_built_after_instantiation=True,
        )

    @parameterized.parameters(
        ("channels_last", False),
        ("channels_first", True),
    )
    def test_values(self, data_format, keepdims):
        layer = GlobalAveragePooling1D(
            data_format=data_format, keepdims=keepdims
        )
        x = random_input((2, 5, 3), data_format)
        first = data_format == "channels_first"
        axes = (2,) if first else (1,)
        expected = x.mean(axis=axes, keepdims=keepdims)
        self.assertAllClose(layer(x), expected, atol=1e-6)

    @parameterized.parameters(
        ("channels_last", False),
        ("channels_last", True),
        ("channels_first", False),
        ("channels_first", True),
    )
    def test_masked_mean(self, data_format, keepdims):
        layer = GlobalAveragePooling1D(
            data_format=data_format, keepdims=keepdims
        )
        x = random_input((3, 4, 2))
        mask = np.array([[1, 1, 0, 0], [1, 0, 1, 1], [0, 0, 0, 0]], bool)
        weights = mask[..., None].astype("float64")
        total = (x * weights).sum(axis=1)
        count = weights.sum(axis=1)
        expected = np.divide(total, count, out=np.zeros_like(total),
                             where=count > 0)
        if data_format == "channels_first":
            x = np.moveaxis(x, -1, 1)
        y = layer(x, mask=mask)
        if keepdims:
            expected = np.expand_dims(
                expected, 2 if data_format == "channels_first" else 1
            )
        self.assertAllClose(y, expected, atol=1e-6)
        self.assertIsNone(layer.compute_mask(x, mask))

    def test_mask_from_embedding_in_a_model(self):
        inputs = keras.Input((4,), dtype="int32")
        embedding = keras.layers.Embedding(5, 3, mask_zero=True)
        outputs = GlobalAveragePooling1D()(embedding(inputs))
        self.assertEqual(outputs.shape, (None, 3))
        model = keras.Model(inputs, outputs)
        tokens = np.array([[1, 2, 0, 0], [3, 0, 0, 0]], "int32")
        table = keras.ops.convert_to_numpy(embedding.embeddings)
        expected = np.stack([table[[1, 2]].mean(0), table[3]])
        self.assertAllClose(model(tokens), expected, atol=1e-6)

    def test_integer_inputs_with_mask(self):
        x = np.array([[[1], [2], [6]]], "int32")
        y = GlobalAveragePooling1D()(x, mask=np.array([[1, 1, 0]], bool))
        self.assertDType(y, "float32")
        self.assertAllClose(y, [[1.5]])
