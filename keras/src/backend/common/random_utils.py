"""Shape rules of the random functions, shared by the backends."""


def fill_noise_shape(noise_shape, shape):
    """`noise_shape` (dropout's) with its `None` entries taken from
    `shape`; `shape` itself when `noise_shape` is `None`."""
    if noise_shape is None:
        return shape
    return tuple(s if n is None else n for n, s in zip(noise_shape, shape))
