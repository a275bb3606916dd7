import ml_dtypes
import numpy as np
import torch

from keras.src import backend
from keras.src import testing
from keras.src.trainers import data_adapters
from keras.src.trainers.data_adapters import data_adapter


class TwoBatches(data_adapter.DataAdapter):
    """The smallest adapter: only the NumPy iterator and the sizes."""

    def get_numpy_iterator(self):
        yield np.zeros((2, 1), "float32"), np.array([0, 1])
        yield np.ones((1, 1), "float32"), np.array([2])

    num_batches = 2
    batch_size = 2
    has_partial_batch = True
    partial_batch_size = 1


class Items(data_adapters.PyDataset):
    def __len__(self):
        return 1

    def __getitem__(self, index):
        return (np.zeros((1,)),)


class DataAdapterTest(testing.TestCase):
    def test_is_abstract(self):
        with self.assertRaises(TypeError):
            data_adapter.DataAdapter()

    def test_derived_forms(self):
        adapter = TwoBatches()
        self.assertLen(list(adapter.get_jax_iterator()), 2)
        loader = adapter.get_torch_dataloader()
        self.assertIsInstance(loader, torch.utils.data.DataLoader)
        for _ in range(2):  # Each pass is a new epoch.
            batches = list(loader)
            self.assertLen(batches, 2)
            self.assertIsInstance(batches[1], tuple)
            self.assertIsInstance(batches[1][0], torch.Tensor)
            self.assertEqual(batches[1][1].tolist(), [2])
        adapter.on_epoch_begin()
        adapter.on_epoch_end()

    def test_structure_to_torch(self):
        read_only = np.arange(3)
        read_only.setflags(write=False)
        converted = data_adapter.structure_to_torch({
            "ro": read_only,
            "bf16": np.ones(2, ml_dtypes.bfloat16),
            "text": np.array(["a"]),
            "none": None,
        })
        self.assertEqual(converted["ro"].tolist(), [0, 1, 2])
        self.assertEqual(converted["bf16"].dtype, torch.bfloat16)
        self.assertIsInstance(converted["text"], np.ndarray)
        self.assertIsNone(converted["none"])


class GetDataAdapterTest(testing.TestCase):
    def test_dispatch(self):
        get = data_adapters.get_data_adapter
        self.assertIsInstance(
            get(np.zeros((4, 2)), np.zeros(4)), data_adapters.ArrayDataAdapter
        )
        self.assertIsInstance(
            get({"a": backend.convert_to_tensor(np.zeros((4, 2)))}),
            data_adapters.ArrayDataAdapter,
        )
        self.assertIsInstance(get(Items()), data_adapters.PyDatasetAdapter)
        self.assertIsInstance(
            get(iter([(np.zeros(1),)])), data_adapters.GeneratorDataAdapter
        )
        loader = torch.utils.data.DataLoader([np.zeros(1)], batch_size=1)
        self.assertIsInstance(get(loader),
                              data_adapters.TorchDataLoaderAdapter)

    def test_options_reach_the_array_adapter(self):
        adapter = data_adapters.get_data_adapter(
            np.zeros((10, 1)), np.zeros(10), steps_per_epoch=5
        )
        self.assertEqual(adapter.batch_size, 2)
        adapter = data_adapters.get_data_adapter(
            np.zeros((10, 1)), np.zeros(10), batch_size=3,
            class_weight={0: 2.0},
        )
        self.assertAllClose(next(adapter.get_numpy_iterator())[2],
                            [2.0, 2.0, 2.0])

    def test_unsupported_inputs(self):
        get = data_adapters.get_data_adapter
        for bad in ("text", None, [1.0, 2.0], 3, [None]):
            with self.assertRaisesRegex(ValueError, "Unrecognized data"):
                get(bad)
        loader = torch.utils.data.DataLoader([np.zeros(1)], batch_size=1)
        with self.assertRaisesRegex(ValueError, "DataLoader.*y="):
            get(loader, y=np.zeros(1))
        with self.assertRaisesRegex(ValueError, "class_weight.*DataLoader"):
            get(loader, class_weight={0: 1.0})
        with self.assertRaisesRegex(ValueError, "PyDataset.*y="):
            get(Items(), y=np.zeros(1))
