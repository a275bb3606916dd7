"""Dataset loaders on small files written by the tests into a temporary
`KERAS_HOME`; the network is never used (origins point to `file://`
folders or to nothing)."""

import io
import os
import pickle
import tarfile
from unittest import mock

import numpy as np

from keras.src import backend
from keras.src.datasets import cifar
from keras.src.datasets import cifar10
from keras.src.datasets import cifar100
from keras.src.datasets.testing_utils import DatasetTestCase
from keras.src.datasets.testing_utils import Evil


class CifarTest(DatasetTestCase):
    def write_archive(self, path, folder, batches):
        with tarfile.open(path, "w:gz") as archive:
            for name, content in batches.items():
                data = pickle.dumps(content, protocol=2)
                info = tarfile.TarInfo(f"{folder}/{name}")
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))

    def batch(self, n, labels, label_key=b"labels"):
        data = np.arange(n * 3072, dtype="int64").astype("uint8")
        return {b"data": data.reshape(n, 3072), label_key: labels,
                b"batch_label": b"x"}

    def test_cifar10(self):
        batches = {
            f"data_batch_{i}": self.batch(2, [i, 9]) for i in range(1, 6)
        }
        batches["test_batch"] = self.batch(3, [7, 8, 9])
        self.cache_file(
            cifar10,
            "cifar-10-batches-py-target_archive",
            lambda p: self.write_archive(p, "cifar-10-batches-py", batches),
        )
        with self.no_network():
            (x, y), (xt, yt) = cifar10.load_data()
        self.assertEqual(y.shape, (10, 1))
        self.assertEqual(y.dtype, np.uint8)
        self.assertEqual(y[:, 0].tolist(), [1, 9, 2, 9, 3, 9, 4, 9, 5, 9])
        self.assertEqual(yt[:, 0].tolist(), [7, 8, 9])
        raw = batches["test_batch"][b"data"]
        if backend.image_data_format() == "channels_last":
            self.assertEqual(x.shape, (10, 32, 32, 3))
            # Pixel (0, 1) of image 0: red at 1, green at 1025, blue 2049.
            self.assertEqual(
                xt[0, 0, 1].tolist(), [raw[0, 1], raw[0, 1025], raw[0, 2049]]
            )
        else:
            self.assertEqual(x.shape, (10, 3, 32, 32))

    def test_cifar100_label_modes(self):
        batches = {
            "train": {**self.batch(4, [0, 1, 2, 3], b"fine_labels"),
                      b"coarse_labels": [5, 5, 6, 6]},
            "test": {**self.batch(2, [4, 5], b"fine_labels"),
                     b"coarse_labels": [7, 7]},
        }
        self.cache_file(
            cifar100,
            "cifar-100-python-target_archive",
            lambda p: self.write_archive(p, "cifar-100-python", batches),
        )
        with self.no_network():
            (x, y), (xt, yt) = cifar100.load_data()
            (_, yc), (_, ytc) = cifar100.load_data(label_mode="coarse")
        self.assertEqual(y.dtype, np.int64)
        self.assertEqual(y[:, 0].tolist(), [0, 1, 2, 3])
        self.assertEqual(yc[:, 0].tolist(), [5, 5, 6, 6])
        self.assertEqual(ytc[:, 0].tolist(), [7, 7])
        with self.assertRaisesRegex(ValueError, "label_mode"):
            cifar100.load_data(label_mode="medium")

    def test_pickle_that_runs_code_is_refused(self):
        path = os.path.join(self.get_temp_dir(), "batch")
        with open(path, "wb") as f:
            pickle.dump({b"data": Evil(), b"labels": []}, f)
        with mock.patch.object(os, "system") as system:
            with self.assertRaisesRegex(
                pickle.UnpicklingError, "Refusing to deserialize"
            ):
                cifar.load_batch(path)
        system.assert_not_called()
