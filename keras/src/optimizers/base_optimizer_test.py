import collections
import warnings

import numpy as np

from keras.src import backend
from keras.src import constraints
from keras.src import ops
from keras.src import testing
from keras.src.optimizers import optimizer_test_utils as utils
from keras.src.optimizers.adam import Adam
from keras.src.optimizers.base_optimizer import Optimizer
from keras.src.optimizers.schedules import learning_rate_schedule
from keras.src.optimizers.sgd import SGD


def numpy_sgd_with(lr, clip=None):
    def step(w, g, state, t):
        return w - lr * (clip(g) if clip else g), state

    return step


class PlainDescent(Optimizer):
    """A minimal custom optimizer, as users write them."""

    def build(self, variables):
        super().build(variables)
        self.counter = backend.Variable(0.0, trainable=False, name="counter")

    def update_step(self, gradient, variable, learning_rate):
        lr = ops.cast(learning_rate, variable.dtype)
        self.assign_sub(variable, lr * gradient)
        self.assign_add(self.counter, 1.0)


class OptimizerVariablesTest(testing.TestCase):
    def test_iteration_and_learning_rate_variables(self):
        optimizer = SGD(learning_rate=0.5)
        iteration, learning_rate = optimizer.variables
        self.assertEqual(iteration.path, "sgd/iteration")
        # int64 on TensorFlow, int32 elsewhere, as in Keras.
        self.assertDType(iteration, backend.standardize_dtype("int"))
        self.assertEqual(iteration.aggregation, "only_first_replica")
        self.assertFalse(iteration.trainable)
        self.assertEqual(learning_rate.path, "sgd/learning_rate")
        self.assertDType(learning_rate, "float32")
        self.assertIs(optimizer.iterations, iteration)
        self.assertIs(optimizer.learning_rate, learning_rate)
        self.assertFalse(optimizer.built)

    def test_auto_names(self):
        self.assertEqual(SGD().name, "sgd")
        self.assertEqual(SGD().name, "sgd_1")
        self.assertEqual(Adam(name="custom").name, "custom")

    def test_slot_names_use_variable_paths(self):
        with backend.name_scope("dense"):
            kernel = backend.Variable(np.ones((2, 2), "float32"),
                                      name="kernel")
        optimizer = Adam(use_ema=True, gradient_accumulation_steps=2)
        optimizer.build([kernel])
        self.assertEqual(
            [v.path for v in optimizer.variables[2:]],
            ["adam/dense_kernel_average",
             "adam/dense_kernel_gradient_accumulator",
             "adam/dense_kernel_momentum", "adam/dense_kernel_velocity"],
        )

    def test_add_variable(self):
        optimizer = SGD()
        variable = optimizer.add_variable((2, 3), initializer="ones",
                                          dtype="float16", name="extra")
        self.assertEqual(variable.path, "sgd/extra")
        self.assertDType(variable, "float16")
        self.assertAllClose(variable, np.ones((2, 3)))
        self.assertIs(optimizer.variables[-1], variable)

    def test_add_optimizer_variables_skips_overwritten(self):
        a = backend.Variable(np.ones(2, "float32"), name="a")
        b = backend.Variable(np.ones(2, "float32"), name="b")
        b.overwrite_with_gradient = True
        optimizer = SGD()
        first, second = optimizer.add_optimizer_variables(
            [a, b], ["x", "y"], initializer="ones"
        )
        self.assertEqual([first[0].name, second[0].name], ["a_x", "a_y"])
        self.assertIsNone(first[1])
        self.assertLen(optimizer.variables, 4)

    def test_custom_optimizer_tracks_attribute_variables(self):
        optimizer = PlainDescent(learning_rate=0.5)
        w = backend.Variable(np.array([1.0, 2.0], "float32"))
        optimizer.apply([np.ones(2, "float32")], [w])
        self.assertAllClose(w, [0.5, 1.5])
        self.assertAllClose(optimizer.counter, 1.0)
        self.assertIn("counter", [v.name for v in optimizer.variables])

    def test_base_update_step_is_abstract(self):
        w = backend.Variable(np.ones(2, "float32"))
        with self.assertRaisesRegex(NotImplementedError, "update_step"):
            Optimizer(learning_rate=0.1).apply([np.ones(2, "float32")], [w])

    def test_save_and_load_own_variables(self):
        optimizer = Adam()
        utils.run_updates(optimizer)
        store = {}
        optimizer.save_own_variables(store)
        self.assertEqual(list(store), [str(i) for i in range(6)])
        copy = Adam()
        copy.build(utils.make_variables())
        copy.load_own_variables(store)
        for a, b in zip(optimizer.variables, copy.variables):
            self.assertAllClose(a, b)
        smaller = SGD()
        smaller.build(utils.make_variables())
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            smaller.load_own_variables(store)
        self.assertIn("Skipping variable loading", str(caught[0].message))

    def test_set_weights(self):
        optimizer = SGD()
        optimizer.set_weights([np.array(3, "int32"), np.array(0.25)])
        self.assertAllClose(optimizer.iterations, 3)
        self.assertAllClose(optimizer.learning_rate, 0.25)
        with self.assertRaisesRegex(ValueError, "received 1 weights"):
            optimizer.set_weights([np.array(3)])
        with self.assertRaisesRegex(ValueError, r"shape \(2,\)"):
            optimizer.set_weights([np.array(3), np.array([0.5, 1.0])])


