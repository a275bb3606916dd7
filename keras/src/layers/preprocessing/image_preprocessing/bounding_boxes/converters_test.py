import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing.bounding_boxes import (
    converters,
)

XYXY = np.array([[10.0, 20.0, 50.0, 80.0], [0.0, 0.0, 4.0, 2.0]], "float32")


def _expected(fmt, height=100.0, width=200.0):
    x1, y1, x2, y2 = XYXY.T
    w, h = x2 - x1, y2 - y1
    table = {
        "xyxy": [x1, y1, x2, y2],
        "yxyx": [y1, x1, y2, x2],
        "xywh": [x1, y1, w, h],
        "center_xywh": [(x1 + x2) / 2, (y1 + y2) / 2, w, h],
        "center_yxhw": [(y1 + y2) / 2, (x1 + x2) / 2, h, w],
        "rel_xyxy": [x1 / width, y1 / height, x2 / width, y2 / height],
        "rel_yxyx": [y1 / height, x1 / width, y2 / height, x2 / width],
        "rel_xywh": [x1 / width, y1 / height, w / width, h / height],
        "rel_center_xywh": [(x1 + x2) / 2 / width, (y1 + y2) / 2 / height,
                            w / width, h / height],
    }
    return np.stack(table[fmt], axis=-1)


class ConvertersTest(testing.TestCase):
    @parameterized.parameters(*converters.FORMATS)
    def test_convert_format_round_trip(self, fmt):
        out = converters.convert_format(XYXY, "xyxy", fmt, height=100,
                                        width=200)
        self.assertAllClose(out, _expected(fmt), atol=1e-5)
        back = converters.convert_format(out, fmt, "xyxy", height=100,
                                         width=200)
        self.assertAllClose(back, XYXY, atol=1e-4)

    def test_convert_dict_and_batch(self):
        boxes = {"boxes": XYXY[None], "labels": np.ones((1, 2))}
        out = converters.convert_format(boxes, "xyxy", "xywh")
        self.assertAllClose(out["boxes"], _expected("xywh")[None])
        self.assertIs(out["labels"], boxes["labels"])

    def test_convert_errors(self):
        with self.assertRaisesRegex(ValueError, "source.*'foo'"):
            converters.convert_format(XYXY, "foo", "xyxy")
        with self.assertRaisesRegex(ValueError, "height.*width"):
            converters.convert_format(XYXY, "xyxy", "rel_xyxy")

    def test_clip_to_image_size(self):
        boxes = {"boxes": np.array([[-5.0, 20.0, 250.0, 80.0],
                                    [1.0, 1.0, 1.0, 5.0]]),
                 "labels": np.array([1, 2])}
        out = converters.clip_to_image_size(boxes, height=100, width=200)
        self.assertAllClose(out["boxes"], [[0, 20, 200, 80], [1, 1, 1, 5]])
        self.assertAllEqual(out["labels"], [1, -1])

    def test_crop_and_pad(self):
        box = XYXY[:1]
        self.assertAllClose(converters.crop(box, 5, 5, 30, 30),
                            [[5.0, 15.0, 30.0, 30.0]])
        self.assertAllClose(converters.pad(box, 5, 5),
                            [[15.0, 25.0, 55.0, 85.0]])
        xywh = converters.pad(_expected("xywh")[:1], 5, 5,
                              bounding_box_format="xywh")
        self.assertAllClose(xywh, [[15.0, 25.0, 40.0, 60.0]])


ANCHORS = np.array([[0, 0, 10, 10], [10, 10, 30, 20]], "float32")
GT = np.array([[1, 2, 11, 14], [12, 8, 28, 24]], "float32")


