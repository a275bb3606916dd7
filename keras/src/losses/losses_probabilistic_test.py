import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.losses import losses_probabilistic as losses

EPS = 1e-7


def np_sigmoid(x):
    return 1 / (1 + np.exp(-x))


def np_softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def np_binary_terms(t, p, from_logits=False):
    if from_logits:
        return np.maximum(p, 0) - p * t + np.log1p(np.exp(-np.abs(p)))
    p = np.clip(p, EPS, 1 - EPS)
    return -(t * np.log(p) + (1 - t) * np.log(1 - p))


def np_bce(t, p, from_logits=False, label_smoothing=0.0, axis=-1):
    t = t * (1 - label_smoothing) + 0.5 * label_smoothing
    return np.mean(np_binary_terms(t, p, from_logits), axis=axis)


def np_bfce(t, p, apply_class_balancing=False, alpha=0.25, gamma=2.0,
            from_logits=False, label_smoothing=0.0, axis=-1):
    t = t * (1 - label_smoothing) + 0.5 * label_smoothing
    probs = np_sigmoid(p) if from_logits else p
    p_t = t * probs + (1 - t) * (1 - probs)
    weight = (1 - p_t) ** gamma
    if apply_class_balancing:
        weight = weight * (t * alpha + (1 - t) * (1 - alpha))
    return np.mean(weight * np_binary_terms(t, p, from_logits), axis=axis)


def np_probs(p, from_logits, axis):
    p = np_softmax(p, axis) if from_logits else p
    return np.clip(p / p.sum(axis=axis, keepdims=True), EPS, 1 - EPS)


def np_cce(t, p, from_logits=False, label_smoothing=0.0, axis=-1):
    t = t * (1 - label_smoothing) + label_smoothing / t.shape[axis]
    return -np.sum(t * np.log(np_probs(p, from_logits, axis)), axis=axis)


def np_cfce(t, p, alpha=0.25, gamma=2.0, from_logits=False,
            label_smoothing=0.0, axis=-1):
    t = t * (1 - label_smoothing) + label_smoothing / t.shape[axis]
    p = np_probs(p, from_logits, axis)
    return np.sum(alpha * (1 - p) ** gamma * -t * np.log(p), axis=axis)


def np_scce(labels, p, from_logits=False):
    p = np_softmax(p) if from_logits else p
    p = np.clip(p / p.sum(-1, keepdims=True), EPS, 1 - EPS)
    return -np.log(np.take_along_axis(p, labels[..., None], -1)[..., 0])


def np_gce(labels, p, q):
    target = np.take_along_axis(p, labels[:, None], -1)[:, 0]
    return (1 - target**q) / q


def np_kld(t, p):
    t, p = np.clip(t, EPS, 1), np.clip(p, EPS, 1)
    return np.sum(t * np.log(t / p), axis=-1)


def np_poisson(t, p):
    return np.mean(p - t * np.log(p + EPS), axis=-1)


def np_ctc_one(labels, logits):
    """-log P(labels | logits) by the CTC forward algorithm (blank 0)."""
    log_probs = logits - np.log(np.exp(logits).sum(-1, keepdims=True))
    extended = [0]
    for label in labels:
        extended += [label, 0]
    alpha = np.full(len(extended), -np.inf)
    alpha[0] = log_probs[0, 0]
    alpha[1] = log_probs[0, extended[1]]
    for t in range(1, len(logits)):
        previous = alpha.copy()
        for s, label in enumerate(extended):
            paths = [previous[s]]
            if s > 0:
                paths.append(previous[s - 1])
            if s > 1 and label != 0 and label != extended[s - 2]:
                paths.append(previous[s - 2])
            alpha[s] = np.logaddexp.reduce(paths) + log_probs[t, label]
    return -np.logaddexp(alpha[-1], alpha[-2])


rng = np.random.default_rng(3)
PROBS = rng.uniform(0.05, 0.95, (4, 3)).astype("float32")
LOGITS = rng.normal(size=(4, 3)).astype("float32")
BINARY = np.array([[0, 1, 1], [1, 0, 0], [1, 1, 1], [0, 0, 1]], "float32")
LABELS = np.array([2, 0, 1, 1])
ONE_HOT = np.eye(3, dtype="float32")[LABELS]

