import numpy as np
import torch

from keras.src import testing
from keras.src.trainers.data_adapters import torch_data_loader_adapter

TorchDataLoaderAdapter = torch_data_loader_adapter.TorchDataLoaderAdapter


def _loader(count=5, batch_size=2, **kwargs):
    x = torch.arange(count * 2, dtype=torch.float32).reshape(count, 2)
    y = torch.arange(count)
    dataset = torch.utils.data.TensorDataset(x, y)
    return torch.utils.data.DataLoader(dataset, batch_size=batch_size,
                                       **kwargs)


class Stream(torch.utils.data.IterableDataset):
    def __iter__(self):
        for i in range(3):
            yield {"x": torch.full((2,), float(i))}, torch.tensor(i)


class TorchDataLoaderAdapterTest(testing.TestCase):
    def test_sizes(self):
        adapter = TorchDataLoaderAdapter(_loader())
        self.assertEqual(adapter.num_batches, 3)
        self.assertEqual(adapter.batch_size, 2)
        self.assertTrue(adapter.has_partial_batch)
        self.assertEqual(adapter.partial_batch_size, 1)
        exact = TorchDataLoaderAdapter(_loader(count=4))
        self.assertFalse(exact.has_partial_batch)
        self.assertIsNone(exact.partial_batch_size)
        dropped = TorchDataLoaderAdapter(_loader(drop_last=True))
        self.assertEqual(dropped.num_batches, 2)
        self.assertFalse(dropped.has_partial_batch)

    def test_numpy_batches_are_tuples(self):
        batches = list(TorchDataLoaderAdapter(_loader()).get_numpy_iterator())
        self.assertLen(batches, 3)
        x, y = batches[0]
        self.assertIsInstance(batches[0], tuple)
        self.assertIsInstance(x, np.ndarray)
        self.assertEqual(x.dtype, np.float32)
        self.assertAllClose(x, [[0, 1], [2, 3]])
        self.assertAllEqual(batches[2][1], [4])
        jax_batches = list(TorchDataLoaderAdapter(_loader())
                           .get_jax_iterator())
        self.assertAllEqual(jax_batches[1][1], [2, 3])

    def test_loader_returned_as_is(self):
        loader = _loader()
        self.assertIs(
            TorchDataLoaderAdapter(loader).get_torch_dataloader(), loader
        )

    def test_iterable_dataset_has_unknown_size(self):
        adapter = TorchDataLoaderAdapter(
            torch.utils.data.DataLoader(Stream(), batch_size=2)
        )
        self.assertIsNone(adapter.num_batches)
        self.assertIsNone(adapter.has_partial_batch)
        batches = list(adapter.get_numpy_iterator())
        self.assertEqual(batches[0][0]["x"].shape, (2, 2))
        self.assertEqual(batches[1][1].tolist(), [2])

    def test_rejects_other_objects(self):
        with self.assertRaisesRegex(ValueError, "type TensorDataset"):
            TorchDataLoaderAdapter(_loader().dataset)
