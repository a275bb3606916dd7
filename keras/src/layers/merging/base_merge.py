"""`Merge`: the shared base of the layers that combine a list of tensors.

Elementwise merges (`Add`, `Multiply`, ...) accept inputs whose non-batch
shapes broadcast against each other, aligned on their last axes; an input
of lower rank gets new axes right after its batch axis.
"""

import functools

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.backend import KerasTensor
from keras.src.layers.layer import Layer


class Merge(Layer):
    """Base class of the layers that merge a list of tensors.

    Subclasses implement `_merge_function(inputs)` on a list of tensors of
    equal rank; `call` first gives every input the rank of the largest.
    The output mask is the logical OR of the input masks, or `None` when
    any input has no mask.

    Args:
        **kwargs: base layer arguments (`name`, `dtype`, ...).
    """

    # The exact number of inputs the layer takes, or `None` for any
    # positive number.
    _num_inputs = None

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def build(self, input_shape):
        self._output_shape(input_shape)
        self.built = True

    def compute_output_shape(self, input_shape):
        return self._output_shape(input_shape)

    def compute_output_spec(self, inputs, **kwargs):
        shape = self.compute_output_shape([x.shape for x in inputs])
        dtype = self._output_dtype([self._input_dtype(x) for x in inputs])
        return KerasTensor(shape, dtype=dtype)

    def call(self, inputs):
        check_input_list(self, inputs, self._num_inputs, shapes=False)
        rank = max(len(x.shape) for x in inputs)
        aligned = []
        for x in inputs:
            for _ in range(rank - len(x.shape)):
                x = ops.expand_dims(x, 1)
            aligned.append(x)
        return self._merge_function(aligned)

    def get_config(self):
        # Only the base arguments: explicit, so the config never depends
        # on how the constructor was called.
        return super().get_config()

    def _merge_function(self, inputs):
        """Combines tensors of equal rank; subclasses override it."""
        raise TypeError(
            f"{type(self).__name__} must define `_merge_function(inputs)`."
        )

    def compute_mask(self, inputs, mask=None):
        masks = check_masks(inputs, mask)
        if masks is None or any(m is None for m in masks):
            return None
        return functools.reduce(
            ops.logical_or, [ops.cast(m, "bool") for m in masks]
        )

    def _output_shape(self, input_shape):
        """Validates the input shapes; returns the output shape."""
        check_input_list(self, input_shape, self._num_inputs)
        shapes = [tuple(s) for s in input_shape]
        if any(len(s) == 0 for s in shapes):
            raise ValueError(
                f"Layer '{self.name}' ({type(self).__name__}) expects "
                "inputs with a batch axis (rank >= 1). Received: "
                f"input_shape={input_shape}"
            )
        batch = merged_batch_size(self, shapes)
        features = shapes[0][1:]
        for shape in shapes[1:]:
            features = self._broadcast(features, shape[1:])
        return (batch,) + features

    def _broadcast(self, shape1, shape2):
        """Broadcasts two non-batch shapes aligned on their last axes;
        an unknown size stays unknown unless the other is known > 1."""
        if len(shape1) < len(shape2):
            shape1, shape2 = shape2, shape1
        shape2 = (1,) * (len(shape1) - len(shape2)) + shape2
        result = []
        for a, b in zip(shape1, shape2):
            if a == 1:
                result.append(b)
            elif b == 1:
                result.append(a)
            elif a is None or b is None:
                result.append(None)
            elif a == b:
                result.append(a)
            else:
                raise ValueError(
                    f"Layer '{self.name}' ({type(self).__name__}) received "
                    "inputs with incompatible shapes: the non-batch shapes "
                    "must be equal or broadcastable. Received shapes "
                    f"{shape1} and {shape2}"
                )
        return tuple(result)

    def _input_dtype(self, x):
        """The dtype `x` has once the layer has autocast it."""
        dtype = backend.standardize_dtype(x.dtype)
        if self.autocast and backend.is_float_dtype(dtype):
            return self.compute_dtype
        return dtype

    def _output_dtype(self, dtypes):
        return backend.result_type(*dtypes)


def check_input_list(layer, inputs, count=None, shapes=True):
    """Raises a `ValueError` naming `layer` unless `inputs` is a non-empty
    list (of shapes when `shapes`, else of tensors) of `count` items."""
    what = "input_shape" if shapes else "inputs"
    is_list = isinstance(inputs, (list, tuple)) and not (
        shapes and _is_single_shape(inputs)
    )
    if not is_list or not inputs:
        raise ValueError(
            f"Layer '{layer.name}' ({type(layer).__name__}) should be "
            "called on a non-empty list of inputs. Received: "
            f"{what}={_describe(inputs)}"
        )
    if count is not None and len(inputs) != count:
        raise ValueError(
            f"Layer '{layer.name}' ({type(layer).__name__}) should be "
            f"called on exactly {count} inputs. Received {len(inputs)} "
            f"inputs: {what}={_describe(inputs)}"
        )
    if shapes and any(not _is_single_shape(s) for s in inputs):
        raise ValueError(
            f"Layer '{layer.name}' ({type(layer).__name__}) expects a list "
            f"of tensors. Received: {what}={_describe(inputs)}"
        )


def merged_batch_size(layer, shapes):
    """The batch size shared by `shapes` (`None` if unknown); raises a
    `ValueError` when two known batch sizes differ."""
    sizes = {s[0] for s in shapes if s and s[0] is not None}
    if len(sizes) > 1:
        raise ValueError(
            f"Layer '{layer.name}' ({type(layer).__name__}) cannot merge "
            "tensors with different batch sizes. Received tensors with "
            f"shapes {list(shapes)}"
        )
    return sizes.pop() if sizes else None


def check_masks(inputs, mask):
    """Validates the `mask` list given with `inputs`; returns it as a list
    (or `None` when there is no mask at all)."""
    if mask is None:
        return None
    if not isinstance(mask, (list, tuple)):
        raise ValueError(
            "`mask` should be a list with one mask (or `None`) per input. "
            f"Received: mask={mask}"
        )
    if not isinstance(inputs, (list, tuple)) or len(inputs) != len(mask):
        count = len(inputs) if isinstance(inputs, (list, tuple)) else 1
        raise ValueError(
            "The lists `inputs` and `mask` should have the same length. "
            f"Received {count} inputs and {len(mask)} masks: mask={mask}"
        )
    if all(m is None for m in mask):
        return None
    return list(mask)


def is_int(value):
    """Whether `value` is a Python or NumPy integer (not a bool)."""
    return isinstance(value, (int, np.integer)) and not isinstance(
        value, bool
    )


def _is_single_shape(value):
    return isinstance(value, (list, tuple)) and all(
        d is None or is_int(d) for d in value
    )


def _describe(value):
    if hasattr(value, "shape"):
        return f"<tensor of shape {tuple(value.shape)}>"
    if isinstance(value, (list, tuple)):
        return [_describe(v) for v in value] if any(
            hasattr(v, "shape") for v in value
        ) else value
    return value
