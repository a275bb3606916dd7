import importlib.util
import os
import subprocess
import sys

import numpy as np
import torch

import keras
from keras.src import backend
from keras.src import testing
from keras.src.trainers.data_adapters import data_adapter_utils as utils


class PackUnpackTest(testing.TestCase):
    def test_unpack(self):
        unpack = keras.utils.unpack_x_y_sample_weight
        self.assertEqual(unpack((1, 2, 3)), (1, 2, 3))
        self.assertEqual(unpack([1, 2]), (1, 2, None))
        self.assertEqual(unpack((1,)), (1, None, None))
        self.assertEqual(unpack(1), (1, None, None))
        self.assertEqual(unpack({"a": 1}), ({"a": 1}, None, None))
        with self.assertRaisesRegex(ValueError, "length 4"):
            unpack((1, 2, 3, 4))

    def test_pack(self):
        pack = keras.utils.pack_x_y_sample_weight
        self.assertEqual(pack(1), 1)
        self.assertEqual(pack((1, 2)), ((1, 2),))
        self.assertEqual(pack([1, 2]), ([1, 2],))
        self.assertEqual(pack(1, 2), (1, 2))
        self.assertEqual(pack(1, None, 3), (1, None, 3))
        self.assertEqual(pack(1, 2, 3), (1, 2, 3))

    def test_round_trip(self):
        for parts in [((1, 2), None, None), (1, 2, None), (1, None, 3),
                      ([1], [2], [3])]:
            packed = keras.utils.pack_x_y_sample_weight(*parts)
            self.assertEqual(
                keras.utils.unpack_x_y_sample_weight(packed), parts
            )


class TypeChecksTest(testing.TestCase):
    def test_array_like(self):
        self.assertTrue(utils.is_array_like(np.zeros(2)))
        self.assertTrue(utils.is_array_like(torch.zeros(2)))
        self.assertTrue(utils.is_array_like(backend.convert_to_tensor([1])))
        self.assertTrue(utils.is_array_like(backend.Variable(np.zeros(2))))
        for value in ([1, 2], 1.0, "ab", None, {"a": np.zeros(2)}):
            self.assertFalse(utils.is_array_like(value))
        self.assertTrue(utils.is_torch_tensor(torch.zeros(1)))
        self.assertFalse(utils.is_torch_tensor(np.zeros(1)))
        self.assertFalse(utils.is_tf_dataset(np.zeros(1)))
        self.assertFalse(utils.is_torch_dataloader(torch.zeros(1)))

    def test_subclasses_defined_elsewhere(self):
        class MyTensor(torch.Tensor):
            pass

        tensor = torch.ones(2).as_subclass(MyTensor)
        self.assertTrue(utils.is_torch_tensor(tensor))
        self.assertAllClose(utils.to_numpy(tensor), [1.0, 1.0])

    def test_to_numpy(self):
        self.assertAllClose(utils.to_numpy(torch.ones(2)), np.ones(2))
        variable = backend.Variable(np.full((2,), 3.0, "float32"))
        self.assertAllClose(utils.to_numpy(variable), [3.0, 3.0])
        bf16 = utils.to_numpy(torch.ones(2, dtype=torch.bfloat16))
        self.assertEqual(bf16.dtype.name, "bfloat16")
        self.assertIsNone(utils.to_numpy(None))

    def test_no_other_framework_imported(self):
        # A fresh process: feeding NumPy data to the active backend must
        # import no framework (nor pandas) beyond what the backend loads.
        code = (
            "import sys, numpy as np\n"
            "names = ('tensorflow', 'torch', 'jax', 'pandas')\n"
            "def loaded():\n"
            "    return sorted(m for m in names if m in sys.modules)\n"
            "import keras.src.backend\n"
            "before = loaded()\n"
            "from keras.src.trainers import epoch_iterator\n"
            "it = epoch_iterator.EpochIterator(np.zeros((5, 2)),"
            " np.zeros(5), batch_size=2, class_weight={0: 2.0})\n"
            "n = sum(1 for _ in it.enumerate_epoch())\n"
            "from keras.src.trainers.data_adapters import"
            " data_adapter_utils as u\n"
            "u.train_validation_split((np.zeros(4),), 0.5)\n"
            "print(n, before, loaded(), sep='|')\n"
        )
        name = backend.backend()
        env = dict(os.environ, KERAS_BACKEND=name)
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True,
            text=True, check=True,
        ).stdout
        count, before, after = out.strip().splitlines()[-1].split("|")
        self.assertEqual(count, "3")
        self.assertEqual(after, before)
        if name == "numpy":
            self.assertEqual(after, "[]")
        if name in ("torch", "jax"):
            self.assertNotIn("tensorflow", after)


class ClassWeightTest(testing.TestCase):
    def test_integer_column_and_one_hot(self):
        y = np.array([0, 2, 1, 2])
        weights = {0: 0.5, 1: 2.0, 2: 4.0}
        expected = [0.5, 4.0, 2.0, 4.0]
        for targets in (y, y[:, None], np.eye(3)[y], y.astype("float32")):
            result = utils.class_weight_to_sample_weights(targets, weights)
            self.assertAllClose(result, expected)
            self.assertEqual(result.dtype, np.float32)

    def test_backend_tensor_targets(self):
        y = backend.convert_to_tensor(np.array([1, 0]))
        self.assertAllClose(
            utils.class_weight_to_sample_weights(y, {1: 3.0}), [3.0, 1.0]
        )

    def test_bad_class_weight(self):
        y = np.array([0, 1])
        with self.assertRaisesRegex(TypeError, "class_weight=\\[1"):
            utils.class_weight_to_sample_weights(y, [1.0])
        with self.assertRaisesRegex(TypeError, "key 1.5"):
            utils.class_weight_to_sample_weights(y, {1.5: 1.0})
        with self.assertRaisesRegex(ValueError, "key -1"):
            utils.class_weight_to_sample_weights(y, {-1: 1.0})
        with self.assertRaisesRegex(TypeError, "numbers"):
            utils.class_weight_to_sample_weights(y, {0: "heavy"})
        with self.assertRaisesRegex(ValueError, "shape \\(2, 1, 1\\)"):
            utils.class_weight_to_sample_weights(
                np.zeros((2, 1, 1)), {0: 1.0}
            )
        with self.assertRaisesRegex(ValueError, "index -3"):
            utils.class_weight_to_sample_weights(np.array([-3]), {0: 1.0})


