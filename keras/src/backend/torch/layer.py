"""The torch backend's base class of `Layer`: a `torch.nn.Module`.

A Keras layer on torch is an `nn.Module` whose parameters are its Keras
variables and whose submodules are its sublayers, so `model.parameters()`
feeds torch optimizers, `model.to(device)` and `state_dict()` work, and
a Keras model can sit inside a torch model (and the reverse).

Layers keep their sublayers in their own `__dict__` as well as in
`_modules`: attribute reads then never reach `nn.Module.__getattr__`,
which costs a Python call on every access.
"""

import torch


class BackendLayer(torch.nn.Module):
    """Mixed into `keras.Layer` on the torch backend."""

    def _backend_init(self):
        torch.nn.Module.__init__(self)

    def _track_backend_variable(self, variable):
        """Registers `variable`'s tensor as a parameter of this module."""
        value = variable._value
        if value is None:
            # Created in a stateless scope: registered once it has a value
            # (see `Variable._initialize`).
            variable._pending_owners.append(self)
            return
        key = _unique_key(self._parameters, variable.name)
        self._parameters[key] = value

    def _track_backend_attribute(self, name, value):
        """Registers sublayers and plain torch modules as submodules."""
        if isinstance(value, torch.nn.Module) and value is not self:
            if any(m is value for m in self._modules.values()):
                return
            key = getattr(value, "name", None) or name
            self._modules[_unique_key(self._modules, key)] = value
        elif isinstance(value, torch.nn.Parameter):
            self._parameters[_unique_key(self._parameters, name)] = value

    def __getattr__(self, name):
        # Reached when normal lookup fails, including when a property
        # raised `AttributeError`: re-run the property so its own message
        # reaches the user instead of `nn.Module`'s generic one.
        attribute = getattr(type(self), name, None)
        if isinstance(attribute, property):
            return attribute.fget(self)
        return torch.nn.Module.__getattr__(self, name)

    def forward(self, *args, **kwargs):
        # `nn.Module` machinery (e.g. a torch model holding this layer
        # through `nn.Sequential`) calls `forward`: run the Keras call.
        return self.__call__(*args, **kwargs)


def _unique_key(table, name):
    key = str(name).replace(".", "_") or "_"
    if key not in table:
        return key
    index = 1
    while f"{key}_{index}" in table:
        index += 1
    return f"{key}_{index}"


# Keras's name for this class on this backend.
TorchLayer = BackendLayer
