"""Pooling layers: windowed max/average pooling and global pooling in 1, 2
and 3 spatial dimensions."""

from keras.src import backend


def output_dtype(layer, x):
    """The dtype of a pooling layer's output that keeps its input's dtype:
    the compute dtype for float inputs the layer autocasts, else the
    input's own."""
    dtype = backend.standardize_dtype(x.dtype)
    if layer.autocast and backend.is_float_dtype(dtype):
        return layer.compute_dtype
    return dtype
