"""The fused eager update (torch) against the per-variable `update_step`."""

import contextlib
from unittest import mock

import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import ops
from keras.src import optimizers
from keras.src import testing
from keras.src.optimizers import base_optimizer

CASES = [
    ("sgd", "SGD", {}),
    ("sgd_momentum", "SGD", {"momentum": 0.9}),
    ("sgd_nesterov", "SGD", {"momentum": 0.9, "nesterov": True}),
    ("adam", "Adam", {}),
    ("adam_amsgrad", "Adam", {"amsgrad": True}),
    ("adam_clip_ema", "Adam", {"clipnorm": 1.0, "use_ema": True}),
    ("adamw", "AdamW", {"weight_decay": 0.1}),
    ("rmsprop", "RMSprop", {}),
    ("rmsprop_centered", "RMSprop", {"centered": True, "momentum": 0.5}),
]


def _train(name, kwargs, fused, steps=4):
    """Runs `steps` updates from fixed values; returns the variables'
    and the optimizer's values."""
    rng = np.random.default_rng(0)
    shapes = [(5, 3), (3,)]
    variables = [
        backend.Variable(rng.normal(size=s).astype("float32"))
        for s in shapes
    ]
    optimizer = getattr(optimizers, name)(learning_rate=0.05, **kwargs)
    grads = [
        [rng.normal(size=s).astype("float32") for s in shapes]
        for _ in range(steps)
    ]
    patch = contextlib.nullcontext() if fused else mock.patch.object(
        base_optimizer.Optimizer, "_fused_update",
        lambda self, grads, variables, learning_rate: False,
    )
    with patch:
        for step_grads in grads:
            optimizer.apply(
                [ops.convert_to_tensor(g) for g in step_grads], variables
            )
    return [ops.convert_to_numpy(v) for v in variables] + [
        ops.convert_to_numpy(v) for v in optimizer.variables
    ]


class FusedUpdateTest(testing.TestCase):
    @parameterized.named_parameters(*CASES)
    def test_same_values_as_per_variable_updates(self, name, kwargs):
        fused = _train(name, kwargs, fused=True)
        looped = _train(name, kwargs, fused=False)
        self.assertEqual(len(fused), len(looped))
        for a, b in zip(fused, looped):
            # Adam's fused update rounds differently in the last bit.
            np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-6)

    @parameterized.named_parameters(
        ("sgd", "SGD", "fused_sgd_update"),
        ("adam", "Adam", "fused_adam_update"),
        ("adamw", "AdamW", "fused_adam_update"),
        ("rmsprop", "RMSprop", "fused_rmsprop_update"),
    )
    def test_torch_eager_uses_fused_update(self, name, kernel):
        if backend.backend() != "torch":
            self.skipTest("Fused updates are torch's.")
        calls = []
        original = getattr(backend.optimizer, kernel)

        def counting(*args, **kwargs):
            calls.append(1)
            return original(*args, **kwargs)

        variable = backend.Variable([1.0, 2.0])
        optimizer = getattr(optimizers, name)(learning_rate=0.1)
        with mock.patch.object(backend.optimizer, kernel, counting):
            optimizer.apply([ops.ones((2,))], [variable])
        self.assertEqual(len(calls), 1)
        self.assertEqual(int(ops.convert_to_numpy(optimizer.iterations)), 1)

    @pytest.mark.skipif(
        backend.backend() != "torch", reason="Fused updates are torch's."
    )
    def test_subclass_overriding_update_step_is_not_fused(self):
        class HalfSGD(optimizers.SGD):
            def update_step(self, gradient, variable, learning_rate):
                self.assign_sub(variable, 0.5 * gradient)

        variable = backend.Variable([1.0, 2.0])
        with mock.patch.object(
            backend.optimizer, "fused_sgd_update"
        ) as fused:
            HalfSGD().apply([ops.ones((2,))], [variable])
        fused.assert_not_called()
        self.assertAllClose(variable, [0.5, 1.5])

    @pytest.mark.skipif(
        backend.backend() != "torch", reason="Fused updates are torch's."
    )
    def test_stateless_apply_is_not_fused(self):
        variable = backend.Variable([1.0, 2.0])
        optimizer = optimizers.Adam(learning_rate=0.1)
        optimizer.build([variable])
        with mock.patch.object(
            backend.optimizer, "fused_adam_update"
        ) as fused:
            new_values, _ = optimizer.stateless_apply(
                [v.value for v in optimizer.variables],
                [ops.ones((2,))], [variable.value],
            )
        fused.assert_not_called()
        self.assertAllClose(new_values[0], [0.9, 1.9], atol=1e-5)
        self.assertAllClose(variable, [1.0, 2.0])
