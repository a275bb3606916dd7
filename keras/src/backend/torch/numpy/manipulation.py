"""Manipulation functions on PyTorch."""
