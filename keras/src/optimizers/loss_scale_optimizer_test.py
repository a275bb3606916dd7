import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.optimizers import optimizer_test_utils as utils
from keras.src.optimizers.adam import Adam
from keras.src.optimizers.loss_scale_optimizer import LossScaleOptimizer
from keras.src.optimizers.sgd import SGD


def _state(optimizer):
    return (
        int(ops.convert_to_numpy(optimizer.step_counter)),
        float(ops.convert_to_numpy(optimizer.dynamic_scale)),
        int(ops.convert_to_numpy(optimizer.iterations)),
    )


class LossScaleOptimizerTest(testing.TestCase):
    def test_dynamic_scale_and_skipped_steps(self):
        optimizer = LossScaleOptimizer(
            SGD(learning_rate=0.1), initial_scale=4.0, dynamic_growth_steps=2
        )
        w = backend.Variable(np.array([1.0, 2.0, 3.0], "float32"))
        # (gradients, expected (counter, scale, iterations), expected w).
        steps = [
            ([4.0, 4.0, 4.0], (1, 4.0, 1), [0.9, 1.9, 2.9]),
            ([4.0, 8.0, 4.0], (0, 8.0, 2), [0.8, 1.7, 2.8]),
            ([np.inf, 1.0, 1.0], (0, 4.0, 2), [0.8, 1.7, 2.8]),
            ([np.nan, 1.0, 1.0], (0, 2.0, 2), [0.8, 1.7, 2.8]),
            ([2.0, 2.0, 2.0], (1, 2.0, 3), [0.7, 1.6, 2.7]),
        ]
        for grads, state, values in steps:
            optimizer.apply([np.array(grads, "float32")], [w])
            self.assertEqual(_state(optimizer), state)
            self.assertAllClose(w, values, atol=1e-6)

    def test_skipped_step_leaves_slots_alone(self):
        optimizer = LossScaleOptimizer(Adam(learning_rate=0.1),
                                       initial_scale=2.0)
        w = backend.Variable(np.array([1.0, 2.0], "float32"))
        optimizer.apply([np.array([2.0, 2.0], "float32")], [w])
        before = [utils.snapshot(v) for v in optimizer.variables]
        optimizer.apply([np.array([np.nan, 2.0], "float32")], [w])
        after = [utils.snapshot(v) for v in optimizer.variables]
        names = [v.name for v in optimizer.variables]
        for name, old, new in zip(names, before, after):
            if name not in ("dynamic_scale", "step_counter"):
                self.assertAllClose(new, old, msg=name)
        self.assertTrue(np.all(np.isfinite(ops.convert_to_numpy(w))))

    def test_unscales_before_inner_update(self):
        # Adam's first step moves by about the learning rate whatever the
        # gradient's scale; SGD shows the unscaling directly.
        optimizer = LossScaleOptimizer(SGD(learning_rate=1.0),
                                       initial_scale=8.0)
        w = backend.Variable(np.array([1.0], "float32"))
        optimizer.apply([np.array([8.0], "float32")], [w])
        self.assertAllClose(w, [0.0])

    def test_scale_loss(self):
        optimizer = LossScaleOptimizer(SGD(), initial_scale=16.0)
        self.assertAllClose(optimizer.scale_loss(ops.ones(())), 16.0)

    def test_check_finite(self):
        optimizer = LossScaleOptimizer(SGD())
        self.assertTrue(bool(optimizer.check_finite([np.ones(2), None])))
        self.assertFalse(
            bool(optimizer.check_finite([np.ones(2), np.array([np.inf])]))
        )

    def test_variables_and_delegation(self):
        inner = SGD(learning_rate=0.1, momentum=0.5)
        optimizer = LossScaleOptimizer(inner)
        optimizer.build([backend.Variable(np.ones(2, "float32"), name="w")])
        self.assertEqual(
            [v.name for v in optimizer.variables],
            ["iteration", "learning_rate", "step_counter", "dynamic_scale",
             "iteration", "learning_rate", "w_momentum"],
        )
        self.assertIs(optimizer.iterations, inner.iterations)
        optimizer.learning_rate = 0.5
        self.assertAllClose(inner.learning_rate, 0.5)
        self.assertEqual(optimizer.momentum, 0.5)

    def test_stateless_apply(self):
        optimizer = LossScaleOptimizer(SGD(learning_rate=0.5),
                                       initial_scale=2.0)
        w = backend.Variable(np.array([1.0, 1.0], "float32"))
        optimizer.build([w])
        values = [v.value for v in optimizer.variables]
        new_w, new_values = optimizer.stateless_apply(
            values, [np.array([2.0, 2.0], "float32")], [w.value]
        )
        self.assertAllClose(new_w[0], [0.5, 0.5])
        self.assertAllClose(w, [1.0, 1.0])
        self.assertAllClose(new_values[2], 1)

    def test_config(self):
        optimizer = LossScaleOptimizer(
            Adam(learning_rate=0.5), initial_scale=8.0,
            dynamic_growth_steps=10,
        )
        config = optimizer.get_config()
        self.assertEqual(config["initial_scale"], 8.0)
        self.assertEqual(config["dynamic_growth_steps"], 10)
        self.assertEqual(config["inner_optimizer"]["class_name"], "Adam")
        copy = self.run_class_serialization_test(optimizer)
        self.assertIsInstance(copy.inner_optimizer, Adam)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(TypeError, "inner_optimizer"):
            LossScaleOptimizer("sgd")
        with self.assertRaisesRegex(ValueError, "initial_scale=-1"):
            LossScaleOptimizer(SGD(), initial_scale=-1)
        with self.assertRaisesRegex(ValueError, "dynamic_growth_steps=0"):
            LossScaleOptimizer(SGD(), dynamic_growth_steps=0)
        with self.assertRaisesRegex(ValueError, "`foo`"):
            LossScaleOptimizer(SGD(), foo=1)
