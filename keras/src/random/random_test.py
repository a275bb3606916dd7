import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import random
from keras.src import testing
from keras.src.backend.common import dtypes
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.testing.op_checks import check_eager
from keras.src.testing.op_checks import check_symbolic

# The ops that draw floats from a shape, with arguments besides the shape.
FLOAT_OPS = {
    "normal": (random.normal, {}),
    "uniform": (random.uniform, {}),
    "truncated_normal": (random.truncated_normal, {}),
    "gamma": (random.gamma, {"alpha": 2.0}),
    "binomial": (random.binomial, {"counts": 5, "probabilities": 0.5}),
    "beta": (random.beta, {"alpha": 2.0, "beta": 3.0}),
}
SHAPE_OPS = dict(
    FLOAT_OPS, randint=(random.randint, {"minval": 0, "maxval": 5})
)
N = 10000
# One shape for most draws: JAX compiles each sampler once per shape.
SHAPE = (N,)
CHEAP_OPS = ("normal", "uniform", "truncated_normal")


def _np(x):
    return backend.convert_to_numpy(x)


def _expected(dtype):
    # On JAX, 64-bit dtypes become their 32-bit counterparts; the numpy
    # backend keeps a requested 64-bit dtype, as upstream's does.
    dtype = dtypes.standardize_dtype(dtype)
    if backend.backend() == "jax":
        return dtypes.result_type(dtype)
    return dtype


class ShapeAndDtypeTest(testing.TestCase):
    @parameterized.named_parameters(
        (f"{name}_{dtype}", name, dtype)
        for name in FLOAT_OPS
        for dtype in (None, "float16", "bfloat16", "float32", "float64")
        # Gamma-based samplers compile slowly on JAX: fewer dtypes.
        if dtype in (None, "float16") or name in CHEAP_OPS
    )
    def test_float_ops(self, name, dtype):
        op, kwargs = FLOAT_OPS[name]
        x = op(SHAPE, dtype=dtype, seed=1, **kwargs)
        self.assertEqual(tuple(x.shape), SHAPE)
        self.assertDType(x, _expected(dtype))

    @parameterized.parameters("int8", "uint8", "int16", "int32", "int64")
    def test_randint_dtypes(self, dtype):
        x = random.randint(SHAPE, 0, 5, dtype=dtype, seed=1)
        self.assertEqual(tuple(x.shape), SHAPE)
        self.assertDType(x, _expected(dtype))
        self.assertDType(random.randint(SHAPE, 0, 5), "int32")

    def test_shape_forms(self):
        self.assertEqual(tuple(random.normal(3, seed=1).shape), (3,))
        self.assertEqual(tuple(random.normal([2, 1], seed=1).shape), (2, 1))
        self.assertEqual(tuple(random.normal((), seed=1).shape), ())
        self.assertEqual(tuple(random.normal((0, 2), seed=1).shape), (0, 2))
        x = random.randint(np.array(SHAPE), 0, 5, seed=1)
        self.assertEqual(tuple(x.shape), SHAPE)

    @parameterized.parameters(*SHAPE_OPS)
    def test_unknown_shape_rejected(self, name):
        op, kwargs = SHAPE_OPS[name]
        with self.assertRaisesRegex(ValueError, f"{name}.*shape"):
            op((None, 3), seed=1, **kwargs)
        with self.assertRaisesRegex(ValueError, name):
            op((-1,), seed=1, **kwargs)

    @parameterized.parameters(*FLOAT_OPS)
    def test_float_ops_reject_int_dtype(self, name):
        op, kwargs = FLOAT_OPS[name]
        with self.assertRaisesRegex(ValueError, f"{name}.*floating"):
            op((2,), dtype="int32", seed=1, **kwargs)

    def test_randint_rejects_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "randint.*integer"):
            random.randint((2,), 0, 5, dtype="float32")
        with self.assertRaisesRegex(ValueError, "maxval > minval"):
            random.randint((2,), 5, 5)

    def test_categorical_shape_and_dtype(self):
        logits = np.zeros((2, 3), "float32")
        x = random.categorical(logits, 50, seed=1)
        self.assertEqual(tuple(x.shape), (2, 50))
        self.assertDType(x, "int32")
        self.assertDType(random.categorical(logits, 50, "int64", 1),
                         _expected("int64"))
        self.assertDType(random.categorical(logits, 50, "float32", 1),
                         "float32")
        self.assertEqual(tuple(random.categorical(logits, 0, seed=1).shape),
                         (2, 0))

    def test_categorical_rejects_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "categorical.*2D"):
            random.categorical(np.zeros((4,)), 2)
        with self.assertRaisesRegex(ValueError, "num_samples"):
            random.categorical(np.zeros((2, 4)), 1.5)
        with self.assertRaisesRegex(ValueError, "categorical.*dtype"):
            random.categorical(np.zeros((2, 4)), 2, dtype="bool")

    def test_shuffle_keeps_shape_and_dtype(self):
        x = random.shuffle(np.arange(6, dtype="int32").reshape(2, 3), 1, 1)
        self.assertEqual(tuple(x.shape), (2, 3))
        self.assertDType(x, "int32")

    def test_shuffle_rejects_bad_axis(self):
        with self.assertRaisesRegex(ValueError, "shuffle.*axis 2"):
            random.shuffle(np.arange(4), axis=2)
        with self.assertRaisesRegex(ValueError, "shuffle.*rank"):
            random.shuffle(np.float32(1.0))

    def test_dropout_rejects_bad_arguments(self):
        x = np.ones((2, 3), "float32")
        with self.assertRaisesRegex(ValueError, "rate"):
            random.dropout(x, 1.5)
        with self.assertRaisesRegex(ValueError, r"dropout.*\(4, 3\).*\(2, 3\)"):
            random.dropout(x, 0.5, noise_shape=(4, 3))
        with self.assertRaisesRegex(ValueError, "dropout"):
            random.dropout(x, 0.5, noise_shape=(3,))


