"""End to end: PNG files in class folders -> `image_dataset_from_directory`
-> a small convnet trained with `fit`, on every trainable backend.

The two classes differ in brightness, so a working pipeline (decoding,
labels matching folders, batches reaching the model) lets the loss fall
within a few epochs; a pipeline that mixes up labels cannot.
"""

import os

import numpy as np
import pytest

import keras
from keras.src import testing

pytestmark = pytest.mark.requires_trainable_backend


def write_images(root, per_class=12, size=16):
    rng = np.random.default_rng(0)
    for label, name in enumerate(["dark", "light"]):
        folder = os.path.join(root, name)
        os.makedirs(folder)
        for i in range(per_class):
            base = 40.0 + 160.0 * label
            pixels = base + rng.uniform(-30, 30, size=(size, size, 3))
            keras.utils.save_img(
                os.path.join(folder, f"{i}.png"), pixels, scale=False
            )


class ImageDatasetFitTest(testing.TestCase):
    def test_fit_on_image_folder(self):
        root = self.get_temp_dir()
        write_images(root)
        train, val = keras.utils.image_dataset_from_directory(
            root,
            image_size=(16, 16),
            batch_size=8,
            seed=3,
            # 16 training and 8 validation images: whole batches only, so
            # each step compiles once.
            validation_split=1 / 3,
            subset="both",
            verbose=False,
        )
        self.assertEqual(train.class_names, ["dark", "light"])
        self.assertLen(train.file_paths, 16)
        self.assertLen(val.file_paths, 8)

        model = keras.Sequential(
            [
                keras.Input((16, 16, 3)),
                keras.layers.Rescaling(1 / 255.0),
                keras.layers.Conv2D(4, 3, activation="tanh"),
                keras.layers.GlobalAveragePooling2D(),
                keras.layers.Dense(2),
            ]
        )
        model.compile(
            optimizer=keras.optimizers.Adam(0.05),
            loss=keras.losses.SparseCategoricalCrossentropy(
                from_logits=True
            ),
            metrics=["accuracy"],
        )
        history = model.fit(train, validation_data=val, epochs=8, verbose=0)
        losses = history.history["loss"]
        self.assertLess(losses[-1], losses[0])
        self.assertGreaterEqual(history.history["val_accuracy"][-1], 0.8)
        predictions = model.predict(val, verbose=0)
        self.assertEqual(predictions.shape, (8, 2))
