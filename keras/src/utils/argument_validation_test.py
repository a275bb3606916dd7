from keras.src import testing
from keras.src.utils import argument_validation as av


class ArgumentValidationTest(testing.TestCase):
    def test_standardize_tuple(self):
        self.assertEqual(av.standardize_tuple(3, 2, "kernel_size"), (3, 3))
        self.assertEqual(av.standardize_tuple([3, 4], 2, "k"), (3, 4))
        self.assertEqual(
            av.standardize_tuple(0, 2, "strides", allow_zero=True), (0, 0)
        )
        with self.assertRaisesRegex(ValueError, "tuple of 2 integers"):
            av.standardize_tuple((3, 4, 5), 2, "kernel_size")
        with self.assertRaisesRegex(ValueError, "value > 0"):
            av.standardize_tuple(0, 2, "strides")
        with self.assertRaisesRegex(ValueError, "value >= 0"):
            av.standardize_tuple(-1, 2, "strides", allow_zero=True)
        with self.assertRaisesRegex(ValueError, "of type str"):
            av.standardize_tuple((2, "x"), 2, "strides")
        with self.assertRaisesRegex(ValueError, "strides='ab'"):
            av.standardize_tuple("ab", 2, "strides")

    def test_standardize_padding(self):
        self.assertEqual(av.standardize_padding("SAME"), "same")
        self.assertEqual(av.standardize_padding((1, 2)), (1, 2))
        self.assertEqual(
            av.standardize_padding("causal", allow_causal=True), "causal"
        )
        with self.assertRaisesRegex(ValueError, "padding='causal'"):
            av.standardize_padding("causal")

    def test_validate_string_arg(self):
        av.validate_string_arg("a", ["a", "b"], "MyLayer", "mode")
        av.validate_string_arg(None, ["a"], "L", "mode", allow_none=True)
        av.validate_string_arg(len, ["a"], "L", "mode", allow_callables=True)
        with self.assertRaisesRegex(ValueError, "`mode` argument of MyL"):
            av.validate_string_arg("c", ["a", "b"], "MyLayer", "mode")
        with self.assertRaisesRegex(ValueError, "Received: mode=None"):
            av.validate_string_arg(None, ["a"], "L", "mode")
