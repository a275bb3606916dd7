"""Shared data and helpers of the optimizer tests.

Each optimizer's test runs three updates with the fixed gradients below
and compares the variables after each update with a NumPy implementation
of the documented update rule written in that test.
"""

import numpy as np

from keras.src import backend
from keras.src import ops

# Two variables (a vector and a matrix, so that factored and unfactored
# code paths both run) and the gradients of three steps.
INITIAL_VALUES = (
    np.array([1.0, -2.0, 3.0], dtype="float32"),
    np.array([[0.5, -0.5], [1.5, 2.0]], dtype="float32"),
)
GRADIENTS = (
    (
        np.array([0.1, -0.2, 0.3], dtype="float32"),
        np.array([[1.0, 0.0], [-1.0, 2.0]], dtype="float32"),
    ),
    (
        np.array([-0.4, 0.5, 0.6], dtype="float32"),
        np.array([[0.5, -0.5], [0.25, 1.0]], dtype="float32"),
    ),
    (
        np.array([0.7, 0.8, -0.9], dtype="float32"),
        np.array([[-2.0, 1.0], [0.5, 0.0]], dtype="float32"),
    ),
)


def make_variables(values=INITIAL_VALUES):
    """Fresh float32 variables holding `values`."""
    return [
        backend.Variable(np.array(v), name=f"w{i}")
        for i, v in enumerate(values)
    ]


def snapshot(variable):
    """A NumPy copy of `variable`'s value (on torch, converted arrays may
    share the variable's memory and change with it)."""
    return np.array(ops.convert_to_numpy(variable), copy=True)


def run_updates(optimizer, variables=None, gradients=GRADIENTS):
    """Applies each step's gradients with `optimizer`.

    Args:
        optimizer: the optimizer to run.
        variables: the variables (default: `make_variables()`).
        gradients: a sequence of steps, each a list of arrays.

    Returns:
        A list (one entry per step) of lists of NumPy arrays: the values
        of the variables after that step.
    """
    variables = make_variables() if variables is None else variables
    history = []
    for grads in gradients:
        optimizer.apply([np.array(g) for g in grads], variables)
        history.append([snapshot(v) for v in variables])
    return history


def numpy_updates(step_fn, gradients=GRADIENTS, values=INITIAL_VALUES):
    """The NumPy counterpart of `run_updates`.

    Args:
        step_fn: `step_fn(w, g, state, t) -> (new_w, new_state)` for one
            variable at step `t` (from 1); `state` starts as `{}`.
        gradients: the steps' gradients.
        values: the initial values.

    Returns:
        The same structure as `run_updates`, in float64.
    """
    weights = [v.astype("float64") for v in values]
    states = [{} for _ in values]
    history = []
    for t, grads in enumerate(gradients, start=1):
        for i, g in enumerate(grads):
            weights[i], states[i] = step_fn(
                weights[i], g.astype("float64"), states[i], t
            )
        history.append([w.copy() for w in weights])
    return history


def assert_histories_close(test, actual, expected, atol=1e-5, rtol=1e-4):
    """Asserts that two outputs of `run_updates`/`numpy_updates` agree."""
    test.assertEqual(len(actual), len(expected))
    for step, (got, want) in enumerate(zip(actual, expected), start=1):
        for i, (a, e) in enumerate(zip(got, want)):
            test.assertAllClose(
                a, e, atol=atol, rtol=rtol,
                msg=f"variable {i} after step {step}",
            )
