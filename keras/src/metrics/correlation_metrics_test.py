import numpy as np
from absl.testing import parameterized

from keras.src import testing
from keras.src.metrics import correlation_metrics as corr
from keras.src.metrics.metric_test import run_compiled

RNG = np.random.default_rng(0)
Y_TRUE = RNG.random((8, 4)).astype("float32")
Y_PRED = (Y_TRUE + RNG.normal(0, 0.3, (8, 4))).astype("float32")
WEIGHTS = RNG.random(8).astype("float32")


def np_pearson(t, p, axis=-1):
    t = t - t.mean(axis, keepdims=True)
    p = p - p.mean(axis, keepdims=True)
    return (t * p).mean(axis) / (t.std(axis) * p.std(axis))


def np_concordance(t, p, axis=-1):
    cov = ((t - t.mean(axis, keepdims=True))
           * (p - p.mean(axis, keepdims=True))).mean(axis)
    gap = t.mean(axis) - p.mean(axis)
    return 2 * cov / (t.var(axis) + p.var(axis) + gap**2)


class CorrelationFunctionsTest(testing.TestCase):
    @parameterized.named_parameters(
        ("pearson", corr.pearson_correlation, np_pearson),
        ("concordance", corr.concordance_correlation, np_concordance),
    )
    def test_function(self, fn, reference):
        for axis in (-1, 0):
            self.assertAllClose(fn(Y_TRUE, Y_PRED, axis=axis),
                                reference(Y_TRUE, Y_PRED, axis), rtol=1e-4)
        self.assertAllClose(fn(Y_TRUE[:, 0], Y_PRED[:, 0]),
                            reference(Y_TRUE[:, 0], Y_PRED[:, 0]), rtol=1e-4)
        out = fn(np.array([[1, 2, 3]]), np.array([[1, 3, 2]]))
        self.assertAllClose(out, [0.5])
        self.assertDType(out, "float32")

    def test_constant_inputs(self):
        const = np.ones((2, 3), "float32")
        other = np.array([[1.0, 2, 3], [1, 1, 1]], "float32")
        with np.errstate(invalid="ignore"):  # 0 / 0 on the numpy backend.
            pearson = corr.pearson_correlation(const, other)
        pearson = self.convert_to_numpy(pearson)
        self.assertTrue(np.isnan(pearson).all())
        self.assertAllClose(corr.concordance_correlation(const, other),
                            [0.0, 0.0])


class CorrelationMetricsTest(testing.TestCase):
    @parameterized.named_parameters(
        ("pearson", corr.PearsonCorrelation, np_pearson,
         "pearson_correlation"),
        ("concordance", corr.ConcordanceCorrelation, np_concordance,
         "concordance_correlation"),
    )
    def test_metric(self, cls, reference, name):
        m = cls()
        self.assertEqual(m.name, name)
        m.update_state(Y_TRUE[:4], Y_PRED[:4], sample_weight=WEIGHTS[:4])
        m.update_state(Y_TRUE[4:], Y_PRED[4:], sample_weight=WEIGHTS[4:])
        values = reference(Y_TRUE, Y_PRED)
        self.assertAllClose(m.result(),
                            (values * WEIGHTS).sum() / WEIGHTS.sum(),
                            rtol=1e-4)
        by_column = cls(axis=0)
        self.assertAllClose(by_column(Y_TRUE, Y_PRED),
                            reference(Y_TRUE, Y_PRED, 0).mean(), rtol=1e-4)
        self.assertEqual(by_column.get_config(),
                         {"name": name, "dtype": "float32", "axis": 0})
        self.run_class_serialization_test(by_column)

    def test_compiled(self):
        result = run_compiled(corr.PearsonCorrelation(),
                              [(Y_TRUE[:4], Y_PRED[:4]),
                               (Y_TRUE[4:], Y_PRED[4:])])
        self.assertAllClose(result, np_pearson(Y_TRUE, Y_PRED).mean(),
                            rtol=1e-4)
