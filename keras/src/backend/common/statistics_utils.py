"""Dtype and shape rules of the statistics functions (`bincount`,
`average`, `quantile`, ...), shared by the backends."""

from keras.src.backend.common import dtypes


def bincount_dtype(weights_dtype):
    """The dtype of `bincount`'s counts for weights of `weights_dtype`:
    float and complex weights keep theirs, others count in at least
    int32."""
    if dtypes.is_float_dtype(weights_dtype) or "complex" in weights_dtype:
        return weights_dtype
    return dtypes.result_type(weights_dtype, "int32")


def weights_along(weights, shape, axis):
    """Reshapes 1-D `weights` to broadcast along `axis` of `shape`."""
    if weights.shape == shape:
        return weights
    if isinstance(axis, int) and weights.shape == (shape[axis],):
        axis = axis % len(shape)
        return weights.reshape((-1,) + (1,) * (len(shape) - axis - 1))
    raise ValueError(
        "`average`: `weights` must have the shape of `x`, or be 1-D with "
        f"the length of `x` along an int `axis`. Received: x.shape={shape}, "
        f"weights.shape={weights.shape}, axis={axis}"
    )


def float_dtype(*dtype_list):
    """The promoted dtype of `dtype_list`, made floating (integers and
    bools give floatx)."""
    return dtypes.result_type(*dtype_list, float)


def accumulation_dtype(dtype):
    """The dtype sums of `dtype` are accumulated in: float32 for 16-bit
    floats, `dtype` itself otherwise."""
    return "float32" if dtype in ("float16", "bfloat16") else dtype
