"""Whole-step graphs for `jit_compile` on torch.

`torch.compile` of a training step that calls `loss.backward()` breaks
the graph there (Dynamo does not trace `Tensor.backward()`) and guards
on every Python attribute the step reads. Instead, the step runs once as
a pure function of the model's state (`keras/src/trainers/
stateless_steps.py`, gradients from `torch.func.grad_and_value`) under
`make_fx` with fake tensors. That records forward, backward, optimizer
update and metric updates as one graph of ATen operations, which
`torch.compile` then compiles with the user's options. Each call feeds
the variables' tensors in; the graph writes the new values of the
variables the step changes into them in place.

Like `jax.jit`, a captured step replays tensor operations only: Python
side effects in a layer's `call` happen once, while capturing. Code that
needs tensor values in Python (`.item()`, NumPy) fails to capture; such
layers declare `supports_jit = {"torch": False}`.

One graph is captured per input signature (structure, shapes, dtypes):
a fit whose last batch is smaller captures two training graphs, both
during the first epoch, and none afterwards.
"""

import optree
import torch
from torch.fx.experimental.proxy_tensor import make_fx

from keras.src.trainers import stateless_steps


def _value_and_grad(fn):
    grad_and_value = torch.func.grad_and_value(fn, has_aux=True)

    def value_and_grad(*args):
        gradients, (value, aux) = grad_and_value(*args)
        return (value, aux), gradients

    return value_and_grad


def _train_step(model, state, data):
    return stateless_steps.train_step(model, state, data, _value_and_grad)


_STEPS = {
    "train": _train_step,
    "test": stateless_steps.test_step,
    "predict": stateless_steps.predict_step,
}


class CapturedStep:
    """A model's step of one kind, captured as graphs and compiled.

    Args:
        model: the compiled Keras model.
        kind: `"train"`, `"test"` or `"predict"`.
        options: keyword arguments for `torch.compile`.
    """

    def __init__(self, model, kind, options):
        self._model = model
        self._kind = kind
        self._options = options
        self._graphs = {}

    def __call__(self, data):
        leaves, treedef = optree.tree_flatten(data)
        key = (treedef, tuple((x.shape, x.dtype) for x in leaves))
        entry = self._graphs.get(key)
        if entry is None:
            entry = self._graphs[key] = self._capture(leaves, treedef)
        graph, variables = entry
        with torch.no_grad():
            return graph([v._value for v in variables], leaves)

    def _capture(self, leaves, treedef):
        # The variables are listed when capturing: an optimizer or metric
        # builds its variables on the first batch.
        groups = stateless_steps.state_variables(self._model, self._kind)
        variables = [v for group in groups for v in group]
        sizes = [len(group) for group in groups]
        step = _STEPS[self._kind]

        def pure_step(values, data_leaves):
            state, start = [], 0
            for size in sizes:
                state.append(values[start:start + size])
                start += size
            outputs, new_state = step(
                self._model, state, optree.tree_unflatten(treedef,
                                                          data_leaves)
            )
            new_values = [value for group in new_state for value in group]
            for old, new in zip(values, new_values):
                if new is not old:
                    # In the graph, so that the compiled update writes the
                    # variables' tensors in place.
                    old.copy_(new)
            return outputs

        values = [v._value.detach() for v in variables]
        try:
            with torch.no_grad():
                # Real tensors a layer keeps as constants become constants
                # of the graph; every variable is an input.
                graph = make_fx(pure_step, tracing_mode="fake",
                                _allow_non_fake_inputs=True)(values,
                                                             list(leaves))
        except Exception as error:
            self._raise_eager_error(variables,
                                    optree.tree_unflatten(treedef, leaves))
            raise RuntimeError(
                f"jit_compile could not capture the {self._kind} step of "
                f"model {self._model.name!r} as one graph: {error}\n"
                "A layer whose call needs the values of tensors in Python "
                "(`.item()`, NumPy, shapes that depend on values) must "
                "declare `supports_jit = {'torch': False}`; or compile the "
                "model with jit_compile=False."
            ) from error
        return torch.compile(graph, **self._options), variables

    def _raise_eager_error(self, variables, data):
        """Runs the model's ordinary step once, eagerly, so that an error of
        the user's own code surfaces as eager execution raises it; every
        variable is restored afterwards."""
        saved = [v._value.detach().clone() for v in variables]
        try:
            with torch.set_grad_enabled(self._kind == "train"):
                getattr(self._model, f"{self._kind}_step")(data)
        finally:
            with torch.no_grad():
                for variable, value in zip(variables, saved):
                    variable._value.copy_(value)
