import math
import random as python_random

import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import initializers
from keras.src import ops
from keras.src import random
from keras.src import testing
from keras.src.initializers.random_initializers import compute_fans

# About 10k samples: tight enough statistics, fast on every backend. JAX
# compiles each random op once per shape, so the tests share few shapes.
SHAPE = (100, 100)
KERNEL = (50, 200)
CONV_KERNEL = (4, 25, 5, 20)
SMALL = (4, 3)


def _np(x):
    return np.asarray(ops.convert_to_numpy(x), dtype="float64")


def _float_dtypes():
    # JAX runs without 64-bit types.
    extra = () if backend.backend() == "jax" else ("float64",)
    return ("float16", "bfloat16", "float32") + extra


class DistributionTest(testing.TestCase):
    def test_random_normal(self):
        values = _np(initializers.RandomNormal(1.0, 0.5, seed=1)(SHAPE))
        self.assertAllClose(values.mean(), 1.0, atol=0.02)
        self.assertAllClose(values.std(), 0.5, rtol=0.03)

    def test_random_uniform(self):
        values = _np(initializers.RandomUniform(-2.0, 3.0, seed=1)(SHAPE))
        self.assertGreaterEqual(values.min(), -2.0)
        self.assertLess(values.max(), 3.0)
        self.assertAllClose(values.mean(), 0.5, atol=0.05)
        self.assertAllClose(values.std(), 5 / math.sqrt(12), rtol=0.03)

    def test_truncated_normal(self):
        values = _np(initializers.TruncatedNormal(0.5, 2.0, seed=1)(SHAPE))
        self.assertLessEqual(np.abs(values - 0.5).max(), 4.0 + 1e-5)
        self.assertAllClose(values.mean(), 0.5, atol=0.05)
        # The std of a unit normal truncated to [-2, 2].
        self.assertAllClose(values.std(), 2.0 * 0.8796, rtol=0.03)

    @parameterized.parameters(
        ("fan_in", 50), ("fan_out", 200), ("fan_avg", 125)
    )
    def test_variance_scaling_modes(self, mode, units):
        init = initializers.VarianceScaling(
            scale=3.0, mode=mode, distribution="untruncated_normal", seed=2
        )
        values = _np(init(KERNEL))
        self.assertAllClose(values.std(), math.sqrt(3.0 / units), rtol=0.03)

    def test_variance_scaling_truncated_std(self):
        init = initializers.VarianceScaling(scale=2.0, seed=3)
        values = _np(init(SHAPE))
        stddev = math.sqrt(2.0 / 100)
        self.assertAllClose(values.std(), stddev, rtol=0.03)
        self.assertLessEqual(np.abs(values).max(), 2 * stddev / 0.8796 + 1e-4)

    def test_variance_scaling_uniform_limit(self):
        init = initializers.VarianceScaling(
            scale=0.5, mode="fan_in", distribution="uniform", seed=3
        )
        # A conv kernel: fan_in = 4 * 25 * 5.
        values = _np(init(CONV_KERNEL))
        limit = math.sqrt(3 * 0.5 / 500)
        self.assertLessEqual(np.abs(values).max(), limit)
        self.assertGreater(np.abs(values).max(), 0.95 * limit)

    @parameterized.parameters(
        ("GlorotUniform", "uniform", lambda i, o: 6 / (i + o)),
        ("GlorotNormal", "normal", lambda i, o: 2 / (i + o)),
        ("HeUniform", "uniform", lambda i, o: 6 / i),
        ("HeNormal", "normal", lambda i, o: 2 / i),
        ("LecunUniform", "uniform", lambda i, o: 3 / i),
        ("LecunNormal", "normal", lambda i, o: 1 / i),
    )
    def test_presets(self, name, kind, formula):
        init = getattr(initializers, name)(seed=4)
        values = _np(init(KERNEL))
        if kind == "uniform":
            limit = math.sqrt(formula(50, 200))
            self.assertLessEqual(np.abs(values).max(), limit)
            self.assertAllClose(values.std(), limit / math.sqrt(3), rtol=0.03)
        else:
            stddev = math.sqrt(formula(50, 200))
            self.assertAllClose(values.std(), stddev, rtol=0.03)
            self.assertLessEqual(
                np.abs(values).max(), 2 * stddev / 0.8796 + 1e-4
            )

    def test_input_and_output_axes(self):
        # Fans from the axes: 4 * 5 inputs, 20 outputs; axis 1 is ignored.
        init = initializers.VarianceScaling(
            mode="fan_in",
            distribution="uniform",
            seed=5,
            input_axes=(0, 2),
            output_axes=-1,
        )
        values = _np(init(CONV_KERNEL))
        limit = math.sqrt(3 / 20)
        self.assertLessEqual(np.abs(values).max(), limit)
        self.assertGreater(np.abs(values).max(), 0.95 * limit)


