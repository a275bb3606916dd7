import threading
import time
import warnings

import numpy as np
import torch
from absl.testing import parameterized

from keras.src import testing
from keras.src.trainers.data_adapters import py_dataset_adapter
from keras.src.utils import rng_utils

PyDataset = py_dataset_adapter.PyDataset
PyDatasetAdapter = py_dataset_adapter.PyDatasetAdapter


class Batches(PyDataset):
    """Batch `i` holds `x = i` (shape (2, 3)) and `y = i % 3`."""

    def __init__(self, count=5, delay=0.0, **kwargs):
        super().__init__(**kwargs)
        self.count = count
        self.delay = delay
        self.epoch_ends = 0
        self.epoch_begins = 0
        self.threads = set()

    def __len__(self):
        return self.count

    def __getitem__(self, index):
        if not 0 <= index < self.count:
            raise IndexError(index)
        self.threads.add(threading.get_ident())
        if self.delay:
            time.sleep(self.delay * ((index * 7) % 3))  # Out of order.
        x = np.full((2, 3), index, "float64")
        return x, np.full((2,), index % 3, "int64")

    def on_epoch_begin(self):
        self.epoch_begins += 1

    def on_epoch_end(self):
        self.epoch_ends += 1


class Endless(PyDataset):
    @property
    def num_batches(self):
        return None

    def __getitem__(self, index):
        return {"x": np.full((1,), index)}


class NoSuper(PyDataset):
    def __init__(self):
        pass

    def __len__(self):
        return 2

    def __getitem__(self, index):
        return np.full((1,), index)


def _indices(batches):
    return [int(np.asarray(b[0])[0, 0]) for b in batches]


class PyDatasetTest(testing.TestCase):
    def test_defaults_and_setters(self):
        dataset = Batches()
        self.assertEqual(dataset.workers, 1)
        self.assertFalse(dataset.use_multiprocessing)
        self.assertEqual(dataset.max_queue_size, 10)
        self.assertEqual(dataset.num_batches, 5)
        dataset.workers = 3
        self.assertEqual(dataset.workers, 3)
        other = Batches(workers=2, use_multiprocessing=True,
                        max_queue_size=4)
        self.assertEqual(
            (other.workers, other.use_multiprocessing, other.max_queue_size),
            (2, True, 4),
        )

    def test_iteration_and_sequence_alias(self):
        import keras

        self.assertIs(keras.utils.Sequence, keras.utils.PyDataset)
        self.assertEqual(_indices(list(Batches(count=3))), [0, 1, 2])

    def test_abstract_methods_explain_themselves(self):
        with self.assertRaisesRegex(NotImplementedError, "__getitem__"):
            PyDataset()[0]
        with self.assertRaisesRegex(NotImplementedError, "num_batches"):
            PyDataset().num_batches  # noqa: B018

    def test_missing_super_init_warns_and_uses_defaults(self):
        with self.assertWarnsRegex(UserWarning, "super\\(\\).__init__"):
            adapter = PyDatasetAdapter(NoSuper())
        batches = list(adapter.get_numpy_iterator())
        self.assertEqual([b[0].tolist() for b in batches], [[0], [1]])


