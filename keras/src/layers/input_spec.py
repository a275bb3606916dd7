"""`InputSpec`: what a layer accepts, checked on every call."""

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export


@keras_export(["keras.InputSpec", "keras.layers.InputSpec"])
class InputSpec:
    """The rank, shape and dtype a layer expects of one input.

    Every field is optional; `None` in `shape` means any size.

    Args:
        dtype: the expected dtype.
        shape: the expected shape (a tuple, `None` for free axes).
        ndim: the expected rank.
        max_ndim: the largest rank allowed.
        min_ndim: the smallest rank allowed.
        axes: `{axis: size}` for axes whose size is fixed.
        allow_last_axis_squeeze: accept a rank one higher or lower than
            `ndim`/`shape` when the extra last axis has size 1.
        name: the input's name, to match dict inputs.
        optional: whether the input may be `None`.

    Example:

    >>> spec = keras.layers.InputSpec(ndim=2, axes={-1: 8})
    >>> spec
    InputSpec(ndim=2, axes={-1: 8})
    """

    def __init__(
        self,
        dtype=None,
        shape=None,
        ndim=None,
        max_ndim=None,
        min_ndim=None,
        axes=None,
        allow_last_axis_squeeze=False,
        name=None,
        optional=False,
    ):
        self.dtype = backend.standardize_dtype(dtype) if dtype else None
        self.shape = None if shape is None else backend.standardize_shape(
            shape
        )
        if self.shape is not None:
            ndim = len(self.shape)
        self.ndim = ndim
        self.max_ndim = max_ndim
        self.min_ndim = min_ndim
        self.name = name
        self.optional = optional
        self.allow_last_axis_squeeze = allow_last_axis_squeeze
        self.axes = {int(k): v for k, v in (axes or {}).items()}
        if self.axes and (ndim is not None or max_ndim is not None):
            top = (ndim or max_ndim) - 1
            bad = [a for a in self.axes if a > top or a < -top - 1]
            if bad:
                raise ValueError(
                    f"InputSpec: axes {bad} are out of range for "
                    f"ndim={ndim}, max_ndim={max_ndim}."
                )

    def __repr__(self):
        fields = [
            ("dtype", self.dtype), ("shape", self.shape),
            ("ndim", self.ndim), ("max_ndim", self.max_ndim),
            ("min_ndim", self.min_ndim), ("axes", self.axes or None),
        ]
        text = ", ".join(f"{k}={v}" for k, v in fields if v is not None)
        return f"InputSpec({text})"

    def get_config(self):
        return {
            "dtype": self.dtype,
            "shape": self.shape,
            "ndim": self.ndim,
            "max_ndim": self.max_ndim,
            "min_ndim": self.min_ndim,
            "axes": self.axes,
            "optional": self.optional,
        }

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def assert_input_compatibility(input_spec, inputs, layer_name):
    """Raises a `ValueError` naming the layer when `inputs` do not match
    `input_spec` (an `InputSpec`, a list of them, or `None`)."""
    if not input_spec:
        return
    specs = tree.flatten(input_spec)
    if isinstance(inputs, dict) and any(s.name for s in specs):
        inputs = [inputs.get(s.name) for s in specs]
    flat_inputs = tree.flatten(inputs)
    if len(flat_inputs) != len(specs):
        raise ValueError(
            f'Layer "{layer_name}" expects {len(specs)} input(s), but it '
            f"received {len(flat_inputs)} input tensors. Inputs received: "
            f"{_describe(inputs)}"
        )
    for index, (spec, x) in enumerate(zip(specs, flat_inputs)):
        if spec is None or (x is None and spec.optional):
            continue
        problem = _first_mismatch(spec, x)
        if problem:
            raise ValueError(
                f"Input {index} of layer '{layer_name}' is incompatible with "
                f"the layer: {problem}. Full shape received: "
                f"{_shape_of(x)}"
            )


def _first_mismatch(spec, x):
    """Returns a sentence describing how `x` fails `spec`, or `None`."""
    shape = _shape_of(x)
    if shape is None:
        return None
    rank = len(shape)
    if spec.ndim is not None and not spec.allow_last_axis_squeeze:
        if rank != spec.ndim:
            return f"expected ndim={spec.ndim}, found ndim={rank}"
    if spec.max_ndim is not None and rank > spec.max_ndim:
        return f"expected max_ndim={spec.max_ndim}, found ndim={rank}"
    if spec.min_ndim is not None and rank < spec.min_ndim:
        return f"expected min_ndim={spec.min_ndim}, found ndim={rank}"
    if spec.dtype is not None:
        dtype = backend.standardize_dtype(x.dtype)
        if dtype != spec.dtype:
            return f"expected dtype={spec.dtype}, found dtype={dtype}"
    for axis, size in spec.axes.items():
        if -rank <= axis < rank and size is not None:
            actual = shape[axis]
            if actual is not None and actual not in tree.flatten(size):
                return (
                    f"expected axis {axis} of input shape to have value "
                    f"{size}, but received input with shape {shape}"
                )
    if spec.shape is not None:
        expected = spec.shape
        if spec.allow_last_axis_squeeze:
            shape = _squeeze_last(shape)
            expected = _squeeze_last(expected)
        if len(shape) != len(expected) or any(
            e is not None and a is not None and e != a
            for e, a in zip(expected, shape)
        ):
            return f"expected shape={spec.shape}, found shape={shape}"
    return None


def _squeeze_last(shape):
    return shape[:-1] if shape and shape[-1] == 1 else shape


def _shape_of(x):
    shape = getattr(x, "shape", None)
    return None if shape is None else tuple(shape)


def _describe(inputs):
    return tree.map_structure(
        lambda x: f"<tensor shape={_shape_of(x)}>"
        if hasattr(x, "shape") else repr(x),
        inputs,
    )
