"""Attention layers: dot-product, additive, multi-head and grouped."""
