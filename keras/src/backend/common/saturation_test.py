from absl.testing import parameterized

from keras.src import testing
from keras.src.backend.common.saturation import dtype_range
from keras.src.backend.common.saturation import saturation_bounds


class SaturationTest(testing.TestCase):
    @parameterized.parameters(
        ("uint8", (0, 255)),
        ("int64", (-(2**63), 2**63 - 1)),
        ("bfloat16", (-3.3895313892515355e38, 3.3895313892515355e38)),
        ("float8_e4m3fn", (-448.0, 448.0)),
    )
    def test_dtype_range(self, dtype, expected):
        self.assertEqual(dtype_range(dtype), expected)

    @parameterized.parameters(
        # A range inside the target's needs no clipping.
        ("uint8", "int32", None),
        ("int32", "float32", None),
        ("int32", "uint8", (0, 255, False)),
        ("float32", "int8", (-128, 127, False)),
        # int32's maximum rounds up in float32: the cast overflows there.
        ("float32", "int32", (-(2**31), 2**31 - 1, True)),
        ("bool", "int8", None),
    )
    def test_saturation_bounds(self, source, target, expected):
        bounds = saturation_bounds(source, target)
        if expected is None:
            self.assertIsNone(bounds)
        else:
            self.assertEqual(tuple(bounds), expected)
