import os

import numpy as np
import pytest

from keras.src import testing
from keras.src.utils import text_dataset_utils

pytest.importorskip("tensorflow", reason="the datasets are tf.data")


def make_folder(root, counts=(3, 2)):
    for c, count in enumerate(counts):
        folder = os.path.join(root, f"class_{c}")
        os.makedirs(os.path.join(folder, "nested"), exist_ok=True)
        for i in range(count):
            sub = "nested" if i == 0 else ""
            with open(os.path.join(folder, sub, f"{i}.txt"), "w") as f:
                f.write(f"class {c} text {i} " + "x" * 10)
        with open(os.path.join(folder, "ignored.md"), "w") as f:
            f.write("not a sample")
    return root


class TextDatasetFromDirectoryTest(testing.TestCase):
    def test_texts_and_labels(self):
        root = make_folder(self.get_temp_dir())
        ds = text_dataset_utils.text_dataset_from_directory(
            root, batch_size=2, seed=3, verbose=False
        )
        self.assertEqual(ds.class_names, ["class_0", "class_1"])
        texts, labels = [], []
        for x, y in ds:
            texts += [t.decode() for t in x.numpy()]
            labels += y.numpy().tolist()
        self.assertLen(texts, 5)
        for text, label in zip(texts, labels):
            self.assertTrue(text.startswith(f"class {label} "))

    def test_max_length_label_modes_unbatched(self):
        root = make_folder(self.get_temp_dir())
        ds = text_dataset_utils.text_dataset_from_directory(
            root, batch_size=None, max_length=7, label_mode="categorical",
            shuffle=False, verbose=False,
        )
        x, y = next(iter(ds))
        self.assertEqual(x.numpy(), b"class 0")
        self.assertAllClose(y, [1.0, 0.0])
        ds = text_dataset_utils.text_dataset_from_directory(
            root, labels=None, verbose=False, shuffle=False
        )
        self.assertEqual(next(iter(ds)).shape, (5,))
        ds = text_dataset_utils.text_dataset_from_directory(
            root, label_mode="binary", verbose=False, shuffle=False
        )
        self.assertEqual(next(iter(ds))[1].shape, (5, 1))

    def test_split_both(self):
        root = make_folder(self.get_temp_dir(), counts=(5, 5))
        train, val = text_dataset_utils.text_dataset_from_directory(
            root, validation_split=0.3, subset="both", seed=1,
            verbose=False,
        )
        self.assertLen(train.file_paths, 7)
        self.assertLen(val.file_paths, 3)
        self.assertEqual(
            set(train.file_paths) | set(val.file_paths),
            {os.path.join(root, p) for p in _all_txt(root)},
        )

    def test_errors(self):
        root = make_folder(self.get_temp_dir())
        fn = text_dataset_utils.text_dataset_from_directory
        with self.assertRaisesRegex(ValueError, "label_mode"):
            fn(root, label_mode="onehot")
        with self.assertRaisesRegex(ValueError, "max_length"):
            fn(root, max_length=0)
        with self.assertRaisesRegex(ValueError, "Grain"):
            fn(root, format="grain")
        with self.assertRaisesRegex(ValueError, "validation_split"):
            fn(root, validation_split=1.5, subset="training", seed=1)
        with self.assertRaisesRegex(ValueError, "match the number"):
            fn(root, labels=[0, 1], verbose=False)


def _all_txt(root):
    found = []
    for folder, _, files in os.walk(root):
        for f in files:
            if f.endswith(".txt"):
                found.append(os.path.relpath(os.path.join(folder, f), root))
    return found