class LearningRateTest(testing.TestCase):
    def test_set_float_learning_rate(self):
        optimizer = SGD(learning_rate=0.1)
        optimizer.learning_rate = 0.5
        self.assertAllClose(optimizer.learning_rate, 0.5)
        self.assertEqual(optimizer.get_config()["learning_rate"], 0.5)

    def test_schedule_is_evaluated_at_iterations(self):
        schedule = learning_rate_schedule.ExponentialDecay(1.0, 1, 0.5)
        optimizer = SGD(learning_rate=schedule)
        self.assertLen(optimizer.variables, 1)
        w = backend.Variable(np.array([0.0], "float32"))
        for _ in range(3):
            optimizer.apply([np.ones(1, "float32")], [w])
        self.assertAllClose(w, [-(1.0 + 0.5 + 0.25)])
        self.assertAllClose(optimizer.learning_rate, 0.125)
        config = optimizer.get_config()["learning_rate"]
        self.assertEqual(config["class_name"], "ExponentialDecay")
        with self.assertRaisesRegex(TypeError, "not settable"):
            optimizer.learning_rate = 0.1

    def test_replacing_float_by_schedule(self):
        optimizer = SGD(learning_rate=0.1)
        optimizer.learning_rate = learning_rate_schedule.ExponentialDecay(
            0.3, 1, 1.0
        )
        self.assertEqual([v.name for v in optimizer.variables],
                         ["iteration"])
        self.assertAllClose(optimizer.learning_rate, 0.3)

    def test_callable_learning_rate(self):
        optimizer = SGD(learning_rate=lambda: 0.25)
        w = backend.Variable(np.array([1.0], "float32"))
        optimizer.apply([np.ones(1, "float32")], [w])
        self.assertAllClose(w, [0.75])

    def test_bad_learning_rate(self):
        for value in ("a", None, [0.1]):
            with self.assertRaisesRegex(ValueError, "learning_rate="):
                SGD(learning_rate=value)


