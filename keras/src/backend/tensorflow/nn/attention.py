"""Attention on TensorFlow."""

import math

import tensorflow as tf

from keras.src.backend.tensorflow.core import convert_to_tensor, promote
from keras.src.backend.tensorflow.nn._utils import _float


def dot_product_attention(query, key, value, bias=None, mask=None,
                          scale=None, is_causal=False, flash_attention=None,
                          attn_logits_soft_cap=None):
    if flash_attention:
        raise ValueError(
            "`dot_product_attention`: flash attention is not available on "
            "the tensorflow backend. Pass flash_attention=None or False."
        )
    query, key, value = promote(query, key, value)
    query, key, value = (_float(t) for t in (query, key, value))
    heads, kv_heads = query.shape[-2], key.shape[-2]
    if heads != kv_heads:
        key = tf.repeat(key, heads // kv_heads, axis=-2)
        value = tf.repeat(value, heads // kv_heads, axis=-2)
    if scale is None:
        scale = 1 / math.sqrt(query.shape[-1])
    logits = tf.einsum("btnh,bsnh->bnts", query, key)
    logits = tf.cast(logits, "float32") * scale
    if attn_logits_soft_cap is not None:
        cap = attn_logits_soft_cap
        logits = cap * tf.tanh(logits / cap)
    if bias is not None:
        logits = logits + tf.cast(convert_to_tensor(bias), logits.dtype)
    keep = None if mask is None else tf.cast(convert_to_tensor(mask), bool)
    if is_causal:
        shape = tf.shape(logits)[-2:]
        causal = tf.linalg.band_part(tf.ones(shape, bool), -1, 0)
        keep = causal if keep is None else keep & causal
    if keep is not None:
        logits = tf.where(keep, logits, logits.dtype.min * 0.7)
    probs = tf.cast(tf.nn.softmax(logits, axis=-1), value.dtype)
    return tf.einsum("bnts,bsnh->btnh", probs, value)
