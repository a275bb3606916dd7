import numpy as np

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.string_lookup import StringLookup

VOCAB = ["a", "b", "c", "d"]


class StringLookupTest(testing.TestCase):
    def test_int_lookup(self):
        layer = StringLookup(vocabulary=VOCAB)
        self.assertAllEqual(layer(np.array([["a", "c", "z"], ["d", "d", "b"]])),
                            [[1, 3, 0], [4, 4, 2]])
        self.assertEqual(layer.vocabulary_size(), 5)
        self.assertEqual(layer.get_vocabulary(),
                         ["[UNK]", "a", "b", "c", "d"])
        self.assertEqual(layer.get_vocabulary(False), VOCAB)
        self.assertFalse(layer.supports_jit["jax"])

    def test_mask_and_oov_indices(self):
        masked = StringLookup(vocabulary=VOCAB, mask_token="")
        self.assertAllEqual(masked(np.array([["a", "", "z"]])), [[2, 0, 1]])
        self.assertEqual(masked.get_vocabulary()[:2], ["", "[UNK]"])
        # Out-of-vocabulary strings spread by FarmHash64 (oracle values).
        two = StringLookup(vocabulary=VOCAB, num_oov_indices=2)
        self.assertAllEqual(two(np.array(["a", "z", "y", "x", "w"])),
                            [2, 1, 1, 0, 1])
        words = np.array(["x", "y", "z", "w", "q", "r", "s", "t"])
        salted = StringLookup(vocabulary=VOCAB, num_oov_indices=3, salt=5)
        self.assertAllEqual(salted(words), [2, 2, 2, 2, 1, 1, 0, 0])
        three = StringLookup(vocabulary=VOCAB, num_oov_indices=3)
        self.assertAllEqual(three(words), [2, 2, 1, 2, 2, 1, 1, 1])

    def test_encodings(self):
        x = np.array([["a", "", "z"], ["d", "d", "b"]])
        multi = StringLookup(vocabulary=VOCAB, mask_token="",
                             output_mode="multi_hot")
        self.assertAllEqual(multi(x), [[1, 1, 0, 0, 0], [0, 0, 1, 0, 1]])
        self.assertEqual(multi.get_vocabulary(),
                         ["[UNK]", "a", "b", "c", "d"])
        count = StringLookup(vocabulary=VOCAB, output_mode="count",
                             pad_to_max_tokens=True, max_tokens=8)
        self.assertAllEqual(count(np.array([["a", "a", "z"]])),
                            [[1, 2, 0, 0, 0, 0, 0, 0]])
        one_hot = StringLookup(vocabulary=VOCAB, output_mode="one_hot")
        self.assertAllEqual(one_hot(np.array([["a"], ["d"]])),
                            [[0, 1, 0, 0, 0], [0, 0, 0, 0, 1]])

    def test_tf_idf(self):
        layer = StringLookup(vocabulary=VOCAB, output_mode="tf_idf",
                             idf_weights=[0.25, 0.75, 0.6, 0.4])
        out = layer(np.array([["a", "c", "d", "d"], ["d", "z", "b", "z"]]))
        # OOV weighs the mean idf (0.5).
        self.assertAllClose(out, [[0.0, 0.25, 0.0, 0.6, 0.8],
                                  [1.0, 0.0, 0.75, 0.0, 0.4]])
        self.assertDType(out, "float32")

    def test_adapt(self):
        data = np.array([["a", "c", "d"], ["d", "z", "b"]])
        layer = StringLookup()
        layer.adapt(data)
        self.assertEqual(layer.get_vocabulary(),
                         ["[UNK]", "d", "z", "c", "b", "a"])
        small = StringLookup(max_tokens=3)
        small.adapt(data)
        self.assertEqual(small.get_vocabulary(), ["[UNK]", "d", "z"])
        tf_idf = StringLookup(output_mode="tf_idf")
        tf_idf.adapt(np.array([["a", "c", "d", "d"], ["d", "z", "b", "z"]]))
        out = tf_idf(np.array([["a", "c", "d", "d"]]))
        log2, idf_d = np.log(2.0), np.log(1.0 + 2.0 / 3.0)
        self.assertAllClose(out, [[0.0, 2 * idf_d, 0.0, log2, 0.0, log2]],
                            atol=1e-6)

    def test_adapt_tf_dataset(self):
        import tensorflow as tf

        ds = tf.data.Dataset.from_tensor_slices(
            np.array([["a", "c", "d"], ["d", "z", "b"]])).batch(1)
        layer = StringLookup()
        layer.adapt(ds)
        self.assertEqual(layer.get_vocabulary()[:3], ["[UNK]", "d", "z"])

    def test_invert(self):
        layer = StringLookup(vocabulary=VOCAB, invert=True, mask_token="")
        out = layer(np.array([[1, 3, 0, 5]]))
        self.assertAllEqual(np.array(out).astype(str),
                            [["[UNK]", "b", "", "d"]])

    def test_symbolic(self):
        layer = StringLookup(vocabulary=VOCAB)
        y = layer(Input((3,), dtype="string"))
        self.assertEqual(y.shape, (None, 3))
        one_hot = StringLookup(vocabulary=VOCAB, output_mode="multi_hot")
        self.assertEqual(one_hot(Input((3,), dtype="string")).shape,
                         (None, 5))

    def test_config(self):
        layer = StringLookup(vocabulary=VOCAB, mask_token="")
        config = layer.get_config()
        for key, value in [("vocabulary", VOCAB), ("vocabulary_size", 6),
                           ("oov_token", "[UNK]"), ("encoding", "utf-8"),
                           ("oov_method", "floormod"), ("salt", None)]:
            self.assertEqual(config[key], value)
        self.assertNotIn("vocabulary_dtype", config)
        revived = StringLookup.from_config(config)
        self.assertEqual(revived.get_vocabulary(), layer.get_vocabulary())
        self.run_class_serialization_test(layer)

    def test_tf_data(self):
        import tensorflow as tf

        layer = StringLookup(vocabulary=VOCAB)
        out = next(iter(tf.data.Dataset.from_tensor_slices(
            np.array(["a", "d", "q"])).batch(3).map(layer)))
        self.assertIsInstance(out, tf.Tensor)
        self.assertAllEqual(out.numpy(), [1, 4, 0])

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "repeated"):
            StringLookup(vocabulary=["a", "a"])
        with self.assertRaisesRegex(ValueError, "output_mode=foo"):
            StringLookup(output_mode="foo")
        with self.assertRaisesRegex(ValueError, "invert"):
            StringLookup(invert=True, output_mode="one_hot")
        with self.assertRaisesRegex(ValueError, "idf_weights"):
            StringLookup(vocabulary=VOCAB, output_mode="tf_idf")
        with self.assertRaisesRegex(ValueError, "max_tokens` is 3"):
            StringLookup(vocabulary=VOCAB, max_tokens=3)
        with self.assertRaisesRegex(ValueError, "mask token"):
            StringLookup(vocabulary=VOCAB + [""], mask_token="")
        with self.assertRaisesRegex(ValueError, "no vocabulary"):
            StringLookup()(np.array(["a"]))
        with self.assertRaisesRegex(ValueError, "out-of-vocabulary"):
            StringLookup(vocabulary=VOCAB, num_oov_indices=0)(
                np.array(["a", "z"]))
