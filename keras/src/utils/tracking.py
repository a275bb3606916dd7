"""Automatic tracking of the state a layer holds in its attributes.

A layer records every variable, sublayer and seed generator it is given,
whether assigned directly (`self.dense = Dense(3)`) or inside a list or
dict (`self.blocks = [Dense(3), Dense(4)]`). Lists and dicts are replaced by
`TrackedList` / `TrackedDict`, which keep recording what is added to them
later; sets and `OrderedDict`s likewise become `TrackedSet` /
`TrackedOrderedDict`. All are `keras.tree` nodes.

Inside a `DotNotTrackScope` (or a function decorated with
`no_automatic_dependency_tracking`) nothing is tracked: values are stored
as given, which layers use for attributes that must stay plain Python.
"""

import collections
import functools

from keras.src import tree
from keras.src.backend.common import global_state

_TRACKING_DISABLED = "tracking_disabled"


def is_tracking_enabled():
    """Whether values assigned to layer attributes are tracked now.

    Returns:
        `False` inside a `DotNotTrackScope`, else `True`.

    Example:

    >>> from keras.src.utils import tracking
    >>> with tracking.DotNotTrackScope():
    ...     tracking.is_tracking_enabled()
    False
    """
    return not global_state.get_global_attribute(_TRACKING_DISABLED, False)


class DotNotTrackScope:
    """A context in which no value assigned to a layer is tracked.

    Scopes nest: tracking resumes when the outermost one exits.

    Example:

    >>> from keras.src.utils import tracking
    >>> class Holder(keras.layers.Layer):
    ...     def __init__(self):
    ...         super().__init__()
    ...         with tracking.DotNotTrackScope():
    ...             self.spare = [keras.layers.Dense(2)]
    >>> Holder()._layers
    []
    """

    def __enter__(self):
        self._previous = global_state.get_global_attribute(
            _TRACKING_DISABLED, False
        )
        global_state.set_global_attribute(_TRACKING_DISABLED, True)
        return self

    def __exit__(self, *exc_info):
        global_state.set_global_attribute(_TRACKING_DISABLED, self._previous)


def no_automatic_dependency_tracking(fn):
    """Decorates `fn` to run inside a `DotNotTrackScope`.

    Args:
        fn: a function.

    Returns:
        The wrapped function (with `fn`'s name and docstring).

    Example:

    >>> from keras.src.utils import tracking
    >>> @tracking.no_automatic_dependency_tracking
    ... def probe():
    ...     return tracking.is_tracking_enabled()
    >>> probe()
    False
    """

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with DotNotTrackScope():
            return fn(*args, **kwargs)

    return wrapper


class Tracker:
    """Sorts values into named collections.

    Args:
        config: `{collection_name: (predicate, store)}`; a value goes to
            the first collection whose `predicate(value)` is true. `store`
            is a list (the value is appended once: values already in it,
            by identity, are not added again) or a callable, called with
            the value.
        exclusions: optional `{collection_name: [other_names]}`: a value
            already stored in one of `other_names` is not added to
            `collection_name`.

    Example:

    >>> from keras.src.utils.tracking import Tracker
    >>> ints = []
    >>> tracker = Tracker({"ints": (lambda v: isinstance(v, int), ints)})
    >>> tracked = tracker.track([1, "a", 2])
    >>> _ = tracker.track(1)
    >>> ints
    [1, 2]
    """

    def __init__(self, config, exclusions=None):
        self.config = config
        self.exclusions = exclusions or {}
        self.stored_ids = {name: set() for name in config}
        self.locked = False
        self.lock_message = None

    def track(self, value):
        """Records `value` (and what a list, dict or set holds) and returns
        what to store: a tracked container in place of a plain one."""
        if not is_tracking_enabled():
            return value
        for name, (predicate, _) in self.config.items():
            if predicate(value):
                self._check_unlocked(value)
                excluded = any(
                    self.is_in_store(other, value)
                    for other in self.exclusions.get(name, ())
                )
                if not excluded:
                    self.add_to_store(name, value)
                return value
        if type(value) is list:
            return TrackedList(value, tracker=self)
        if type(value) is dict:
            return TrackedDict(value, tracker=self)
        if type(value) is collections.OrderedDict:
            return TrackedOrderedDict(value, tracker=self)
        if type(value) is set:
            return TrackedSet(value, tracker=self)
        if type(value) is tuple:
            for item in value:
                self.track(item)
        return value

    def add_to_store(self, store_name, value):
        """Adds `value` to a collection, whatever its predicate says."""
        store = self.config[store_name][1]
        ids = self.stored_ids[store_name]
        if isinstance(store, list):
            if id(value) not in ids:
                store.append(value)
        else:
            store(value)
        ids.add(id(value))

    def is_in_store(self, store_name, value):
        """Whether `value` was added to the collection `store_name`."""
        return id(value) in self.stored_ids[store_name]

    def untrack(self, value):
        """Removes `value` from every list collection holding it."""
        for name, (_, store) in self.config.items():
            if id(value) not in self.stored_ids[name]:
                continue
            self.stored_ids[name].discard(id(value))
            if isinstance(store, list):
                store[:] = [v for v in store if v is not value]

    def replace_tracked_value(self, store_name, old_value, new_value):
        """Puts `new_value` in place of `old_value` in a list collection."""
        store = self.config[store_name][1]
        if not isinstance(store, list) or not self.is_in_store(
            store_name, old_value
        ):
            raise ValueError(
                f"Unknown value for collection {store_name!r}: "
                f"{old_value!r} is not tracked in a list collection."
            )
        index = next(i for i, v in enumerate(store) if v is old_value)
        store[index] = new_value
        ids = self.stored_ids[store_name]
        ids.discard(id(old_value))
        ids.add(id(new_value))

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