class NumPyReferenceTest(testing.TestCase):
    """Degenerate distributions, whose draws are known exactly."""

    def test_normal_with_zero_stddev(self):
        check_eager(
            lambda: random.normal((2, 3), mean=3.0, stddev=0.0, seed=1),
            lambda: np.full((2, 3), 3.0, "float32"),
            (),
        )

    def test_truncated_normal_with_zero_stddev(self):
        check_eager(
            lambda: random.truncated_normal((4,), -1.0, 0.0, "float16", 2),
            lambda: np.full((4,), -1.0, "float16"),
            (),
        )

    def test_randint_with_one_value(self):
        check_eager(
            lambda: random.randint((3, 2), 4, 5, dtype="int8", seed=1),
            lambda: np.full((3, 2), 4, "int8"),
            (),
        )

    def test_binomial_with_certain_outcomes(self):
        check_eager(
            lambda: random.binomial(SHAPE, 4, 1.0, seed=1),
            lambda: np.full(SHAPE, 4.0, "float32"),
            (),
        )
        check_eager(
            lambda: random.binomial(SHAPE, 6, 0.0, dtype="float16", seed=1),
            lambda: np.zeros(SHAPE, "float16"),
            (),
        )

    def test_categorical_with_one_possible_class(self):
        logits = np.array([[-np.inf, 0.0, -np.inf], [0.0, -np.inf, -np.inf]])
        logits = logits.astype("float32")
        check_eager(
            lambda x: random.categorical(x, 50, seed=3),
            lambda x: np.repeat(np.argmax(x, 1)[:, None], 50, 1).astype(
                "int32"),
            (logits,),
        )

    @parameterized.parameters(
        ("float32", "float32"),
        ("float16", "float16"),
        ("float64", "float64"),
        ("int32", "float32"),
        ("int8", "float32"),
        ("uint8", "float32"),
        ("bool", "float32"),
    )
    def test_dropout_rate_zero_is_identity(self, dtype, result):
        expected = _expected(result)
        if backend.backend() == "numpy" and dtype == "float64":
            # check_eager converts the input first, which narrows it there.
            expected = "float32"
        check_eager(
            lambda x: random.dropout(x, 0.0, seed=1),
            lambda x: x.astype(result),
            (np.array([[1, 0, 1], [0, 1, 1]]).astype(dtype),),
            dtype=expected,
        )

    def test_dropout_rate_one_zeroes_everything(self):
        check_eager(
            lambda x: random.dropout(x, 1.0, seed=1),
            np.zeros_like,
            (np.ones((2, 3), "float32"),),
        )

    def test_shuffle_is_a_permutation(self):
        check_eager(
            lambda x: ops.sort(random.shuffle(x, seed=5)),
            np.sort,
            (np.arange(20, dtype="int32")[::-1].copy(),),
        )


