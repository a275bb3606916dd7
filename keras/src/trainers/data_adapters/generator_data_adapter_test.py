import numpy as np
import torch

from keras.src import testing
from keras.src.trainers.data_adapters import generator_data_adapter

GeneratorDataAdapter = generator_data_adapter.GeneratorDataAdapter


def _pairs(count, batch=2):
    for i in range(count):
        size = 1 if i == count - 1 else batch  # A partial last batch.
        yield (np.full((size, 3), i, "float64"),
               torch.full((size,), i, dtype=torch.int32))


class GeneratorDataAdapterTest(testing.TestCase):
    def test_batches_converted_to_numpy(self):
        adapter = GeneratorDataAdapter(_pairs(3))
        self.assertIsNone(adapter.num_batches)
        self.assertIsNone(adapter.batch_size)
        self.assertIsNone(adapter.has_partial_batch)
        self.assertIsNone(adapter.partial_batch_size)
        batches = list(adapter.get_numpy_iterator())
        self.assertLen(batches, 3)
        x, y = batches[2]
        self.assertEqual(x.shape, (1, 3))
        self.assertIsInstance(y, np.ndarray)
        self.assertEqual(y.dtype, np.int32)
        self.assertAllEqual(y, [2])

    def test_passes_continue_the_generator(self):
        adapter = GeneratorDataAdapter(_pairs(5))
        first = adapter.get_numpy_iterator()
        self.assertEqual([int(next(first)[0][0, 0]) for _ in range(2)],
                         [0, 1])
        rest = [int(b[0][0, 0]) for b in adapter.get_numpy_iterator()]
        self.assertEqual(rest, [2, 3, 4])
        self.assertEqual(list(adapter.get_numpy_iterator()), [])

    def test_structures_and_forms(self):
        def gen():
            yield {"a": np.zeros((2, 1))}, [np.ones(2), np.ones(2)]
            yield np.zeros((2, 1))
            yield {"a": np.zeros((2, 1))}

        batches = list(GeneratorDataAdapter(gen()).get_numpy_iterator())
        self.assertIsInstance(batches[0][1], list)
        self.assertIsInstance(batches[1], tuple)
        self.assertLen(batches[1], 1)
        self.assertIsInstance(batches[2], dict)

    def test_first_batch_checked_early(self):
        def gen():
            yield (np.zeros(1),) * 4

        with self.assertRaisesRegex(ValueError, "generator.*length 4"):
            GeneratorDataAdapter(gen())

    def test_empty_and_not_a_generator(self):
        self.assertEqual(
            list(GeneratorDataAdapter(iter([])).get_numpy_iterator()), []
        )
        with self.assertRaisesRegex(ValueError, "type list"):
            GeneratorDataAdapter([1, 2])

    def test_torch_and_jax_forms(self):
        batches = list(GeneratorDataAdapter(_pairs(2)).get_torch_dataloader())
        self.assertIsInstance(batches[0][0], torch.Tensor)
        self.assertEqual(batches[0][0].dtype, torch.float64)
        batches = list(GeneratorDataAdapter(_pairs(2)).get_jax_iterator())
        self.assertEqual(batches[1][0].shape, (1, 3))


class PeekAndRestoreTest(testing.TestCase):
    def test_peeked_batches_come_back(self):
        batches, restore = generator_data_adapter.peek_and_restore(
            iter(range(5))
        )
        self.assertEqual(batches, [0, 1])
        self.assertEqual(list(restore()), [0, 1, 2, 3, 4])
