import os

import numpy as np

from keras.src import testing
from keras.src.layers.preprocessing.string_lookup import StringLookup


class IndexLookupTest(testing.TestCase):
    def test_vocabulary_file_with_special_tokens(self):
        path = os.path.join(self.get_temp_dir(), "vocab.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n[UNK]\nfoo\nbär\n")
        layer = StringLookup(vocabulary=path, mask_token="")
        self.assertEqual(layer.get_vocabulary(), ["", "[UNK]", "foo", "bär"])
        self.assertAllEqual(layer(np.array(["bär", "", "x"])), [3, 0, 1])

    def test_tf_idf_state_round_trip(self):
        # As in Keras's files: the vocabulary is an asset, the idf weights
        # (one per output index, OOV included) a variable.
        layer = StringLookup(output_mode="tf_idf", num_oov_indices=2)
        layer.adapt(np.array([["a", "b"], ["a", "c"]]))
        path = self.get_temp_dir()
        store = {}
        layer.save_own_variables(store)
        layer.save_assets(path)
        self.assertEqual(list(store), ["idf_weights"])
        self.assertEqual(store["idf_weights"].shape, (5,))
        self.assertEqual(os.listdir(path), ["vocabulary.txt"])
        other = StringLookup(output_mode="tf_idf", num_oov_indices=2)
        other.load_own_variables(store)
        other.load_assets(path)
        x = np.array([["a", "c", "z"]])
        self.assertAllClose(other(x), layer(x))
        with self.assertRaisesRegex(ValueError, "idf_weights"):
            StringLookup(output_mode="tf_idf").load_assets(path)
        with self.assertRaisesRegex(ValueError, "expected \\[\\]"):
            StringLookup().load_own_variables(store)

    def test_vocabulary_in_config_is_not_an_asset(self):
        path = self.get_temp_dir()
        layer = StringLookup(vocabulary=["x", "y"])
        layer.save_assets(path)
        self.assertEqual(os.listdir(path), [])
        # A vocabulary set later is not in the config: it is saved.
        layer.set_vocabulary(["p", "q", "r"])
        layer.save_assets(path)
        self.assertEqual(os.listdir(path), ["vocabulary.txt"])
        # A vocabulary file travels as an asset, not as its path.
        from_file = StringLookup(
            vocabulary=os.path.join(path, "vocabulary.txt")
        )
        self.assertIsNone(from_file.get_config()["vocabulary"])

    def test_set_vocabulary_and_reset(self):
        layer = StringLookup()
        layer.set_vocabulary(np.array(["x", "y"]))
        self.assertEqual(layer.vocabulary_size(), 3)
        layer.update_state(np.array(["q", "q", "r"]))
        layer.finalize_state()
        self.assertEqual(layer.get_vocabulary(), ["[UNK]", "q", "r"])
        with self.assertRaisesRegex(ValueError, "1D"):
            layer.set_vocabulary(np.array([["a"]]))
        with self.assertRaisesRegex(ValueError, "not found"):
            layer.set_vocabulary("/nonexistent/vocab.txt")
