import numpy as np

from keras.src import testing
from keras.src.visualization.draw_segmentation_masks import (
    draw_segmentation_masks,
)

IMAGES = np.full((1, 2, 3, 3), 100, "uint8")
MASKS = np.array([[[0, 1, 2], [1, -1, 0]]])[..., None]


class DrawSegmentationMasksTest(testing.TestCase):
    # Expected values recorded from Keras 3.15.1.
    def test_blend_with_default_palette(self):
        out = draw_segmentation_masks(IMAGES, MASKS, num_classes=3)
        self.assertEqual(out.dtype, np.uint8)
        self.assertAllEqual(
            out[0],
            [[[20, 20, 20], [20, 121, 44], [21, 223, 69]],
             [[20, 121, 44], [100, 100, 100], [20, 20, 20]]],
        )
        inferred = draw_segmentation_masks(IMAGES, MASKS[..., 0])
        self.assertAllEqual(inferred[0, 0, 2], [100, 100, 100])
        self.assertAllEqual(inferred[0, 0, 1], [20, 121, 44])

    def test_paint_mapping_ignore_index(self):
        out = draw_segmentation_masks(IMAGES, MASKS, num_classes=3,
                                      blend=False)
        self.assertEqual(out.dtype, np.float32)
        self.assertAllClose(
            out[0],
            [[[0, 0, 0], [1, 127, 31], [2, 254, 62]],
             [[1, 127, 31], [100, 100, 100], [0, 0, 0]]],
        )
        mapping = {0: (255, 0, 0), 1: (0, 255, 0), 2: (0, 0, 255)}
        out = draw_segmentation_masks(IMAGES, MASKS, num_classes=3,
                                      color_mapping=mapping, alpha=0.5)
        self.assertAllEqual(out[0, 0], [[177, 50, 50], [50, 177, 50],
                                        [50, 50, 177]])
        out = draw_segmentation_masks(IMAGES, MASKS, num_classes=3,
                                      ignore_index=0)
        self.assertAllEqual(out[0, 0, 0], [100, 100, 100])
        self.assertAllEqual(out[0, 1, 2], [100, 100, 100])

    def test_channels_first_and_errors(self):
        first = np.transpose(IMAGES, (0, 3, 1, 2))
        out = draw_segmentation_masks(first, MASKS, num_classes=3,
                                      data_format="channels_first")
        self.assertEqual(out.shape, (1, 2, 3, 3))
        with self.assertRaisesRegex(ValueError, "masks of shape"):
            draw_segmentation_masks(IMAGES, MASKS[:, :1], num_classes=3)
