import os

import numpy as np

import keras
from keras.src import testing
from keras.src.saving.file_editor import KerasFileEditor


def small_model(units=1):
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(2),
                             keras.layers.Dropout(0.1),
                             keras.layers.Dense(units)])


class KerasFileEditorTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        self.folder = self.get_temp_dir()
        self.model = small_model()
        self.path = os.path.join(self.folder, "model.keras")
        self.model.save(self.path)

    def test_reads_keras_and_weights_files(self):
        editor = KerasFileEditor(self.path)
        self.assertEqual(list(editor.weights_dict["layers"]),
                         ["dense", "dense_1"])
        self.assertAllClose(editor.weights_dict["layers"]["dense"]["0"],
                            self.model.layers[0].kernel.numpy())
        self.assertEqual(editor.metadata["keras_version"], keras.version())
        weights = os.path.join(self.folder, "m.weights.h5")
        self.model.save_weights(weights)
        other = KerasFileEditor(weights)
        self.assertEqual(list(other.weights_dict["layers"]),
                         ["dense", "dense_1"])
        with self.assertRaisesRegex(ValueError, "extension"):
            KerasFileEditor(os.path.join(self.folder, "m.txt"))

    def test_summary_and_compare(self):
        editor = KerasFileEditor(self.path)
        lines = []
        original = keras.src.utils.io_utils.print_msg
        keras.src.utils.io_utils.print_msg = lambda m, *a, **k: lines.append(
            m)
        try:
            editor.summary()
            same = editor.compare(small_model())
            other = editor.compare(small_model(units=4))
        finally:
            keras.src.utils.io_utils.print_msg = original
        text = "\n".join(lines)
        self.assertIn("0: shape=(3, 2), dtype=float32", text)
        self.assertIn("Weight shape mismatch for /layers/dense_1/0", text)
        self.assertEqual(
            same, {"status": "success", "error_count": 0, "match_count": 6})
        self.assertEqual(
            other, {"status": "error", "error_count": 2, "match_count": 4})

    def test_edit_and_save(self):
        editor = KerasFileEditor(self.path)
        editor.rename_object("dense_1", "head")
        self.assertEqual(list(editor.weights_dict["layers"]),
                         ["dense", "head"])
        editor.delete_weight("head", "1")
        editor.add_weights("head", {"1": np.full((1,), 5.0, "float32")})
        editor.add_object("layers/extra", {"0": np.ones((2,))})
        with self.assertRaisesRegex(ValueError, "already exists"):
            editor.add_object("layers/extra", {"0": np.ones((2,))})
        editor.delete_object("layers/extra")
        with self.assertRaisesRegex(ValueError, "not found"):
            editor.delete_object("missing")
        editor.rename_object("layers/head", "dense_1")
        out = os.path.join(self.folder, "edited.weights.h5")
        with self.assertRaisesRegex(ValueError, ".weights.h5"):
            editor.save(os.path.join(self.folder, "edited.keras"))
        editor.save(out)
        model = small_model()
        model.load_weights(out)
        self.assertAllClose(model.layers[2].bias.numpy(), [5.0])
        self.assertAllClose(model.layers[0].kernel.numpy(),
                            self.model.layers[0].kernel.numpy())