class ArgumentValidationTest(testing.TestCase):
    def test_bad_arguments(self):
        cases = [
            ({"name": "a/b"}, "name="),
            ({"clipnorm": 1.0, "clipvalue": 1.0}, "Only one of"),
            ({"clipnorm": 1.0, "global_clipnorm": 1.0}, "Only one of"),
            ({"clipnorm": -1.0}, "clipnorm=-1.0"),
            ({"gradient_accumulation_steps": 1}, "steps=1"),
            ({"gradient_accumulation_steps": 2.5}, "steps=2.5"),
            ({"use_ema": True, "ema_momentum": 2}, "ema_momentum=2"),
            ({"use_ema": True, "ema_overwrite_frequency": 0}, "frequency=0"),
            ({"loss_scale_factor": 0.0}, "loss_scale_factor=0.0"),
            ({"lr": 0.1}, "learning_rate"),
            ({"foo": 1}, "foo"),
        ]
        for kwargs, message in cases:
            with self.assertRaisesRegex(ValueError, message):
                SGD(**kwargs)

    def test_deprecated_decay_warns(self):
        with self.assertWarnsRegex(UserWarning, "decay"):
            SGD(decay=0.1)

    def test_apply_errors(self):
        w = backend.Variable(np.ones(2, "float32"))
        with self.assertRaisesRegex(ValueError, "must already be built"):
            SGD().apply([np.ones(2)])
        with self.assertRaisesRegex(ValueError, "same length"):
            SGD().apply([np.ones(2), np.ones(2)], [w])
        with self.assertRaisesRegex(ValueError, "No gradients"):
            SGD().apply([None], [w])
        with self.assertRaisesRegex(ValueError, "non-empty"):
            SGD().apply_gradients([])
        optimizer = SGD()
        optimizer.build([w])
        other = backend.Variable(np.ones(2, "float32"))
        with self.assertRaisesRegex(ValueError, "Unknown variable"):
            optimizer.apply([np.ones(2)], [other])


class GradientProcessingTest(testing.TestCase):
    def test_clipnorm(self):
        def clip(g):
            return g * 0.5 / max(np.linalg.norm(g), 0.5)

        actual = utils.run_updates(SGD(learning_rate=0.1, clipnorm=0.5))
        expected = utils.numpy_updates(numpy_sgd_with(0.1, clip))
        utils.assert_histories_close(self, actual, expected)

    def test_clipvalue(self):
        actual = utils.run_updates(SGD(learning_rate=0.1, clipvalue=0.3))
        expected = utils.numpy_updates(
            numpy_sgd_with(0.1, lambda g: np.clip(g, -0.3, 0.3))
        )
        utils.assert_histories_close(self, actual, expected)

    def test_global_clipnorm(self):
        optimizer = SGD(learning_rate=1.0, global_clipnorm=0.5)
        w = utils.make_variables()
        grads = utils.GRADIENTS[0]
        optimizer.apply([np.array(g) for g in grads], w)
        norm = np.sqrt(sum(np.sum(g.astype("float64") ** 2) for g in grads))
        for variable, start, g in zip(w, utils.INITIAL_VALUES, grads):
            self.assertAllClose(variable, start - g * 0.5 / norm)

    def test_weight_decay_and_exclusion(self):
        w = utils.make_variables()
        optimizer = SGD(learning_rate=0.1, weight_decay=0.5)
        optimizer.exclude_from_weight_decay(var_list=[w[1]])
        optimizer.apply([np.zeros(3, "float32"), np.zeros((2, 2))], w)
        self.assertAllClose(w[0], utils.INITIAL_VALUES[0] * 0.95)
        self.assertAllClose(w[1], utils.INITIAL_VALUES[1])

    def test_loss_scale_factor(self):
        optimizer = SGD(learning_rate=0.1, loss_scale_factor=4.0)
        self.assertAllClose(optimizer.scale_loss(2.0), 8.0)
        w = backend.Variable(np.array([1.0], "float32"))
        optimizer.apply([np.array([4.0], "float32")], [w])
        self.assertAllClose(w, [0.9])

    def test_constraint_applied_after_update(self):
        w = backend.Variable(np.array([1.0, -1.0], "float32"))
        w.constraint = constraints.NonNeg()
        SGD(learning_rate=1.0).apply([np.array([2.0, -2.0], "float32")], [w])
        self.assertAllClose(w, [0.0, 1.0])

    def test_none_gradients_are_skipped(self):
        a = backend.Variable(np.ones(2, "float32"), name="a")
        b = backend.Variable(np.ones(2, "float32"), name="b")
        with self.assertWarnsRegex(UserWarning, "Gradients do not exist"):
            SGD(learning_rate=1.0).apply([None, np.ones(2)], [a, b])
        self.assertAllClose(a, [1.0, 1.0])
        self.assertAllClose(b, [0.0, 0.0])

    def test_overwrite_with_gradient(self):
        scale = backend.Variable(np.array([1.0], "float32"), name="scale")
        scale.overwrite_with_gradient = True
        w = backend.Variable(np.array([1.0], "float32"), name="w")
        optimizer = Adam(learning_rate=0.1)
        optimizer.apply([np.array([7.0]), np.array([1.0])], [scale, w])
        self.assertAllClose(scale, [7.0])
        self.assertAllClose(w, [0.9], atol=1e-5)
        self.assertNotIn("scale_momentum",
                         [v.name for v in optimizer.variables])

    def test_sparse_row_gradients(self):
        # TensorFlow's `IndexedSlices` (an embedding lookup's gradient).
        slices = collections.namedtuple(
            "Slices", ["indices", "values", "dense_shape"]
        )(np.array([0, 2, 0]), np.ones((3, 2), "float32"), (4, 2))
        w = backend.Variable(np.ones((4, 2), "float32"))
        SGD(learning_rate=0.1).apply([slices], [w])
        self.assertAllClose(w, [[0.8, 0.8], [1, 1], [0.9, 0.9], [1, 1]])

    def test_apply_gradients(self):
        w = backend.Variable(np.array([1.0], "float32"))
        iterations = SGD(learning_rate=0.5).apply_gradients(
            [(np.array([1.0], "float32"), w)]
        )
        self.assertAllClose(w, [0.5])
        self.assertAllClose(iterations, 1)


