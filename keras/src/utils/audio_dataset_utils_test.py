import os
import wave

import numpy as np
import pytest

from keras.src import testing
from keras.src.utils import audio_dataset_utils

pytest.importorskip("tensorflow", reason="the datasets are tf.data")


def write_wav(path, samples, rate=8000):
    data = (np.asarray(samples) * 32767).astype("<i2")
    with wave.open(path, "wb") as f:
        f.setnchannels(data.shape[1])
        f.setsampwidth(2)
        f.setframerate(rate)
        f.writeframes(data.tobytes())


def make_folder(root, lengths=((5, 7), (9,)), channels=1):
    for c, clip_lengths in enumerate(lengths):
        folder = os.path.join(root, f"class_{c}")
        os.makedirs(folder)
        for i, n in enumerate(clip_lengths):
            samples = np.full((n, channels), 0.25 * (c + 1))
            write_wav(os.path.join(folder, f"{i}.wav"), samples)
    return root


class AudioDatasetFromDirectoryTest(testing.TestCase):
    def test_padded_batches(self):
        root = make_folder(self.get_temp_dir())
        ds = audio_dataset_utils.audio_dataset_from_directory(
            root, batch_size=3, shuffle=False, verbose=False
        )
        self.assertEqual(ds.class_names, ["class_0", "class_1"])
        x, y = next(iter(ds))
        # Zero-padded to the longest clip of the batch.
        self.assertEqual(x.shape, (3, 9, 1))
        self.assertAllEqual(y, [0, 0, 1])
        self.assertAllClose(x[0, :5, 0], np.full(5, 0.25), atol=1e-4)
        self.assertAllClose(x[0, 5:, 0], np.zeros(4))
        self.assertAllClose(x[2, :, 0], np.full(9, 0.5), atol=1e-4)

    def test_output_sequence_length_and_ragged(self):
        root = make_folder(self.get_temp_dir(), channels=2)
        ds = audio_dataset_utils.audio_dataset_from_directory(
            root, output_sequence_length=6, shuffle=False, verbose=False,
            label_mode="categorical",
        )
        x, y = next(iter(ds))
        self.assertEqual(x.shape, (3, 6, 2))
        self.assertEqual(y.shape, (3, 2))
        ds = audio_dataset_utils.audio_dataset_from_directory(
            root, ragged=True, shuffle=False, verbose=False,
            label_mode=None,
        )
        x = next(iter(ds))
        self.assertEqual(x.row_lengths().numpy().tolist(), [5, 7, 9])

    def test_split_both(self):
        root = make_folder(self.get_temp_dir(),
                           lengths=((3, 3, 3, 3), (3, 3, 3, 3)))
        train, val = audio_dataset_utils.audio_dataset_from_directory(
            root, validation_split=0.25, subset="both", seed=2,
            verbose=False,
        )
        self.assertLen(train.file_paths, 6)
        self.assertLen(val.file_paths, 2)

    def test_errors(self):
        root = make_folder(self.get_temp_dir())
        fn = audio_dataset_utils.audio_dataset_from_directory
        with self.assertRaisesRegex(ValueError, "Cannot set both"):
            fn(root, ragged=True, output_sequence_length=4)
        with self.assertRaisesRegex(ValueError, "sampling_rate"):
            fn(root, sampling_rate=-1)
        with self.assertRaisesRegex(ValueError, "integer"):
            fn(root, sampling_rate=1.5)
        with self.assertRaisesRegex(ValueError, "label_mode"):
            fn(root, label_mode="sparse")

    @pytest.mark.skipif(
        audio_dataset_utils.tensorflow_io.available,
        reason="tensorflow-io is installed",
    )
    def test_sampling_rate_without_tensorflow_io(self):
        root = make_folder(self.get_temp_dir())
        with self.assertRaisesRegex(ImportError, "tensorflow-io"):
            audio_dataset_utils.audio_dataset_from_directory(
                root, sampling_rate=16000
            )
