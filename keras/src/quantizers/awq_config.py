"""`AWQConfig`: the settings of AWQ post-training quantization."""

from keras.src.api_export import keras_export
from keras.src.quantizers.gptq_config import CalibrationConfig
from keras.src.quantizers.gptq_config import _check_group_size
from keras.src.quantizers.gptq_config import _check_positive_int


@keras_export("keras.quantizers.AWQConfig")
class AWQConfig(CalibrationConfig):
    """Settings of AWQ quantization (activation-aware weight quantization,
    Lin et al., 2023).

    For each `Dense` / `EinsumDense` kernel of a model's blocks, AWQ
    measures the mean magnitude of every input feature over calibration
    samples and searches a per-feature scale `s = mean ** alpha` (alpha on
    a grid in `[0, 1)`): the kernel's rows are multiplied by `s` before
    4-bit group-wise quantization and the inputs divided by `s`, which
    protects the weights of salient features. The alpha giving the
    smallest output error on the calibration inputs is kept. Use it with
    `model.quantize("awq", config=config)`.

    Args:
        dataset: calibration data: an integer array of token ids
            `(samples, length)`, a list of strings (tokenized with
            `tokenizer`), or an iterable of either.
        tokenizer: a callable (or an object with `tokenize`) mapping a
            string to token ids; used when `dataset` holds strings.
        weight_bits: bits per weight; AWQ supports 4 only.
        num_samples: number of calibration samples.
        sequence_length: tokens per calibration sample.
        group_size: input features sharing a scale and zero point; -1
            for the whole input dimension.
        num_grid_points: number of alpha values tried.
        quantization_layer_structure: optional dict with
            `"pre_block_layers"` and `"sequential_blocks"` (see
            `GPTQConfig`).

    Example:

    >>> config = keras.quantizers.AWQConfig(
    ...     dataset=None, tokenizer=None, group_size=64)
    >>> config.mode, config.dtype_policy_string()
    ('awq', 'awq/4/64')
    """

    def __init__(
        self,
        dataset,
        tokenizer,
        *,
        weight_bits: int = 4,
        num_samples: int = 128,
        sequence_length: int = 512,
        group_size: int = 128,
        num_grid_points: int = 20,
        quantization_layer_structure: dict = None,
    ):
        if weight_bits != 4 or isinstance(weight_bits, bool):
            raise ValueError(
                "AWQ only supports 4-bit quantization. Received "
                f"weight_bits={weight_bits}."
            )
        _check_group_size(group_size, "per-channel")
        _check_positive_int("num_grid_points", num_grid_points)
        super().__init__(
            dataset,
            tokenizer,
            num_samples,
            sequence_length,
            quantization_layer_structure,
        )
        self.weight_bits = weight_bits
        self.group_size = group_size
        self.num_grid_points = num_grid_points

    @property
    def mode(self):
        return "awq"

    def get_config(self):
        config = super().get_config()
        config.update({
            "sequence_length": self.sequence_length,
            "group_size": self.group_size,
            "num_grid_points": self.num_grid_points,
            "quantization_layer_structure": None,
        })
        return config