class FansTest(testing.TestCase):
    def test_default_fans(self):
        self.assertEqual(compute_fans(()), (1, 1))
        self.assertEqual(compute_fans((7,)), (7, 7))
        self.assertEqual(compute_fans((5, 7)), (5, 7))
        self.assertEqual(compute_fans((3, 5, 7)), (15, 21))
        self.assertEqual(compute_fans((2, 3, 5, 7)), (30, 42))

    def test_axes(self):
        self.assertEqual(compute_fans((3, 5, 7), (0,), (2,)), (3, 7))
        self.assertEqual(compute_fans((2, 3, 5, 7), (0, 1), (2, 3)), (6, 35))
        self.assertEqual(compute_fans((2, 3, 5, 7), (-1,), (-2,)), (7, 5))
        self.assertEqual(compute_fans((2, 3), (), ()), (1, 1))
        with self.assertRaisesRegex(ValueError, "input_axes=\\(4,\\)"):
            compute_fans((2, 3), (4,), (0,))

    def test_one_axes_argument_alone_is_ignored(self):
        a = initializers.VarianceScaling(
            distribution="uniform", seed=1, input_axes=(0,)
        )
        b = initializers.VarianceScaling(distribution="uniform", seed=1)
        self.assertAllClose(a(CONV_KERNEL), b(CONV_KERNEL))


class SeedingTest(testing.TestCase):
    CLASSES = (
        "RandomNormal",
        "RandomUniform",
        "TruncatedNormal",
        "VarianceScaling",
        "GlorotUniform",
        "HeNormal",
        "Orthogonal",
    )

    @parameterized.parameters(*CLASSES)
    def test_int_seed(self, name):
        cls = getattr(initializers, name)
        a = cls(seed=7)(SMALL)
        self.assertAllClose(a, cls(seed=7)(SMALL))
        init = cls(seed=7)
        self.assertAllClose(init(SMALL), init(SMALL))
        self.assertNotAllClose(a, cls(seed=8)(SMALL))

    @parameterized.parameters(*CLASSES)
    def test_no_seed(self, name):
        cls = getattr(initializers, name)
        init = cls()
        self.assertIsInstance(init.seed, int)
        self.assertIsNone(init.get_config()["seed"])
        self.assertAllClose(init(SMALL), init(SMALL))
        self.assertNotAllClose(init(SMALL), cls()(SMALL))

    def test_no_seed_follows_python_random(self):
        python_random.seed(11)
        a = initializers.RandomNormal()
        python_random.seed(11)
        b = initializers.RandomNormal()
        self.assertEqual(a.seed, b.seed)

    @parameterized.parameters(*CLASSES)
    def test_seed_generator(self, name):
        cls = getattr(initializers, name)
        init = cls(seed=random.SeedGenerator(3))
        first = init(SMALL)
        self.assertNotAllClose(first, init(SMALL))
        # A new generator with the same seed restarts the sequence.
        fresh = cls(seed=random.SeedGenerator(3))
        self.assertAllClose(first, fresh(SMALL))

    def test_seed_generator_config(self):
        init = initializers.RandomUniform(seed=random.SeedGenerator(5))
        config = init.get_config()
        self.assertEqual(config["seed"]["class_name"], "SeedGenerator")
        self.assertEqual(config["seed"]["config"]["seed"], 5)
        restored = initializers.RandomUniform.from_config(config)
        self.assertIsInstance(restored.seed, random.SeedGenerator)
        self.assertAllClose(
            restored((3,)),
            initializers.RandomUniform(seed=random.SeedGenerator(5))((3,)),
        )

    def test_bad_seed(self):
        for seed in ("a", 1.5, [1]):
            with self.assertRaisesRegex(ValueError, "seed="):
                initializers.RandomNormal(seed=seed)


class DtypeTest(testing.TestCase):
    @parameterized.product(
        name=(
            "RandomNormal",
            "RandomUniform",
            "TruncatedNormal",
            "GlorotNormal",
            "Orthogonal",
        ),
        dtype=_float_dtypes(),
    )
    def test_float_dtypes(self, name, dtype):
        values = getattr(initializers, name)(seed=1)(SMALL, dtype=dtype)
        self.assertDType(values, dtype)
        self.assertEqual(tuple(values.shape), SMALL)

    def test_default_dtype(self):
        self.assertDType(initializers.HeUniform(seed=1)((2,)), "float32")

    @parameterized.product(
        name=("RandomNormal", "RandomUniform", "GlorotUniform", "Orthogonal"),
        dtype=("int32", "bool"),
    )
    def test_non_float_dtypes_raise(self, name, dtype):
        with self.assertRaisesRegex(ValueError, f"dtype={dtype}"):
            getattr(initializers, name)(seed=1)((2, 2), dtype=dtype)


