"""`STFTSpectrogram`: spectrograms of audio signals as a layer of two
trainable convolution kernels."""

from keras.src import backend
from keras.src import initializers
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer

_MODES = ("log", "magnitude", "psd", "real", "imag", "angle", "stft")
_SCALINGS = (None, "density", "spectrum")
_PADDINGS = ("valid", "same")
# The floor of the power under the log of `mode="log"`.
_LOG_POWER_FLOOR = 1e-7


@keras_export("keras.layers.STFTSpectrogram")
class STFTSpectrogram(Layer):
    """Computes short-time Fourier transform (STFT) spectrograms of
    signals.

    Each channel of the input is cut into frames of `frame_length`
    samples every `frame_step` samples; each frame is multiplied by the
    window and transformed to `fft_length // 2 + 1` frequency bins. The
    transform is a 1D convolution with two kernels, `real_kernel` and
    `imag_kernel` of shape `(frame_length, 1, fft_length // 2 + 1)`,
    initialized by `keras.initializers.STFT`: they are trainable weights,
    so the filter bank can be fine-tuned (`mode="real"` and `"imag"`
    create only the kernel they use).

    Outputs per `mode`, from the real part `re` and imaginary part `im`:
    `"real"`, `"imag"`, `"magnitude"` (`sqrt(re**2 + im**2)`),
    `"psd"` (the one-sided power spectral density `re**2 + im**2`, doubled
    for every bin but the first and the last), `"log"`
    (`log(max(magnitude, sqrt(1e-7)))`), `"angle"` (`atan2(im, re)`) and
    `"stft"` (`re` and `im` side by side, `2 * (fft_length // 2 + 1)`
    values per frame).

    Inputs of shape `(batch, time, channels)`, or
    `(batch, channels, time)` with `"channels_first"`, give
    `(batch, frames, channels * bins)` (or `(batch, channels * bins,
    frames)`), each channel's bins together; with `expand_dims=True`,
    `(batch, frames, bins, channels)` (or
    `(batch, channels, frames, bins)`), an image per signal.

    Args:
        mode: one of `"log"`, `"magnitude"`, `"psd"`, `"real"`, `"imag"`,
            `"angle"`, `"stft"`.
        frame_length: the samples per frame (and the window's length).
        frame_step: the samples between frame starts (default:
            `frame_length // 4`).
        fft_length: the transform's length, at least `frame_length`
            (frames are zero-padded); default: `frame_length`.
        window: a window name (`"hann"`, `"hamming"`, ...; see
            `keras.initializers.STFT`) or `None` for no window.
        periodic: whether the named window is periodic rather than
            symmetric.
        scaling: `"density"` (the window divided by its L2 norm),
            `"spectrum"` (by its sum) or `None`.
        padding: `"valid"` (frames inside the signal) or `"same"`
            (`ceil(time / frame_step)` frames over a zero-padded signal).
        expand_dims: whether to keep channels on their own axis (see
            above).
        data_format: `"channels_last"` or `"channels_first"` (default:
            `keras.config.image_data_format()`).
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Example:

    >>> layer = keras.layers.STFTSpectrogram(
    ...     mode="magnitude", frame_length=32, frame_step=16)
    >>> layer(np.random.rand(2, 128, 1)).shape
    (2, 7, 17)
    """

    def __init__(
        self,
        mode="log",
        frame_length=256,
        frame_step=None,
        fft_length=None,
        window="hann",
        periodic=False,
        scaling="density",
        padding="valid",
        expand_dims=False,
        data_format=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        if mode not in _MODES:
            raise ValueError(
                f"STFTSpectrogram: `mode` must be one of {_MODES}. "
                f"Received: mode={mode!r}"
            )
        if scaling not in _SCALINGS:
            raise ValueError(
                "STFTSpectrogram: `scaling` must be None, 'density' or "
                f"'spectrum'. Received: scaling={scaling!r}"
            )
        if padding not in _PADDINGS:
            raise ValueError(
                "STFTSpectrogram: `padding` must be 'valid' or 'same'. "
                f"Received: padding={padding!r}"
            )
        _check_positive("frame_length", frame_length)
        if frame_step is not None:
            _check_positive("frame_step", frame_step)
        if fft_length is not None:
            _check_positive("fft_length", fft_length)
            if fft_length < frame_length:
                raise ValueError(
                    "STFTSpectrogram: `fft_length` must be at least "
                    f"`frame_length`. Received: fft_length={fft_length}, "
                    f"frame_length={frame_length}"
                )
        # Checks the window name (an unknown one raises a ValueError).
        initializers.STFT("real", window, scaling, periodic)
        self.mode = mode
        self.frame_length = frame_length
        self.frame_step = frame_step
        self.fft_length = fft_length
        self.window = window
        self.periodic = periodic
        self.scaling = scaling
        self.padding = padding
        self.expand_dims = expand_dims
        self.data_format = backend.standardize_data_format(data_format)
        self.input_spec = InputSpec(ndim=3)

    @property
    def _step(self):
        return self.frame_step or max(self.frame_length // 4, 1)

    @property
    def _bins(self):
        return (self.fft_length or self.frame_length) // 2 + 1

    def _sides(self):
        return ("real",) if self.mode == "real" else (
            ("imag",) if self.mode == "imag" else ("real", "imag")
        )

    def build(self, input_shape=None):
        shape = (self.frame_length, 1, self._bins)
        for side in self._sides():
            setattr(self, f"{side}_kernel", self.add_weight(
                name=f"{side}_kernel",
                shape=shape,
                initializer=initializers.STFT(
                    side, self.window, self.scaling, self.periodic
                ),
            ))
        self.built = True

    def call(self, inputs):
        x = ops.cast(inputs, self.compute_dtype)
        if self.data_format == "channels_last":
            x = ops.transpose(x, (0, 2, 1))
        shape = ops.shape(x)
        batch, channels, time = shape[0], shape[1], shape[2]
        # Each channel is a signal of its own: (batch * channels, time, 1).
        signals = ops.reshape(x, (-1, time, 1))
        # One convolution computes both parts when both are needed.
        kernel = ops.concatenate(
            [getattr(self, f"{side}_kernel").value for side in self._sides()],
            axis=-1,
        )
        both = ops.conv(signals, ops.cast(kernel, self.compute_dtype),
                        strides=self._step, padding=self.padding)
        bins = self._bins
        spec = self._from_parts(both[..., :bins], both[..., bins:], both)
        frames, width = ops.shape(spec)[1], ops.shape(spec)[2]
        spec = ops.reshape(spec, (batch, channels, frames, width))
        return self._layout(spec, batch, channels, frames, width)

    def _from_parts(self, real, imag, both):
        if self.mode in ("real", "imag", "stft"):
            return both
        if self.mode == "angle":
            return ops.arctan2(imag, real)
        power = ops.square(real) + ops.square(imag)
        if self.mode == "magnitude":
            return ops.sqrt(power)
        if self.mode == "log":
            return 0.5 * ops.log(ops.maximum(power, _LOG_POWER_FLOOR))
        # One-sided density: the energy of the mirrored (negative
        # frequency) bins is folded onto all but the first and last bins.
        bins = self._bins
        weights = [1.0] + [2.0] * (bins - 2) + [1.0] if bins > 1 else [1.0]
        return power * ops.convert_to_tensor(weights, dtype=power.dtype)

    def _layout(self, spec, batch, channels, frames, width):
        """Arranges `(batch, channels, frames, width)` as the output."""
        if self.expand_dims:
            if self.data_format == "channels_last":
                return ops.transpose(spec, (0, 2, 3, 1))
            return spec
        if self.data_format == "channels_last":
            spec = ops.transpose(spec, (0, 2, 1, 3))
            return ops.reshape(spec, (batch, frames, channels * width))
        spec = ops.transpose(spec, (0, 1, 3, 2))
        return ops.reshape(spec, (batch, channels * width, frames))

    def compute_output_shape(self, input_shape):
        if len(input_shape) != 3:
            raise ValueError(
                f"STFTSpectrogram '{self.name}' expects inputs of rank 3 "
                "(batch, time, channels), or (batch, channels, time) with "
                f"'channels_first'. Received: input_shape="
                f"{tuple(input_shape)}"
            )
        if self.data_format == "channels_last":
            batch, time, channels = input_shape
        else:
            batch, channels, time = input_shape
        frames = None
        if time is not None:
            if self.padding == "same":
                frames = -(-time // self._step)
            else:
                frames = (time - self.frame_length) // self._step + 1
        width = self._bins * (2 if self.mode == "stft" else 1)
        if self.expand_dims:
            if self.data_format == "channels_last":
                return (batch, frames, width, channels)
            return (batch, channels, frames, width)
        flat = None if channels is None else channels * width
        if self.data_format == "channels_last":
            return (batch, frames, flat)
        return (batch, flat, frames)

    def compute_output_spec(self, inputs, **kwargs):
        return KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=self.compute_dtype
        )

    def get_config(self):
        config = super().get_config()
        config.update({
            "mode": self.mode,
            "frame_length": self.frame_length,
            "frame_step": self.frame_step,
            "fft_length": self.fft_length,
            "window": self.window,
            "periodic": self.periodic,
            "scaling": self.scaling,
            "padding": self.padding,
            "data_format": self.data_format,
            "expand_dims": self.expand_dims,
        })
        return config


def _check_positive(name, value):
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(
            f"STFTSpectrogram: `{name}` must be a positive integer. "
            f"Received: {name}={value!r}"
        )