class SymbolicTest(testing.TestCase):
    @parameterized.parameters(
        ("float32", "float32"),
        ("float16", "float16"),
        ("int32", "float32"),
        ("bool", "float32"),
    )
    def test_dropout(self, dtype, result):
        x = KerasTensor((None, 3), dtype=dtype)
        check_symbolic(random.dropout, (x, 0.5), shape=(None, 3),
                       dtype=result)
        check_symbolic(random.dropout, (x, 0.5), {"noise_shape": (None, 1)},
                       shape=(None, 3), dtype=result)

    def test_dropout_incompatible_noise_shape(self):
        x = KerasTensor((None, 3))
        with self.assertRaisesRegex(ValueError,
                                    r"dropout.*\(1, 4\).*\(None, 3\)"):
            random.dropout(x, 0.5, noise_shape=(1, 4))

    def test_shuffle(self):
        x = KerasTensor((None, 3), dtype="int8")
        check_symbolic(random.shuffle, (x,), shape=(None, 3), dtype="int8")
        check_symbolic(random.shuffle, (x,), {"axis": -1}, shape=(None, 3))
        with self.assertRaisesRegex(ValueError, "shuffle.*axis 2"):
            random.shuffle(x, axis=2)

    def test_categorical(self):
        logits = KerasTensor((None, 4))
        check_symbolic(random.categorical, (logits, 5), shape=(None, 5),
                       dtype="int32")
        check_symbolic(random.categorical, (logits, 2),
                       {"dtype": "float32"}, shape=(None, 2), dtype="float32")
        with self.assertRaisesRegex(ValueError, r"categorical.*\(None,\)"):
            random.categorical(KerasTensor((None,)), 2)


class SeedTest(testing.TestCase):
    @parameterized.parameters(*SHAPE_OPS)
    def test_int_seed_is_reproducible(self, name):
        op, kwargs = SHAPE_OPS[name]
        a = op(SHAPE, seed=7, **kwargs)
        self.assertAllClose(a, op(SHAPE, seed=7, **kwargs))
        self.assertNotAllClose(a, op(SHAPE, seed=8, **kwargs))

    @parameterized.parameters(*SHAPE_OPS)
    def test_seed_generators(self, name):
        op, kwargs = SHAPE_OPS[name]
        gen1 = random.SeedGenerator(3)
        gen2 = random.SeedGenerator(3)
        first = op(SHAPE, seed=gen1, **kwargs)
        second = op(SHAPE, seed=gen1, **kwargs)
        self.assertNotAllClose(first, second)
        self.assertAllClose(first, op(SHAPE, seed=gen2, **kwargs))
        self.assertAllClose(second, op(SHAPE, seed=gen2, **kwargs))

    def test_tensor_ops_with_seed_generators(self):
        x = np.arange(40, dtype="float32").reshape(20, 2)
        logits = np.zeros((2, 3), "float32")
        draws = {
            "dropout": lambda s: random.dropout(x, 0.5, seed=s),
            "shuffle": lambda s: random.shuffle(x, seed=s),
            "categorical": lambda s: random.categorical(logits, 50, seed=s),
        }
        for name, draw in draws.items():
            gen1, gen2 = random.SeedGenerator(4), random.SeedGenerator(4)
            first, second = draw(gen1), draw(gen1)
            self.assertNotAllClose(first, second, msg=name)
            self.assertAllClose(first, draw(gen2), msg=name)
            self.assertAllClose(draw(7), draw(7), msg=name)

    def test_seed_tensor(self):
        seed = np.array([5, 9], "uint32")
        a = random.uniform((10,), seed=seed)
        self.assertAllClose(a, random.uniform((10,), seed=seed))
        tensor = backend.convert_to_tensor(seed, backend.random_seed_dtype())
        self.assertAllClose(a, random.uniform((10,), seed=tensor))
        gen = random.SeedGenerator(5)
        gen.next()
        self.assertAllClose(
            random.uniform((10,), seed=gen),
            random.uniform((10,), seed=np.array([5, 1], "uint32")),
        )
        with self.assertRaisesRegex(ValueError, r"shape \(2,\)"):
            random.uniform((2,), seed=np.array([1, 2, 3], "uint32"))

    def test_int_seed_matches_first_draw_of_generator(self):
        self.assertAllClose(
            random.normal((5,), seed=11),
            random.normal((5,), seed=random.SeedGenerator(11)),
        )

    def test_seed_none_draws_differ(self):
        self.assertNotAllClose(random.normal((20,)), random.normal((20,)))

    @parameterized.parameters((1.5,), ("a",), (np.zeros((3,)),), ([1, 2],))
    def test_bad_seeds(self, seed):
        with self.assertRaisesRegex(ValueError, "seed"):
            random.normal((2,), seed=seed)


