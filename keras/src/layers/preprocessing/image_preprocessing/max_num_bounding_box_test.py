import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import (
    max_num_bounding_box,
)

MaxNumBoundingBoxes = max_num_bounding_box.MaxNumBoundingBoxes


def _data(num_boxes, batch=2):
    boxes = np.arange(batch * num_boxes * 4, dtype="float32")
    return {"images": np.zeros((batch, 4, 4, 1), "float32"),
            "labels": np.ones((batch,), "float32"),
            "bounding_boxes": {
                "boxes": boxes.reshape(batch, num_boxes, 4),
                "labels": np.arange(batch * num_boxes).reshape(
                    batch, num_boxes)}}


class MaxNumBoundingBoxesTest(testing.TestCase):
    def test_pads_with_fill_value(self):
        data = _data(2)
        out = MaxNumBoundingBoxes(3, bounding_box_format="xywh")(data)
        boxes = data["bounding_boxes"]["boxes"]
        expected = np.concatenate([boxes, -np.ones((2, 1, 4))], axis=1)
        self.assertAllClose(out["bounding_boxes"]["boxes"], expected)
        self.assertAllEqual(out["bounding_boxes"]["labels"],
                            [[0, 1, -1], [2, 3, -1]])
        self.assertAllClose(out["images"], data["images"])
        self.assertAllClose(out["labels"], data["labels"])

    def test_truncates(self):
        data = _data(5)
        out = MaxNumBoundingBoxes(3, fill_value=-2,
                                  bounding_box_format="xyxy")(data)
        self.assertAllClose(out["bounding_boxes"]["boxes"],
                            data["bounding_boxes"]["boxes"][:, :3])
        self.assertAllEqual(out["bounding_boxes"]["labels"],
                            [[0, 1, 2], [5, 6, 7]])

    def test_unbatched_and_images_only(self):
        data = {"images": np.zeros((4, 4, 1), "float32"),
                "bounding_boxes": {"boxes": np.zeros((1, 4), "float32"),
                                   "labels": np.zeros((1,), "float32")}}
        out = MaxNumBoundingBoxes(3, bounding_box_format="xyxy")(data)
        self.assertAllClose(out["bounding_boxes"]["labels"], [0, -1, -1])
        x = np.ones((2, 4, 4, 1), "float32")
        self.assertAllClose(MaxNumBoundingBoxes(3)(x), x)

    def test_output_shape(self):
        layer = MaxNumBoundingBoxes(3, bounding_box_format="xyxy")
        shape = layer.compute_output_shape({
            "images": (None, 4, 4, 1),
            "bounding_boxes": {"boxes": (None, 5, 4), "labels": (None, 5)},
        })
        self.assertEqual(shape["bounding_boxes"],
                         {"boxes": (None, 3, 4), "labels": (None, 3)})

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "max_number.*positive.*0"):
            MaxNumBoundingBoxes(0)
        with self.assertRaisesRegex(ValueError, "bounding_box_format"):
            MaxNumBoundingBoxes(3)(_data(2))

    def test_config(self):
        layer = MaxNumBoundingBoxes(4, fill_value=-2,
                                    bounding_box_format="xyxy")
        config = layer.get_config()
        self.assertEqual(config["max_number"], 4)
        self.assertEqual(config["fill_value"], -2)
        self.run_class_serialization_test(layer)

    def test_tf_data(self):
        import tensorflow as tf

        data = _data(2, batch=4)
        ds = tf.data.Dataset.from_tensor_slices(data).batch(2)
        layer = MaxNumBoundingBoxes(3, bounding_box_format="xyxy")
        out = next(iter(ds.map(layer)))
        self.assertIsInstance(out["bounding_boxes"]["boxes"], tf.Tensor)
        self.assertEqual(tuple(out["bounding_boxes"]["boxes"].shape),
                         (2, 3, 4))
        self.assertEqual(backend.standardize_dtype(
            out["bounding_boxes"]["labels"].dtype), "int64")
