import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import regularizers
from keras.src import testing

W = np.array([[1.0, -2.0], [3.0, 4.0], [0.5, 1.0]], dtype="float32")


def _np_orthogonal_penalty(x, factor):
    x = x / np.linalg.norm(x, axis=1, keepdims=True)
    products = np.abs(x @ x.T)
    count = x.shape[0]
    off_diagonal = products.sum() - np.trace(products)
    return factor * off_diagonal / (count * (count - 1))


class PenaltyTest(testing.TestCase):
    def test_l1(self):
        reg = regularizers.L1(0.1)
        self.assertAllClose(reg(W), 0.1 * np.abs(W).sum(), rtol=1e-6)

    def test_l2(self):
        reg = regularizers.L2(0.1)
        self.assertAllClose(reg(W), 0.1 * np.square(W).sum(), rtol=1e-6)

    def test_l1_l2(self):
        reg = regularizers.L1L2(l1=0.1, l2=0.2)
        expected = 0.1 * np.abs(W).sum() + 0.2 * np.square(W).sum()
        self.assertAllClose(reg(W), expected, rtol=1e-6)
        self.assertAllClose(regularizers.L1L2()(W), 0.0)

    def test_results_are_scalar_tensors(self):
        for reg in (
            regularizers.L1(),
            regularizers.L2(),
            regularizers.L1L2(0.1, 0.1),
            regularizers.OrthogonalRegularizer(),
        ):
            penalty = reg(W)
            self.assertTrue(backend.is_tensor(penalty))
            self.assertEqual(tuple(penalty.shape), ())
            self.assertDType(penalty, "float32")

    @parameterized.parameters("float16", "float32")
    def test_keeps_dtype(self, dtype):
        self.assertDType(regularizers.L2()(W.astype(dtype)), dtype)
        self.assertDType(regularizers.L1()(W.astype(dtype)), dtype)

    def test_orthogonal_rows(self):
        reg = regularizers.OrthogonalRegularizer(factor=0.1, mode="rows")
        expected = _np_orthogonal_penalty(W.astype("float64"), 0.1)
        self.assertAllClose(reg(W), expected, rtol=1e-5)

    def test_orthogonal_columns(self):
        reg = regularizers.OrthogonalRegularizer(factor=0.1, mode="columns")
        expected = _np_orthogonal_penalty(W.T.astype("float64"), 0.1)
        self.assertAllClose(reg(W), expected, rtol=1e-5)

    def test_orthogonal_of_orthogonal_matrix_is_zero(self):
        q = np.linalg.qr(np.random.default_rng(0).normal(size=(4, 4)))[0]
        reg = regularizers.OrthogonalRegularizer(factor=1.0)
        self.assertAllClose(reg(q.astype("float32")), 0.0, atol=1e-6)

    def test_orthogonal_edge_cases(self):
        reg = regularizers.OrthogonalRegularizer(factor=1.0)
        self.assertAllClose(reg(np.zeros((2, 3), "float32")), 0.0)
        self.assertAllClose(reg(np.ones((1, 3), "float32")), 0.0)
        with self.assertRaisesRegex(ValueError, "inputs.shape=\\(2, 3, 4\\)"):
            reg(np.ones((2, 3, 4), "float32"))

    def test_symbolic(self):
        x = backend.KerasTensor((3, 4))
        self.assertEqual(regularizers.L1L2(0.1, 0.1)(x).shape, ())

    def test_base_and_subclass(self):
        self.assertEqual(regularizers.Regularizer()(W), 0.0)

        class Sum(regularizers.Regularizer):
            def __call__(self, x):
                return ops.sum(x)

        self.assertAllClose(Sum()(W), W.sum())
        self.assertEqual(Sum().get_config(), {})
        self.assertIsInstance(Sum.from_config({}), Sum)


