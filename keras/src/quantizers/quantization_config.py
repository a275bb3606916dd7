"""Quantization configs: which mode a layer is quantized with and the
quantizers applied to its weights and activations."""

from keras.src.api_export import keras_export
from keras.src.saving import serialization_lib

MODES = ("int8", "float8", "int4", "gptq", "awq")


def _quantizer(value, default):
    if value == "default":
        return default
    if value is None:
        return None
    from keras.src import quantizers

    return quantizers.get(value)


def _serialize(quantizer):
    if quantizer is None:
        return None
    return serialization_lib.serialize_keras_object(quantizer)


@keras_export("keras.quantizers.QuantizationConfig")
class QuantizationConfig:
    """Base class of quantization configs.

    A config names a quantization mode (`mode`) and optionally the
    quantizers used for a layer's weights and for its inputs.

    Args:
        weight_quantizer: a `Quantizer` for the weights, or `None` for the
            mode's default.
        activation_quantizer: a `Quantizer` for the inputs, or `None` to
            leave inputs unquantized.

    Example:

    >>> config = keras.quantizers.Int8QuantizationConfig()
    >>> isinstance(config, keras.quantizers.QuantizationConfig)
    True
    """

    def __init__(self, weight_quantizer=None, activation_quantizer=None):
        self.weight_quantizer = weight_quantizer
        self.activation_quantizer = activation_quantizer

    @property
    def mode(self):
        raise NotImplementedError(
            f"{type(self).__name__} does not define a quantization `mode`: "
            "use a subclass such as `Int8QuantizationConfig`."
        )

    def get_config(self):
        return {
            "weight_quantizer": _serialize(self.weight_quantizer),
            "activation_quantizer": _serialize(self.activation_quantizer),
        }

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        for key in ("weight_quantizer", "activation_quantizer"):
            if config.get(key) is not None:
                config[key] = serialization_lib.deserialize_keras_object(
                    config[key]
                )
        return cls(**config)

    @staticmethod
    def weight_quantizer_or_default(config, default):
        """`config.weight_quantizer` when set, else `default`."""
        if config is not None and config.weight_quantizer is not None:
            return config.weight_quantizer
        return default

    @staticmethod
    def activation_quantizer_or_default(config, default):
        """`config.activation_quantizer` when a config is given (it may be
        `None`: inputs unquantized), else `default`."""
        if config is not None:
            return config.activation_quantizer
        return default


def _check_quantizer(name, quantizer, output_dtype=None, value_range=None):
    from keras.src.quantizers.quantizers import Quantizer

    if quantizer is None:
        return
    if not isinstance(quantizer, Quantizer):
        raise TypeError(
            f"`{name}` must be a `keras.Quantizer` or None. Received: "
            f"{name}={quantizer!r}"
        )
    if output_dtype and quantizer.output_dtype != output_dtype:
        raise ValueError(
            f"`{name}` must produce {output_dtype} values. Received: "
            f"output_dtype={quantizer.output_dtype!r}"
        )
    if value_range and hasattr(quantizer, "value_range"):
        low, high = quantizer.value_range
        if low < value_range[0] or high > value_range[1]:
            raise ValueError(
                f"`{name}` value_range must lie within {value_range}. "
                f"Received: value_range={quantizer.value_range!r}"
            )


@keras_export("keras.quantizers.Int8QuantizationConfig")
class Int8QuantizationConfig(QuantizationConfig):
    """Int8 quantization: weights quantized per output channel to int8,
    inputs quantized per row to int8 (abs-max by default).

    Args:
        weight_quantizer: a `Quantizer` for the kernel (default: abs-max
            over the input axes).
        activation_quantizer: a `Quantizer` for the inputs; `"default"` is
            an `AbsMaxQuantizer`, `None` keeps inputs in float.

    Example:

    >>> config = keras.quantizers.Int8QuantizationConfig()
    >>> config.mode
    'int8'
    """

    def __init__(self, weight_quantizer=None, activation_quantizer="default"):
        from keras.src.quantizers.quantizers import AbsMaxQuantizer

        activation_quantizer = _quantizer(
            activation_quantizer, AbsMaxQuantizer()
        )
        weight_quantizer = _quantizer(weight_quantizer, None)
        _check_quantizer("weight_quantizer", weight_quantizer, "int8")
        _check_quantizer("activation_quantizer", activation_quantizer, "int8")
        super().__init__(weight_quantizer, activation_quantizer)

    @property
    def mode(self):
        return "int8"


