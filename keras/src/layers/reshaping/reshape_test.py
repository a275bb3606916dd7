import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.reshaping.reshape import Reshape
from keras.src.models.model import Model


class ReshapeTest(testing.TestCase):
    @parameterized.parameters(((3, 4),), ((-1, 2),))
    def test_basic(self, target_shape):
        self.run_layer_test(
            Reshape,
            init_kwargs={"target_shape": target_shape},
            input_shape=(2, 12),
            expected_output_shape=(2, 3, 4) if target_shape == (3, 4)
            else (2, 6, 2),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=False,
            run_training_check=False,
            assert_built_after_instantiation=True,
        )

    @parameterized.parameters(
        ((2, 12), (3, 4)),
        ((2, 12), (-1, 4)),
        ((2, 3, 4), (2, -1, 3)),
        ((2, 3, 4), (-1,)),
        ((2, 1), ()),
        ((2, 0), (0, 3)),
    )
    def test_values(self, shape, target):
        x = np.arange(np.prod(shape), dtype="float32").reshape(shape)
        out = Reshape(target)(x)
        self.assertAllClose(out, x.reshape((shape[0],) + target))

    @parameterized.parameters(
        ((3, 4), (None, 12), (None, 3, 4)),
        ((-1, 4), (None, 12), (None, 3, 4)),
        ((-1, 4), (None, None), (None, None, 4)),
        ((3, 4), (None, None), (None, 3, 4)),
        ((2, -1), (5, 3, 4), (5, 2, 6)),
    )
    def test_output_shape(self, target, input_shape, expected):
        self.assertEqual(Reshape(target).compute_output_shape(input_shape),
                         expected)

    def test_symbolic_model(self):
        inputs = Input((12,))
        outputs = Reshape((-1, 3))(inputs)
        self.assertEqual(outputs.shape, (None, 4, 3))
        x = np.random.rand(2, 12).astype("float32")
        model = Model(inputs, outputs)
        self.assertAllClose(model(x), x.reshape(2, 4, 3))
        clone = Model.from_config(model.get_config())
        self.assertAllClose(clone(x), x.reshape(2, 4, 3))

    @pytest.mark.skipif(backend.backend() != "tensorflow",
                        reason="needs dims unknown while tracing")
    def test_unknown_dims_while_tracing(self):
        import tensorflow as tf

        layer = Reshape((2, -1))
        spec = tf.TensorSpec((None, None, 4))
        traced = tf.function(layer, input_signature=[spec])
        x = np.arange(24, dtype="float32").reshape(2, 3, 4)
        self.assertAllClose(traced(x), x.reshape(2, 2, 6))

    def test_dtypes(self):
        out = Reshape((3,))(Input((3, 1), dtype="int32"))
        self.assertDType(out, "int32")
        self.assertDType(Reshape((3,))(np.ones((2, 3), "int32")), "int32")
        self.assertDType(Reshape((3,))(Input((3,), dtype="float16")),
                         "float32")

    def test_config(self):
        layer = Reshape([3, 4], name="r")
        config = layer.get_config()
        self.assertEqual(config["target_shape"], (3, 4))
        self.assertEqual(Reshape.from_config(config).get_config(), config)
        self.assertTrue(layer.built)
        self.assertFalse(layer.supports_masking)

    def test_size_mismatch(self):
        with pytest.raises(ValueError, match=r"\(12,\).*target_shape=\(3, 5"):
            Reshape((3, 5))(np.ones((2, 12)))
        with pytest.raises(ValueError, match="total size"):
            Reshape((3, 5))(Input((12,)))
        with pytest.raises(ValueError, match=r"target_shape=\(-1, 5\)"):
            Reshape((-1, 5)).compute_output_shape((None, 12))

    def test_bad_target_shape(self):
        with pytest.raises(ValueError, match=r"at most one.*\(-1, -1\)"):
            Reshape((-1, -1))
        with pytest.raises(ValueError, match=r"non-negative.*\(-2, 5\)"):
            Reshape((-2, 5))
        with pytest.raises(ValueError, match=r"non-negative.*\(3.0, 4\)"):
            Reshape((3.0, 4))
        with pytest.raises(TypeError, match="target_shape=5"):
            Reshape(5)