class PyDatasetAdapterTest(testing.TestCase):
    def test_batches_in_order(self):
        adapter = PyDatasetAdapter(Batches())
        self.assertEqual(adapter.num_batches, 5)
        self.assertIsNone(adapter.batch_size)
        self.assertIsNone(adapter.has_partial_batch)
        self.assertIsNone(adapter.partial_batch_size)
        batches = list(adapter.get_numpy_iterator())
        self.assertEqual(_indices(batches), [0, 1, 2, 3, 4])
        x, y = batches[1]
        self.assertEqual(x.shape, (2, 3))
        self.assertEqual(x.dtype, np.float64)  # Kept as the user made it.
        self.assertAllEqual(y, [1, 1])

    def test_epoch_callbacks_are_forwarded(self):
        dataset = Batches()
        adapter = PyDatasetAdapter(dataset)
        adapter.on_epoch_begin()
        adapter.on_epoch_end()
        self.assertEqual((dataset.epoch_begins, dataset.epoch_ends), (1, 1))

    def test_shuffle_order_is_reproducible(self):
        adapter = PyDatasetAdapter(Batches(count=8), shuffle=True)
        rng_utils.set_random_seed(5)
        first = _indices(adapter.get_numpy_iterator())
        second = _indices(adapter.get_numpy_iterator())
        self.assertEqual(sorted(first), list(range(8)))
        self.assertNotEqual(first, second)
        rng_utils.set_random_seed(5)
        self.assertEqual(_indices(adapter.get_numpy_iterator()), first)

    def test_class_weight(self):
        adapter = PyDatasetAdapter(Batches(), class_weight={1: 2.0, 2: 3.0})
        for _, y, weights in adapter.get_numpy_iterator():
            expected = np.array([1.0, 2.0, 3.0])[y]
            self.assertAllClose(weights, expected)
            self.assertEqual(weights.dtype, np.float32)

    def test_class_weight_needs_targets(self):
        adapter = PyDatasetAdapter(Endless(), class_weight={0: 2.0})
        with self.assertRaisesRegex(ValueError, "y=None"):
            next(adapter.get_numpy_iterator())

    @parameterized.named_parameters(
        ("threads", False), ("processes", True),
    )
    def test_parallel_workers_keep_order(self, use_multiprocessing):
        dataset = Batches(
            count=6, delay=0.01, workers=2,
            use_multiprocessing=use_multiprocessing, max_queue_size=3,
        )
        adapter = PyDatasetAdapter(dataset)
        with warnings.catch_warnings():
            # JAX warns that fork() and its threads do not mix; the
            # workers only run NumPy.
            warnings.simplefilter("ignore", RuntimeWarning)
            for _ in range(2):
                batches = list(adapter.get_numpy_iterator())
                self.assertEqual(_indices(batches), list(range(6)))
        if not use_multiprocessing:
            self.assertGreater(len(dataset.threads), 1)
            self.assertNotIn(threading.get_ident(), dataset.threads)
        else:
            self.assertEqual(dataset.threads, set())  # Read elsewhere.

    def test_worker_errors_propagate(self):
        adapter = PyDatasetAdapter(Batches(count=3, workers=2))
        adapter.py_dataset.count = 1  # Index 1 now raises in a worker.
        with self.assertRaises(IndexError):
            list(adapter.get_numpy_iterator())

    def test_early_stop_releases_workers(self):
        adapter = PyDatasetAdapter(Batches(count=50, workers=2))
        iterator = adapter.get_numpy_iterator()
        self.assertEqual(_indices([next(iterator)]), [0])
        iterator.close()

    def test_endless_dataset(self):
        adapter = PyDatasetAdapter(Endless())
        self.assertIsNone(adapter.num_batches)
        iterator = adapter.get_numpy_iterator()
        batches = [next(iterator) for _ in range(4)]
        self.assertEqual([b["x"].tolist() for b in batches],
                         [[0], [1], [2], [3]])

    def test_torch_dataloader_form(self):
        adapter = PyDatasetAdapter(Batches(count=2))
        batches = list(adapter.get_torch_dataloader())
        self.assertLen(batches, 2)
        self.assertIsInstance(batches[0][0], torch.Tensor)
        self.assertEqual(batches[1][1].tolist(), [1, 1])

    def test_bad_batches(self):
        class TooLong(PyDataset):
            def __len__(self):
                return 1

            def __getitem__(self, index):
                return (np.zeros(1),) * 4

        with self.assertRaisesRegex(ValueError, "length 4"):
            list(PyDatasetAdapter(TooLong()).get_numpy_iterator())


class EnqueuerTest(testing.TestCase):
    def test_ordered_enqueuer_runs_epochs_in_order(self):
        import itertools

        from keras.src.trainers.data_adapters import py_dataset_adapter as p

        class Numbers(p.PyDataset):
            def __init__(self):
                super().__init__()
                self.epochs_ended = 0

            def __len__(self):
                return 3

            def __getitem__(self, index):
                return np.full((1,), index)

            def on_epoch_end(self):
                self.epochs_ended += 1

        dataset = Numbers()
        enqueuer = p.OrderedEnqueuer(dataset, workers=2, max_queue_size=2)
        enqueuer.start()
        self.assertTrue(enqueuer.is_running())
        batches = [int(b[0]) for b in itertools.islice(enqueuer.get(), 5)]
        enqueuer.stop()
        self.assertFalse(enqueuer.is_running())
        self.assertEqual(batches, [0, 1, 2, 0, 1])
        self.assertGreaterEqual(dataset.epochs_ended, 1)
        self.assertEqual(p.get_pool_class(False).__module__,
                         "multiprocessing.dummy")
