import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import testing
from keras.src.backend import KerasTensor
from keras.src.layers.core.input_layer import Input
from keras.src.layers.merging.concatenate import Concatenate
from keras.src.layers.merging.concatenate import concatenate
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


class ConcatenateTest(testing.TestCase):
    @parameterized.parameters((-1, (2, 3, 9)), (1, (2, 6, 4)))
    def test_basic(self, axis, expected_shape):
        self.run_layer_test(
            Concatenate,
            init_kwargs={"axis": axis},
            input_shape=[(2, 3, 4), (2, 3, 5)] if axis == -1
            else [(2, 3, 4), (2, 3, 4)],
            expected_output_shape=expected_shape,
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
            run_training_check=False,
        )

    @parameterized.parameters(-1, 0, 1, 2, -2)
    def test_values(self, axis):
        rng = np.random.default_rng(3)
        xs = [rng.normal(size=(2, 3, 4)).astype("float32") for _ in "abc"]
        self.assertAllClose(Concatenate(axis=axis)(xs),
                            np.concatenate(xs, axis=axis))

    @parameterized.parameters(
        (-1, [(None, 3), (None, 4)], (None, 7)),
        (-1, [(None, 3), (None, None)], (None, None)),
        (1, [(None, 3, 5), (None, 4, None)], (None, 7, 5)),
        (1, [(None, 3, None), (None, 4, 6)], (None, 7, 6)),
        (0, [(2, 3), (4, 3)], (6, 3)),
        (0, [(None, 3), (4, 3)], (None, 3)),
        (-1, [(None, 3), (2, 3)], (2, 6)),
    )
    def test_output_shape(self, axis, shapes, expected):
        layer = Concatenate(axis=axis)
        layer.build(shapes)
        self.assertEqual(layer.compute_output_shape(shapes), expected)

    def test_single_input(self):
        x = np.ones((2, 3), "float32")
        self.assertAllClose(Concatenate()([x]), x)

    def test_mismatched_shapes(self):
        layer = Concatenate(axis=1, name="cat")
        with pytest.raises(ValueError, match=r"cat.*except for the conc"):
            layer.build([(None, 3, 5), (None, 4, 6)])
        with pytest.raises(ValueError, match="equal rank"):
            Concatenate()([Input((3,)), Input((1, 3))])
        with pytest.raises(ValueError, match=r"input_shape=\[\(2, 3\)"):
            Concatenate()([np.ones((2, 3)), np.ones((4, 3))])

    def test_bad_axis(self):
        with pytest.raises(ValueError, match=r"\[-2, 2\).*axis=3"):
            Concatenate(axis=3)([np.ones((2, 3)), np.ones((2, 3))])
        with pytest.raises(TypeError, match="axis=1.5"):
            Concatenate(axis=1.5)
        with pytest.raises(ValueError, match="non-empty list"):
            Concatenate().build((None, 3))

    def test_dtypes(self):
        ints = [np.ones((2, 3), "int32"), np.ones((2, 3), "int32")]
        self.assertDType(Concatenate()(ints), "int32")
        mixed = [np.ones((2, 3), "int32"), np.ones((2, 3), "float32")]
        self.assertDType(Concatenate()(mixed), "float32")
        symbolic = Concatenate()([Input((3,), dtype="int32")] * 2)
        self.assertDType(symbolic, "int32")

    def test_functional_form_and_model(self):
        a, b = Input((None, 3)), Input((None, 2))
        outputs = concatenate([a, b], axis=-1)
        self.assertEqual(outputs.shape, (None, None, 5))
        model = Model([a, b], outputs)
        x = np.random.rand(2, 4, 3).astype("float32")
        y = np.random.rand(2, 4, 2).astype("float32")
        self.assertAllClose(model([x, y]), np.concatenate([x, y], -1))
        clone = Model.from_config(model.get_config())
        self.assertAllClose(clone([x, y]), np.concatenate([x, y], -1))

    def test_config(self):
        layer = Concatenate(axis=1, name="cat")
        config = layer.get_config()
        self.assertEqual(config["axis"], 1)
        self.assertEqual(Concatenate.from_config(config).get_config(),
                         config)
        restored = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertEqual(restored.axis, 1)


class ConcatenateMaskTest(testing.TestCase):
    m1 = np.array([[1, 1, 0], [1, 0, 0]], bool)
    m2 = np.array([[1, 0, 1], [0, 0, 1]], bool)
    x = np.ones((2, 3, 4), "float32")

    def test_feature_axis_ors_timesteps(self):
        mask = Concatenate().compute_mask([self.x, self.x],
                                          [self.m1, self.m2])
        self.assertAllEqual(mask, np.logical_or(self.m1, self.m2))
        mask = Concatenate().compute_mask([self.x, self.x],
                                          [self.m1, None])
        self.assertAllEqual(mask, np.ones((2, 3), bool))

    def test_time_axis_concatenates(self):
        layer = Concatenate(axis=1)
        mask = layer.compute_mask([self.x, self.x], [self.m1, self.m2])
        self.assertAllEqual(mask, np.concatenate([self.m1, self.m2], 1))
        mask = layer.compute_mask([self.x, self.x], [self.m1, None])
        expected = np.concatenate([self.m1, np.ones((2, 3), bool)], 1)
        self.assertAllEqual(mask, expected)

    def test_no_masks(self):
        layer = Concatenate()
        self.assertIsNone(layer.compute_mask([self.x, self.x], None))
        self.assertIsNone(layer.compute_mask([self.x, self.x], [None] * 2))

    def test_bad_masks(self):
        with pytest.raises(ValueError, match="`mask` should be a list"):
            Concatenate().compute_mask([self.x, self.x], self.m1)
        with pytest.raises(ValueError, match="same length"):
            Concatenate().compute_mask([self.x, self.x], [self.m1])

    def test_symbolic_masks(self):
        a, b = Input((3, 4)), Input((5, 4))
        a._keras_mask = KerasTensor((None, 3), dtype="bool")
        outputs = Concatenate(axis=1)([a, b])
        self.assertEqual(outputs.shape, (None, 8, 4))
        self.assertEqual(outputs._keras_mask.shape, (None, 8))
