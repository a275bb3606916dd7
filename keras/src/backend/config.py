"""Global configuration: backend choice, floatx, epsilon, image data format.

The backend is chosen once, at import: the `KERAS_BACKEND` environment
variable, else the `"backend"` entry of `keras.json` under `KERAS_HOME`
(default `~/.keras`), else `"tensorflow"`.
"""

import json
import os

from keras.src.api_export import keras_export

BACKENDS = ("tensorflow", "jax", "torch", "numpy")
_FLOATX = "float32"
_EPSILON = 1e-7
_IMAGE_DATA_FORMAT = "channels_last"
_BACKEND = "tensorflow"
_MAX_EPOCHS = None
_MAX_STEPS_PER_EPOCH = None


@keras_export(["keras.config.floatx", "keras.backend.floatx"])
def floatx():
    """Returns the default float type, as a string.

    Example:

    >>> keras.config.floatx()
    'float32'
    """
    return _FLOATX


@keras_export(["keras.config.set_floatx", "keras.backend.set_floatx"])
def set_floatx(value):
    """Sets the default float type.

    Args:
        value: `"float16"`, `"bfloat16"`, `"float32"` or `"float64"`.

    Example:

    >>> keras.config.set_floatx("float64")
    >>> keras.config.floatx()
    'float64'
    >>> keras.config.set_floatx("float32")
    """
    global _FLOATX
    accepted = ("bfloat16", "float16", "float32", "float64")
    if value not in accepted:
        raise ValueError(
            f"Unknown `floatx` value: {value!r}. Expected one of {accepted}."
        )
    _FLOATX = str(value)


@keras_export(["keras.config.epsilon", "keras.backend.epsilon"])
def epsilon():
    """Returns the fuzz factor used in numeric expressions.

    Example:

    >>> keras.config.epsilon()
    1e-07
    """
    return _EPSILON


@keras_export(["keras.config.set_epsilon", "keras.backend.set_epsilon"])
def set_epsilon(value):
    """Sets the fuzz factor used in numeric expressions.

    Args:
        value: a float.

    Example:

    >>> keras.config.set_epsilon(1e-5)
    >>> keras.config.epsilon()
    1e-05
    >>> keras.config.set_epsilon(1e-7)
    """
    global _EPSILON
    _EPSILON = float(value)


@keras_export(
    ["keras.config.image_data_format", "keras.backend.image_data_format"]
)
def image_data_format():
    """Returns the default image data format.

    Example:

    >>> keras.config.image_data_format()
    'channels_last'
    """
    return _IMAGE_DATA_FORMAT


@keras_export(
    [
        "keras.config.set_image_data_format",
        "keras.backend.set_image_data_format",
    ]
)
def set_image_data_format(data_format):
    """Sets the default image data format.

    Args:
        data_format: `"channels_first"` or `"channels_last"`.

    Example:

    >>> keras.config.set_image_data_format("channels_first")
    >>> keras.config.image_data_format()
    'channels_first'
    >>> keras.config.set_image_data_format("channels_last")
    """
    global _IMAGE_DATA_FORMAT
    if data_format is None:
        raise ValueError("`data_format` must be a string, not None.")
    _IMAGE_DATA_FORMAT = standardize_data_format(data_format)


def standardize_data_format(data_format):
    """Returns `data_format`, or the global default when it is `None`."""
    if data_format is None:
        return image_data_format()
    data_format = str(data_format).lower()
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError(
            "`data_format` must be 'channels_first' or 'channels_last'. "
            f"Received: data_format={data_format!r}"
        )
    return data_format


@keras_export(["keras.config.backend", "keras.backend.backend"])
def backend():
    """Returns the name of the active backend.

    Example:

    >>> keras.config.backend()  # doctest: +SKIP
    'torch'
    """
    return _BACKEND


@keras_export("keras.config.set_max_epochs")
def set_max_epochs(max_epochs):
    """Caps the number of epochs of every `fit()` call (`None`: no cap).

    Args:
        max_epochs: an int or `None`.

    Example:

    >>> keras.config.set_max_epochs(1)
    >>> keras.config.max_epochs()
    1
    >>> keras.config.set_max_epochs(None)
    """
    global _MAX_EPOCHS
    _MAX_EPOCHS = max_epochs


@keras_export("keras.config.max_epochs")
def max_epochs():
    """Returns the cap on epochs set by `set_max_epochs`, or `None`.

    Example:

    >>> keras.config.max_epochs() is None
    True
    """
    return _MAX_EPOCHS


