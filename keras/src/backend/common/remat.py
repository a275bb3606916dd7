"""Rematerialization (gradient checkpointing): recompute activations in
the backward pass instead of keeping them in memory.

`remat(f)` wraps one function with the backend's own checkpointing
(`jax.checkpoint`, `torch.utils.checkpoint`, `tf.recompute_grad`; NumPy
has no gradients and returns `f`). `RematScope` records which layers a
model wants rematerialized; layers read it with `get_current_remat_mode()`.
"""

import collections

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state

_MODES = ("full", "activations", "larger_than", "list_of_layers", None)

RematMode = collections.namedtuple(
    "RematMode", ["mode", "output_size_threshold", "layer_names"]
)
RematMode.__doc__ = """The rematerialization settings of a `RematScope`.

Fields: `mode`, `output_size_threshold` and `layer_names`, as given to
`RematScope`.
"""


@keras_export("keras.RematScope")
class RematScope:
    """Scope choosing which layers are rematerialized.

    Rematerialization trades compute for memory: the activations of the
    chosen layers are recomputed during the backward pass instead of
    being stored during the forward pass.

    Args:
        mode: `"full"` (every layer), `"activations"` (activation
            functions only), `"larger_than"` (layers whose output has
            more than `output_size_threshold` elements),
            `"list_of_layers"` (the layers named in `layer_names`), or
            `None` (no rematerialization).
            A layer follows the scope that is active when it is created.
        output_size_threshold: the size threshold of `"larger_than"`.
        layer_names: the layer names of `"list_of_layers"`.

    Example:

    >>> with keras.RematScope(mode="full"):
    ...     layer = keras.layers.Dense(4, activation="relu")
    >>> y = layer(keras.ops.ones((2, 3)))  # recomputed in the backward pass
    >>> tuple(y.shape)
    (2, 4)
    """

    def __init__(self, mode="full", output_size_threshold=1024,
                 layer_names=None):
        if mode not in _MODES:
            raise ValueError(
                f"Invalid mode '{mode}'. Supported modes are: 'full', "
                "'activations', 'larger_than', 'list_of_layers', or  None."
            )
        self.mode = mode
        self.output_size_threshold = output_size_threshold
        self.layer_names = list(layer_names or [])

    def __enter__(self):
        stack = global_state.get_global_attribute(
            "remat_scope_stack", default=[], set_to_default=True
        )
        stack.append(self)
        return self

    def __exit__(self, *args, **kwargs):
        stack = global_state.get_global_attribute("remat_scope_stack")
        if stack:
            stack.pop()


def get_current_remat_mode():
    """Returns the `RematMode` of the innermost active `RematScope`, or
    `None` outside any.

    Example:

    >>> get_current_remat_mode() is None
    True
    """
    stack = global_state.get_global_attribute("remat_scope_stack")
    if not stack:
        return None
    scope = stack[-1]
    return RematMode(
        scope.mode, scope.output_size_threshold, scope.layer_names
    )


@keras_export("keras.remat")
def remat(f):
    """Returns `f` wrapped so that its intermediate values are recomputed
    in the backward pass instead of being stored.

    Args:
        f: the function to rematerialize.

    Returns:
        A function computing the same values as `f`.

    Example:

    >>> double = keras.remat(lambda x: x * 2.0)
    >>> keras.ops.convert_to_numpy(double(keras.ops.ones((2,)))).tolist()
    [2.0, 2.0]
    """
    from keras.src import backend

    return backend.core.remat(f)


def remat_call(fn, args, kwargs):
    """Calls `fn(*args, **kwargs)` rematerialized: only the tensors among
    the arguments pass through the backend's checkpointing, so Python
    values (`training=True`, `None`) stay static."""
    from keras.src import backend
    from keras.src import tree

    leaves = tree.flatten((args, kwargs))
    tensor_at = [backend.is_tensor(leaf) for leaf in leaves]

    def call_on_tensors(*tensors):
        tensors = iter(tensors)
        filled = [
            next(tensors) if is_tensor else leaf
            for leaf, is_tensor in zip(leaves, tensor_at)
        ]
        call_args, call_kwargs = tree.pack_sequence_as(
            (args, kwargs), filled
        )
        return fn(*call_args, **call_kwargs)

    tensors = [leaf for leaf, t in zip(leaves, tensor_at) if t]
    return backend.core.remat(call_on_tensors)(*tensors)
