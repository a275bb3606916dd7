import os

import numpy as np
import pytest

from keras.src import testing
from keras.src.utils import image_dataset_utils
from keras.src.utils import image_utils

pytest.importorskip("PIL", reason="Pillow writes the test images")
pytest.importorskip("tensorflow", reason="the datasets are tf.data")


def make_folder(root, counts=(3, 2), size=(10, 8), ext="png"):
    rng = np.random.default_rng(0)
    for c, count in enumerate(counts):
        folder = os.path.join(root, f"class_{c}")
        os.makedirs(folder, exist_ok=True)
        for i in range(count):
            pixels = np.full(size + (3,), 20.0 + 100 * c)
            pixels += rng.uniform(0, 10, pixels.shape)
            image_utils.save_img(
                os.path.join(folder, f"img_{i}.{ext}"), pixels, scale=False
            )
    return root


def collect(dataset):
    xs, ys = [], []
    for x, y in dataset:
        xs.append(x.numpy())
        ys.append(y.numpy())
    return np.concatenate(xs), np.concatenate(ys)


class ImageDatasetFromDirectoryTest(testing.TestCase):
    def test_inferred_labels_match_folders(self):
        root = make_folder(self.get_temp_dir())
        ds = image_dataset_utils.image_dataset_from_directory(
            root, image_size=(6, 6), batch_size=2, seed=1, verbose=False
        )
        self.assertEqual(ds.class_names, ["class_0", "class_1"])
        self.assertLen(ds.file_paths, 5)
        x, y = collect(ds)
        self.assertEqual(x.shape, (5, 6, 6, 3))
        self.assertEqual(x.dtype, np.float32)
        self.assertEqual(y.dtype, np.int32)
        # Labels follow the folders: class_1 images are the bright ones.
        self.assertAllEqual(x.mean(axis=(1, 2, 3)) > 70, y == 1)
        self.assertEqual(sorted(y.tolist()), [0, 0, 0, 1, 1])

    def test_label_modes_and_color_modes(self):
        root = make_folder(self.get_temp_dir())
        ds = image_dataset_utils.image_dataset_from_directory(
            root, image_size=(4, 4), label_mode="categorical",
            color_mode="grayscale", shuffle=False, verbose=False,
        )
        x, y = collect(ds)
        self.assertEqual(x.shape, (5, 4, 4, 1))
        self.assertAllClose(y, np.eye(2)[[0, 0, 0, 1, 1]])
        ds = image_dataset_utils.image_dataset_from_directory(
            root, image_size=(4, 4), label_mode="binary",
            color_mode="rgba", shuffle=False, verbose=False,
        )
        x, y = collect(ds)
        self.assertEqual(x.shape, (5, 4, 4, 4))
        self.assertEqual(y.shape, (5, 1))
        ds = image_dataset_utils.image_dataset_from_directory(
            root, labels=None, image_size=(4, 4), batch_size=None,
            data_format="channels_first", verbose=False,
        )
        self.assertEqual(tuple(ds.element_spec.shape), (3, 4, 4))
        self.assertIsNone(ds.class_names)

    def test_explicit_labels_and_class_names(self):
        root = make_folder(self.get_temp_dir())
        ds = image_dataset_utils.image_dataset_from_directory(
            root, labels=[4, 3, 2, 1, 0], image_size=(4, 4),
            shuffle=False, verbose=False,
        )
        _, y = collect(ds)
        self.assertAllEqual(y, [4, 3, 2, 1, 0])
        ds = image_dataset_utils.image_dataset_from_directory(
            root, class_names=["class_1"], image_size=(4, 4),
            verbose=False, seed=2,
        )
        self.assertLen(ds.file_paths, 2)

    def test_validation_split(self):
        root = make_folder(self.get_temp_dir(), counts=(5, 5))
        kwargs = dict(image_size=(4, 4), validation_split=0.2, seed=7,
                      verbose=False)
        train = image_dataset_utils.image_dataset_from_directory(
            root, subset="training", **kwargs
        )
        val = image_dataset_utils.image_dataset_from_directory(
            root, subset="validation", **kwargs
        )
        both = image_dataset_utils.image_dataset_from_directory(
            root, subset="both", **kwargs
        )
        self.assertLen(train.file_paths, 8)
        self.assertLen(val.file_paths, 2)
        self.assertEqual(set(train.file_paths) & set(val.file_paths), set())
        self.assertEqual(both[0].file_paths, train.file_paths)
        self.assertEqual(both[1].file_paths, val.file_paths)

    def test_crop_and_pad_to_aspect_ratio(self):
        root = self.get_temp_dir()
        os.makedirs(os.path.join(root, "a"))
        # A tall image: white top quarter, black elsewhere.
        pixels = np.zeros((8, 4, 3))
        pixels[:2] = 255.0
        image_utils.save_img(os.path.join(root, "a", "x.png"), pixels,
                             scale=False)
        ds = image_dataset_utils.image_dataset_from_directory(
            root, image_size=(2, 2), crop_to_aspect_ratio=True,
            interpolation="nearest", verbose=False, labels=None,
        )
        self.assertAllClose(next(iter(ds))[0], np.zeros((2, 2, 3)))
        ds = image_dataset_utils.image_dataset_from_directory(
            root, image_size=(4, 4), pad_to_aspect_ratio=True,
            interpolation="nearest", verbose=False, labels=None,
        )
        out = next(iter(ds))[0].numpy()
        # Padded left and right to 8x8, then halved: the borders are 0.
        self.assertAllClose(out[:, 0], np.zeros((4, 3)))
        self.assertAllClose(out[0, 1:3], np.full((2, 3), 255.0))

    def test_errors(self):
        root = make_folder(self.get_temp_dir())
        fn = image_dataset_utils.image_dataset_from_directory
        with self.assertRaisesRegex(ValueError, "label_mode"):
            fn(root, label_mode="sparse")
        with self.assertRaisesRegex(ValueError, "color_mode"):
            fn(root, color_mode="cmyk")
        with self.assertRaisesRegex(ValueError, "class_names"):
            fn(root, labels=[0, 1, 0, 1, 0], class_names=["a"])
        with self.assertRaisesRegex(ValueError, "list/tuple"):
            fn(root, labels="folders")
        with self.assertRaisesRegex(ValueError, "Only one of"):
            fn(root, crop_to_aspect_ratio=True, pad_to_aspect_ratio=True)
        with self.assertRaisesRegex(ValueError, "interpolation"):
            fn(root, interpolation="cubic")
        with self.assertRaisesRegex(ValueError, "seed"):
            fn(root, validation_split=0.2, subset="training")
        with self.assertRaisesRegex(ValueError, "exactly 2"):
            fn(root, class_names=["class_0"], label_mode="binary")
        empty = os.path.join(self.get_temp_dir(), "empty")
        os.makedirs(os.path.join(empty, "a"))
        with self.assertRaisesRegex(ValueError, "No images found"):
            fn(empty, verbose=False)
