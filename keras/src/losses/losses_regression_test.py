import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.losses import losses_regression as losses

EPS = 1e-7


def np_mse(t, p):
    return np.mean((t - p) ** 2, axis=-1)


def np_mae(t, p):
    return np.mean(np.abs(t - p), axis=-1)


def np_mape(t, p):
    return 100 * np.mean(np.abs(t - p) / np.maximum(np.abs(t), EPS), -1)


def np_msle(t, p):
    log_p = np.log(np.maximum(p, EPS) + 1)
    log_t = np.log(np.maximum(t, EPS) + 1)
    return np.mean((log_p - log_t) ** 2, axis=-1)


def np_unit(x, axis):
    norm = np.sqrt(np.sum(x * x, axis=axis, keepdims=True))
    return x / np.maximum(norm, EPS)


def np_cosine(t, p, axis=-1):
    return -np.sum(np_unit(t, axis) * np_unit(p, axis), axis=axis)


def np_huber(t, p, delta=1.0):
    x = np.abs(p - t)
    return np.mean(
        np.where(x <= delta, 0.5 * x**2, delta * x - 0.5 * delta**2), -1
    )


def np_log_cosh(t, p):
    return np.mean(np.log(np.cosh(p.astype("float64") - t)), axis=-1)


def np_signed(t):
    return 2 * t - 1 if np.isin(t, [0, 1]).all() else t


def np_hinge(t, p):
    return np.mean(np.maximum(1 - np_signed(t) * p, 0), axis=-1)


def np_squared_hinge(t, p):
    return np.mean(np.maximum(1 - np_signed(t) * p, 0) ** 2, axis=-1)


def np_categorical_hinge(t, p):
    pos = np.sum(t * p, axis=-1)
    neg = np.max((1 - t) * p, axis=-1)
    return np.maximum(neg - pos + 1, 0)


CASES = [
    ("mean_squared_error", np_mse, "MeanSquaredError"),
    ("mean_absolute_error", np_mae, "MeanAbsoluteError"),
    ("mean_absolute_percentage_error", np_mape,
     "MeanAbsolutePercentageError"),
    ("mean_squared_logarithmic_error", np_msle,
     "MeanSquaredLogarithmicError"),
    ("cosine_similarity", np_cosine, "CosineSimilarity"),
    ("huber", np_huber, "Huber"),
    ("log_cosh", np_log_cosh, "LogCosh"),
    ("hinge", np_hinge, "Hinge"),
    ("squared_hinge", np_squared_hinge, "SquaredHinge"),
    ("categorical_hinge", np_categorical_hinge, "CategoricalHinge"),
]

rng = np.random.default_rng(7)
Y_TRUE = rng.normal(size=(4, 5)).astype("float32")
Y_PRED = rng.normal(size=(4, 5)).astype("float32")
Y_TRUE_3D = rng.uniform(-2, 2, (2, 3, 4)).astype("float32")
Y_PRED_3D = rng.uniform(-2, 2, (2, 3, 4)).astype("float32")
ONE_HOT = np.eye(5, dtype="float32")[[0, 3, 1, 4]]


class FunctionsTest(testing.TestCase):
    @parameterized.named_parameters([(c[0], *c) for c in CASES])
    def test_matches_numpy(self, name, reference, class_name):
        fn = getattr(losses, name)
        tol = dict(atol=1e-4, rtol=1e-5)
        self.assertAllClose(fn(Y_TRUE, Y_PRED), reference(Y_TRUE, Y_PRED),
                            **tol)
        self.assertAllClose(fn(ONE_HOT, Y_PRED), reference(ONE_HOT, Y_PRED),
                            **tol)
        out = fn(Y_TRUE_3D, Y_PRED_3D)
        self.assertEqual(tuple(out.shape), (2, 3))
        self.assertAllClose(out, reference(Y_TRUE_3D, Y_PRED_3D), **tol)

    @parameterized.named_parameters([(c[0], c[0]) for c in CASES])
    def test_rank_alignment_and_dtypes(self, name):
        fn = getattr(losses, name)
        y_true = np.array([1, 0, 1, 1])
        y_pred = np.array([[0.5], [0.2], [2.0], [-1.0]], "float32")
        out = fn(y_true, y_pred)
        self.assertEqual(tuple(out.shape), (4,))
        self.assertAllClose(out, fn(y_true[:, None], y_pred))
        self.assertDType(out, "float32")
        self.assertDType(fn([[1, 2]], [[2, 2]]), backend.floatx())
        self.assertDType(
            fn(np.ones((1, 2), "float16"), np.ones((1, 2), "float16")),
            "float16",
        )

    @parameterized.named_parameters([(c[0], c[0]) for c in CASES])
    def test_incompatible_shapes(self, name):
        with self.assertRaisesRegex(
            ValueError,
            rf"`{name}`.*y_true.shape=\(8, 3\), y_pred.shape=\(8, 5\)",
        ):
            getattr(losses, name)(np.ones((8, 3)), np.ones((8, 5)))

    @parameterized.named_parameters([(c[0], c[0]) for c in CASES])
    def test_symbolic(self, name):
        out = getattr(losses, name)(KerasTensor((None, 3)),
                                    KerasTensor((None, 3)))
        self.assertEqual(out.shape, (None,))

    def test_huber_delta(self):
        for delta in [0.1, 0.5, 2.0]:
            self.assertAllClose(
                losses.huber(Y_TRUE, Y_PRED, delta=delta),
                np_huber(Y_TRUE, Y_PRED, delta),
            )

    def test_cosine_similarity_axis_and_zero_vectors(self):
        self.assertAllClose(
            losses.cosine_similarity(Y_TRUE, Y_PRED, axis=0),
            np_cosine(Y_TRUE, Y_PRED, axis=0), atol=1e-6,
        )
        out = losses.cosine_similarity(np.zeros((1, 3)), Y_PRED[:1, :3])
        self.assertAllClose(out, [0.0])
        # Norms below epsilon are replaced by epsilon.
        tiny = np.array([[1e-9, 2e-9, 0.0]])
        out = losses.cosine_similarity(tiny, np.array([[3.0, 1.0, 0.5]]))
        self.assertAllClose(out, np_cosine(tiny, np.array([[3, 1, 0.5]])),
                            rtol=1e-4)

    def test_log_cosh_is_stable_for_large_errors(self):
        out = losses.log_cosh([[0.0]], [[1000.0]])
        self.assertAllClose(out, [1000.0 - np.log(2.0)], rtol=1e-6)

    def test_mape_and_msle_clip(self):
        out = losses.mean_absolute_percentage_error([[0.0, 2.0]],
                                                    [[1.0, -3.0]])
        self.assertAllClose(out, [100 * (1 / EPS + 2.5) / 2], rtol=1e-5)
        out = losses.mean_squared_logarithmic_error([[-1.0, 2.0]],
                                                    [[0.0, -3.0]])
        self.assertAllClose(out, [np.log(3.0) ** 2 / 2], rtol=1e-5)

    def test_hinge_label_conversion_looks_at_the_whole_tensor(self):
        y_pred = np.array([[0.3, -0.2], [0.5, 0.5]], "float32")
        binary = np.array([[0.0, 1.0], [1.0, 0.0]], "float32")
        self.assertAllClose(losses.hinge(binary, y_pred),
                            np.mean(np.maximum(1 - (2 * binary - 1) * y_pred,
                                               0), -1))
        # A -1 anywhere means the targets are already signed.
        signed = np.array([[0.0, 1.0], [1.0, -1.0]], "float32")
        self.assertAllClose(losses.hinge(signed, y_pred), [1.1, 1.0])

    def test_oracle_values(self):
        # Values computed with Keras 3.15.1.
        t = np.array([[0.2, 0.7, 1.5]], "float32")
        p = np.array([[0.1, 0.9, 3.0]], "float32")
        self.assertAllClose(losses.huber(t, p), [0.3416667], atol=1e-6)
        self.assertAllClose(losses.log_cosh(t, p), [0.2934333], atol=1e-6)


