import os

import numpy as np
import pytest

from keras.src import testing
from keras.src.visualization.plot_bounding_box_gallery import (
    plot_bounding_box_gallery,
)
from keras.src.visualization.plot_image_gallery import plot_image_gallery
from keras.src.visualization.plot_segmentation_mask_gallery import (
    plot_segmentation_mask_gallery,
)

pytest.importorskip("matplotlib", reason="plots need matplotlib")


@pytest.fixture(autouse=True)
def _agg_backend():
    import matplotlib

    matplotlib.use("Agg")


class PlotGalleryTest(testing.TestCase):
    def test_image_gallery_grid_titles_and_file(self):
        images = np.random.default_rng(0).uniform(0, 1, (5, 8, 8, 3))
        path = os.path.join(self.get_temp_dir(), "gallery.png")
        fig = plot_image_gallery(
            images, y_true=np.array([0, 1, 0, 1, 1]),
            y_pred=np.eye(2)[[1, 1, 0, 1, 0]], label_map={0: "cat", 1: "dog"},
            value_range=(0, 1), path=path,
        )
        self.assertTrue(os.path.getsize(path) > 0)
        axes = fig.get_axes()
        self.assertLen(axes, 5)
        self.assertEqual(axes[0].get_title(), "cat / dog")
        # Five images: a 3 x 2 grid.
        self.assertEqual(axes[0].get_subplotspec().get_geometry()[:2], (2, 3))
        fig = plot_image_gallery(images[:4], rows=1, show=False)
        self.assertEqual(
            fig.get_axes()[0].get_subplotspec().get_geometry()[:2], (1, 4)
        )
        with self.assertRaisesRegex(ValueError, "fewer"):
            plot_image_gallery(images, rows=1, cols=2, show=False)

    def test_bounding_box_and_mask_galleries(self):
        images = np.zeros((2, 16, 16, 3))
        boxes = {"boxes": np.array([[[2.0, 2.0, 9.0, 9.0]]] * 2),
                 "labels": np.array([[1]] * 2)}
        path = os.path.join(self.get_temp_dir(), "boxes.png")
        fig = plot_bounding_box_gallery(
            images, "xyxy", y_true=boxes, y_pred=boxes, legend=True,
            path=path,
        )
        self.assertLen(fig.get_axes(), 2)
        self.assertLen(fig.legends, 1)
        self.assertTrue(os.path.getsize(path) > 0)
        masks = np.random.default_rng(1).integers(0, 3, (2, 16, 16))
        fig = plot_segmentation_mask_gallery(
            images, 3, y_true=masks, y_pred=masks, show=False
        )
        self.assertLen(fig.get_axes(), 6)
        self.assertEqual(
            fig.get_axes()[0].get_subplotspec().get_geometry()[:2], (3, 2)
        )
