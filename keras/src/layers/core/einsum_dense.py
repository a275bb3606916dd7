"""`EinsumDense`: a dense layer whose contraction is an einsum equation."""

import re

import numpy as np

from keras.src import activations
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.core.dense import LoraMixin
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.quantizers import quantization_config as qconfig
from keras.src.quantizers.kernel_quantization import KernelLayout
from keras.src.quantizers.kernel_quantization import KernelQuantizationMixin

_FORMS = (
    # (pattern, side of the ellipsis)
    (re.compile(r"^([a-zA-Z]+),([a-zA-Z]+)->([a-zA-Z]+)$"), None),
    (
        re.compile(r"^\.\.\.([a-zA-Z]+),([a-zA-Z]+)->\.\.\.([a-zA-Z]+)$"),
        "left",
    ),
    (
        re.compile(r"^([a-zA-Z]+)\.\.\.,([a-zA-Z]+)->([a-zA-Z]+)\.\.\.$"),
        "right",
    ),
)


def parse_equation(equation):
    """Splits an `EinsumDense` equation into its parts.

    Args:
        equation: `"X,Y->Z"`, `"...X,Y->...Z"` or `"X...,Y->Z..."`,
            where `X`, `Y` and `Z` are the letters of the input, kernel
            and output axes.

    Returns:
        `(X, Y, Z, side)`, `side` being where the ellipsis stands
        (`"left"`, `"right"` or `None`).
    """
    if isinstance(equation, str):
        compact = equation.replace(" ", "")
        for pattern, side in _FORMS:
            match = pattern.match(compact)
            if match:
                return match.group(1), match.group(2), match.group(3), side
    raise ValueError(
        f"Invalid einsum equation {equation!r}: expected the form "
        "'X,Y->Z', '...X,Y->...Z' or 'X...,Y->Z...', where X, Y and Z "
        "are letters naming the axes of the input, the kernel and the "
        "output."
    )


class _Shapes:
    """Axis sizes implied by an equation, an input shape and the layer's
    `output_shape`.

    `output_shape` gives the sizes of the last output axes named by
    letters (the ellipsis axes are the input's); output axes it does not
    cover, and `None` entries, take the size of the input axis with the
    same letter.
    """

    def __init__(self, parts, input_shape, output_shape):
        self.inputs, self.kernel_axes, self.outputs, self.side = parts
        input_shape = tuple(input_shape)
        count = len(input_shape) - len(self.inputs)
        if count < 0 or (self.side is None and count != 0):
            expected = (
                f"at least {len(self.inputs)}" if self.side
                else str(len(self.inputs))
            )
            raise ValueError(
                f"The equation's input part {self.inputs!r} needs inputs "
                f"of rank {expected}. Received: input_shape={input_shape}"
            )
        if self.side == "left":
            self.ellipsis = input_shape[:count]
            named = input_shape[count:]
        else:
            self.ellipsis = input_shape[len(self.inputs):]
            named = input_shape[: len(self.inputs)]
        self.input_sizes = dict(zip(self.inputs, named))
        self.output_sizes = self._output_sizes(tuple(output_shape))

    def _output_sizes(self, output_shape):
        if len(output_shape) > len(self.outputs):
            raise ValueError(
                f"`output_shape` has {len(output_shape)} entries, but the "
                f"equation's output part {self.outputs!r} names only "
                f"{len(self.outputs)} axes. Received: "
                f"output_shape={output_shape}"
            )
        first_given = len(self.outputs) - len(output_shape)
        sizes = {}
        for index, letter in enumerate(self.outputs):
            from_input = self.input_sizes.get(letter)
            given = None
            if index >= first_given:
                given = output_shape[index - first_given]
            elif letter not in self.input_sizes:
                raise ValueError(
                    f"Output axis {letter!r} is not an input axis, so "
                    "`output_shape` must give its size. Received: "
                    f"output_shape={output_shape}"
                )
            if None not in (given, from_input) and given != from_input:
                raise ValueError(
                    "Input shape and output shape do not match at shared "
                    f"dimension {letter!r}. Input shape is {from_input}, "
                    f"and output shape is {given}."
                )
            sizes[letter] = given if given is not None else from_input
        return sizes

    def full_output_shape(self):
        named = tuple(self.output_sizes[letter] for letter in self.outputs)
        if self.side == "left":
            return self.ellipsis + named
        return named + self.ellipsis

    def kernel_shape(self):
        shape = []
        for letter in self.kernel_axes:
            if letter in self.input_sizes:
                size, source = self.input_sizes[letter], "input"
            elif letter in self.output_sizes:
                size, source = self.output_sizes[letter], "output"
            else:
                raise ValueError(
                    f"Weight dimension {letter!r} did not have a match in "
                    f"either the input spec {self.inputs!r} or the output "
                    f"spec {self.outputs!r}: every kernel axis must be an "
                    "input or an output axis."
                )
            if size is None:
                raise ValueError(
                    f"The size of kernel axis {letter!r} is unknown: the "
                    f"matching {source} axis has no defined size."
                )
            shape.append(size)
        return tuple(shape)

    def bias_shape(self, bias_axes):
        """The bias's shape: the output axes from the first bias axis on,
        with size 1 where an axis is not a bias axis."""
        first = min(self.outputs.index(letter) for letter in bias_axes)
        shape = []
        for letter in self.outputs[first:]:
            if letter not in bias_axes:
                shape.append(1)
                continue
            size = self.output_sizes[letter]
            if size is None:
                raise ValueError(
                    f"The size of bias axis {letter!r} is unknown: give it "
                    "in `output_shape`."
                )
            shape.append(size)
        if self.side == "right":
            shape.extend([1] * len(self.ellipsis))
        return tuple(shape)