class ValidationTest(testing.TestCase):
    @parameterized.parameters(
        (regularizers.L1, "l1"),
        (regularizers.L2, "l2"),
        (regularizers.OrthogonalRegularizer, "factor"),
    )
    def test_bad_factors(self, cls, name):
        for value in (-1, "a", float("nan"), float("inf")):
            with self.assertRaisesRegex(ValueError, f"{name}="):
                cls(value)

    def test_l1_l2_bad_factors(self):
        with self.assertRaisesRegex(ValueError, "l1=-1"):
            regularizers.L1L2(l1=-1)
        with self.assertRaisesRegex(ValueError, "l2=-0.5"):
            regularizers.L1L2(l2=-0.5)

    def test_none_means_default(self):
        self.assertEqual(regularizers.L2(None).l2, 0.01)
        self.assertEqual(
            regularizers.L1L2(None, None).get_config(), {"l1": 0.0, "l2": 0.0}
        )
        with self.assertRaisesRegex(ValueError, "factor=None"):
            regularizers.OrthogonalRegularizer(None)

    def test_bad_mode(self):
        with self.assertRaisesRegex(ValueError, "mode='diagonal'"):
            regularizers.OrthogonalRegularizer(mode="diagonal")


class ConfigTest(testing.TestCase):
    def test_configs(self):
        # L1 and orthogonal factors are kept at float32 precision.
        f32 = float(np.float32(0.01))
        self.assertEqual(regularizers.L1().get_config(), {"l1": f32})
        self.assertEqual(regularizers.L2().get_config(), {"l2": 0.01})
        self.assertEqual(
            regularizers.L1L2(1, 2).get_config(), {"l1": 1.0, "l2": 2.0}
        )
        self.assertEqual(
            regularizers.OrthogonalRegularizer().get_config(),
            {"factor": f32, "mode": "rows"},
        )

    @parameterized.parameters(
        regularizers.L1(0.5),
        regularizers.L2(0.3),
        regularizers.L1L2(0.1, 0.2),
        regularizers.OrthogonalRegularizer(0.5, "columns"),
    )
    def test_round_trip(self, reg):
        cls = type(reg)
        self.assertEqual(
            cls.from_config(reg.get_config()).get_config(), reg.get_config()
        )
        config = regularizers.serialize(reg)
        self.assertEqual(config["module"], "keras.regularizers")
        self.assertEqual(config["class_name"], cls.__name__)
        restored = regularizers.deserialize(config)
        self.assertIs(type(restored), cls)
        self.assertEqual(restored.get_config(), reg.get_config())
        self.assertAllClose(restored(W), reg(W))


class GetTest(testing.TestCase):
    @parameterized.parameters(
        ("l1", regularizers.L1),
        ("L1", regularizers.L1),
        ("l2", regularizers.L2),
        ("L1L2", regularizers.L1L2),
        ("l1_l2", regularizers.L1L2),
        ("orthogonal_regularizer", regularizers.OrthogonalRegularizer),
        ("OrthogonalRegularizer", regularizers.OrthogonalRegularizer),
    )
    def test_names(self, name, cls):
        self.assertIs(type(regularizers.get(name)), cls)

    def test_other_identifiers(self):
        self.assertIsNone(regularizers.get(None))
        reg = regularizers.L2(0.3)
        self.assertIs(regularizers.get(reg), reg)
        self.assertIsInstance(
            regularizers.get(regularizers.L1), regularizers.L1
        )
        config = {"class_name": "L2", "config": {"l2": 0.3}}
        self.assertEqual(regularizers.get(config).l2, 0.3)

        def fn(x):
            return ops.sum(x)

        self.assertIs(regularizers.get(fn), fn)

    def test_unknown(self):
        for identifier in ("l3", 3):
            with self.assertRaisesRegex(
                ValueError, "Could not interpret regularizer identifier"
            ) as context:
                regularizers.get(identifier)
            self.assertIn(f"identifier={identifier!r}", str(context.exception))


class ValidateFloatArgTest(testing.TestCase):
    def test_validate_float_arg(self):
        from keras.src.regularizers.regularizers import validate_float_arg

        self.assertEqual(validate_float_arg(1, "l1"), 1.0)
        self.assertEqual(validate_float_arg(0.5, "l1"), 0.5)
        for bad in (-1, "a", None, float("inf"), np.float32(0.2)):
            with self.assertRaisesRegex(ValueError, "argument l1"):
                validate_float_arg(bad, "l1")
