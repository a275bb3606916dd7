"""Indexing functions on PyTorch."""
