import numpy as np
import pytest

from keras.src import backend
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.image_preprocessing.random_crop import (
    RandomCrop,
)


def _images(shape):
    return np.arange(np.prod(shape), dtype="float32").reshape(shape)


class RandomCropTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomCrop,
            init_kwargs={"height": 3, "width": 2, "seed": 1},
            input_shape=(2, 5, 5, 3),
            expected_output_shape=(2, 3, 2, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=False,
            run_training_check=True,
        )

    def test_crops_are_windows_of_the_input(self):
        x = _images((2, 5, 6, 1))
        corners = set()
        for seed in range(12):
            out = backend.convert_to_numpy(RandomCrop(3, 4, seed=seed)(x))
            top, left = np.argwhere(x[0, ..., 0] == out[0, 0, 0, 0])[0]
            self.assertAllClose(out, x[:, top:top + 3, left:left + 4])
            corners.add((int(top), int(left)))
        self.assertTrue(all(t <= 2 and l <= 2 for t, l in corners))
        self.assertGreater(len(corners), 2)

    def test_seeded_and_channels_first(self):
        x = _images((2, 1, 5, 6))
        a = RandomCrop(3, 4, seed=3, data_format="channels_first")(x)
        b = RandomCrop(3, 4, seed=3, data_format="channels_first")(x)
        self.assertEqual(tuple(a.shape), (2, 1, 3, 4))
        self.assertAllClose(a, b)

    def test_inference_is_identity(self):
        x = _images((2, 5, 5, 1))
        self.assertAllClose(RandomCrop(3, 3)(x, training=False), x)

    def test_small_images_are_cropped_and_resized(self):
        x = _images((1, 5, 5, 1))
        out = RandomCrop(6, 4, seed=3)(x)
        self.assertEqual(tuple(out.shape), (1, 6, 4, 1))
        self.assertAllClose(out[0, 0, :, 0], [1.0, 2.0, 3.0, 4.0])
        self.assertAllClose(out[0, -1, :, 0], [21.0, 22.0, 23.0, 24.0])

    def test_bounding_boxes(self):
        x = _images((1, 5, 5, 1))
        boxes = np.array([[[0.0, 0.0, 2.0, 2.0], [1.0, 1.0, 5.0, 4.0]]])
        data = {"images": x,
                "bounding_boxes": {"boxes": boxes,
                                   "labels": np.ones((1, 2), "int32")}}
        out = RandomCrop(3, 3, seed=3, bounding_box_format="xyxy")(data)
        image = backend.convert_to_numpy(out["images"])
        top, left = np.argwhere(x[0, ..., 0] == image[0, 0, 0, 0])[0]
        shifted = boxes - np.array([left, top, left, top])
        expected = np.clip(shifted, 0, 3)
        self.assertAllClose(out["bounding_boxes"]["boxes"], expected)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "height.*positive.*0"):
            RandomCrop(0, 3)
        with self.assertRaisesRegex(ValueError, "RandomCrop.*rank 3"):
            RandomCrop(2, 2)(np.zeros((4, 4)))

    def test_config(self):
        layer = RandomCrop(3, 4, seed=7, name="crop")
        config = layer.get_config()
        self.assertEqual((config["height"], config["width"]), (3, 4))
        self.assertEqual((config["seed"], config["name"]), (7, "crop"))
        self.run_class_serialization_test(layer)

    def test_functional_model(self):
        inputs = Input((5, 5, 3))
        outputs = RandomCrop(3, 3)(inputs)
        self.assertEqual(tuple(outputs.shape), (None, 3, 3, 3))

    def test_tf_data(self):
        import tensorflow as tf

        x = _images((4, 5, 6, 1))
        ds = tf.data.Dataset.from_tensor_slices(x).batch(2)
        out = next(iter(ds.map(RandomCrop(3, 4, seed=1))))
        self.assertIsInstance(out, tf.Tensor)
        self.assertEqual(tuple(out.shape), (2, 3, 4, 1))
        top, left = np.argwhere(x[0, ..., 0] == out.numpy()[0, 0, 0, 0])[0]
        self.assertAllClose(out, x[:2, top:top + 3, left:left + 4])
