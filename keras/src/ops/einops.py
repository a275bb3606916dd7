"""`rearrange`: einops-style axis reordering, splitting and merging.

A pattern `"b (h w) c -> b h w c"` names each input axis on the left and
each output axis on the right; parentheses group axes that are one axis of
the tensor (merged on the right, split on the left). The op is a reshape
into the elementary axes, a transpose, and a reshape into the output
groups.
"""

import math as _math
import re

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops import op_tables
from keras.src.ops.op_class import op_classes_on_demand
from keras.src.ops.operation import symbolic_op

__all__ = ["rearrange"]

_TOKEN = re.compile(r"\(|\)|[A-Za-z_][A-Za-z0-9_]*|\S+")


def _parse_side(side, pattern):
    """`"b (h w)"` -> `[["b"], ["h", "w"]]`."""
    groups = []
    current = None
    for token in _TOKEN.findall(side):
        if token == "(":
            if current is not None:
                raise ValueError(
                    f"`rearrange`: nested parentheses in pattern {pattern!r}."
                )
            current = []
        elif token == ")":
            if current is None:
                raise ValueError(
                    f"`rearrange`: unbalanced ')' in pattern {pattern!r}."
                )
            groups.append(current)
            current = None
        elif token.isidentifier():
            if current is None:
                groups.append([token])
            else:
                current.append(token)
        else:
            raise ValueError(
                f"`rearrange`: unsupported token {token!r} in pattern "
                f"{pattern!r}. Use axis names and parentheses."
            )
    if current is not None:
        raise ValueError(
            f"`rearrange`: unbalanced '(' in pattern {pattern!r}."
        )
    return groups


def _plan(pattern, shape, axes_lengths):
    """Returns `(elementary lengths, permutation, output groups' lengths)`
    for an input of `shape` (`None` for unknown lengths)."""
    if not isinstance(pattern, str) or pattern.count("->") != 1:
        raise ValueError(
            "`rearrange`: `pattern` must be a string 'left -> right'. "
            f"Received: pattern={pattern!r}"
        )
    left_side, right_side = pattern.split("->")
    left = _parse_side(left_side, pattern)
    right = _parse_side(right_side, pattern)
    left_names = [name for group in left for name in group]
    right_names = [name for group in right for name in group]
    if len(set(left_names)) != len(left_names) or len(
        set(right_names)
    ) != len(right_names):
        raise ValueError(
            f"`rearrange`: an axis name repeats on one side of {pattern!r}."
        )
    if set(left_names) != set(right_names):
        raise ValueError(
            "`rearrange`: both sides must name the same axes. Received: "
            f"pattern={pattern!r} (left {sorted(left_names)}, right "
            f"{sorted(right_names)})"
        )
    unknown = set(axes_lengths) - set(left_names)
    if unknown:
        raise ValueError(
            f"`rearrange`: axes_lengths names axes {sorted(unknown)} that "
            f"are not in pattern {pattern!r}."
        )
    if len(left) != len(shape):
        raise ValueError(
            f"`rearrange`: the left side of {pattern!r} has {len(left)} "
            f"axes, but the input has rank {len(shape)} (shape {shape})."
        )
    lengths = dict(axes_lengths)
    for group, size in zip(left, shape):
        missing = [name for name in group if name not in lengths]
        if len(group) == 1 and missing:
            lengths[group[0]] = size
        elif len(missing) > 1:
            raise ValueError(
                f"`rearrange`: cannot split an axis into {missing}: give "
                "all but one of their lengths in `axes_lengths`. "
                f"Received: pattern={pattern!r}, axes_lengths={axes_lengths}"
            )
        elif missing:
            known = _math.prod(lengths[n] for n in group if n != missing[0])
            if size is None:
                lengths[missing[0]] = None
            elif size % known:
                raise ValueError(
                    f"`rearrange`: an axis of length {size} cannot be split "
                    f"into {group} with lengths {axes_lengths}."
                )
            else:
                lengths[missing[0]] = size // known
        elif size is not None and _product(
            [lengths[n] for n in group]
        ) not in (None, size):
            raise ValueError(
                f"`rearrange`: axis {group} of length {size} does not match "
                f"axes_lengths={axes_lengths}."
            )
    elementary = [lengths[name] for name in left_names]
    permutation = [left_names.index(name) for name in right_names]
    output = [_product([lengths[n] for n in group]) for group in right]
    return elementary, permutation, output


def _product(values):
    if any(v is None for v in values):
        return None
    return _math.prod(values)


def _rearrange_spec(tensor, pattern, **axes_lengths):
    _, _, output = _plan(pattern, tuple(tensor.shape), axes_lengths)
    return KerasTensor(tuple(output), dtype=tensor.dtype)


@keras_export("keras.ops.rearrange")
def rearrange(tensor, pattern, **axes_lengths):
    """Reorders, splits and merges axes following an einops pattern.

    Args:
        tensor: the input tensor.
        pattern: `"left -> right"`: a name for each input axis on the left
            and the output's axes on the right. Names in parentheses are
            one axis: merged into it on the right, split out of it on the
            left (for example `"b (h w) -> b h w"`).
        **axes_lengths: lengths of the axes split on the left (all of a
            group's but one, which is inferred).

    Returns:
        The rearranged tensor.

    Example:

    >>> x = np.arange(24).reshape((2, 3, 4))
    >>> keras.ops.rearrange(x, "b h w -> b (h w)").shape
    (2, 12)
    >>> keras.ops.rearrange(x, "b h (w c) -> b c h w", c=2).shape
    (2, 2, 3, 2)
    """
    if any_symbolic_tensors((tensor,)):
        return symbolic_op(rearrange, _rearrange_spec, tensor, pattern,
                           **axes_lengths)
    tensor = backend.convert_to_tensor(tensor)
    static = tuple(tensor.shape)
    elementary, permutation, output = _plan(pattern, static, axes_lengths)
    if None in elementary or None in output:
        # Lengths known only when the graph runs (a traced TensorFlow
        # batch axis, say): one unknown axis becomes -1 in each reshape.
        elementary = [-1 if n is None else n for n in elementary]
        output = [-1 if n is None else n for n in output]
    x = backend.numpy.reshape(tensor, tuple(elementary))
    if permutation != sorted(permutation):
        x = backend.numpy.transpose(x, permutation)
    return backend.numpy.reshape(x, tuple(output))


__getattr__ = op_classes_on_demand(__name__, globals(), op_tables.EINOPS)