class MovingAverageTest(testing.TestCase):
    def test_moving_average_and_overwrite(self):
        optimizer = SGD(learning_rate=0.1, use_ema=True, ema_momentum=0.5,
                        ema_overwrite_frequency=3)
        w = utils.make_variables()[:1]
        grads = [[g[0]] for g in utils.GRADIENTS] * 2
        value = utils.INITIAL_VALUES[0].astype("float64")
        average = None
        for step, g in enumerate(grads, start=1):
            optimizer.apply([np.array(g[0])], w)
            value = value - 0.1 * g[0]
            average = value if average is None else 0.5 * average + 0.5 * value
            if step % 3 == 0:
                value = average
            self.assertAllClose(w[0], value, atol=1e-6)
            self.assertAllClose(optimizer.variables[2], average, atol=1e-6)

    def test_finalize_variable_values(self):
        optimizer = SGD(learning_rate=0.1, use_ema=True, ema_momentum=0.5)
        w = utils.make_variables()
        utils.run_updates(optimizer, w)
        averages = [utils.snapshot(v) for v in optimizer.variables[2:]]
        optimizer.finalize_variable_values(w)
        for variable, average in zip(w, averages):
            self.assertAllClose(variable, average)


class GradientAccumulationTest(testing.TestCase):
    def test_accumulates_then_applies_mean(self):
        optimizer = SGD(learning_rate=0.1, gradient_accumulation_steps=2,
                        weight_decay=0.1)
        w = backend.Variable(np.array([1.0, 2.0], "float32"))
        grads = [[1.0, -2.0], [3.0, 4.0], [1.0, 1.0], [3.0, 3.0]]
        expected_w = np.array([1.0, 2.0])
        for step, g in enumerate(grads, start=1):
            optimizer.apply([np.array(g, "float32")], [w])
            if step % 2 == 0:
                mean = (np.array(grads[step - 2]) + np.array(g)) / 2
                expected_w = expected_w * (1 - 0.1 * 0.1) - 0.1 * mean
            self.assertAllClose(w, expected_w, atol=1e-6)
            self.assertAllClose(optimizer.iterations, step // 2)
        self.assertAllClose(optimizer.variables[2], [0.0, 0.0])

    def test_adam_counts_applied_updates(self):
        optimizer = Adam(learning_rate=0.1, gradient_accumulation_steps=3)
        w = backend.Variable(np.array([1.0], "float32"))
        for _ in range(3):
            optimizer.apply([np.array([5.0], "float32")], [w])
        # A first Adam step moves by the learning rate.
        self.assertAllClose(w, [0.9], atol=1e-5)


class StatelessApplyTest(testing.TestCase):
    def test_stateless_apply(self):
        optimizer = Adam(learning_rate=0.1)
        w = utils.make_variables()
        optimizer.build(w)
        values = [v.value for v in optimizer.variables]
        start = [v.value for v in w]
        step = optimizer.stateless_apply
        if backend.backend() == "jax":
            import jax

            step = jax.jit(step)
        for grads in utils.GRADIENTS:
            start, values = step(values, list(grads), start)
        expected = utils.run_updates(Adam(learning_rate=0.1))[-1]
        for got, want in zip(start, expected):
            self.assertAllClose(got, want, atol=1e-6)
        self.assertAllClose(values[0], 3)
        for variable, initial in zip(w, utils.INITIAL_VALUES):
            self.assertAllClose(variable, initial)
        self.assertAllClose(optimizer.iterations, 0)

    def test_stateless_apply_errors(self):
        with self.assertRaisesRegex(ValueError, "must be built"):
            SGD().stateless_apply([], [np.ones(2)], [np.ones(2)])
        optimizer = SGD()
        optimizer.build(utils.make_variables())
        with self.assertRaisesRegex(ValueError, "expected 2 variables"):
            optimizer.stateless_apply([1], [np.ones(2)], [np.ones(2)])


class ConfigTest(testing.TestCase):
    def test_base_config(self):
        optimizer = SGD(
            learning_rate=0.5, weight_decay=0.1, clipnorm=1.0, use_ema=True,
            ema_momentum=0.9, ema_overwrite_frequency=5,
            loss_scale_factor=2.0, gradient_accumulation_steps=4,
            name="opt",
        )
        self.assertEqual(
            optimizer.get_config(),
            {
                "name": "opt", "learning_rate": 0.5, "weight_decay": 0.1,
                "clipnorm": 1.0, "global_clipnorm": None, "clipvalue": None,
                "use_ema": True, "ema_momentum": 0.9,
                "ema_overwrite_frequency": 5, "loss_scale_factor": 2.0,
                "gradient_accumulation_steps": 4, "momentum": 0.0,
                "nesterov": False,
            },
        )
        self.run_class_serialization_test(optimizer)

    def test_schedule_round_trip(self):
        schedule = learning_rate_schedule.CosineDecay(0.1, 10)
        optimizer = Adam(learning_rate=schedule)
        copy = Adam.from_config(optimizer.get_config())
        self.assertIsInstance(
            copy._learning_rate, learning_rate_schedule.CosineDecay
        )
        self.assertEqual(copy._learning_rate.decay_steps, 10)


class KerasHelpersTest(testing.TestCase):
    def test_global_norm_helpers_skip_none(self):
        from keras.src.optimizers import base_optimizer

        self.assertIs(base_optimizer.BaseOptimizer, Optimizer)
        self.assertAllClose(
            base_optimizer.global_norm([np.ones(3), None, np.ones((2, 2))]),
            7.0 ** 0.5,
        )
        clipped = base_optimizer.clip_by_global_norm(
            [np.ones(4), None], 1.0
        )
        self.assertIsNone(clipped[1])
        self.assertAllClose(clipped[0], [0.5] * 4)
        self.assertIn("clipnorm", base_optimizer.base_optimizer_keyword_args)

