"""Argument parsing shared by the `Cropping*D`, `ZeroPadding*D` and
`UpSampling*D` layers: per-spatial-dim `(before, after)` amounts and
per-dim factors."""

from keras.src.layers.reshaping import is_int


def to_pairs(layer_name, arg_name, value, rank, example):
    """`value` as a tuple of `rank` `(before, after)` pairs of
    non-negative ints.

    Accepts an int (the same amount everywhere), a tuple of `rank` ints
    (one symmetric amount per dim) or a tuple of `rank` pairs. With
    `rank == 1`, a tuple of two ints is one `(before, after)` pair.

    Args:
        layer_name: the class name, for error messages.
        arg_name: the argument's name, for error messages.
        value: the argument as given.
        rank: the number of spatial dims.
        example: a valid example value, for error messages.

    Returns:
        A tuple of `rank` pairs of ints.
    """
    def fail():
        raise ValueError(
            f"{layer_name}: `{arg_name}` must be a non-negative int, "
            f"{_forms(rank)} (e.g. {arg_name}={example}). Received: "
            f"{arg_name}={value!r}"
        )

    def amount(v):
        if not is_int(v) or v < 0:
            fail()
        return int(v)

    if is_int(value):
        return ((amount(value),) * 2,) * rank
    if not isinstance(value, (tuple, list)):
        fail()
    if rank == 1:
        if len(value) != 2:
            fail()
        return ((amount(value[0]), amount(value[1])),)
    if len(value) != rank:
        fail()
    pairs = []
    for item in value:
        if is_int(item):
            pairs.append((amount(item),) * 2)
        elif isinstance(item, (tuple, list)) and len(item) == 2:
            pairs.append((amount(item[0]), amount(item[1])))
        else:
            fail()
    return tuple(pairs)


def _forms(rank):
    if rank == 1:
        return "or a tuple of 2 non-negative ints (before, after)"
    return (
        f"a tuple of {rank} non-negative ints, or a tuple of {rank} pairs "
        "of non-negative ints ((before, after) per spatial dim)"
    )


def to_factors(layer_name, arg_name, value, rank):
    """`value` (a positive int, or a tuple of `rank` positive ints) as a
    tuple of `rank` ints."""
    values = (value,) * rank if is_int(value) else value
    if (
        not isinstance(values, (tuple, list))
        or len(values) != rank
        or not all(is_int(v) and v > 0 for v in values)
    ):
        raise ValueError(
            f"{layer_name}: `{arg_name}` must be a positive int or a tuple "
            f"of {rank} positive ints. Received: {arg_name}={value!r}"
        )
    return tuple(int(v) for v in values)


def spatial_axes(rank, data_format):
    """The axes of the spatial dims of a rank-`rank + 2` input."""
    first = 2 if data_format == "channels_first" else 1
    return tuple(range(first, first + rank))


def check_rank(layer, input_shape, rank):
    """Raises a `ValueError` naming `layer` unless `input_shape` has
    `rank + 2` dims."""
    if len(input_shape) != rank + 2:
        raise ValueError(
            f"{type(layer).__name__} '{layer.name}' expects inputs of rank "
            f"{rank + 2} (batch, {rank} spatial dims, channels). Received: "
            f"input_shape={tuple(input_shape)}"
        )
