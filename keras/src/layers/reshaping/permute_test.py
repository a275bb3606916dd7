import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.reshaping.permute import Permute
from keras.src.models.model import Model


class PermuteTest(testing.TestCase):
    def test_basic(self):
        self.run_layer_test(
            Permute,
            init_kwargs={"dims": (3, 1, 2)},
            input_shape=(2, 3, 4, 5),
            expected_output_shape=(2, 5, 3, 4),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=False,
            run_training_check=False,
        )

    @parameterized.parameters(
        ((2, 1), (2, 3, 4)),
        ((1, 2), (2, 3, 4)),
        ((3, 1, 2), (2, 3, 4, 5)),
        ((1,), (2, 3)),
    )
    def test_values(self, dims, shape):
        x = np.arange(np.prod(shape), dtype="float32").reshape(shape)
        expected = np.transpose(x, (0,) + dims)
        self.assertAllClose(Permute(dims)(x), expected)
        self.assertEqual(
            Permute(dims).compute_output_shape((None,) + shape[1:]),
            (None,) + expected.shape[1:],
        )

    def test_symbolic_model(self):
        inputs = Input((None, 4))
        outputs = Permute((2, 1))(inputs)
        self.assertEqual(outputs.shape, (None, 4, None))
        x = np.random.rand(2, 3, 4).astype("float32")
        model = Model(inputs, outputs)
        self.assertAllClose(model(x), np.transpose(x, (0, 2, 1)))

    def test_dtypes(self):
        out = Permute((2, 1))(Input((3, 2), dtype="int32"))
        self.assertDType(out, "int32")
        out = Permute((2, 1))(np.ones((1, 3, 2), "int32"))
        self.assertDType(out, "int32")

    def test_config(self):
        layer = Permute([2, 1], name="p")
        config = layer.get_config()
        self.assertEqual(config["dims"], (2, 1))
        self.assertEqual(Permute.from_config(config).get_config(), config)
        self.assertFalse(layer.supports_masking)

    def test_bad_dims(self):
        for dims in [(0, 1), (1, 1), (1, 3), (1, "a")]:
            with pytest.raises(ValueError, match=r"axes 1, \.\.\., n once"):
                Permute(dims)
        with pytest.raises(TypeError, match="dims=1"):
            Permute(1)

    def test_wrong_rank(self):
        with pytest.raises(ValueError, match="expected ndim=3, found ndim=4"):
            Permute((2, 1))(np.ones((2, 3, 4, 5)))
        with pytest.raises(ValueError, match=r"rank 3.*\(None, 3\)"):
            Permute((2, 1)).compute_output_shape((None, 3))
