"""Drawing boxes and masks on images and plotting image galleries.

Rules: the drawing functions (`draw_bounding_boxes`,
`draw_segmentation_masks`) work on NumPy arrays and return uint8 NumPy
images; label text needs Pillow. The plotting functions need matplotlib.
Both are imported on first use (`keras.src.utils.module_utils`), never with
`keras`.
"""

from keras.src.visualization.draw_bounding_boxes import draw_bounding_boxes
from keras.src.visualization.plot_image_gallery import plot_image_gallery
