import numpy as np
import pytest

from keras.src import backend
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.image_preprocessing import (
    random_elastic_transform,
)

RandomElasticTransform = random_elastic_transform.RandomElasticTransform


def _images(shape=(2, 8, 8, 3)):
    return np.random.RandomState(0).uniform(0, 255, shape).astype("float32")


def _changed(out, x):
    diff = np.abs(backend.convert_to_numpy(out) - x)
    return diff.max(axis=tuple(range(1, x.ndim))) > 1e-3


class RandomElasticTransformTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomElasticTransform,
            init_kwargs={"seed": 1},
            input_shape=(2, 8, 8, 3),
            expected_output_shape=(2, 8, 8, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=False,
        )

    def test_factor_is_the_chance_of_a_distortion(self):
        x = _images((16, 12, 12, 1))
        out = RandomElasticTransform(factor=(1.0, 1.0), seed=2)(
            x, training=True)
        self.assertTrue(np.all(_changed(out, x)))
        out = RandomElasticTransform(factor=0.0, seed=2)(x, training=True)
        self.assertAllClose(out, x)
        out = RandomElasticTransform(factor=(0.5, 0.5), seed=2)(
            x, training=True)
        self.assertTrue(0 < _changed(out, x).sum() < 16)

    def test_inference_and_zero_scale_are_identity(self):
        x = _images()
        self.assertAllClose(RandomElasticTransform()(x, training=False), x)
        self.assertAllClose(
            RandomElasticTransform(factor=(1.0, 1.0), scale=0.0)(
                x, training=True), x)

    def test_displacement_field(self):
        # A displacement field moves values: a smooth ramp stays a ramp
        # (values within the range, pixel values only permuted locally),
        # and stronger scales move more.
        ramp = np.tile(np.linspace(0, 255, 32, dtype="float32"), (32, 1))
        x = np.stack([ramp] * 2)[..., None]
        weak = RandomElasticTransform((1.0, 1.0), scale=(0.1, 0.1),
                                      seed=5)(x, training=True)
        strong = RandomElasticTransform((1.0, 1.0), scale=(1.0, 1.0),
                                        seed=5)(x, training=True)
        weak = backend.convert_to_numpy(weak)
        strong = backend.convert_to_numpy(strong)
        weak_diff = np.abs(weak - x).mean()
        strong_diff = np.abs(strong - x).mean()
        self.assertGreater(strong_diff, weak_diff)
        self.assertGreater(weak_diff, 0.0)
        self.assertLessEqual(float(np.max(strong)), 255.0)
        self.assertGreaterEqual(float(np.min(strong)), 0.0)

    def test_params(self):
        layer = RandomElasticTransform()
        self.assertAllClose(layer.get_elastic_transform_params(16, 32, 0.5),
                            (1.6, 0.4))
        self.assertAllClose(layer.get_elastic_transform_params(40, 20, 1.0),
                            (4.0, 1.0))

    def test_masks_follow_images_and_boxes_are_refused(self):
        x = np.zeros((2, 16, 16, 1), "float32")
        x[:, 4:12, 4:12] = 255.0
        layer = RandomElasticTransform((1.0, 1.0), seed=3,
                                       interpolation="nearest")
        out = layer({"images": x, "segmentation_masks": x / 255.0},
                    training=True)
        self.assertAllClose(out["segmentation_masks"] * 255.0,
                            out["images"], atol=1e-3)
        boxed = RandomElasticTransform(bounding_box_format="xyxy")
        with self.assertRaisesRegex(ValueError, "bounding boxes"):
            boxed({"images": x, "bounding_boxes": {
                "boxes": np.zeros((2, 1, 4), "float32"),
                "labels": np.zeros((2, 1), "int32")}}, training=True)

    def test_seeded_and_channels_first(self):
        x = _images()
        a = RandomElasticTransform((1.0, 1.0), seed=7)(x, training=True)
        b = RandomElasticTransform((1.0, 1.0), seed=7)(x, training=True)
        self.assertAllClose(a, b)
        first = RandomElasticTransform(
            (1.0, 1.0), seed=7, data_format="channels_first"
        )(np.transpose(x, (0, 3, 1, 2)), training=True)
        self.assertEqual(tuple(first.shape), (2, 3, 8, 8))

    def test_config_and_errors(self):
        layer = RandomElasticTransform(factor=0.5, scale=(0.2, 0.4),
                                       fill_mode="constant", seed=3)
        config = layer.get_config()
        self.assertEqual(config["factor"], (0.0, 0.5))
        self.assertEqual(config["scale"], (0.2, 0.4))
        self.run_class_serialization_test(layer)
        with self.assertRaisesRegex(ValueError, r"factor.*\[0, 1\]"):
            RandomElasticTransform(factor=2.0)
        with self.assertRaisesRegex(ValueError, r"\[0, 1\]"):
            RandomElasticTransform(scale=2.0)
        with self.assertRaisesRegex(ValueError, "interpolation.*'bicubic'"):
            RandomElasticTransform(interpolation="bicubic")
        with self.assertRaisesRegex(ValueError, "fill_mode.*'foo'"):
            RandomElasticTransform(fill_mode="foo")

    def test_functional_model(self):
        outputs = RandomElasticTransform()(Input((8, 8, 3)))
        self.assertEqual(tuple(outputs.shape), (None, 8, 8, 3))

    def test_tf_data(self):
        import tensorflow as tf

        x = _images((4, 8, 8, 1))
        layer = RandomElasticTransform((1.0, 1.0), seed=1)
        ds = tf.data.Dataset.from_tensor_slices(x).batch(
            2, drop_remainder=True).map(lambda v: layer(v, training=True))
        out = next(iter(ds))
        self.assertIsInstance(out, tf.Tensor)
        self.assertEqual(tuple(out.shape), (2, 8, 8, 1))
