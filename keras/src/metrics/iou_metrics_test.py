import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.metrics import iou_metrics
from keras.src.metrics.metric_test import run_compiled

RNG = np.random.default_rng(0)
LABELS = RNG.integers(0, 3, (4, 5))
PREDS = RNG.integers(0, 3, (4, 5))
WEIGHTS = RNG.random((4, 5)).astype("float32")
SCORES = RNG.random((4, 5, 3)).astype("float32")


def np_confusion(labels, preds, num_classes, weights=None):
    weights = np.ones(np.shape(labels)) if weights is None else weights
    matrix = np.zeros((num_classes, num_classes))
    for t, p, w in zip(np.ravel(labels), np.ravel(preds),
                       np.ravel(np.broadcast_to(weights, np.shape(labels)))):
        matrix[t, p] += w
    return matrix


def np_mean_iou(matrix, target_ids):
    hits = np.diag(matrix)
    union = matrix.sum(0) + matrix.sum(1) - hits
    ious = [hits[i] / union[i] for i in target_ids if union[i] != 0]
    return np.mean(ious) if ious else 0.0


class IoUTest(testing.TestCase):
    def test_iou(self):
        m = iou_metrics.IoU(3, [0, 2])
        # The backend's default int, as in Keras.
        default_int = "int64" if backend.backend() == "tensorflow" else "int32"
        self.assertEqual(m.dtype, default_int)
        self.assertEqual(m.variables[0].name, "total_confusion_matrix")
        m.update_state(LABELS[:2], PREDS[:2])
        m.update_state(LABELS[2:], PREDS[2:])
        matrix = np_confusion(LABELS, PREDS, 3)
        self.assertAllClose(m.total_cm, matrix)
        self.assertAllClose(m.result(), np_mean_iou(matrix, [0, 2]))
        self.assertDType(m.result(), "float32")
        m.reset_state()
        self.assertAllClose(m.total_cm, np.zeros((3, 3)))

    def test_weights(self):
        m = iou_metrics.IoU(3, [0, 1, 2], dtype="float32")
        m.update_state(LABELS, PREDS, sample_weight=WEIGHTS)
        matrix = np_confusion(LABELS, PREDS, 3, WEIGHTS)
        self.assertAllClose(m.total_cm, matrix, rtol=1e-5)
        self.assertAllClose(m.result(), np_mean_iou(matrix, [0, 1, 2]),
                            rtol=1e-5)
        # Per-sample weights broadcast over the other axes.
        m = iou_metrics.IoU(3, [1], dtype="float32")
        m.update_state(LABELS, PREDS, sample_weight=WEIGHTS[:, 0])
        matrix = np_confusion(LABELS, PREDS, 3, WEIGHTS[:, :1])
        self.assertAllClose(m.total_cm, matrix, rtol=1e-5)
        # Integer counts (the default) truncate weights, as in Keras.
        m = iou_metrics.IoU(3, [0])
        m.update_state(LABELS, PREDS, sample_weight=WEIGHTS)
        self.assertAllClose(m.total_cm, np.zeros((3, 3)))

    def test_ignore_class(self):
        m = iou_metrics.IoU(3, [0, 1, 2], ignore_class=1)
        m.update_state(LABELS, PREDS)
        keep = LABELS != 1
        matrix = np_confusion(LABELS[keep], PREDS[keep], 3)
        self.assertAllClose(m.total_cm, matrix)
        self.assertAllClose(m.result(), np_mean_iou(matrix, [0, 1, 2]))

    def test_dense_inputs(self):
        one_hot = np.eye(3)[LABELS]
        matrix = np_confusion(LABELS, SCORES.argmax(-1), 3)
        expected = np_mean_iou(matrix, [0, 2])
        for kwargs, y_true in (
            ({"sparse_y_pred": False}, LABELS),
            ({"sparse_y_true": False, "sparse_y_pred": False}, one_hot),
        ):
            m = iou_metrics.IoU(3, [0, 2], **kwargs)
            self.assertAllClose(m(y_true, SCORES), expected)
        self.assertAllClose(
            iou_metrics.OneHotIoU(3, [0, 2])(one_hot, SCORES), expected
        )
        self.assertAllClose(
            iou_metrics.OneHotMeanIoU(3)(one_hot, SCORES),
            np_mean_iou(matrix, [0, 1, 2]),
        )
        moved = np.moveaxis(SCORES, -1, 0)
        m = iou_metrics.IoU(3, [0, 2], sparse_y_pred=False, axis=0)
        self.assertAllClose(m(LABELS, moved), expected)

    def test_mean_iou(self):
        matrix = np_confusion(LABELS, PREDS, 3)
        self.assertAllClose(iou_metrics.MeanIoU(3)(LABELS, PREDS),
                            np_mean_iou(matrix, [0, 1, 2]))
        # Classes that never occur are left out of the mean.
        self.assertAllClose(iou_metrics.MeanIoU(5)(LABELS, PREDS),
                            np_mean_iou(matrix, [0, 1, 2]))
        self.assertAllClose(iou_metrics.MeanIoU(2).result(), 0.0)

    def test_binary_iou(self):
        labels = RNG.integers(0, 2, (4, 5))
        scores = RNG.random((4, 5)).astype("float32")
        for ids, threshold in (((0, 1), 0.5), ([1], 0.3)):
            m = iou_metrics.BinaryIoU(target_class_ids=ids,
                                      threshold=threshold)
            matrix = np_confusion(labels, (scores >= threshold) * 1, 2)
            self.assertAllClose(m(labels, scores), np_mean_iou(matrix, ids),
                                rtol=1e-6)
        # Scores equal to the threshold predict 1; labels are truncated.
        m = iou_metrics.BinaryIoU(target_class_ids=[1])
        self.assertAllClose(m([0.7, 0.0, 1.0], [0.6, 0.5, 0.7]), 1 / 3)

    @parameterized.named_parameters(
        ("iou", iou_metrics.IoU, {"num_classes": 3,
                                  "target_class_ids": [0, 2],
                                  "ignore_class": 1, "axis": 1}),
        ("binary", iou_metrics.BinaryIoU, {"target_class_ids": [1],
                                           "threshold": 0.3}),
        ("mean", iou_metrics.MeanIoU, {"num_classes": 4,
                                       "sparse_y_pred": False}),
        ("one_hot", iou_metrics.OneHotIoU, {"num_classes": 3,
                                            "target_class_ids": [1]}),
        ("one_hot_mean", iou_metrics.OneHotMeanIoU, {"num_classes": 2}),
    )
    def test_config(self, cls, kwargs):
        m = cls(**kwargs)
        config = m.get_config()
        for key, value in kwargs.items():
            self.assertEqual(config[key], value)
        self.assertEqual(config["dtype"], backend.standardize_dtype("int"))
        self.run_class_serialization_test(m)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, r"5 is out of range.*\[0, 3\)"):
            iou_metrics.IoU(3, [0, 5])
        with self.assertRaisesRegex(ValueError, "num_classes"):
            iou_metrics.MeanIoU("3")

    def test_compiled(self):
        m = iou_metrics.MeanIoU(3, dtype="float32")
        result = run_compiled(m, [(LABELS[:2], PREDS[:2], WEIGHTS[:2]),
                                  (LABELS[2:], PREDS[2:], WEIGHTS[2:])])
        matrix = np_confusion(LABELS, PREDS, 3, WEIGHTS)
        self.assertAllClose(result, np_mean_iou(matrix, [0, 1, 2]),
                            rtol=1e-5)
