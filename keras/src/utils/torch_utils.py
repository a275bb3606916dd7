"""`TorchModuleWrapper`: a `torch.nn.Module` used as a Keras layer.

The module's parameters and buffers become Keras variables that own the
module's tensors: each variable's `nn.Parameter` is put back into the
module in place of the original tensor, so Keras optimizers, `fit`,
weight saving and plain PyTorch code all see and change the same memory.

Eagerly the module runs as it is. Inside a stateless scope (Keras's
`stateless_call`, and the step that `jit_compile=True` captures on torch
as one graph) it runs through `torch.func.functional_call` with the
scope's values, so the captured graph reads the step's inputs instead of
baking the parameters in as constants. Buffers the module changes while
training (BatchNorm's running statistics) are written back with
`assign`, which the captured step records like any other update.

This module imports torch only when a wrapper is created: it is only
usable on the torch backend.
"""

import base64
import functools
import io

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common.name_scope import name_scope
from keras.src.backend.common.stateless_scope import in_stateless_scope
from keras.src.layers.layer import Layer
from keras.src.saving import safe_mode as safe_mode_lib


def no_grad(fn):
    """Decorator: runs `fn` without recording gradients on torch.

    On other backends `fn` is returned unchanged.

    Args:
        fn: the function to wrap.

    Returns:
        The wrapped function.

    Example:

    >>> @no_grad
    ... def double(x):
    ...     return x * 2
    >>> double(3)
    6
    """
    if backend.backend() != "torch":
        return fn
    import torch

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with torch.no_grad():
            return fn(*args, **kwargs)

    return wrapper


