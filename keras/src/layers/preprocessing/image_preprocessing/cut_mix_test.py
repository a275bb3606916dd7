import numpy as np
import pytest

from keras.src import testing
from keras.src.layers.preprocessing.image_preprocessing import color_testing
from keras.src.layers.preprocessing.image_preprocessing.cut_mix import (  # noqa: E501
    CutMix,
)


def indexed_batch(size=8):
    """Image k is constant k + 1; its label is one-hot k."""
    values = np.arange(1, size + 1, dtype="float32")
    images = np.tile(values[:, None, None, None], (1, 6, 6, 3))
    return {"images": images, "labels": np.eye(size, dtype="float32")}


class CutMixTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            CutMix,
            init_kwargs={"factor": 1.0, "seed": 1},
            # check_common's shape: JAX reuses the ops it compiled there.
            input_shape=(2, 6, 5, 3),
            expected_output_shape=(2, 6, 5, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=False,
        )

    def test_common(self):
        color_testing.check_common(self, CutMix, {"factor": 1.0, "seed": 1})

    def test_labels_match_patch_area(self):
        data = indexed_batch()
        out = color_testing.run(CutMix(seed=2), data)
        values = np.arange(1, 9, dtype="float32")
        images, labels = out["images"], out["labels"]
        self.assertAllClose(labels.sum(-1), np.ones(8), atol=1e-5)
        for i in range(8):
            own = images[i, ..., 0] == values[i]
            partner = np.unique(images[i, ..., 0][~own])
            self.assertLessEqual(len(partner), 1)
            self.assertAllClose(labels[i, i], own.mean(), atol=1e-5)
            if len(partner):
                j = int(partner[0]) - 1
                self.assertAllClose(labels[i, j], 1 - own.mean(), atol=1e-5)
                # The patch is one rectangle.
                rows = np.flatnonzero((~own).any(1))
                cols = np.flatnonzero((~own).any(0))
                self.assertEqual((~own).sum(), len(rows) * len(cols))

    def test_some_images_get_patches(self):
        data = indexed_batch()
        out = color_testing.run(CutMix(seed=4), data)
        self.assertFalse(np.allclose(out["images"], data["images"]))

    def test_inference_keeps_dicts(self):
        data = indexed_batch()
        out = color_testing.run(CutMix(), data, training=False)
        self.assertAllClose(out["images"], data["images"])
        self.assertAllClose(out["labels"], data["labels"])

    def test_config(self):
        config = CutMix(0.5, seed=3).get_config()
        self.assertEqual(config["factor"], (0.0, 0.5))
        self.assertEqual(config["seed"], 3)

    def test_bad_factor(self):
        with self.assertRaisesRegex(ValueError, r"CutMix.*\[0, 1\].*-1"):
            CutMix(factor=-1)