@keras_export("keras.layers.EinsumDense")
class EinsumDense(KernelQuantizationMixin, LoraMixin, Layer):
    """A dense layer whose product with the kernel is an einsum equation.

    The equation `"X,Y->Z"` names with one letter each axis of the input
    (`X`), of the kernel (`Y`) and of the output (`Z`); an ellipsis may
    stand for leading (`"...X,Y->...Z"`) or trailing (`"X...,Y->Z..."`)
    input axes that pass through. The kernel's shape is read from the
    input's and the output's axis sizes; the bias covers `bias_axes`.

    Args:
        equation: the einsum equation, e.g. `"ab,bc->ac"` for `Dense`.
        output_shape: the sizes of the output's last lettered axes
            (usually all but the batch axis, without the ellipsis axes);
            an int for one axis. `None` entries take the size of the
            input axis with the same letter.
        activation: the activation applied to the output (default: none).
        bias_axes: the output letters the bias spans, e.g. `"c"`, or
            `None` for no bias.
        kernel_initializer: the initializer of `kernel`.
        bias_initializer: the initializer of `bias`.
        kernel_regularizer: a regularizer applied to `kernel`.
        bias_regularizer: a regularizer applied to `bias`.
        kernel_constraint: a constraint applied to `kernel`.
        bias_constraint: a constraint applied to `bias`.
        lora_rank: if set, LoRA is enabled when the layer is built (see
            `enable_lora`).
        lora_alpha: the LoRA scale numerator (default: `lora_rank`).
        gptq_unpacked_column_size: must be `None` (GPTQ is not
            implemented).
        quantization_config: a `keras.quantizers.QuantizationConfig`
            used when the layer is quantized (see `quantize`).
        **kwargs: base layer arguments (`name`, `dtype`,
            `activity_regularizer`, ...).

    Example:

    >>> layer = keras.layers.EinsumDense("abc,cd->abd", (5, 8),
    ...                                  bias_axes="d")
    >>> layer(keras.ops.ones((2, 5, 3))).shape
    (2, 5, 8)
    >>> [tuple(w.shape) for w in layer.weights]
    [(3, 8), (8,)]
    """

    # Keras names the GPTQ/AWQ zero points of an EinsumDense "zero_point".
    _calibrated_zero_name = "zero_point"

    def __init__(
        self,
        equation,
        output_shape,
        activation=None,
        bias_axes=None,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        kernel_regularizer=None,
        bias_regularizer=None,
        kernel_constraint=None,
        bias_constraint=None,
        lora_rank=None,
        lora_alpha=None,
        gptq_unpacked_column_size=None,
        quantization_config=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self._parts = parse_equation(equation)
        self.equation = equation
        self.partial_output_shape = _standardize_output_shape(output_shape)
        self.bias_axes = _check_bias_axes(bias_axes, self._parts[2])
        if gptq_unpacked_column_size is not None and (
            isinstance(gptq_unpacked_column_size, bool)
            or not isinstance(gptq_unpacked_column_size, int)
            or gptq_unpacked_column_size <= 0
        ):
            raise ValueError(
                "`gptq_unpacked_column_size` must be None or a positive "
                "integer (the output units of a GPTQ kernel). Received: "
                f"gptq_unpacked_column_size={gptq_unpacked_column_size!r}"
            )
        # Informational: the units of a GPTQ kernel (saved by Keras).
        self.gptq_unpacked_column_size = gptq_unpacked_column_size
        self.quantization_config = qconfig.resolve_layer_config(
            f"EinsumDense '{self.name}'", quantization_config
        )
        self.activation = activations.get(activation)
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self._init_lora(lora_rank, lora_alpha)

    def build(self, input_shape):
        shapes = self._shapes(input_shape)
        self.full_output_shape = shapes.full_output_shape()
        self._input_rank = len(input_shape)
        if self.quantization_mode is not None:
            # Built from a quantized policy, e.g. when loading a model.
            self.quantized_build(
                shapes.kernel_shape(), self.quantization_mode
            )
        else:
            self._kernel = self._new_float_kernel(shapes.kernel_shape())
        self.bias = None
        if self.bias_axes:
            self.bias = self.add_weight(
                name="bias",
                shape=shapes.bias_shape(self.bias_axes),
                initializer=self.bias_initializer,
                regularizer=self.bias_regularizer,
                constraint=self.bias_constraint,
            )
        self.input_spec = InputSpec(ndim=len(input_shape))
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank, self.lora_alpha)

    def _shapes(self, input_shape):
        try:
            return _Shapes(
                self._parts, input_shape, self.partial_output_shape
            )
        except ValueError as e:
            raise ValueError(
                f"EinsumDense '{self.name}' with equation "
                f"{self.equation!r}: {e}"
            ) from e

    @property
    def kernel(self):
        """The kernel variable; with LoRA enabled, the kernel the layer
        computes with (the frozen variable plus the low-rank update)."""
        if self.lora_enabled:
            return self._lora_weight()
        return self._kernel

    def call(self, inputs, training=None):
        x = ops.einsum(self.equation, inputs, self._lora_weight())
        if self.bias is not None:
            x = ops.add(x, self.bias.value)
        if self.activation is not None:
            x = self.activation(x)
        return x

    def compute_output_shape(self, input_shape):
        return self._shapes(input_shape).full_output_shape()

    def _kernel_layout(self, kernel_shape):
        x, y, z, side = self._parts
        reduced = tuple(i for i, c in enumerate(y) if c not in z)
        offset = -len(x) if side == "left" else 0
        input_reduced = tuple(
            i + offset for i, c in enumerate(x) if c not in z
        )
        sizes = dict(zip(y, kernel_shape))
        scale_shape = [sizes.get(c, 1) for c in z]
        elided = [1] * (self._input_rank - len(x))
        if side == "left":
            scale_shape = elided + scale_shape
        elif side == "right":
            scale_shape = scale_shape + elided
        free = [c for c in y if c in z]
        in_output_order = sorted(free, key=z.index)
        return KernelLayout(
            kernel_shape,
            reduced_axes=reduced,
            input_reduced_axes=input_reduced,
            output_scale_shape=scale_shape,
            output_perm=[free.index(c) for c in in_output_order],
        )

    def _contract(self, inputs, kernel):
        return ops.einsum(self.equation, inputs, kernel)

    def get_config(self):
        config = super().get_config()
        config.update({
            "output_shape": self.partial_output_shape,
            "equation": self.equation,
            "activation": activations.serialize(self.activation),
            "bias_axes": self.bias_axes,
            "kernel_initializer": initializers.serialize(
                self.kernel_initializer
            ),
            "bias_initializer": initializers.serialize(
                self.bias_initializer
            ),
            "kernel_regularizer": regularizers.serialize(
                self.kernel_regularizer
            ),
            "bias_regularizer": regularizers.serialize(
                self.bias_regularizer
            ),
            "activity_regularizer": regularizers.serialize(
                self.activity_regularizer
            ),
            "kernel_constraint": constraints.serialize(
                self.kernel_constraint
            ),
            "bias_constraint": constraints.serialize(self.bias_constraint),
            "quantization_config": qconfig.serialize_layer_config(
                self.quantization_config
            ),
        })
        if self.quantization_mode == "gptq":
            config["gptq_unpacked_column_size"] = (
                self._quantized_layout.units
            )
        return self._lora_config(config)


def _standardize_output_shape(output_shape):
    if isinstance(output_shape, (int, np.integer)) and not isinstance(
        output_shape, bool
    ):
        output_shape = (output_shape,)
    valid = isinstance(output_shape, (list, tuple)) and all(
        d is None
        or (isinstance(d, (int, np.integer)) and not isinstance(d, bool)
            and d > 0)
        for d in output_shape
    )
    if not valid:
        raise ValueError(
            "`output_shape` must be a positive integer or a tuple of "
            "positive integers and `None`s. Received: "
            f"output_shape={output_shape!r}"
        )
    return tuple(None if d is None else int(d) for d in output_shape)


def _check_bias_axes(bias_axes, output_letters):
    if bias_axes is None or bias_axes == "":
        return None
    if not isinstance(bias_axes, str):
        raise ValueError(
            "`bias_axes` must be a string of output axis letters or None. "
            f"Received: bias_axes={bias_axes!r}"
        )
    for letter in bias_axes:
        if letter not in output_letters:
            raise ValueError(
                f"Bias dimension {letter!r} was requested, but is not "
                f"part of the output spec {output_letters!r}. Received: "
                f"bias_axes={bias_axes!r}"
            )
    return bias_axes