CROSSENTROPIES = [
    ("binary_crossentropy", np_bce, BINARY),
    ("binary_focal_crossentropy", np_bfce, BINARY),
    ("categorical_crossentropy", np_cce, ONE_HOT),
    ("categorical_focal_crossentropy", np_cfce, ONE_HOT),
]
OPTIONS = {
    "default": {},
    "logits": {"from_logits": True},
    "smoothing": {"label_smoothing": 0.2},
    "logits_smoothing": {"from_logits": True, "label_smoothing": 0.1},
    "axis0": {"axis": 0},
    "axis0_smoothing": {"axis": 0, "label_smoothing": 0.3},
}


class CrossentropyFunctionsTest(testing.TestCase):
    @parameterized.named_parameters(
        [(f"{name}_{key}", name, ref, targets, kwargs)
         for name, ref, targets in CROSSENTROPIES
         for key, kwargs in OPTIONS.items()]
    )
    def test_matches_numpy(self, name, reference, targets, kwargs):
        preds = LOGITS if kwargs.get("from_logits") else PROBS
        out = getattr(losses, name)(targets, preds, **kwargs)
        self.assertAllClose(out, reference(targets, preds, **kwargs),
                            atol=1e-5, rtol=1e-5)

    def test_focal_parameters(self):
        kwargs = dict(apply_class_balancing=True, alpha=0.4, gamma=1.5)
        self.assertAllClose(
            losses.binary_focal_crossentropy(BINARY, PROBS, **kwargs),
            np_bfce(BINARY, PROBS, **kwargs), atol=1e-6,
        )
        kwargs["from_logits"] = True
        self.assertAllClose(
            losses.binary_focal_crossentropy(BINARY, LOGITS, **kwargs),
            np_bfce(BINARY, LOGITS, **kwargs), atol=1e-6,
        )
        self.assertAllClose(
            losses.categorical_focal_crossentropy(ONE_HOT, PROBS, alpha=0.6,
                                                  gamma=0.5),
            np_cfce(ONE_HOT, PROBS, alpha=0.6, gamma=0.5), atol=1e-6,
        )
        # gamma=0 and alpha=1 give back the cross-entropy.
        self.assertAllClose(
            losses.categorical_focal_crossentropy(ONE_HOT, PROBS, alpha=1.0,
                                                  gamma=0.0),
            np_cce(ONE_HOT, PROBS), atol=1e-6,
        )

    def test_sparse_categorical_crossentropy(self):
        fn = losses.sparse_categorical_crossentropy
        self.assertAllClose(fn(LABELS, PROBS), np_scce(LABELS, PROBS),
                            atol=1e-6)
        self.assertAllClose(fn(LABELS[:, None], PROBS),
                            np_scce(LABELS, PROBS), atol=1e-6)
        self.assertAllClose(fn(LABELS.astype("float32"), LOGITS,
                               from_logits=True),
                            np_scce(LABELS, LOGITS, True), atol=1e-6)
        self.assertAllClose(fn(LABELS, PROBS.T, axis=0),
                            np_scce(LABELS, PROBS), atol=1e-6)
        seq_labels = np.stack([LABELS, LABELS[::-1]])
        seq_probs = np.stack([PROBS, PROBS[::-1]])
        out = fn(seq_labels, seq_probs)
        self.assertEqual(tuple(out.shape), (2, 4))
        self.assertAllClose(out, np_scce(seq_labels, seq_probs), atol=1e-6)

    def test_sparse_ignore_class(self):
        labels = np.array([2, -1, 1, -1])
        out = losses.sparse_categorical_crossentropy(labels, PROBS,
                                                     ignore_class=-1)
        expected = np_scce(np.maximum(labels, 0), PROBS)
        self.assertAllClose(out, np.where(labels >= 0, expected, 0.0),
                            atol=1e-6)
        mask = getattr(out, "_keras_mask", None)
        if mask is not None:  # Only some tensor types carry attributes.
            self.assertAllEqual(mask, labels >= 0)

    def test_generalized_cross_entropy(self):
        fn = losses.categorical_generalized_cross_entropy
        self.assertAllClose(fn(LABELS, PROBS, q=0.3),
                            np_gce(LABELS, PROBS, 0.3), atol=1e-6)
        self.assertAllClose(fn(LABELS[:, None], PROBS, 0.7),
                            np_gce(LABELS, PROBS, 0.7), atol=1e-6)
        # A probability of 0 gives 1 / q; out-of-range labels select none.
        self.assertAllClose(fn([0, 5], [[0.0, 1.0], [0.5, 0.5]], 0.5),
                            [2.0, 2.0])

    def test_kl_divergence_and_poisson(self):
        targets = rng.uniform(0, 1, (4, 3)).astype("float32")
        self.assertAllClose(losses.kl_divergence(targets, PROBS),
                            np_kld(targets, PROBS), atol=1e-6)
        self.assertAllClose(losses.kl_divergence([[0.0, 1.5, -1.0]],
                                                 [[0.2, 0.0, 1.2]]),
                            np_kld(np.array([[0, 1.5, -1]]),
                                   np.array([[0.2, 0, 1.2]])), rtol=1e-5)
        counts = rng.integers(0, 5, (4, 3)).astype("float32")
        self.assertAllClose(losses.poisson(counts, PROBS * 3),
                            np_poisson(counts, PROBS * 3), atol=1e-5)

    def test_ctc(self):
        logits = rng.normal(size=(2, 6, 5)).astype("float32")
        labels = np.array([[1, 2, 2], [4, 3, 0]])
        out = losses.ctc(labels, logits)
        expected = [np_ctc_one([1, 2, 2], logits[0]),
                    np_ctc_one([4, 3], logits[1])]
        self.assertAllClose(out, expected, rtol=1e-4)

    def test_dtypes(self):
        out = losses.binary_crossentropy(BINARY.astype("int32"), PROBS)
        self.assertDType(out, "float32")
        out = losses.categorical_crossentropy([[0, 1]], [[1, 1]])
        self.assertDType(out, backend.floatx())
        half = PROBS.astype("float16")
        self.assertDType(losses.kl_divergence(half, half), "float16")

    def test_bad_shapes(self):
        for name, _, _ in CROSSENTROPIES:
            with self.assertRaisesRegex(
                ValueError,
                rf"`{name}`.*y_true.shape=\(8, 3\), y_pred.shape=\(8, 5\)",
            ):
                getattr(losses, name)(np.ones((8, 3)), np.ones((8, 5)))
        with self.assertRaisesRegex(
            ValueError, r"`sparse_categorical_crossentropy`.*y_true.shape="
            r"\(2,\), y_pred.shape=\(4, 3\)"
        ):
            losses.sparse_categorical_crossentropy([1, 2], PROBS)
        with self.assertRaisesRegex(ValueError, "`ctc`.*y_true.shape"):
            losses.ctc([1, 2], np.zeros((2, 4, 3)))
        with self.assertRaisesRegex(ValueError, "`ctc`.*y_pred.shape"):
            losses.ctc([[1, 2]], np.zeros((4, 3)))

    def test_symbolic(self):
        x = KerasTensor((None, 3))
        labels = KerasTensor((None,), dtype="int32")
        for name, _, _ in CROSSENTROPIES:
            self.assertEqual(getattr(losses, name)(x, x).shape, (None,))
        self.assertEqual(
            losses.sparse_categorical_crossentropy(labels, x).shape, (None,)
        )
        self.assertEqual(losses.ctc(KerasTensor((None, 4), "int32"),
                                    KerasTensor((None, 6, 3))).shape, (None,))


