import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.reshaping.repeat_vector import RepeatVector
from keras.src.models.model import Model


class RepeatVectorTest(testing.TestCase):
    def test_basic(self):
        self.run_layer_test(
            RepeatVector,
            init_kwargs={"n": 3},
            input_shape=(2, 4),
            expected_output_shape=(2, 3, 4),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=False,
            run_training_check=False,
        )

    def test_values(self):
        x = np.arange(6, dtype="float32").reshape(2, 3)
        out = RepeatVector(4)(x)
        self.assertAllClose(out, np.repeat(x[:, None, :], 4, axis=1))
        self.assertAllClose(RepeatVector(1)(x), x[:, None, :])

    def test_symbolic_model(self):
        inputs = Input((3,))
        outputs = RepeatVector(2)(inputs)
        self.assertEqual(outputs.shape, (None, 2, 3))
        self.assertEqual(RepeatVector(5).compute_output_shape((None, None)),
                         (None, 5, None))
        x = np.random.rand(4, 3).astype("float32")
        model = Model(inputs, outputs)
        self.assertAllClose(model(x), np.stack([x, x], axis=1))

    def test_dtypes(self):
        out = RepeatVector(2)(Input((3,), dtype="int32"))
        self.assertDType(out, "int32")
        out = RepeatVector(2)(np.ones((1, 3), "int32"))
        self.assertDType(out, "int32")

    def test_config(self):
        layer = RepeatVector(np.int64(3), name="rv")
        config = layer.get_config()
        self.assertEqual(config["n"], 3)
        self.assertIsInstance(config["n"], int)
        restored = RepeatVector.from_config(config)
        self.assertEqual(restored.get_config(), config)
        self.assertFalse(layer.supports_masking)

    def test_bad_n(self):
        for n in (0, -1):
            with pytest.raises(ValueError, match=f"positive integer.*n={n}"):
                RepeatVector(n)
        for n in (2.0, "a", None, True):
            with pytest.raises(TypeError, match="`n` must be an integer"):
                RepeatVector(n)

    def test_wrong_rank(self):
        with pytest.raises(ValueError, match="expected ndim=2, found ndim=3"):
            RepeatVector(2)(np.ones((2, 3, 4)))
        with pytest.raises(ValueError, match="expects inputs of rank 2"):
            RepeatVector(2).compute_output_shape((None, 3, 4))
