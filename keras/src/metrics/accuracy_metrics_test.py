import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.metrics import accuracy_metrics as acc
from keras.src.metrics.metric_test import run_compiled

RNG = np.random.default_rng(7)
ONE_HOT = np.eye(4, dtype="float32")[RNG.integers(0, 4, 12)]
SCORES = RNG.random((12, 4)).astype("float32")
LABELS = np.argmax(ONE_HOT, -1)
WEIGHTS = RNG.random(12).astype("float32")


def np_top_k(labels, scores, k):
    """NumPy reference: label in the top k (ties count as in)."""
    target = np.take_along_axis(scores, labels[:, None], -1)
    return ((scores > target).sum(-1) < k).astype("float32")


def np_mean(values, weights=None):
    weights = np.ones(len(values)) if weights is None else weights
    return (values * weights).sum() / weights.sum()


class AccuracyFunctionsTest(testing.TestCase):
    def test_accuracy(self):
        out = acc.accuracy(np.array([[1], [2], [3]]), np.array([[1], [0], [3]]))
        self.assertAllClose(out, [[1.0], [0.0], [1.0]])
        self.assertDType(out, backend.floatx())

    def test_binary_accuracy(self):
        y_true = (SCORES > 0.5).astype("float32")[:, ::-1]
        expected = (y_true == (SCORES > 0.3)).astype("float32")
        out = acc.binary_accuracy(y_true, SCORES, threshold=0.3)
        self.assertAllClose(out, expected)
        self.assertEqual(tuple(out.shape), (12, 4))
        self.assertAllClose(
            acc.binary_accuracy([1.0, 0.0], [[0.6], [0.7]]), [[1.0], [0.0]]
        )

    def test_categorical_accuracy(self):
        expected = (LABELS == SCORES.argmax(-1)).astype("float32")
        self.assertAllClose(acc.categorical_accuracy(ONE_HOT, SCORES),
                            expected)
        three_d = acc.categorical_accuracy(ONE_HOT[None], SCORES[None])
        self.assertEqual(tuple(three_d.shape), (1, 12))

    def test_sparse_categorical_accuracy(self):
        expected = (LABELS == SCORES.argmax(-1)).astype("float32")
        for labels in (LABELS, LABELS[:, None], LABELS.astype("float32")):
            self.assertAllClose(
                acc.sparse_categorical_accuracy(labels, SCORES), expected
            )
        # The first of tied scores is the prediction.
        self.assertAllClose(
            acc.sparse_categorical_accuracy([1, 0], [[0.5, 0.5], [0.5, 0.5]]),
            [0.0, 1.0],
        )

    def test_top_k(self):
        for k in (1, 2, 3):
            expected = np_top_k(LABELS, SCORES, k)
            self.assertAllClose(
                acc.top_k_categorical_accuracy(ONE_HOT, SCORES, k=k),
                expected,
            )
            self.assertAllClose(
                acc.sparse_top_k_categorical_accuracy(LABELS, SCORES, k=k),
                expected,
            )
        ties = acc.sparse_top_k_categorical_accuracy(
            [1, 0], [[0.5, 0.5, 0.0], [0.5, 0.5, 0.0]], k=1
        )
        self.assertAllClose(ties, [1.0, 1.0])

    def test_sparse_top_k_shapes(self):
        out = acc.sparse_top_k_categorical_accuracy(
            LABELS[:, None], SCORES, k=2
        )
        self.assertEqual(tuple(out.shape), (12, 1))
        out = acc.sparse_top_k_categorical_accuracy(
            LABELS.reshape(3, 4), SCORES.reshape(3, 4, 4), k=2
        )
        self.assertEqual(tuple(out.shape), (3, 4))

    def test_sparse_top_k_from_sorted_ids(self):
        ids = np.argsort(-SCORES, axis=-1)
        for k in (1, 2):
            self.assertAllClose(
                acc.sparse_top_k_categorical_accuracy(
                    LABELS, ids, k=k, from_sorted_ids=True
                ),
                np_top_k(LABELS, SCORES, k),
            )


