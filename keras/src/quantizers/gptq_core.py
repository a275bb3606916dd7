"""Driving GPTQ over a model: calibration samples, the blocks to
quantize in order, capturing each layer's inputs, and installing the
quantized kernels.

A model is described by a *quantization layer structure*, a dict with
- `"pre_block_layers"`: layers applied in order to the calibration
  samples to produce the first block's inputs (e.g. the token
  embedding);
- `"sequential_blocks"`: the blocks (layers or models) applied in order
  (e.g. transformer blocks).

Blocks are quantized one after the other, each on the outputs of the
already quantized blocks before it, so later layers calibrate on the
inputs they will actually see. Inside a block, the `Dense` and
`EinsumDense` layers are quantized in the order they were created, each
on inputs recorded with the block's earlier layers already quantized.
"""

import contextlib

import numpy as np

from keras.src import backend
from keras.src import tree
from keras.src.quantizers.gptq import GPTQ
from keras.src.quantizers.utils import should_quantize_layer

_BATCH_SIZE = 16


def get_dataloader(tokenizer, sequence_length, dataset, num_samples=128):
    """Calibration samples from a dataset.

    Args:
        tokenizer: a callable, or an object with a `tokenize` method,
            mapping a string to token ids (used for string data).
        sequence_length: tokens per sample.
        dataset: one of
            - an integer array of token ids: `(samples, length)` rows,
              or a 1D stream cut into samples;
            - a float array `(samples, ...)`: used as is;
            - a string or a list/iterable of strings: tokenized and
              concatenated into one stream cut into samples;
            - an iterable of token-id rows.
        num_samples: the number of samples wanted.

    Returns:
        A NumPy array with at most `num_samples` samples; token samples
        have shape `(num_samples, sequence_length)` (or shorter rows when
        the data is shorter).
    """
    if dataset is None:
        raise ValueError("`dataset` is None: nothing to calibrate on.")
    if isinstance(dataset, str):
        dataset = [dataset]
    if not hasattr(dataset, "shape"):
        items = []
        for item in dataset:
            items.append(item)
            if len(items) >= num_samples and not isinstance(item, str):
                break
        if items and all(isinstance(i, str) for i in items):
            return _stream_to_samples(
                np.concatenate([_tokenize(tokenizer, t) for t in items]),
                sequence_length,
                num_samples,
            )
        try:
            dataset = np.stack([backend.convert_to_numpy(i) for i in items])
        except ValueError as error:
            raise ValueError(
                "`dataset` items must all be strings or arrays of one "
                f"shape. Received items of types "
                f"{sorted({type(i).__name__ for i in items})}: {error}"
            ) from None
    data = np.asarray(backend.convert_to_numpy(dataset))
    if data.size == 0:
        raise ValueError("`dataset` is empty: nothing to calibrate on.")
    if data.dtype.kind in "iu":
        if data.ndim == 1:
            return _stream_to_samples(data, sequence_length, num_samples)
        return data[:num_samples, :sequence_length]
    if data.dtype.kind == "f":
        return data[:num_samples]
    if data.dtype.kind in "US" or data.dtype == object:
        return get_dataloader(
            tokenizer, sequence_length, data.ravel().tolist(), num_samples
        )
    raise ValueError(
        "`dataset` must hold token ids, floats or strings. Received an "
        f"array of dtype {data.dtype}."
    )


def _tokenize(tokenizer, text):
    fn = getattr(tokenizer, "tokenize", tokenizer)
    if not callable(fn):
        raise ValueError(
            "`tokenizer` must be callable or have a `tokenize` method to "
            f"tokenize string data. Received: tokenizer={tokenizer!r}"
        )
    ids = np.asarray(backend.convert_to_numpy(fn(text)))
    return ids.reshape(-1).astype("int32")


