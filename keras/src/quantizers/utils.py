"""Which layers a model's `quantize(..., filters=...)` quantizes."""

import re


def should_quantize_layer(layer, filters):
    """Whether `filters` lets `layer` be quantized.

    Args:
        layer: a layer.
        filters: `None` (every layer), a regex string or a list of them
            (matched with `re.search` against the layer's name), or a
            callable taking the layer and returning a bool.

    Returns:
        A bool.
    """
    if filters is None:
        return True
    if isinstance(filters, str):
        return re.search(filters, layer.name) is not None
    if isinstance(filters, (list, tuple)):
        return any(re.search(f, layer.name) is not None for f in filters)
    if callable(filters):
        return bool(filters(layer))
    raise ValueError(
        "`filters` must be None, a regex string, a list of them or a "
        f"callable. Received: filters={filters!r}"
    )