@keras_export("keras.layers.TorchModuleWrapper")
class TorchModuleWrapper(Layer):
    """Wraps a `torch.nn.Module` as a Keras layer (torch backend only).

    The module's parameters become trainable Keras variables (those with
    `requires_grad=False` non-trainable) and its buffers non-trainable
    ones. The variables own the module's tensors, so training the Keras
    model updates the module in place. Lazy modules (`nn.LazyLinear`)
    are initialized when the layer is built, from the first input shape.

    The layer's `training` argument switches the module between
    `module.train()` (`training=True`) and `module.eval()` (`False` or
    `None`, as Keras's own layers read it).

    Saving: the weights are stored under the module's `state_dict()`
    names; the module itself is stored in the configuration as the
    output of `torch.save`, which only `safe_mode=False` loads (loading
    it runs code from the file).

    Args:
        module: the `torch.nn.Module` to wrap. It is moved to Keras's
            current device.
        name: the layer's name.
        output_shape: the shape of the module's output (with the batch
            dimension) for `compute_output_shape`. By default it is found
            by running the module on meta (or zero) tensors.
        **kwargs: other `keras.layers.Layer` arguments (`dtype`,
            `trainable`, ...).

    Example (torch backend only, so not run as a doctest on the others):

    ```python
    import torch

    module = torch.nn.Sequential(
        torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
    inputs = keras.Input((4,))
    outputs = keras.layers.TorchModuleWrapper(module)(inputs)
    model = keras.Model(inputs, outputs)
    model.compile(optimizer="adam", loss="mse")
    model.fit(x, y)  # Trains `module`'s parameters in place.
    ```
    """

    def __init__(self, module, name=None, output_shape=None, **kwargs):
        if backend.backend() != "torch":
            raise ValueError(
                "TorchModuleWrapper wraps a `torch.nn.Module` and runs only "
                "on the torch backend; the current backend is "
                f"{backend.backend()!r}. Set KERAS_BACKEND=torch."
            )
        import torch

        if not isinstance(module, torch.nn.Module):
            raise TypeError(
                "TorchModuleWrapper expects a `torch.nn.Module` as `module`. "
                f"Received: module={module!r} (of type "
                f"{type(module).__name__})"
            )
        super().__init__(name=name, **kwargs)
        if output_shape is not None:
            output_shape = _as_shape(output_shape)
        self.output_shape = output_shape
        self.module = module.to(_device())
        # Torch name of each tensor -> the variable owning it.
        self._torch_variables = {}
        self._buffer_names = ()
        if not _has_uninitialized(self.module):
            self._own_module_tensors()
            self.built = True

    def parameters(self, recurse=True):
        """The wrapped module's parameters (`torch.nn.Module.parameters`).

        Args:
            recurse: whether to include the parameters of submodules.

        Returns:
            An iterator over the module's parameters.

        Example (torch backend only):

        ```python
        layer = keras.layers.TorchModuleWrapper(torch.nn.Linear(3, 1))
        [tuple(p.shape) for p in layer.parameters()]  # [(1, 3), (1,)]
        ```
        """
        return self.module.parameters(recurse=recurse)

    def build(self, input_shape):
        """Initializes a lazy module by running it on zeros of
        `input_shape` (unknown sizes taken as 1), then tracks its tensors.

        Args:
            input_shape: the shape of the first input.
        """
        if not self._torch_variables:
            if _has_uninitialized(self.module):
                import torch

                with torch.no_grad():
                    self.module(_zeros(input_shape, _device()))
            self._own_module_tensors()

    def _own_module_tensors(self):
        """Creates one Keras variable per parameter and buffer and puts
        the variable's tensor back into the module."""
        for name, tensor in self.module.named_parameters():
            self._own(name, tensor, trainable=tensor.requires_grad)
        buffers = []
        for name, tensor in self.module.named_buffers():
            if tensor is None:
                continue
            self._own(name, tensor, trainable=False)
            buffers.append(name)
        self._buffer_names = tuple(buffers)

    def _own(self, name, tensor, trainable):
        with name_scope(self.name, caller=self):
            variable = backend.Variable(
                initializer=tensor.detach(),
                dtype=backend.standardize_dtype(tensor.dtype),
                trainable=trainable and self.trainable,
                name=name,
            )
        self._track_variable(variable)
        owner_name, _, leaf = name.rpartition(".")
        owner = self.module.get_submodule(owner_name)
        table = (owner._parameters if leaf in owner._parameters
                 else owner._buffers)
        table[leaf] = variable._value
        self._torch_variables[name] = variable

    def call(self, *args, training=None, **kwargs):
        # `None` means inference, as for Keras's own layers.
        training = bool(training)
        if training != self.module.training:
            self.module.train(training)
        if not in_stateless_scope():
            # The module's tensors are the variables' own: run it as is
            # (and skip `functional_call`'s ~40 us per call).
            return self.module(*args, **kwargs)
        import torch

        values = {n: v.value for n, v in self._torch_variables.items()}
        # Buffers updated in place by the module (running statistics)
        # must not change the scope's inputs: give it copies and assign
        # them back, which the stateless scope records.
        changing = self._buffer_names if self.module.training else ()
        for name in changing:
            values[name] = values[name].clone()
        outputs = torch.func.functional_call(
            self.module, values, args, kwargs, strict=False
        )
        for name in changing:
            self._torch_variables[name].assign(values[name])
        return outputs

    def compute_output_shape(self, input_shape):
        if self.output_shape is not None:
            return self.output_shape
        import torch

        device = "meta"
        try:
            outputs = self._run_on(input_shape, device)
        except Exception:
            # Some operations have no meta kernel: run on zeros instead.
            device = _device()
            with torch.no_grad():
                outputs = self._run_on(input_shape, device)
        batch_unknown = _is_shape(input_shape) and (
            len(input_shape) > 0 and input_shape[0] is None
        )

        def shape_of(x):
            shape = tuple(x.shape)
            if batch_unknown and shape:
                shape = (None,) + shape[1:]
            return shape

        if isinstance(outputs, (list, tuple)):
            return type(outputs)(shape_of(x) for x in outputs)
        if isinstance(outputs, dict):
            return {k: shape_of(x) for k, x in outputs.items()}
        return shape_of(outputs)

    def _run_on(self, input_shape, device):
        import torch

        if _is_shape(input_shape):
            inputs = (_zeros(input_shape, device),)
        else:
            inputs = tuple(_zeros(s, device) for s in input_shape)
        values = {
            name: torch.empty_like(v.value, device=device)
            for name, v in self._torch_variables.items()
        }
        return torch.func.functional_call(self.module, values, inputs,
                                          strict=False)

    def save_own_variables(self, store):
        """Stores the module's `state_dict()` in `store` (as NumPy
        arrays, under the state dict's names)."""
        for key, value in self.module.state_dict().items():
            store[key] = backend.convert_to_numpy(value)

    def load_own_variables(self, store):
        """Loads the module's `state_dict()` from `store` into the
        variables' tensors (in place)."""
        import torch

        state = {
            key: torch.as_tensor(store[key][...]) for key in store.keys()
        }
        expected = set(self.module.state_dict())
        if set(state) != expected:
            raise ValueError(
                f"Layer {self.name!r} (TorchModuleWrapper) expected the "
                f"weights {sorted(expected)}; the file holds "
                f"{sorted(state)}."
            )
        self.module.load_state_dict(state)

    def get_config(self):
        import torch

        buffer = io.BytesIO()
        torch.save(self.module, buffer)
        config = super().get_config()
        config["module"] = base64.b64encode(buffer.getvalue()).decode(
            "ascii"
        )
        config["output_shape"] = self.output_shape
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None, safe_mode=None):
        config = dict(config)
        module = config.get("module")
        if isinstance(module, (str, bytes)):
            if safe_mode is None:
                safe_mode = safe_mode_lib.in_safe_mode() is not False
            if safe_mode:
                raise ValueError(
                    "Refusing to load the `torch.nn.Module` of a "
                    "TorchModuleWrapper: it is stored with `torch.save` "
                    "and loading it with `torch.load` can run arbitrary "
                    "code. If you trust the file's source, pass "
                    "`safe_mode=False` to the loading function or call "
                    "`keras.config.enable_unsafe_deserialization()`."
                )
            import torch

            if isinstance(module, str):
                module = base64.b64decode(module.encode("ascii"))
            config["module"] = torch.load(
                io.BytesIO(module), weights_only=False,
                map_location=_device(),
            )
        if config.get("output_shape") is not None:
            config["output_shape"] = _as_shape(config["output_shape"])
        return super().from_config(config)


def _device():
    from keras.src.backend.torch.core import get_device

    return get_device()


def _has_uninitialized(module):
    from torch.nn.parameter import is_lazy

    return any(is_lazy(t) for t in module.parameters()) or any(
        is_lazy(t) for t in module.buffers()
    )


def _is_shape(shape):
    return isinstance(shape, (list, tuple)) and all(
        d is None or isinstance(d, int) for d in shape
    )


def _as_shape(shape):
    if _is_shape(shape):
        return tuple(shape)
    if isinstance(shape, (list, tuple)):
        return tuple(_as_shape(s) for s in shape)
    raise ValueError(
        "TorchModuleWrapper expects `output_shape` to be a shape (a tuple "
        f"of ints or None) or a tuple of shapes. Received: {shape!r}"
    )


def _zeros(shape, device):
    import torch

    sizes = [1 if d is None else d for d in shape]
    return torch.zeros(sizes, device=device)
