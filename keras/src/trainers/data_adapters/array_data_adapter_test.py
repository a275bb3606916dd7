import importlib.util

import numpy as np
import torch
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.trainers.data_adapters import array_data_adapter
from keras.src.utils import rng_utils

ArrayDataAdapter = array_data_adapter.ArrayDataAdapter


def _data(n=10):
    x = np.arange(n * 3, dtype="float32").reshape(n, 3)
    y = (np.arange(n) % 3).astype("int32")
    return x, y


def _as_kind(array, kind):
    if kind == "numpy":
        return array
    if kind == "backend":
        return backend.convert_to_tensor(array)
    if kind == "torch":
        return torch.from_numpy(array)
    if kind == "jax":
        import jax.numpy as jnp

        return jnp.asarray(array)
    if kind == "pandas":
        import pandas as pd

        return pd.DataFrame(array) if array.ndim == 2 else pd.Series(array)
    raise AssertionError(kind)


class ArrayDataAdapterTest(testing.TestCase):
    @parameterized.named_parameters(
        ("numpy", "numpy"), ("backend", "backend"), ("torch", "torch"),
        ("jax", "jax"), ("pandas", "pandas"),
    )
    def test_batches_of_each_array_kind(self, kind):
        if kind == "pandas" and importlib.util.find_spec("pandas") is None:
            self.skipTest("pandas is not installed")
        x, y = _data()
        adapter = ArrayDataAdapter(
            _as_kind(x, kind), _as_kind(y, kind), batch_size=4
        )
        self.assertEqual(adapter.num_batches, 3)
        self.assertEqual(adapter.batch_size, 4)
        self.assertTrue(adapter.has_partial_batch)
        self.assertEqual(adapter.partial_batch_size, 2)
        batches = list(adapter.get_numpy_iterator())
        self.assertLen(batches, 3)
        for i, (bx, by) in enumerate(batches):
            self.assertIsInstance(bx, np.ndarray)
            self.assertEqual(bx.dtype, np.float32)
            self.assertEqual(by.dtype, np.int32)
            self.assertAllClose(bx, x[4 * i:4 * i + 4])
            self.assertAllClose(by, y[4 * i:4 * i + 4])
        self.assertEqual(batches[-1][0].shape, (2, 3))

    def test_exact_division_has_no_partial_batch(self):
        adapter = ArrayDataAdapter(np.zeros((8, 2)), batch_size=4)
        self.assertFalse(adapter.has_partial_batch)
        self.assertIsNone(adapter.partial_batch_size)
        self.assertEqual(adapter.num_batches, 2)

    def test_default_batch_size_and_steps(self):
        self.assertEqual(ArrayDataAdapter(np.zeros(100)).batch_size, 32)
        adapter = ArrayDataAdapter(np.zeros(10), steps=5)
        self.assertEqual(adapter.batch_size, 2)
        self.assertEqual(adapter.num_batches, 5)

    def test_x_alone_and_packing(self):
        x, _ = _data()
        batch = next(ArrayDataAdapter(x, batch_size=5).get_numpy_iterator())
        self.assertIsInstance(batch, np.ndarray)
        pair = (x, x)
        batch = next(ArrayDataAdapter(pair, batch_size=5)
                     .get_numpy_iterator())
        self.assertIsInstance(batch, tuple)
        self.assertLen(batch, 1)
        self.assertLen(batch[0], 2)
        sw = np.linspace(0.0, 1.0, 10)
        batch = next(ArrayDataAdapter(x, None, sw, batch_size=5)
                     .get_numpy_iterator())
        self.assertLen(batch, 3)
        self.assertIsNone(batch[1])
        self.assertAllClose(batch[2], sw[:5])

    def test_nested_structures_are_kept(self):
        x, y = _data()
        inputs = {"a": x, "b": [x[:, :1], x[:, 1:]]}
        adapter = ArrayDataAdapter(inputs, (y,), batch_size=6)
        bx, by = next(adapter.get_numpy_iterator())
        self.assertEqual(sorted(bx), ["a", "b"])
        self.assertIsInstance(bx["b"], list)
        self.assertEqual(bx["b"][1].shape, (6, 2))
        self.assertIsInstance(by, tuple)
        self.assertAllClose(by[0], y[:6])

    def test_floats_cast_to_floatx_and_ints_kept(self):
        x = np.zeros((4, 2), "float64")
        y = np.zeros((4,), "int32")
        sw = np.ones((4,), "float16")
        bx, by, bsw = next(
            ArrayDataAdapter(x, y, sw, batch_size=4).get_numpy_iterator()
        )
        self.assertEqual((bx.dtype, by.dtype, bsw.dtype),
                         (np.float32, np.int32, np.float32))
        b = next(ArrayDataAdapter(np.zeros(4, bool)).get_numpy_iterator())
        self.assertEqual(b.dtype, bool)

    def test_shuffle_true_reshuffles_each_epoch_reproducibly(self):
        x = np.arange(20)
        adapter = ArrayDataAdapter(x, batch_size=6, shuffle=True)

        def two_epochs():
            rng_utils.set_random_seed(7)
            return [np.concatenate(list(adapter.get_numpy_iterator()))
                    for _ in range(2)]

        first, second = two_epochs()
        self.assertAllEqual(np.sort(first), x)
        self.assertAllEqual(np.sort(second), x)
        self.assertFalse(np.array_equal(first, second))
        self.assertFalse(np.array_equal(first, x))
        again = two_epochs()
        self.assertAllEqual(again[0], first)
        self.assertAllEqual(again[1], second)

    @parameterized.named_parameters(
        ("in_order", False), ("shuffled", True), ("within_batches", "batch")
    )
    def test_tf_dataset_matches_numpy_batches(self, shuffle):
        # The dataset slices (or gathers) in its own graph; each pass
        # draws the order from NumPy as the NumPy iterator does.
        x, y = _data(10)
        adapter = ArrayDataAdapter({"a": x}, y, batch_size=4,
                                   shuffle=shuffle)
        rng_utils.set_random_seed(5)
        expected = [list(adapter.get_numpy_iterator()) for _ in range(2)]
        rng_utils.set_random_seed(5)
        dataset = adapter.get_tf_dataset()
        self.assertEqual(dataset.element_spec[0]["a"].shape.as_list(),
                         [None, 3])
        for want in expected:
            got = list(dataset)
            self.assertEqual([len(b[1]) for b in got], [4, 4, 2])
            for (gx, gy), (wx, wy) in zip(got, want):
                self.assertAllEqual(gx["a"].numpy(), wx["a"])
                self.assertAllEqual(gy.numpy(), wy)

    def test_shuffle_keeps_x_and_y_aligned(self):
        x, y = _data(12)
        rng_utils.set_random_seed(1)
        adapter = ArrayDataAdapter(x, y, batch_size=5, shuffle=True)
        for bx, by in adapter.get_numpy_iterator():
            self.assertAllClose(bx[:, 0] / 3 % 3, by)

    def test_shuffle_batch_stays_within_batches(self):
        x = np.arange(10)
        rng_utils.set_random_seed(3)
        adapter = ArrayDataAdapter(x, batch_size=4, shuffle="batch")
        batches = list(adapter.get_numpy_iterator())
        self.assertEqual([len(b) for b in batches], [4, 4, 2])
        for i, b in enumerate(batches):
            self.assertAllEqual(np.sort(b), x[4 * i:4 * i + 4])
        orders = [np.concatenate(list(adapter.get_numpy_iterator()))
                  for _ in range(4)]
        self.assertTrue(any(not np.array_equal(o, x) for o in orders))

    def test_class_weight_from_integer_and_one_hot_targets(self):
        x, y = _data()
        class_weight = {0: 1.0, 1: 2.0, 2: 3.0}
        expected = np.array([1.0, 2.0, 3.0])[y]
        for targets in (y, y[:, None], np.eye(3)[y]):
            adapter = ArrayDataAdapter(
                x, targets, class_weight=class_weight, batch_size=4
            )
            weights = np.concatenate(
                [b[2] for b in adapter.get_numpy_iterator()]
            )
            self.assertEqual(weights.dtype, np.float32)
            self.assertAllClose(weights, expected)

    def test_class_weight_missing_class_weighs_one(self):
        x, y = _data()
        adapter = ArrayDataAdapter(x, y, class_weight={1: 5.0},
                                   batch_size=10)
        _, _, weights = next(adapter.get_numpy_iterator())
        self.assertAllClose(weights, np.where(y == 1, 5.0, 1.0))

    def test_class_weight_errors(self):
        x, y = _data()
        with self.assertRaisesRegex(ValueError, "sample_weight"):
            ArrayDataAdapter(x, y, np.ones(10), class_weight={0: 1.0})
        with self.assertRaisesRegex(ValueError, "single output"):
            ArrayDataAdapter(x, [y, y], class_weight={0: 1.0})
        with self.assertRaisesRegex(ValueError, "y=None"):
            ArrayDataAdapter(x, class_weight={0: 1.0})
        with self.assertRaisesRegex(TypeError, "class_weight"):
            ArrayDataAdapter(x, y, class_weight=[1.0, 2.0])
        with self.assertRaisesRegex(TypeError, "keys"):
            ArrayDataAdapter(x, y, class_weight={"a": 1.0})

    def test_mismatched_lengths_name_both(self):
        x, y = _data()
        with self.assertRaisesRegex(ValueError, "'x' sizes: 10.*'y' sizes: 7"):
            ArrayDataAdapter(x, y[:7])
        with self.assertRaisesRegex(ValueError, "sample_weight' sizes: 3"):
            ArrayDataAdapter(x, y, np.ones(3))

    def test_bad_arguments(self):
        x, _ = _data()
        for bad in (0, -2, 1.5, True):
            with self.assertRaisesRegex(ValueError, f"batch_size={bad!r}"):
                ArrayDataAdapter(x, batch_size=bad)
        with self.assertRaisesRegex(ValueError, "shuffle='yes'"):
            ArrayDataAdapter(x, shuffle="yes")
        with self.assertRaisesRegex(ValueError, "`y`.*str"):
            ArrayDataAdapter(x, ["a"] * 10)
        with self.assertRaisesRegex(ValueError, "first"):
            ArrayDataAdapter(np.array(1.0))

    def test_torch_dataloader_form(self):
        x, y = _data()
        adapter = ArrayDataAdapter(x, y, batch_size=4)
        batches = list(adapter.get_torch_dataloader())
        self.assertLen(batches, 3)
        bx, by = batches[0]
        self.assertIsInstance(batches[0], tuple)
        self.assertIsInstance(bx, torch.Tensor)
        self.assertEqual(bx.dtype, torch.float32)
        self.assertEqual(tuple(batches[-1][0].shape), (2, 3))
        self.assertAllClose(by.numpy(), y[:4])

    def test_jax_iterator_form(self):
        x, y = _data()
        adapter = ArrayDataAdapter({"in": x}, y, batch_size=4)
        batches = list(adapter.get_jax_iterator())
        self.assertLen(batches, 3)
        self.assertAllClose(batches[1][0]["in"], x[4:8])
