import json
import os
import tempfile

import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import layers
from keras.src import models
from keras.src import testing
from keras.src.legacy.preprocessing import image

_DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "testdata")
with open(os.path.join(_DATA, "preprocessing_cases.json")) as f:
    _CASES = json.load(f)
_ARRAYS = dict(np.load(os.path.join(_DATA, "image_cases.npz")))


def _has_pandas():
    try:
        import pandas  # noqa: F401
    except ImportError:
        return False
    return True


class TransformsTest(testing.TestCase):
    @parameterized.named_parameters(
        (name, name, kwargs) for name, kwargs in _CASES["affine_cases"]
    )
    def test_affine_matches_oracle(self, name, kwargs):
        result = image.apply_affine_transform(
            _ARRAYS["input"], channel_axis=0, row_axis=1, col_axis=2,
            **kwargs)
        self.assertAllClose(result, _ARRAYS[f"affine_{name}"], atol=1e-3)

    def test_shifts_and_offsets(self):
        self.assertAllClose(image.apply_channel_shift(_ARRAYS["input"], 40.0),
                            _ARRAYS["channel_shift"])
        matrix = np.array([[1, 0.2, 0], [0.1, 1, 0], [0, 0, 1]])
        self.assertAllClose(
            image.transform_matrix_offset_center(matrix, 6, 5),
            _ARRAYS["offset_matrix"])
        # Already spanning [0, 255]: rescaling keeps the values.
        x = np.array([0.0, 100.0, 255.0] * 4).reshape(2, 2, 3)
        self.assertAllClose(image.apply_brightness_shift(x, 0.5), x / 2,
                            atol=1.0)
        # Out of [0, 255] with scale=False: back to the original range.
        x = np.linspace(-1.0, 1.0, 12).reshape(2, 2, 3)
        shifted = image.apply_brightness_shift(x, 1.0, scale=False)
        self.assertAllClose(shifted, x, atol=1 / 127)

    def test_random_functions(self):
        x = np.random.default_rng(0).uniform(size=(3, 6, 6))
        for function, arg in ((image.random_rotation, 30),
                              (image.random_shear, 20),
                              (image.random_zoom, (0.8, 1.2))):
            self.assertEqual(function(x, arg).shape, x.shape)
        self.assertEqual(image.random_shift(x, 0.2, 0.2).shape, x.shape)
        shifted = image.random_channel_shift(x, 0.1)
        self.assertTrue(np.all(shifted <= x.max()))
        self.assertEqual(
            image.random_brightness(np.ones((2, 2, 3)), (0.5, 1.0)).shape,
            (2, 2, 3))
        with self.assertRaisesRegex(ValueError, "zoom_range"):
            image.random_zoom(x, (0.8,))
        with self.assertRaisesRegex(ValueError, "3D array"):
            image.apply_affine_transform(np.ones((4, 4)), theta=10)
        self.assertAllEqual(image.flip_axis(np.array([[1, 2]]), 1), [[2, 1]])


