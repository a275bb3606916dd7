"""Checks shared by the op tests: eager results against NumPy, and
symbolic shapes with unknown dimensions."""

import numpy as np

from keras.src import backend
from keras.src.backend.common.keras_tensor import KerasTensor


def check_eager(op, reference, args, kwargs=None, dtype=None, atol=1e-6,
                rtol=1e-6):
    """Runs `op(*args, **kwargs)` on the backend and compares it with
    `reference(*args, **kwargs)` computed by NumPy: values, shape and dtype.

    Args:
        op: the Keras op.
        reference: a function computing the expected result with NumPy.
        args, kwargs: the arguments (NumPy arrays or Python values), given
            to both.
        dtype: the expected dtype; defaults to the reference's dtype.
        atol, rtol: tolerances on the values.

    Returns:
        The op's result as a NumPy array.
    """
    kwargs = kwargs or {}
    tensor_args = [
        backend.convert_to_tensor(a) if isinstance(a, np.ndarray) else a
        for a in args
    ]
    result = op(*tensor_args, **kwargs)
    expected = np.asarray(reference(*args, **kwargs))
    actual = backend.convert_to_numpy(result)
    name = getattr(op, "__name__", str(op))
    assert actual.shape == expected.shape, (
        f"{name}: shape {actual.shape} != expected {expected.shape}"
    )
    expected_dtype = backend.standardize_dtype(dtype or expected.dtype)
    actual_dtype = backend.standardize_dtype(result.dtype)
    assert actual_dtype == expected_dtype, (
        f"{name}: dtype {actual_dtype} != expected {expected_dtype}"
    )
    if actual.dtype.kind in "fc" or expected.dtype.kind in "fc":
        np.testing.assert_allclose(
            actual.astype(expected.dtype) if actual.dtype.kind == "V"
            else actual, expected, atol=atol, rtol=rtol, err_msg=name,
            equal_nan=True,
        )
    else:
        np.testing.assert_array_equal(actual, expected, err_msg=name)
    return actual


def check_symbolic(op, args, kwargs=None, shape=None, dtype=None):
    """Calls `op` on arguments holding `KerasTensor`s and checks the
    result's shape (with `None` for unknown dims) and dtype.

    Example:

    ```python
    check_symbolic(ops.add, (KerasTensor((None, 3)), 1.0), shape=(None, 3))
    ```
    """
    result = op(*args, **(kwargs or {}))
    name = getattr(op, "__name__", str(op))
    assert isinstance(result, KerasTensor), (
        f"{name}: expected a KerasTensor, got {type(result)}"
    )
    if shape is not None:
        assert result.shape == tuple(shape), (
            f"{name}: symbolic shape {result.shape} != expected {shape}"
        )
    if dtype is not None:
        assert result.dtype == backend.standardize_dtype(dtype), (
            f"{name}: symbolic dtype {result.dtype} != expected {dtype}"
        )
    return result
