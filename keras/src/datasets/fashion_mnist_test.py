"""Dataset loaders on small files written by the tests into a temporary
`KERAS_HOME`; the network is never used (origins point to `file://`
folders or to nothing)."""

import gzip
import os

import numpy as np

from keras.src.datasets import fashion_mnist
from keras.src.datasets.testing_utils import DatasetTestCase


class FashionMnistTest(DatasetTestCase):
    def test_load(self):
        folder = os.path.join(self.datasets, "fashion-mnist")
        os.makedirs(folder)

        def write(name, array, images):
            dims = array.shape
            header = bytes([0, 0, 8, len(dims)]) + b"".join(
                d.to_bytes(4, "big") for d in dims
            )
            with gzip.open(os.path.join(folder, name), "wb") as f:
                f.write(header + array.tobytes())

        images = np.arange(5 * 28 * 28, dtype="uint32").astype("uint8")
        write("train-labels-idx1-ubyte.gz", np.arange(5, dtype="uint8"), 0)
        write("train-images-idx3-ubyte.gz", images.reshape(5, 28, 28), 1)
        write("t10k-labels-idx1-ubyte.gz", np.arange(3, dtype="uint8"), 0)
        write("t10k-images-idx3-ubyte.gz", images[: 3 * 784].reshape(
            3, 28, 28), 1)
        with self.no_network():
            (x, y), (xt, yt) = fashion_mnist.load_data()
        self.assertEqual(x.shape, (5, 28, 28))
        self.assertAllEqual(x, images.reshape(5, 28, 28))
        self.assertEqual(y.tolist(), [0, 1, 2, 3, 4])
        self.assertEqual((xt.shape, yt.tolist()), ((3, 28, 28), [0, 1, 2]))
