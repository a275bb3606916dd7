import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.text_vectorization import (
    TextVectorization,
)

DATA = np.array(["The Cat sat.", "the dog, sat on the mat!", "a cat"])


class TextVectorizationTest(testing.TestCase):
    def test_adapt_and_int_output(self):
        layer = TextVectorization()
        layer.adapt(DATA)
        self.assertEqual(layer.get_vocabulary(), [
            "", "[UNK]", "the", "sat", "cat", "on", "mat", "dog", "a"])
        self.assertAllEqual(layer(DATA), [[2, 4, 3, 0, 0, 0],
                                          [2, 7, 3, 5, 2, 6],
                                          [8, 4, 0, 0, 0, 0]])
        self.assertEqual(layer.vocabulary_size(), 9)
        self.assertFalse(layer.supports_jit["jax"])

    def test_sequence_length_and_max_tokens(self):
        layer = TextVectorization(output_sequence_length=4, max_tokens=5)
        layer.adapt(DATA)
        self.assertEqual(layer.get_vocabulary(),
                         ["", "[UNK]", "the", "sat", "cat"])
        self.assertAllEqual(layer(DATA), [[2, 4, 3, 0], [2, 1, 3, 1],
                                          [1, 4, 0, 0]])
        short = TextVectorization(vocabulary=["a"], output_sequence_length=3)
        self.assertAllEqual(short(np.array(["a b a a a", "a"])),
                            [[2, 1, 2], [2, 0, 0]])

    def test_ngrams(self):
        layer = TextVectorization(ngrams=2, output_mode="multi_hot")
        layer.adapt(DATA)
        vocab = layer.get_vocabulary()
        self.assertEqual(vocab[:7], ["[UNK]", "the", "sat", "cat",
                                     "the mat", "the dog", "the cat"])
        self.assertEqual(len(vocab), 16)
        out = layer(DATA)
        self.assertAllEqual(out[2], [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                     0, 1, 1])
        widths = TextVectorization(ngrams=(1, 3),
                                   vocabulary=["the", "cat", "the cat sat"])
        self.assertAllEqual(widths(DATA[:1]), [[2, 3, 1, 4]])

    def test_encodings(self):
        tf_idf = TextVectorization(output_mode="tf_idf")
        tf_idf.adapt(DATA)
        log2 = np.log(2.0)
        self.assertAllClose(tf_idf(DATA[:1]),
                            [[0.0, log2, log2, log2, 0, 0, 0, 0]],
                            atol=1e-6)
        count = TextVectorization(output_mode="count", max_tokens=10,
                                  pad_to_max_tokens=True,
                                  vocabulary=["the", "cat"])
        self.assertAllEqual(count(DATA), [[1, 1, 1] + [0] * 7,
                                          [4, 2] + [0] * 8,
                                          [1, 0, 1] + [0] * 7])
        one_hot = TextVectorization(vocabulary=["a"], output_mode="one_hot",
                                    split=None)
        self.assertAllEqual(one_hot(np.array(["a", "b"])), [[0, 1], [1, 0]])

    def test_standardize_and_split_options(self):
        chars = TextVectorization(standardize="lower", split="character",
                                  vocabulary=["t", "h"])
        self.assertAllEqual(chars(np.array(["Th.e"])), [[2, 3, 1, 1]])
        whole = TextVectorization(standardize=None, split=None,
                                  vocabulary=["The Cat sat."])
        self.assertAllEqual(whole(np.array(["The Cat sat.", "x"])), [2, 1])
        strip = TextVectorization(standardize="strip_punctuation",
                                  vocabulary=["The"])
        self.assertAllEqual(strip(np.array(["The, cat! the"])), [[2, 1, 1]])
        custom = TextVectorization(
            standardize=lambda x: x, split=lambda x: x, vocabulary=["ab"])
        self.assertAllEqual(custom(np.array(["ab", "AB"])), [2, 1])
        column = TextVectorization(vocabulary=["the"])
        self.assertAllEqual(column(np.array([["The cat"], ["the the"]])),
                            [[2, 1], [2, 2]])
        self.assertAllEqual(column(np.array("the cat")), [2, 1])

    def test_symbolic(self):
        layer = TextVectorization(vocabulary=["a"], output_sequence_length=3)
        self.assertEqual(layer(Input((1,), dtype="string")).shape,
                         (None, 3))
        multi = TextVectorization(vocabulary=["a"], output_mode="multi_hot")
        self.assertEqual(multi(Input((1,), dtype="string")).shape, (None, 2))

    def test_config_and_assets(self):
        layer = TextVectorization(vocabulary=["a", "b"], ngrams=2)
        config = layer.get_config()
        for key, value in [("vocabulary", ["a", "b"]), ("ngrams", 2),
                           ("standardize", "lower_and_strip_punctuation"),
                           ("split", "whitespace"), ("vocabulary_size", 4),
                           ("ragged", False), ("encoding", "utf-8")]:
            self.assertEqual(config[key], value)
        revived = TextVectorization.from_config(config)
        self.assertEqual(revived.get_vocabulary(), layer.get_vocabulary())
        adapted = TextVectorization()
        adapted.adapt(DATA)
        path = self.get_temp_dir()
        adapted.save_assets(path)
        loaded = TextVectorization()
        loaded.load_assets(path)
        self.assertEqual(loaded.get_vocabulary(), adapted.get_vocabulary())

    def test_tf_data(self):
        import tensorflow as tf

        layer = TextVectorization(vocabulary=["a", "b"])
        ds = tf.data.Dataset.from_tensor_slices(
            np.array(["a b c", "b"])).batch(2).map(layer)
        out = next(iter(ds))
        self.assertIsInstance(out, tf.Tensor)
        self.assertAllEqual(out.numpy(), [[2, 3, 1], [3, 0, 0]])
        adapted = TextVectorization()
        adapted.adapt(tf.data.Dataset.from_tensor_slices(DATA).batch(2))
        self.assertEqual(adapted.vocabulary_size(), 9)

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "output_mode=foo"):
            TextVectorization(output_mode="foo")
        with self.assertRaisesRegex(ValueError, "standardize=foo"):
            TextVectorization(standardize="foo")
        with self.assertRaisesRegex(ValueError, "split=foo"):
            TextVectorization(split="foo")
        with self.assertRaisesRegex(ValueError, "output_sequence_length=3"):
            TextVectorization(output_mode="count", output_sequence_length=3)
        with self.assertRaisesRegex(ValueError, "max_tokens=1"):
            TextVectorization(max_tokens=1)
        if backend.backend() != "tensorflow":
            with self.assertRaisesRegex(ValueError, "ragged"):
                TextVectorization(ragged=True)

    def test_ragged_on_tensorflow(self):
        if backend.backend() != "tensorflow":
            self.skipTest("Ragged outputs need the TensorFlow backend.")
        layer = TextVectorization(vocabulary=["the"], ragged=True)
        out = layer(np.array(["The cat", "the the the"]))
        self.assertEqual(out.to_list(), [[2, 1], [2, 2, 2]])
