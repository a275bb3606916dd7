import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.image_preprocessing.center_crop import (
    CenterCrop,
)
from keras.src.models.model import Model


def _images(shape):
    return np.arange(np.prod(shape), dtype="float32").reshape(shape)


class CenterCropTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            CenterCrop,
            init_kwargs={"height": 3, "width": 2},
            input_shape=(2, 5, 5, 3),
            expected_output_shape=(2, 3, 2, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            supports_masking=False,
            run_training_check=True,
        )

    def test_crop_matches_numpy(self):
        x = _images((2, 5, 7, 3))
        self.assertAllClose(CenterCrop(3, 4)(x), x[:, 1:4, 1:5])
        self.assertAllClose(CenterCrop(2, 3)(x[0]), x[0, 1:3, 2:5])
        y = _images((2, 3, 5, 7))
        out = CenterCrop(3, 4, data_format="channels_first")(y)
        self.assertAllClose(out, y[:, :, 1:4, 1:5])

    def test_small_images_are_resized(self):
        x = _images((1, 4, 6, 1))
        out = CenterCrop(8, 12)(x)
        self.assertEqual(tuple(out.shape), (1, 8, 12, 1))
        # The oracle's values: an upscaled image keeps its corners.
        self.assertAllClose(out[0, 0, :3, 0], [0.0, 0.25, 0.75])
        self.assertAllClose(out[0, -1, -1, 0], 23.0)

    def test_output_dtype(self):
        out = CenterCrop(2, 2)(np.ones((1, 4, 4, 1), "int32"))
        self.assertDType(out, "float32")

    def test_bounding_boxes(self):
        boxes = np.array([[[0.0, 0.0, 2.0, 2.0], [1.0, 1.0, 5.0, 4.0]]])
        data = {"images": _images((1, 4, 6, 1)),
                "bounding_boxes": {"boxes": boxes,
                                   "labels": np.ones((1, 2), "int32")}}
        out = CenterCrop(2, 4, bounding_box_format="xyxy")(data)
        self.assertAllClose(out["bounding_boxes"]["boxes"],
                            [[[0, 0, 1, 1], [0, 0, 4, 2]]])

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "width.*positive.*-1"):
            CenterCrop(2, -1)
        with self.assertRaisesRegex(ValueError, "CenterCrop.*rank 3"):
            CenterCrop(2, 2)(np.zeros((4, 4)))

    def test_config(self):
        layer = CenterCrop(3, 4, data_format="channels_first")
        config = layer.get_config()
        self.assertEqual((config["height"], config["width"]), (3, 4))
        self.assertEqual(config["data_format"], "channels_first")
        self.run_class_serialization_test(layer)

    def test_functional_model(self):
        inputs = Input((5, 7, 3))
        outputs = CenterCrop(3, 4)(inputs)
        self.assertEqual(tuple(outputs.shape), (None, 3, 4, 3))
        x = _images((2, 5, 7, 3))
        out = Model(inputs, outputs).predict(x, verbose=0)
        self.assertAllClose(out, x[:, 1:4, 1:5])

    def test_tf_data(self):
        import tensorflow as tf

        x = _images((4, 5, 7, 3))
        ds = tf.data.Dataset.from_tensor_slices(x).batch(2)
        out = next(iter(ds.map(CenterCrop(3, 4))))
        self.assertIsInstance(out, tf.Tensor)
        self.assertAllClose(out, x[:2, 1:4, 1:5])