class CrossentropyClassesTest(testing.TestCase):
    CLASSES = [
        ("BinaryCrossentropy", np_bce, BINARY,
         dict(from_logits=True, label_smoothing=0.1, axis=0)),
        ("BinaryFocalCrossentropy", np_bfce, BINARY,
         dict(apply_class_balancing=True, alpha=0.3, gamma=1.0,
              from_logits=True, label_smoothing=0.2, axis=-1)),
        ("CategoricalCrossentropy", np_cce, ONE_HOT,
         dict(from_logits=True, label_smoothing=0.1, axis=-1)),
        ("CategoricalFocalCrossentropy", np_cfce, ONE_HOT,
         dict(alpha=0.5, gamma=1.0, from_logits=True, label_smoothing=0.2,
              axis=-1)),
    ]

    @parameterized.named_parameters([(c[0], *c) for c in CLASSES])
    def test_values_and_config(self, class_name, reference, targets, kwargs):
        cls = getattr(losses, class_name)
        loss = cls(**kwargs, reduction="sum")
        self.assertAllClose(loss(targets, LOGITS),
                            reference(targets, LOGITS, **kwargs).sum(),
                            atol=1e-5)
        config = loss.get_config()
        for key, value in kwargs.items():
            self.assertEqual(config[key], value)
            self.assertEqual(getattr(loss, key), value)
        self.run_class_serialization_test(loss)
        expected = reference(targets, PROBS)
        weights = np.array([1.0, 0.0, 2.0, 0.5], "float32")
        self.assertAllClose(cls()(targets, PROBS, sample_weight=weights),
                            np.mean(expected * weights), atol=1e-6)

    def test_sparse_ignore_class_is_masked(self):
        labels = np.array([2, -1, 1, -1])
        per_sample = np_scce(np.maximum(labels, 0), PROBS)
        valid = labels >= 0
        weights = np.array([1.0, 5.0, 3.0, 5.0], "float32")
        for reduction, expected in [
            ("sum_over_batch_size", per_sample[valid].mean()),
            ("sum", per_sample[valid].sum()),
            ("mean_with_sample_weight",
             np.sum(per_sample[valid] * weights[valid]) / 4.0),
        ]:
            loss = losses.SparseCategoricalCrossentropy(
                ignore_class=-1, reduction=reduction
            )
            sample_weight = (
                weights if reduction == "mean_with_sample_weight" else None
            )
            self.assertAllClose(
                loss(labels, PROBS, sample_weight=sample_weight), expected,
                atol=1e-6,
            )
        loss = losses.SparseCategoricalCrossentropy(ignore_class=-1,
                                                    reduction=None)
        self.assertAllClose(loss(labels, PROBS),
                            np.where(valid, per_sample, 0), atol=1e-6)

    def test_sparse_config(self):
        loss = losses.SparseCategoricalCrossentropy(
            from_logits=True, ignore_class=0, axis=1, name="scce"
        )
        config = loss.get_config()
        self.assertEqual(
            (config["from_logits"], config["ignore_class"], config["axis"]),
            (True, 0, 1),
        )
        self.run_class_serialization_test(loss)
        self.assertAllClose(loss(LABELS, LOGITS),
                            np_scce(LABELS, LOGITS, True)[LABELS != 0].mean(),
                            atol=1e-6)

    def test_other_classes(self):
        loss = losses.CategoricalGeneralizedCrossEntropy(q=0.2)
        self.assertEqual(loss.get_config()["q"], 0.2)
        self.assertAllClose(loss(LABELS, PROBS),
                            np_gce(LABELS, PROBS, 0.2).mean(), atol=1e-6)
        self.run_class_serialization_test(loss)
        targets = rng.uniform(0, 1, (4, 3)).astype("float32")
        self.assertAllClose(losses.KLDivergence()(targets, PROBS),
                            np_kld(targets, PROBS).mean(), atol=1e-6)
        self.assertAllClose(losses.Poisson(reduction="sum")(targets, PROBS),
                            np_poisson(targets, PROBS).sum(), atol=1e-5)
        logits = rng.normal(size=(2, 5, 4)).astype("float32")
        labels = np.array([[1, 3, 0], [2, 0, 0]])
        expected = [np_ctc_one([1, 3], logits[0]),
                    np_ctc_one([2], logits[1])]
        self.assertAllClose(
            losses.CTC()(labels, logits, sample_weight=[1.0, 3.0]),
            (expected[0] + 3 * expected[1]) / 2, rtol=1e-4,
        )
        for cls in [losses.KLDivergence, losses.Poisson, losses.CTC]:
            self.run_class_serialization_test(cls(name="x", reduction="sum"))

    def test_bad_arguments(self):
        for kwargs in [{"label_smoothing": 1.5}, {"label_smoothing": -0.1},
                       {"gamma": -1.0}, {"alpha": 2.0}]:
            key, value = next(iter(kwargs.items()))
            with self.assertRaisesRegex(ValueError,
                                        f"`{key}`.*{key}={value}"):
                losses.BinaryFocalCrossentropy(**kwargs)
        with self.assertRaisesRegex(ValueError, "label_smoothing"):
            losses.CategoricalCrossentropy(label_smoothing=2)
        for q in [0.0, 1.0, 1.5]:
            with self.assertRaisesRegex(ValueError, rf"`q`.*q={q}"):
                losses.CategoricalGeneralizedCrossEntropy(q=q)

    def test_bad_shapes_name_the_loss(self):
        with self.assertRaisesRegex(
            ValueError,
            r"`categorical_crossentropy`.*\(8, 3\).*\(8, 5\)",
        ):
            losses.CategoricalCrossentropy()(np.ones((8, 3)),
                                             np.ones((8, 5)))
