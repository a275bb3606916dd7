import numpy as np
import pytest

from keras.src import backend
from keras.src import dtype_policies
from keras.src import ops
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.losses import loss as loss_module
from keras.src.losses.loss import Loss
from keras.src.losses.loss import LossFunctionWrapper
from keras.src.losses.loss import reduce_weighted_values
from keras.src.losses.loss import squeeze_or_expand_to_same_rank
from keras.src.losses.losses_regression import huber
from keras.src.saving import serialization_lib


class MaskedArray(np.ndarray):
    """A NumPy array that can carry `_keras_mask` on every backend."""


def masked(values, mask):
    array = np.asarray(values, "float32").view(MaskedArray)
    array._keras_mask = np.asarray(mask)
    return array


class SquaredError(Loss):
    """Elementwise squared error: one loss per entry."""

    def call(self, y_true, y_pred):
        return ops.square(y_true - y_pred)


def numpy_reduce(values, weights=None, mask=None, reduction="sum"):
    """The reductions, written directly for the shapes used below."""
    values = np.asarray(values, "float64")
    w = np.ones_like(values) if weights is None else np.asarray(weights)
    m = np.ones_like(values) if mask is None else np.asarray(mask, "float64")
    w, m = np.broadcast_to(w, values.shape), np.broadcast_to(m, values.shape)
    weighted = values * w * m
    if reduction in ("none", None):
        return weighted
    if reduction == "sum":
        return weighted.sum()
    if reduction == "mean_with_sample_weight":
        total = (w * m).sum()
    else:
        total = m.sum()
    return weighted.sum() / total if total else 0.0


class ReduceWeightedValuesTest(testing.TestCase):
    values = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], "float32")

    @pytest.mark.filterwarnings("ignore")
    def test_reductions_without_weights(self):
        for reduction in ["sum_over_batch_size", "mean", "sum",
                          "mean_with_sample_weight", "none", None]:
            out = reduce_weighted_values(self.values, reduction=reduction)
            self.assertAllClose(out, numpy_reduce(self.values,
                                                  reduction=reduction))
        self.assertAllClose(
            reduce_weighted_values(self.values), self.values.mean()
        )

    def test_sample_weights(self):
        weights = np.array([[0.5], [2.0]], "float32")
        for reduction in ["sum_over_batch_size", "sum", "none",
                          "mean_with_sample_weight"]:
            out = reduce_weighted_values(self.values, weights,
                                         reduction=reduction)
            self.assertAllClose(
                out, numpy_reduce(self.values, weights, reduction=reduction)
            )

    def test_sample_weight_of_rank_one_expands_values(self):
        # Per-sample losses (2,) with weights (2, 1) meet at (2, 1).
        out = reduce_weighted_values(
            np.array([1.0, 3.0]), np.array([[2.0], [1.0]]), reduction=None
        )
        self.assertEqual(tuple(out.shape), (2, 1))
        self.assertAllClose(out, [[2.0], [3.0]])

    def test_scalar_and_list_sample_weights(self):
        self.assertAllClose(
            reduce_weighted_values(self.values, 2.0, reduction="sum"), 42.0
        )
        self.assertAllClose(
            reduce_weighted_values([1.0, 3.0], [1, 3]), 5.0
        )

    def test_weighted_mean_broadcasts_the_weights(self):
        out = reduce_weighted_values(
            self.values, 2.0, reduction="mean_with_sample_weight"
        )
        self.assertAllClose(out, self.values.mean())

    def test_mask(self):
        mask = np.array([[True, False, True], [False, False, True]])
        for reduction in ["sum_over_batch_size", "sum", "none",
                          "mean_with_sample_weight"]:
            out = reduce_weighted_values(self.values, mask=mask,
                                         reduction=reduction)
            self.assertAllClose(
                out, numpy_reduce(self.values, mask=mask, reduction=reduction)
            )
        # The mean counts the unmasked entries only: (1 + 3 + 6) / 3.
        self.assertAllClose(
            reduce_weighted_values(self.values, mask=mask), 10.0 / 3.0
        )

    def test_mask_and_sample_weight(self):
        mask = np.array([[1.0], [0.0]], "float32")
        weights = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], "float32")
        for reduction in ["sum_over_batch_size", "sum",
                          "mean_with_sample_weight"]:
            out = reduce_weighted_values(self.values, weights, mask,
                                         reduction=reduction)
            self.assertAllClose(
                out, numpy_reduce(self.values, weights, mask, reduction),
                rtol=1e-5,
            )

    def test_empty_denominators_give_zero(self):
        mask = np.zeros((2, 3), bool)
        self.assertAllClose(reduce_weighted_values(self.values, mask=mask), 0)
        self.assertAllClose(
            reduce_weighted_values(self.values, np.zeros((2, 1)),
                                   reduction="mean_with_sample_weight"),
            0.0,
        )

    def test_dtype(self):
        out = reduce_weighted_values(self.values, dtype="float16")
        self.assertDType(out, "float16")
        self.assertDType(reduce_weighted_values([1, 2]), backend.floatx())
        self.assertAllClose(out, 3.5)

    def test_invalid_reduction(self):
        with self.assertRaisesRegex(ValueError, "reduction.*Received: "
                                    "reduction='average'"):
            reduce_weighted_values(self.values, reduction="average")
        with self.assertRaisesRegex(ValueError, "reduction"):
            Loss(reduction=1)

    def test_symbolic_values(self):
        values = KerasTensor((None, 3))
        self.assertEqual(reduce_weighted_values(values).shape, ())
        out = reduce_weighted_values(values, KerasTensor((None, 1)),
                                     reduction=None)
        self.assertEqual(out.shape, (None, 3))


