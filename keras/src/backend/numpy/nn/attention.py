"""Dot-product attention on NumPy."""

import math

import numpy as np

from keras.src.backend.numpy.core import convert_to_tensor, promote
from keras.src.backend.numpy.nn._utils import _wide
from keras.src.backend.numpy.nn.activations import softmax


def dot_product_attention(query, key, value, bias=None, mask=None,
                          scale=None, is_causal=False, flash_attention=None,
                          attn_logits_soft_cap=None):
    if flash_attention:
        raise ValueError(
            "`dot_product_attention`: flash attention is not available on "
            "the numpy backend. Pass flash_attention=None or False."
        )
    query, key, value = promote(query, key, value)
    query, dtype = _wide(query)
    key, value = key.astype(query.dtype), value.astype(query.dtype)
    heads, kv_heads = query.shape[-2], key.shape[-2]
    if heads != kv_heads:
        key = np.repeat(key, heads // kv_heads, axis=-2)
        value = np.repeat(value, heads // kv_heads, axis=-2)
    if scale is None:
        scale = 1 / math.sqrt(query.shape[-1])
    logits = np.einsum("btnh,bsnh->bnts", query, key) * scale
    if attn_logits_soft_cap is not None:
        cap = attn_logits_soft_cap
        logits = cap * np.tanh(logits / cap)
    if bias is not None:
        logits = logits + convert_to_tensor(bias).astype(logits.dtype)
    keep = _attention_mask(mask, is_causal, logits.shape[-2:])
    if keep is not None:
        floor = np.finfo(logits.dtype).min * 0.7
        logits = np.where(keep, logits, floor)
    probs = softmax(logits, axis=-1)
    return np.einsum("bnts,bsnh->btnh", probs, value).astype(dtype)


def _attention_mask(mask, is_causal, shape):
    keep = None if mask is None else convert_to_tensor(mask).astype(bool)
    if is_causal:
        causal = np.tril(np.ones(shape, dtype=bool))
        keep = causal if keep is None else keep & causal
    return keep
