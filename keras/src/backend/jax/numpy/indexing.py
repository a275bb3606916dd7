"""Indexing, sorting and searching functions on JAX."""

import jax
import jax.numpy as jnp
import numpy as np

from keras.src.backend.common.math_utils import numpy_unique
from keras.src.backend.jax.core import convert_to_tensor
from keras.src.backend.jax.core import promote

__all__ = [
    "argpartition",
    "argsort",
    "diag",
    "diagflat",
    "diagonal",
    "digitize",
    "get_item",
    "isin",
    "nonzero",
    "searchsorted",
    "select",
    "sort",
    "take",
    "take_along_axis",
    "tril",
    "triu",
    "unique",
    "unravel_index",
]


def argpartition(x, kth, axis=-1):
    # A stable full sort is a valid partition for every `kth`, and gives
    # the same indices on every backend.
    return argsort(x, axis=axis)


def argsort(x, axis=-1):
    x = convert_to_tensor(x)
    if axis is None or x.ndim == 0:
        x, axis = x.reshape(-1), -1
    return jnp.argsort(x, axis=axis, stable=True).astype("int32")


def sort(x, axis=-1):
    x = convert_to_tensor(x)
    if axis is None or x.ndim == 0:
        x, axis = x.reshape(-1), -1
    return jnp.sort(x, axis=axis, stable=True)


def diag(x, k=0):
    x = convert_to_tensor(x)
    if x.ndim not in (1, 2):
        raise ValueError(
            f"`diag` takes a 1-D or 2-D tensor. Received: shape={x.shape}"
        )
    return jnp.diag(x, k=k)


def diagflat(x, k=0):
    return jnp.diagflat(convert_to_tensor(x), k=k)


def diagonal(x, offset=0, axis1=0, axis2=1):
    x = convert_to_tensor(x)
    return jnp.diagonal(x, offset=offset, axis1=axis1, axis2=axis2)


def digitize(x, bins):
    x, bins = promote(x, bins)
    return jnp.digitize(x, bins).astype("int32")


def searchsorted(sorted_sequence, values, side="left"):
    sorted_sequence, values = promote(sorted_sequence, values)
    if sorted_sequence.ndim != 1:
        raise ValueError(
            "`searchsorted` takes a 1-D `sorted_sequence`. Received: "
            f"shape={sorted_sequence.shape}"
        )
    if side not in ("left", "right"):
        raise ValueError(
            "`searchsorted`: `side` must be 'left' or 'right'. "
            f"Received: side={side!r}"
        )
    out = jnp.searchsorted(sorted_sequence, values, side=side)
    return out.astype("int32")


def isin(x1, x2, assume_unique=False, invert=False):
    x1, x2 = promote(x1, x2)
    return jnp.isin(x1, x2, assume_unique=assume_unique, invert=invert)


def nonzero(x):
    x = convert_to_tensor(x)
    if x.ndim == 0:
        raise ValueError("`nonzero` takes a tensor of rank 1 or more.")
    if not isinstance(x, jax.core.Tracer):
        # The output size needs the values on the host anyway; NumPy finds
        # them without compiling a program for each new shape.
        return tuple(
            jnp.asarray(i, "int32") for i in np.nonzero(np.asarray(x))
        )
    return tuple(i.astype("int32") for i in jnp.nonzero(x))


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist) or not condlist:
        raise ValueError(
            "`select`: `condlist` and `choicelist` must be non-empty and of "
            f"the same length. Received: {len(condlist)} conditions and "
            f"{len(choicelist)} choices."
        )
    *choices, default = promote(*choicelist, default)
    conds = [convert_to_tensor(c, "bool") for c in condlist]
    return jnp.select(conds, choices, default)


def take(x, indices, axis=None):
    x = convert_to_tensor(x)
    return jnp.take(x, _as_int_indices(indices), axis=axis)


def take_along_axis(x, indices, axis=None):
    x = convert_to_tensor(x)
    indices = _as_int_indices(indices)
    if axis is None:
        x, axis = x.reshape(-1), 0
    return jnp.take_along_axis(x, indices, axis=axis)


def _as_int_indices(indices):
    indices = convert_to_tensor(indices)
    if not jnp.issubdtype(indices.dtype, jnp.integer):
        indices = indices.astype("int32")
    return indices


def tril(x, k=0):
    return jnp.tril(_at_least_2d("tril", x), k=k)


def triu(x, k=0):
    return jnp.triu(_at_least_2d("triu", x), k=k)


def _at_least_2d(name, x):
    x = convert_to_tensor(x)
    if x.ndim < 2:
        raise ValueError(
            f"`{name}` takes a tensor of rank 2 or more. Received: "
            f"shape={x.shape}"
        )
    return x


def unravel_index(indices, shape):
    indices = convert_to_tensor(indices)
    coords = jnp.unravel_index(indices, shape)
    return tuple(c.astype(indices.dtype) for c in coords)


def get_item(x, key):
    x = convert_to_tensor(x)
    return x[_jax_key(key)]


def _jax_key(key):
    # JAX refuses Python lists inside keys; NumPy reads them as arrays.
    if isinstance(key, list):
        return np.asarray(key)
    if isinstance(key, tuple):
        return tuple(np.asarray(k) if isinstance(k, list) else k for k in key)
    return key


def unique(
    x,
    sorted=True,
    return_index=False,
    return_inverse=False,
    return_counts=False,
    axis=None,
    size=None,
    fill_value=None,
):
    x = convert_to_tensor(x)
    if not isinstance(x, jax.core.Tracer):
        # Concrete values: as for `nonzero`, NumPy on the host is faster
        # than compiling `jnp.unique` for each new shape.
        outputs = numpy_unique(
            np.asarray(x), return_index, return_inverse, return_counts,
            axis, size, fill_value,
        )
        if isinstance(outputs, tuple):
            return tuple(jnp.asarray(o) for o in outputs)
        return jnp.asarray(outputs)
    values, index, inverse, counts = jnp.unique(
        x,
        return_index=True,
        return_inverse=True,
        return_counts=True,
        axis=axis,
        size=size,
        fill_value=fill_value,
    )
    inverse = inverse.reshape(x.shape if axis is None else (-1,))
    if size is not None:
        # Padded entries count zero occurrences and point at index 0.
        found = jnp.arange(size) < jnp.sum(counts > 0)
        index = jnp.where(found, index, 0)
    outputs = [values]
    for flag, extra in (
        (return_index, index),
        (return_inverse, inverse),
        (return_counts, counts),
    ):
        if flag:
            outputs.append(extra.astype("int32"))
    return outputs[0] if len(outputs) == 1 else tuple(outputs)
