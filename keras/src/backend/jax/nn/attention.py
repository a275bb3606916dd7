"""Attention on JAX."""

import math

import jax
import jax.numpy as jnp

from keras.src.backend.jax.core import convert_to_tensor, promote
from keras.src.backend.jax.nn._utils import _float
from keras.src.backend.jax.nn._utils import _jit
from keras.src.backend.jax.nn._utils import _optional


def dot_product_attention(query, key, value, bias=None, mask=None,
                          scale=None, is_causal=False, flash_attention=None,
                          attn_logits_soft_cap=None):
    query, key, value = promote(query, key, value)
    query, key, value = (_float(t) for t in (query, key, value))
    bias = _optional(bias)
    mask = None if mask is None else convert_to_tensor(mask).astype(bool)
    if scale is None:
        scale = 1 / math.sqrt(query.shape[-1])
    if flash_attention:
        return _fused_attention(query, key, value, bias, mask, scale,
                                is_causal, attn_logits_soft_cap)
    return _attention(query, key, value, bias, mask, scale, is_causal,
                      attn_logits_soft_cap)


@_jit("is_causal", "cap")
def _attention(query, key, value, bias, mask, scale, is_causal, cap):
    heads, kv_heads = query.shape[-2], key.shape[-2]
    if heads != kv_heads:
        key = jnp.repeat(key, heads // kv_heads, axis=-2)
        value = jnp.repeat(value, heads // kv_heads, axis=-2)
    logits = jnp.einsum("btnh,bsnh->bnts", query, key,
                        preferred_element_type=jnp.float32) * scale
    if cap is not None:
        logits = cap * jnp.tanh(logits / cap)
    if bias is not None:
        logits = logits + bias.astype(logits.dtype)
    keep = mask
    if is_causal:
        causal = jnp.tril(jnp.ones(logits.shape[-2:], dtype=bool))
        keep = causal if keep is None else keep & causal
    if keep is not None:
        logits = jnp.where(keep, logits, jnp.finfo(logits.dtype).min * 0.7)
    probs = jax.nn.softmax(logits, axis=-1).astype(value.dtype)
    return jnp.einsum("bnts,bsnh->btnh", probs, value)


def _fused_attention(query, key, value, bias, mask, scale, is_causal, cap):
    if cap is not None:
        raise ValueError(
            "`dot_product_attention`: the fused (flash) kernel of JAX does "
            "not support `attn_logits_soft_cap`; pass flash_attention=None."
        )
    if mask is not None:
        mask = mask.reshape((1,) * (4 - mask.ndim) + mask.shape)
    if bias is not None:
        bias = bias.astype(query.dtype)
        bias = bias.reshape((1,) * (4 - bias.ndim) + bias.shape)
    return jax.nn.dot_product_attention(
        query, key, value, bias=bias, mask=mask, scale=scale,
        is_causal=is_causal, implementation="cudnn",
    )
