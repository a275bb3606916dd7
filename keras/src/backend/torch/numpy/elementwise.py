"""Elementwise functions on PyTorch."""

import torch

from keras.src.backend.torch.core import promote


def add(x1, x2):
    x1, x2 = promote(x1, x2)
    return torch.add(x1, x2)
