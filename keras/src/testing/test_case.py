"""`TestCase`: the base class of Keras's tests, with tensor assertions.

Each test starts from a clean global state (`clear_session()`).
"""

import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src.backend.common import global_state


class TestCase(parameterized.TestCase):
    """A `parameterized.TestCase` with assertions that accept tensors of any
    backend.

    Example:

    ```python
    class AddTest(keras.src.testing.TestCase):
        def test_add(self):
            self.assertAllClose(keras.ops.add(1.0, 2.0), 3.0)
    ```
    """

    maxDiff = None

    def setUp(self):
        super().setUp()
        global_state.clear_session(free_memory=False)

    def assertAllClose(self, x1, x2, atol=1e-6, rtol=1e-6, msg=None):
        """Asserts that `x1` and `x2` hold the same values within
        tolerance (shapes must broadcast)."""
        np.testing.assert_allclose(
            _to_numpy(x1), _to_numpy(x2), atol=atol, rtol=rtol,
            err_msg=msg or "",
        )

    def assertNotAllClose(self, x1, x2, atol=1e-6, rtol=1e-6, msg=None):
        """Asserts that `x1` and `x2` differ somewhere beyond tolerance."""
        try:
            self.assertAllClose(x1, x2, atol=atol, rtol=rtol)
        except AssertionError:
            return
        raise AssertionError(
            msg or f"The two values are close:\n{x1}\n{x2}"
        )

    def assertAlmostEqual(self, x1, x2, decimal=3, msg=None):
        """Asserts that two scalars agree to `decimal` places."""
        np.testing.assert_almost_equal(
            _to_numpy(x1), _to_numpy(x2), decimal=decimal, err_msg=msg or ""
        )

    def assertAllEqual(self, x1, x2, msg=None):
        """Asserts that `x1` and `x2` are exactly equal."""
        np.testing.assert_array_equal(
            _to_numpy(x1), _to_numpy(x2), err_msg=msg or ""
        )

    def assertLen(self, iterable, expected_len, msg=None):
        """Asserts `len(iterable) == expected_len`."""
        self.assertEqual(len(iterable), expected_len, msg=msg)

    def assertDType(self, x, dtype, msg=None):
        """Asserts that `x` (tensor, variable, KerasTensor) has `dtype`."""
        self.assertEqual(
            backend.standardize_dtype(x.dtype),
            backend.standardize_dtype(dtype),
            msg=msg,
        )

    def assertSparse(self, x, sparse=True):
        """Asserts whether `x` is a sparse tensor."""
        is_sparse = bool(getattr(x, "sparse", False)) or (
            type(x).__name__ == "SparseTensor"
        )
        self.assertEqual(is_sparse, sparse)


def _to_numpy(x):
    if isinstance(x, (list, tuple)) and x and backend.is_tensor(x[0]):
        return np.stack([_to_numpy(e) for e in x])
    if backend.is_tensor(x) or isinstance(x, backend.Variable):
        return backend.convert_to_numpy(x)
    return np.asarray(x)


