import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import testing
from keras.src.backend import KerasTensor
from keras.src.layers.core.input_layer import Input
from keras.src.layers.merging.add import Add
from keras.src.layers.merging.maximum import Maximum
from keras.src.layers.merging.multiply import Multiply
from keras.src.layers.merging.subtract import Subtract
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


class MergeShapeTest(testing.TestCase):
    @parameterized.parameters(
        ([(None, 3), (None, 3)], (None, 3)),
        ([(None, 3), (None, 1)], (None, 3)),
        ([(None, 1), (None, None)], (None, None)),
        ([(None, None), (None, 5)], (None, None)),
        ([(None, 4, 3), (None, 3)], (None, 4, 3)),
        ([(None, 3), (None, 1, 3)], (None, 1, 3)),
        ([(None, 3, 1), (None, 1, 4), (None, 1)], (None, 3, 4)),
        ([(None, 3), (2, 3)], (2, 3)),
        ([(3, 3, 1), (None, 1, 4), (None, 1)], (3, 3, 4)),
        ([(None,), (None, 3)], (None, 3)),
    )
    def test_output_shape(self, shapes, expected):
        self.assertEqual(Add().compute_output_shape(shapes), expected)

    def test_symbolic_call_keeps_none_batch(self):
        outputs = Add()([Input((4, 3)), Input((3,))])
        self.assertEqual(outputs.shape, (None, 4, 3))

    def test_training_argument_is_ignored(self):
        outputs = Add()([Input((3,)), Input((3,))], training=True)
        self.assertEqual(outputs.shape, (None, 3))
        x = np.ones((2, 3), "float32")
        self.assertAllClose(Add()([x, x], training=True), 2 * x)

    def test_incompatible_shapes(self):
        layer = Add(name="my_add")
        with pytest.raises(ValueError, match=r"my_add.*\(5, 3\) and \(4, 3\)"):
            layer.build([(None, 5, 3), (None, 4, 3)])
        with pytest.raises(ValueError, match="incompatible shapes"):
            Add()([Input((5, 3)), Input((4, 3))])
        with pytest.raises(ValueError, match="incompatible shapes"):
            Add()([np.ones((2, 3)), np.ones((2, 4))])

    def test_different_batch_sizes(self):
        with pytest.raises(ValueError, match="different batch sizes"):
            Add()([np.ones((1, 3)), np.ones((2, 3))])

    def test_not_a_list(self):
        with pytest.raises(ValueError, match=r"list of inputs.*\(2, 3\)"):
            Add()(np.ones((2, 3)))
        with pytest.raises(ValueError, match="non-empty list"):
            Add().build([])

    def test_rank_zero(self):
        with pytest.raises(ValueError, match="batch axis"):
            Add().compute_output_shape([(), ()])

    def test_single_input(self):
        x = np.arange(6.0, dtype="float32").reshape(2, 3)
        self.assertAllClose(Add()([x]), x)

    def test_lower_rank_inputs_gain_axes_after_batch(self):
        x = np.random.rand(2, 5, 4, 3).astype("float32")
        y = np.random.rand(2, 3).astype("float32")
        z = np.random.rand(2, 4, 1).astype("float32")
        expected = x * y[:, None, None, :] * z[:, None, :, :]
        self.assertAllClose(Multiply()([x, y, z]), expected, atol=1e-6)
        self.assertAllClose(Multiply()([y, z, x]), expected, atol=1e-6)

    def test_integer_inputs_keep_dtype(self):
        x = np.array([[1, 5], [3, 2]], "int32")
        y = np.array([[4, 1], [3, 9]], "int32")
        out = Maximum()([x, y])
        self.assertDType(out, "int32")
        self.assertAllEqual(out, np.maximum(x, y))
        symbolic = Maximum()([Input((2,), dtype="int32")] * 2)
        self.assertDType(symbolic, "int32")

    def test_float_inputs_are_autocast(self):
        x = np.ones((2, 3), "float16")
        out = Add()([x, x])
        self.assertDType(out, "float32")
        self.assertDType(Add()([Input((3,), dtype="float16")] * 2),
                         "float32")
        self.assertDType(Add(dtype="float16")([Input((3,))] * 2), "float16")
        self.assertDType(Add(autocast=False)([x, x]), "float16")

    def test_mixed_dtypes_promote(self):
        out = Add()([np.ones((2, 3), "int32"), np.ones((2, 3), "float32")])
        self.assertDType(out, "float32")
        symbolic = Add()([Input((3,), dtype="int32"), Input((3,))])
        self.assertDType(symbolic, "float32")


class MergeMaskTest(testing.TestCase):
    m1 = np.array([[1, 1, 0], [1, 0, 0]], bool)
    m2 = np.array([[1, 0, 1], [0, 0, 1]], bool)
    x = np.ones((2, 3, 4), "float32")

    def test_masks_are_or_ed(self):
        mask = Add().compute_mask([self.x, self.x], [self.m1, self.m2])
        self.assertAllEqual(mask, np.logical_or(self.m1, self.m2))
        m3 = np.zeros((2, 3), bool)
        mask = Add().compute_mask([self.x] * 3, [self.m1, self.m2, m3])
        self.assertAllEqual(mask, np.logical_or(self.m1, self.m2))
        self.assertDType(mask, "bool")

    def test_missing_mask_gives_none(self):
        layer = Subtract()
        self.assertIsNone(layer.compute_mask([self.x, self.x], None))
        self.assertIsNone(layer.compute_mask([self.x, self.x], [None] * 2))
        self.assertIsNone(
            layer.compute_mask([self.x, self.x], [self.m1, None])
        )

    def test_bad_masks(self):
        with pytest.raises(ValueError, match="`mask` should be a list"):
            Add().compute_mask([self.x, self.x], self.m1)
        with pytest.raises(ValueError, match="same length"):
            Add().compute_mask([self.x, self.x], [self.m1])

    def test_symbolic_masks(self):
        a, b = Input((3, 4)), Input((3, 4))
        a._keras_mask = KerasTensor((None, 3), dtype="bool")
        self.assertIsNone(getattr(Add()([a, b]), "_keras_mask", None))
        b._keras_mask = KerasTensor((None, 3), dtype="bool")
        mask = Add()([a, b])._keras_mask
        self.assertEqual(mask.shape, (None, 3))
        self.assertDType(mask, "bool")

    def test_supports_masking(self):
        self.assertTrue(Add().supports_masking)


class MergeConfigTest(testing.TestCase):
    def test_config_round_trip(self):
        layer = Add(name="adder", dtype="float16")
        config = layer.get_config()
        self.assertEqual(set(config), {"name", "trainable", "dtype"})
        restored = Add.from_config(config)
        self.assertEqual(restored.get_config(), config)
        again = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertIsInstance(again, Add)
        self.assertEqual(again.get_config(), config)

    def test_build_config(self):
        layer = Add()
        layer([np.ones((2, 3)), np.ones((2, 3))])
        restored = Add.from_config(layer.get_config())
        restored.build_from_config(layer.get_build_config())
        self.assertTrue(restored.built)

    def test_functional_model(self):
        a, b = Input((3,)), Input((3,))
        model = Model([a, b], Subtract()([a, b]))
        x = np.random.rand(4, 3).astype("float32")
        y = np.random.rand(4, 3).astype("float32")
        self.assertAllClose(model([x, y]), x - y)
        clone = Model.from_config(model.get_config())
        self.assertAllClose(clone([x, y]), x - y)

