import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import quantizers
from keras.src import testing

X = np.array([[1.0, -2.0, 3.0], [0.5, 0.25, -4.0]], dtype="float32")


def input_gradient(fn, x):
    """d(sum(fn(x)))/dx with the backend's own autodiff."""
    name = backend.backend()
    if name == "jax":
        import jax

        return jax.grad(lambda t: fn(t).sum())(x)
    if name == "tensorflow":
        import tensorflow as tf

        x = tf.constant(x)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(fn(x))
        return tape.gradient(y, x)
    import torch

    x = torch.tensor(x, requires_grad=True)
    fn(x).sum().backward()
    return x.grad


class AbsMaxTest(testing.TestCase):
    # Expected numbers below were computed by upstream Keras 3.15.1.

    @parameterized.named_parameters(("ops", False), ("numpy", True))
    def test_abs_max_quantize(self, to_numpy):
        q, scale = quantizers.abs_max_quantize(X, axis=-1, to_numpy=to_numpy)
        self.assertDType(q, "int8")
        self.assertAllEqual(q, [[42, -85, 127], [16, 8, -127]])
        self.assertAllClose(scale, [[42.333332], [31.75]])
        q, scale = quantizers.abs_max_quantize(X, axis=-1, value_range=(-8, 7))
        self.assertAllEqual(q, [[2, -5, 7], [1, 0, -7]])
        q, scale = quantizers.abs_max_quantize(np.zeros((1, 2)), axis=-1)
        self.assertAllEqual(q, [[0, 0]])
        self.assertAllClose(scale, [[1.27e9]], rtol=1e-5)

    def test_quantizer_class_and_serialization(self):
        quantizer = quantizers.AbsMaxQuantizer(axis=0)
        q, scale = quantizer(X)
        self.assertAllEqual(q, [[127, -127, 95], [63, 16, -127]])
        self.assertEqual(quantizer.get_config()["axis"], (0,))
        self.assertNotIn("axis", quantizers.AbsMaxQuantizer().get_config())
        config = quantizers.serialize(quantizer)
        self.assertEqual(config["module"], "keras.quantizers")
        rebuilt = quantizers.deserialize(config)
        self.assertEqual(rebuilt.get_config(), quantizer.get_config())
        self.assertEqual(
            quantizers.get("abs_max_quantizer", axis=-1).axis, (-1,)
        )
        self.assertIsNone(quantizers.get(None))
        with self.assertRaisesRegex(ValueError, "quantizer identifier"):
            quantizers.get("foo")
        with self.assertRaisesRegex(ValueError, "value_range"):
            quantizers.AbsMaxQuantizer(value_range=(3, 1))
        with self.assertRaisesRegex(NotImplementedError, "abstract"):
            quantizers.Quantizer()(X)

    @parameterized.named_parameters(("ops", False), ("numpy", True))
    def test_grouped_with_zero_point(self, to_numpy):
        x = np.arange(12, dtype="float32").reshape(4, 3) - 5
        q, scale, zero = quantizers.abs_max_quantize_grouped_with_zero_point(
            x, block_size=2, to_numpy=to_numpy
        )
        self.assertAllEqual(
            q, [[-8, -8, -8], [-3, 2, 7], [-3, 2, 7], [7, 7, 7]]
        )
        self.assertAllClose(scale, np.full((2, 3), 0.2))
        self.assertAllEqual(zero, [[7, 7, 7], [-8, -8, -8]])
        # A short last group is padded with zeros (upstream's numbers).
        rng = np.random.default_rng(1)
        k = rng.normal(size=(6, 3)).astype("float32")
        q, scale, zero = quantizers.abs_max_quantize_grouped_with_zero_point(
            k, block_size=4, to_numpy=to_numpy
        )
        self.assertAllEqual(q[4:], [[-8, -8, -8], [7, 7, -2]])
        self.assertAllClose(scale[1], [0.08902, 0.01351, 0.03214], atol=1e-5)
        self.assertAllEqual(zero, [[4, -8, -8], [0, 4, 7]])
        with self.assertRaisesRegex(ValueError, "block_size"):
            quantizers.abs_max_quantize_grouped_with_zero_point(k, 0)


