"""`GPTQConfig`: the settings of GPTQ post-training quantization."""

from keras.src.api_export import keras_export
from keras.src.quantizers.quantization_config import QuantizationConfig


def _check_positive_int(name, value):
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(
            f"{name} must be a positive integer. Received: {name}={value!r}"
        )


def _check_group_size(group_size, minus_one):
    if (
        isinstance(group_size, bool)
        or not isinstance(group_size, int)
        or (group_size <= 0 and group_size != -1)
    ):
        raise ValueError(
            "Invalid group_size. Supported values are -1 "
            f"({minus_one}) or a positive integer, but got {group_size}."
        )


class CalibrationConfig(QuantizationConfig):
    """What GPTQ and AWQ configs share: calibration data, a tokenizer,
    the number and length of calibration samples, and an optional
    explicit layer structure. Not a public name."""

    def __init__(
        self,
        dataset,
        tokenizer,
        num_samples,
        sequence_length,
        quantization_layer_structure,
    ):
        super().__init__(None, None)
        _check_positive_int("num_samples", num_samples)
        _check_positive_int("sequence_length", sequence_length)
        if quantization_layer_structure is not None and not isinstance(
            quantization_layer_structure, dict
        ):
            raise ValueError(
                "`quantization_layer_structure` must be None or a dict "
                "with keys 'pre_block_layers' and 'sequential_blocks'. "
                f"Received: {quantization_layer_structure!r}"
            )
        self.dataset = dataset
        self.tokenizer = tokenizer
        self.num_samples = num_samples
        self.sequence_length = sequence_length
        self.quantization_layer_structure = quantization_layer_structure

    def dtype_policy_string(self):
        """The quantized layers' policy mode, e.g. `"gptq/4/128"`."""
        return f"{self.mode}/{self.weight_bits}/{self.group_size}"

    def get_config(self):
        # The data, the tokenizer and the layers are live objects: a saved
        # config records the settings only.
        return {
            "dataset": None,
            "tokenizer": None,
            "weight_bits": self.weight_bits,
            "num_samples": self.num_samples,
        }

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        dataset = config.pop("dataset", None)
        tokenizer = config.pop("tokenizer", None)
        return cls(dataset, tokenizer, **config)


@keras_export("keras.quantizers.GPTQConfig")
class GPTQConfig(CalibrationConfig):
    """Settings of GPTQ quantization (Frantar et al., 2022).

    GPTQ quantizes each `Dense` / `EinsumDense` kernel of a model's
    blocks column by column, from the Hessian of the layer's inputs over
    calibration samples: after rounding a column, the rounding error is
    spread over the columns not yet quantized so that the layer's outputs
    change as little as possible. Use it with
    `model.quantize("gptq", config=config)`.

    Args:
        dataset: calibration data: an integer array of token ids
            `(samples, length)`, a list of strings (tokenized with
            `tokenizer`), or an iterable of either.
        tokenizer: a callable (or an object with `tokenize`) mapping a
            string to token ids; used when `dataset` holds strings.
        weight_bits: bits per weight: 2, 3, 4 or 8.
        num_samples: number of calibration samples.
        per_channel: one range per output unit (else one for the whole
            kernel).
        sequence_length: tokens per calibration sample.
        hessian_damping: fraction of the Hessian's mean diagonal added to
            its diagonal, between 0 and 1.
        group_size: input features sharing a scale and zero point; -1
            for the whole input dimension.
        symmetric: quantize on a range centred on 0.
        activation_order: quantize the features with the largest Hessian
            diagonal first.
        quantization_layer_structure: optional dict with
            `"pre_block_layers"` (layers turning the samples into the first
            block's inputs) and `"sequential_blocks"` (the blocks, in
            order); default: `model.get_quantization_layer_structure`.

    Example:

    >>> config = keras.quantizers.GPTQConfig(
    ...     dataset=None, tokenizer=None, weight_bits=4, group_size=64)
    >>> config.mode, config.dtype_policy_string()
    ('gptq', 'gptq/4/64')
    """

    def __init__(
        self,
        dataset,
        tokenizer,
        *,
        weight_bits: int = 4,
        num_samples: int = 128,
        per_channel: bool = True,
        sequence_length: int = 512,
        hessian_damping: float = 0.01,
        group_size: int = 128,
        symmetric: bool = False,
        activation_order: bool = False,
        quantization_layer_structure: dict = None,
    ):
        if weight_bits not in (2, 3, 4, 8) or isinstance(weight_bits, bool):
            raise ValueError(
                f"Unsupported weight_bits {weight_bits}. Supported values "
                "are 2, 3, 4, and 8."
            )
        if (
            isinstance(hessian_damping, bool)
            or not isinstance(hessian_damping, (int, float))
            or not 0 <= hessian_damping <= 1
        ):
            raise ValueError(
                "hessian_damping must be between 0 and 1. Received: "
                f"hessian_damping={hessian_damping!r}"
            )
        _check_group_size(group_size, "whole-tensor")
        super().__init__(
            dataset,
            tokenizer,
            num_samples,
            sequence_length,
            quantization_layer_structure,
        )
        self.weight_bits = weight_bits
        self.per_channel = bool(per_channel)
        self.hessian_damping = float(hessian_damping)
        self.group_size = group_size
        self.symmetric = bool(symmetric)
        self.activation_order = bool(activation_order)

    @property
    def mode(self):
        return "gptq"

    def get_config(self):
        config = super().get_config()
        config.update({
            "per_channel": self.per_channel,
            "sequence_length": self.sequence_length,
            "hessian_damping": self.hessian_damping,
            "group_size": self.group_size,
            "symmetric": self.symmetric,
            "activation_order": self.activation_order,
            "quantization_layer_structure": None,
        })
        return config
