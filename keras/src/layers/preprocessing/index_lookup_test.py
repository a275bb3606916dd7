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

    def test_tf_idf_assets_round_trip(self):
        layer = StringLookup(output_mode="tf_idf")
        layer.adapt(np.array([["a", "b"], ["a", "c"]]))
        path = self.get_temp_dir()
        layer.save_assets(path)
        other = StringLookup(output_mode="tf_idf")
        other.load_assets(path)
        x = np.array([["a", "c", "z"]])
        self.assertAllClose(other(x), layer(x))

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