class HelpersTest(testing.TestCase):
    def _ranks(self, a, b, **kwargs):
        a, b = squeeze_or_expand_to_same_rank(np.zeros(a), np.zeros(b),
                                              **kwargs)
        return tuple(a.shape), tuple(b.shape)

    def test_squeeze_or_expand_to_same_rank(self):
        self.assertEqual(self._ranks((4,), (4, 1)), ((4, 1), (4, 1)))
        self.assertEqual(self._ranks((4, 1), (4,)), ((4, 1), (4, 1)))
        self.assertEqual(self._ranks((4, 3), (4, 3, 1)), ((4, 3), (4, 3)))
        self.assertEqual(self._ranks((4, 3, 1), (4, 3)), ((4, 3), (4, 3)))
        self.assertEqual(
            self._ranks((4,), (4, 1), expand_rank_1=False), ((4,), (4,))
        )
        # Other differences are left to broadcasting.
        self.assertEqual(self._ranks((4, 3), (4,)), ((4, 3), (4,)))
        self.assertEqual(self._ranks((2, 3), (2, 3)), ((2, 3), (2, 3)))

    def test_check_shapes(self):
        check = loss_module.check_shapes
        check("mse", np.zeros((8, 3)), np.zeros((8, 1)))
        check("mse", KerasTensor((None, 3)), KerasTensor((8, 3)), exact=True)
        with self.assertRaisesRegex(
            ValueError,
            r"`mse`.*y_true.shape=\(8, 3\), y_pred.shape=\(8, 5\)",
        ):
            check("mse", np.zeros((8, 3)), np.zeros((8, 5)))
        with self.assertRaisesRegex(ValueError, "the same shape"):
            check("cce", np.zeros((8, 1)), np.zeros((8, 5)), exact=True)

    def test_check_number(self):
        loss_module.check_number("q", 0.5, 0.0, 1.0, True, True)
        for value in [0.0, 1.0, -1, float("nan"), "0.5", True, None]:
            with self.assertRaisesRegex(
                ValueError, rf"`q`.*\(0.0, 1.0\).*Received: q={value!r}"
            ):
                loss_module.check_number("q", value, 0.0, 1.0, True, True)

    def test_combine_masks(self):
        combine = loss_module.combine_masks
        self.assertIsNone(combine(None, None))
        mask = np.array([True, False])
        self.assertIs(combine(mask, None), mask)
        out = combine(np.array([[True], [True]]), np.array([True, False]))
        self.assertAllEqual(out, [[True], [False]])


