import json
import os

import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.legacy.preprocessing import text

_DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "testdata")
with open(os.path.join(_DATA, "preprocessing_cases.json")) as f:
    _CASES = json.load(f)
_TEXTS = _CASES["texts"]
# Counts whose order comes from iterating a set (hash randomization).
_UNORDERED = ("word_docs", "index_docs")


class TextFunctionsTest(testing.TestCase):
    def test_match_oracle(self):
        self.assertEqual(text.text_to_word_sequence(_TEXTS[2]),
                         _CASES["word_sequence"])
        self.assertEqual(
            text.text_to_word_sequence("a-b c_d", filters="-", lower=False,
                                       split="_"),
            _CASES["word_sequence_custom"])
        self.assertEqual(
            text.hashing_trick(_TEXTS[0], 50, hash_function="md5"),
            _CASES["hashing_md5"])

    def test_one_hot_and_hashing(self):
        encoded = text.one_hot("b a b", 7)
        self.assertLen(encoded, 3)
        self.assertEqual(encoded[0], encoded[2])
        self.assertTrue(all(1 <= i < 7 for i in encoded))
        self.assertEqual(
            text.hashing_trick("x y", 5, hash_function=len), [2, 2])
        self.assertEqual(
            text.hashing_trick("x", 5, analyzer=lambda s: [s, s + s],
                               hash_function=len), [2, 3])


class TokenizerTest(testing.TestCase):
    @parameterized.named_parameters(
        (name, name) for name in ("plain", "oov", "chars")
    )
    def test_matches_oracle(self, name):
        expected = _CASES["tokenizers"][name]
        tokenizer = text.Tokenizer(**expected["kwargs"])
        tokenizer.fit_on_texts(_TEXTS)
        self.assertEqual(tokenizer.word_index, expected["word_index"])
        self.assertEqual(dict(tokenizer.word_counts),
                         expected["word_counts"])
        queries = _TEXTS + ["the unicorn sat"]
        sequences = tokenizer.texts_to_sequences(queries)
        self.assertEqual(sequences, expected["sequences"])
        self.assertEqual(tokenizer.sequences_to_texts(sequences),
                         expected["texts"])
        for mode in ("binary", "count", "tfidf", "freq"):
            self.assertAllClose(tokenizer.texts_to_matrix(queries, mode),
                                expected[mode])
        config = tokenizer.get_config()
        for key, value in expected["config"].items():
            if key in _UNORDERED:
                self.assertEqual(json.loads(config[key]), json.loads(value))
            else:
                self.assertEqual(config[key], value)
        restored = text.tokenizer_from_json(expected["json"])
        self.assertEqual(restored.texts_to_sequences(queries), sequences)
        self.assertEqual(restored.index_word,
                         {int(k): v for k, v in json.loads(
                             expected["config"]["index_word"]).items()})

    def test_fit_on_sequences_and_errors(self):
        tokenizer = text.Tokenizer(num_words=4)
        tokenizer.fit_on_sequences([[1, 2], [2, 3, 3]])
        self.assertEqual(tokenizer.document_count, 2)
        matrix = tokenizer.sequences_to_matrix([[1, 3, 3]], mode="tfidf")
        self.assertEqual(matrix.shape, (1, 4))
        self.assertAllClose(matrix[0, 3],
                            (1 + np.log(2)) * np.log(1 + 2 / 2))
        with self.assertRaisesRegex(ValueError, "mode"):
            tokenizer.sequences_to_matrix([[1]], mode="onehot")
        with self.assertRaisesRegex(ValueError, "num_words"):
            text.Tokenizer().texts_to_matrix(["a"])
        with self.assertRaisesRegex(TypeError, "unrecognized"):
            text.Tokenizer(words=3)
