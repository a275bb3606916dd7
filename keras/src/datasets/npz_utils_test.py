"""Dataset loaders on small files written by the tests into a temporary
`KERAS_HOME`; the network is never used (origins point to `file://`
folders or to nothing)."""

import io
import os
import pickle
from unittest import mock

import numpy as np

from keras.src import testing
from keras.src.datasets import npz_utils
from keras.src.datasets.testing_utils import Evil
from keras.src.datasets.testing_utils import object_array


class NpzUtilsTest(testing.TestCase):
    def test_object_array_with_code_is_refused(self):
        evil = np.empty(1, dtype=object)
        evil[0] = Evil()
        path = os.path.join(self.get_temp_dir(), "evil.npz")
        np.savez(path, x=evil)
        with mock.patch.object(os, "system") as system:
            with self.assertRaisesRegex(pickle.UnpicklingError, "system"):
                npz_utils.load_npz(path)
        system.assert_not_called()

    def test_plain_values_and_arrays_load(self):
        path = os.path.join(self.get_temp_dir(), "ok.npz")
        np.savez(path, a=object_array([[1, 2], [3]]),
                 b=np.asfortranarray(np.arange(6.0).reshape(2, 3)))
        arrays = npz_utils.load_npz(path)
        self.assertEqual(list(arrays), ["a", "b"])
        self.assertEqual(arrays["a"].tolist(), [[1, 2], [3]])
        self.assertAllEqual(arrays["b"], np.arange(6.0).reshape(2, 3))
        data = pickle.dumps({"x": np.arange(3), "y": ("s", 1.5, None)})
        loaded = npz_utils.RestrictedUnpickler(io.BytesIO(data)).load()
        self.assertEqual(loaded["y"], ("s", 1.5, None))
