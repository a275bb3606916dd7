"""`keras.utils.Config`: a dict-like container with attribute access that
can be frozen."""

import json

from keras.src.api_export import keras_export

_FROZEN_MESSAGE = "Cannot mutate attribute(s) because the config is frozen."


@keras_export("keras.utils.Config")
class Config:
    """A container of named values, read and written as attributes or
    items, that can be frozen to make it read-only.

    Args:
        **kwargs: the initial entries.

    Example:

    >>> config = keras.utils.Config(learning_rate=0.1, layers=2)
    >>> config.learning_rate
    0.1
    >>> config["units"] = 32
    >>> config.units
    32
    >>> config.freeze()
    >>> config.frozen
    True
    >>> config.to_json()
    '{"learning_rate": 0.1, "layers": 2, "units": 32}'
    """

    def __init__(self, **kwargs):
        object.__setattr__(self, "_config", dict(kwargs))
        object.__setattr__(self, "_frozen", False)

    @property
    def frozen(self):
        """Whether the config is read-only."""
        return self._frozen

    def freeze(self):
        """Makes the config read-only: writes then raise `ValueError`."""
        object.__setattr__(self, "_frozen", True)

    def unfreeze(self):
        """Makes the config writable again."""
        object.__setattr__(self, "_frozen", False)

    def _check_mutable(self):
        if self._frozen:
            raise ValueError(_FROZEN_MESSAGE)

    def __getattr__(self, name):
        # Only called when normal lookup fails: the entries.
        config = self.__dict__.get("_config")
        if config is None or name not in config:
            raise AttributeError(f"Unknown attribute: '{name}'.")
        return config[name]

    def __setattr__(self, name, value):
        self._check_mutable()
        self._config[name] = value

    def __delattr__(self, name):
        self._check_mutable()
        if name not in self._config:
            raise AttributeError(f"Unknown attribute: '{name}'.")
        del self._config[name]

    def __getitem__(self, key):
        return self._config[key]

    def __setitem__(self, key, value):
        self._check_mutable()
        self._config[key] = value

    def __delitem__(self, key):
        self._check_mutable()
        del self._config[key]

    def __contains__(self, key):
        return key in self._config

    def __iter__(self):
        return iter(self._config)

    def __len__(self):
        return len(self._config)

    def __repr__(self):
        return f"<Config {self._config}>"

    def __getstate__(self):
        return {"config": self._config, "frozen": self._frozen}

    def __setstate__(self, state):
        object.__setattr__(self, "_config", dict(state["config"]))
        object.__setattr__(self, "_frozen", state["frozen"])

    def keys(self):
        """The entry names."""
        return self._config.keys()

    def values(self):
        """The entry values."""
        return self._config.values()

    def items(self):
        """The `(name, value)` pairs."""
        return self._config.items()

    def get(self, key, default=None):
        """The value of `key`, or `default`."""
        return self._config.get(key, default)

    def pop(self, *args):
        """Removes an entry and returns its value (`dict.pop`)."""
        self._check_mutable()
        return self._config.pop(*args)

    def update(self, *args, **kwargs):
        """Adds or replaces entries (`dict.update`)."""
        self._check_mutable()
        self._config.update(*args, **kwargs)

    def as_dict(self):
        """A shallow copy of the entries as a `dict`."""
        return dict(self._config)

    def to_json(self):
        """The entries as a JSON string."""
        return json.dumps(self._config)
