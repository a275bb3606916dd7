"""GPTQ (Frantar et al., 2022): quantizing a layer's kernel column by
column with error feedback from the Hessian of the layer's inputs.

For a layer computing `y = x @ W` (`W` of shape `(features, units)`),
the error of replacing `W` by `Q` over calibration inputs `X` is
`tr((W - Q)^T H (W - Q))` with `H = 2 X^T X / n`. GPTQ fixes the rows of
`W` (one per input feature) one at a time: after rounding feature `i`,
the rounding error, weighted by the inverse Hessian, is subtracted from
the features not yet quantized, which absorb it. Working with the upper
Cholesky factor of `H^-1` gives every step's update directly, and
updates are applied lazily per block of features so the bulk of the work
is matrix products.

The maths runs in NumPy (float64): it happens once per layer, and the
Cholesky factorization wants the precision.
"""

import numpy as np

from keras.src import backend
from keras.src.quantizers.quantizers import compute_quantization_parameters
from keras.src.quantizers.quantizers import dequantize_with_sz_map
from keras.src.quantizers.quantizers import quantize_with_sz_map


def _inverse_hessian_factor(hessian, damping):
    """Upper Cholesky factor of the damped Hessian's inverse."""
    size = hessian.shape[0]
    damp = damping * float(np.mean(np.diag(hessian)))
    hessian = hessian + (damp if damp > 0 else 1e-8) * np.eye(size)
    try:
        lower = np.linalg.cholesky(hessian)
    except np.linalg.LinAlgError:
        # Nearly singular: add a little more damping and retry once.
        hessian = hessian + 1e-2 * np.mean(np.diag(hessian)) * np.eye(size)
        lower = np.linalg.cholesky(hessian)
    inverse = np.linalg.inv(lower)
    inverse = inverse.T @ inverse  # H^-1
    return np.linalg.cholesky(inverse).T