class ClassesTest(testing.TestCase):
    @parameterized.named_parameters([(c[2], *c) for c in CASES])
    def test_reductions(self, name, reference, class_name):
        cls = getattr(losses, class_name)
        expected = reference(Y_TRUE, Y_PRED)
        weights = np.array([0.5, 2.0, 0.0, 1.0], "float32")
        tol = dict(atol=1e-4, rtol=1e-5)
        self.assertAllClose(cls()(Y_TRUE, Y_PRED), expected.mean(), **tol)
        self.assertAllClose(cls(reduction="sum")(Y_TRUE, Y_PRED),
                            expected.sum(), **tol)
        self.assertAllClose(cls(reduction=None)(Y_TRUE, Y_PRED), expected,
                            **tol)
        self.assertAllClose(
            cls()(Y_TRUE, Y_PRED, sample_weight=weights),
            np.mean(expected * weights), **tol,
        )
        self.assertAllClose(
            cls(reduction="mean_with_sample_weight")(
                Y_TRUE, Y_PRED, sample_weight=weights
            ),
            np.sum(expected * weights) / weights.sum(), **tol,
        )

    @parameterized.named_parameters([(c[2], c[2], c[0]) for c in CASES])
    def test_config(self, class_name, default_name):
        cls = getattr(losses, class_name)
        self.assertEqual(
            cls().get_config()["name"],
            "huber_loss" if class_name == "Huber" else default_name,
        )
        loss = cls(name="custom", reduction="sum", dtype="float16")
        config = loss.get_config()
        self.assertEqual(config["reduction"], "sum")
        self.assertNotIn("fn", config)
        revived = self.run_class_serialization_test(loss)
        self.assertEqual(revived.dtype, "float16")
        self.assertEqual(revived.name, "custom")

    def test_class_arguments(self):
        loss = losses.Huber(delta=0.25)
        self.assertEqual(loss.get_config()["delta"], 0.25)
        self.assertAllClose(loss(Y_TRUE, Y_PRED),
                            np_huber(Y_TRUE, Y_PRED, 0.25).mean())
        self.assertEqual(self.run_class_serialization_test(loss).delta, 0.25)
        loss = losses.CosineSimilarity(axis=0, reduction=None)
        self.assertEqual(loss.get_config()["axis"], 0)
        self.assertAllClose(loss(Y_TRUE, Y_PRED),
                            np_cosine(Y_TRUE, Y_PRED, 0), atol=1e-6)

    def test_bad_arguments(self):
        for delta in [-1.0, "1", None]:
            with self.assertRaisesRegex(ValueError,
                                        f"`delta`.*delta={delta!r}"):
                losses.Huber(delta=delta)
        with self.assertRaisesRegex(ValueError, "reduction"):
            losses.MeanSquaredError(reduction="avg")

    def test_bad_shapes_name_the_loss(self):
        with self.assertRaisesRegex(ValueError, r"mean_squared_error.*\(8, "
                                    r"3\).*\(8, 5\)"):
            losses.MeanSquaredError()(np.ones((8, 3)), np.ones((8, 5)))

    def test_symbolic(self):
        loss = losses.MeanSquaredError()
        self.assertEqual(
            loss(KerasTensor((None, 3)), KerasTensor((None, 3))).shape, ()
        )
