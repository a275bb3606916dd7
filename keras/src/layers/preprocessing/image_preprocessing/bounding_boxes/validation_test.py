import numpy as np

from keras.src import ops
from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing.bounding_boxes import (
    bounding_box,
)
from keras.src.layers.preprocessing.image_preprocessing.bounding_boxes import (
    formats,
)
from keras.src.layers.preprocessing.image_preprocessing.bounding_boxes import (
    validation,
)


class ValidationTest(testing.TestCase):
    def test_validate(self):
        validation.validate_bounding_boxes(
            {"boxes": np.zeros((1, 4)), "labels": np.zeros((1,))}
        )
        with self.assertRaisesRegex(ValueError, "'boxes' and 'labels'"):
            validation.validate_bounding_boxes({"boxes": np.zeros((1, 4))})

    def test_densify_pads_and_truncates(self):
        data = {"boxes": [[[1, 2, 3, 4]], [[1, 2, 3, 4], [5, 6, 7, 8]]],
                "labels": [[1], [2, 3]]}
        out = validation.densify_bounding_boxes(data, is_batched=True)
        self.assertAllClose(out["labels"], [[1, -1], [2, 3]])
        self.assertAllClose(out["boxes"][0, 1], [0, 0, 0, 0])
        self.assertEqual(
            ops.convert_to_numpy(out["boxes"]).dtype.name, "float32"
        )
        out = validation.densify_bounding_boxes(data, is_batched=True,
                                                max_boxes=1)
        self.assertAllClose(out["labels"], [[1], [2]])

    def test_bounding_box_and_formats(self):
        boxes = bounding_box.BoundingBox().convert_format(
            np.array([[0.0, 0.0, 10.0, 20.0]]), "xyxy", "xywh"
        )
        self.assertAllClose(boxes, [[0.0, 0.0, 10.0, 20.0]])
        self.assertIn("rel_xywh", bounding_box.SUPPORTED_FORMATS)
        self.assertEqual(formats.YXYX.BOTTOM, 2)
        self.assertEqual(formats.CENTER_XYWH.HEIGHT, 3)
