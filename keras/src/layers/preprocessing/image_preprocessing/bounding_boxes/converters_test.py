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