class LossTest(testing.TestCase):
    def test_call_reduces_per_sample_losses(self):
        y_true = np.array([[1.0, 2.0], [3.0, 4.0]])
        y_pred = np.array([[1.5, 2.0], [2.0, 6.0]])
        squares = (y_true - y_pred) ** 2
        self.assertAllClose(SquaredError()(y_true, y_pred), squares.mean())
        self.assertAllClose(
            SquaredError(reduction="sum")(y_true, y_pred), squares.sum()
        )
        self.assertAllClose(
            SquaredError(reduction=None)(y_true, y_pred), squares
        )
        weights = np.array([1.0, 3.0])
        out = SquaredError(reduction="mean_with_sample_weight")(
            y_true, y_pred, sample_weight=weights[:, None]
        )
        self.assertAllClose(
            out, (squares * weights[:, None]).sum() / (2 * weights.sum())
        )

    def test_inputs_are_converted_to_the_loss_dtype(self):
        seen = {}

        class Recorder(Loss):
            def call(self, y_true, y_pred):
                seen["dtypes"] = (backend.standardize_dtype(y_true.dtype),
                                  backend.standardize_dtype(y_pred.dtype))
                return y_pred - y_true

        out = Recorder()([1, 2], [[1], [3]])
        self.assertEqual(seen["dtypes"], ("float32", "float32"))
        self.assertDType(out, "float32")
        out = Recorder(dtype="float16")(np.array([1.0]), np.array([2.0]))
        self.assertEqual(seen["dtypes"], ("float16", "float16"))
        self.assertDType(out, "float16")

    def test_dtype_argument(self):
        self.assertEqual(Loss().dtype, backend.floatx())
        self.assertEqual(Loss(dtype="float64").dtype, "float64")
        self.assertEqual(Loss(dtype="mixed_bfloat16").dtype, "bfloat16")
        policy = dtype_policies.DTypePolicy("mixed_float16")
        self.assertEqual(Loss(dtype=policy).dtype, "float16")
        self.assertEqual(Loss(dtype=policy).get_config()["dtype"],
                         "mixed_float16")
        with self.assertRaisesRegex(ValueError, "dtype.*Received: dtype=3"):
            Loss(dtype=3)

    def test_floatx_is_read_at_construction(self):
        backend.set_floatx("float64")
        try:
            loss = Loss()
        finally:
            backend.set_floatx("float32")
        self.assertEqual(loss.dtype, "float64")

    def test_mask_of_y_pred(self):
        y_pred = masked([[0.0, 0.0], [5.0, 5.0], [1.0, 1.0]],
                        [True, False, True])
        y_true = np.ones((3, 2), "float32")
        mse = LossFunctionWrapper(
            lambda t, p: ops.mean(ops.square(t - p), axis=-1)
        )
        self.assertAllClose(mse(y_true, y_pred), 0.5)
        mse.reduction = None
        self.assertAllClose(mse(y_true, y_pred), [1.0, 0.0, 0.0])
        mse.reduction = "mean_with_sample_weight"
        out = mse(y_true, y_pred, sample_weight=np.array([3.0, 1.0, 1.0]))
        self.assertAllClose(out, 3.0 / 4.0)

    def test_mask_of_a_masking_layer_output(self):
        # On numpy and jax the Embedding's mask lives in the side table of
        # `backend.set_keras_mask`, not on the array.
        from keras.src import layers

        embed = layers.Embedding(4, 2, mask_zero=True,
                                 embeddings_initializer="ones")
        y_pred = embed(np.array([[1, 2, 0], [3, 3, 0]]))
        y_true = np.zeros((2, 3, 2), "float32")
        y_true[1] = 3.0
        mse = LossFunctionWrapper(
            lambda t, p: ops.mean(ops.square(t - p), axis=-1)
        )
        # Unmasked: two positions with loss 1, two with loss 4.
        self.assertAllClose(mse(y_true, y_pred), (2 * 1.0 + 2 * 4.0) / 4)
        mse.reduction = "sum"
        self.assertAllClose(mse(y_true, y_pred), 10.0)

    def test_names(self):
        self.assertEqual(SquaredError().name, "squared_error")
        self.assertEqual(SquaredError().name, "squared_error_1")
        self.assertEqual(SquaredError(name="custom").name, "custom")

    def test_config(self):
        loss = SquaredError(name="sq", reduction="sum", dtype="float16")
        config = loss.get_config()
        self.assertEqual(
            config, {"name": "sq", "reduction": "sum", "dtype": "float16"}
        )
        revived = SquaredError.from_config(config)
        self.assertEqual(revived.get_config(), config)
        self.assertEqual(revived.dtype, "float16")
        self.assertEqual(Loss(name="x").get_config(),
                         {"name": "x", "reduction": "sum_over_batch_size"})
        self.run_class_serialization_test(
            loss, custom_objects={"SquaredError": SquaredError}
        )

    def test_base_call_must_be_implemented(self):
        with self.assertRaisesRegex(NotImplementedError, "Loss must "
                                    "implement"):
            Loss()(np.ones(2), np.ones(2))

    def test_repr(self):
        self.assertIn("name='sq'", repr(SquaredError(name="sq")))


