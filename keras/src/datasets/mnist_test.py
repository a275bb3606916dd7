"""Dataset loaders on small files written by the tests into a temporary
`KERAS_HOME`; the network is never used (origins point to `file://`
folders or to nothing)."""

import os
import pathlib
from unittest import mock

import numpy as np

from keras.src.datasets import mnist
from keras.src.datasets.testing_utils import DatasetTestCase
from keras.src.datasets.testing_utils import sha256_of


class MnistTest(DatasetTestCase):
    def write(self, path):
        rng = np.random.RandomState(0)
        np.savez(
            path,
            x_train=rng.randint(0, 255, (6, 28, 28)).astype("uint8"),
            y_train=np.arange(6, dtype="uint8"),
            x_test=rng.randint(0, 255, (4, 28, 28)).astype("uint8"),
            y_test=np.arange(4, dtype="uint8"),
        )

    def test_cached_file_with_right_hash_is_used_offline(self):
        self.cache_file(mnist, "mnist.npz", self.write)
        with self.no_network():
            (x, y), (xt, yt) = mnist.load_data()
        self.assertEqual(x.shape, (6, 28, 28))
        self.assertEqual(x.dtype, np.uint8)
        self.assertEqual(y.tolist(), list(range(6)))
        self.assertEqual(xt.shape, (4, 28, 28))
        self.assertEqual(yt.dtype, np.uint8)

    def test_wrong_hash_downloads_again(self):
        source = self.get_temp_dir()
        self.write(os.path.join(source, "mnist.npz"))
        self.enter(mock.patch.object(
            mnist, "_SHA256", sha256_of(os.path.join(source, "mnist.npz"))
        ))
        self.enter(mock.patch.object(
            mnist, "_ORIGIN", pathlib.Path(source).as_uri() + "/"
        ))
        cached = os.path.join(self.datasets, "mnist.npz")
        with open(cached, "wb") as f:
            f.write(b"truncated")
        (x, _), _ = mnist.load_data()
        self.assertEqual(x.shape, (6, 28, 28))
        self.assertEqual(sha256_of(cached), mnist._SHA256)

    def test_wrong_hash_without_network_is_rejected(self):
        with open(os.path.join(self.datasets, "mnist.npz"), "wb") as f:
            f.write(b"truncated")
        self.enter(mock.patch.object(mnist, "_ORIGIN", "file:///absent/"))
        with self.assertRaisesRegex(Exception, "URL fetch failure"):
            mnist.load_data()

    def test_missing_file_names_url_and_cache_path(self):
        self.enter(mock.patch.object(mnist, "_ORIGIN", "file:///absent/"))
        with self.assertRaises(Exception) as ctx:
            mnist.load_data()
        message = str(ctx.exception)
        self.assertIn("file:///absent/mnist.npz", message)
        self.assertIn(os.path.join(self.datasets, "mnist.npz"), message)

    def test_origin_and_hash_are_keras(self):
        calls = []

        def record(*args, **kwargs):
            calls.append(kwargs)
            raise RuntimeError("stop")

        with mock.patch.object(mnist, "get_file", record):
            with self.assertRaises(RuntimeError):
                mnist.load_data()
        self.assertEqual(
            calls[0]["origin"],
            "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"
            "mnist.npz",
        )
        self.assertEqual(calls[0]["file_hash"][:8], "731c5ac6")