class StatisticsTest(testing.TestCase):
    def test_normal(self):
        x = _np(random.normal((N,), seed=1))
        self.assertLess(abs(x.mean()), 0.05)
        self.assertLess(abs(x.std() - 1.0), 0.05)
        x = _np(random.normal((N,), mean=3.0, stddev=2.0, seed=2))
        self.assertLess(abs(x.mean() - 3.0), 0.1)
        self.assertLess(abs(x.std() - 2.0), 0.1)

    @parameterized.parameters("float32", "float16", "bfloat16")
    def test_uniform(self, dtype):
        x = _np(random.uniform((N,), dtype=dtype, seed=1)).astype("float32")
        self.assertGreaterEqual(x.min(), 0.0)
        self.assertLess(x.max(), 1.0)
        self.assertLess(abs(x.mean() - 0.5), 0.02)
        x = _np(random.uniform((N,), minval=-3.0, maxval=5.0, seed=2))
        self.assertGreaterEqual(x.min(), -3.0)
        self.assertLess(x.max(), 5.0)
        self.assertLess(abs(x.mean() - 1.0), 0.15)

    def test_truncated_normal(self):
        x = _np(random.truncated_normal((N,), 1.0, 0.5, seed=1))
        self.assertLessEqual(np.abs(x - 1.0).max(), 1.0 + 1e-6)
        self.assertLess(abs(x.mean() - 1.0), 0.05)
        # The std of a standard normal truncated to [-2, 2].
        self.assertLess(abs(x.std() - 0.5 * 0.8796), 0.03)

    def test_randint(self):
        x = _np(random.randint((N,), -2, 3, seed=1))
        self.assertEqual(sorted(set(x.tolist())), [-2, -1, 0, 1, 2])
        counts = np.bincount(x + 2) / N
        self.assertLess(np.abs(counts - 0.2).max(), 0.03)

    def test_categorical(self):
        probabilities = np.array([[0.1, 0.2, 0.7], [0.5, 0.5, 0.0]])
        logits = np.log(probabilities + 1e-30).astype("float32")
        x = _np(random.categorical(logits, N // 2, seed=1))
        for row, p in zip(x, probabilities):
            frequencies = np.bincount(row, minlength=3) / row.size
            self.assertLess(np.abs(frequencies - p).max(), 0.03)

    @parameterized.parameters(0.2, 0.5, 0.9)
    def test_dropout(self, rate):
        x = np.full((N,), 3.0, "float32")
        y = _np(random.dropout(x, rate, seed=1))
        kept = y != 0
        self.assertLess(abs(kept.mean() - (1 - rate)), 0.03)
        self.assertAllClose(y[kept], 3.0 / (1 - rate), rtol=1e-5)

    def test_dropout_noise_shape_broadcasts(self):
        x = np.ones((50, 4), "float32")
        y = _np(random.dropout(x, 0.5, noise_shape=(50, 1), seed=1))
        # A row is kept or dropped as a whole.
        self.assertTrue(np.all((y == 0).all(1) | (y == 2).all(1)))
        y = _np(random.dropout(x, 0.5, noise_shape=(None, 1), seed=1))
        self.assertTrue(np.all((y == 0).all(1) | (y == 2).all(1)))

    def test_shuffle_moves_whole_slices(self):
        x = np.arange(60, dtype="int32").reshape(20, 3)
        y = _np(random.shuffle(x, seed=1))
        self.assertAllEqual(np.sort(y[:, 0]), x[:, 0])
        self.assertAllEqual(y[:, 1:] - y[:, :1], x[:, 1:] - x[:, :1])
        self.assertNotAllClose(y, x)
        y = _np(random.shuffle(x.T, axis=1, seed=1))
        self.assertAllEqual(y[1:] - y[:1], x.T[1:] - x.T[:1])

    def test_gamma(self):
        x = _np(random.gamma((N,), 3.0, seed=1))
        self.assertGreater(x.min(), 0.0)
        self.assertLess(abs(x.mean() - 3.0), 0.1)
        self.assertLess(abs(x.var() - 3.0), 0.3)

    def test_gamma_with_alpha_per_column(self):
        alpha = np.array([0.5, 5.0], "float32")
        x = _np(random.gamma((N // 2, 2), alpha, seed=1))
        self.assertLess(np.abs(x.mean(0) - alpha).max(), 0.15)

    def test_binomial(self):
        x = _np(random.binomial((N,), 10, 0.3, seed=1))
        self.assertAllClose(x, np.round(x))
        self.assertGreaterEqual(x.min(), 0)
        self.assertLessEqual(x.max(), 10)
        self.assertLess(abs(x.mean() - 3.0), 0.1)

    def test_beta(self):
        x = _np(random.beta((N,), 2.0, 6.0, seed=1))
        self.assertGreaterEqual(x.min(), 0.0)
        self.assertLessEqual(x.max(), 1.0)
        self.assertLess(abs(x.mean() - 0.25), 0.02)


@pytest.mark.skipif(backend.backend() != "jax", reason="jax tracing")
class JaxTracingTest(testing.TestCase):
    def test_unseeded_draw_in_jit_is_refused(self):
        import jax

        with self.assertRaisesRegex(ValueError, "SeedGenerator"):
            jax.jit(lambda x: random.normal((2,)) + x)(1.0)

    def test_seed_generator_in_jit_through_stateless_scope(self):
        import jax

        gen = random.SeedGenerator(1)

        @jax.jit
        def step(state, x):
            with backend.StatelessScope([(gen.state, state)]) as scope:
                y = random.dropout(x, 0.5, seed=gen)
                return y, scope.get_current_value(gen.state)

        state, x = gen.state.value, np.ones((64,), "float32")
        y1, state = step(state, x)
        y2, state = step(state, x)
        self.assertNotAllClose(y1, y2)
        self.assertAllEqual(state, [1, 2])
        self.assertAllClose(y1, random.dropout(x, 0.5, seed=1))


@pytest.mark.skipif(backend.backend() != "tensorflow", reason="tf.function")
class TensorFlowFunctionTest(testing.TestCase):
    def test_seed_generator_in_tf_function(self):
        import tensorflow as tf

        gen = random.SeedGenerator(2)
        draw = tf.function(lambda: random.normal((8,), seed=gen))
        a, b = draw(), draw()
        self.assertNotAllClose(a, b)
        self.assertAllEqual(gen.state, [2, 2])
        self.assertAllClose(b, random.normal((8,), seed=np.array([2, 1])))

    def test_dropout_with_unknown_dims(self):
        import tensorflow as tf

        @tf.function(input_signature=[tf.TensorSpec((None, 4))])
        def draw(x):
            return random.dropout(x, 0.5, noise_shape=(None, 1), seed=3)

        y = _np(draw(tf.ones((30, 4))))
        self.assertTrue(np.all((y == 0).all(1) | (y == 2).all(1)))


@pytest.mark.skipif(backend.backend() != "torch", reason="torch.compile")
class TorchCompileTest(testing.TestCase):
    def test_compiled_dropout_has_no_graph_break(self):
        import torch

        gen = random.SeedGenerator(3)
        compiled = torch.compile(
            lambda x: random.dropout(x, 0.5, seed=gen),
            fullgraph=True,
            backend="aot_eager",
        )
        x = torch.ones((64,))
        y1, y2 = _np(compiled(x)), _np(compiled(x))
        for y in (y1, y2):
            self.assertTrue(np.all((y == 0) | (y == 2)))
            self.assertTrue(0 < (y == 2).sum() < 64)
        self.assertNotAllClose(y1, y2)
        # The generator advanced once per call, as it does eagerly.
        self.assertAllEqual(gen.state, [3, 2])

    def test_dropout_in_torch_func_grad_through_stateless_scope(self):
        import torch

        gen = random.SeedGenerator(3)

        def loss(x):
            with backend.StatelessScope():
                return random.dropout(x, 0.5, seed=gen).sum()

        grad = _np(torch.func.grad(loss)(torch.ones((64,))))
        self.assertTrue(np.all((grad == 0) | (grad == 2)))
        self.assertAllClose(grad, random.dropout(np.ones(64, "float32"),
                                                 0.5, seed=3))
