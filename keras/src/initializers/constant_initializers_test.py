import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import initializers
from keras.src import ops
from keras.src import testing


def _float_dtypes():
    # JAX runs without 64-bit types.
    extra = () if backend.backend() == "jax" else ("float64",)
    return ("float16", "float32") + extra


class ZerosOnesTest(testing.TestCase):
    @parameterized.parameters("float32", "float16", "int32", "uint8", "bool")
    def test_zeros(self, dtype):
        values = initializers.Zeros()((3, 4), dtype=dtype)
        self.assertDType(values, dtype)
        self.assertAllEqual(values, np.zeros((3, 4), dtype=dtype))

    @parameterized.parameters("float32", "float16", "int32", "uint8", "bool")
    def test_ones(self, dtype):
        values = initializers.Ones()((2, 5), dtype=dtype)
        self.assertDType(values, dtype)
        self.assertAllEqual(values, np.ones((2, 5), dtype=dtype))

    def test_default_dtype_is_floatx(self):
        self.assertDType(initializers.Zeros()((2,)), backend.floatx())
        self.assertDType(initializers.Ones()((2,)), backend.floatx())

    def test_shapes(self):
        self.assertEqual(tuple(initializers.Ones()(()).shape), ())
        self.assertEqual(tuple(initializers.Ones()(3).shape), (3,))
        self.assertEqual(tuple(initializers.Ones()([2, 0]).shape), (2, 0))

    def test_bad_shapes(self):
        with self.assertRaisesRegex(ValueError, "shape=\\(2, None\\)"):
            initializers.Zeros()((2, None))
        with self.assertRaisesRegex(ValueError, "non-negative"):
            initializers.Ones()((2, -1))
        with self.assertRaisesRegex(ValueError, "tuple of ints"):
            initializers.Ones()("ab")

    def test_config(self):
        for cls in (initializers.Zeros, initializers.Ones):
            self.assertEqual(cls().get_config(), {})
            self.assertIsInstance(cls.from_config({}), cls)
            self.assertIsInstance(cls().clone(), cls)


class ConstantTest(testing.TestCase):
    def test_scalar(self):
        values = initializers.Constant(3.5)((2, 3))
        self.assertDType(values, backend.floatx())
        self.assertAllClose(values, np.full((2, 3), 3.5))

    @parameterized.parameters("int32", "float16", "bool")
    def test_dtypes(self, dtype):
        values = initializers.Constant(1)((4,), dtype=dtype)
        self.assertDType(values, dtype)
        self.assertAllEqual(values, np.ones((4,), dtype=dtype))

    def test_broadcasts_arrays(self):
        init = initializers.Constant([1.0, 2.0])
        self.assertAllClose(init((3, 2)), np.tile([1.0, 2.0], (3, 1)))
        init = initializers.Constant(np.arange(3.0))
        self.assertAllClose(init((2, 3)), np.tile(np.arange(3.0), (2, 1)))
        init = initializers.Constant(ops.convert_to_tensor([4.0, 5.0]))
        self.assertAllClose(init((2,), dtype="float16"), [4.0, 5.0])

    def test_config(self):
        init = initializers.Constant(2.5)
        self.assertEqual(init.get_config(), {"value": 2.5})
        self.assertEqual(init.clone().value, 2.5)
        self.assertEqual(initializers.Constant().get_config(), {"value": 0.0})
        init = initializers.Constant([1, 2])
        self.assertEqual(init.get_config(), {"value": [1, 2]})

    def test_config_of_array_value(self):
        init = initializers.Constant(np.array([1.0, 2.0], dtype="float32"))
        config = init.get_config()
        self.assertIn(
            config["value"]["class_name"], ("__tensor__", "__numpy__")
        )
        restored = initializers.Constant.from_config(config)
        self.assertAllClose(restored((2,)), [1.0, 2.0])
        restored = initializers.deserialize(initializers.serialize(init))
        self.assertAllClose(restored((2, 2)), [[1.0, 2.0], [1.0, 2.0]])


class IdentityTest(testing.TestCase):
    def test_square_and_rectangular(self):
        init = initializers.Identity()
        self.assertAllClose(init((3, 3)), np.eye(3))
        self.assertAllClose(init((2, 4)), np.eye(2, 4))
        self.assertAllClose(init((4, 2)), np.eye(4, 2))

    def test_gain(self):
        init = initializers.Identity(gain=2.5)
        self.assertAllClose(init((3, 2)), 2.5 * np.eye(3, 2))

    @parameterized.parameters("float16", "float32", "int32")
    def test_dtype(self, dtype):
        values = initializers.Identity(gain=2.0)((2, 2), dtype=dtype)
        self.assertDType(values, dtype)
        self.assertAllEqual(values, 2 * np.eye(2, dtype=dtype))

    def test_rank_must_be_2(self):
        init = initializers.Identity()
        with self.assertRaisesRegex(ValueError, "shape=\\(2, 3, 4\\)"):
            init((2, 3, 4))
        with self.assertRaisesRegex(ValueError, "rank 1"):
            init((3,))

    def test_config(self):
        self.assertEqual(initializers.Identity().get_config(), {})
        init = initializers.Identity(gain=3.0)
        self.assertEqual(init.get_config(), {"gain": 3.0})
        self.assertEqual(init.clone().gain, 3.0)
        alias = initializers.ALL_OBJECTS_DICT["IdentityInitializer"]
        self.assertIs(alias, initializers.Identity)


