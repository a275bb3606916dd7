import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.metrics.metric import Metric


def compile_fn(fn):
    """Returns `fn` compiled with the active backend's compiler, as a
    compiled train step would be (plain on numpy)."""
    name = backend.backend()
    if name == "jax":
        import jax

        return jax.jit(fn)
    if name == "tensorflow":
        import tensorflow as tf

        return tf.function(fn, jit_compile=True)
    if name == "torch":
        import torch

        # Each test compiles afresh: shapes seen by earlier tests would
        # otherwise turn into dynamic dimensions.
        torch._dynamo.reset()
        return torch.compile(fn, backend="aot_eager", fullgraph=True)
    return fn


def compiled_step(metric):
    """Returns `step(values, args) -> (new values, result)` built on the
    stateless API and compiled by `compile_fn`."""

    def step(values, args):
        values = metric.stateless_update_state(values, *args)
        return values, metric.stateless_result(values)

    return compile_fn(step)


def run_compiled(metric, batches):
    """Feeds each tuple of `batches` to `metric` through `compiled_step`
    and returns the final result; the metric's variables stay as they
    were."""
    step = compiled_step(metric)
    values = [v.value for v in metric.variables]
    result = None
    for args in batches:
        args = tuple(ops.convert_to_tensor(a) for a in args)
        values, result = step(values, args)
    return result


