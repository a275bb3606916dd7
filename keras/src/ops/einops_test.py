import numpy as np
from absl.testing import parameterized

from keras.src import ops
from keras.src import testing
from keras.src.backend import KerasTensor


class RearrangeTest(testing.TestCase):
    @parameterized.parameters(
        ("b h w -> b (h w)", {}, lambda x: x.reshape(2, 12)),
        ("b h w -> w b h", {}, lambda x: x.transpose(2, 0, 1)),
        ("b h (w c) -> b c h w", {"c": 2},
         lambda x: x.reshape(2, 3, 2, 2).transpose(0, 3, 1, 2)),
        ("b (h1 h2) w -> b h1 (h2 w)", {"h1": 3},
         lambda x: x.reshape(2, 3, 4)),
    )
    def test_values_and_shapes(self, pattern, lengths, expected):
        x = np.arange(24, dtype="float32").reshape(2, 3, 4)
        self.assertAllClose(ops.rearrange(x, pattern, **lengths),
                            expected(x))
        symbolic = ops.rearrange(KerasTensor((2, 3, 4)), pattern, **lengths)
        self.assertEqual(symbolic.shape, expected(x).shape)

    def test_unknown_lengths(self):
        x = KerasTensor((None, 3, 4))
        self.assertEqual(ops.rearrange(x, "b h w -> b (h w)").shape,
                         (None, 12))
        self.assertEqual(ops.rearrange(x, "b h w -> (w b) h").shape,
                         (None, 3))

    @parameterized.parameters(
        ("b h w -> b h", {}, "same axes"),
        ("b h -> b h", {}, "rank 3"),
        ("b (h w) c -> b h w c", {}, "all but one"),
        ("b h w", {}, "'left -> right'"),
        ("b h w -> b h w", {"q": 2}, "not in pattern"),
        ("b (h w) -> b h w", {"h": 5}, "cannot be split"),
    )
    def test_errors(self, pattern, lengths, message):
        x = np.zeros((2, 3, 4)) if "c" not in pattern else np.zeros(
            (2, 6, 4))
        if pattern.startswith("b (h w) ->"):
            x = np.zeros((2, 12))
        with self.assertRaisesRegex(ValueError, message):
            ops.rearrange(x, pattern, **lengths)
