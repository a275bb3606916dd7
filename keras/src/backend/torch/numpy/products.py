"""Products functions on PyTorch."""
