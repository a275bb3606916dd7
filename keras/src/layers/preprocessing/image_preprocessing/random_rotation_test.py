from unittest import mock

import numpy as np
import pytest

from keras.src import backend
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.preprocessing.image_preprocessing import (
    random_rotation,
)
from keras.src.models.model import Model

RandomRotation = random_rotation.RandomRotation


def _images(shape):
    return np.arange(np.prod(shape), dtype="float32").reshape(shape)


class RandomRotationTest(testing.TestCase):
    @pytest.mark.requires_trainable_backend
    def test_layer(self):
        self.run_layer_test(
            RandomRotation,
            init_kwargs={"factor": 0.2, "seed": 1},
            input_shape=(2, 5, 5, 3),
            expected_output_shape=(2, 5, 5, 3),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=1,
            supports_masking=False,
            run_training_check=True,
        )

    def test_quarter_turn_is_rot90(self):
        x = _images((2, 4, 4, 1))
        layer = RandomRotation((0.25, 0.25), fill_mode="constant",
                               interpolation="nearest")
        self.assertAllClose(layer(x), np.rot90(x, axes=(1, 2)))
        layer = RandomRotation((-0.5, -0.5), interpolation="nearest",
                               data_format="channels_first")
        y = _images((1, 2, 4, 4))
        self.assertAllClose(layer(y), y[:, :, ::-1, ::-1])

    def test_eighth_turn_matches_the_oracle(self):
        out = RandomRotation((0.125, 0.125), fill_mode="constant")(
            _images((1, 4, 4, 1))
        )
        self.assertAllClose(out[0, 0, :, 0],
                            [0.5680196, 2.550253, 6.085787, 3.4081178],
                            atol=1e-4)

    def test_zero_factor_and_inference_are_identity(self):
        x = _images((2, 5, 5, 1))
        self.assertAllClose(RandomRotation(0.0)(x), x, atol=1e-4)
        self.assertAllClose(RandomRotation(0.3)(x, training=False), x)

    def test_random_angles(self):
        # A 1-pixel dot rotated about the centre stays on a circle.
        x = np.zeros((32, 9, 9, 1), "float32")
        x[:, 4, 8] = 1.0
        layer = RandomRotation(0.5, fill_mode="constant",
                               interpolation="nearest", seed=3)
        out = backend.convert_to_numpy(layer(x))
        positions = set()
        for image in out[..., 0]:
            ys, xs = np.nonzero(image)
            radius = np.hypot(ys - 4, xs - 4)
            self.assertTrue(np.all(np.abs(radius - 4) < 1.0))
            positions.update(zip(ys.tolist(), xs.tolist()))
        self.assertGreater(len(positions), 5)
        again = RandomRotation(0.5, fill_mode="constant",
                               interpolation="nearest", seed=3)(x)
        self.assertAllClose(again, out)

    def test_bounding_boxes(self):
        data = {"images": np.zeros((1, 4, 6, 1), "float32"),
                "bounding_boxes": {"boxes": np.array([[[0.0, 0, 2, 1]]]),
                                   "labels": np.ones((1, 1), "int32")}}
        layer = RandomRotation((0.25, 0.25), fill_mode="constant",
                               bounding_box_format="xyxy")
        out = layer(data)
        # The pixels of the box land in rows 3 and column 1.
        self.assertAllClose(out["bounding_boxes"]["boxes"],
                            [[[1.0, 3.0, 2.0, 4.0]]], atol=1e-4)
        masks = np.zeros((1, 4, 6, 1), "float32")
        masks[0, 0, :2] = 1.0
        data["segmentation_masks"] = masks
        out = layer(data)
        self.assertAllClose(np.nonzero(backend.convert_to_numpy(
            out["segmentation_masks"])[0, ..., 0]), [[3], [1]])

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "factor.*2.0"):
            RandomRotation(2.0)
        with self.assertRaisesRegex(ValueError, "fill_mode.*'foo'"):
            RandomRotation(0.1, fill_mode="foo")
        with self.assertRaisesRegex(ValueError, "interpolation.*'foo'"):
            RandomRotation(0.1, interpolation="foo")
        with self.assertRaisesRegex(ValueError, "RandomRotation.*rank 3"):
            RandomRotation(0.1)(np.zeros((4, 4)))

    def test_config(self):
        layer = RandomRotation([0.2, 0.1], fill_mode="constant", seed=2)
        config = layer.get_config()
        self.assertEqual(config["factor"], (0.1, 0.2))
        self.assertEqual(config["fill_mode"], "constant")
        self.assertEqual(config["seed"], 2)
        self.run_class_serialization_test(layer)

    def test_functional_model(self):
        inputs = Input((5, 5, 3))
        outputs = RandomRotation(0.1)(inputs)
        self.assertEqual(tuple(outputs.shape), (None, 5, 5, 3))
        x = _images((2, 5, 5, 3))
        self.assertAllClose(Model(inputs, outputs).predict(x, verbose=0), x)

    def test_tf_data(self):
        import tensorflow as tf

        x = _images((4, 4, 4, 1))
        layer = RandomRotation((0.25, 0.25), interpolation="nearest")
        # A static batch size: the TensorFlow affine_transform needs it.
        ds = tf.data.Dataset.from_tensor_slices(x)
        ds = ds.batch(2, drop_remainder=True).map(layer)
        out = next(iter(ds))
        self.assertIsInstance(out, tf.Tensor)
        self.assertAllClose(out, np.rot90(x[:2], axes=(1, 2)))

    @pytest.mark.skipif(backend.backend() != "torch", reason="torch only")
    def test_torch_compile_fullgraph(self):
        import torch

        from keras.src.backend.common import dtypes

        layer = RandomRotation(0.2, seed=1)
        x = torch.ones((2, 5, 5, 3))
        fn = torch.compile(lambda t: layer(t, training=True),
                           fullgraph=True, backend="aot_eager")
        # Once tf.data tests ran, the dtype cache holds TensorFlow dtypes,
        # whose C hash Dynamo cannot trace (reported to the lead).
        cache = {k: v for k, v in dtypes._STANDARDIZED.items()
                 if not type(k).__module__.startswith("tensorflow")}
        with mock.patch.object(dtypes, "_STANDARDIZED", cache):
            self.assertEqual(tuple(fn(x).shape), (2, 5, 5, 3))
