import numpy as np

from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.losses import losses_similarity as losses

EPS = 1e-7


def np_dice(t, p, axis=None):
    intersection = np.sum(t * p, axis=axis)
    total = np.sum(t, axis=axis) + np.sum(p, axis=axis)
    return 1 - 2 * intersection / (total + EPS)


def np_tversky(t, p, alpha=0.5, beta=0.5, axis=None):
    tp = np.sum(t * p, axis=axis)
    missed = np.sum(t * (1 - p), axis=axis)
    extra = np.sum((1 - t) * p, axis=axis)
    return 1 - tp / (tp + alpha * missed + beta * extra + EPS)


def np_logsumexp(x, mask):
    out = []
    for row, keep in zip(x, mask):
        values = row[keep]
        out.append(np.logaddexp.reduce(values) if values.size else -np.inf)
    return np.array(out)


def np_circle(labels, emb, ref_labels=None, ref_emb=None,
              remove_diagonal=True, gamma=80.0, margin=0.4):
    ref_labels = labels if ref_labels is None else ref_labels
    ref_emb = emb if ref_emb is None else ref_emb
    sim = emb.astype("float64") @ ref_emb.T
    positive = labels[:, None] == ref_labels[None, :]
    negative = ~positive
    if remove_diagonal:
        positive &= ~np.eye(len(labels), len(ref_labels), dtype=bool)
    pos_logits = -gamma * np.maximum(1 + margin - sim, 0) * (sim - 1 + margin)
    neg_logits = gamma * np.maximum(sim + margin, 0) * (sim - margin)
    z = np_logsumexp(pos_logits, positive) + np_logsumexp(neg_logits,
                                                          negative)
    valid = positive.any(1) & negative.any(1)
    return np.where(valid, np.logaddexp(0, z), 0.0), valid


rng = np.random.default_rng(5)
MASKS = (rng.uniform(size=(3, 4, 2)) > 0.5).astype("float32")
PROBS = rng.uniform(0.05, 0.95, (3, 4, 2)).astype("float32")
EMB = rng.normal(size=(6, 3)).astype("float32")
EMB /= np.linalg.norm(EMB, axis=1, keepdims=True)
EMB_LABELS = np.array([0, 1, 0, 2, 1, 1])


class DiceTverskyTest(testing.TestCase):
    def test_dice(self):
        self.assertAllClose(losses.dice(MASKS, PROBS), np_dice(MASKS, PROBS))
        for axis in [-1, (1, 2), [1, 2], 0]:
            ref_axis = tuple(axis) if isinstance(axis, list) else axis
            self.assertAllClose(losses.dice(MASKS, PROBS, axis=axis),
                                np_dice(MASKS, PROBS, ref_axis), atol=1e-6)
        # Empty masks give 1; the epsilon only guards the division.
        self.assertAllClose(losses.dice(np.zeros((2, 3)), np.zeros((2, 3))),
                            1.0)
        small = np.array([[1e-3, 0.0]])
        self.assertAllClose(losses.dice(small, small),
                            np_dice(small, small), rtol=1e-6)

    def test_tversky(self):
        self.assertAllClose(losses.tversky(MASKS, PROBS),
                            np_dice(MASKS, PROBS), atol=1e-6)
        for alpha, beta, axis in [(0.3, 0.7, None), (1.0, 0.0, (1, 2)),
                                  (0.2, 0.9, -1)]:
            self.assertAllClose(
                losses.tversky(MASKS, PROBS, alpha, beta, axis=axis),
                np_tversky(MASKS, PROBS, alpha, beta, axis), atol=1e-6,
            )
        # alpha weighs what the prediction misses: 1 - 1 / (1 + 2).
        out = losses.tversky([[1.0, 1, 1, 0]], [[1.0, 0, 0, 1]], 1.0, 0.0)
        self.assertAllClose(out, 2.0 / 3.0)

    def test_classes(self):
        weights = np.array([1.0, 0.0, 2.0], "float32")
        per_sample = np_dice(MASKS, PROBS, (1, 2))
        loss = losses.Dice(axis=(1, 2))
        self.assertAllClose(loss(MASKS, PROBS, sample_weight=weights),
                            np.mean(per_sample * weights), atol=1e-6)
        self.assertAllClose(losses.Dice(reduction=None)(MASKS, PROBS),
                            np_dice(MASKS, PROBS), atol=1e-6)
        loss = losses.Tversky(alpha=0.2, beta=0.8, axis=-1, reduction="sum")
        self.assertAllClose(
            loss(MASKS, PROBS),
            np_tversky(MASKS, PROBS, 0.2, 0.8, -1).sum(), atol=1e-5,
        )
        config = loss.get_config()
        self.assertEqual((config["alpha"], config["beta"], config["axis"]),
                         (0.2, 0.8, -1))
        self.run_class_serialization_test(loss)
        self.run_class_serialization_test(losses.Dice(axis=[1, 2]))

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, r"`dice`.*\(2, 3\).*\(2, 4\)"):
            losses.dice(np.ones((2, 3)), np.ones((2, 4)))
        with self.assertRaisesRegex(ValueError, r"`tversky`.*\(2, 1\)"):
            losses.Tversky()(np.ones((2, 1)), np.ones((2, 4)))
        with self.assertRaisesRegex(ValueError, "`alpha`.*alpha=-1"):
            losses.Tversky(alpha=-1)

    def test_symbolic(self):
        x = KerasTensor((None, 4, 2))
        self.assertEqual(losses.dice(x, x).shape, ())
        self.assertEqual(losses.tversky(x, x, axis=(1, 2)).shape, (None,))