@keras_export("keras.quantizers.Int4QuantizationConfig")
class Int4QuantizationConfig(QuantizationConfig):
    """Int4 quantization: weights quantized to 4 bits and packed two per
    byte; in groups of `block_size` input rows with a zero point, or per
    output channel when `block_size` is `None` or -1.

    Args:
        weight_quantizer: a `Quantizer` for the kernel (per-channel mode).
        activation_quantizer: a `Quantizer` for the inputs; `"default"`
            and `None` keep inputs in float.
        block_size: rows per quantization group; `None` or -1 for one
            scale per output channel.

    Example:

    >>> config = keras.quantizers.Int4QuantizationConfig(block_size=64)
    >>> config.mode, config.block_size
    ('int4', 64)
    """

    def __init__(
        self,
        weight_quantizer=None,
        activation_quantizer="default",
        block_size=128,
    ):
        activation_quantizer = _quantizer(activation_quantizer, None)
        weight_quantizer = _quantizer(weight_quantizer, None)
        _check_quantizer("weight_quantizer", weight_quantizer, None, (-8, 7))
        _check_quantizer("activation_quantizer", activation_quantizer)
        if block_size is not None and (
            isinstance(block_size, bool)
            or not isinstance(block_size, int)
            or (block_size <= 0 and block_size != -1)
        ):
            raise ValueError(
                "`block_size` must be a positive integer, -1 or None. "
                f"Received: block_size={block_size!r}"
            )
        super().__init__(weight_quantizer, activation_quantizer)
        self.block_size = block_size

    @property
    def mode(self):
        return "int4"

    def get_config(self):
        config = super().get_config()
        config["block_size"] = self.block_size
        return config


@keras_export("keras.quantizers.Float8QuantizationConfig")
class Float8QuantizationConfig(QuantizationConfig):
    """Float8 training: inputs and kernels rounded through
    `float8_e4m3fn`, output gradients through `float8_e5m2`, with scales
    from an amax history.

    Example:

    >>> keras.quantizers.Float8QuantizationConfig().mode
    'float8'
    """

    def __init__(self):
        super().__init__(None, None)

    @property
    def mode(self):
        return "float8"

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls()


_CONFIGS = {
    "int8": Int8QuantizationConfig,
    "int4": Int4QuantizationConfig,
    "float8": Float8QuantizationConfig,
}


def validate_and_resolve_config(mode, config):
    """Checks `mode` against `config` and returns the config to use.

    Args:
        mode: a quantization mode or `None` (then `config.mode`).
        config: a `QuantizationConfig` or `None` (then the mode's default).

    Returns:
        A `QuantizationConfig`.
    """
    if config is not None and not isinstance(config, QuantizationConfig):
        raise ValueError(
            "`config` must be a `keras.quantizers.QuantizationConfig`. "
            f"Received: config={config!r} (of type "
            f"{type(config).__name__})"
        )
    if mode is None:
        if config is None:
            raise ValueError(
                "Pass a quantization `mode` or a `config`; both are None."
            )
        mode = config.mode
    if mode not in MODES:
        raise ValueError(
            f"Invalid quantization mode. Expected one of {MODES}. "
            f"Received: mode={mode}"
        )
    if config is not None and config.mode != mode:
        raise ValueError(
            f"Contradictory arguments: mode='{mode}' but "
            f"config.mode='{config.mode}'"
        )
    if config is None:
        if mode not in _CONFIGS:
            raise ValueError(
                f"Quantization mode '{mode}' needs a config (e.g. a "
                f"dataset to calibrate with). Received: config=None"
            )
        config = _CONFIGS[mode]()
    return config


def get_block_size_for_layer(layer, config):
    """The int4 block size of `layer`: the config's when one is given,
    else the one in the layer's dtype policy name (`"int4/<size>"`), else
    `None` (per-channel)."""
    if isinstance(config, Int4QuantizationConfig):
        return config.block_size
    mode = getattr(layer.dtype_policy, "quantization_mode", None)
    name = getattr(layer.dtype_policy, "name", "")
    if mode == "int4" and name.startswith("int4/"):
        return int(name.split("_from_")[0].split("/")[1])
    return None


def resolve_layer_config(layer_name, config):
    """A layer constructor's `quantization_config`: `None`, a
    `QuantizationConfig`, or its serialized dict (as in a saved model)."""
    if config is None or isinstance(config, QuantizationConfig):
        return config
    if isinstance(config, dict):
        from keras.src import quantizers

        config = quantizers.deserialize(config)
        if isinstance(config, QuantizationConfig):
            return config
    raise ValueError(
        f"{layer_name}: `quantization_config` must be None or a "
        "`keras.quantizers.QuantizationConfig`. Received: "
        f"quantization_config={config!r}"
    )


def serialize_layer_config(config):
    """The `quantization_config` entry of a layer's `get_config()`."""
    if config is None:
        return None
    return serialization_lib.serialize_keras_object(config)
