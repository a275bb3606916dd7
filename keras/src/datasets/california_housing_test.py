"""Dataset loaders on small files written by the tests into a temporary
`KERAS_HOME`; the network is never used (origins point to `file://`
folders or to nothing)."""


import numpy as np

from keras.src.datasets import california_housing
from keras.src.datasets.testing_utils import DatasetTestCase


class CaliforniaHousingTest(DatasetTestCase):
    def test_california_housing(self):
        x = np.arange(700 * 8, dtype="float64").reshape(700, 8)
        y = np.arange(700, dtype="float64")
        self.cache_file(california_housing, "california_housing.npz",
                        lambda p: np.savez(p, x=x, y=y))
        with self.no_network():
            (xtr, ytr), (xte, _) = california_housing.load_data()
            (xs, ys), (xst, _) = california_housing.load_data(
                version="small"
            )
        self.assertEqual((xtr.shape, xte.shape), ((560, 8), (140, 8)))
        self.assertEqual((xs.shape, xst.shape), ((480, 8), (120, 8)))
        self.assertLess(max(ys.max(), 0), 600)
        with self.assertRaisesRegex(ValueError, "version"):
            california_housing.load_data(version="medium")
