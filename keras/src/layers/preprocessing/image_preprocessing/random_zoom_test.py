from unittest import mock

import numpy as np
import pytest

from keras.src import backend
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.image_preprocessing.random_zoom import (
    RandomZoom,
)
from keras.src.models.model import Model


def _images(shape):
    return np.arange(np.prod(shape), dtype="float32").reshape(shape)


class RandomZoomTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomZoom,
            init_kwargs={"height_factor": 0.2, "seed": 1},
            input_shape=(2, 5, 5, 3),
            expected_output_shape=(2, 5, 5, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=False,
            run_training_check=True,
        )

    def test_zoom_in_matches_numpy(self):
        x = _images((1, 4, 4, 1))
        layer = RandomZoom((-0.5, -0.5), fill_mode="constant",
                           interpolation="nearest")
        # Each output pixel samples the centre 2x2 block, doubled.
        expected = x[:, [1, 1, 2, 2]][:, :, [1, 1, 2, 2]]
        self.assertAllClose(layer(x), expected)

    def test_zoom_out_matches_the_oracle(self):
        x = _images((1, 4, 4, 1))
        out = RandomZoom((0.5, 0.5), (0.0, 0.0), fill_mode="constant")(x)
        rows = np.array([0.25 * x[0, 0], 0.25 * x[0, 0] + 0.75 * x[0, 1],
                         0.75 * x[0, 2] + 0.25 * x[0, 3], 0.25 * x[0, 3]])
        self.assertAllClose(out[0], rows, atol=1e-5)

    def test_zero_factor_and_inference_are_identity(self):
        x = _images((2, 5, 5, 1))
        self.assertAllClose(RandomZoom(0.0)(x), x, atol=1e-4)
        self.assertAllClose(RandomZoom(0.3)(x, training=False), x)

    def test_random_zooms_are_seeded(self):
        x = np.zeros((16, 9, 9, 1), "float32")
        x[:, 4, 6] = 1.0
        out = RandomZoom(0.5, fill_mode="constant", interpolation="nearest",
                         seed=4)(x)
        again = RandomZoom(0.5, fill_mode="constant",
                           interpolation="nearest", seed=4)(x)
        self.assertAllClose(out, again)
        # The dot stays on the centre row and moves along it.
        values = backend.convert_to_numpy(out)[..., 0]
        self.assertEqual(np.abs(values[:, :4]).sum(), 0.0)
        self.assertGreater(len({tuple(np.nonzero(v[4])[0]) for v in values}),
                           1)

    def test_bounding_boxes(self):
        data = {"images": np.zeros((1, 4, 4, 1), "float32"),
                "bounding_boxes": {"boxes": np.array([[[0.0, 0, 3, 2]]]),
                                   "labels": np.ones((1, 1), "int32")}}
        out = RandomZoom((-0.5, -0.5), bounding_box_format="xyxy")(data)
        # x: 0 -> -2 (clipped to 0), 3 -> 4; y: 0 -> -2, 2 -> 2.
        self.assertAllClose(out["bounding_boxes"]["boxes"],
                            [[[0.0, 0.0, 4.0, 2.0]]], atol=1e-5)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, r"height_factor.*\(-1.0"):
            RandomZoom(-1.5)
        with self.assertRaisesRegex(ValueError, "width_factor.*'a'"):
            RandomZoom(0.1, "a")
        with self.assertRaisesRegex(ValueError, "fill_mode.*'foo'"):
            RandomZoom(0.1, fill_mode="foo")
        with self.assertRaisesRegex(ValueError, "RandomZoom.*rank 3"):
            RandomZoom(0.1)(np.zeros((4, 4)))

    def test_config(self):
        layer = RandomZoom([0.1, 0.2], 0.3, interpolation="nearest", seed=2)
        config = layer.get_config()
        self.assertEqual(config["height_factor"], [0.1, 0.2])
        self.assertEqual(config["width_factor"], 0.3)
        self.assertEqual(config["interpolation"], "nearest")
        self.run_class_serialization_test(layer)

    def test_functional_model(self):
        inputs = Input((5, 5, 3))
        outputs = RandomZoom(0.1)(inputs)
        self.assertEqual(tuple(outputs.shape), (None, 5, 5, 3))
        x = _images((2, 5, 5, 3))
        self.assertAllClose(Model(inputs, outputs).predict(x, verbose=0), x)

    def test_tf_data(self):
        import tensorflow as tf

        x = _images((4, 4, 4, 1))
        layer = RandomZoom((-0.5, -0.5), fill_mode="constant",
                           interpolation="nearest")
        ds = tf.data.Dataset.from_tensor_slices(x)
        out = next(iter(ds.batch(2, drop_remainder=True).map(layer)))
        self.assertIsInstance(out, tf.Tensor)
        self.assertAllClose(out, x[:2, [1, 1, 2, 2]][:, :, [1, 1, 2, 2]])

    @pytest.mark.skipif(backend.backend() != "torch", reason="torch only")
    def test_torch_compile_fullgraph(self):
        import torch

        from keras.src.backend.common import dtypes

        layer = RandomZoom(0.2, seed=1)
        x = torch.ones((2, 5, 5, 3))
        fn = torch.compile(lambda t: layer(t, training=True),
                           fullgraph=True, backend="aot_eager")
        # Once tf.data tests ran, the dtype cache holds TensorFlow dtypes,
        # whose C hash Dynamo cannot trace (reported to the lead).
        cache = {k: v for k, v in dtypes._STANDARDIZED.items()
                 if not type(k).__module__.startswith("tensorflow")}
        with mock.patch.object(dtypes, "_STANDARDIZED", cache):
            self.assertEqual(tuple(fn(x).shape), (2, 5, 5, 3))
