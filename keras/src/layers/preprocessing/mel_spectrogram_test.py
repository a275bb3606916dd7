import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.mel_spectrogram import MelSpectrogram


def _periodic_window(name, length):
    a = 0.5 if name == "hann" else 0.54
    return a - (1 - a) * np.cos(2 * np.pi * np.arange(length) / length)


def mel_matrix_ref(num_mel_bins, num_bins, sampling_rate, low, high):
    """Triangular filters evenly spaced on the HTK mel scale."""
    def mel(hz):
        return 1127.0 * np.log(1.0 + np.asarray(hz) / 700.0)

    bin_mels = mel(np.linspace(0, sampling_rate / 2, num_bins))
    edges = np.linspace(mel(low), mel(high), num_mel_bins + 2)
    out = np.zeros((num_bins, num_mel_bins))
    for j in range(num_mel_bins):
        left, centre, right = edges[j:j + 3]
        for i in range(1, num_bins):
            m = bin_mels[i]
            out[i, j] = max(0.0, min((m - left) / (centre - left),
                                     (right - m) / (right - centre)))
    return out


def mel_spectrogram_ref(x, fft_length, stride, sequence_length, window,
                        sampling_rate, num_mel_bins, min_freq, max_freq,
                        power_to_db, top_db, mag_exp, min_power,
                        ref_power):
    """NumPy reference of `MelSpectrogram` on `(batch, samples)`."""
    pad = fft_length // 2
    x = np.pad(x, ((0, 0), (pad, pad)), mode="reflect")
    w = np.zeros(fft_length)
    left = (fft_length - sequence_length) // 2
    w[left:left + sequence_length] = (
        np.ones(sequence_length) if window is None
        else _periodic_window(window, sequence_length)
    )
    frames = 1 + (x.shape[1] - fft_length) // stride
    spec = np.stack([
        np.fft.rfft(x[:, i * stride:i * stride + fft_length] * w, axis=-1)
        for i in range(frames)
    ], axis=1)
    power = np.abs(spec) ** mag_exp
    mel = power @ mel_matrix_ref(num_mel_bins, fft_length // 2 + 1,
                                 sampling_rate, min_freq, max_freq)
    mel = np.swapaxes(mel, -1, -2)
    if not power_to_db:
        return mel
    db = 10 * np.log10(np.maximum(mel, min_power))
    db -= 10 * np.log10(max(ref_power, min_power))
    if top_db is not None:
        db = np.maximum(db, db.max() - top_db)
    return db


_BASE = {"fft_length": 64, "sequence_stride": 32, "sequence_length": None,
         "window": "hann", "sampling_rate": 8000, "num_mel_bins": 8,
         "min_freq": 20.0, "max_freq": None, "power_to_db": True,
         "top_db": 80.0, "mag_exp": 2.0, "min_power": 1e-10,
         "ref_power": 1.0}


class MelSpectrogramTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            MelSpectrogram,
            init_kwargs={"fft_length": 32, "sequence_stride": 16,
                         "num_mel_bins": 6, "sampling_rate": 8000},
            input_shape=(2, 128),
            expected_output_shape=(2, 6, 9),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
            run_training_check=False,
        )

    @parameterized.parameters(
        {},
        {"top_db": 20.0},
        {"sequence_length": 48, "sequence_stride": 16, "window": "hamming",
         "power_to_db": False, "mag_exp": 1.0, "min_freq": 100.0,
         "max_freq": 3000.0},
        {"ref_power": 2.0, "min_power": 1e-3, "top_db": None,
         "window": None},
    )
    def test_matches_numpy(self, **overrides):
        kwargs = {**_BASE, **overrides}
        x = np.random.RandomState(0).randn(2, 256).astype("float32")
        x[1] *= 30.0
        layer = MelSpectrogram(**kwargs)
        expected = mel_spectrogram_ref(x.astype("float64"),
                                       **_ref_kwargs(kwargs))
        out = backend.convert_to_numpy(layer(x))
        tolerance = 1e-3 if kwargs["power_to_db"] else 1e-3 * expected.max()
        self.assertAllClose(out, expected, atol=tolerance, rtol=1e-3)

    def test_matches_keras_numbers(self):
        # Keras 3.15.1's outputs on this signal.
        t = np.arange(256, dtype="float32")
        x = (np.sin(0.2 * t) + 0.3 * np.sin(1.3 * t)).reshape(1, 256)
        out = MelSpectrogram(fft_length=64, sequence_stride=32,
                             num_mel_bins=8, sampling_rate=8000)(x)
        self.assertAllClose(
            backend.convert_to_numpy(out)[0, :3, :4],
            [[21.4924, 23.304, 23.3042, 23.3043],
             [18.5623, 21.7661, 21.7658, 21.7657],
             [11.3086, -22.2748, -22.0923, -22.1237]],
            atol=2e-3,
        )
        out = MelSpectrogram(
            fft_length=64, sequence_stride=16, sequence_length=48,
            num_mel_bins=6, sampling_rate=16000, power_to_db=False,
            mag_exp=1.0, min_freq=100.0, max_freq=6000.0, window="hamming",
        )(x)
        self.assertEqual(tuple(out.shape), (1, 6, 17))
        self.assertAllClose(
            backend.convert_to_numpy(out)[0, :3, :4],
            [[9.263, 13.6086, 13.4368, 13.4392],
             [8.7213, 13.1711, 13.3061, 13.2973],
             [5.0577, 2.1838, 0.8626, 0.8277]],
            atol=1e-3,
        )

    def test_mel_matrix(self):
        layer = MelSpectrogram()
        got = layer.linear_to_mel_weight_matrix(8, 33, 8000, 20.0, 4000.0)
        self.assertAllClose(got, mel_matrix_ref(8, 33, 8000, 20.0, 4000.0),
                            atol=1e-6)

    def test_shapes_and_dtypes(self):
        layer = MelSpectrogram(fft_length=32, sequence_stride=16,
                               num_mel_bins=4)
        self.assertEqual(tuple(layer(np.ones(64)).shape), (4, 5))
        self.assertDType(layer(np.ones((1, 64), "int32")), "float32")
        out = layer(Input((None,)))
        self.assertEqual(out.shape, (None, 4, None))
        with self.assertRaisesRegex(ValueError, "samples"):
            layer(np.ones((1, 64, 1)))

    def test_config_and_errors(self):
        layer = MelSpectrogram(fft_length=64, sampling_rate=8000,
                               top_db=None)
        config = layer.get_config()
        self.assertEqual(config["sequence_length"], 64)
        self.assertEqual(config["max_freq"], 4000)
        self.run_class_serialization_test(layer)
        with self.assertRaisesRegex(ValueError, "window.*'foo'"):
            MelSpectrogram(window="foo")
        with self.assertRaisesRegex(ValueError, "sequence_length=128"):
            MelSpectrogram(fft_length=64, sequence_length=128)
        with self.assertRaisesRegex(ValueError, "num_mel_bins.*0"):
            MelSpectrogram(num_mel_bins=0)

    def test_tf_data(self):
        import tensorflow as tf

        layer = MelSpectrogram(fft_length=32, sequence_stride=16,
                               num_mel_bins=4)
        x = np.random.RandomState(0).randn(4, 64).astype("float32")
        ds = tf.data.Dataset.from_tensor_slices(x).batch(2).map(layer)
        out = next(iter(ds))
        self.assertIsInstance(out, tf.Tensor)
        self.assertAllClose(out, layer(x[:2]), atol=1e-3)


def _ref_kwargs(kwargs):
    out = dict(kwargs)
    out["stride"] = out.pop("sequence_stride")
    out["sequence_length"] = out["sequence_length"] or out["fft_length"]
    out["max_freq"] = out["max_freq"] or out["sampling_rate"] // 2
    return out
