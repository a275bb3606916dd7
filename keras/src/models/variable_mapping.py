"""Maps the variables of saveable objects (layers, models, optimizers,
metrics, and containers of them) by their paths, as Keras does to match
a model's variables with stored ones."""


def _add(store, variable):
    path = variable.path
    existing = store.get(path)
    if existing is not None and existing is not variable:
        raise ValueError(
            f"Two different variables have the path '{path}': {existing} "
            f"and {variable}. Give the layers or optimizers owning them "
            "distinct names."
        )
    store[path] = variable


def map_saveable_variables(saveable, store, visited_saveables):
    """Adds the variables of `saveable` (and of what it holds) to `store`,
    keyed by their paths.

    A layer or model contributes its weights (its sublayers' included)
    and, when it has one, its optimizer's and metrics' variables; an
    optimizer or a metric its variables. Objects already in
    `visited_saveables` (a set of ids) are skipped.

    Args:
        saveable: a layer, model, optimizer or metric.
        store: the dict to fill, `{path: variable}`.
        visited_saveables: a set of the ids of objects already mapped.

    Example:

    >>> model = keras.Sequential(
    ...     [keras.Input((2,)), keras.layers.Dense(1, name="d")], name="m")
    >>> store = {}
    >>> map_saveable_variables(model, store, set())
    >>> sorted(store)
    ['m/d/bias', 'm/d/kernel']
    """
    from keras.src.layers.layer import Layer

    if id(saveable) in visited_saveables:
        return
    visited_saveables.add(id(saveable))
    if isinstance(saveable, Layer):
        for variable in saveable.weights:
            _add(store, variable)
        optimizer = getattr(saveable, "optimizer", None)
        if optimizer is not None and not isinstance(optimizer, str):
            map_saveable_variables(optimizer, store, visited_saveables)
        return
    for variable in getattr(saveable, "variables", ()):
        _add(store, variable)


def map_container_variables(container, store, visited_saveables):
    """Adds the variables of every saveable object in `container` (a
    list, tuple or dict, possibly nested) to `store`, as
    `map_saveable_variables` does.

    Example:

    >>> layer = keras.layers.Dense(2, name="a")
    >>> layer.build((None, 2))
    >>> store = {}
    >>> map_container_variables({"k": layer}, store, set())
    >>> sorted(store)
    ['a/bias', 'a/kernel']
    """
    values = container.values() if isinstance(container, dict) else container
    for value in values:
        if isinstance(value, (list, tuple, dict)):
            map_container_variables(value, store, visited_saveables)
        elif hasattr(value, "weights") or hasattr(value, "variables"):
            map_saveable_variables(value, store, visited_saveables)
