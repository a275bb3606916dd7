"""Checks of layer arguments, at Keras's path
`keras.src.utils.argument_validation`, for layers written against it."""


def standardize_tuple(value, n, name, allow_zero=False):
    """Returns `value` (an int or `n` ints) as a tuple of `n` ints.

    Args:
        value: an int, used for every dimension, or a sequence of `n`
            ints.
        n: the length of the tuple.
        name: the argument's name, for error messages.
        allow_zero: whether 0 is allowed (else every value must be > 0).

    Returns:
        A tuple of `n` values.

    Example:

    >>> standardize_tuple(3, 2, "kernel_size")
    (3, 3)
    >>> standardize_tuple([1, 2], 2, "strides")
    (1, 2)
    """
    expected = f"an integer or a tuple of {n} integers"
    if isinstance(value, int):
        values = (value,) * n
    else:
        try:
            values = tuple(value)
        except TypeError:
            values = None
        if values is None or isinstance(value, str) or len(values) != n:
            raise ValueError(
                f"The `{name}` argument must be {expected}. "
                f"Received: {name}={value!r}"
            )
        for v in values:
            try:
                int(v)
            except (TypeError, ValueError):
                raise ValueError(
                    f"The `{name}` argument must be {expected}. "
                    f"Received: {name}={value!r}, whose element {v!r} is of "
                    f"type {type(v).__name__}"
                ) from None
    bad = {v for v in values if (v < 0 if allow_zero else v <= 0)}
    if bad:
        rule = "`value >= 0`" if allow_zero else "`value > 0`"
        raise ValueError(
            f"The `{name}` argument must be {expected} satisfying {rule}. "
            f"Received: {name}={value!r}, including {sorted(bad)}"
        )
    return values


def standardize_padding(value, allow_causal=False):
    """Returns a padding mode in lower case, or an explicit padding
    (a list or tuple) unchanged.

    Args:
        value: `"valid"`, `"same"` (any case), `"causal"` when
            `allow_causal`, or a list/tuple of explicit paddings.
        allow_causal: whether `"causal"` is accepted.

    Returns:
        The standardized padding.

    Example:

    >>> standardize_padding("SAME")
    'same'
    """
    if isinstance(value, (list, tuple)):
        return value
    allowed = ("valid", "same", "causal") if allow_causal else (
        "valid",
        "same",
    )
    padding = value.lower() if isinstance(value, str) else value
    if padding not in allowed:
        raise ValueError(
            "The `padding` argument must be a list/tuple or one of "
            f"{list(allowed)}. Received: padding={value!r}"
        )
    return padding


def validate_string_arg(
    value,
    allowable_strings,
    caller_name,
    arg_name,
    allow_none=False,
    allow_callables=False,
):
    """Raises a `ValueError` unless `value` is one of `allowable_strings`
    (or `None` / a callable, when allowed).

    Args:
        value: the argument's value.
        allowable_strings: the accepted strings.
        caller_name: the layer or function, for the error message.
        arg_name: the argument's name, for the error message.
        allow_none: whether `None` is accepted.
        allow_callables: whether a callable is accepted.

    Example:

    >>> validate_string_arg("nearest", ["nearest", "bilinear"],
    ...                     "UpSampling2D", "interpolation")
    """
    if allow_none and value is None:
        return
    if allow_callables and callable(value):
        return
    if isinstance(value, str) and value in allowable_strings:
        return
    raise ValueError(
        f"Unknown value for `{arg_name}` argument of {caller_name}. "
        f"Allowed values are: {list(allowable_strings)}. "
        f"Received: {arg_name}={value!r}"
    )
