import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import (
    base_image_preprocessing_layer as base,
)


class AddOne(base.BaseImagePreprocessingLayer):
    """Adds 1 to images and masks, a drawn offset to the boxes."""

    def get_random_transformation(self, data, training=True, seed=None):
        return {"shift": 2.0, "batch": tuple(data["images"].shape)[0]}

    def transform_images(self, images, transformation, training=True):
        return self.backend.numpy.add(images, 1.0)

    def transform_labels(self, labels, transformation, training=True):
        return self.backend.numpy.multiply(labels, 10)

    def transform_bounding_boxes(self, bounding_boxes, transformation,
                                 training=True):
        out = dict(bounding_boxes)
        out["boxes"] = bounding_boxes["boxes"] + transformation["shift"]
        return out


class NonNegative(base.BaseImagePreprocessingLayer):
    _FACTOR_BOUNDS = (0, 1)


class BaseImagePreprocessingLayerTest(testing.TestCase):
    @parameterized.parameters(
        (None, (0.0, 0.0)), (0.3, (-0.3, 0.3)), (-0.3, (-0.3, 0.3)),
        ((0.1, 0.4), (0.1, 0.4)), ([0.4, -0.1], (-0.1, 0.4)),
    )
    def test_factor(self, factor, expected):
        self.assertAllClose(AddOne(factor=factor).factor, expected)

    def test_factor_with_non_negative_bounds(self):
        self.assertAllClose(NonNegative(factor=0.5).factor, (0.0, 0.5))
        with self.assertRaisesRegex(ValueError, r"\[0, 1\]"):
            NonNegative(factor=(-0.5, 0.5))

    @parameterized.parameters(
        ((0.1,),), ("a",), (2.0,), ((0.1, 0.2, 0.3),), (True,)
    )
    def test_bad_factor(self, factor):
        with self.assertRaisesRegex(
            ValueError, r"AddOne.*factor.*list of two numbers.*\[-1, 1\]"
        ):
            AddOne(factor=factor)

    def test_batched_and_unbatched_images(self):
        x = np.zeros((2, 3, 3, 1), "float32")
        self.assertAllClose(AddOne()(x), x + 1)
        out = AddOne()(x[0])
        self.assertEqual(tuple(out.shape), (3, 3, 1))
        self.assertAllClose(out, x[0] + 1)

    def test_images_are_cast_to_the_compute_dtype(self):
        out = AddOne()(np.zeros((1, 2, 2, 1), "uint8"))
        self.assertDType(out, "float32")

    @parameterized.parameters((2, 3), (1, 2, 3, 4, 5))
    def test_bad_rank(self, *shape):
        with self.assertRaisesRegex(
            ValueError, r"AddOne.*rank 3.*or 4.*Received.*shape="
        ):
            AddOne()(np.zeros(shape, "float32"))

    def test_dict_inputs(self):
        boxes = np.array([[[1.0, 1.0, 2.0, 2.0]]], "float32")
        data = {
            "images": np.zeros((1, 4, 4, 1), "float32"),
            "labels": np.ones((1, 2), "float32"),
            "bounding_boxes": {"boxes": boxes,
                               "labels": np.ones((1, 1), "int32")},
            "segmentation_masks": np.zeros((1, 4, 4, 1), "float32"),
            "extra": "kept",
        }
        out = AddOne(bounding_box_format="xyxy")(data)
        self.assertAllClose(out["images"], np.ones((1, 4, 4, 1)))
        self.assertAllClose(out["segmentation_masks"], np.ones((1, 4, 4, 1)))
        self.assertAllClose(out["labels"], [[10.0, 10.0]])
        self.assertAllClose(out["bounding_boxes"]["boxes"], boxes + 2.0)
        self.assertEqual(out["extra"], "kept")

    def test_boxes_are_converted_to_xyxy_and_back(self):
        # rel_xywh (0.25, 0.25, 0.25, 0.5) in a 4x4 image is xyxy
        # (1, 1, 2, 3): the layer shifts by 2 pixels, i.e. 0.5.
        boxes = np.array([[0.25, 0.25, 0.25, 0.5]], "float32")
        data = {"images": np.zeros((4, 4, 1), "float32"),
                "bounding_boxes": {"boxes": boxes,
                                   "labels": np.ones((1,), "int32")}}
        out = AddOne(bounding_box_format="rel_xywh")(data)
        self.assertAllClose(out["bounding_boxes"]["boxes"],
                            [[0.75, 0.75, 0.25, 0.5]])
        self.assertEqual(tuple(out["images"].shape), (4, 4, 1))

    def test_dict_errors(self):
        with self.assertRaisesRegex(ValueError, "AddOne.*'images'"):
            AddOne()({"labels": np.zeros((1,))})
        data = {"images": np.zeros((1, 2, 2, 1)),
                "bounding_boxes": {"boxes": np.zeros((1, 1, 4)),
                                   "labels": np.zeros((1, 1))}}
        with self.assertRaisesRegex(ValueError, "bounding_box_format"):
            AddOne()(data)
        with self.assertRaisesRegex(ValueError, "bounding_box_format.*'xy'"):
            AddOne(bounding_box_format="xy")

    def test_data_format_and_config(self):
        layer = AddOne(data_format="channels_first",
                       bounding_box_format="yxyx")
        config = layer.get_config()
        self.assertEqual(config["data_format"], "channels_first")
        self.assertEqual(config["bounding_box_format"], "yxyx")
        self.assertNotIn("bounding_box_format", AddOne().get_config())
        self.assertEqual(AddOne().get_config()["data_format"],
                         backend.image_data_format())

    def test_affine_matrix_helpers(self):
        from keras.src.utils.backend_utils import DynamicBackend

        b = DynamicBackend()
        a = b.convert_to_tensor(np.array([2.0, 0.5], "float32"))
        m = base.affine_matrix(b, [[a, 0.0, 1.0], [0.0, a, -1.0],
                                   [0.0, 0.0, 1.0]])
        self.assertEqual(tuple(m.shape), (2, 3, 3))
        inverse = base._invert_affine(b, m)
        expected = np.linalg.inv(backend.convert_to_numpy(m))
        self.assertAllClose(inverse, expected, atol=1e-6)