class Counter(Metric):
    """Counts values and sums them: a minimal metric for the tests."""

    def __init__(self, name="counter", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable((), "zeros", name="total")
        self.seen = self.add_weight(name="seen")

    def update_state(self, values):
        values = ops.cast(values, self.dtype)
        self.total.assign_add(ops.sum(values))
        self.seen.assign_add(ops.cast(ops.size(values), self.dtype))

    def result(self):
        return ops.divide_no_nan(self.total.value, self.seen.value)


class Pair(Metric):
    """A metric made of two sub-metrics."""

    def __init__(self):
        super().__init__(name="pair")
        self.first = Counter(name="first")
        self.second = Counter(name="second")
        self.bias = self.add_variable((2,), "ones", name="bias")

    def update_state(self, values):
        self.first.update_state(values)
        self.second.update_state(ops.multiply(values, 2.0))

    def result(self):
        return self.first.result() + self.second.result()


class MetricTest(testing.TestCase):
    def test_variables(self):
        m = Counter()
        self.assertEqual(m.name, "counter")
        self.assertEqual(m.dtype, backend.floatx())
        self.assertLen(m.variables, 2)
        for v in m.variables:
            self.assertFalse(v.trainable)
            self.assertEqual(v.aggregation, "sum")
        self.assertEqual(
            [v.path for v in m.variables], ["counter/total", "counter/seen"]
        )

    def test_update_result_reset(self):
        m = Counter()
        m.update_state([1.0, 2.0, 3.0])
        self.assertAllClose(m.result(), 2.0)
        self.assertAllClose(m([7.0]), 13.0 / 4.0)
        m.reset_state()
        self.assertAllClose(m.result(), 0.0)
        self.assertAllClose(m.variables[1], 0.0)

    def test_default_name_is_unique(self):
        first, second = Metric(), Metric()
        self.assertEqual(first.name, "metric")
        self.assertEqual(second.name, "metric_1")
        with self.assertRaisesRegex(TypeError, "name"):
            Metric(name=3)

    def test_name_with_slash(self):
        m = Metric(name="a/b")
        v = m.add_variable((2,), "zeros", name="x")
        self.assertEqual(v.path, "a>b/x")

    def test_dtype(self):
        self.assertEqual(Counter(dtype="float64").dtype, "float64")
        self.assertEqual(
            Counter(dtype="float64").variables[0].dtype, "float64"
        )
        self.assertEqual(Counter(dtype="mixed_float16").dtype, "float16")
        self.assertEqual(Metric(dtype="int32").dtype, "int32")
        with self.assertRaisesRegex(ValueError, "dtype"):
            Metric(dtype=3)

    def test_add_variable_initializers(self):
        m = Metric()
        ones = m.add_variable((3,), "ones", name="o")
        seven = m.add_variable((2,), lambda shape, dtype: np.full(
            shape, 7.0, dtype
        ), name="s")
        weight = m.add_weight(shape=(2,), dtype="int32")
        self.assertAllClose(ones, np.ones(3))
        self.assertAllClose(seven, [7.0, 7.0])
        self.assertEqual(weight.dtype, "int32")
        self.assertAllClose(weight, [0, 0])

    def test_stateless_api(self):
        m = Counter()
        m.update_state([1.0, 1.0])
        values = [v.value for v in m.variables]
        new = m.stateless_update_state(values, [4.0])
        self.assertAllClose(new[0], 6.0)
        self.assertAllClose(new[1], 3.0)
        # The variables themselves are untouched.
        self.assertAllClose(m.variables[0], 2.0)
        self.assertAllClose(m.stateless_result(new), 2.0)
        self.assertAllClose(m.result(), 1.0)
        reset = m.stateless_reset_state()
        self.assertAllClose(reset[0], 0.0)
        self.assertAllClose(m.variables[0], 2.0)

    def test_stateless_equals_stateful(self):
        stateful, stateless = Counter(), Counter()
        values = [v.value for v in stateless.variables]
        for batch in ([1.0, 2.0], [5.0], [0.5, 0.5, 0.5]):
            stateful.update_state(batch)
            values = stateless.stateless_update_state(values, batch)
        self.assertAllClose(
            stateless.stateless_result(values), stateful.result()
        )

    def test_stateless_wrong_number_of_values(self):
        m = Counter()
        with self.assertRaisesRegex(ValueError, "expected 2 values"):
            m.stateless_update_state([1.0], [1.0])
        with self.assertRaisesRegex(ValueError, "metric_variables"):
            m.stateless_result(None)

    def test_result_that_is_a_variable(self):
        class Raw(Metric):
            def __init__(self):
                super().__init__(name="raw")
                self.total = self.add_variable((), "zeros", name="total")

            def result(self):
                return self.total

        self.assertAllClose(Raw().stateless_result([3.0]), 3.0)

    def test_sub_metrics(self):
        m = Pair()
        self.assertLen(m.variables, 5)
        m.update_state([1.0, 3.0])
        self.assertAllClose(m.result(), 6.0)
        m.reset_state()
        self.assertAllClose(m.first.total, 0.0)
        # `reset_state` zeroes every variable, whatever its initializer.
        self.assertAllClose(m.bias, [0.0, 0.0])
        values = m.stateless_update_state(
            [v.value for v in m.variables], [2.0]
        )
        self.assertAllClose(m.stateless_result(values), 6.0)

    def test_config(self):
        m = Counter(name="c", dtype="float64")
        self.assertEqual(m.get_config(), {"name": "c", "dtype": "float64"})
        copy = Counter.from_config(m.get_config())
        self.assertEqual(copy.name, "c")
        self.assertEqual(copy.dtype, "float64")
        self.assertEqual(repr(m), "<Counter name=c>")
        self.assertEqual(str(m), "<Counter name=c>")

    def test_base_methods_need_overriding(self):
        m = Metric()
        with self.assertRaises(NotImplementedError):
            m.update_state(1.0)
        with self.assertRaises(NotImplementedError):
            m.result()
        self.assertEqual(m.stateless_reset_state(), [])

    def test_stateless_update_of_unbuilt_metric(self):
        from keras.src.metrics.f_score_metrics import F1Score

        m = F1Score()
        with self.assertRaisesRegex(ValueError, "build it first"):
            m.stateless_update_state([], np.eye(2), np.eye(2))

    def test_compiled(self):
        m = Counter()
        result = run_compiled(
            m, [(np.array([1.0, 2.0]),), (np.array([6.0, 3.0]),)]
        )
        self.assertAllClose(result, 3.0)
        self.assertAllClose(m.result(), 0.0)
