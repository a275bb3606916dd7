import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.image_preprocessing import (
    random_translation,
)
from keras.src.models.model import Model

RandomTranslation = random_translation.RandomTranslation


def _images(shape):
    return np.arange(np.prod(shape), dtype="float32").reshape(shape)


class RandomTranslationTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomTranslation,
            init_kwargs={"height_factor": 0.2, "width_factor": 0.1,
                         "seed": 1},
            input_shape=(2, 5, 5, 3),
            expected_output_shape=(2, 5, 5, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=False,
            run_training_check=True,
        )

    def test_shift_matches_numpy(self):
        x = _images((1, 4, 4, 1))
        layer = RandomTranslation((0.25, 0.25), (-0.5, -0.5),
                                  fill_mode="constant",
                                  interpolation="nearest")
        expected = np.zeros_like(x)
        expected[:, 1:, :2] = x[:, :3, 2:]
        self.assertAllClose(layer(x), expected)

    @parameterized.parameters(
        ("reflect", [0, 1, 2, 3]), ("wrap", [12, 13, 14, 15]),
        ("nearest", [0, 1, 2, 3]), ("constant", [0, 0, 0, 0]),
    )
    def test_fill_modes(self, fill_mode, first_row):
        x = _images((1, 4, 4, 1))
        out = RandomTranslation((0.25, 0.25), 0, fill_mode=fill_mode,
                                interpolation="nearest")(x)
        self.assertAllClose(out[0, 0, :, 0], first_row)
        self.assertAllClose(out[0, 1:], x[0, :3])

    def test_zero_factor_and_inference_are_identity(self):
        x = _images((2, 5, 5, 1))
        self.assertAllClose(RandomTranslation(0.0, 0.0)(x), x, atol=1e-4)
        self.assertAllClose(
            RandomTranslation(0.3, 0.3)(x, training=False), x
        )

    def test_random_shifts_are_seeded_and_bounded(self):
        x = np.zeros((16, 9, 9, 1), "float32")
        x[:, 4, 4] = 1.0
        kwargs = {"fill_mode": "constant", "interpolation": "nearest",
                  "seed": 5}
        out = RandomTranslation(0.3, 0.0, **kwargs)(x)
        self.assertAllClose(out, RandomTranslation(0.3, 0.0, **kwargs)(x))
        rows = set()
        for image in np.asarray(out)[..., 0]:
            ys, xs = np.nonzero(image)
            self.assertTrue(np.all(np.abs(ys - 4) <= 3))
            self.assertAllEqual(xs, [4])
            rows.add(int(ys[0]))
        self.assertGreater(len(rows), 1)

    def test_bounding_boxes(self):
        data = {"images": np.zeros((1, 4, 4, 1), "float32"),
                "bounding_boxes": {"boxes": np.array([[[0.0, 0, 3, 2]]]),
                                   "labels": np.ones((1, 1), "int32")}}
        layer = RandomTranslation((0.25, 0.25), (-0.5, -0.5),
                                  bounding_box_format="xyxy")
        out = layer(data)
        self.assertAllClose(out["bounding_boxes"]["boxes"],
                            [[[0.0, 1.0, 1.0, 3.0]]], atol=1e-5)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, r"height_factor.*\[-1.0"):
            RandomTranslation(1.5, 0.0)
        with self.assertRaisesRegex(ValueError, "width_factor.*None"):
            RandomTranslation(0.1, None)
        with self.assertRaisesRegex(ValueError, "interpolation.*'x'"):
            RandomTranslation(0.1, 0.1, interpolation="x")

    def test_config(self):
        layer = RandomTranslation(0.2, (0.1, 0.3), fill_mode="wrap", seed=2)
        config = layer.get_config()
        self.assertEqual(config["height_factor"], 0.2)
        self.assertEqual(config["width_factor"], (0.1, 0.3))
        self.assertEqual(config["fill_mode"], "wrap")
        self.run_class_serialization_test(layer)

    def test_functional_model(self):
        inputs = Input((5, 5, 3))
        outputs = RandomTranslation(0.1, 0.1)(inputs)
        self.assertEqual(tuple(outputs.shape), (None, 5, 5, 3))
        x = _images((2, 5, 5, 3))
        self.assertAllClose(Model(inputs, outputs).predict(x, verbose=0), x)

    def test_tf_data(self):
        import tensorflow as tf

        x = _images((4, 4, 4, 1))
        layer = RandomTranslation((0.25, 0.25), 0, fill_mode="constant",
                                  interpolation="nearest")
        ds = tf.data.Dataset.from_tensor_slices(x)
        out = next(iter(ds.batch(2, drop_remainder=True).map(layer)))
        self.assertIsInstance(out, tf.Tensor)
        self.assertAllClose(out[:, 1:], x[:2, :3])
