import numpy as np
import pytest

from keras.src import testing
from keras.src.visualization.draw_bounding_boxes import draw_bounding_boxes


class DrawBoundingBoxesTest(testing.TestCase):
    def test_outlines(self):
        images = np.zeros((2, 10, 10, 3), "uint8")
        boxes = {
            "boxes": np.array([[[2, 2, 7, 7], [0, 0, 1, 1]],
                               [[0.1, 0.1, 0.5, 0.5], [0, 0, 0, 0]]]),
            "labels": np.array([[1, -1], [0, -1]]),
        }
        out = draw_bounding_boxes(images, boxes, "xyxy", color=(255, 0, 0),
                                  line_thickness=1)
        self.assertEqual(out.dtype, np.uint8)
        red = (out[0, :, :, 0] == 255)
        expected = np.zeros((10, 10), bool)
        expected[2, 2:8] = expected[7, 2:8] = True
        expected[2:8, 2] = expected[2:8, 7] = True
        self.assertAllEqual(red, expected)
        # The padded box (label -1) is skipped; the inside stays black.
        self.assertAllEqual(out[0, 4, 4], [0, 0, 0])
        self.assertTrue(out[1].max() == 255)
        self.assertAllEqual(images, np.zeros_like(images))
        rel = draw_bounding_boxes(
            images, {"boxes": boxes["boxes"] / 10, "labels": boxes["labels"]},
            "rel_xyxy", color=(255, 0, 0), line_thickness=1,
        )
        self.assertAllEqual(rel[0], out[0])

    def test_thickness_and_class_names(self):
        pytest.importorskip("PIL", reason="class names are drawn by Pillow")
        images = np.zeros((1, 40, 40, 3), "uint8")
        boxes = {"boxes": np.array([[[5, 20, 35, 35]]]),
                 "labels": np.array([[3]])}
        thick = draw_bounding_boxes(images, boxes, "xyxy",
                                    color=(0, 255, 0), line_thickness=3)
        self.assertEqual(int((thick[0, :, 20, 1] == 255).sum()), 6)
        named = draw_bounding_boxes(images, boxes, "xyxy",
                                    class_mapping={3: "cat"},
                                    color=(0, 255, 0), line_thickness=1)
        # The name is written above the box.
        self.assertGreater(int(named[0, :19].sum()), 0)

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "'boxes' and 'labels'"):
            draw_bounding_boxes(np.zeros((1, 4, 4, 3)), np.zeros((1, 1, 4)),
                                "xyxy")
        with self.assertRaisesRegex(ValueError, "one set of boxes"):
            draw_bounding_boxes(
                np.zeros((2, 4, 4, 3)),
                {"boxes": np.zeros((1, 1, 4)), "labels": np.zeros((1, 1))},
                "xyxy",
            )
