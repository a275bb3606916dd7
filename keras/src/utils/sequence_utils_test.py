import numpy as np

from keras.src import testing
from keras.src.utils.sequence_utils import pad_sequences


class PadSequencesTest(testing.TestCase):
    def test_padding_and_truncating(self):
        seqs = [[1, 2, 3], [4], [5, 6]]
        out = pad_sequences(seqs)
        self.assertEqual(out.dtype, np.int32)
        self.assertEqual(out.tolist(), [[1, 2, 3], [0, 0, 4], [0, 5, 6]])
        self.assertEqual(
            pad_sequences(seqs, maxlen=2).tolist(), [[2, 3], [0, 4], [5, 6]]
        )
        self.assertEqual(
            pad_sequences(seqs, maxlen=2, padding="post",
                          truncating="post").tolist(),
            [[1, 2], [4, 0], [5, 6]],
        )
        self.assertEqual(
            pad_sequences([[1, 2, 3], [4]], value=-1).tolist(),
            [[1, 2, 3], [-1, -1, 4]],
        )
        self.assertEqual(pad_sequences([[1], []]).tolist(), [[1], [0]])
        self.assertEqual(pad_sequences([], maxlen=3).shape, (0, 3))
        self.assertEqual(pad_sequences([]).shape, (0, 0))

    def test_dtypes(self):
        out = pad_sequences([[1.5, 2], [4]], dtype="float32", value=9)
        self.assertEqual(out.dtype, np.float32)
        self.assertAllClose(out, [[1.5, 2.0], [9.0, 4.0]])
        out = pad_sequences([["a", "bb"], ["c"]], dtype=object, value="x")
        self.assertEqual(out.tolist(), [["a", "bb"], ["x", "c"]])
        # A fixed-width string dtype truncates, as NumPy (and Keras) do.
        out = pad_sequences([["a", "bb"], ["c"]], dtype="str", value="x")
        self.assertEqual(out.tolist(), [["a", "b"], ["x", "c"]])
        with self.assertRaisesRegex(ValueError, "dtype=object"):
            pad_sequences([["a"]], value="x")

    def test_items_with_shape(self):
        out = pad_sequences([[[1, 2], [3, 4]], [[5, 6]]])
        self.assertEqual(out.shape, (2, 2, 2))
        self.assertEqual(out[1].tolist(), [[0, 0], [5, 6]])
        with self.assertRaisesRegex(ValueError, "position 1"):
            pad_sequences([[[1, 2]], [[5, 6, 7]]])

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "Padding type"):
            pad_sequences([[1]], padding="mid")
        with self.assertRaisesRegex(ValueError, "Truncating type"):
            pad_sequences([[1]], truncating="mid")
        with self.assertRaisesRegex(ValueError, "non-iterable: 1"):
            pad_sequences([1, 2])
        with self.assertRaisesRegex(ValueError, "must be iterable"):
            pad_sequences(x for x in [[1]])
