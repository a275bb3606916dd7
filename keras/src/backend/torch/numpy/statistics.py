"""Statistics functions on PyTorch."""
