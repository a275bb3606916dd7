import contextlib
import io
import os

import numpy as np
import torch
import tensorflow as tf  # noqa: I001 (torch before tensorflow)

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


class DatasetKindsTest(testing.TestCase):
    def test_kinds_and_batch_size(self):
        dataset = tf.data.Dataset.range(10)
        self.assertTrue(dataset_utils.is_tf_dataset(dataset))
        self.assertFalse(dataset_utils.is_tf_dataset(np.arange(3)))
        self.assertFalse(dataset_utils.is_torch_dataset(dataset))
        self.assertTrue(dataset_utils.is_torch_dataset(
            torch.utils.data.TensorDataset(torch.zeros(2))
        ))
        self.assertFalse(dataset_utils.is_grain_dataset(dataset))
        self.assertFalse(dataset_utils.is_batched(dataset))
        self.assertTrue(dataset_utils.is_batched(dataset.batch(3)))
        self.assertEqual(dataset_utils.get_batch_size(dataset.batch(3)), 3)
        self.assertIsNone(dataset_utils.get_batch_size(dataset))

    def test_labels_to_dataset_tf(self):
        to_ds = dataset_utils.labels_to_dataset_tf
        self.assertEqual(
            [x.numpy().tolist() for x in to_ds([0, 2], "categorical", 3)],
            [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
        )
        self.assertEqual(
            [x.numpy().tolist() for x in to_ds([0, 1], "binary", 2)],
            [[0.0], [1.0]],
        )
        self.assertEqual(
            [int(x) for x in to_ds(np.array([1, 0]), "int", 2)], [1, 0]
        )
        with self.assertRaisesRegex(ValueError, "label_mode"):
            to_ds([0], "sparse", 2)


class SplitDatasetTest(testing.TestCase):
    def test_sizes(self):
        rescale = dataset_utils._rescale_dataset_split_sizes
        self.assertEqual(rescale(0.2, None, 10), (2, 8))
        self.assertEqual(rescale(None, 3, 10), (7, 3))
        self.assertEqual(rescale(0.3, 0.3, 10), (3, 3))
        self.assertEqual(rescale(0.25, None, 10), (2, 8))
        self.assertEqual(rescale(np.int64(3), None, 10), (3, 7))
        for args, error, message in [
            ((None, None, 10), ValueError, "At least one"),
            ((1.0, None, 10), ValueError, "left_size"),
            ((None, 10, 10), ValueError, "right_size"),
            ((6, 6, 10), ValueError, "sum"),
            ((0.6, 0.6, 10), ValueError, "greater than 1"),
            ((0.05, None, 10), ValueError, "left side"),
            (("a", None, 10), TypeError, "Invalid `left_size` Type"),
            ((True, None, 10), TypeError, "Invalid `left_size` Type"),
        ]:
            with self.assertRaisesRegex(error, message):
                rescale(*args)

    def test_arrays_to_tf_datasets(self):
        x = np.arange(20).reshape(10, 2)
        y = np.arange(10)
        left, right = dataset_utils.split_dataset(
            (x, y), left_size=0.8, preferred_backend="tensorflow"
        )
        self.assertIsInstance(left, tf.data.Dataset)
        self.assertEqual(int(left.cardinality()), 8)
        self.assertEqual(int(right.cardinality()), 2)
        rows = [(a.tolist(), int(b)) for a, b in right.as_numpy_iterator()]
        self.assertEqual(rows, [([16, 17], 8), ([18, 19], 9)])
        left, right = dataset_utils.split_dataset(
            x, right_size=3, shuffle=True, seed=1,
            preferred_backend="tensorflow",
        )
        seen = [r.tolist() for d in (left, right)
                for r in d.as_numpy_iterator()]
        self.assertEqual(len(seen), 10)
        self.assertEqual(sorted(seen), x.tolist())
        self.assertNotEqual(seen, x.tolist())
        with self.assertRaisesRegex(TypeError, "Unsupported dataset"):
            dataset_utils.split_dataset("abc", 0.5)

    def test_batched_tf_dataset_keeps_batch_size(self):
        dataset = tf.data.Dataset.from_tensor_slices(
            {"a": np.arange(10), "b": np.arange(10.0)}
        ).batch(3)
        left, right = dataset_utils.split_dataset(dataset, left_size=4)
        self.assertEqual(
            [b["a"].tolist() for b in left.as_numpy_iterator()],
            [[0, 1, 2], [3]],
        )
        self.assertEqual(
            [b["a"].tolist() for b in right.as_numpy_iterator()],
            [[4, 5, 6], [7, 8, 9]],
        )

    def test_torch_dataset(self):
        class Squares(torch.utils.data.Dataset):
            def __len__(self):
                return 5

            def __getitem__(self, i):
                return torch.tensor([float(i)]), i * i

        left, right = dataset_utils.split_dataset(Squares(), right_size=2)
        self.assertIsInstance(left, torch.utils.data.Subset)
        self.assertEqual((len(left), len(right)), (3, 2))
        self.assertEqual(right[1][1], 16)
        left, right = dataset_utils.split_dataset(
            Squares(), left_size=0.4, preferred_backend="tensorflow"
        )
        self.assertEqual(
            [int(b) for _, b in right.as_numpy_iterator()], [4, 9, 16]
        )

    def test_arrays_to_torch_subsets(self):
        left, right = dataset_utils.split_dataset(
            (np.arange(6), np.arange(6) * 2), left_size=2,
            preferred_backend="torch",
        )
        self.assertEqual(len(left), 2)
        self.assertEqual([int(v) for v in right[0]], [2, 4])
        loader = torch.utils.data.DataLoader(right, batch_size=4)
        x, y = next(iter(loader))
        self.assertEqual(x.tolist(), [2, 3, 4, 5])
