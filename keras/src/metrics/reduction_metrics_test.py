import numpy as np

from keras.src import backend
from keras.src import layers
from keras.src import ops
from keras.src import testing
from keras.src.metrics import reduction_metrics
from keras.src.metrics.metric_test import run_compiled
from keras.src.metrics.reduction_metrics import Mean
from keras.src.metrics.reduction_metrics import MeanMetricWrapper
from keras.src.metrics.reduction_metrics import Sum


def masked(test, x, mask):
    """`x` as a tensor carrying `mask` (on numpy and jax in the side table
    of `backend.set_keras_mask`)."""
    x = ops.convert_to_tensor(x)
    backend.set_keras_mask(x, ops.convert_to_tensor(mask))
    return x


def squared_error(y_true, y_pred):
    """Per-sample mean squared error (a metric function for the tests)."""
    return ops.mean(ops.square(ops.subtract(y_pred, y_true)), axis=-1)


def weighted_mean(values, weights):
    """NumPy reference of Keras's weighting: `(total, count)` added by
    one weighted update of `Mean`."""
    values = np.asarray(values, "float64")
    weights = np.asarray(weights, "float64")
    if weights.ndim == values.ndim + 1 and weights.shape[-1] == 1:
        weights = weights[..., 0]
    if values.ndim > weights.ndim:
        values = values.mean(axis=tuple(range(weights.ndim, values.ndim)))
    weights = np.broadcast_to(weights, values.shape)
    weighted = values * weights
    if weighted.ndim > 1:
        weighted = weighted.mean(axis=tuple(range(1, weighted.ndim)))
        weights = weights.mean(axis=tuple(range(1, weights.ndim)))
    return weighted.sum(), weights.sum()


class SumTest(testing.TestCase):
    def test_sum(self):
        m = Sum()
        self.assertEqual(m.name, "sum")
        m.update_state([1.0, 3.0, 5.0, 7.0])
        self.assertAllClose(m.result(), 16.0)
        m.update_state(np.ones((2, 3)), sample_weight=[2.0, 0.0])
        self.assertAllClose(m.result(), 22.0)
        m.reset_state()
        self.assertAllClose(m.result(), 0.0)

    def test_weighted_3d(self):
        values = np.arange(24.0).reshape((2, 3, 4))
        weights = np.array([[1.0, 2.0, 3.0], [0.0, 1.0, 1.0]])
        expected = (values.sum(axis=-1) * weights).sum()
        self.assertAllClose(Sum()(values, sample_weight=weights), expected)

    def test_scalar(self):
        m = Sum()
        m.update_state(3.0)
        m.update_state(2.0, sample_weight=4.0)
        self.assertAllClose(m.result(), 11.0)

    def test_config(self):
        m = Sum(name="s", dtype="float64")
        self.assertEqual(m.get_config(), {"name": "s", "dtype": "float64"})
        self.run_class_serialization_test(m)


