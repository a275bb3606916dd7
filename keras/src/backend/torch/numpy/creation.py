"""Creation functions on PyTorch."""
