import numpy as np
import pytest

from keras.src import backend
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.image_preprocessing.random_shear import (
    RandomShear,
)
from keras.src.models.model import Model


def _images(shape):
    return np.arange(np.prod(shape), dtype="float32").reshape(shape)


def _sheared_rows(x, shear):
    """Row `y` of `x` (h, w) moved right by `shear * y`, zero-filled."""
    out = np.zeros_like(x)
    for y in range(x.shape[0]):
        shift = int(shear * y)
        if shift >= 0:
            out[y, shift:] = x[y, :x.shape[1] - shift]
        else:
            out[y, :shift] = x[y, -shift:]
    return out


class RandomShearTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomShear,
            init_kwargs={"x_factor": 0.2, "y_factor": 0.2, "seed": 1},
            input_shape=(2, 5, 5, 3),
            expected_output_shape=(2, 5, 5, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=False,
            run_training_check=True,
        )

    def test_unit_shear_moves_rows(self):
        x = _images((16, 4, 4, 1))
        out = backend.convert_to_numpy(
            RandomShear((1.0, 1.0), 0.0, fill_mode="constant",
                        interpolation="nearest", seed=2)(x)
        )
        signs = set()
        for i in range(16):
            right = _sheared_rows(x[i, ..., 0], 1.0)
            left = _sheared_rows(x[i, ..., 0], -1.0)
            if np.allclose(out[i, ..., 0], right):
                signs.add(1)
            else:
                self.assertAllClose(out[i, ..., 0], left)
                signs.add(-1)
        self.assertEqual(signs, {-1, 1})

    def test_vertical_shear_and_identity(self):
        x = _images((4, 4, 4, 1))
        out = backend.convert_to_numpy(
            RandomShear(0.0, (1.0, 1.0), fill_mode="constant",
                        interpolation="nearest", seed=1)(x)
        )
        for i in range(4):
            t = x[i, ..., 0].T
            self.assertTrue(
                np.allclose(out[i, ..., 0].T, _sheared_rows(t, 1.0))
                or np.allclose(out[i, ..., 0].T, _sheared_rows(t, -1.0))
            )
        self.assertAllClose(RandomShear(0.0, 0.0)(x), x, atol=1e-4)
        self.assertAllClose(RandomShear(0.5, 0.5)(x, training=False), x)

    def test_bounding_boxes(self):
        data = {"images": np.zeros((4, 4, 4, 1), "float32"),
                "bounding_boxes": {"boxes": np.array([[[0.0, 0, 1, 4]]] * 4),
                                   "labels": np.ones((4, 1), "int32")}}
        out = RandomShear((1.0, 1.0), 0.0, seed=3,
                          bounding_box_format="xyxy")(data)
        boxes = backend.convert_to_numpy(out["bounding_boxes"]["boxes"])
        for box in boxes[:, 0]:
            # Shearing about the first pixel centre (y = 0.5): right,
            # the corners reach x = -0.5 and 4.5; left, x = 1.5 at the
            # top.
            self.assertTrue(np.allclose(box, [0, 0, 4, 4])
                            or np.allclose(box, [0, 0, 1.5, 4]), box)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, r"x_factor.*\[0.0, 1.0\]"):
            RandomShear(-0.5)
        with self.assertRaisesRegex(ValueError, r"x_factor.*\[-1.0, 1.0\]"):
            RandomShear((-1.5, 0.5))
        with self.assertRaisesRegex(ValueError, "y_factor.*1.5"):
            RandomShear(0.1, 1.5)
        with self.assertRaisesRegex(ValueError, "RandomShear.*rank 3"):
            RandomShear(0.1)(np.zeros((4, 4)))

    def test_config(self):
        layer = RandomShear(0.2, (0.1, 0.3), seed=2)
        config = layer.get_config()
        self.assertEqual(config["x_factor"], (-0.2, 0.2))
        self.assertEqual(config["y_factor"], (0.1, 0.3))
        self.run_class_serialization_test(layer)

    def test_functional_model(self):
        inputs = Input((5, 5, 3))
        outputs = RandomShear(0.1)(inputs)
        self.assertEqual(tuple(outputs.shape), (None, 5, 5, 3))
        x = _images((2, 5, 5, 3))
        self.assertAllClose(Model(inputs, outputs).predict(x, verbose=0), x)

    def test_tf_data(self):
        import tensorflow as tf

        x = _images((4, 4, 4, 1))
        ds = tf.data.Dataset.from_tensor_slices(x)
        layer = RandomShear(0.3, seed=1)
        out = next(iter(ds.batch(2, drop_remainder=True).map(layer)))
        self.assertIsInstance(out, tf.Tensor)
        self.assertEqual(tuple(out.shape), (2, 4, 4, 1))