class MeanTest(testing.TestCase):
    def test_mean(self):
        m = Mean()
        self.assertEqual([v.name for v in m.variables], ["total", "count"])
        m.update_state([1.0, 3.0, 5.0, 7.0])
        self.assertAllClose(m.result(), 4.0)
        m.update_state([[1.0, 2.0], [3.0, 4.0]])
        # Rows are averaged first: 16 + 1.5 + 3.5 over 6 samples.
        self.assertAllClose(m.result(), 21.0 / 6.0)
        self.assertAllClose(m.count, 6.0)

    def test_weighted(self):
        rng = np.random.default_rng(0)
        values = rng.random((4, 3))
        for weights in (
            rng.random(4),
            rng.random((4, 1)),
            rng.random((4, 3)),
            np.float64(2.5),
        ):
            total, count = weighted_mean(values, weights)
            m = Mean()
            m.update_state(values, sample_weight=weights)
            self.assertAllClose(m.total, total, rtol=1e-5)
            self.assertAllClose(m.count, count, rtol=1e-5)

    def test_weighted_3d(self):
        values = np.arange(24.0).reshape((2, 3, 4))
        weights = np.array([[1.0, 2.0, 3.0], [0.0, 1.0, 1.0]])
        m = Mean()
        m.update_state(values, sample_weight=weights)
        expected_total = (values.mean(-1) * weights).mean(-1).sum()
        self.assertAllClose(m.total, expected_total, rtol=1e-6)
        self.assertAllClose(m.count, weights.mean(-1).sum(), rtol=1e-6)

    def test_weights_of_higher_rank_than_values(self):
        m = Mean()
        m.update_state([1.0, 2.0], sample_weight=[[1.0], [3.0]])
        self.assertAllClose(m.result(), 7.0 / 4.0)
        with self.assertRaisesRegex(ValueError, "sample_weight"):
            m.update_state([1.0, 2.0], sample_weight=np.ones((2, 3)))

    def test_accumulates_and_resets(self):
        m = Mean()
        m.update_state([2.0], sample_weight=[3.0])
        m.update_state([4.0, 8.0])
        self.assertAllClose(m.result(), (6.0 + 12.0) / 5.0)
        m.reset_state()
        self.assertAllClose(m.result(), 0.0)
        self.assertAllClose(m.count, 0.0)

    def test_integer_values(self):
        m = Mean()
        self.assertAllClose(m(np.array([1, 2, 4])), 7.0 / 3.0)
        self.assertDType(m.result(), "float32")

    def test_mask_applies_to_weights_only(self):
        values = masked(self, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]],
                        [True, False])
        self.assertAllClose(Mean()(values), 3.5)
        m = Mean()
        m.update_state(values, sample_weight=[1.0, 2.0])
        self.assertAllClose(m.result(), 2.0)
        self.assertAllClose(m.count, 1.0)

    def test_stateless_and_compiled(self):
        batches = [(np.array([1.0, 2.0]), np.array([1.0, 0.0])),
                   (np.array([4.0, 8.0]), np.array([1.0, 3.0]))]
        m = Mean()
        for values, weights in batches:
            m.update_state(values, weights)
        self.assertAllClose(m.result(), 29.0 / 5.0)
        fresh = Mean()
        self.assertAllClose(run_compiled(fresh, batches), 29.0 / 5.0)
        state = fresh.stateless_reset_state()
        for values, weights in batches:
            state = fresh.stateless_update_state(state, values, weights)
        self.assertAllClose(fresh.stateless_result(state), 29.0 / 5.0)

    def test_scalar_weighted_by_python_number(self):
        # The trainer's loss tracker: scalar losses weighted by the batch
        # size; the result is the batch-size weighted mean.
        m = Mean()
        m.update_state(ops.convert_to_tensor(2.0), sample_weight=3)
        m.update_state(ops.convert_to_tensor(6.0), sample_weight=1.0)
        self.assertAllClose(m.total, 12.0)
        self.assertAllClose(m.count, 4.0)
        self.assertAllClose(m.result(), 3.0)
        general = Mean()
        general.update_state(ops.convert_to_tensor([2.0, 6.0]),
                             sample_weight=[3.0, 1.0])
        self.assertAllClose(general.result(), m.result())

    def test_scalar_of_another_dtype_is_cast(self):
        m = Mean(dtype="float32")
        m.update_state(ops.convert_to_tensor(2, dtype="int32"),
                       sample_weight=2)
        self.assertAllClose(m.result(), 2.0)
        self.assertEqual(ops.convert_to_numpy(m.total).dtype, np.float32)

    def test_dtype(self):
        m = Mean(dtype="float16")
        m.update_state(np.array([1.0, 2.0], "float32"))
        self.assertDType(m.result(), "float16")
        self.assertAllClose(m.result(), 1.5)

    def test_config(self):
        self.run_class_serialization_test(Mean(name="avg"))