class ImageDataGeneratorTest(testing.TestCase):
    def test_fit_and_standardize_match_oracle(self):
        data = _ARRAYS["fit_data"]
        generator = image.ImageDataGenerator(
            featurewise_center=True, featurewise_std_normalization=True,
            samplewise_center=True, samplewise_std_normalization=True,
            rescale=0.5)
        generator.fit(data)
        self.assertAllClose(generator.mean, _ARRAYS["fit_mean"])
        self.assertAllClose(generator.std, _ARRAYS["fit_std"])
        self.assertAllClose(generator.standardize(data[0].copy()),
                            _ARRAYS["standardized"], atol=1e-5)
        with pytest.warns(UserWarning, match="featurewise_center"):
            generator = image.ImageDataGenerator(zca_whitening=True)
        generator.fit(data)
        self.assertAllClose(generator.zca_whitening_matrix,
                            _ARRAYS["zca_matrix"], atol=1e-4)
        self.assertAllClose(generator.standardize(data[1].copy()),
                            _ARRAYS["zca_standardized"], atol=1e-3)

    def test_random_transforms_match_oracle(self):
        generator = image.ImageDataGenerator(
            rotation_range=40, width_shift_range=0.2, height_shift_range=2,
            shear_range=10, zoom_range=[0.7, 1.2], channel_shift_range=20.0,
            horizontal_flip=True, vertical_flip=True,
            brightness_range=(0.5, 1.5))
        for seed, expected in zip((1, 2, 3), _CASES["random_transforms"]):
            params = generator.get_random_transform((6, 5, 3), seed=seed)
            self.assertEqual(set(params), set(expected))
            for key, value in expected.items():
                self.assertAllClose(float(params[key]), value)
        generator = image.ImageDataGenerator(
            rotation_range=40, width_shift_range=[-1, 2], shear_range=10,
            zoom_range=0.3, horizontal_flip=True, fill_mode="constant",
            cval=3)
        x = np.transpose(_ARRAYS["input"], (1, 2, 0))
        self.assertAllClose(generator.random_transform(x, seed=9),
                            _ARRAYS["random_transform"], atol=1e-3)

    def test_flow_batches_and_subsets(self):
        x = np.random.default_rng(1).uniform(size=(10, 4, 4, 3))
        y = np.array([0, 1] * 5)
        generator = image.ImageDataGenerator(validation_split=0.2)
        iterator = generator.flow(x, y, batch_size=3, shuffle=False)
        self.assertLen(iterator, 4)
        batch_x, batch_y = iterator[3]
        self.assertAllClose(batch_x, x[9:])
        self.assertAllEqual(batch_y, y[9:])
        batch_x, batch_y = next(iterator)
        self.assertEqual(batch_x.shape, (3, 4, 4, 3))
        inputs, _, weights = generator.flow(
            (x, np.arange(10)), y, sample_weight=np.ones(10),
            batch_size=4)[0]
        self.assertEqual([a.shape for a in inputs], [(4, 4, 4, 3), (4,)])
        self.assertEqual(weights.shape, (4,))
        validation = generator.flow(x, y, subset="validation", batch_size=8)
        self.assertEqual(validation.n, 2)
        with self.assertRaisesRegex(ValueError, "same length"):
            generator.flow(x, y[:3])
        with self.assertRaisesRegex(ValueError, "rank|4D"):
            generator.flow(x[0], None)
        with self.assertRaisesRegex(ValueError, "different classes"):
            generator.flow(x, np.arange(10), subset="training")

    def test_seeded_shuffle_is_repeatable(self):
        x = np.arange(6, dtype="float32").reshape(6, 1, 1, 1)
        generator = image.ImageDataGenerator(horizontal_flip=True)
        first = generator.flow(x, batch_size=6, seed=3)[0]
        second = generator.flow(x, batch_size=6, seed=3)[0]
        self.assertAllClose(first, second)
        self.assertEqual(sorted(first.ravel().tolist()), list(range(6)))

    def test_flow_from_directory(self):
        from PIL import Image

        with tempfile.TemporaryDirectory() as root:
            for label, color in (("cats", 30), ("dogs", 200)):
                os.makedirs(os.path.join(root, label))
                for i in range(3):
                    Image.new("RGB", (5, 4), (color, 0, 0)).save(
                        os.path.join(root, label, f"{i}.png"))
            with open(os.path.join(root, "cats", "notes.txt"), "w") as f:
                f.write("not an image")
            generator = image.ImageDataGenerator(rescale=1 / 255.0)
            iterator = generator.flow_from_directory(
                root, target_size=(4, 5), batch_size=4, shuffle=False)
            self.assertEqual(iterator.class_indices, {"cats": 0, "dogs": 1})
            self.assertEqual(iterator.samples, 6)
            self.assertEqual(iterator.filenames[0],
                             os.path.join("cats", "0.png"))
            x, y = iterator[1]
            self.assertEqual(x.shape, (2, 4, 5, 3))
            self.assertAllClose(y, [[0, 1], [0, 1]])
            self.assertAllClose(x[0, 0, 0, 0], 200 / 255.0, atol=1e-6)
            sparse = image.DirectoryIterator(
                root, None, target_size=(2, 2), color_mode="grayscale",
                class_mode="sparse", shuffle=False, batch_size=6)
            x, y = sparse[0]
            self.assertEqual(x.shape, (6, 2, 2, 1))
            self.assertAllEqual(y, [0, 0, 0, 1, 1, 1])
            with self.assertRaisesRegex(ValueError, "class_mode"):
                generator.flow_from_directory(root, class_mode="onehot")

    @pytest.mark.skipif(_has_pandas(), reason="checks the error without "
                        "pandas")
    def test_dataframe_requires_pandas(self):
        with self.assertRaisesRegex(ImportError, "pandas"):
            image.ImageDataGenerator().flow_from_dataframe(object())

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "zoom_range"):
            image.ImageDataGenerator(zoom_range=(1, 2, 3))
        with self.assertRaisesRegex(ValueError, "validation_split"):
            image.ImageDataGenerator(validation_split=1.5)
        with self.assertRaisesRegex(ValueError, "data_format"):
            image.ImageDataGenerator(data_format="nhwc")
        with self.assertRaisesRegex(ValueError, "brightness_range"):
            image.ImageDataGenerator(brightness_range=0.2)

    @pytest.mark.requires_trainable_backend
    def test_flow_trains_a_model(self):
        rng = np.random.default_rng(2)
        x = rng.uniform(size=(8, 6, 6, 1)).astype("float32")
        y = rng.integers(0, 2, size=(8, 1)).astype("float32")
        generator = image.ImageDataGenerator(rotation_range=10,
                                             horizontal_flip=True)
        model = models.Sequential([
            layers.Input((6, 6, 1)),
            layers.Flatten(),
            layers.Dense(1, activation="sigmoid"),
        ])
        model.compile(optimizer="sgd", loss="binary_crossentropy")
        history = model.fit(generator.flow(x, y, batch_size=4, seed=1),
                            epochs=2, verbose=0)
        self.assertLen(history.history["loss"], 2)
        self.assertTrue(np.isfinite(history.history["loss"][-1]))
        self.assertEqual(backend.standardize_dtype(model.weights[0].dtype),
                         "float32")
