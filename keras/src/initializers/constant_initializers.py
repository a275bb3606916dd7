"""Initializers whose values do not depend on a seed: `Constant`, `Zeros`,
`Ones`, `Identity` and `STFT`."""

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.initializers.initializer import Initializer
from keras.src.initializers.initializer import check_float_dtype
from keras.src.initializers.initializer import standardize_dtype
from keras.src.initializers.initializer import standardize_shape


def _is_array_like(value):
    return isinstance(value, (np.ndarray, np.generic)) or backend.is_tensor(
        value
    )


@keras_export(["keras.initializers.Constant", "keras.initializers.constant"])
class Constant(Initializer):
    """Fills the tensor with a constant `value`.

    Args:
        value: a Python scalar, a (nested) list or an array; it is cast to
            the requested dtype and broadcast to the requested shape.

    Example:

    >>> init = keras.initializers.Constant(3.0)
    >>> keras.ops.convert_to_numpy(init((2, 2))).tolist()
    [[3.0, 3.0], [3.0, 3.0]]
    """

    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        """Returns `value` cast to `dtype` and broadcast to `shape`."""
        shape = standardize_shape(shape)
        dtype = standardize_dtype(dtype)
        value = self.value
        if backend.is_tensor(value):
            value = ops.cast(value, dtype)
        else:
            value = ops.convert_to_tensor(value, dtype=dtype)
        return ops.broadcast_to(value, shape)

    def get_config(self):
        """Returns `{"value": value}`, arrays serialized as tensors."""
        value = self.value
        if _is_array_like(value):
            from keras.src.saving import serialization_lib

            value = serialization_lib.serialize_keras_object(value)
        return {"value": value}

    @classmethod
    def from_config(cls, config):
        """Creates a `Constant` from the output of `get_config()`."""
        config = dict(config)
        if isinstance(config.get("value"), dict):
            from keras.src.saving import serialization_lib

            config["value"] = serialization_lib.deserialize_keras_object(
                config["value"]
            )
        return cls(**config)


@keras_export(["keras.initializers.Zeros", "keras.initializers.zeros"])
class Zeros(Initializer):
    """Fills the tensor with zeros (of any dtype, bool included).

    Example:

    >>> init = keras.initializers.Zeros()
    >>> keras.ops.convert_to_numpy(init((2,), dtype="int32")).tolist()
    [0, 0]
    """

    def __call__(self, shape, dtype=None):
        """Returns a tensor of `shape` and `dtype` filled with zeros."""
        shape = standardize_shape(shape)
        return ops.zeros(shape, dtype=standardize_dtype(dtype))


@keras_export(["keras.initializers.Ones", "keras.initializers.ones"])
class Ones(Initializer):
    """Fills the tensor with ones (of any dtype, bool included).

    Example:

    >>> init = keras.initializers.Ones()
    >>> keras.ops.convert_to_numpy(init((2,))).tolist()
    [1.0, 1.0]
    """

    def __call__(self, shape, dtype=None):
        """Returns a tensor of `shape` and `dtype` filled with ones."""
        shape = standardize_shape(shape)
        return ops.ones(shape, dtype=standardize_dtype(dtype))


@keras_export(
    [
        "keras.initializers.Identity",
        "keras.initializers.IdentityInitializer",
        "keras.initializers.identity",
    ]
)
class Identity(Initializer):
    """Fills a 2D tensor with `gain` times the identity matrix.

    A non-square shape gets ones on its main diagonal and zeros elsewhere.

    Args:
        gain: the value of the diagonal.

    Example:

    >>> init = keras.initializers.Identity(gain=2.0)
    >>> keras.ops.convert_to_numpy(init((2, 3))).tolist()
    [[2.0, 0.0, 0.0], [0.0, 2.0, 0.0]]
    """

    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None):
        """Returns `gain * eye` of the 2D `shape`, cast to `dtype`."""
        shape = standardize_shape(shape)
        dtype = standardize_dtype(dtype)
        if len(shape) != 2:
            raise ValueError(
                "The Identity initializer only creates 2D matrices. "
                f"Expected a shape of rank 2. Received: shape={shape} of "
                f"rank {len(shape)}"
            )
        if self.gain == 1:
            return ops.eye(shape[0], shape[1], dtype=dtype)
        values = ops.eye(shape[0], shape[1], dtype=_compute_dtype(dtype))
        return ops.cast(ops.multiply(values, self.gain), dtype)

    def get_config(self):
        """Returns `{"gain": gain}`, or `{}` for the default gain."""
        # Keras writes an empty config for the default gain; keep that
        # format while still recording any other gain.
        return {} if self.gain == 1.0 else {"gain": self.gain}


def _compute_dtype(dtype):
    """The float dtype to compute values of `dtype` in."""
    if dtype == "float64":
        return "float64"
    return "float32"


_STFT_SIDES = ("real", "imag")
_STFT_SCALINGS = (None, "density", "spectrum")


def _cosine_window(coefficients, length, periodic):
    """A generalized cosine window: `sum_k (-1)^k a_k cos(2 pi k n / M)`."""
    if length == 1:
        return np.ones(1)
    span = length if periodic else length - 1
    phase = 2.0 * np.pi * np.arange(length) / span
    window = np.zeros(length)
    for k, coefficient in enumerate(coefficients):
        window += (-1) ** k * coefficient * np.cos(k * phase)
    return window


def _bartlett(length, periodic):
    if length == 1:
        return np.ones(1)
    span = length if periodic else length - 1
    return 1.0 - np.abs(2.0 * np.arange(length) / span - 1.0)


