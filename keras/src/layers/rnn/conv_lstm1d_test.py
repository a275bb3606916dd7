import numpy as np

from keras.src import testing
from keras.src.layers.rnn.conv_lstm1d import ConvLSTM1D


class ConvLSTM1DTest(testing.TestCase):
    def test_run_layer_test(self):
        self.run_layer_test(
            ConvLSTM1D,
            init_kwargs={"filters": 2, "kernel_size": 3},
            input_shape=(2, 3, 6, 2),
            expected_output_shape=(2, 4, 2),
            expected_num_trainable_weights=3,
            expected_num_non_trainable_weights=0,
            supports_masking=True,
        )

    def test_shapes(self):
        layer = ConvLSTM1D(3, 3, padding="same", return_sequences=True,
                           return_state=True)
        x = np.ones((2, 3, 6, 2), "float32")
        outputs, h, c = layer(x)
        spatial = x.shape[2:-1]
        self.assertEqual(tuple(outputs.shape), x.shape[:2] + spatial + (3,))
        self.assertEqual(tuple(h.shape), x.shape[:1] + spatial + (3,))
        self.assertEqual(tuple(c.shape), tuple(h.shape))
        self.assertEqual(tuple(layer.cell.kernel.shape),
                         (3,) * 1 + (x.shape[-1], 12))
        first = ConvLSTM1D(3, 3, data_format="channels_first")
        y = first(np.moveaxis(x, -1, 2))
        self.assertEqual(y.shape[1], 3)
