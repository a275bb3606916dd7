import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.backend.common.prefix_scan import prefix_scan


def _add(a, b):
    return [x + y for x, y in zip(a, b)]


class PrefixScanTest(testing.TestCase):
    @parameterized.parameters(0, 1, 2, 5, 8, 13)
    def test_matches_cumsum_along_an_axis(self, n):
        x = np.arange(3 * n, dtype="float64").reshape(3, n) + 1.0
        (out,) = prefix_scan(_add, [x], 1, np.concatenate, np.take)
        np.testing.assert_allclose(out, np.cumsum(x, axis=1))

    def test_several_leaves_scan_together(self):
        # A non-commutative combine (affine maps) checks the order.
        a = np.array([2.0, 3.0, 0.5, 4.0, 1.5])
        b = np.array([1.0, -1.0, 2.0, 0.0, 3.0])

        def compose(first, second):
            (a1, b1), (a2, b2) = first, second
            return [a1 * a2, b1 * a2 + b2]

        out_a, out_b = prefix_scan(compose, [a, b], 0, np.concatenate,
                                   np.take)
        want_a, want_b = [a[0]], [b[0]]
        for i in range(1, len(a)):
            want_a.append(want_a[-1] * a[i])
            want_b.append(want_b[-1] * a[i] + b[i])
        np.testing.assert_allclose(out_a, want_a)
        np.testing.assert_allclose(out_b, want_b)
