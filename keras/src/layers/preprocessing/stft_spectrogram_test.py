import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.stft_spectrogram import STFTSpectrogram


def _window(name, length, periodic, scaling):
    if name is None:
        w = np.ones(length)
    else:
        n = length + 1 if periodic else length
        a = 0.5 if name == "hann" else 0.54
        w = a - (1 - a) * np.cos(2 * np.pi * np.arange(n) / (n - 1))
        w = w[:length]
    if scaling == "density":
        w = w / np.sqrt(np.sum(w**2))
    elif scaling == "spectrum":
        w = w / np.sum(w)
    return w


def stft_ref(x, frame_length, frame_step, fft_length, window="hann",
             periodic=False, scaling="density", padding="valid"):
    """NumPy reference: `(real, imag)` of one signal `x` (1D), shape
    `(frames, fft_length // 2 + 1)`, with `np.fft.rfft`."""
    if padding == "same":
        frames = -(-len(x) // frame_step)
        total = max((frames - 1) * frame_step + frame_length - len(x), 0)
        x = np.pad(x, (total // 2, total - total // 2))
    frames = (len(x) - frame_length) // frame_step + 1
    w = _window(window, frame_length, periodic, scaling)
    spec = np.stack([
        np.fft.rfft(x[i * frame_step:i * frame_step + frame_length] * w,
                    n=fft_length)
        for i in range(frames)
    ])
    return spec.real, spec.imag


def spectrogram_ref(real, imag, mode):
    power = real**2 + imag**2
    if mode == "real":
        return real
    if mode == "imag":
        return imag
    if mode == "stft":
        return np.concatenate([real, imag], axis=-1)
    if mode == "angle":
        return np.arctan2(imag, real)
    if mode == "magnitude":
        return np.sqrt(power)
    if mode == "log":
        return 0.5 * np.log(np.maximum(power, 1e-7))
    power[..., 1:-1] *= 2
    return power


def _signal(shape):
    return np.random.RandomState(0).randn(*shape).astype("float32")


class STFTSpectrogramTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            STFTSpectrogram,
            init_kwargs={"frame_length": 16, "frame_step": 8,
                         "fft_length": 16},
            input_shape=(2, 64, 2),
            expected_output_shape=(2, 7, 18),
            expected_num_trainable_weights=2,
            expected_num_non_trainable_weights=0,
            supports_masking=False,
        )

    @parameterized.parameters(
        "log", "magnitude", "psd", "real", "imag", "angle", "stft"
    )
    def test_modes_match_numpy(self, mode):
        x = _signal((2, 64, 1))
        layer = STFTSpectrogram(mode=mode, frame_length=16, frame_step=8)
        real, imag = stft_ref(x[0, :, 0].astype("float64"), 16, 8, 16)
        expected = spectrogram_ref(real, imag, mode)
        out = backend.convert_to_numpy(layer(x))
        self.assertEqual(out.shape, (2,) + expected.shape)
        if mode == "angle":
            # Angles compare on the circle (pi and -pi are one angle),
            # where the bin is not ~0 (there atan2 is unstable).
            keep = np.hypot(real, imag) > 1e-3
            diff = np.angle(np.exp(1j * (out[0] - expected)))
            self.assertAllClose(diff[keep], np.zeros(keep.sum()),
                                atol=1e-4)
        else:
            self.assertAllClose(out[0], expected, atol=1e-4, rtol=1e-4)
        expected_weights = 1 if mode in ("real", "imag") else 2
        self.assertLen(layer.weights, expected_weights)

    @parameterized.parameters(
        {"window": "hamming", "periodic": True, "scaling": "spectrum",
         "padding": "same", "fft_length": 32, "frame_step": 5},
        {"window": None, "scaling": None, "fft_length": 20},
    )
    def test_options_match_numpy(self, **kwargs):
        x = _signal((1, 64, 1))
        step = kwargs.pop("frame_step", 8)
        fft = kwargs.pop("fft_length")
        layer = STFTSpectrogram(mode="stft", frame_length=16,
                                frame_step=step, fft_length=fft, **kwargs)
        real, imag = stft_ref(x[0, :, 0].astype("float64"), 16, step, fft,
                              **kwargs)
        self.assertAllClose(layer(x)[0], spectrogram_ref(real, imag, "stft"),
                            atol=1e-4, rtol=1e-4)

    def test_matches_keras_numbers(self):
        # Keras 3.15.1's outputs on this signal (log mode, and psd with
        # every option changed).
        t = np.arange(64, dtype="float32")
        x = (np.sin(0.3 * t) + 0.5 * np.cos(1.1 * t)).reshape(1, 64, 1)
        out = STFTSpectrogram(mode="log", frame_length=16, frame_step=8)(x)
        self.assertAllClose(
            backend.convert_to_numpy(out)[0, :2, :5],
            [[0.56445, 0.45788, -0.06792, -0.28012, -1.11261],
             [0.80386, 0.53092, -0.16199, -0.25894, -1.13278]],
            atol=1e-4,
        )
        out = STFTSpectrogram(
            mode="psd", frame_length=16, frame_step=8, fft_length=32,
            window="hamming", periodic=True, scaling="spectrum",
            padding="same",
        )(x)
        self.assertEqual(tuple(out.shape), (1, 8, 17))
        self.assertAllClose(
            backend.convert_to_numpy(out)[0, :2, :5],
            [[0.38637, 0.65356, 0.40069, 0.19636, 0.11324],
             [0.07057, 0.34027, 0.44871, 0.22483, 0.09028]],
            atol=1e-4,
        )

    @parameterized.product(
        data_format=["channels_last", "channels_first"],
        expand_dims=[False, True],
    )
    def test_channels_layout(self, data_format, expand_dims):
        x = _signal((2, 64, 3))
        layer = STFTSpectrogram(mode="real", frame_length=16, frame_step=8,
                                data_format=data_format,
                                expand_dims=expand_dims)
        per_channel = np.stack([
            stft_ref(x[0, :, c].astype("float64"), 16, 8, 16)[0]
            for c in range(3)
        ])  # (channels, frames, bins)
        if expand_dims:
            expected = (np.transpose(per_channel, (1, 2, 0))
                        if data_format == "channels_last" else per_channel)
        elif data_format == "channels_last":
            expected = np.concatenate(list(per_channel), axis=-1)
        else:
            expected = np.concatenate(
                [p.T for p in per_channel], axis=0
            )
        inputs = x if data_format == "channels_last" else np.transpose(
            x, (0, 2, 1))
        out = layer(inputs)
        self.assertAllClose(out[0], expected, atol=1e-4)
        self.assertEqual(layer.compute_output_shape(inputs.shape),
                         tuple(out.shape))

    def test_symbolic_shapes(self):
        out = STFTSpectrogram(frame_length=16, frame_step=8)(
            Input((None, 1)))
        self.assertEqual(out.shape, (None, None, 9))
        layer = STFTSpectrogram(frame_length=16, padding="same")
        self.assertEqual(layer.compute_output_shape((None, 64, 2)),
                         (None, 16, 18))

    def test_config_and_errors(self):
        layer = STFTSpectrogram(mode="angle", frame_length=32,
                                window="hamming", padding="same")
        config = layer.get_config()
        self.assertEqual(config["frame_step"], None)
        self.assertEqual(config["window"], "hamming")
        self.run_class_serialization_test(layer)
        with self.assertRaisesRegex(ValueError, "mode.*'foo'"):
            STFTSpectrogram(mode="foo")
        with self.assertRaisesRegex(ValueError, "scaling.*'foo'"):
            STFTSpectrogram(scaling="foo")
        with self.assertRaisesRegex(ValueError, "padding.*'causal'"):
            STFTSpectrogram(padding="causal")
        with self.assertRaisesRegex(ValueError, "fft_length.*8"):
            STFTSpectrogram(frame_length=16, fft_length=8)
        with self.assertRaisesRegex(ValueError, "frame_length.*0"):
            STFTSpectrogram(frame_length=0)
        with self.assertRaisesRegex(ValueError, "foo"):
            STFTSpectrogram(window="foo")
