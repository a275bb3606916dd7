import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.image_preprocessing.resizing import (
    Resizing,
)
from keras.src.models.model import Model


def _images(shape):
    return np.arange(np.prod(shape), dtype="float32").reshape(shape)


def _bilinear(x, out_h, out_w):
    """Half-pixel bilinear resizing of (h, w) in NumPy."""
    h, w = x.shape

    def axis(n_out, n_in):
        pos = np.clip((np.arange(n_out) + 0.5) * n_in / n_out - 0.5, 0,
                      n_in - 1)
        lo = np.floor(pos).astype(int)
        hi = np.minimum(lo + 1, n_in - 1)
        return lo, hi, pos - lo

    y0, y1, fy = axis(out_h, h)
    x0, x1, fx = axis(out_w, w)
    top = x[y0][:, x0] * (1 - fx) + x[y0][:, x1] * fx
    bottom = x[y1][:, x0] * (1 - fx) + x[y1][:, x1] * fx
    return top * (1 - fy[:, None]) + bottom * fy[:, None]


class ResizingTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            Resizing,
            init_kwargs={"height": 6, "width": 4},
            input_shape=(2, 5, 5, 3),
            expected_output_shape=(2, 6, 4, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            supports_masking=False,
            run_training_check=True,
        )

    @parameterized.parameters((2, 3), (8, 12))
    def test_bilinear_matches_numpy(self, height, width):
        x = _images((2, 4, 6, 1))
        out = Resizing(height, width)(x)
        for i in range(2):
            self.assertAllClose(out[i, :, :, 0],
                                _bilinear(x[i, :, :, 0], height, width),
                                atol=1e-4)

    def test_channels_first_and_unbatched(self):
        x = _images((1, 4, 6))
        out = Resizing(2, 3, data_format="channels_first")(x)
        self.assertAllClose(out[0], _bilinear(x[0], 2, 3), atol=1e-4)
        out = Resizing(2, 3)(_images((4, 6, 1)))
        self.assertEqual(tuple(out.shape), (2, 3, 1))

    def test_crop_to_aspect_ratio(self):
        x = _images((1, 4, 6, 1))
        out = Resizing(4, 4, crop_to_aspect_ratio=True)(x)
        self.assertAllClose(out[0, :, :, 0], x[0, :, 1:5, 0], atol=1e-4)

    def test_integer_images_keep_their_dtype(self):
        out = Resizing(2, 3)(_images((1, 4, 6, 1)).astype("uint8"))
        self.assertDType(out, "uint8")
        out = Resizing(2, 3)(_images((1, 4, 6, 1)).astype("float64"))
        self.assertDType(out, "float32")

    def test_bounding_boxes(self):
        x = _images((2, 4, 6, 1))
        boxes = np.array([[[0.0, 0.0, 2.0, 2.0], [1.0, 1.0, 5.0, 4.0]]] * 2)
        data = {"images": x, "segmentation_masks": x,
                "bounding_boxes": {"boxes": boxes,
                                   "labels": np.ones((2, 2), "int32")}}
        out = Resizing(2, 3, bounding_box_format="xyxy")(data)
        self.assertAllClose(out["bounding_boxes"]["boxes"][0],
                            [[0, 0, 1, 1], [0.5, 0.5, 2.5, 2.0]])
        self.assertEqual(tuple(out["segmentation_masks"].shape),
                         (2, 2, 3, 1))

    def test_bounding_boxes_with_crop_to_aspect_ratio(self):
        data = {"images": _images((1, 4, 8, 1)),
                "bounding_boxes": {"boxes": np.array([[[2.0, 0, 6, 4]]]),
                                   "labels": np.ones((1, 1), "int32")}}
        layer = Resizing(2, 2, crop_to_aspect_ratio=True,
                         bounding_box_format="xyxy")
        out = layer(data)
        self.assertAllClose(out["bounding_boxes"]["boxes"],
                            [[[0.0, 0.0, 2.0, 2.0]]])

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "height.*positive.*0"):
            Resizing(0, 3)
        # As in Keras: an unknown interpolation is refused at call.
        layer = Resizing(2, 3, interpolation="cubic")
        with self.assertRaisesRegex(ValueError, "interpolation.*'cubic'"):
            layer(np.ones((1, 4, 4, 1), "float32"))
        with self.assertRaisesRegex(ValueError, "crop_to_aspect_ratio"):
            Resizing(2, 3, crop_to_aspect_ratio=True,
                     pad_to_aspect_ratio=True)
        with self.assertRaisesRegex(ValueError, "Resizing.*rank 3"):
            Resizing(2, 3)(np.zeros((4, 4)))

    def test_config(self):
        layer = Resizing(3, 4, interpolation="nearest", antialias=True)
        config = layer.get_config()
        for key, value in {"height": 3, "width": 4, "antialias": True,
                           "interpolation": "nearest", "fill_value": 0.0,
                           "crop_to_aspect_ratio": False,
                           "pad_to_aspect_ratio": False,
                           "fill_mode": "constant"}.items():
            self.assertEqual(config[key], value)
        self.run_class_serialization_test(layer)

    def test_functional_model(self):
        inputs = Input((None, None, 3))
        outputs = Resizing(3, 4)(inputs)
        self.assertEqual(tuple(outputs.shape), (None, 3, 4, 3))
        out = Model(inputs, outputs).predict(_images((2, 5, 6, 3)),
                                            verbose=0)
        self.assertEqual(tuple(out.shape), (2, 3, 4, 3))

    def test_tf_data(self):
        import tensorflow as tf

        x = _images((4, 4, 6, 1))
        ds = tf.data.Dataset.from_tensor_slices(x).batch(2)
        for i, out in enumerate(ds.map(Resizing(2, 3))):
            self.assertIsInstance(out, tf.Tensor)
            self.assertAllClose(out[0, :, :, 0],
                                _bilinear(x[2 * i, :, :, 0], 2, 3),
                                atol=1e-4)