def _stream_to_samples(tokens, sequence_length, num_samples):
    """`num_samples` windows of `sequence_length` tokens spread evenly
    over a token stream (repeated when too short)."""
    tokens = np.asarray(tokens).reshape(-1)
    if tokens.size < sequence_length:
        tokens = np.tile(tokens, -(-sequence_length // tokens.size))
    last = tokens.size - sequence_length
    starts = np.linspace(0, last, num=num_samples).astype("int64")
    if last < num_samples:
        starts = np.unique(starts)
    return np.stack([tokens[s:s + sequence_length] for s in starts])


def find_layers_in_block(block):
    """The float `Dense` and `EinsumDense` layers inside `block`, by
    path, in creation order.

    Args:
        block: a layer or a model.

    Returns:
        A dict from each layer's path (or name) to the layer.
    """
    from keras.src.layers.core.dense import Dense
    from keras.src.layers.core.einsum_dense import EinsumDense

    found = {}
    candidates = (
        block._flatten_layers(include_self=True)
        if hasattr(block, "_flatten_layers")
        else [block]
    )
    for layer in candidates:
        if isinstance(layer, (Dense, EinsumDense)) and layer.built:
            key = getattr(layer, "path", None) or layer.name
            found.setdefault(key, layer)
    return found


def get_group_size_for_layer(layer, config):
    """The group size a layer is (or will be) quantized with: the
    config's, else the one in the layer's GPTQ/AWQ policy."""
    if config is not None and hasattr(config, "group_size"):
        return config.group_size
    return getattr(layer.dtype_policy, "group_size", None)


def get_weight_bits_for_layer(layer, config):
    """The bits per weight of a layer: the config's, else its policy's."""
    if config is not None and hasattr(config, "weight_bits"):
        return config.weight_bits
    return getattr(layer.dtype_policy, "weight_bits", None)


@contextlib.contextmanager
def capture_inputs(layers, callback):
    """Within the context, calling any of `layers` first passes it and
    its input to `callback(layer, inputs)`."""
    saved = {}
    for layer in layers:
        saved[id(layer)] = layer.__dict__.get("call")
        original = layer.call

        def hooked(inputs, *args, _layer=layer, _call=original, **kwargs):
            callback(_layer, inputs)
            return _call(inputs, *args, **kwargs)

        object.__setattr__(layer, "call", hooked)
    try:
        yield
    finally:
        for layer in layers:
            previous = saved[id(layer)]
            if previous is None:
                layer.__dict__.pop("call", None)
            else:
                object.__setattr__(layer, "call", previous)


def run_block(block, batches):
    """`block` applied to each batch (inference mode)."""
    outputs = []
    for batch in batches:
        out = block(batch, training=False) if _takes_training(block) else (
            block(batch)
        )
        if isinstance(out, (list, tuple)):
            out = out[0]
        elif isinstance(out, dict):
            out = tree.flatten(out)[0]
        outputs.append(out)
    return outputs


def _takes_training(layer):
    params = getattr(layer, "call_signature_parameters", None) or []
    return "training" in params


def calibration_batches(samples, pre_block_layers):
    """The calibration samples in batches, through `pre_block_layers`."""
    batches = []
    for start in range(0, len(samples), _BATCH_SIZE):
        x = backend.convert_to_tensor(samples[start:start + _BATCH_SIZE])
        batches.append(x)
    for layer in pre_block_layers:
        batches = run_block(layer, batches)
    return batches


def stream_hessians(block, batches, gptq_objects):
    """Runs `block` over `batches`, adding each tracked layer's inputs
    to its `GPTQ` object's Hessian.

    Args:
        block: the block containing the layers.
        batches: the block's input batches.
        gptq_objects: a dict from layer to its `GPTQ`.
    """

    def record(layer, inputs):
        gptq_objects[layer].update_hessian_with_batch(inputs)

    with capture_inputs(list(gptq_objects), record):
        run_block(block, batches)


def check_structure(structure, mode):
    """Validates a quantization layer structure dict."""
    if (
        not isinstance(structure, dict)
        or "pre_block_layers" not in structure
        or "sequential_blocks" not in structure
    ):
        raise ValueError(
            f"For mode='{mode}', a valid quantization structure must be "
            "provided either via `config.quantization_layer_structure` or "
            "by overriding `model.get_quantization_layer_structure(mode)`. "
            "The structure should be a dictionary with keys "
            "'pre_block_layers' and 'sequential_blocks'. Received: "
            f"{structure!r}"
        )
    return (
        list(structure["pre_block_layers"] or []),
        list(structure["sequential_blocks"] or []),
    )


def apply_layerwise(samples, config, structure, filters, quantize_layer):
    """Quantizes the structure's blocks in order; returns the number of
    layers quantized. `quantize_layer(block, batches, layer)` quantizes
    one layer from the block's input batches."""
    pre_block_layers, blocks = check_structure(structure, config.mode)
    batches = calibration_batches(samples, pre_block_layers)
    count = 0
    for block in blocks:
        for layer in find_layers_in_block(block).values():
            if layer.quantization_mode is not None or not (
                should_quantize_layer(layer, filters)
            ):
                continue
            quantize_layer(block, batches, layer)
            count += 1
        batches = run_block(block, batches)
    return count


def apply_gptq_layerwise(samples, config, structure, filters=None):
    """Runs GPTQ on every `Dense`/`EinsumDense` of the structure's blocks.

    Args:
        samples: the calibration samples (see `get_dataloader`).
        config: the `GPTQConfig`.
        structure: the quantization layer structure.
        filters: which layers to quantize (see `Model.quantize`).

    Returns:
        The number of layers quantized.
    """

    def quantize_layer(block, batches, layer):
        gptq = GPTQ(layer, config)
        stream_hessians(block, batches, {layer: gptq})
        gptq.quantize_and_correct_layer()

    return apply_layerwise(samples, config, structure, filters,
                           quantize_layer)


def check_calibration_data(config):
    if config.dataset is None or config.tokenizer is None:
        name = config.mode.upper()
        raise ValueError(
            f"{name} quantization requires a dataset and a tokenizer. "
            f"Please provide them in the `{type(config).__name__}`."
        )


def gptq_quantize(config, quantization_layer_structure, filters=None):
    """GPTQ over a model's structure with `config`'s calibration data.

    Args:
        config: a `GPTQConfig` with `dataset` and `tokenizer`.
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
    return apply_gptq_layerwise(
        samples, config, quantization_layer_structure, filters
    )
