"""`MelSpectrogram`: mel-scaled power spectrograms of audio signals."""

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.layers.preprocessing.tf_data_layer import TFDataLayer

_WINDOWS = ("hann", "hamming", None)


@keras_export("keras.layers.MelSpectrogram")
class MelSpectrogram(TFDataLayer):
    """Computes mel spectrograms of audio signals.

    Each signal is transformed with a centred short-time Fourier
    transform (`keras.ops.stft` with `center=True`: frames of
    `fft_length` samples every `sequence_stride` samples, windowed over
    `sequence_length` of them), its magnitudes raised to `mag_exp` and
    mapped onto `num_mel_bins` triangular mel filters between `min_freq`
    and `max_freq` (see `linear_to_mel_weight_matrix`). With
    `power_to_db`, the result is in decibels:
    `10 * log10(max(mel, min_power) / max(ref_power, min_power))`,
    raised to at least the largest value of the batch minus `top_db`.

    Inputs of shape `(batch, samples)` (or `(samples,)`) give outputs
    of shape `(batch, num_mel_bins, 1 + samples // sequence_stride)`.
    The layer also runs in `tf.data` pipelines on every backend.

    Args:
        fft_length: the length of each transformed frame.
        sequence_stride: the samples between frames.
        sequence_length: the window's length, at most `fft_length`
            (default: `fft_length`).
        window: `"hann"`, `"hamming"` or `None` (a rectangular window).
        sampling_rate: the signals' sampling rate, in Hz.
        num_mel_bins: the number of mel bands.
        min_freq: the lowest frequency of the mel filters, in Hz.
        max_freq: the highest one (default: `sampling_rate // 2`).
        power_to_db: whether to convert the mel powers to decibels.
        top_db: the dynamic range kept by `power_to_db`, in decibels
            (`None` keeps all).
        mag_exp: the exponent of the magnitudes (2 gives powers, 1
            amplitudes).
        min_power: the floor of the powers before the log.
        ref_power: the power mapped to 0 dB.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.MelSpectrogram(
    ...     fft_length=64, sequence_stride=32, num_mel_bins=8,
    ...     sampling_rate=8000)
    >>> layer(np.random.rand(2, 256)).shape
    (2, 8, 9)
    """

    def __init__(
        self,
        fft_length=2048,
        sequence_stride=512,
        sequence_length=None,
        window="hann",
        sampling_rate=16000,
        num_mel_bins=128,
        min_freq=20.0,
        max_freq=None,
        power_to_db=True,
        top_db=80.0,
        mag_exp=2.0,
        min_power=1e-10,
        ref_power=1.0,
        **kwargs,
    ):
        super().__init__(**kwargs)
        for name, value in (("fft_length", fft_length),
                            ("sequence_stride", sequence_stride),
                            ("num_mel_bins", num_mel_bins),
                            ("sequence_length", sequence_length or 1)):
            if isinstance(value, bool) or not isinstance(value, int) or (
                value <= 0
            ):
                raise ValueError(
                    f"MelSpectrogram: `{name}` must be a positive integer. "
                    f"Received: {name}={value!r}"
                )
        sequence_length = sequence_length or fft_length
        if sequence_length > fft_length:
            raise ValueError(
                "MelSpectrogram: `fft_length` must be at least "
                f"`sequence_length`. Received: fft_length={fft_length}, "
                f"sequence_length={sequence_length}"
            )
        if window not in _WINDOWS:
            raise ValueError(
                f"MelSpectrogram: `window` must be one of {_WINDOWS}. "
                f"Received: window={window!r}"
            )
        self.fft_length = fft_length
        self.sequence_stride = sequence_stride
        self.sequence_length = sequence_length
        self.window = window
        self.sampling_rate = sampling_rate
        self.num_mel_bins = num_mel_bins
        self.min_freq = min_freq
        self.max_freq = max_freq or sampling_rate // 2
        self.power_to_db = power_to_db
        self.top_db = top_db
        self.mag_exp = mag_exp
        self.min_power = min_power
        self.ref_power = ref_power
        self.built = True

    def call(self, inputs):
        b = self.backend
        if len(inputs.shape) not in (1, 2):
            raise ValueError(
                f"MelSpectrogram '{self.name}' expects inputs of shape "
                "(batch, samples) or (samples,). Received: "
                f"inputs.shape={tuple(inputs.shape)}"
            )
        x = b.cast(inputs, self.compute_dtype)
        real, imag = b.math.stft(
            x, self.sequence_length, self.sequence_stride, self.fft_length,
            self.window, True,
        )
        power = b.numpy.square(real) + b.numpy.square(imag)
        if self.mag_exp != 2.0:
            power = b.numpy.power(b.numpy.sqrt(power), self.mag_exp)
        weights = self.linear_to_mel_weight_matrix(
            num_mel_bins=self.num_mel_bins,
            num_spectrogram_bins=self.fft_length // 2 + 1,
            sampling_rate=self.sampling_rate,
            lower_edge_hertz=self.min_freq,
            upper_edge_hertz=self.max_freq,
            dtype=self.compute_dtype,
        )
        mel = b.numpy.matmul(power, weights)
        mel = b.numpy.swapaxes(mel, -1, -2)
        if self.power_to_db:
            mel = self._to_db(mel)
        return mel

    def _to_db(self, power):
        n = self.backend.numpy
        db = 10.0 * n.log10(n.maximum(power, self.min_power))
        db = db - 10.0 * float(np.log10(max(self.ref_power, self.min_power)))
        if self.top_db is not None:
            db = n.maximum(db, n.max(db) - self.top_db)
        return db

    def linear_to_mel_weight_matrix(
        self,
        num_mel_bins=20,
        num_spectrogram_bins=129,
        sampling_rate=8000,
        lower_edge_hertz=125.0,
        upper_edge_hertz=3800.0,
        dtype="float32",
    ):
        """The matrix mapping linear spectrogram bins to mel bands.

        The spectrogram's bins sit at frequencies evenly spaced from 0 to
        `sampling_rate / 2`; the mel bands are triangles evenly spaced on
        the mel scale (`1127 * ln(1 + hz / 700)`) from `lower_edge_hertz`
        to `upper_edge_hertz`, each rising from the previous band's
        centre to its own and falling to the next one's. The row of the
        0 Hz bin is zero.

        Args:
            num_mel_bins: the number of mel bands.
            num_spectrogram_bins: the number of linear bins
                (`fft_length // 2 + 1`).
            sampling_rate: the signals' sampling rate, in Hz.
            lower_edge_hertz: the lowest edge of the first band.
            upper_edge_hertz: the highest edge of the last band.
            dtype: the dtype of the matrix.

        Returns:
            A tensor of shape `(num_spectrogram_bins, num_mel_bins)`.
        """
        def to_mel(hz):
            return 1127.0 * np.log1p(np.asarray(hz, "float64") / 700.0)

        freqs = np.linspace(0.0, sampling_rate / 2.0, num_spectrogram_bins)
        bin_mels = to_mel(freqs[1:])[:, None]
        edges = np.linspace(to_mel(lower_edge_hertz),
                            to_mel(upper_edge_hertz), num_mel_bins + 2)
        left, centre, right = edges[:-2], edges[1:-1], edges[2:]
        rising = (bin_mels - left) / (centre - left)
        falling = (right - bin_mels) / (right - centre)
        weights = np.maximum(0.0, np.minimum(rising, falling))
        weights = np.concatenate([np.zeros((1, num_mel_bins)), weights])
        return self.backend.convert_to_tensor(
            weights.astype(backend.standardize_dtype(dtype)), dtype=dtype
        )

    def compute_output_shape(self, input_shape):
        input_shape = tuple(input_shape)
        if len(input_shape) not in (1, 2):
            raise ValueError(
                f"MelSpectrogram '{self.name}' expects inputs of shape "
                "(batch, samples) or (samples,). Received: "
                f"input_shape={input_shape}"
            )
        samples = input_shape[-1]
        frames = None if samples is None else (
            1 + samples // self.sequence_stride
        )
        return input_shape[:-1] + (self.num_mel_bins, frames)

    def compute_output_spec(self, inputs, **kwargs):
        return KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=self.compute_dtype
        )

    def get_config(self):
        config = super().get_config()
        config.update({
            "fft_length": self.fft_length,
            "sequence_stride": self.sequence_stride,
            "sequence_length": self.sequence_length,
            "window": self.window,
            "sampling_rate": self.sampling_rate,
            "num_mel_bins": self.num_mel_bins,
            "min_freq": self.min_freq,
            "max_freq": self.max_freq,
            "power_to_db": self.power_to_db,
            "top_db": self.top_db,
            "mag_exp": self.mag_exp,
            "min_power": self.min_power,
            "ref_power": self.ref_power,
        })
        return config