class AccuracyClassesTest(testing.TestCase):
    @parameterized.named_parameters(
        ("accuracy", acc.Accuracy, {}, "accuracy"),
        ("binary", acc.BinaryAccuracy, {"threshold": 0.3},
         "binary_accuracy"),
        ("categorical", acc.CategoricalAccuracy, {},
         "categorical_accuracy"),
        ("sparse", acc.SparseCategoricalAccuracy, {},
         "sparse_categorical_accuracy"),
        ("top_k", acc.TopKCategoricalAccuracy, {"k": 2},
         "top_k_categorical_accuracy"),
        ("sparse_top_k", acc.SparseTopKCategoricalAccuracy,
         {"k": 2, "from_sorted_ids": True},
         "sparse_top_k_categorical_accuracy"),
    )
    def test_config(self, cls, kwargs, name):
        m = cls(**kwargs)
        self.assertEqual(m.name, name)
        self.assertEqual(
            m.get_config(), {"name": name, "dtype": "float32", **kwargs}
        )
        self.run_class_serialization_test(m)

    def test_accuracy(self):
        m = acc.Accuracy()
        m.update_state([[1], [2], [3], [4]], [[0], [2], [3], [4]])
        self.assertAllClose(m.result(), 0.75)
        m.update_state([[1, 2], [3, 4]], [[1, 2], [3, 5]],
                       sample_weight=[1.0, 3.0])
        # Rows average first: 3 + 1 * 1 + 0.5 * 3 over 4 + 4.
        self.assertAllClose(m.result(), 5.5 / 8.0)

    def test_binary_accuracy(self):
        y_true = (SCORES > 0.5).astype("float32")[:, ::-1]
        per_row = (y_true == (SCORES > 0.5)).mean(-1)
        m = acc.BinaryAccuracy()
        m.update_state(y_true, SCORES, sample_weight=WEIGHTS)
        self.assertAllClose(m.result(), np_mean(per_row, WEIGHTS),
                            rtol=1e-5)

    def test_categorical_and_sparse(self):
        hits = (LABELS == SCORES.argmax(-1)).astype("float32")
        cat, sparse = acc.CategoricalAccuracy(), acc.SparseCategoricalAccuracy()
        for half in (slice(0, 6), slice(6, 12)):
            cat.update_state(ONE_HOT[half], SCORES[half], WEIGHTS[half])
            sparse.update_state(LABELS[half], SCORES[half], WEIGHTS[half])
        self.assertAllClose(cat.result(), np_mean(hits, WEIGHTS), rtol=1e-5)
        self.assertAllClose(sparse.result(), np_mean(hits, WEIGHTS),
                            rtol=1e-5)
        cat.reset_state()
        self.assertAllClose(cat.result(), 0.0)

    def test_top_k_classes(self):
        hits = np_top_k(LABELS, SCORES, 2)
        m = acc.TopKCategoricalAccuracy(k=2)
        self.assertAllClose(m(ONE_HOT, SCORES), hits.mean())
        m = acc.SparseTopKCategoricalAccuracy(k=2)
        self.assertAllClose(m(LABELS, SCORES, sample_weight=WEIGHTS),
                            np_mean(hits, WEIGHTS), rtol=1e-5)

    def test_compiled(self):
        hits = np_top_k(LABELS, SCORES, 2)
        result = run_compiled(
            acc.SparseTopKCategoricalAccuracy(k=2),
            [(LABELS[:6], SCORES[:6]), (LABELS[6:], SCORES[6:])],
        )
        self.assertAllClose(result, hits.mean(), rtol=1e-6)
        hits = (LABELS == SCORES.argmax(-1)).astype("float32")
        result = run_compiled(
            acc.CategoricalAccuracy(),
            [(ONE_HOT[:6], SCORES[:6], WEIGHTS[:6])],
        )
        self.assertAllClose(result, np_mean(hits[:6], WEIGHTS[:6]),
                            rtol=1e-5)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "`k`.*Received: k=0"):
            acc.TopKCategoricalAccuracy(k=0)
        with self.assertRaisesRegex(ValueError, "`k`.*k='a'"):
            acc.SparseTopKCategoricalAccuracy(k="a")
        with self.assertRaisesRegex(ValueError, "threshold"):
            acc.BinaryAccuracy(threshold="high")