class TrainValidationSplitTest(testing.TestCase):
    def test_splits_last_fraction_without_shuffle(self):
        x = np.arange(10)
        y = np.arange(10) * 2
        train, val = utils.train_validation_split((x, y), 0.25)
        self.assertAllEqual(train[0], x[:7])
        self.assertAllEqual(train[1], y[:7])
        self.assertAllEqual(val[0], x[7:])
        self.assertAllEqual(val[1], y[7:])

    def test_nested_with_none_and_tensors(self):
        x = {"a": torch.arange(5), "b": np.arange(5)}
        train, val = utils.train_validation_split((x, [None]), 0.4)
        self.assertIsInstance(train[0]["a"], torch.Tensor)
        self.assertAllEqual(train[0]["a"], [0, 1, 2])
        self.assertAllEqual(val[0]["b"], [3, 4])
        self.assertEqual(train[1], [None])

    def test_pandas_rows_by_position(self):
        if importlib.util.find_spec("pandas") is None:
            self.skipTest("pandas is not installed")
        import pandas as pd

        frame = pd.DataFrame({"a": np.arange(5.0)}, index=list("vwxyz"))
        train, val = utils.train_validation_split(
            (frame, pd.Series(np.arange(5))), 0.4
        )
        self.assertEqual(list(train[0].index), ["v", "w", "x"])
        self.assertAllEqual(val[1].to_numpy(), [3, 4])

    def test_errors(self):
        x = np.arange(10)
        for bad in (0.0, 1.0, 1.5, -0.1, "0.5", True):
            with self.assertRaisesRegex(
                ValueError, f"validation_split={bad!r}"
            ):
                utils.train_validation_split((x,), bad)
        with self.assertRaisesRegex(ValueError, "type\\(s\\): str"):
            utils.train_validation_split((x, "labels"), 0.5)
        with self.assertRaisesRegex(ValueError, "int"):
            utils.train_validation_split(([1, 2, 3],), 0.5)
        with self.assertRaisesRegex(ValueError, "1 samples"):
            utils.train_validation_split((x[:1],), 0.5)
        with self.assertRaisesRegex(ValueError, "10.*5"):
            utils.train_validation_split((x, x[:5]), 0.5)


class StandardizeBatchTest(testing.TestCase):
    def test_forms(self):
        a = np.zeros(2)
        self.assertEqual(len(utils.standardize_batch(a, "src")), 1)
        self.assertIsInstance(utils.standardize_batch([a, a], "src"), tuple)
        batch = {"a": a}
        self.assertIs(utils.standardize_batch(batch, "src"), batch)
        with self.assertRaisesRegex(ValueError, "src.*length 4"):
            utils.standardize_batch((a,) * 4, "src")


class KerasHelpersTest(testing.TestCase):
    def test_specs_and_iterators(self):
        batches = [(np.ones((2, 3)), np.zeros((2,))),
                   (np.ones((1, 3)), np.zeros((1,)))]
        specs = utils.get_keras_tensor_spec(batches)
        self.assertEqual(specs[0].shape, (None, 3))
        self.assertEqual(specs[1].dtype, "float64")
        self.assertEqual(utils.NUM_BATCHES_FOR_TENSOR_SPEC, 2)
        converted = list(utils.get_numpy_iterator([torch.ones(2)]))
        self.assertIsInstance(converted[0], np.ndarray)
        loader = utils.get_torch_dataloader(batches)
        self.assertIsInstance(next(iter(loader))[0], torch.Tensor)

    def test_sparse_checks_and_conversions(self):
        import scipy.sparse

        x = scipy.sparse.coo_matrix(np.eye(3))
        self.assertTrue(utils.is_scipy_sparse(x))
        self.assertFalse(utils.is_scipy_sparse(np.eye(3)))
        self.assertFalse(utils.is_tensorflow_sparse(x))
        self.assertFalse(utils.is_tensorflow_ragged(x))
        self.assertFalse(utils.is_jax_sparse(x))
        jax_sparse = utils.scipy_sparse_to_jax_sparse(x)
        self.assertTrue(utils.is_jax_sparse(jax_sparse))
        self.assertAllClose(np.asarray(jax_sparse.todense()), np.eye(3))
        tf_sparse = utils.jax_sparse_to_tf_sparse(jax_sparse)
        self.assertTrue(utils.is_tensorflow_sparse(tf_sparse))
        back = utils.tf_sparse_to_jax_sparse(
            utils.scipy_sparse_to_tf_sparse(x)
        )
        self.assertAllClose(np.asarray(back.todense()), np.eye(3))
        spec = utils.convert_to_tf_tensor_spec(
            keras.KerasTensor((4, 3)), batch_axis_to_none=True
        )
        self.assertEqual(tuple(spec.shape), (None, 3))