def gptq_quantize_matrix(
    weights,
    hessian,
    *,
    weight_bits=4,
    group_size=-1,
    symmetric=False,
    per_channel=True,
    hessian_damping=0.01,
    activation_order=False,
    block_size=128,
):
    """Quantizes a `(units, features)` weight matrix with GPTQ.

    Args:
        weights: the float weights, output units by input features (the
            transpose of a `Dense` kernel).
        hessian: `(features, features)`, `2 X^T X / n` over the inputs.
        weight_bits: bits per code.
        group_size: features sharing a scale and zero; -1 for all.
        symmetric: quantize on a range centred on 0.
        per_channel: one range per unit (else one for the matrix).
        hessian_damping: fraction of the mean diagonal added to `H`.
        activation_order: quantize features by decreasing `H[i, i]`.
        block_size: features per lazy update block.

    Returns:
        `(codes, scale, zero, g_idx)`: codes `(units, features)` in
        `[0, 2**weight_bits - 1]`, `scale` and `zero` of shape
        `(units, groups)` and `g_idx` `(features,)`, each feature's group.
    """
    w = np.array(weights, dtype="float64")
    h = np.array(hessian, dtype="float64")
    units, features = w.shape
    if h.shape != (features, features):
        raise ValueError(
            f"`hessian` must have shape {(features, features)} for weights "
            f"of shape {w.shape}. Received: hessian.shape={h.shape}"
        )
    # Features never seen active carry no information: pin them to 0.
    dead = np.diag(h) == 0
    h[dead, dead] = 1.0
    w[:, dead] = 0.0
    perm = np.arange(features)
    if activation_order:
        perm = np.argsort(-np.diag(h), kind="stable")
        w = w[:, perm]
        h = h[np.ix_(perm, perm)]
    hinv = _inverse_hessian_factor(h, hessian_damping)

    size = features if group_size in (None, -1) else int(group_size)
    groups = -(-features // size)
    scale = np.zeros((units, groups))
    zero = np.zeros((units, groups))
    codes = np.zeros((units, features))
    group_of = np.arange(features) // size  # in quantization order

    def params(block):
        s, z, maxq = compute_quantization_parameters(
            block,
            bits=weight_bits,
            symmetric=symmetric,
            per_channel=per_channel,
            compute_dtype="float64",
        )
        return s, z, maxq

    maxq = 2 ** weight_bits - 1
    for start in range(0, features, block_size):
        end = min(start + block_size, features)
        errors = np.zeros((units, end - start))
        for i in range(start, end):
            if i % size == 0:
                g = i // size
                s, z, _ = params(w[:, i:i + size])
                scale[:, g:g + 1], zero[:, g:g + 1] = s, z
            g = group_of[i]
            column = w[:, i]
            q = np.clip(
                np.round(column / scale[:, g] + zero[:, g]), 0, maxq
            )
            codes[:, i] = q
            dequantized = (q - zero[:, g]) * scale[:, g]
            error = (column - dequantized) / hinv[i, i]
            w[:, i + 1:end] -= np.outer(error, hinv[i, i + 1:end])
            errors[:, i - start] = error
        w[:, end:] -= errors @ hinv[start:end, end:]

    inverse = np.argsort(perm)
    codes = codes[:, inverse]
    g_idx = group_of[inverse].astype("float32")
    return (
        codes.astype("uint8"),
        scale.astype("float32"),
        zero.astype("float32"),
        g_idx,
    )


def layer_inputs_as_rows(layer, inputs):
    """A layer's inputs as a `(n, features)` NumPy matrix whose columns
    follow the rows of the layer's kernel matrix (see `KernelLayout`)."""
    x = np.asarray(backend.convert_to_numpy(inputs), "float64")
    parts = getattr(layer, "_parts", None)
    if parts is None:  # Dense: the last axis is contracted.
        return x.reshape(-1, x.shape[-1])
    lhs, kernel, out, side = parts
    offset = x.ndim - len(lhs) if side == "left" else 0
    reduced = [c for c in kernel if c not in out]
    axes = [lhs.index(c) + offset for c in reduced]
    kept = [a for a in range(x.ndim) if a not in axes]
    x = np.transpose(x, kept + axes)
    features = int(np.prod([x.shape[a] for a in range(len(kept), x.ndim)]))
    return x.reshape(-1, features)


class GPTQ:
    """GPTQ state of one layer: accumulates the Hessian of its inputs,
    then quantizes its kernel and installs the result.

    Args:
        layer: a built, float `Dense` or `EinsumDense`.
        config: the `GPTQConfig`.

    Example:

    >>> layer = keras.layers.Dense(4)
    >>> layer.build((None, 8))
    >>> gptq = GPTQ(layer, keras.quantizers.GPTQConfig(None, None,
    ...                                                 group_size=-1))
    >>> gptq.update_hessian_with_batch(np.random.rand(16, 8))
    >>> gptq.quantize_and_correct_layer()
    >>> layer.dtype_policy.name
    'gptq/4/-1_from_float32'
    """

    def __init__(self, layer, config):
        self.layer = layer
        self.config = config
        layout = layer._kernel_layout(tuple(layer._kernel.shape))
        self.rows = layout.rows
        self.hessian = np.zeros((self.rows, self.rows))
        self.num_samples = 0

    def update_hessian_with_batch(self, inputs):
        """Adds a batch of the layer's inputs to the running Hessian
        `2 X^T X / n`."""
        x = layer_inputs_as_rows(self.layer, inputs)
        if x.shape[1] != self.rows:
            raise ValueError(
                f"Layer '{self.layer.name}': expected inputs with "
                f"{self.rows} features, received {x.shape[1]}."
            )
        n = x.shape[0]
        total = self.num_samples + n
        self.hessian *= self.num_samples / total
        self.hessian += (2.0 / total) * (x.T @ x)
        self.num_samples = total

    def quantize_and_correct_layer(self):
        """Runs GPTQ on the layer's kernel and swaps the float kernel for
        the quantized variables."""
        layer = self.layer
        layout = layer._kernel_layout(tuple(layer._kernel.shape))
        kernel = np.asarray(
            backend.convert_to_numpy(layer._kernel.value), "float64"
        )
        weights = layout.to_matrix(kernel, xp=np).T
        config = self.config
        group = _group_size(config.group_size, self.rows)
        codes, scale, zero, g_idx = gptq_quantize_matrix(
            weights,
            self.hessian,
            weight_bits=config.weight_bits,
            group_size=group,
            symmetric=config.symmetric,
            per_channel=config.per_channel,
            hessian_damping=config.hessian_damping,
            activation_order=config.activation_order,
        )
        layer._install_calibrated(
            config, codes, scale, zero, g_idx, awq_scales=None
        )
        self.hessian = None

    def free(self):
        """Drops the accumulated Hessian."""
        self.hessian = None


def _group_size(group_size, rows):
    if group_size in (None, -1) or group_size >= rows:
        return -1
    return int(group_size)


def dequantized_matrix(codes, scale, zero, g_idx):
    """The `(units, features)` float weights GPTQ's outputs stand for."""
    return dequantize_with_sz_map(
        np.asarray(codes, "float64"), scale, zero,
        np.asarray(g_idx).astype("int64"),
    )


def round_to_nearest(weights, weight_bits, group_size, symmetric=False,
                     per_channel=True):
    """Plain round-to-nearest with the same parameters (GPTQ with an
    identity Hessian); a baseline for GPTQ's error."""
    weights = np.asarray(weights, "float64")
    features = weights.shape[1]
    size = features if group_size in (None, -1) else group_size
    scale, zero, maxq = compute_quantization_parameters(
        weights, bits=weight_bits, symmetric=symmetric,
        per_channel=per_channel, group_size=size, compute_dtype="float64",
    )
    g_idx = np.arange(features) // size
    codes = quantize_with_sz_map(weights, scale, zero, g_idx, maxq)
    return codes, scale, zero, g_idx
