"""The attention op."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import nn_shapes
from keras.src.ops.operation import symbolic_op
from keras.src.ops.shape_rules import shape_of as _shape


@keras_export(
    ["keras.ops.dot_product_attention", "keras.ops.nn.dot_product_attention"]
)
def dot_product_attention(query, key, value, bias=None, mask=None,
                          scale=None, is_causal=False, flash_attention=None,
                          attn_logits_soft_cap=None):
    """Scaled dot-product attention:
    `softmax(query @ key^T * scale + bias) @ value`.

    Logits are soft-capped (`cap * tanh(logits / cap)`) before `bias` is
    added; masked positions get a large negative logit, so a fully masked
    row attends uniformly. With fewer key heads than query heads, each key
    head serves `heads // kv_heads` query heads (grouped-query attention).

    Args:
        query: `(batch, target_length, heads, head_dim)`.
        key: `(batch, source_length, kv_heads, head_dim)`.
        value: `(batch, source_length, kv_heads, value_dim)`.
        bias: optional logits added, broadcastable to
            `(batch, heads, target_length, source_length)`.
        mask: optional booleans, broadcastable like `bias`: `True` attends.
        scale: the logits' scale; `1 / sqrt(head_dim)` by default.
        is_causal: whether target position `i` only attends source
            positions `<= i`.
        flash_attention: `True` asks for the backend's fused kernel
            (PyTorch and JAX), raising if it is not available; `None` or
            `False` compute the plain formula.
        attn_logits_soft_cap: an optional cap on the logits.

    Returns:
        A tensor `(batch, target_length, heads, value_dim)`.

    Example:

    >>> q = np.ones((1, 2, 1, 4), "float32")
    >>> v = np.arange(8, dtype="float32").reshape(1, 2, 1, 4)
    >>> keras.ops.dot_product_attention(q, q, v)[0, :, 0]
    array([[2., 3., 4., 5.],
           [2., 3., 4., 5.]], dtype=float32)
    """
    tensors = (query, key, value, bias, mask)
    if any_symbolic_tensors(tensors):
        return symbolic_op(dot_product_attention,
                           nn_shapes.dot_product_attention_spec, query, key,
                           value, bias=bias, mask=mask, scale=scale,
                           is_causal=is_causal,
                           flash_attention=flash_attention,
                           attn_logits_soft_cap=attn_logits_soft_cap)
    nn_shapes.check_attention(_shape(query), _shape(key),
                              _shape(value))
    return backend.nn.dot_product_attention(
        query, key, value, bias=bias, mask=mask, scale=scale,
        is_causal=is_causal, flash_attention=flash_attention,
        attn_logits_soft_cap=attn_logits_soft_cap,
    )
