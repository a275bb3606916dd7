"""Result dtypes of the product ops (`matmul`, `trace`, `slogdet`), shared
by the ops and every backend."""

from keras.src.backend.common import dtypes


def product_dtype(*values):
    """`result_type` of `values`, except that int8 by int8 products
    accumulate (and return) int32, as Keras's `matmul` and `einsum` do."""
    names = [dtypes.dtype_of(v) for v in values]
    if all(n == "int8" for n in names):
        return "int32"
    return dtypes.result_type(*names)


def trace_dtype(dtype):
    """Traces sum: small integers and bools widen to 32 bits."""
    dtype = dtypes.standardize_dtype(dtype)
    if dtype in ("bool", "int8", "int16"):
        return "int32"
    if dtype in ("uint8", "uint16"):
        return "uint32"
    return dtypes.result_type(dtype)


def slogdet_dtypes(dtype):
    """Returns (result dtype, dtype to compute in) of `slogdet`."""
    dtype = dtypes.result_type(dtype)
    if not dtypes.is_float_dtype(dtype) and "complex" not in dtype:
        dtype = dtypes.result_type(dtype, float)
    # LAPACK-style kernels take no half precision: compute in float32.
    compute = "float32" if dtype in ("float16", "bfloat16") else dtype
    return dtype, compute
