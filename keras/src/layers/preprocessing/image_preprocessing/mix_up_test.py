import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.mix_up import (  # noqa: E501
    MixUp,
)


def indexed_batch(size=8):
    """Image k is constant k + 1; its label is one-hot k."""
    values = np.arange(1, size + 1, dtype="float32")
    images = np.tile(values[:, None, None, None], (1, 6, 6, 3))
    return {"images": images, "labels": np.eye(size, dtype="float32")}


class MixUpTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            MixUp,
            init_kwargs={"alpha": 0.4, "seed": 1},
            input_shape=(2, 4, 4, 3),
            expected_output_shape=(2, 4, 4, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=False,
        )

    def test_common(self):
        color_testing.check_common(self, MixUp, {"alpha": 0.4, "seed": 1})

    def test_labels_follow_images(self):
        data = indexed_batch()
        out = color_testing.run(MixUp(alpha=1.0, seed=2), data)
        values = np.arange(1, 9, dtype="float32")
        self.assertAllClose(out["labels"].sum(-1), np.ones(8), atol=1e-5)
        # Each image is the label-weighted blend of the batch's images.
        want = out["labels"] @ values
        self.assertAllClose(out["images"][:, 0, 0, 0], want, atol=1e-4)
        self.assertAllClose(out["images"], np.broadcast_to(
            want[:, None, None, None], out["images"].shape), atol=1e-4)
        self.assertFalse(np.allclose(out["labels"], data["labels"]))

    def test_inference_keeps_dicts(self):
        data = indexed_batch()
        out = color_testing.run(MixUp(), data, training=False)
        self.assertAllClose(out["images"], data["images"])
        self.assertAllClose(out["labels"], data["labels"])

    def test_boxes_of_partner_are_appended(self):
        data = indexed_batch(4)
        boxes = np.arange(16, dtype="float32").reshape(4, 1, 4)
        data["bounding_boxes"] = {"boxes": boxes,
                                  "labels": np.ones((4, 1), "float32")}
        layer = MixUp(seed=3, bounding_box_format="xyxy")
        out = layer(data, training=True)["bounding_boxes"]
        self.assertEqual(tuple(out["boxes"].shape), (4, 2, 4))
        self.assertEqual(tuple(out["labels"].shape), (4, 2))

    def test_config(self):
        config = MixUp(alpha=0.5, seed=3).get_config()
        self.assertEqual((config["alpha"], config["seed"]), (0.5, 3))

    def test_bad_alpha(self):
        with self.assertRaisesRegex(ValueError, "MixUp.*alpha.*positive.*-1"):
            MixUp(alpha=-1)