class DeltasAndAffineTest(testing.TestCase):
    # Expected values recorded from Keras 3.15.1.
    def test_encode_decode(self):
        deltas = converters.encode_box_to_deltas(ANCHORS, GT, "xyxy", "xyxy")
        self.assertAllClose(
            deltas,
            [[0.3, 0.1, 0.1823216, 0.0], [0.1, 0.0, 0.47000366, -0.22314353]],
            atol=1e-6,
        )
        self.assertAllClose(
            converters.encode_box_to_deltas(
                ANCHORS, GT, "xyxy", "xyxy", variance=[0.1, 0.1, 0.2, 0.2]
            ),
            [[3.0, 1.0, 0.911608, 0.0], [1.0, 0.0, 2.3500183, -1.1157176]],
            atol=1e-5,
        )
        self.assertAllClose(
            converters.encode_box_to_deltas(
                ANCHORS, GT, "xyxy", "xyxy", encoding_format="center_xywh"
            ),
            [[0.1, 0.3, 0.0, 0.1823216], [0.0, 0.1, -0.22314353, 0.47000366]],
            atol=1e-6,
        )
        self.assertAllClose(
            converters.decode_deltas_to_boxes(ANCHORS, deltas, "xyxy",
                                              "xyxy"),
            GT, atol=1e-4,
        )
        self.assertAllClose(
            converters.decode_deltas_to_boxes(ANCHORS, deltas, "xyxy",
                                              "yxyx"),
            GT[:, [1, 0, 3, 2]], atol=1e-4,
        )
        out = converters.decode_deltas_to_boxes(
            {"p3": ANCHORS}, {"p3": deltas}, "xyxy", "xyxy"
        )
        self.assertAllClose(out["p3"], GT, atol=1e-4)
        rel = converters.encode_box_to_deltas(
            ANCHORS / 40, GT / 40, "rel_xyxy", "rel_xyxy",
            image_shape=(40, 40, 3),
        )
        self.assertAllClose(rel, deltas, atol=1e-5)
        with self.assertRaisesRegex(ValueError, "encoding_format"):
            converters.encode_box_to_deltas(ANCHORS, GT, "xyxy", "xyxy",
                                            encoding_format="xywh")
        with self.assertRaisesRegex(ValueError, "same keys"):
            converters.decode_deltas_to_boxes({"a": ANCHORS}, deltas,
                                              "xyxy", "xyxy")

    def transform(self, **kwargs):
        args = dict(angle=[0.0], translate_x=[0.0], translate_y=[0.0],
                    scale=[1.0], shear_x=[0.0], shear_y=[0.0], height=10,
                    width=10)
        args.update({k: [v] if k not in ("height", "width") else v
                     for k, v in kwargs.items()})
        boxes = np.array([[[2.0, 2.0, 6.0, 4.0]]], "float32")
        return converters.affine_transform(
            boxes, **{k: np.array(v, "float32") if isinstance(v, list)
                      else v for k, v in args.items()}
        )

    def test_affine_transform(self):
        cases = [
            ({}, [2.0, 2.0, 6.0, 4.0]),
            ({"angle": 90.0}, [2.0, 3.0, 4.0, 7.0]),
            ({"translate_x": 2.0}, [20.0, 2.0, 24.0, 4.0]),
            ({"scale": 2.0}, [-0.5, -0.5, 7.5, 3.5]),
            ({"shear_x": 0.5}, [1.9782, 2.0, 5.9956, 4.0]),
            ({"shear_y": 0.5}, [2.0, 1.9782, 6.0, 4.0131]),
            ({"angle": 30.0, "center_x": 0.5, "center_y": 0.5},
             [1.0849, 1.5849, 5.549, 5.317]),
            ({"angle": 30.0, "center_x": 0.2, "center_y": 0.7,
              "translate_x": 0.1},
             [0.60262823, 0.0260905, 5.0667295, 3.7581413]),
            ({"angle": 30.0, "scale": 1.5, "translate_x": 0.1,
              "translate_y": -0.2, "shear_x": 0.3, "shear_y": 0.1},
             [-0.839, -2.8861, 5.8864, 2.7056]),
            ({"shear_x": 20.0, "shear_y": 10.0},
             [1.2505, 1.5592, 5.7217, 4.2645]),
        ]
        for kwargs, expected in cases:
            self.assertAllClose(self.transform(**kwargs), [[expected]],
                                atol=2e-3, msg=str(kwargs))
        out = self.transform(width=20, height=10, translate_x=0.1,
                             translate_y=0.1)
        self.assertAllClose(out, [[[3.9, 2.9, 7.9, 4.9]]], atol=1e-4)
        with self.assertRaisesRegex(ValueError, "batch, num_boxes"):
            converters.affine_transform(
                np.zeros((1, 4)), [0.0], [0.0], [0.0], [1.0], [0.0], [0.0],
                10, 10,
            )
