"""Driving AWQ over a model: the same calibration flow as GPTQ (see
`gptq_core`), gathering each layer's inputs instead of a Hessian."""

from keras.src.quantizers.awq import AWQ
from keras.src.quantizers.gptq_core import apply_layerwise
from keras.src.quantizers.gptq_core import capture_inputs
from keras.src.quantizers.gptq_core import check_calibration_data
from keras.src.quantizers.gptq_core import check_structure
from keras.src.quantizers.gptq_core import get_dataloader
from keras.src.quantizers.gptq_core import run_block


def get_group_size_for_layer(layer, config):
    """The AWQ group size of a layer: the config's, else its policy's."""
    if config is not None and hasattr(config, "group_size"):
        return config.group_size
    return getattr(layer.dtype_policy, "group_size", None)


def stream_activations(block, batches, awq_objects):
    """Runs `block` over `batches`, recording each tracked layer's
    inputs in its `AWQ` object.

    Args:
        block: the block containing the layers.
        batches: the block's input batches.
        awq_objects: a dict from layer to its `AWQ`.
    """

    def record(layer, inputs):
        awq_objects[layer].update_activations(inputs)

    with capture_inputs(list(awq_objects), record):
        run_block(block, batches)


def apply_awq_layerwise(samples, config, structure, filters=None):
    """Runs AWQ on every `Dense`/`EinsumDense` of the structure's blocks.

    Args:
        samples: the calibration samples (see `get_dataloader`).
        config: the `AWQConfig`.
        structure: the quantization layer structure.
        filters: which layers to quantize (see `Model.quantize`).

    Returns:
        The number of layers quantized.
    """

    def quantize_layer(block, batches, layer):
        awq = AWQ(layer, config)
        stream_activations(block, batches, {layer: awq})
        awq.quantize_layer()

    return apply_layerwise(samples, config, structure, filters,
                           quantize_layer)


def awq_quantize(config, quantization_layer_structure, filters=None):
    """AWQ over a model's structure with `config`'s calibration data.

    Args:
        config: an `AWQConfig` with `dataset` and `tokenizer`.
        quantization_layer_structure: the structure dict.
        filters: which layers to quantize (see `Model.quantize`).

    Returns:
        The number of layers quantized.
    """
    check_calibration_data(config)
    check_structure(quantization_layer_structure, config.mode)
    samples = get_dataloader(
        config.tokenizer,
        config.sequence_length,
        config.dataset,
        num_samples=config.num_samples,
    )
    return apply_awq_layerwise(
        samples, config, quantization_layer_structure, filters
    )
