"""Dataset loaders on small files written by the tests into a temporary
`KERAS_HOME`; the network is never used (origins point to `file://`
folders or to nothing)."""

import hashlib
import json
import os
from unittest import mock

import numpy as np

from keras.src.datasets import imdb
from keras.src.datasets import reuters
from keras.src.datasets.testing_utils import DatasetTestCase
from keras.src.datasets.testing_utils import object_array


class SequenceDatasetsTest(DatasetTestCase):
    def setUp(self):
        super().setUp()
        rng = np.random.RandomState(1)

        def seqs(n):
            return object_array(
                [rng.randint(1, 30, rng.randint(2, 9)) for _ in range(n)]
            )

        self.x_train, self.x_test = seqs(8), seqs(6)
        self.y_train = np.array([0, 1] * 4)
        self.y_test = np.array([1, 0] * 3)
        self.cache_file(
            imdb, "imdb.npz",
            lambda p: np.savez(p, x_train=self.x_train, y_train=self.y_train,
                               x_test=self.x_test, y_test=self.y_test),
        )
        self.x, self.y = seqs(20), np.arange(20) % 5
        self.cache_file(
            reuters, "reuters.npz",
            lambda p: np.savez(p, x=self.x, y=self.y),
        )

    def expected(self, xs, num_words=None, skip_top=0, oov=2, start=1,
                 index_from=3):
        out = [([start] if start is not None else [])
               + [w + index_from for w in s] for s in xs]
        if num_words is None:
            num_words = max(max(s) for s in out)
        if oov is None:
            return [[w for w in s if skip_top <= w < num_words] for s in out]
        return [[w if skip_top <= w < num_words else oov for w in s]
                for s in out]

    def test_imdb_default_processing(self):
        with self.no_network():
            (x, y), (xt, yt) = imdb.load_data()
        order = np.random.RandomState(113)
        train_order = order.permutation(8)
        test_order = order.permutation(6)
        expected = self.expected(
            list(self.x_train[train_order]) + list(self.x_test[test_order])
        )
        self.assertEqual(x.dtype, object)
        self.assertEqual(x.shape, (8,))
        self.assertEqual(x.tolist() + xt.tolist(), expected)
        self.assertEqual(y.tolist(), self.y_train[train_order].tolist())
        self.assertEqual(yt.tolist(), self.y_test[test_order].tolist())

    def test_imdb_options(self):
        (x, _), (xt, _) = imdb.load_data(num_words=20, skip_top=2)
        for seq in x.tolist() + xt.tolist():
            self.assertEqual(seq[0], 2)  # start_char 1 < skip_top
            self.assertTrue(all(2 <= w < 20 for w in seq))
        (x, _), _ = imdb.load_data(num_words=15, oov_char=None)
        self.assertTrue(all(w < 15 for s in x for w in s))
        (x, y), (xt, yt) = imdb.load_data(maxlen=5)
        self.assertTrue(all(len(s) < 5 for s in list(x) + list(xt)))
        self.assertEqual((len(x), len(y)), (len(x), len(x)))
        (x, _), _ = imdb.load_data(start_char=None, index_from=0, seed=5)
        order = np.random.RandomState(5).permutation(8)
        self.assertEqual(x[0][:1], [self.x_train[order[0]][0]])
        with self.assertRaisesRegex(ValueError, "maxlen=1"):
            imdb.load_data(maxlen=1)
        with self.assertRaisesRegex(TypeError, "nb_words"):
            imdb.load_data(nb_words=10)

    def test_reuters(self):
        (x, y), (xt, yt) = reuters.load_data()
        self.assertEqual((len(x), len(xt)), (16, 4))
        order = np.random.RandomState(113).permutation(20)
        self.assertEqual(
            x.tolist() + xt.tolist(), self.expected(self.x[order])
        )
        self.assertEqual(y.tolist() + yt.tolist(), self.y[order].tolist())
        (x, y), (xt, yt) = reuters.load_data(
            test_split=0.5, maxlen=6, num_words=10, seed=1
        )
        kept = [i for i in np.random.RandomState(1).permutation(20)
                if len(self.x[i]) + 1 < 6]
        self.assertEqual(len(x), len(kept) // 2)
        self.assertEqual(y.tolist() + yt.tolist(), self.y[kept].tolist())
        self.assertEqual(len(reuters.get_label_names()), 46)
        with self.assertRaisesRegex(ValueError, "test_split"):
            reuters.load_data(test_split=1.0)

    def test_word_indexes(self):
        for module, name in ((imdb, "imdb_word_index.json"),
                             (reuters, "reuters_word_index.json")):
            path = os.path.join(self.datasets, name)
            with open(path, "w") as f:
                json.dump({"the": 1, "a": 2}, f)
            with open(path, "rb") as f:
                md5 = hashlib.md5(f.read()).hexdigest()
            with mock.patch.object(module, "_WORD_INDEX_MD5", md5):
                with self.no_network():
                    self.assertEqual(module.get_word_index(),
                                     {"the": 1, "a": 2})
