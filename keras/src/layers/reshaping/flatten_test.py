import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.reshaping.flatten import Flatten
from keras.src.models.model import Model


class FlattenTest(testing.TestCase):
    @parameterized.parameters("channels_last", "channels_first")
    def test_basic(self, data_format):
        self.run_layer_test(
            Flatten,
            init_kwargs={"data_format": data_format},
            input_shape=(2, 3, 4, 5),
            expected_output_shape=(2, 60),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=False,
            run_training_check=False,
        )

    @parameterized.parameters((2, 3, 4), (2, 3, 4, 5), (2, 3), (2,),
                              (2, 0, 3))
    def test_channels_last(self, *shape):
        x = np.arange(np.prod(shape), dtype="float32").reshape(shape)
        out = Flatten(data_format="channels_last")(x)
        self.assertAllClose(out, x.reshape(shape[0], -1))

    @parameterized.parameters((2, 3, 4), (2, 3, 4, 5), (2, 3))
    def test_channels_first_moves_channels_last(self, *shape):
        x = np.arange(np.prod(shape), dtype="float32").reshape(shape)
        order = (0,) + tuple(range(2, len(shape))) + (1,)
        expected = np.transpose(x, order).reshape(shape[0], -1)
        out = Flatten(data_format="channels_first")(x)
        self.assertAllClose(out, expected)

    @parameterized.parameters(
        ((None, 3, 4), (None, 12)),
        ((None, None, 4), (None, None)),
        ((None,), (None, 1)),
        ((5, 2), (5, 2)),
    )
    def test_output_shape(self, input_shape, expected):
        self.assertEqual(Flatten().compute_output_shape(input_shape),
                         expected)

    def test_symbolic_model(self):
        inputs = Input((3, 4))
        outputs = Flatten()(inputs)
        self.assertEqual(outputs.shape, (None, 12))
        x = np.random.rand(2, 3, 4).astype("float32")
        self.assertAllClose(Model(inputs, outputs)(x), x.reshape(2, 12))
        self.assertEqual(Flatten()(Input((None, 4))).shape, (None, None))

    def test_training_argument_is_ignored(self):
        self.assertEqual(Flatten()(Input((3, 4)), training=True).shape,
                         (None, 12))

    @pytest.mark.skipif(backend.backend() != "tensorflow",
                        reason="needs dims unknown while tracing")
    def test_unknown_dims_while_tracing(self):
        import tensorflow as tf

        layer = Flatten()
        spec = tf.TensorSpec((None, None, 4))
        traced = tf.function(layer, input_signature=[spec])
        self.assertAllClose(traced(np.ones((2, 3, 4), "float32")),
                            np.ones((2, 12)))

    def test_dtypes(self):
        self.assertDType(Flatten()(Input((3,), dtype="int32")), "int32")
        out = Flatten()(np.ones((2, 3), "int32"))
        self.assertDType(out, "int32")
        self.assertDType(Flatten()(Input((3,), dtype="float16")),
                         "float32")
        self.assertDType(Flatten(dtype="float16")(Input((3,))), "float16")

    def test_config(self):
        layer = Flatten(data_format="Channels_First", name="f")
        config = layer.get_config()
        self.assertEqual(config["data_format"], "channels_first")
        self.assertEqual(Flatten.from_config(config).get_config(), config)
        self.assertIn(Flatten().data_format,
                      ("channels_first", "channels_last"))

    def test_errors(self):
        with pytest.raises(ValueError, match="data_format='bad'"):
            Flatten(data_format="bad")
        with pytest.raises(ValueError, match="min_ndim=1"):
            Flatten()(np.ones(()))
        with pytest.raises(ValueError, match="rank >= 1"):
            Flatten().compute_output_shape(())

    def test_no_masking(self):
        self.assertFalse(Flatten().supports_masking)