class TrackedOrderedDict(collections.OrderedDict):
    """An `OrderedDict` that reports what is added to it to a `Tracker`.

    As a `keras.tree` node it keeps its insertion order (a plain dict
    flattens in sorted-key order).

    Example:

    >>> from keras.src.utils.tracking import TrackedOrderedDict
    >>> keras.tree.flatten(TrackedOrderedDict([("b", 1), ("a", 2)]))
    [1, 2]
    """

    def __init__(self, values=None, tracker=None):
        self.tracker = tracker
        super().__init__()
        for key, value in collections.OrderedDict(values or {}).items():
            self[key] = value

    def __setitem__(self, key, value):
        tracker = self.__dict__.get("tracker")
        if tracker is not None:
            value = tracker.track(value)
        super().__setitem__(key, value)

    def update(self, *args, **kwargs):
        for key, value in collections.OrderedDict(*args, **kwargs).items():
            self[key] = value

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]


class TrackedSet(set):
    """A set that reports what is added to it to a `Tracker`.

    Example:

    >>> from keras.src.utils.tracking import TrackedSet
    >>> sorted(keras.tree.flatten(TrackedSet([2, 1])))
    [1, 2]
    """

    def __init__(self, values=None, tracker=None):
        self.tracker = tracker
        values = values or ()
        if tracker is not None:
            values = [tracker.track(v) for v in values]
        super().__init__(values)

    def _track(self, value):
        return self.tracker.track(value) if self.tracker else value

    def add(self, value):
        super().add(self._track(value))

    def update(self, *others):
        for values in others:
            for value in values:
                self.add(value)

    def __ior__(self, values):
        self.update(values)
        return self


def _flatten_list(values):
    return list(values), None


def _unflatten_list(aux, children):
    return TrackedList(children)


def _flatten_dict(values):
    keys = sorted(values)
    return [values[k] for k in keys], tuple(keys), keys


def _unflatten_dict(keys, children):
    return TrackedDict(zip(keys, children))


def _flatten_ordered(values):
    keys = list(values)
    return [values[k] for k in keys], tuple(keys), keys


def _unflatten_ordered(keys, children):
    return TrackedOrderedDict(zip(keys, children))


def _flatten_set(values):
    return list(values), None


def _unflatten_set(aux, children):
    return TrackedSet(children)


def _add_tree_methods(cls, flatten_fn, unflatten_fn):
    """Gives `cls` the `tree_flatten()` / `tree_unflatten(aux, children)`
    pair that `register_tree_node_class(cls)` of each tree implementation
    (e.g. `torchtree_impl`) reads."""

    def tree_flatten(self):
        children, aux = flatten_fn(self)[:2]
        return children, aux

    def tree_unflatten(klass, aux, children):
        return unflatten_fn(aux, children)

    cls.tree_flatten = tree_flatten
    cls.tree_unflatten = classmethod(tree_unflatten)


for _cls, _flatten, _unflatten in (
    (TrackedList, _flatten_list, _unflatten_list),
    (TrackedDict, _flatten_dict, _unflatten_dict),
    (TrackedOrderedDict, _flatten_ordered, _unflatten_ordered),
    (TrackedSet, _flatten_set, _unflatten_set),
):
    _add_tree_methods(_cls, _flatten, _unflatten)

tree.register_tree_node_class(TrackedList, _flatten_list, _unflatten_list)
tree.register_tree_node_class(TrackedDict, _flatten_dict, _unflatten_dict)
tree.register_tree_node_class(
    TrackedOrderedDict, _flatten_ordered, _unflatten_ordered
)
tree.register_tree_node_class(TrackedSet, _flatten_set, _unflatten_set)
