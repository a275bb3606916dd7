import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.backend.common import backend_utils as bu


class BackendUtilsTest(testing.TestCase):
    def test_axes(self):
        self.assertEqual(bu.canonicalize_axis(-1, 3), 2)
        self.assertEqual(bu.canonicalize_axes((-1, 0), 3), (2, 0))
        self.assertEqual(bu.canonicalize_axes(-2, 3), (1,))
        with self.assertRaisesRegex(ValueError, "out of bounds"):
            bu.canonicalize_axis(3, 3)
        self.assertEqual(bu.standardize_axis_for_numpy([1, 2]), (1, 2))
        self.assertIsNone(bu.standardize_axis_for_numpy(None))
        self.assertEqual(bu.to_tuple_or_list(3), (3,))
        self.assertEqual(bu.to_tuple_or_list([3]), [3])
        self.assertIsNone(bu.to_tuple_or_list(None))

    def test_slice_along_axis_on_backend_tensors(self):
        x = np.arange(12).reshape(3, 4)
        tensor = backend.convert_to_tensor(x)
        self.assertAllEqual(
            bu.slice_along_axis(tensor, 1, 3, 1, axis=1), x[:, 1:3]
        )
        self.assertAllEqual(
            bu.slice_along_axis(tensor, 0, None, 2, axis=-1), x[:, ::2]
        )
        self.assertAllEqual(bu.slice_along_axis(tensor, 1), x[1:])