class MeanMetricWrapperTest(testing.TestCase):
    def test_values(self):
        y_true = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
        y_pred = np.array([[1.5, 2.0, 0.0], [4.0, 7.0, 6.0]])
        errors = ((y_pred - y_true) ** 2).mean(axis=-1)
        m = MeanMetricWrapper(squared_error, name="se")
        self.assertAllClose(m(y_true, y_pred), errors.mean(), rtol=1e-6)
        m.update_state(y_true, y_pred, sample_weight=[0.0, 2.0])
        expected = (errors.sum() + 2.0 * errors[1]) / 4.0
        self.assertAllClose(m.result(), expected, rtol=1e-6)

    def test_default_name(self):
        self.assertEqual(
            MeanMetricWrapper(squared_error).name, "mean_metric_wrapper"
        )

    def test_kwargs_are_passed(self):
        def above(y_true, y_pred, threshold):
            return ops.cast(ops.greater(y_pred, threshold), "float32")

        m = MeanMetricWrapper(above, threshold=0.25)
        self.assertAllClose(m([0.0, 0.0], [0.3, 0.2]), 0.5)
        self.assertEqual(m.get_config()["threshold"], 0.25)

    def test_mask_of_y_pred(self):
        y_true = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
        y_pred = masked(self, [[1.5, 2.0, 0.0], [4.0, 7.0, 6.0]],
                        [True, False])
        m = MeanMetricWrapper(squared_error)
        self.assertAllClose(m(y_true, y_pred), 9.25 / 3.0, rtol=1e-6)
        self.assertAllClose(m.count, 1.0)
        m.reset_state()
        m.update_state(y_true, y_pred, sample_weight=[2.0, 5.0])
        self.assertAllClose(m.count, 2.0)

    def test_mask_of_a_masking_layer_output(self):
        # On numpy and jax the Embedding's mask lives in the side table of
        # `backend.set_keras_mask`, not on the array.
        embed = layers.Embedding(4, 2, mask_zero=True,
                                 embeddings_initializer="ones")
        y_pred = embed(np.array([[1, 2, 0], [3, 0, 0]]))
        self.assertIsNotNone(backend.get_keras_mask(y_pred))
        y_true = np.zeros((2, 3, 2), "float32")
        m = MeanMetricWrapper(squared_error)
        # Three of the six positions are unmasked; each gives 1.0. Each
        # sample counts for the share of its positions left: 2/3 + 1/3
        # (unmasked it would be 2).
        self.assertAllClose(m(y_true, y_pred), 1.0)
        self.assertAllClose(m.count, 1.0)
        m = Mean()
        m.update_state(y_pred, sample_weight=np.ones((2, 3)))
        self.assertAllClose(m.count, 1.0)

    def test_not_callable(self):
        with self.assertRaisesRegex(TypeError, "fn"):
            MeanMetricWrapper(3)

    def test_config_round_trip(self):
        from keras.src.losses import losses

        m = MeanMetricWrapper(losses.mean_squared_error, name="w")
        config = m.get_config()
        self.assertEqual(config["fn"]["config"], "mean_squared_error")
        copy = MeanMetricWrapper.from_config(config)
        self.assertIs(copy._fn, losses.mean_squared_error)
        self.assertEqual(copy.name, "w")
        self.run_class_serialization_test(m)

    def test_helpers(self):
        x, w = reduction_metrics.align_ranks(np.ones((2, 1)), np.ones(2))
        self.assertEqual(tuple(w.shape), (2, 1))
        x, w = reduction_metrics.align_ranks(np.ones(2), np.ones((2, 1)))
        self.assertEqual(tuple(w.shape), (2,))
        self.assertIsNone(
            reduction_metrics.combine_mask(None, None, "float32")
        )
        combined = reduction_metrics.combine_mask(
            np.array([2.0, 3.0]), np.array([[True, False], [True, True]]),
            "float32",
        )
        self.assertAllClose(combined, [[2.0, 0.0], [3.0, 3.0]])