def _reference_stft(side, window, frame_length, num_bins):
    fft_length = 2 * (num_bins - 1)
    n = np.arange(frame_length)[:, None]
    k = np.arange(num_bins)[None, :]
    angles = 2 * np.pi * n * k / fft_length
    kernel = np.cos(angles) if side == "real" else -np.sin(angles)
    return kernel * window[:, None]


class STFTTest(testing.TestCase):
    @parameterized.parameters("real", "imag")
    def test_no_window(self, side):
        init = initializers.STFT(side, window=None, scaling=None)
        values = init((8, 1, 5))
        self.assertEqual(tuple(values.shape), (8, 1, 5))
        expected = _reference_stft(side, np.ones(8), 8, 5)
        self.assertAllClose(values[:, 0, :], expected, atol=1e-6)

    def test_hann_scalings(self):
        # A symmetric Hann window of 5 samples.
        hann = np.array([0.0, 0.5, 1.0, 0.5, 0.0])
        for scaling, window in (
            (None, hann),
            ("density", hann / np.sqrt(np.sum(hann**2))),
            ("spectrum", hann / np.sum(hann)),
        ):
            init = initializers.STFT("real", "hann", scaling)
            expected = _reference_stft("real", window, 5, 3)
            self.assertAllClose(init((5, 1, 3))[:, 0], expected, atol=1e-6)

    def test_periodic_windows(self):
        n = np.arange(6)
        windows = {
            "hann": 0.5 - 0.5 * np.cos(2 * np.pi * n / 6),
            "hamming": 0.54 - 0.46 * np.cos(2 * np.pi * n / 6),
            "blackman": 0.42
            - 0.5 * np.cos(2 * np.pi * n / 6)
            + 0.08 * np.cos(4 * np.pi * n / 6),
            "bartlett": 1 - np.abs(2 * n / 6 - 1),
        }
        for name, window in windows.items():
            init = initializers.STFT("imag", name, None, periodic=True)
            expected = _reference_stft("imag", window, 6, 4)
            self.assertAllClose(init((6, 1, 4))[:, 0], expected, atol=1e-6)

    def test_array_window_and_channels(self):
        window = [1.0, 2.0, 3.0, 4.0]
        init = initializers.STFT("real", window, None)
        values = init((4, 2, 3), dtype="float16")
        self.assertDType(values, "float16")
        expected = _reference_stft("real", np.array(window), 4, 3)
        self.assertAllClose(values[:, 1], expected, atol=1e-2)
        self.assertEqual(init.get_config()["window"], window)
        init = initializers.STFT("real", np.array(window), None)
        self.assertEqual(init.get_config()["window"], window)

    def test_validation(self):
        with self.assertRaisesRegex(ValueError, "side='left'"):
            initializers.STFT(side="left")
        with self.assertRaisesRegex(ValueError, "scaling='l2'"):
            initializers.STFT(scaling="l2")
        with self.assertRaisesRegex(ValueError, "window='nope'"):
            initializers.STFT(window="nope")
        with self.assertRaisesRegex(ValueError, "Expected shape \\(5,\\)"):
            initializers.STFT(window=[1.0, 2.0])((5, 1, 3))
        with self.assertRaisesRegex(ValueError, "shape=\\(5, 3\\)"):
            initializers.STFT()((5, 3))
        with self.assertRaisesRegex(ValueError, "dtype=int32"):
            initializers.STFT()((5, 1, 3), dtype="int32")

    def test_config(self):
        init = initializers.STFT("imag", "hamming", "spectrum", True)
        config = init.get_config()
        self.assertEqual(
            config,
            {
                "side": "imag",
                "window": "hamming",
                "periodic": True,
                "scaling": "spectrum",
            },
        )
        self.assertAllClose(init.clone()((4, 1, 3)), init((4, 1, 3)))
        alias = initializers.ALL_OBJECTS_DICT["STFTInitializer"]
        self.assertIs(alias, initializers.STFT)

    @parameterized.parameters(*_float_dtypes())
    def test_dtypes(self, dtype):
        self.assertDType(initializers.STFT()((4, 1, 3), dtype=dtype), dtype)
