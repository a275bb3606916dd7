import math

import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.pooling import base_adaptive_pooling as base


def adaptive_pool_ref(x, output_size, mode, data_format="channels_last"):
    """NumPy reference: output `i` of a dim of length `L` pooled to `n`
    reduces inputs `floor(i * L / n)` to `ceil((i + 1) * L / n)`."""
    if data_format == "channels_first":
        x = np.moveaxis(x, 1, -1)
    reduce = np.mean if mode == "average" else np.max
    out = x
    for d, n in enumerate(output_size):
        axis = d + 1
        length = out.shape[axis]
        pieces = []
        for i in range(n):
            start = (i * length) // n
            stop = math.ceil((i + 1) * length / n)
            window = np.take(out, range(start, stop), axis=axis)
            pieces.append(reduce(window, axis=axis, keepdims=True))
        out = np.concatenate(pieces, axis=axis)
    if data_format == "channels_first":
        out = np.moveaxis(out, -1, 1)
    return out


class BaseAdaptivePoolingTest(testing.TestCase):
    @parameterized.product(
        mode=["average", "max"],
        shape_and_size=[((7,), (3,)), ((3,), (5,)), ((5, 7), (2, 3)),
                        ((4, 3, 5), (2, 3, 4))],
        data_format=["channels_last", "channels_first"],
    )
    def test_values_match_reference(self, mode, shape_and_size,
                                    data_format):
        spatial, size = shape_and_size
        rank = len(spatial)
        shape = (2, *spatial, 3) if data_format == "channels_last" else (
            2, 3, *spatial)
        x = np.random.RandomState(0).rand(*shape).astype("float32")
        layer = base.BaseAdaptivePooling(size, rank, mode,
                                         data_format=data_format)
        expected = adaptive_pool_ref(x, size, mode, data_format)
        self.assertAllClose(layer(x), expected, atol=1e-6)
        self.assertEqual(layer.compute_output_shape(x.shape),
                         expected.shape)

    def test_dtypes_and_symbolic_shapes(self):
        x = np.ones((1, 4, 4, 1), "int32")
        avg = base.BaseAdaptiveAveragePooling(2, 2)
        self.assertDType(avg(x), "float32")
        self.assertDType(base.BaseAdaptiveMaxPooling(2, 2)(x), "int32")
        out = avg(Input((None, None, 3)))
        self.assertEqual(out.shape, (None, 2, 2, 3))
        self.assertDType(out, "float32")

    def test_errors(self):
        with self.assertRaisesRegex(TypeError, "output_size.*'a'"):
            base.BaseAdaptivePooling("a", 2, "max")
        with self.assertRaisesRegex(ValueError, r"output_size.*\(2,\)"):
            base.BaseAdaptivePooling((2,), 2, "max")
        with self.assertRaisesRegex(ValueError, "output_size.*0"):
            base.BaseAdaptivePooling(0, 1, "max")
        with self.assertRaisesRegex(ValueError, "pool_mode.*'min'"):
            base.BaseAdaptivePooling(2, 1, "min")
        with self.assertRaisesRegex(ValueError, "rank 4"):
            base.BaseAdaptivePooling(2, 2, "max")(np.ones((1, 4, 4)))
