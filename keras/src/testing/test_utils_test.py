import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.testing.test_utils import get_test_data
from keras.src.testing.test_utils import named_product


class GetTestDataTest(testing.TestCase):
    def test_shapes_dtypes_and_balance(self):
        (x, y), (x_test, y_test) = get_test_data(
            10, 4, (3, 2), num_classes=3, random_seed=1
        )
        # 10 // 3 = 3 training samples per class; the rest is test data.
        self.assertEqual(x.shape, (9, 3, 2))
        self.assertEqual(x_test.shape, (5, 3, 2))
        self.assertEqual((x.dtype, y.dtype), (np.float32, np.int64))
        self.assertEqual(np.bincount(y).tolist(), [3, 3, 3])
        self.assertEqual(np.bincount(y_test).tolist(), [2, 2, 1])

    def test_seed_makes_it_reproducible(self):
        first = get_test_data(6, 3, (2,), 3, random_seed=7)
        second = get_test_data(6, 3, (2,), 3, random_seed=7)
        self.assertAllClose(first[0][0], second[0][0])
        self.assertAllEqual(first[1][1], second[1][1])

    def test_classes_are_separable(self):
        (x, y), _ = get_test_data(300, 0, (4,), 3, random_seed=0)
        centers = np.stack([x[y == c].mean(axis=0) for c in range(3)])
        nearest = np.argmin(
            ((x[:, None, :] - centers[None]) ** 2).sum(-1), axis=1
        )
        self.assertGreater((nearest == y).mean(), 0.8)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "num_classes"):
            get_test_data(4, 2, (2,), 0)
        with self.assertRaisesRegex(ValueError, "train_samples"):
            get_test_data(-1, 2, (2,), 2)


class NamedProductTest(testing.TestCase):
    def test_keyword_product_names_and_order(self):
        cases = named_product(x=[1, 2], dtype=["float32", np.int8])
        self.assertEqual(
            [c["testcase_name"] for c in cases],
            ["1_float32", "2_float32", "1_int8", "2_int8"],
        )
        self.assertEqual(cases[3], {"testcase_name": "2_int8", "x": 2,
                                    "dtype": np.int8})

    def test_positional_dicts_and_value_names(self):
        cases = named_product(
            [{"testcase_name": "neg", "v": -1}, {"testcase_name": "pos",
                                                 "v": 1}],
            flag=[None, True],
        )
        self.assertEqual(
            [c["testcase_name"] for c in cases],
            ["neg_none", "pos_none", "neg_true", "pos_true"],
        )
        self.assertEqual(cases[1]["v"], 1)
        self.assertEqual(named_product(), [{}])

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "testcase_name"):
            named_product([{"v": 1}])
        with self.assertRaisesRegex(TypeError, "list or a tuple"):
            named_product(x=3)

    @parameterized.named_parameters(named_product(a=[1, 2], b=[3]))
    def test_works_with_named_parameters(self, a, b):
        self.assertIn(a, (1, 2))
        self.assertEqual(b, 3)
