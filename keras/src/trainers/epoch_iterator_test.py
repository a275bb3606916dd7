import warnings

import numpy as np
import torch
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.backend import config
from keras.src.trainers.data_adapters import py_dataset_adapter
from keras.src.trainers.epoch_iterator import EpochIterator


def _first_value(batch):
    x = batch[0] if isinstance(batch, tuple) else batch
    return int(np.asarray(backend.convert_to_numpy(x)).flat[0])


def _first_values(epoch):
    """The first element of each batch's inputs, as ints."""
    values = []
    for step, batches in epoch:
        if len(batches) != 1:
            raise AssertionError(f"{len(batches)} batches at step {step}")
        values.append(_first_value(batches[0]))
    return values


def _batches(iterator):
    return [batches[0] for _, batches in iterator.enumerate_epoch()]


def _run(iterator, epochs):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = [_first_values(iterator.enumerate_epoch())
                  for _ in range(epochs)]
    messages = [str(w.message) for w in caught]
    return result, messages


def _counter(count):
    for i in range(count):
        yield (np.full((1, 2), i, "float32"),)


class Batches(py_dataset_adapter.PyDataset):
    def __init__(self):
        super().__init__()
        self.calls = []

    def __len__(self):
        return 3

    def __getitem__(self, index):
        return np.full((2, 1), index, "float32"), np.zeros((2,))

    def on_epoch_begin(self):
        self.calls.append("begin")

    def on_epoch_end(self):
        self.calls.append("end")


def _expected_type():
    name = backend.backend()
    if name == "torch":
        return torch.Tensor
    if name == "tensorflow":
        import tensorflow as tf

        return tf.Tensor
    # JAX steps take NumPy batches (cast to JAX's dtypes on the host):
    # a jitted step's dispatch sends them to the device with the call.
    return np.ndarray


