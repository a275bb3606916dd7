import numpy as np

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing.bounding_boxes import (
    iou,
)

B1 = np.array([[0, 0, 10, 10], [5, 5, 15, 15], [0, 0, 0, 0]], "float32")
B2 = np.array([[0, 0, 10, 10], [5, 5, 10, 10]], "float32")


class IoUTest(testing.TestCase):
    # Expected values recorded from Keras 3.15.1.
    def test_pairwise_iou(self):
        expected = [[1.0, 0.25], [0.14285715, 0.25], [0.0, 0.0]]
        self.assertAllClose(iou.compute_iou(B1, B2, "xyxy"), expected)
        self.assertAllClose(iou.compute_iou(B1, B2, "yxyx"), expected)
        self.assertAllClose(
            iou.compute_iou(B1 / 20, B2 / 20, "rel_xyxy",
                            image_shape=(20, 20, 3)),
            expected, atol=1e-6,
        )
        batched = iou.compute_iou(B1[None], B2[None], "xyxy")
        self.assertEqual(tuple(batched.shape), (1, 3, 2))
        tiny = np.array([[0, 0, 1e-3, 1e-3]], "float32")
        other = np.array([[0, 0, 1e-3, 2e-3]], "float32")
        self.assertAllClose(iou.compute_iou(tiny, other, "xyxy"),
                            [[0.47619045]], rtol=1e-4)

    def test_masking(self):
        a = np.array([[-1, -1, -1, -1], [5, 5, 15, 15]], "float32")
        b = np.array([[0, 0, 10, 10], [-1, -1, -1, -1]], "float32")
        self.assertAllClose(
            iou.compute_iou(a, b, "xyxy", use_masking=True, mask_val=-1),
            [[-1.0, -1.0], [0.14285715, -1.0]],
        )
        self.assertAllClose(iou.compute_iou(a, b, "xyxy"),
                            [[0.0, 0.0], [0.14285715, 0.0]])

    def test_ciou(self):
        self.assertAllClose(
            iou.compute_ciou(B1[:2], B1[:2][::-1], "xyxy"),
            [0.03174604, 0.03174604],
        )
        self.assertAllClose(iou.compute_ciou(B1[:2], B2, "xyxy"),
                            [1.0, 0.1875])
        a = np.array([[0, 0, 0, 0], [0, 0, 1e-3, 1e-3], [0, 0, 4, 2]],
                     "float32")
        b = np.array([[0, 0, 0, 0], [0, 0, 1e-3, 2e-3], [1, 0, 3, 6]],
                     "float32")
        self.assertAllClose(iou.compute_ciou(a, b, "xyxy"),
                            [0.0, 0.40248904, 0.11057687], atol=1e-5)
        self.assertAllClose(iou.compute_ciou(a, b, "xywh"),
                            [0.0, 0.40248904, 0.18581395], atol=1e-5)
        small = np.array([[0, 0, 1e-3, 1e-3]] * 2, "float32")
        apart = np.array([[0, 0, 1e-3, 1e-3], [0, 1e-3, 1e-3, 2e-3]],
                         "float32")
        self.assertAllClose(iou.compute_ciou(small, apart, "xyxy"),
                            [0.8331946, -0.19607839], atol=1e-5)
        self.assertEqual(
            tuple(iou.compute_ciou(B1[None, :2], B2[None], "xyxy").shape),
            (1, 2),
        )

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "same rank"):
            iou.compute_iou(B1, B2[None], "xyxy")
        with self.assertRaisesRegex(ValueError, "image_shape"):
            iou.compute_iou(B1, B2, "rel_xyxy")
        with self.assertRaisesRegex(ValueError, "format"):
            iou.compute_ciou(B1, B1, "xyz")
