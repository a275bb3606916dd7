import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import constraints
from keras.src import ops
from keras.src import testing

W = np.array(
    [[1.0, -2.0, 0.1], [3.0, 4.0, 0.2], [-0.5, 0.0, 0.3]], dtype="float32"
)
EPSILON = 1e-7


def _np_norms(w, axis):
    return np.sqrt(np.sum(np.square(w), axis=axis, keepdims=True))


class ConstraintValuesTest(testing.TestCase):
    @parameterized.parameters((0,), (1,), ([0, 1],))
    def test_max_norm(self, axis):
        w = W.astype("float64")
        np_axis = tuple(np.atleast_1d(axis))
        norms = _np_norms(w, np_axis)
        expected = w * np.clip(norms, 0, 2.0) / (norms + EPSILON)
        result = constraints.MaxNorm(2.0, axis=axis)(W)
        self.assertAllClose(result, expected, atol=1e-6)
        result_norms = _np_norms(ops.convert_to_numpy(result), np_axis)
        self.assertTrue(np.all(result_norms <= 2.0 + 1e-5))

    @parameterized.parameters(0, 1)
    def test_unit_norm(self, axis):
        result = ops.convert_to_numpy(constraints.UnitNorm(axis=axis)(W))
        self.assertAllClose(_np_norms(result, axis), 1.0, atol=1e-5)
        w = W.astype("float64")
        self.assertAllClose(
            result, w / (_np_norms(w, axis) + EPSILON), atol=1e-6
        )

    @parameterized.parameters((1.0, 0), (0.5, 0), (1.0, 1), (0.25, 1))
    def test_min_max_norm(self, rate, axis):
        w = W.astype("float64")
        norms = _np_norms(w, axis)
        desired = rate * np.clip(norms, 1.0, 2.0) + (1 - rate) * norms
        constraint = constraints.MinMaxNorm(1.0, 2.0, rate=rate, axis=axis)
        self.assertAllClose(
            constraint(W), w * desired / (norms + EPSILON), atol=1e-6
        )

    def test_non_neg(self):
        self.assertAllClose(constraints.NonNeg()(W), np.maximum(W, 0))
        ints = np.array([1, -2, 3], dtype="int32")
        result = constraints.NonNeg()(ints)
        self.assertDType(result, "int32")
        self.assertAllEqual(result, [1, 0, 3])

    def test_zero_weights_stay_zero(self):
        zeros = np.zeros((2, 2), dtype="float32")
        for constraint in (
            constraints.MaxNorm(),
            constraints.MinMaxNorm(),
            constraints.UnitNorm(),
            constraints.NonNeg(),
        ):
            self.assertAllClose(constraint(zeros), zeros)

    @parameterized.parameters("float16", "float32")
    def test_keeps_dtype(self, dtype):
        for constraint in (
            constraints.MaxNorm(),
            constraints.MinMaxNorm(),
            constraints.UnitNorm(),
            constraints.NonNeg(),
        ):
            self.assertDType(constraint(W.astype(dtype)), dtype)

    def test_variables(self):
        variable = backend.Variable(W)
        self.assertAllClose(constraints.NonNeg()(variable), np.maximum(W, 0))

    def test_base_and_subclass(self):
        self.assertIs(constraints.Constraint()(W), W)

        class Clip(constraints.Constraint):
            def __call__(self, w):
                return ops.clip(w, -1.0, 1.0)

        self.assertAllClose(Clip()(W), np.clip(W, -1, 1))
        self.assertEqual(Clip().get_config(), {})


class ConfigTest(testing.TestCase):
    def test_defaults(self):
        self.assertEqual(
            constraints.MaxNorm().get_config(), {"max_value": 2, "axis": 0}
        )
        self.assertEqual(
            constraints.MinMaxNorm().get_config(),
            {"min_value": 0.0, "max_value": 1.0, "rate": 1.0, "axis": 0},
        )
        self.assertEqual(constraints.UnitNorm().get_config(), {"axis": 0})
        self.assertEqual(constraints.NonNeg().get_config(), {})

    @parameterized.parameters(
        constraints.MaxNorm(3.0, axis=[0, 1]),
        constraints.MinMaxNorm(0.5, 2.0, 0.3, axis=1),
        constraints.UnitNorm(axis=-1),
        constraints.NonNeg(),
    )
    def test_round_trip(self, constraint):
        cls = type(constraint)
        config = constraint.get_config()
        self.assertEqual(cls.from_config(config).get_config(), config)
        serialized = constraints.serialize(constraint)
        self.assertEqual(
            serialized,
            {
                "module": "keras.constraints",
                "class_name": cls.__name__,
                "config": config,
                "registered_name": None,
            },
        )
        restored = constraints.deserialize(serialized)
        self.assertIs(type(restored), cls)
        self.assertAllClose(restored(W), constraint(W))


class GetTest(testing.TestCase):
    @parameterized.parameters(
        ("max_norm", constraints.MaxNorm),
        ("MaxNorm", constraints.MaxNorm),
        ("min_max_norm", constraints.MinMaxNorm),
        ("non_neg", constraints.NonNeg),
        ("NonNeg", constraints.NonNeg),
        ("unit_norm", constraints.UnitNorm),
    )
    def test_names(self, name, cls):
        self.assertIs(type(constraints.get(name)), cls)

    def test_other_identifiers(self):
        self.assertIsNone(constraints.get(None))
        constraint = constraints.UnitNorm()
        self.assertIs(constraints.get(constraint), constraint)
        self.assertIsInstance(
            constraints.get(constraints.NonNeg), constraints.NonNeg
        )
        config = {"class_name": "MaxNorm", "config": {"max_value": 3}}
        self.assertEqual(constraints.get(config).max_value, 3)

        def fn(w):
            return w

        self.assertIs(constraints.get(fn), fn)

    def test_unknown(self):
        for identifier in ("nonneg", 3):
            with self.assertRaisesRegex(
                ValueError, "Could not interpret constraint identifier"
            ) as context:
                constraints.get(identifier)
            self.assertIn(f"identifier={identifier!r}", str(context.exception))