class OrthogonalTest(testing.TestCase):
    @parameterized.parameters((4, 3), (3, 4), (2, 2, 3))
    def test_orthogonality(self, *shape):
        init = initializers.Orthogonal(gain=1.5, seed=3)
        values = _np(init(shape))
        self.assertEqual(values.shape, shape)
        matrix = values.reshape(-1, shape[-1])
        if matrix.shape[0] < matrix.shape[1]:
            matrix = matrix.T
        gram = matrix.T @ matrix
        self.assertAllClose(gram, 2.25 * np.eye(len(gram)), atol=1e-5)

    def test_rank_must_be_at_least_2(self):
        with self.assertRaisesRegex(ValueError, "shape=\\(5,\\) of rank 1"):
            initializers.Orthogonal()((5,))

    def test_empty(self):
        values = initializers.Orthogonal(seed=1)((0, 3))
        self.assertEqual(tuple(values.shape), (0, 3))


class ConfigTest(testing.TestCase):
    @parameterized.parameters(
        ("RandomNormal", {"mean": 1.0, "stddev": 2.0, "seed": 3}),
        ("RandomUniform", {"minval": -1.0, "maxval": 2.0, "seed": None}),
        ("TruncatedNormal", {"mean": 0.5, "stddev": 0.1, "seed": 1}),
        (
            "VarianceScaling",
            {
                "scale": 2.0,
                "mode": "fan_avg",
                "distribution": "uniform",
                "seed": 4,
                "input_axes": [0],
                "output_axes": [1],
            },
        ),
        ("GlorotUniform", {"seed": 5, "input_axes": None, "output_axes": None}),
        ("HeNormal", {"seed": None, "input_axes": (0,), "output_axes": (1,)}),
        ("Orthogonal", {"gain": 2.0, "seed": 2}),
    )
    def test_round_trip(self, name, config):
        cls = getattr(initializers, name)
        init = cls(**config)
        self.assertEqual(init.get_config(), config)
        restored = cls.from_config(init.get_config())
        self.assertEqual(restored.get_config(), config)
        clone = init.clone()
        self.assertIsNot(clone, init)
        self.assertEqual(clone.get_config(), config)
        again = initializers.deserialize(initializers.serialize(init))
        self.assertIsInstance(again, cls)
        self.assertEqual(again.get_config(), config)
        if config["seed"] is not None:
            self.assertAllClose(again(SMALL), init(SMALL))

    def test_config_key_order(self):
        config = initializers.VarianceScaling().get_config()
        self.assertEqual(
            list(config),
            [
                "seed",
                "scale",
                "mode",
                "distribution",
                "input_axes",
                "output_axes",
            ],
        )
        self.assertEqual(
            list(initializers.RandomNormal().get_config()),
            ["seed", "mean", "stddev"],
        )

    def test_normal_distribution_alias(self):
        init = initializers.VarianceScaling(distribution="normal")
        self.assertEqual(init.distribution, "truncated_normal")


class ValidationTest(testing.TestCase):
    def test_variance_scaling_arguments(self):
        with self.assertRaisesRegex(ValueError, "scale=0"):
            initializers.VarianceScaling(scale=0)
        with self.assertRaisesRegex(ValueError, "scale=-1.0"):
            initializers.VarianceScaling(scale=-1.0)
        with self.assertRaisesRegex(ValueError, "mode='FAN_IN'"):
            initializers.VarianceScaling(mode="FAN_IN")
        with self.assertRaisesRegex(ValueError, "distribution='gauss'"):
            initializers.VarianceScaling(distribution="gauss")
        with self.assertRaisesRegex(ValueError, "input_axes="):
            initializers.VarianceScaling(input_axes="a")

    def test_distribution_arguments(self):
        with self.assertRaisesRegex(ValueError, "minval=1.0, maxval=0.0"):
            initializers.RandomUniform(1.0, 0.0)
        with self.assertRaisesRegex(ValueError, "stddev=-1.0"):
            initializers.RandomNormal(stddev=-1.0)
        with self.assertRaisesRegex(ValueError, "stddev=-0.1"):
            initializers.TruncatedNormal(stddev=-0.1)
