import numpy as np

from keras.src import testing
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.input_spec import assert_input_compatibility


class InputSpecTest(testing.TestCase):
    def test_repr_and_config(self):
        spec = InputSpec(ndim=2, axes={-1: 3})
        self.assertEqual(repr(spec), "InputSpec(ndim=2, axes={-1: 3})")
        again = InputSpec.from_config(spec.get_config())
        self.assertEqual(again.axes, {-1: 3})

    def test_each_mismatch_is_named(self):
        cases = [
            (InputSpec(ndim=3), np.ones((2, 2)),
             "expected ndim=3, found ndim=2"),
            (InputSpec(min_ndim=3), np.ones((2,)), "min_ndim=3"),
            (InputSpec(max_ndim=1), np.ones((2, 2)), "max_ndim=1"),
            (InputSpec(dtype="int32"), np.ones((2,), "float32"),
             "dtype=int32, found dtype=float32"),
            (InputSpec(axes={-1: 4}), np.ones((2, 3)),
             "axis -1 of input shape to have value 4"),
            (InputSpec(shape=(None, 2)), np.ones((3, 5)),
             "expected shape=\\(None, 2\\)"),
        ]
        for spec, x, message in cases:
            with self.assertRaisesRegex(ValueError, f"'my_layer'.*{message}"):
                assert_input_compatibility(spec, x, "my_layer")

    def test_compatible_inputs_pass(self):
        spec = InputSpec(shape=(None, 2), dtype="float32")
        assert_input_compatibility(spec, np.ones((7, 2), "float32"), "l")
        squeeze = InputSpec(shape=(None, 2, 1), allow_last_axis_squeeze=True)
        assert_input_compatibility(squeeze, np.ones((7, 2)), "l")

    def test_number_of_inputs(self):
        with self.assertRaisesRegex(ValueError, '"pair" expects 2 input'):
            assert_input_compatibility(
                [InputSpec(ndim=2), InputSpec(ndim=2)], np.ones((2, 2)), "pair"
            )

    def test_optional_input(self):
        spec = [InputSpec(ndim=2), InputSpec(ndim=2, optional=True)]
        assert_input_compatibility(spec, [np.ones((1, 1)), None], "l")

    def test_bad_axes(self):
        with self.assertRaisesRegex(ValueError, "out of range"):
            InputSpec(ndim=2, axes={3: 1})
