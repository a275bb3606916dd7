import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.layers.preprocessing import encoding_utils
from keras.src.utils.backend_utils import DynamicBackend


class EncodingUtilsTest(testing.TestCase):
    def test_encode_matches_numpy(self):
        b = DynamicBackend()
        ids = backend.convert_to_tensor(np.array([[0, 2, 2], [1, 5, 1]]))
        out = encoding_utils.encode(b, ids, "count", 3, "float32")
        # Id 5 is out of range and counts for nothing.
        self.assertAllClose(out, [[1, 0, 2], [0, 2, 0]])
        multi = encoding_utils.encode(b, ids, "multi_hot", 3, "float32")
        self.assertAllClose(multi, [[1, 0, 1], [0, 1, 0]])
        self.assertIs(encoding_utils.encode(b, ids, "int", 3, "int32"), ids)

    def test_encoded_shape(self):
        shape = encoding_utils.encoded_shape
        self.assertEqual(shape((None, 1), "one_hot", 4), (None, 4))
        self.assertEqual(shape((None, 2), "one_hot", 4), (None, 2, 4))
        self.assertEqual(shape((None, 2), "count", 4), (None, 4))
        self.assertEqual(shape((), "multi_hot", 4), (4,))
        with self.assertRaisesRegex(ValueError, "sparse=True"):
            encoding_utils.check_sparse("X", True)