_WINDOWS = {
    "hann": lambda n, p: _cosine_window((0.5, 0.5), n, p),
    "hanning": lambda n, p: _cosine_window((0.5, 0.5), n, p),
    "hamming": lambda n, p: _cosine_window((0.54, 0.46), n, p),
    "blackman": lambda n, p: _cosine_window((0.42, 0.5, 0.08), n, p),
    "bartlett": _bartlett,
    "boxcar": lambda n, p: np.ones(n),
    "rectangular": lambda n, p: np.ones(n),
}


def _named_window(name, length, periodic):
    """The window `name` of `length` samples, as float64 NumPy values.

    Windows outside the built-in table come from `scipy.signal`, when
    SciPy is installed."""
    if name in _WINDOWS:
        return _WINDOWS[name](length, periodic)
    try:
        from scipy import signal
    except ImportError:
        signal = None
    if signal is not None:
        try:
            return np.asarray(
                signal.get_window(name, length, fftbins=periodic), "float64"
            )
        except ValueError:
            pass
    raise ValueError(
        "Invalid `window` for the STFT initializer. Expected one of "
        f"{sorted(_WINDOWS)}, a window name of `scipy.signal.windows`, an "
        f"array of values or None. Received: window={name!r}"
    )


@keras_export(
    [
        "keras.initializers.STFT",
        "keras.initializers.STFTInitializer",
        "keras.initializers.stft",
    ]
)
class STFT(Initializer):
    """Initializes Conv1D kernels that compute one side of a short-time
    Fourier transform (STFT).

    The kernel shape is `(frame_length, input_channels, num_bins)`: bin `k`
    of the real side holds `w[n] * cos(2 pi k n / fft_length)` and of the
    imaginary side `-w[n] * sin(2 pi k n / fft_length)`, where
    `fft_length = 2 * (num_bins - 1)` and `w` is the window. This is what
    `keras.layers.STFTSpectrogram` starts from.

    Args:
        side: `"real"` or `"imag"`, the side of the transform to compute.
        window: a window name (`"hann"`, `"hamming"`, `"blackman"`,
            `"bartlett"`, `"boxcar"`, or one of `scipy.signal.windows` when
            SciPy is installed), an array of `frame_length` values, or
            `None` for no window.
        scaling: `"density"` (divide the window by its L2 norm),
            `"spectrum"` (by its sum) or `None`.
        periodic: whether a named window is periodic (as used for spectral
            analysis) rather than symmetric.

    Example:

    >>> init = keras.initializers.STFT("real", window=None, scaling=None)
    >>> kernel = init((4, 1, 3))
    >>> keras.ops.convert_to_numpy(kernel)[:, 0, 1].round(4).tolist()
    [1.0, 0.0, -1.0, -0.0]
    """

    def __init__(
        self, side="real", window="hann", scaling="density", periodic=False
    ):
        if side not in _STFT_SIDES:
            raise ValueError(
                "Invalid `side` for the STFT initializer. Expected 'real' or "
                f"'imag'. Received: side={side!r}"
            )
        if scaling not in _STFT_SCALINGS:
            raise ValueError(
                "Invalid `scaling` for the STFT initializer. Expected None, "
                f"'density' or 'spectrum'. Received: scaling={scaling!r}"
            )
        if isinstance(window, str):
            _named_window(window, 2, periodic)
        elif window is not None:
            window = np.asarray(window, dtype="float64")
            if window.ndim != 1:
                raise ValueError(
                    "The `window` of the STFT initializer must be 1D. "
                    f"Received: window with shape {window.shape}"
                )
        self.side = side
        self.window = window
        self.scaling = scaling
        self.periodic = periodic

    def _window_values(self, frame_length):
        if self.window is None:
            window = np.ones(frame_length)
        elif isinstance(self.window, str):
            window = _named_window(self.window, frame_length, self.periodic)
        else:
            window = self.window
            if window.shape != (frame_length,):
                raise ValueError(
                    "The `window` of the STFT initializer must have "
                    f"`frame_length` values. Expected shape ({frame_length},)"
                    f". Received: window shape={window.shape}"
                )
        if self.scaling == "density":
            window = window / np.sqrt(np.sum(np.square(window)))
        elif self.scaling == "spectrum":
            window = window / np.sum(window)
        return window

    def __call__(self, shape, dtype=None):
        """Returns the kernel of `shape` (frame_length, channels, bins)."""
        shape = standardize_shape(shape)
        dtype = check_float_dtype("STFT", dtype)
        if len(shape) != 3:
            raise ValueError(
                "The STFT initializer creates Conv1D kernels. Expected a "
                "shape (frame_length, input_channels, num_bins). Received: "
                f"shape={shape}"
            )
        frame_length, _, num_bins = shape
        fft_length = max(2 * (num_bins - 1), 1)
        angles = (
            2.0
            * np.pi
            * np.outer(np.arange(frame_length), np.arange(num_bins))
            / fft_length
        )
        if self.side == "real":
            kernel = np.cos(angles)
        else:
            kernel = -np.sin(angles)
        kernel = kernel * self._window_values(frame_length)[:, None]
        # A copy: broadcast views are read-only, which torch warns about.
        kernel = np.broadcast_to(kernel[:, None, :], shape).copy()
        return ops.convert_to_tensor(kernel, dtype)

    def get_config(self):
        """Returns the constructor arguments (a window array as a list)."""
        window = self.window
        if isinstance(window, np.ndarray):
            window = window.tolist()
        return {
            "side": self.side,
            "window": window,
            "periodic": self.periodic,
            "scaling": self.scaling,
        }
