import numpy as np
import torch  # noqa: F401 (torch before tensorflow)
import tensorflow as tf  # noqa: I001

from keras.src import testing
from keras.src.trainers import data_adapters
from keras.src.trainers.data_adapters import array_data_adapter
from keras.src.trainers.data_adapters import generator_data_adapter
from keras.src.trainers.data_adapters import tf_dataset_adapter
from keras.src.utils import rng_utils

TFDatasetAdapter = tf_dataset_adapter.TFDatasetAdapter


def _dataset(count=5, batch_size=2, y=None):
    x = np.arange(count * 3, dtype="float32").reshape(count, 3)
    y = np.arange(count) % 3 if y is None else y
    return tf.data.Dataset.from_tensor_slices((x, y)).batch(batch_size)


class TFDatasetAdapterTest(testing.TestCase):
    def test_sizes(self):
        adapter = TFDatasetAdapter(_dataset())
        self.assertEqual(adapter.num_batches, 3)
        self.assertIsNone(adapter.batch_size)  # The last batch is shorter.
        self.assertIsNone(adapter.has_partial_batch)
        exact = TFDatasetAdapter(
            tf.data.Dataset.range(4).batch(2, drop_remainder=True)
        )
        self.assertEqual(exact.batch_size, 2)
        endless = TFDatasetAdapter(_dataset().repeat())
        self.assertIsNone(endless.num_batches)
        unknown = TFDatasetAdapter(_dataset().filter(lambda x, y: True))
        self.assertIsNone(unknown.num_batches)

    def test_numpy_batches(self):
        batches = list(TFDatasetAdapter(_dataset()).get_numpy_iterator())
        self.assertLen(batches, 3)
        x, y = batches[1]
        self.assertIsInstance(x, np.ndarray)
        self.assertEqual(x.dtype, np.float32)
        self.assertAllClose(x, np.arange(6, 12).reshape(2, 3))
        self.assertAllEqual(batches[2][1], [1])
        self.assertEqual(len(list(TFDatasetAdapter(_dataset())
                                  .get_jax_iterator())), 3)

    def test_dataset_returned_and_torch_form(self):
        dataset = _dataset()
        adapter = TFDatasetAdapter(dataset)
        self.assertIs(adapter.get_tf_dataset(), dataset)
        batches = list(adapter.get_torch_dataloader())
        self.assertIsInstance(batches[0][0], torch.Tensor)
        self.assertEqual(tuple(batches[2][0].shape), (1, 3))

    def test_dict_and_composite_elements(self):
        ragged = tf.ragged.constant([[1, 2], [3]])
        sparse = tf.sparse.from_dense(tf.constant([[0, 5], [6, 0]]))
        dataset = tf.data.Dataset.from_tensors(
            ({"r": ragged, "s": sparse}, tf.constant([0, 1]))
        )
        (x, y), = list(TFDatasetAdapter(dataset).get_numpy_iterator())
        self.assertAllEqual(x["r"], [[1, 2], [3, 0]])
        self.assertAllEqual(x["s"], [[0, 5], [6, 0]])

    def test_class_weight(self):
        weights = {0: 1.0, 1: 2.0}  # Class 2 is left out: it weighs 1.
        y = np.array([0, 1, 2, 1, 0])
        for targets in (y, y[:, None], np.eye(3)[y]):
            adapter = TFDatasetAdapter(_dataset(y=targets),
                                       class_weight=weights)
            self.assertIsNot(adapter.get_tf_dataset(), None)
            got = np.concatenate(
                [b[2] for b in adapter.get_numpy_iterator()]
            )
            self.assertAllClose(got, [1.0, 2.0, 1.0, 2.0, 1.0])
            self.assertEqual(got.dtype, np.float32)

    def test_class_weight_errors(self):
        only_x = tf.data.Dataset.range(4).batch(2)
        with self.assertRaisesRegex(ValueError, "`\\(x, y\\)`"):
            TFDatasetAdapter(only_x, class_weight={0: 1.0})
        two_outputs = tf.data.Dataset.from_tensors(
            (tf.zeros((2, 1)), (tf.zeros((2,)), tf.zeros((2,))))
        )
        with self.assertRaisesRegex(ValueError, "single output"):
            TFDatasetAdapter(two_outputs, class_weight={0: 1.0})
        with self.assertRaisesRegex(TypeError, "class_weight"):
            TFDatasetAdapter(_dataset(), class_weight=[1.0])

    def test_rejects_other_objects(self):
        with self.assertRaisesRegex(ValueError, "type list"):
            TFDatasetAdapter([1, 2])

    def test_get_data_adapter(self):
        adapter = data_adapters.get_data_adapter(
            _dataset(), batch_size=8, shuffle=True, class_weight={0: 2.0}
        )
        self.assertIsInstance(adapter, TFDatasetAdapter)
        self.assertLen(next(adapter.get_numpy_iterator()), 3)
        with self.assertRaisesRegex(ValueError, "tf.data.Dataset.*y="):
            data_adapters.get_data_adapter(_dataset(), y=np.zeros(5))


class TFDatasetBridgeTest(testing.TestCase):
    """`get_tf_dataset` of the adapters that do not hold a dataset."""

    def test_array_adapter_dataset(self):
        x = np.arange(20, dtype="float32").reshape(10, 2)
        y = [np.arange(10), np.ones(10, "int32")]
        adapter = array_data_adapter.ArrayDataAdapter(
            {"a": x}, y, batch_size=4, shuffle=True
        )
        rng_utils.set_random_seed(2)
        dataset = adapter.get_tf_dataset()
        x_spec, y_spec = dataset.element_spec
        self.assertEqual(x_spec["a"].shape.as_list(), [None, 2])
        self.assertIsInstance(y_spec, tuple)  # Lists become tuples.
        epochs = [
            np.concatenate([b[1][0].numpy() for b in dataset])
            for _ in range(2)
        ]
        for order in epochs:
            self.assertAllEqual(np.sort(order), np.arange(10))
        self.assertFalse(np.array_equal(epochs[0], epochs[1]))
        for bx, by in dataset:
            self.assertAllClose(bx["a"][:, 0] / 2, by[0])

    def test_tf_tensors_as_arrays(self):
        adapter = array_data_adapter.ArrayDataAdapter(
            tf.constant(np.arange(6.0).reshape(3, 2)),
            tf.Variable([1, 2, 3]), batch_size=2,
        )
        x, y = next(adapter.get_numpy_iterator())
        self.assertEqual(x.dtype, np.float32)
        self.assertAllEqual(y, [1, 2])

    def test_generator_dataset_loses_no_batch(self):
        def gen():
            for i in range(4):
                length = 3 + i % 2  # A varying non-batch dimension.
                yield (np.full((2, length), i, "float32"),)

        adapter = generator_data_adapter.GeneratorDataAdapter(gen())
        dataset = adapter.get_tf_dataset()
        self.assertEqual(dataset.element_spec[0].shape.as_list(),
                         [None, None])
        firsts = [int(b[0][0, 0]) for b in dataset]
        self.assertEqual(firsts, [0, 1, 2, 3])

    def test_empty_data_cannot_make_a_dataset(self):
        adapter = generator_data_adapter.GeneratorDataAdapter(iter([]))
        with self.assertRaisesRegex(ValueError, "no batch"):
            adapter.get_tf_dataset()