class LossFunctionWrapperTest(testing.TestCase):
    def test_call_passes_kwargs(self):
        def scaled_error(y_true, y_pred, scale=1.0):
            return scale * ops.mean(ops.abs(y_true - y_pred), axis=-1)

        loss = LossFunctionWrapper(scaled_error, scale=3.0, reduction="sum")
        self.assertAllClose(loss([[0.0, 1.0]], [[1.0, 3.0]]), 4.5)
        self.assertEqual(loss.fn, scaled_error)
        self.assertIn("scaled_error", repr(loss))

    def test_config_holds_the_function_and_its_kwargs(self):
        loss = LossFunctionWrapper(huber, name="h", delta=2.0)
        config = loss.get_config()
        self.assertEqual(config["name"], "h")
        self.assertEqual(config["delta"], 2.0)
        self.assertEqual(config["fn"]["config"], "huber")
        revived = LossFunctionWrapper.from_config(config)
        self.assertIs(revived.fn, huber)
        self.assertEqual(revived.get_config(), config)
        y_true, y_pred = [[0.0, 0.0]], [[1.0, 4.0]]
        self.assertAllClose(revived(y_true, y_pred), loss(y_true, y_pred))
        copy = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(loss)
        )
        self.assertIs(type(copy), LossFunctionWrapper)
        self.assertEqual(copy.get_config(), config)

    def test_fn_must_be_callable(self):
        with self.assertRaisesRegex(TypeError, "`fn`.*Received: fn=3"):
            LossFunctionWrapper(3)


class KerasHelpersTest(testing.TestCase):
    def test_apply_mask(self):
        mask = np.array([[1, 1, 0], [1, 0, 0]], bool)
        self.assertAllClose(
            loss_module.apply_mask(None, mask, "float32",
                                   "sum_over_batch_size"),
            [[2, 2, 0], [2, 0, 0]],
        )
        self.assertAllClose(
            loss_module.apply_mask(np.array([[2.0], [3.0]]), mask,
                                   "float32", "mean"),
            [[4, 4, 0], [6, 0, 0]],
        )
        self.assertAllClose(
            loss_module.apply_mask(None, mask, "float32", "sum"), mask
        )
        self.assertIsNone(loss_module.apply_mask(None, None, "float32",
                                                 "sum"))

    def test_distribution_scaling_and_hinge_labels(self):
        from keras.src.losses import losses

        value = np.float32(2.0)
        self.assertAllClose(loss_module.scale_loss_for_distribution(value),
                            2.0)
        self.assertAllClose(
            loss_module.unscale_loss_for_distribution(value), 2.0
        )
        self.assertAllClose(
            losses.convert_binary_labels_to_hinge(np.array([0.0, 1.0])),
            [-1.0, 1.0],
        )
        self.assertAllClose(
            losses.convert_binary_labels_to_hinge(np.array([0.0, -1.0])),
            [0.0, -1.0],
        )
