"""Automatic tracking of the state a layer holds in its attributes.

A layer records every variable, sublayer and seed generator it is given,
whether assigned directly (`self.dense = Dense(3)`) or inside a list or
dict (`self.blocks = [Dense(3), Dense(4)]`). Lists and dicts are replaced by
`TrackedList` / `TrackedDict`, which keep recording what is added to them
later. Both are `keras.tree` nodes, like the built-ins they extend.
"""

from keras.src import tree


class Tracker:
    """Sorts values into named collections.

    Args:
        rules: `{collection_name: (predicate, store)}`; a value goes to the
            first collection whose `predicate(value)` is true and is then
            passed to `store(value)`.

    Example:

    ```python
    variables = []
    tracker = Tracker({"variables": (is_variable, variables.append)})
    tracker.track(some_variable)
    ```
    """

    def __init__(self, rules):
        self.rules = rules
        self.locked = False
        self.lock_message = None

    def track(self, value):
        """Records `value` (and what a list or dict holds) and returns what
        to store: a tracked container in place of a list or dict."""
        for predicate, store in self.rules.values():
            if predicate(value):
                self._check_unlocked(value)
                store(value)
                return value
        if type(value) is list:
            return TrackedList(value, tracker=self)
        if type(value) is dict:
            return TrackedDict(value, tracker=self)
        if type(value) is tuple:
            for item in value:
                self.track(item)
        return value

    def lock(self, message):
        """Refuses new state from now on, raising `ValueError(message)`."""
        self.locked = True
        self.lock_message = message

    def unlock(self):
        self.locked = False

    def _check_unlocked(self, value):
        if self.locked:
            raise ValueError(f"{self.lock_message} Received: {value!r}")


class TrackedList(list):
    """A list that reports what is added to it to a `Tracker`."""

    def __init__(self, values=(), tracker=None):
        self.tracker = tracker
        if tracker is not None:
            values = [tracker.track(v) for v in values]
        super().__init__(values)

    def _track(self, value):
        return self.tracker.track(value) if self.tracker else value

    def append(self, value):
        super().append(self._track(value))

    def insert(self, index, value):
        super().insert(index, self._track(value))

    def extend(self, values):
        super().extend(self._track(v) for v in values)

    def __iadd__(self, values):
        self.extend(values)
        return self

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            value = [self._track(v) for v in value]
        else:
            value = self._track(value)
        super().__setitem__(index, value)


class TrackedDict(dict):
    """A dict that reports what is added to it to a `Tracker`."""

    def __init__(self, values=None, tracker=None):
        self.tracker = tracker
        values = dict(values or {})
        if tracker is not None:
            values = {k: tracker.track(v) for k, v in values.items()}
        super().__init__(values)

    def __setitem__(self, key, value):
        if self.tracker is not None:
            value = self.tracker.track(value)
        super().__setitem__(key, value)

    def update(self, *args, **kwargs):
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]


def _flatten_list(values):
    return list(values), None


def _unflatten_list(aux, children):
    return TrackedList(children)


def _flatten_dict(values):
    keys = sorted(values)
    return [values[k] for k in keys], tuple(keys), keys


def _unflatten_dict(keys, children):
    return TrackedDict(zip(keys, children))


tree.register_tree_node_class(TrackedList, _flatten_list, _unflatten_list)
tree.register_tree_node_class(TrackedDict, _flatten_dict, _unflatten_dict)
