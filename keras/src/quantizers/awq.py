"""AWQ (Lin et al., 2023): activation-aware weight quantization.

Rounding errors matter most on the input features with large
activations. AWQ multiplies each kernel row (one per input feature) by a
scale `s_i` before quantizing and divides the feature by `s_i` at call
time (here folded into the dequantized kernel): the product is unchanged,
but the salient rows get relatively finer quantization steps. The scales
are `mean|x_i| ** alpha`, normalized around 1, with `alpha` chosen on a
grid in `[0, 1)` to minimize the layer's output error on calibration
inputs (alpha = 0 is plain round-to-nearest).

The search runs in NumPy: once per layer, on a few thousand input rows.
"""

import numpy as np

from keras.src import backend
from keras.src.quantizers.gptq import layer_inputs_as_rows
from keras.src.quantizers.quantizers import compute_quantization_parameters
from keras.src.quantizers.quantizers import dequantize_with_sz_map
from keras.src.quantizers.quantizers import quantize_with_sz_map

# Input rows kept per layer to score the candidate scales.
_MAX_ROWS = 4096


def awq_quantize_matrix(weights, scales, *, weight_bits=4, group_size=-1):
    """Group-wise asymmetric quantization of `weights * scales`.

    Args:
        weights: `(units, features)` float weights.
        scales: `(features,)` AWQ scales.
        weight_bits: bits per code.
        group_size: features per group, or -1 for all.

    Returns:
        `(codes, scale, zero, g_idx)` as from `gptq_quantize_matrix`; the
        codes stand for `weights * scales`.
    """
    w = np.asarray(weights, "float64") * np.asarray(scales)[None, :]
    features = w.shape[1]
    size = features if group_size in (None, -1) else int(group_size)
    scale, zero, maxq = compute_quantization_parameters(
        w, bits=weight_bits, per_channel=True, group_size=size,
        compute_dtype="float64",
    )
    g_idx = np.arange(features) // size
    codes = quantize_with_sz_map(w, scale, zero, g_idx, maxq)
    return codes, scale, zero, g_idx


def _effective_weights(weights, scales, weight_bits, group_size):
    codes, scale, zero, g_idx = awq_quantize_matrix(
        weights, scales, weight_bits=weight_bits, group_size=group_size
    )
    return dequantize_with_sz_map(codes, scale, zero, g_idx) / scales


def awq_search_optimal_scales(
    weights,
    inputs,
    *,
    weight_bits=4,
    group_size=-1,
    num_grid_points=20,
):
    """Searches the per-feature scales of one layer.

    Args:
        weights: `(units, features)` float weights.
        inputs: `(n, features)` calibration inputs of the layer.
        weight_bits: bits per code.
        group_size: features per group, or -1.
        num_grid_points: alphas tried, `i / num_grid_points`.

    Returns:
        `(scales, alpha)`: the best `(features,)` scales and their alpha.
    """
    w = np.asarray(weights, "float64")
    x = np.asarray(inputs, "float64")
    magnitude = np.maximum(np.mean(np.abs(x), axis=0), 1e-8)
    reference = x @ w.T
    best = (np.inf, None, None)
    for i in range(num_grid_points):
        alpha = i / num_grid_points
        scales = np.maximum(magnitude ** alpha, 1e-4)
        scales = scales / np.sqrt(scales.max() * scales.min())
        approx = _effective_weights(w, scales, weight_bits, group_size)
        loss = float(np.mean((x @ approx.T - reference) ** 2))
        if loss < best[0]:
            best = (loss, scales, alpha)
    return best[1], best[2]


class AWQ:
    """AWQ state of one layer: gathers its calibration inputs, then
    searches the scales, quantizes the kernel and installs the result.

    Args:
        layer: a built, float `Dense` or `EinsumDense`.
        config: the `AWQConfig`.

    Example:

    >>> layer = keras.layers.Dense(4)
    >>> layer.build((None, 8))
    >>> awq = AWQ(layer, keras.quantizers.AWQConfig(None, None,
    ...                                             group_size=-1))
    >>> awq.update_activations(np.random.rand(16, 8))
    >>> awq.quantize_layer()
    >>> layer.dtype_policy.name
    'awq/4/-1_from_float32'
    """

    def __init__(self, layer, config):
        self.layer = layer
        self.config = config
        self.rows = []
        self.count = 0

    def update_activations(self, inputs):
        """Records a batch of the layer's inputs (up to a few thousand
        rows in all)."""
        x = layer_inputs_as_rows(self.layer, inputs)
        room = _MAX_ROWS - self.count
        if room > 0:
            self.rows.append(x[:room])
            self.count += min(room, x.shape[0])

    def quantize_layer(self):
        """Searches the scales and swaps the float kernel for the
        quantized variables."""
        layer = self.layer
        layout = layer._kernel_layout(tuple(layer._kernel.shape))
        kernel = np.asarray(
            backend.convert_to_numpy(layer._kernel.value), "float64"
        )
        weights = layout.to_matrix(kernel, xp=np).T
        group = self.config.group_size
        if group != -1 and group >= layout.rows:
            group = -1
        if not self.rows:
            raise ValueError(
                f"Layer '{layer.name}' saw no calibration inputs: is it "
                "called by its block?"
            )
        inputs = np.concatenate(self.rows, axis=0)
        scales, _ = awq_search_optimal_scales(
            weights,
            inputs,
            weight_bits=self.config.weight_bits,
            group_size=group,
            num_grid_points=self.config.num_grid_points,
        )
        codes, scale, zero, g_idx = awq_quantize_matrix(
            weights, scales, weight_bits=self.config.weight_bits,
            group_size=group,
        )
        layer._install_calibrated(
            self.config, codes, scale, zero, g_idx, awq_scales=scales
        )
        self.rows = []