class CircleTest(testing.TestCase):
    def test_matches_numpy(self):
        for kwargs in [{}, {"gamma": 3.0, "margin": 0.2},
                       {"gamma": 3.0, "remove_diagonal": False}]:
            expected, _ = np_circle(EMB_LABELS, EMB, **kwargs)
            self.assertAllClose(losses.circle(EMB_LABELS, EMB, **kwargs),
                                expected, rtol=1e-4, atol=1e-5)
        out = losses.circle(EMB_LABELS[:, None].astype("float32"), EMB,
                            gamma=2.0)
        self.assertAllClose(out, np_circle(EMB_LABELS, EMB, gamma=2.0)[0],
                            rtol=1e-5)

    def test_references(self):
        out = losses.circle(EMB_LABELS[:3], EMB[:3], ref_labels=EMB_LABELS,
                            ref_embeddings=EMB, gamma=3.0)
        expected, _ = np_circle(EMB_LABELS[:3], EMB[:3], EMB_LABELS, EMB,
                                gamma=3.0)
        self.assertAllClose(out, expected, rtol=1e-5)

    def test_oracle_values(self):
        # Computed with Keras 3.15.1.
        emb = np.array([[1.0, 0.0], [0.6, 0.8], [0.0, 1.0], [0.8, -0.6]])
        out = losses.circle([0, 0, 1, 1], emb, gamma=2.0)
        self.assertAllClose(out, [1.4673779, 1.4673779, 6.007788,
                                  6.007788], atol=1e-5)

    def test_anchors_without_pairs_are_masked(self):
        labels = np.array([0, 1, 0, 2, 1, 1])  # Label 2 has no positive.
        expected, valid = np_circle(labels, EMB, gamma=3.0)
        self.assertFalse(valid[3])
        weights = np.arange(1.0, 7.0)
        for reduction, target in [
            ("sum_over_batch_size", expected.sum() / valid.sum()),
            ("sum", expected.sum()),
            ("mean_with_sample_weight",
             np.sum(expected * weights) / weights[valid].sum()),
        ]:
            loss = losses.Circle(gamma=3.0, reduction=reduction)
            sample_weight = (
                weights if reduction == "mean_with_sample_weight" else None
            )
            self.assertAllClose(loss(labels, EMB, sample_weight=sample_weight),
                                target, rtol=1e-5)
        # One class only: no negatives anywhere, so nothing is counted.
        self.assertAllClose(losses.Circle()([0, 0, 0], EMB[:3]), 0.0)

    def test_config_and_errors(self):
        loss = losses.Circle(gamma=10.0, margin=0.3, remove_diagonal=False)
        config = loss.get_config()
        self.assertEqual(
            (config["gamma"], config["margin"], config["remove_diagonal"]),
            (10.0, 0.3, False),
        )
        self.run_class_serialization_test(loss)
        with self.assertRaisesRegex(ValueError, "`gamma`.*gamma=-1"):
            losses.Circle(gamma=-1)
        with self.assertRaisesRegex(ValueError, r"`circle`.*\(2, 2\)"):
            losses.circle(np.zeros((2, 2)), EMB[:2])
        with self.assertRaisesRegex(ValueError, r"`circle`.*y_pred.shape="
                                    r"\(2, 3\), y_true.shape=\(3,\)"):
            losses.circle([0, 1, 1], EMB[:2])

    def test_symbolic(self):
        labels = KerasTensor((None,), dtype="int32")
        emb = KerasTensor((None, 3))
        self.assertEqual(losses.circle(labels, emb).shape, (None,))
        self.assertEqual(losses.Circle()(labels, emb).shape, ())
