import numpy as np

from keras.src import testing
from keras.src.metrics import metrics_utils

RNG = np.random.default_rng(3)
Y_TRUE = (RNG.random((12, 3)) > 0.4).astype("float32")
Y_PRED = RNG.random((12, 3)).astype("float32")
WEIGHTS = RNG.random(12).astype("float32")


class MetricsUtilsTest(testing.TestCase):
    def test_parse_thresholds(self):
        parse = metrics_utils.parse_thresholds
        self.assertEqual(parse(None, 0.5), [0.5])
        self.assertEqual(parse(0.25, 0.5), [0.25])
        self.assertEqual(parse((0, 1), 0.5), [0.0, 1.0])
        self.assertEqual(parse(np.array([0.1, 0.2]), 0.5), [0.1, 0.2])
        with self.assertRaisesRegex(ValueError, r"\[0, 1\]"):
            parse([0.5, 1.5], 0.5)
        with self.assertRaisesRegex(ValueError, "thresholds='x'"):
            parse("x", 0.5)

    def test_even_thresholds(self):
        values = metrics_utils.even_thresholds(5, -1e-7, 1.0 + 1e-7)
        self.assertAllClose(values, [-1e-7, 0.25, 0.5, 0.75, 1.0 + 1e-7])
        self.assertTrue(metrics_utils.is_evenly_spaced(values))
        self.assertFalse(metrics_utils.is_evenly_spaced([0.0, 0.3, 1.0]))
        self.assertFalse(metrics_utils.is_evenly_spaced([0.0, 1.0]))

    def test_filter_top_k(self):
        out = metrics_utils.filter_top_k(
            np.array([[0.1, 0.5, 0.3], [0.9, 0.2, 0.4]], "float32"), 2
        )
        neg = metrics_utils.NEG_INF
        self.assertAllClose(out, [[neg, 0.5, 0.3], [0.9, neg, 0.4]])

    def test_bucketed_equals_compared_on_clipped_scores(self):
        thresholds = metrics_utils.even_thresholds(11, -1e-7, 1 + 1e-7)
        scores = np.clip(Y_PRED * 1.4 - 0.2, 0.0, 1.0)
        for multi_label in (False, True):
            compared = metrics_utils.confusion_counts(
                Y_TRUE, scores, thresholds, sample_weight=WEIGHTS,
                multi_label=multi_label,
            )
            bucketed = metrics_utils.confusion_counts(
                Y_TRUE, scores, thresholds, sample_weight=WEIGHTS,
                evenly_spaced=True, multi_label=multi_label,
            )
            for kind in metrics_utils.KINDS:
                self.assertAllClose(bucketed[kind], compared[kind],
                                    atol=1e-5)
            expected_shape = (11, 3) if multi_label else (11,)
            self.assertEqual(tuple(bucketed[kind].shape), expected_shape)

    def test_counts_against_numpy(self):
        counts = metrics_utils.confusion_counts(
            Y_TRUE, Y_PRED, [0.3, 0.7], sample_weight=WEIGHTS,
            class_id=2, label_weights=None,
        )
        label = Y_TRUE[:, 2] > 0
        for i, t in enumerate([0.3, 0.7]):
            above = Y_PRED[:, 2] > t
            self.assertAllClose(counts["true_positives"][i],
                                WEIGHTS[above & label].sum(), rtol=1e-6)
            self.assertAllClose(counts["true_negatives"][i],
                                WEIGHTS[~above & ~label].sum(), rtol=1e-6)

    def test_label_weights(self):
        lw = np.array([1.0, 0.0, 2.0], "float32")
        counts = metrics_utils.confusion_counts(
            Y_TRUE, Y_PRED, [0.5], label_weights=lw
        )
        above, label = Y_PRED > 0.5, Y_TRUE > 0
        expected = (np.broadcast_to(lw, Y_PRED.shape)[above & label]).sum()
        self.assertAllClose(counts["true_positives"], [expected])


class KerasNamesTest(testing.TestCase):
    def test_enums_and_threshold_helpers(self):
        self.assertIs(metrics_utils.AUCCurve.from_str("pr"),
                      metrics_utils.AUCCurve.PR)
        self.assertIs(
            metrics_utils.AUCSummationMethod.from_str("Majoring"),
            metrics_utils.AUCSummationMethod.MAJORING,
        )
        with self.assertRaisesRegex(ValueError, "Invalid AUC curve"):
            metrics_utils.AUCCurve.from_str("x")
        self.assertEqual(metrics_utils.parse_init_thresholds(None), [0.5])
        self.assertEqual(metrics_utils.parse_init_thresholds(0.3), [0.3])
        with self.assertRaisesRegex(ValueError, r"\[1.2\]"):
            metrics_utils.assert_thresholds_range([0.5, 1.2])
        self.assertTrue(
            metrics_utils.is_evenly_distributed_thresholds([0.0, 0.5, 1.0])
        )
        self.assertFalse(
            metrics_utils.is_evenly_distributed_thresholds([0.0, 0.3, 1.0])
        )

    def test_confusion_matrix_and_variable_updates(self):
        from keras.src import backend

        matrix = metrics_utils.confusion_matrix(
            np.array([0, 1, 2, 1]), np.array([0, 2, 2, 1]), 3,
            weights=np.array([1.0, 2.0, 3.0, 4.0]), dtype="float32",
        )
        self.assertAllClose(matrix, [[1, 0, 0], [0, 4, 2], [0, 0, 3]])
        tp = backend.Variable(np.zeros(2))
        fp = backend.Variable(np.zeros(2))
        metrics_utils.update_confusion_matrix_variables(
            {metrics_utils.ConfusionMatrix.TRUE_POSITIVES: tp,
             metrics_utils.ConfusionMatrix.FALSE_POSITIVES: fp},
            np.array([1, 0, 1]), np.array([0.8, 0.6, 0.3]), [0.5, 0.2],
        )
        self.assertAllClose(tp.numpy(), [1.0, 2.0])
        self.assertAllClose(fp.numpy(), [1.0, 1.0])
        with self.assertRaisesRegex(ValueError, "at least one valid"):
            metrics_utils.update_confusion_matrix_variables(
                {"x": tp}, np.array([1]), np.array([0.5]), [0.5]
            )
