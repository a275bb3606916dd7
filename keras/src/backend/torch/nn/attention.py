"""Dot-product attention on PyTorch."""

import math

import torch
import torch.nn.functional as F

from keras.src.backend.torch.core import cast, convert_to_tensor, promote
from keras.src.backend.torch.nn._utils import _float


def dot_product_attention(query, key, value, bias=None, mask=None,
                          scale=None, is_causal=False, flash_attention=None,
                          attn_logits_soft_cap=None):
    query, key, value = promote(query, key, value)
    query, key, value = (_float(t).transpose(1, 2)
                         for t in (query, key, value))
    heads, kv_heads = query.shape[1], key.shape[1]
    if attn_logits_soft_cap is not None:
        if flash_attention:
            raise ValueError(
                "`dot_product_attention`: flash attention does not support "
                "`attn_logits_soft_cap`; pass flash_attention=None."
            )
        return _capped_attention(query, key, value, bias, mask, scale,
                                 is_causal, attn_logits_soft_cap)
    additive = _additive_mask(query, key, bias, mask, is_causal)
    if additive is not None:
        is_causal = False
    kwargs = {"enable_gqa": heads != kv_heads, "scale": scale}
    if flash_attention:
        from torch.nn.attention import SDPBackend, sdpa_kernel

        with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
            out = F.scaled_dot_product_attention(
                query, key, value, additive, is_causal=is_causal, **kwargs)
    else:
        out = F.scaled_dot_product_attention(
            query, key, value, additive, is_causal=is_causal, **kwargs)
    return out.transpose(1, 2)


def _additive_mask(query, key, bias, mask, is_causal):
    """`bias` plus a large negative number where `mask` (and causality)
    forbid attending; `None` when the plain causal flag is enough."""
    if bias is None and mask is None:
        return None
    dtype = query.dtype
    additive = (torch.zeros((), dtype=dtype, device=query.device)
                if bias is None else cast(bias, dtype))
    keep = None if mask is None else convert_to_tensor(mask).bool()
    if is_causal:
        causal = torch.ones(query.shape[2], key.shape[2], dtype=torch.bool,
                            device=query.device).tril()
        keep = causal if keep is None else keep & causal
    if keep is not None:
        floor = torch.finfo(dtype).min * 0.7
        additive = torch.where(keep, additive, floor)
    return additive


def _capped_attention(query, key, value, bias, mask, scale, is_causal, cap):
    heads, kv_heads = query.shape[1], key.shape[1]
    if heads != kv_heads:
        key = key.repeat_interleave(heads // kv_heads, dim=1)
        value = value.repeat_interleave(heads // kv_heads, dim=1)
    if scale is None:
        scale = 1 / math.sqrt(query.shape[-1])
    logits = torch.matmul(query, key.transpose(-1, -2)).float() * scale
    logits = cap * torch.tanh(logits / cap)
    additive = _additive_mask(logits, key, bias, mask, is_causal)
    if additive is not None:
        logits = logits + additive
    elif is_causal:
        causal = torch.ones(logits.shape[-2:], dtype=torch.bool,
                            device=logits.device).tril()
        logits = torch.where(causal, logits, torch.finfo(logits.dtype).min)
    probs = torch.softmax(logits, dim=-1).to(value.dtype)
    return torch.matmul(probs, value).transpose(1, 2)
