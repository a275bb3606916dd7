"""`vectorize` machinery shared by the backends: signature parsing,
broadcasting of loop dimensions, and mapping a function over them."""

import re

import numpy as np


def static_broadcast(shapes):
    try:
        return tuple(np.broadcast_shapes(*shapes))
    except ValueError:
        raise ValueError(
            f"`vectorize`: loop dimensions {shapes} cannot be broadcast."
        ) from None


def map_outputs(fn, outputs):
    if isinstance(outputs, (tuple, list)):
        return tuple(fn(o) for o in outputs)
    return fn(outputs)


_DIMS = r"\w+(?:,\w+)*"
_ARGS = rf"\((?:{_DIMS})?\)(?:,\((?:{_DIMS})?\))*"
_SIGNATURE = re.compile(rf"^{_ARGS}->{_ARGS}$")


def _parse_signature(signature):
    """`"(m,n),(n)->(m)"` -> `[("m", "n"), ("n",)]`, the core dimensions
    of each input."""
    text = signature.replace(" ", "")
    if not _SIGNATURE.match(text):
        raise ValueError(
            f"`vectorize`: invalid signature {signature!r}; expected a "
            "form like '(m,n),(n)->(m)'."
        )
    inputs = text.split("->")[0]
    return [
        tuple(d for d in group.split(",") if d)
        for group in re.findall(r"\(([^()]*)\)", inputs)
    ]


class MapVectorized:
    """`pyfunc` mapped over the loop (non-core) dimensions of its
    arguments, in the manner of NumPy's `vectorize`.

    `fns` supplies a backend's `to_tensor`, `shape`, `broadcast_shapes`,
    `broadcast_to`, `reshape` and `map(fn, flat_args)`, which calls `fn`
    on the slices along axis 0 of every argument and stacks the results.
    Keyword arguments and the positions in `excluded` are passed through
    unchanged.
    """

    def __init__(self, pyfunc, excluded, signature, fns):
        self.pyfunc = pyfunc
        self.excluded = set(excluded or ())
        self.core = None if signature is None else _parse_signature(signature)
        self.fns = fns

    def __call__(self, *args, **kwargs):
        fns = self.fns
        positions = [i for i in range(len(args)) if i not in self.excluded]
        tensors = [fns.to_tensor(args[i]) for i in positions]
        core = self.core if self.core is not None else [()] * len(tensors)
        if len(core) != len(tensors):
            raise ValueError(
                f"`vectorize`: the signature takes {len(core)} inputs, "
                f"but the function received {len(tensors)}."
            )
        shapes = [tuple(fns.shape(t)) for t in tensors]
        loops = [_loop_shape(s, c) for s, c in zip(shapes, core)]
        _check_core_sizes(shapes, core)
        if all(len(loop) == 0 for loop in loops):
            return self.pyfunc(*args, **kwargs)
        loop = tuple(fns.broadcast_shapes(loops))
        flat = []
        for tensor, shape, names in zip(tensors, shapes, core):
            core_shape = shape[len(shape) - len(names):]
            tensor = fns.broadcast_to(tensor, loop + core_shape)
            flat.append(fns.reshape(tensor, (-1,) + core_shape))

        def call(*slices):
            full = list(args)
            for i, piece in zip(positions, slices):
                full[i] = piece
            return self.pyfunc(*full, **kwargs)

        return map_outputs(
            lambda o: fns.reshape(o, loop + tuple(fns.shape(o))[1:]),
            fns.map(call, flat),
        )


def _loop_shape(shape, core):
    if len(shape) < len(core):
        raise ValueError(
            f"`vectorize`: an input of shape {shape} has fewer dimensions "
            f"than its core dimensions {core}."
        )
    return shape[: len(shape) - len(core)]


def _check_core_sizes(shapes, core):
    sizes = {}
    for shape, names in zip(shapes, core):
        dims = shape[len(shape) - len(names):]
        for name, dim in zip(names, dims):
            if not isinstance(dim, int):
                continue
            if sizes.setdefault(name, dim) != dim:
                raise ValueError(
                    f"`vectorize`: core dimension {name!r} has sizes "
                    f"{sizes[name]} and {dim} in different inputs."
                )
