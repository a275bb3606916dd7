import numpy as np
import pytest

from keras.src import backend
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.image_preprocessing import (
    random_perspective,
)

RandomPerspective = random_perspective.RandomPerspective


class RandomPerspectiveTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomPerspective,
            init_kwargs={"scale": 0.5, "seed": 1},
            input_shape=(2, 6, 6, 3),
            expected_output_shape=(2, 6, 6, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=False,
            run_training_check=True,
        )

    def test_factor_is_the_chance_of_a_warp(self):
        x = np.random.RandomState(0).rand(16, 12, 12, 1).astype("float32")
        out = RandomPerspective(factor=(1.0, 1.0), scale=1.0, seed=2)(x)
        changed = np.abs(backend.convert_to_numpy(out) - x).max(
            axis=(1, 2, 3)
        ) > 1e-3
        self.assertTrue(np.all(changed))
        out = RandomPerspective(factor=0.0, seed=2)(x)
        self.assertAllClose(out, x, atol=1e-5)
        out = RandomPerspective(factor=0.5, seed=2)(x)
        changed = np.abs(backend.convert_to_numpy(out) - x).max(
            axis=(1, 2, 3)
        ) > 1e-3
        self.assertTrue(0 < changed.sum() < 16)

    def test_zero_scale_and_inference_are_identity(self):
        x = np.random.RandomState(1).rand(2, 8, 8, 1).astype("float32")
        self.assertAllClose(RandomPerspective(scale=0.0)(x), x, atol=1e-5)
        self.assertAllClose(RandomPerspective()(x, training=False), x)

    def test_seeded(self):
        x = np.random.RandomState(1).rand(2, 8, 8, 1).astype("float32")
        a = RandomPerspective(seed=5)(x)
        self.assertAllClose(a, RandomPerspective(seed=5)(x))

    def test_boxes_follow_the_warp(self):
        x = np.zeros((4, 24, 24, 1), "float32")
        x[:, 8:16, 6:18] = 1.0
        boxes = np.array([[[6.0, 8.0, 18.0, 16.0]]] * 4, "float32")
        data = {"images": x, "segmentation_masks": x,
                "bounding_boxes": {"boxes": boxes,
                                   "labels": np.ones((4, 1), "int32")}}
        layer = RandomPerspective((1.0, 1.0), 0.6, seed=4,
                                  interpolation="nearest",
                                  bounding_box_format="xyxy")
        out = layer(data)
        masks = backend.convert_to_numpy(out["segmentation_masks"])
        got = backend.convert_to_numpy(out["bounding_boxes"]["boxes"])
        for mask, box in zip(masks[..., 0], got[:, 0]):
            ys, xs = np.nonzero(mask > 0.5)
            self.assertAllClose([xs.min(), ys.min(), xs.max() + 1,
                                 ys.max() + 1], box, atol=1.01)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, r"scale.*\[0, 1\].*1.5"):
            RandomPerspective(scale=1.5)
        with self.assertRaisesRegex(ValueError, r"factor.*\[0, 1\]"):
            RandomPerspective(factor=2.0)
        with self.assertRaisesRegex(ValueError, "interpolation.*'x'"):
            RandomPerspective(interpolation="x")

    def test_config(self):
        layer = RandomPerspective(factor=0.5, scale=0.3, seed=3)
        config = layer.get_config()
        self.assertEqual(config["factor"], (0.0, 0.5))
        self.assertEqual(config["scale"], 0.3)
        self.run_class_serialization_test(layer)

    def test_functional_model(self):
        inputs = Input((6, 6, 3))
        outputs = RandomPerspective()(inputs)
        self.assertEqual(tuple(outputs.shape), (None, 6, 6, 3))

    def test_tf_data(self):
        import tensorflow as tf

        x = np.random.RandomState(0).rand(4, 8, 8, 1).astype("float32")
        ds = tf.data.Dataset.from_tensor_slices(x)
        layer = RandomPerspective(seed=1)
        out = next(iter(ds.batch(2, drop_remainder=True).map(layer)))
        self.assertIsInstance(out, tf.Tensor)
        self.assertEqual(tuple(out.shape), (2, 8, 8, 1))