class Float8Test(testing.TestCase):
    def test_scale_and_history(self):
        history = quantizers.compute_float8_amax_history(
            X, np.array([1.0, 2.0, 3.0], "float32")
        )
        self.assertAllClose(history, [4.0, 3.0, 1.0])
        self.assertAllClose(
            quantizers.compute_float8_scale(4.0, 1.0, 448.0), 0.008928572
        )
        # No usable amax: the scale is kept.
        self.assertAllClose(
            quantizers.compute_float8_scale(0.0, 2.0, 448.0, margin=1), 2.0
        )
        self.assertAllClose(
            quantizers.compute_float8_scale(np.inf, 2.0, 448.0), 2.0
        )
        self.assertAllClose(
            quantizers.compute_float8_scale(8.0, 2.0, 448.0, margin=2),
            0.071428575,
        )

    def test_quantize_and_dequantize(self):
        y = quantizers.quantize_and_dequantize(
            X, 100.0, "float8_e4m3fn", "float32"
        )
        self.assertAllClose(
            y,
            [[0.9765625, -1.953125, 2.9296875], [0.5859375, 0.1953125,
                                                 -3.90625]],
        )


class FakeQuantTest(testing.TestCase):
    def test_values(self):
        y = quantizers.fake_quant_with_min_max_vars(X, -1.0, 2.0)
        self.assertAllClose(
            y, [[1.0, -1.0, 2.0], [0.5058824, 0.24705882, -1.0]]
        )
        y = quantizers.fake_quant_with_min_max_vars(
            X,
            np.array([-1.0, -2.0, -3.0]),
            np.array([1.0, 2.0, 3.0]),
            num_bits=4,
            narrow_range=True,
            axis=-1,
        )
        self.assertAllClose(
            y, [[1.0, -2.0, 3.0], [0.5714286, 0.2857143, -3.0]], atol=1e-6
        )
        with self.assertRaisesRegex(ValueError, "num_bits"):
            quantizers.fake_quant_with_min_max_vars(X, -1.0, 1.0, num_bits=1)

    def test_nudging_and_zero_point_helpers(self):
        from keras.src.quantizers import quantizers as module

        nudged = module.adjust_and_nudge(-0.5, 2.0, 8, False)
        self.assertAllClose(nudged, [-0.5, 2.0, 0.009803922, 102.0])
        q = module.quantize_with_zero_point(X, 0.5, 3.0, 15.0)
        self.assertAllClose(q, [[5.0, 0.0, 9.0], [4.0, 4.0, 0.0]])
        self.assertAllClose(
            module.dequantize_with_zero_point(q[:1, :2], 0.5, 3.0),
            [[1.0, -1.5]],
        )

    @pytest.mark.requires_trainable_backend
    def test_straight_through_gradient(self):
        grad = input_gradient(
            lambda t: quantizers.fake_quant_with_min_max_vars(t, -1.0, 2.0),
            X,
        )
        # 1 inside the nudged range [-1, 2], 0 outside.
        self.assertAllClose(grad, [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0]])


class Int4PackingTest(testing.TestCase):
    @parameterized.named_parameters(
        ("axis0_odd", (3, 2), 0, "int8"),
        ("axis_last", (2, 3), -1, "int8"),
        ("uint8", (2, 4), -1, "uint8"),
    )
    def test_round_trip(self, shape, axis, dtype):
        low, high = (-8, 7) if dtype == "int8" else (0, 15)
        rng = np.random.default_rng(0)
        values = rng.integers(low, high + 1, size=shape).astype(dtype)
        packed, packed_shape, length = quantizers.pack_int4(
            values, axis=axis, dtype=dtype
        )
        self.assertEqual(length, shape[axis])
        self.assertEqual(tuple(packed.shape), packed_shape)
        self.assertEqual(packed_shape[axis], (shape[axis] + 1) // 2)
        unpacked = quantizers.unpack_int4(packed, length, axis, dtype)
        self.assertDType(unpacked, dtype)
        self.assertAllEqual(unpacked, values)

    def test_packed_values(self):
        # Upstream's bytes: low nibble first.
        packed, _, _ = quantizers.pack_int4(
            np.array([[1, -2], [3, -8], [7, 0]], "int8")
        )
        self.assertAllEqual(packed, [[49, -114], [7, 0]])
        with self.assertRaisesRegex(TypeError, "dtype"):
            quantizers.pack_int4(ops.ones((2,), "int32"))
        with self.assertRaisesRegex(ValueError, "dtype"):
            quantizers.unpack_int4(packed, 3, dtype="int16")
