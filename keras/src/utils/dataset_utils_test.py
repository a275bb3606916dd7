import contextlib
import io
import os

import numpy as np

from keras.src import testing
from keras.src.utils import dataset_utils


class IndexDirectoryTest(testing.TestCase):
    def make_tree(self):
        root = self.get_temp_dir()
        for rel in [
            "b/1.txt",
            "b/2.TXT",
            "a/x.txt",
            "a/sub/y.txt",
            "a/z.png",
            "c/.hidden.txt",
            "top.txt",
        ]:
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            open(path, "w").close()
        return root

    def test_inferred_labels(self):
        root = self.make_tree()
        paths, labels, names = dataset_utils.index_directory(
            root, "inferred", (".txt",), shuffle=False, verbose=False
        )
        rel = [os.path.relpath(p, root) for p in paths]
        self.assertEqual(
            rel,
            ["a/x.txt", "a/sub/y.txt", "b/1.txt", "b/2.TXT", "c/.hidden.txt"],
        )
        self.assertEqual(labels.dtype, np.int32)
        self.assertEqual(labels.tolist(), [0, 0, 1, 1, 2])
        self.assertEqual(names, ["a", "b", "c"])

    def test_class_names_choose_and_order_classes(self):
        root = self.make_tree()
        paths, labels, names = dataset_utils.index_directory(
            root,
            "inferred",
            (".txt", ".png"),
            class_names=["c", "a"],
            shuffle=False,
            verbose=False,
        )
        self.assertEqual(names, ["c", "a"])
        self.assertEqual(labels.tolist(), [0, 1, 1, 1])
        with self.assertRaisesRegex(ValueError, "class_names"):
            dataset_utils.index_directory(
                root, "inferred", (".txt",), class_names=["a", "zz"]
            )

    def test_no_labels_and_explicit_labels(self):
        root = self.make_tree()
        paths, labels, names = dataset_utils.index_directory(
            root, None, (".txt",), shuffle=False, verbose=False
        )
        self.assertEqual(len(paths), 6)
        self.assertEqual(os.path.relpath(paths[0], root), "top.txt")
        self.assertIsNone(labels)
        self.assertIsNone(names)
        given = [0, 1, 0, 1, 1, 0]
        _, labels, names = dataset_utils.index_directory(
            root, given, (".txt",), shuffle=False, verbose=False
        )
        self.assertEqual(labels, given)
        self.assertEqual(names, ["0", "1"])
        with self.assertRaisesRegex(ValueError, "len\\(labels\\) is 2"):
            dataset_utils.index_directory(root, [0, 1], (".txt",))

    def test_shuffle_is_seeded_and_keeps_pairs(self):
        root = self.make_tree()
        args = (root, "inferred", (".txt",))
        a = dataset_utils.index_directory(*args, seed=7, verbose=False)
        b = dataset_utils.index_directory(*args, seed=7, verbose=False)
        self.assertEqual(a[0], b[0])
        # Same permutation as NumPy's seeded shuffle (Keras's order).
        order = np.random.RandomState(7).permutation(5)
        unshuffled = dataset_utils.index_directory(
            *args, shuffle=False, verbose=False
        )
        self.assertEqual(a[0], [unshuffled[0][i] for i in order])
        for path, label in zip(a[0], a[1]):
            class_dir = os.path.relpath(path, root).split(os.sep)[0]
            self.assertEqual(a[2][label], class_dir)

    def test_verbose_message(self):
        root = self.make_tree()
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            dataset_utils.index_directory(root, "inferred", (".txt",))
        self.assertIn("Found 5 files belonging to 3 classes.", out.getvalue())


class SplitArgumentsTest(testing.TestCase):
    def test_training_or_validation_split(self):
        samples = list("abcdefghij")
        labels = np.arange(10)
        s, l = dataset_utils.get_training_or_validation_split(
            samples, labels, 0.25, "training"
        )
        self.assertEqual(s, list("abcdefgh"))
        self.assertEqual(l.tolist(), list(range(8)))
        s, l = dataset_utils.get_training_or_validation_split(
            samples, None, 0.25, "validation"
        )
        self.assertEqual(s, ["i", "j"])
        self.assertIsNone(l)
        s, _ = dataset_utils.get_training_or_validation_split(
            samples, None, 0.05, "training"
        )
        self.assertEqual(s, samples)
        with self.assertRaisesRegex(ValueError, "received: both"):
            dataset_utils.get_training_or_validation_split(
                samples, None, 0.2, "both"
            )

    def test_check_validation_split_arg(self):
        check = dataset_utils.check_validation_split_arg
        check(0.2, "training", True, 1)
        check(0.2, "both", False, None)
        check(None, None, True, None)
        with self.assertRaisesRegex(ValueError, "seed"):
            check(0.2, "training", True, None)
        with self.assertRaisesRegex(ValueError, "inversely"):
            check(None, "training", True, 1)
        with self.assertRaisesRegex(ValueError, "between 0 and 1"):
            check(1.0, "training", True, 1)
        with self.assertRaisesRegex(ValueError, '"both"'):
            check(0.2, "bad", True, 1)
