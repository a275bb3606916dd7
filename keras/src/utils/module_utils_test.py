import sys
from unittest import mock

from keras.src.testing import TestCase
from keras.src.utils import module_utils


class OrbaxLazyModuleTest(TestCase):
    def test_imports_orbax_first(self):
        lazy = module_utils.OrbaxLazyModule("json")
        self.assertEqual(lazy.pip_name, "orbax-checkpoint")
        with mock.patch.dict(sys.modules, {"orbax.checkpoint": None}):
            with self.assertRaisesRegex(ImportError, "orbax-checkpoint"):
                lazy.initialize()
            self.assertFalse(lazy.available)
        fake = mock.MagicMock()
        with mock.patch.dict(sys.modules, {"orbax.checkpoint": fake}):
            self.assertEqual(lazy.dumps([1]), "[1]")
