from keras.src import backend
from keras.src import ops
from keras.src.testing import TestCase
from keras.src.utils import traceback_utils


class InjectArgumentInfoTest(TestCase):
    def test_message_names_arguments(self):
        def call(x, *args, training=False, **kwargs):
            raise ValueError("boom")

        wrapped = traceback_utils.inject_argument_info_in_traceback(
            call, object_name="layer 'dense'"
        )
        with self.assertRaises(ValueError) as ctx:
            wrapped(ops.ones((2,)), 3, training=True, mask=None)
        message = str(ctx.exception)
        self.assertTrue(message.startswith(
            "Exception encountered when calling layer 'dense'."
        ))
        self.assertIn("\x1b[1mboom\x1b[0m", message)
        self.assertIn("  \u2022 x=", message)
        # NumPy arrays are shown by their repr, tensors by shape and dtype.
        if backend.backend() == "numpy":
            self.assertIn("x=array([1., 1.]", message)
        else:
            self.assertIn("(shape=(2,), dtype=float32)", message)
        self.assertIn("  \u2022 args=('3',)", message)
        self.assertIn("  \u2022 training=True", message)
        self.assertIn("  \u2022 kwargs={'mask': 'None'}", message)

    def test_innermost_only_and_disabled(self):
        def inner(x):
            raise KeyError("k")

        wrapped = traceback_utils.inject_argument_info_in_traceback(
            inner, "A"
        )
        outer = traceback_utils.inject_argument_info_in_traceback(
            lambda z: wrapped(z), "B"
        )
        with self.assertRaises(KeyError) as ctx:
            outer(1)
        self.assertIn("calling A", str(ctx.exception))
        self.assertNotIn("calling B", str(ctx.exception))
        traceback_utils.disable_traceback_filtering()
        try:
            with self.assertRaises(KeyError) as ctx:
                wrapped(1)
            self.assertEqual(ctx.exception.args, ("k",))
        finally:
            traceback_utils.enable_traceback_filtering()

    def test_unbuildable_exception_becomes_runtime_error(self):
        class TwoArgs(Exception):
            def __init__(self, a, b):
                super().__init__(a, b)

        def fn(x):
            raise TwoArgs(1, 2)

        with self.assertRaisesRegex(RuntimeError, "calling C"):
            traceback_utils.inject_argument_info_in_traceback(fn, "C")(1)

    def test_format_argument_value_and_include_frame(self):
        self.assertEqual(traceback_utils.format_argument_value([1, 2]),
                         "[1, 2]")
        self.assertTrue(traceback_utils.include_frame("my_script.py"))
        self.assertFalse(traceback_utils.include_frame(__file__))