@keras_export("keras.config.set_max_steps_per_epoch")
def set_max_steps_per_epoch(max_steps_per_epoch):
    """Caps the number of steps of every epoch (`None`: no cap).

    Args:
        max_steps_per_epoch: an int or `None`.

    Example:

    >>> keras.config.set_max_steps_per_epoch(10)
    >>> keras.config.max_steps_per_epoch()
    10
    >>> keras.config.set_max_steps_per_epoch(None)
    """
    global _MAX_STEPS_PER_EPOCH
    _MAX_STEPS_PER_EPOCH = max_steps_per_epoch


@keras_export("keras.config.max_steps_per_epoch")
def max_steps_per_epoch():
    """Returns the cap on steps per epoch, or `None`.

    Example:

    >>> keras.config.max_steps_per_epoch() is None
    True
    """
    return _MAX_STEPS_PER_EPOCH


def keras_home():
    """Returns the Keras configuration directory (`KERAS_HOME`)."""
    if "KERAS_HOME" in os.environ:
        return os.environ["KERAS_HOME"]
    base = os.path.expanduser("~")
    if not os.access(base, os.W_OK):
        base = "/tmp"
    return os.path.join(base, ".keras")


def compilation_cache_dir():
    """The folder of the persistent compilation caches, or `None` when
    they are off.

    Compiled steps (Inductor's FX graph and AOTAutograd caches on torch,
    JAX's persistent compilation cache) are kept under
    `KERAS_HOME/compilation_cache/<backend>`, so that a second run of a
    script reuses them. `KERAS_COMPILATION_CACHE=0` in the environment, or
    `"compilation_cache": false` in `keras.json`, turns them off; a cache
    folder the user set for the framework itself
    (`TORCHINDUCTOR_CACHE_DIR`, `jax_compilation_cache_dir`) is kept.
    """
    setting = os.environ.get("KERAS_COMPILATION_CACHE")
    if setting is None:
        enabled = bool(_read_config_file().get("compilation_cache", True))
    else:
        enabled = setting.strip().lower() not in ("0", "false", "no", "off")
    if not enabled:
        return None
    return os.path.join(keras_home(), "compilation_cache", _BACKEND)


def _read_config_file():
    path = os.path.join(keras_home(), "keras.json")
    if not os.path.exists(path):
        return {}
    try:
        with open(path) as f:
            return json.load(f)
    except (ValueError, OSError):
        return {}


def _load_initial_config():
    global _FLOATX, _EPSILON, _IMAGE_DATA_FORMAT, _BACKEND
    config = _read_config_file()
    _FLOATX = config.get("floatx", _FLOATX)
    _EPSILON = float(config.get("epsilon", _EPSILON))
    _IMAGE_DATA_FORMAT = config.get("image_data_format", _IMAGE_DATA_FORMAT)
    name = os.environ.get("KERAS_BACKEND") or config.get("backend", _BACKEND)
    name = name.lower()
    if name not in BACKENDS:
        raise ValueError(
            f"Unknown Keras backend {name!r} (from KERAS_BACKEND or "
            f"keras.json). Expected one of {BACKENDS}."
        )
    _BACKEND = name


_load_initial_config()


@keras_export("keras.config.enable_flash_attention")
def enable_flash_attention():
    """Lets attention layers use flash attention where the backend and
    hardware support it.

    Example:

    >>> keras.config.enable_flash_attention()
    >>> keras.config.is_flash_attention_enabled()
    True
    >>> keras.config.disable_flash_attention()
    """
    global _FLASH_ATTENTION
    _FLASH_ATTENTION = True


@keras_export("keras.config.disable_flash_attention")
def disable_flash_attention():
    """Forbids flash attention in attention layers.

    Example:

    >>> keras.config.disable_flash_attention()
    >>> keras.config.is_flash_attention_enabled()
    False
    """
    global _FLASH_ATTENTION
    _FLASH_ATTENTION = False


@keras_export("keras.config.is_flash_attention_enabled")
def is_flash_attention_enabled():
    """Returns `True`/`False` when set, or `None` (the default: the
    backend decides).

    Example:

    >>> keras.config.is_flash_attention_enabled() is None  # doctest: +SKIP
    True
    """
    return _FLASH_ATTENTION


_FLASH_ATTENTION = None


@keras_export("keras.config.is_nnx_enabled")
def is_nnx_enabled():
    """Returns `False`: Flax NNX integration is not part of this package.

    Example:

    >>> keras.config.is_nnx_enabled()
    False
    """
    return False
