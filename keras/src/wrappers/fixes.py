"""Compatibility shims over scikit-learn versions."""

import inspect

from keras.src.wrappers.utils import assert_sklearn_installed


def type_of_target(y, input_name="", *, raise_unknown=False):
    """`sklearn.utils.multiclass.type_of_target` on every scikit-learn
    version, with `raise_unknown` (added in scikit-learn 1.6).

    Args:
        y: the target values (array-like).
        input_name: the name of `y` in error messages.
        raise_unknown: whether to raise a `ValueError` instead of returning
            `"unknown"`.

    Returns:
        A string: `"binary"`, `"multiclass"`, `"continuous"`,
        `"multilabel-indicator"`, `"multiclass-multioutput"`,
        `"continuous-multioutput"` or `"unknown"`.

    Example:

    >>> from keras.src.wrappers.fixes import type_of_target
    >>> type_of_target([0, 1, 2])
    'multiclass'
    """
    assert_sklearn_installed("type_of_target")
    from sklearn.utils import multiclass

    parameters = inspect.signature(multiclass.type_of_target).parameters
    if "raise_unknown" in parameters:
        return multiclass.type_of_target(
            y, input_name=input_name, raise_unknown=raise_unknown
        )
    kind = multiclass.type_of_target(y, input_name=input_name)
    if raise_unknown and kind == "unknown":
        name = f" of {input_name}" if input_name else ""
        raise ValueError(f"Unknown label type{name}: {y!r}")
    return kind
