from unittest import mock

from absl import logging

from keras.src.testing import TestCase
from keras.src.utils import io_utils


class IoUtilsTest(TestCase):
    def test_set_logging_verbosity(self):
        # The absl logger's own level: before any `set_verbosity` it is
        # unset (records go by the root logger's level), and restoring the
        # verbosity number instead would pin it to WARNING for later tests.
        absl_logger = logging.get_absl_logger()
        previous = absl_logger.level
        try:
            for name, level in [("DEBUG", 1), ("INFO", 0), ("ERROR", -2)]:
                io_utils.set_logging_verbosity(name)
                self.assertEqual(logging.get_verbosity(), level)
        finally:
            absl_logger.setLevel(previous)
        for bad in ["info", "WARN", 3]:
            with self.assertRaisesRegex(ValueError, "logging verbosity"):
                io_utils.set_logging_verbosity(bad)

    def test_ask_to_proceed_with_overwrite(self):
        with mock.patch("builtins.input", side_effect=["maybe", "y"]) as m:
            self.assertTrue(io_utils.ask_to_proceed_with_overwrite("f.h5"))
        self.assertIn("f.h5 already exists", m.call_args_list[0].args[0])
        with mock.patch("builtins.input", side_effect=["N"]):
            self.assertFalse(io_utils.ask_to_proceed_with_overwrite("f.h5"))
