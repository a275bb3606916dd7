import numpy as np
import torch  # noqa: F401 (torch before tensorflow)
import tensorflow as tf  # noqa: I001

from keras.src import testing
from keras.src.utils import timeseries_dataset_utils
from keras.src.utils.timeseries_dataset_utils import (
    timeseries_dataset_from_array,
)


def windows(dataset):
    return [np.asarray(x).tolist() for x in dataset]


class TimeseriesDatasetTest(testing.TestCase):
    def test_documented_example(self):
        # keras.io: 99 steps, length 10, rate 2, stride 3.
        dataset = timeseries_dataset_from_array(
            np.arange(99), None, sequence_length=10, sequence_stride=3,
            sampling_rate=2, batch_size=None,
        )
        self.assertIsInstance(dataset, tf.data.Dataset)
        out = windows(dataset)
        self.assertEqual(len(out), 27)
        self.assertEqual(out[0], list(range(0, 20, 2)))
        self.assertEqual(out[1], list(range(3, 23, 2)))
        self.assertEqual(out[-1], list(range(78, 98, 2)))

    def test_targets_batches_and_index_range(self):
        data = np.arange(20, dtype="float32").reshape(10, 2)
        dataset = timeseries_dataset_from_array(
            data, np.arange(10) * 10, sequence_length=3, batch_size=4,
            start_index=2, end_index=9,
        )
        batches = list(dataset)
        self.assertEqual([len(x) for x, _ in batches], [4, 1])
        x, y = batches[0]
        self.assertEqual(tuple(x.shape), (4, 3, 2))
        self.assertEqual(x.dtype, tf.float32)
        self.assertAllClose(x[0], data[2:5])
        self.assertEqual(y.numpy().tolist(), [20, 30, 40, 50])
        self.assertEqual(batches[1][1].numpy().tolist(), [60])

    def test_shuffle_is_seeded(self):
        def run(seed):
            return windows(timeseries_dataset_from_array(
                np.arange(30), None, 3, shuffle=True, seed=seed,
                batch_size=None,
            ))

        self.assertEqual(run(1), run(1))
        self.assertNotEqual(run(1), run(2))
        self.assertEqual(sorted(run(1)), [[i, i + 1, i + 2]
                                          for i in range(28)])

    def test_too_long_sequence_gives_empty_dataset(self):
        dataset = timeseries_dataset_from_array(np.arange(5), None, 30)
        self.assertEqual(windows(dataset), [])

    def test_bad_arguments(self):
        data = np.arange(20)
        make = timeseries_dataset_from_array
        for kwargs, message in [
            ({"start_index": -1}, "0 or greater"),
            ({"start_index": 20}, "lower than the length"),
            ({"start_index": 5, "end_index": 5}, "higher than `start_index`"),
            ({"end_index": 21}, "lower than the length"),
            ({"sampling_rate": 0}, "higher than 0"),
            ({"sequence_stride": 20}, "lower than the length"),
            ({"batch_size": 0}, "batch_size"),
            ({"format": "x"}, '"tf" or "grain"'),
        ]:
            with self.assertRaisesRegex(ValueError, message):
                make(data, None, 3, **kwargs)
        with self.assertRaisesRegex(ValueError, "sequence_length"):
            make(data, None, 0)

    def test_sequences_from_indices(self):
        indices = tf.data.Dataset.from_tensor_slices(
            np.array([[0, 2], [1, 3]])
        )
        out = timeseries_dataset_utils.sequences_from_indices(
            np.arange(10) * 10, indices, 4, None
        )
        self.assertEqual(windows(out), [[40, 60], [50, 70]])