class EpochIteratorTest(testing.TestCase):
    def test_full_passes_over_arrays(self):
        iterator = EpochIterator(np.arange(10), batch_size=4)
        self.assertEqual(iterator.num_batches, 3)
        epochs, messages = _run(iterator, 2)
        self.assertEqual(epochs, [[0, 4, 8], [0, 4, 8]])
        self.assertEqual(messages, [])

    def test_iterating_yields_the_batches_of_one_epoch(self):
        iterator = EpochIterator(np.arange(10), np.arange(10), batch_size=4)
        for _ in range(2):
            batches = list(iterator)
            self.assertEqual([_first_value(b) for b in batches], [0, 4, 8])
            self.assertIsInstance(batches[0], tuple)

    def test_steps_per_epoch_continues_the_pass(self):
        iterator = EpochIterator(np.arange(10), batch_size=4,
                                 steps_per_epoch=2)
        self.assertEqual(iterator.num_batches, 2)
        epochs, messages = _run(iterator, 3)
        self.assertEqual(epochs, [[0, 4], [8], [0, 4]])
        self.assertLen(messages, 1)
        self.assertIn("ran out of data after 1 of 2 steps", messages[0])

    def test_steps_per_epoch_beyond_the_data(self):
        iterator = EpochIterator(np.arange(10), batch_size=4,
                                 steps_per_epoch=5)
        epochs, messages = _run(iterator, 2)
        self.assertEqual(epochs, [[0, 4, 8], [0, 4, 8]])
        self.assertLen(messages, 2)

    def test_generator_without_steps(self):
        iterator = EpochIterator(_counter(3))
        self.assertIsNone(iterator.num_batches)
        epochs, messages = _run(iterator, 2)
        self.assertEqual(epochs, [[0, 1, 2], []])
        self.assertLen(messages, 1)
        self.assertIn("no batch", messages[0])

    def test_generator_with_steps(self):
        iterator = EpochIterator(_counter(5), steps_per_epoch=2)
        epochs, messages = _run(iterator, 3)
        self.assertEqual(epochs, [[0, 1], [2, 3], [4]])
        self.assertLen(messages, 1)

    def test_max_steps_per_epoch_caps(self):
        config.set_max_steps_per_epoch(2)
        self.addCleanup(config.set_max_steps_per_epoch, None)
        iterator = EpochIterator(np.arange(10), batch_size=4)
        self.assertEqual(iterator.num_batches, 2)
        self.assertEqual(_run(iterator, 1)[0], [[0, 4]])
        capped = EpochIterator(np.arange(10), batch_size=4,
                               steps_per_epoch=3)
        self.assertEqual(capped.num_batches, 2)

    def test_groups_of_steps_per_execution(self):
        iterator = EpochIterator(np.arange(10), batch_size=2,
                                 steps_per_execution=2)
        groups = list(iterator.enumerate_epoch_groups())
        self.assertEqual([(a, b, len(c)) for a, b, c in groups],
                         [(0, 1, 2), (2, 3, 2), (4, 4, 1)])
        items = list(iterator.enumerate_epoch())
        self.assertEqual([step for step, _ in items], [1, 3, 4])
        self.assertEqual([_first_value(b) for b in items[1][1]], [4, 6])

    def test_groups_count_batches_against_steps_per_epoch(self):
        iterator = EpochIterator(np.arange(10), batch_size=2,
                                 steps_per_epoch=3, steps_per_execution=2)
        first = [(s, len(b)) for s, b in iterator.enumerate_epoch()]
        with self.assertWarnsRegex(UserWarning, "after 2 of 3 steps"):
            second = list(iterator.enumerate_epoch())
        self.assertEqual(first, [(1, 2), (2, 1)])
        self.assertEqual([_first_value(b) for b in second[0][1]], [6, 8])

    def test_peek_does_not_consume(self):
        iterator = EpochIterator(np.arange(10), batch_size=4, shuffle=True)
        peeked = _first_value(iterator.peek())
        self.assertEqual(_first_value(iterator.peek()), peeked)
        self.assertEqual(_first_values(iterator.enumerate_epoch())[0],
                         peeked)
        generator = EpochIterator(_counter(3))
        self.assertEqual(_first_value(generator.peek()), 0)
        self.assertEqual(_run(generator, 1)[0], [[0, 1, 2]])
        self.assertIsNone(generator.peek())
        stepped = EpochIterator(np.arange(10), batch_size=4,
                                steps_per_epoch=2)
        _run(stepped, 1)
        self.assertEqual(_first_value(stepped.peek()), 8)
        self.assertEqual(_run(stepped, 1)[0], [[8]])

    def test_reset_starts_a_new_pass(self):
        iterator = EpochIterator(np.arange(10), batch_size=4,
                                 steps_per_epoch=2)
        _run(iterator, 1)
        iterator.reset()
        self.assertEqual(_run(iterator, 1)[0], [[0, 4]])

    def test_epoch_callbacks_of_py_dataset(self):
        dataset = Batches()
        iterator = EpochIterator(dataset)
        epochs, _ = _run(iterator, 2)
        self.assertEqual(epochs, [[0, 1, 2], [0, 1, 2]])
        self.assertEqual(dataset.calls, ["begin", "end"] * 2)

    def test_batches_come_in_the_backend_form(self):
        x = np.arange(12, dtype="float32").reshape(6, 2)
        iterator = EpochIterator(x, np.arange(6), batch_size=4,
                                 class_weight={0: 3.0})
        batches = _batches(iterator)
        self.assertLen(batches, 2)
        bx, by, weights = batches[1]
        self.assertIsInstance(bx, _expected_type())
        self.assertEqual(tuple(bx.shape), (2, 2))
        self.assertAllClose(bx, x[4:])
        self.assertAllClose(batches[0][2], [3.0, 1.0, 1.0, 1.0])
        self.assertAllClose(weights, [1.0, 1.0])
        if backend.backend() == "jax":
            # 64-bit integers narrowed on the host, as JAX holds them.
            self.assertEqual(by.dtype, np.int32)

    def test_torch_dataloader_feeds_this_backend(self):
        dataset = torch.utils.data.TensorDataset(
            torch.arange(10, dtype=torch.float32).reshape(5, 2),
            torch.arange(5),
        )
        loader = torch.utils.data.DataLoader(dataset, batch_size=2)
        iterator = EpochIterator(loader, steps_per_epoch=2)
        epochs, _ = _run(iterator, 2)
        self.assertEqual(epochs, [[0, 4], [8]])
        batch = _batches(iterator)[0]
        self.assertIsInstance(batch, tuple)
        self.assertIsInstance(batch[0], _expected_type())

    def test_tf_dataset_feeds_this_backend(self):
        import tensorflow as tf

        dataset = tf.data.Dataset.from_tensor_slices(
            (np.arange(10, dtype="float32").reshape(5, 2), np.arange(5))
        ).batch(2)
        iterator = EpochIterator(dataset)
        self.assertEqual(iterator.num_batches, 3)
        epochs, _ = _run(iterator, 2)
        self.assertEqual(epochs, [[0, 4, 8], [0, 4, 8]])
        batch = _batches(iterator)[0]
        self.assertIsInstance(batch[0], _expected_type())
        self.assertAllClose(batch[1], [0, 1])

    @parameterized.named_parameters(
        ("zero", "steps_per_epoch", 0),
        ("float", "steps_per_epoch", 1.5),
        ("bool", "steps_per_execution", True),
        ("negative", "steps_per_execution", -1),
    )
    def test_bad_steps(self, name, value):
        with self.assertRaisesRegex(ValueError, f"{name}={value!r}"):
            EpochIterator(np.arange(4), **{name: value})

    def test_bad_data(self):
        with self.assertRaisesRegex(ValueError, "x='text'"):
            EpochIterator("text")
        with self.assertRaisesRegex(ValueError, "x=None"):
            EpochIterator(None)
        with self.assertRaisesRegex(ValueError, "generator.*y="):
            EpochIterator(_counter(2), np.zeros(2))
        with self.assertRaisesRegex(
            ValueError, "class_weight.*generator.*class_weight="
        ):
            EpochIterator(_counter(2), class_weight={0: 1.0})
        with self.assertRaisesRegex(ValueError, "PyDataset.*sample_weight="):
            EpochIterator(Batches(), sample_weight=np.zeros(2))
