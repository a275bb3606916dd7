"""Dataset loaders on small files written by the tests into a temporary
`KERAS_HOME`; the network is never used (origins point to `file://`
folders or to nothing)."""


import numpy as np

from keras.src.datasets import boston_housing
from keras.src.datasets.testing_utils import DatasetTestCase


class BostonHousingTest(DatasetTestCase):
    def test_boston_housing(self):
        x = np.arange(20 * 13, dtype="float64").reshape(20, 13)
        y = np.arange(20, dtype="float64")
        self.cache_file(boston_housing, "boston_housing.npz",
                        lambda p: np.savez(p, x=x, y=y))
        with self.no_network():
            (xtr, ytr), (xte, yte) = boston_housing.load_data()
        order = np.random.RandomState(113).permutation(20)
        self.assertEqual((xtr.shape, xte.shape), ((16, 13), (4, 13)))
        self.assertAllEqual(ytr, y[order[:16]])
        self.assertAllEqual(xte, x[order[16:]])
        (xtr, _), _ = boston_housing.load_data(test_split=0.5, seed=3)
        self.assertEqual(xtr.shape, (10, 13))
        with self.assertRaisesRegex(ValueError, "test_split"):
            boston_housing.load_data(test_split=1.5)
