"""Dtype rules of the creation functions (`arange`, `linspace`,
`logspace`, ...), shared by the backends."""

from keras.src.backend.common import dtypes


def range_dtype(*values):
    """The dtype a range takes from its bounds (`None` skipped): Python
    ints give int32, floats floatx; bools count as ints."""
    dtype = dtypes.result_type(
        *(dtypes.dtype_of(v) for v in values if v is not None)
    )
    return "int32" if dtype == "bool" else dtype


def ramp_dtype(start, stop):
    """The floating dtype a ramp between `start` and `stop` is computed
    in (`linspace`, `logspace`, `geomspace`)."""
    return dtypes.result_type(
        dtypes.dtype_of(start), dtypes.dtype_of(stop), float
    )


def ramp_work_dtype(compute, dtype):
    """The dtype a ramp of dtype `compute` is worked out in before its
    cast to the requested `dtype`: float64 when it ends as integers (so
    exact integers stay exact), float32 for half precision."""
    if dtype is not None and not dtypes.is_float_dtype(dtype):
        return "float64"
    dtype = compute if dtype is None else dtypes.standardize_dtype(dtype)
    return "float32" if dtype in ("float16", "bfloat16") else compute
