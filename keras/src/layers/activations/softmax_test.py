import numpy as np
import pytest

from keras.src import backend
from keras.src import testing
from keras.src.layers.activations.softmax import Softmax
from keras.src.layers.core.input_layer import Input
from keras.src.models.model import Model


def _softmax(x, axis=-1):
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


def _masked_softmax(x, mask, axis=-1):
    """Reference: softmax over the kept entries, zeros elsewhere (and for
    slices masked entirely)."""
    mask = np.broadcast_to(mask, x.shape).astype(bool)
    e = np.where(mask, np.exp(x - np.max(x, axis=axis, keepdims=True)), 0)
    total = np.sum(e, axis=axis, keepdims=True)
    return np.where(total > 0, e / np.where(total > 0, total, 1), 0)


class SoftmaxTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            Softmax,
            init_kwargs={"axis": 1},
            input_shape=(2, 3, 4),
            expected_output_shape=(2, 3, 4),
            expected_num_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
            assert_built_after_instantiation=True,
        )

    def test_values(self):
        x = np.random.RandomState(0).randn(3, 5).astype("float32")
        self.assertAllClose(Softmax()(x), _softmax(x), atol=1e-6)
        self.assertAllClose(Softmax(axis=0)(x), _softmax(x, 0), atol=1e-6)

    def test_tuple_axis(self):
        x = np.random.RandomState(1).randn(2, 3, 4).astype("float32")
        y = Softmax(axis=(1, 2))(x)
        self.assertAllClose(y, _softmax(x, (1, 2)), atol=1e-6)

    def test_mask(self):
        x = np.array([[1.0, 2.0, 3.0, 4.0], [1.0, 1.0, 1.0, 1.0]], "float32")
        mask = np.array([[True, False, True, True], [False] * 4])
        y = Softmax()(x, mask=mask)
        self.assertAllClose(y, _masked_softmax(x, mask), atol=1e-6)
        self.assertAllClose(y[1], np.zeros(4))

    def test_mask_broadcast_and_float(self):
        x = np.random.RandomState(2).randn(2, 4).astype("float32")
        mask = np.array([[True], [False]])
        self.assertAllClose(Softmax()(x, mask=mask),
                            _masked_softmax(x, mask), atol=1e-6)
        float_mask = np.array([[1, 0, 1, 1], [1, 1, 1, 1]], "float32")
        self.assertAllClose(Softmax()(x, mask=float_mask),
                            _masked_softmax(x, float_mask), atol=1e-6)

    def test_mask_large_logits(self):
        x = np.array([[1.0, 2.0, 3.0, 4.0]], "float32") * 1e4
        mask = np.array([[True, False, True, False]])
        self.assertAllClose(Softmax()(x, mask=mask), [[0, 0, 1, 0]])

    def test_mask_half_precision(self):
        x = np.array([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]], "float32")
        mask = np.array([[True, True, False], [False] * 3])
        for dtype in ("float16", "bfloat16"):
            y = Softmax(dtype=dtype)(x, mask=mask)
            self.assertEqual(backend.standardize_dtype(y.dtype), dtype)
            self.assertAllClose(y, _masked_softmax(x, mask), atol=1e-2)

    def test_mask_shape_error(self):
        with pytest.raises(ValueError, match=r"mask.shape=\(2, 4\)"):
            Softmax()(np.ones((2, 4, 1), "float32"),
                      mask=np.ones((2, 4), bool))

    def test_mask_propagates(self):
        mask = np.array([[True, False]])
        y = Softmax()(np.ones((1, 2), "float32"), mask=mask)
        if hasattr(y, "_keras_mask"):
            self.assertAllEqual(y._keras_mask, mask)
        self.assertTrue(Softmax().supports_masking)

    def test_config_round_trip(self):
        layer = Softmax(axis=(1, 2))
        config = layer.get_config()
        self.assertEqual(config["axis"], (1, 2))
        self.assertEqual(Softmax.from_config(config).get_config(), config)

    def test_bad_axis(self):
        with pytest.raises(ValueError, match="axis=1.5"):
            Softmax(axis=1.5)
        with pytest.raises(ValueError, match="expected an int"):
            Softmax(axis=())

    def test_functional(self):
        inputs = Input((None, 3))
        outputs = Softmax()(inputs)
        self.assertEqual(outputs.shape, (None, None, 3))
        x = np.random.RandomState(3).randn(2, 4, 3).astype("float32")
        self.assertAllClose(Model(inputs, outputs)(x), _softmax(x),
                            atol=1e-6)
