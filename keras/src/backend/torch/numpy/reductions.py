"""Reductions functions on PyTorch."""
