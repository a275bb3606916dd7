"""Output specs of functions on symbolic inputs, found by running them.

Backends without a shape-only tracer run the function on zeros. Unknown
(`None`) dimensions are filled with two different sizes; a dimension of the
output that changes between the two runs is unknown in the result.
"""

from keras.src import tree
from keras.src.backend.common.keras_tensor import KerasTensor

_SAMPLE_SIZES = (83, 89)


def has_unknown_dims(args, kwargs):
    return any(
        isinstance(x, KerasTensor) and None in x.shape
        for x in tree.flatten((args, kwargs))
    )


def fill_unknown_dims(args, kwargs, size, make_tensor):
    """Replaces each `KerasTensor` with `make_tensor(shape, dtype)`, where
    the unknown dimensions of `shape` are `size`."""

    def concrete(x):
        if isinstance(x, KerasTensor):
            shape = tuple(size if d is None else d for d in x.shape)
            return make_tensor(shape, x.dtype)
        return x

    return tree.map_structure(concrete, (args, kwargs))


def merge_specs(first, second):
    """Returns the specs of `first` with the dims that differ in `second`
    set to `None`."""

    def merge(a, b):
        if a is None:
            return None
        shape = tuple(
            d1 if d1 == d2 else None for d1, d2 in zip(a.shape, b.shape)
        )
        return KerasTensor(shape, dtype=a.dtype, sparse=a.sparse)

    return tree.map_structure(merge, first, second)


def compute_output_spec_by_running(fn, args, kwargs, make_tensor, to_spec):
    """Runs `fn` on concrete stand-ins and returns the specs of its output.

    Args:
        fn: the function.
        args, kwargs: its arguments, holding `KerasTensor`s.
        make_tensor: `(shape, dtype) -> tensor`.
        to_spec: `tensor -> KerasTensor`, applied to each output leaf.
    """
    sizes = _SAMPLE_SIZES if has_unknown_dims(args, kwargs) else (1,)
    specs = []
    for size in sizes:
        call_args, call_kwargs = fill_unknown_dims(
            args, kwargs, size, make_tensor
        )
        outputs = fn(*call_args, **call_kwargs)
        specs.append(tree.map_structure(_leaf_spec(to_spec), outputs))
    if len(specs) == 1:
        return specs[0]
    return merge_specs(specs[0], specs[1])


def _leaf_spec(to_spec):
    def convert(x):
        return None if x is None else to_spec(x)

    return convert
