import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.layers.merging.dot import Dot
from keras.src.layers.merging.dot import dot
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


def _l2(x, axis):
    norm = np.sqrt(np.sum(np.square(x), axis=axis, keepdims=True))
    return x / np.maximum(norm, 1e-7)


def _rand(*shape):
    return np.random.default_rng(sum(shape)).normal(size=shape).astype(
        "float32"
    )


class DotTest(testing.TestCase):
    @parameterized.parameters(False, True)
    def test_basic(self, normalize):
        self.run_layer_test(
            Dot,
            init_kwargs={"axes": -1, "normalize": normalize},
            input_shape=[(2, 3, 4), (2, 5, 4)],
            expected_output_shape=(2, 3, 5),
            expected_num_trainable_weights=0,
            expected_num_non_trainable_weights=0,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=True,
            run_training_check=False,
        )

    @parameterized.parameters(
        (2, (2, 3, 4), (2, 5, 4), "bij,bkj->bik"),
        (-1, (2, 3, 4), (2, 5, 4), "bij,bkj->bik"),
        (1, (2, 3, 4), (2, 3, 5), "bji,bjk->bik"),
        ((1, 2), (2, 4), (2, 3, 4), "bj,bij->bi"),
        ((2, 1), (2, 3, 4), (2, 4, 6), "bij,bjk->bik"),
        (1, (2, 4, 5, 6), (2, 4, 7), "bjkl,bjm->bklm"),
    )
    def test_values(self, axes, shape1, shape2, subscripts):
        x1, x2 = _rand(*shape1), _rand(*shape2)
        expected = np.einsum(subscripts, x1, x2)
        out = Dot(axes=axes)([x1, x2])
        self.assertAllClose(out, expected, atol=1e-5)
        self.assertEqual(
            Dot(axes=axes).compute_output_shape([shape1, shape2]),
            expected.shape,
        )

    def test_vectors_give_column(self):
        x1, x2 = _rand(3, 4), _rand(3, 4)
        out = Dot(axes=1)([x1, x2])
        self.assertEqual(tuple(out.shape), (3, 1))
        self.assertAllClose(out, np.sum(x1 * x2, 1, keepdims=True),
                            atol=1e-5)

    def test_normalize(self):
        x1, x2 = _rand(3, 4), _rand(3, 4)
        out = Dot(axes=1, normalize=True)([x1, x2])
        cosine = np.sum(_l2(x1, 1) * _l2(x2, 1), 1, keepdims=True)
        self.assertAllClose(out, cosine, atol=1e-5)
        a, b = _rand(2, 3, 4), _rand(2, 3, 5)
        out = Dot(axes=1, normalize=True)([a, b])
        expected = np.einsum("bji,bjk->bik", _l2(a, 1), _l2(b, 1))
        self.assertAllClose(out, expected, atol=1e-5)

    def test_dtypes(self):
        ints = [np.ones((2, 3), "int32"), np.ones((2, 3), "int32")]
        out = Dot(axes=1)(ints)
        self.assertDType(out, "int32")
        self.assertAllEqual(out, [[3], [3]])
        self.assertDType(Dot(axes=1, normalize=True)(ints), "float32")
        symbolic = Dot(axes=1)([Input((3,), dtype="int32")] * 2)
        self.assertDType(symbolic, "int32")

    def test_symbolic_model(self):
        a, b = Input((None, 4)), Input((5, 4))
        outputs = dot([a, b], axes=-1)
        self.assertEqual(outputs.shape, (None, None, 5))
        model = Model([a, b], outputs)
        x1, x2 = _rand(2, 3, 4), _rand(2, 5, 4)
        expected = np.einsum("bij,bkj->bik", x1, x2)
        self.assertAllClose(model([x1, x2]), expected, atol=1e-5)
        clone = Model.from_config(model.get_config())
        self.assertAllClose(clone([x1, x2]), expected, atol=1e-5)

    def test_mask_is_dropped(self):
        x = np.ones((2, 3, 4), "float32")
        mask = np.ones((2, 3), bool)
        self.assertTrue(Dot(axes=2).supports_masking)
        self.assertIsNone(Dot(axes=2).compute_mask([x, x], [mask, mask]))

    def test_config(self):
        layer = Dot(axes=(1, 2), normalize=True, name="d")
        config = layer.get_config()
        self.assertEqual(config["axes"], (1, 2))
        self.assertTrue(config["normalize"])
        self.assertEqual(Dot.from_config(config).get_config(), config)
        restored = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertEqual(tuple(restored.axes), (1, 2))
        self.assertTrue(restored.normalize)

    def test_bad_arguments(self):
        with pytest.raises(ValueError, match=r"two ints.*axes=\(1, 2, 3\)"):
            Dot(axes=(1, 2, 3))
        with pytest.raises(ValueError, match=r"axes=\(1, 'a'\)"):
            Dot(axes=(1, "a"))
        with pytest.raises(TypeError, match="axes='a'"):
            Dot(axes="a")
        with pytest.raises(TypeError, match="normalize='x'"):
            Dot(axes=1, normalize="x")

    def test_bad_inputs(self):
        with pytest.raises(ValueError, match=r"exactly 2 inputs"):
            Dot(axes=1)([_rand(2, 3)] * 3)
        with pytest.raises(ValueError, match=r"same size.*3 and 4"):
            Dot(axes=1, name="d")([Input((3,)), Input((4,))])
        with pytest.raises(ValueError, match="non-batch axis.*axes=0"):
            Dot(axes=0).build([(None, 3), (None, 3)])
        with pytest.raises(ValueError, match="non-batch axis.*axes=3"):
            Dot(axes=3).build([(None, 3, 4), (None, 3, 4)])
        with pytest.raises(ValueError, match="rank >= 2"):
            Dot(axes=1).build([(3,), (3,)])
        with pytest.raises(ValueError, match="different batch sizes"):
            Dot(axes=2)([_rand(2, 3, 4), _rand(3, 5, 4)])


class BatchDotTest(testing.TestCase):
    def test_default_and_explicit_axes(self):
        from keras.src.layers.merging.dot import batch_dot

        x = np.random.rand(2, 3, 4).astype("float32")
        y = np.random.rand(2, 4, 5).astype("float32")
        self.assertAllClose(batch_dot(x, y), np.einsum("bij,bjk->bik", x, y),
                            atol=1e-5)
        a = np.random.rand(2, 3).astype("float32")
        self.assertAllClose(batch_dot(a, a, axes=1),
                            np.sum(a * a, axis=1, keepdims=True), atol=1e-5)
        z = np.random.rand(2, 3, 5).astype("float32")
        self.assertEqual(batch_dot(x, z, axes=(1, 1)).shape, (2, 4, 5))
        with self.assertRaisesRegex(ValueError, "batch axis"):
            batch_dot(x, z, axes=(0, 0))
