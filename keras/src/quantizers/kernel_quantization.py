"""Quantization of a contraction kernel: what `Dense` and `EinsumDense`
share to run in int8, int4 or float8.

A layer mixing `KernelQuantizationMixin` in describes its contraction
with a `KernelLayout` (which kernel axes are summed over, which input
axes, the output's axes) and supplies `_contract(inputs, kernel)`. The
mixin then:

- replaces the float kernel by quantized variables named as Keras names
  them (`kernel`, `kernel_scale`, `kernel_zero`, `g_idx`, and the float8
  scales and amax histories), in Keras's saving order, so `.keras` files
  move between the two implementations;
- routes the layer's `call` to `quantized_call` by an instance attribute
  set once, when the layer becomes quantized: a float layer's call path
  does no extra work.

The maths, per mode:
- int8: `kernel = round(w * s)` with `s = 127 / max|w|` per output unit;
  inputs are abs-max quantized per row (straight-through gradient) and
  the output is `contract(x_q, kernel) / s`.
- int4 with a block size: the kernel, seen as a `(reduced, units)`
  matrix, is quantized in groups of `block_size` rows with a zero point
  and packed two values per byte; `g_idx` gives each row's group.
- int4 per channel (block size -1 or None): like int8 with 4-bit values,
  packed.
- float8: inputs and kernel are rounded through `float8_e4m3fn`, output
  gradients through `float8_e5m2`; each scale comes from an amax history
  and is written back through its gradient (`overwrite_with_gradient`).
"""

import math

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.dtype_policies.dtype_policy import Int4DTypePolicy
from keras.src.dtype_policies.dtype_policy import QuantizedDTypePolicy
from keras.src.dtype_policies.dtype_policy import (
    QuantizedFloat8DTypePolicy,
)
from keras.src.quantizers import quantization_config as qconfig
from keras.src.quantizers import quantizers

_CALIBRATED = {"gptq": "GPTQConfig", "awq": "AWQConfig"}
_E4M3_MAX = 448.0
_E5M2_MAX = 57344.0
_FLOAT8_VARIABLES = (
    "inputs_scale",
    "inputs_amax_history",
    "kernel_scale",
    "kernel_amax_history",
    "outputs_grad_scale",
    "outputs_grad_amax_history",
)


class KernelLayout:
    """How a kernel is contracted with the input.

    Args:
        kernel_shape: the float kernel's shape.
        reduced_axes: kernel axes summed over.
        input_reduced_axes: input axes summed over (negative when counted
            from the end).
        output_scale_shape: shape of a per-unit scale broadcast against
            the output (int8 `kernel_scale`).
        output_perm: order of the kernel's kept axes within the output.
    """

    def __init__(
        self,
        kernel_shape,
        reduced_axes,
        input_reduced_axes,
        output_scale_shape,
        output_perm,
    ):
        self.kernel_shape = tuple(int(d) for d in kernel_shape)
        self.reduced_axes = tuple(reduced_axes)
        self.free_axes = tuple(
            a for a in range(len(kernel_shape)) if a not in reduced_axes
        )
        self.input_reduced_axes = tuple(input_reduced_axes)
        self.output_scale_shape = tuple(output_scale_shape)
        self.output_perm = tuple(output_perm)
        self.rows = math.prod(self.kernel_shape[a] for a in reduced_axes)
        self.units = math.prod(self.kernel_shape[a] for a in self.free_axes)

    def to_matrix(self, kernel, xp=ops):
        """The kernel as a `(rows, units)` matrix (`xp`: `ops` or `np`)."""
        perm = self.reduced_axes + self.free_axes
        if perm != tuple(range(len(perm))):
            kernel = xp.transpose(kernel, perm)
        return xp.reshape(kernel, (self.rows, self.units))

    def from_matrix(self, matrix):
        """The inverse of `to_matrix`."""
        perm = self.reduced_axes + self.free_axes
        shape = tuple(self.kernel_shape[a] for a in perm)
        kernel = ops.reshape(matrix, shape)
        if perm != tuple(range(len(perm))):
            kernel = ops.transpose(kernel, tuple(np.argsort(perm)))
        return kernel

    def scale_to_output(self, scale, xp=ops):
        """A per-unit scale of shape `(units,)` laid out against the
        output (`xp`: `ops` or `np`)."""
        free_shape = tuple(self.kernel_shape[a] for a in self.free_axes)
        scale = xp.reshape(scale, free_shape)
        if self.output_perm != tuple(range(len(self.output_perm))):
            scale = xp.transpose(scale, self.output_perm)
        return xp.reshape(scale, self.output_scale_shape)


class KernelQuantizationMixin:
    """Adds `quantize`, `quantized_build` and `quantized_call` to a layer
    holding a float `_kernel` and an optional `bias` (see the module
    docstring). The layer provides `_kernel_layout(kernel_shape)` and
    `_contract(inputs, kernel)`."""

    # -- public API -----------------------------------------------------------

    def quantize(self, mode=None, type_check=True, config=None):
        """Quantizes the layer's kernel in place.

        Args:
            mode: `"int8"`, `"int4"` or `"float8"` (or `None` to take
                `config.mode`).
            type_check: kept for Keras's signature; the layer always
                checks its own type.
            config: a `QuantizationConfig` (default: the mode's own).

        Example:

        >>> layer = keras.layers.Dense(3)
        >>> layer.build((None, 4))
        >>> layer.quantize("int8")
        >>> [w.name for w in layer.weights]
        ['bias', 'kernel', 'kernel_scale']
        """
        name = type(self).__name__
        if mode is None and config is None:
            raise ValueError(
                "You must provide either `mode` or `config` to `quantize`."
            )
        if not self.built:
            raise ValueError(
                "Cannot quantize a layer that isn't yet built. Layer "
                f"'{self.name}' (of type '{name}') is not built yet."
            )
        if self.quantization_mode is not None:
            raise ValueError(
                f"Layer '{self.name}' is already quantized with "
                f"dtype_policy='{self.dtype_policy.name}'. Received: "
                f"mode={mode}"
            )
        if getattr(self, "lora_enabled", False):
            raise ValueError(
                f"{name} '{self.name}': quantizing a layer with LoRA "
                "enabled is not supported; save and reload the model to "
                "merge the LoRA update into the kernel first."
            )
        if mode in _CALIBRATED and config is None:
            raise ValueError(
                f"For {mode.upper()}, you must pass a "
                f"`{_CALIBRATED[mode]}` object in the `config` argument."
            )
        config = qconfig.validate_and_resolve_config(mode, config)
        mode = config.mode
        if mode in _CALIBRATED:
            # Alone, a layer has no calibration data: its kernel is
            # rounded to nearest (GPTQ with an identity Hessian). A
            # model's `quantize` calibrates each layer instead.
            self._calibrated_round_to_nearest(config)
            return
        kernel = self._kernel
        layout = self._kernel_layout(tuple(kernel.shape))
        object.__setattr__(self, "_quantized_layout", layout)
        source = self.dtype_policy.name
        if mode == "float8":
            self._float8_build()
            self.quantization_config = config
            self.dtype_policy = QuantizedFloat8DTypePolicy(
                "float8", source
            )
            self._route_to_quantized_call()
            return
        # Weights are converted once, in NumPy: eager JAX would compile
        # each of the dozens of ops for this one-time conversion.
        value = np.asarray(backend.convert_to_numpy(kernel.value), "float32")
        self._drop_variable("_kernel", kernel)
        if mode == "int8":
            self._int8_from_float(value, layout, config)
            policy = QuantizedDTypePolicy("int8", source)
        else:
            block = qconfig.get_block_size_for_layer(self, config)
            self._int4_from_float(value, layout, config, block)
            policy = (
                Int4DTypePolicy(f"int4/{block}", source)
                if block is not None
                else Int4DTypePolicy("int4/-1", source)
            )
        self.quantization_config = config
        self.dtype_policy = policy
        self._route_to_quantized_call()

    def quantized_build(self, kernel_shape, mode, config=None):
        """Creates the quantized variables of a layer built straight from
        a quantized dtype policy (e.g. when loading a saved model).

        Args:
            kernel_shape: the float kernel's shape.
            mode: the policy's quantization mode.
            config: the layer's `QuantizationConfig`, if any.
        """
        layout = self._kernel_layout(tuple(kernel_shape))
        object.__setattr__(self, "_quantized_layout", layout)
        config = config or self.quantization_config
        if mode == "int8":
            self._int8_variables(layout)
        elif mode == "int4":
            block = qconfig.get_block_size_for_layer(self, config)
            self._int4_variables(layout, block)
        elif mode == "float8":
            self._kernel = self._new_float_kernel(kernel_shape)
            self._float8_build()
        elif mode in _CALIBRATED:
            policy = self.dtype_policy
            self._calibrated_variables(
                layout, mode, policy.weight_bits, policy.group_size
            )
        else:
            raise ValueError(
                f"{type(self).__name__} '{self.name}': cannot build "
                f"quantization mode {mode!r}. Expected 'int8', 'int4', "
                "'float8', 'gptq' or 'awq'."
            )
        self._route_to_quantized_call()

    def quantized_call(self, inputs, training=None):
        """The layer's call in its quantized form (what `call` runs once
        the layer is quantized)."""
        mode = self.quantization_mode
        if mode == "float8":
            x = self._float8_call(inputs, training)
        elif mode in _CALIBRATED:
            x = self._contract(inputs, self._calibrated_kernel())
        else:
            x = self._integer_call(inputs, mode)
        if self.bias is not None:
            x = ops.add(x, ops.cast(self.bias.value, x.dtype))
        if self.activation is not None:
            x = self.activation(x)
        return x

    # -- saving ---------------------------------------------------------------

    def _quantized_variables(self):
        """Own variables in Keras's saving order: kernel, bias, then the
        quantization variables."""
        order = [self._kernel]
        if self.bias is not None:
            order.append(self.bias)
        if self.quantization_mode == "float8":
            names = _FLOAT8_VARIABLES
        elif self.quantization_mode in _CALIBRATED:
            names = ("kernel_scale", "kernel_zero", "awq_scales", "g_idx")
        else:
            names = ("kernel_scale", "kernel_zero", "g_idx")
        order.extend(
            getattr(self, n) for n in names
            if getattr(self, n, None) is not None
        )
        return order

    def save_own_variables(self, store):
        if self.quantization_mode is None:
            return super().save_own_variables(store)
        for index, variable in enumerate(self._quantized_variables()):
            store[str(index)] = backend.convert_to_numpy(variable.value)

    def load_own_variables(self, store):
        if self.quantization_mode is None:
            return super().load_own_variables(store)
        variables = self._quantized_variables()
        if len(store.keys()) != len(variables):
            raise ValueError(
                f"Layer '{self.name}' expected {len(variables)} variables, "
                f"but received {len(store.keys())} variables during "
                f"loading. Expected: {[v.name for v in variables]}"
            )
        for index, variable in enumerate(variables):
            variable.assign(store[str(index)])

    # -- building blocks ------------------------------------------------------

    def _route_to_quantized_call(self):
        # An instance attribute shadows the class's `call`: set once here,
        # so float layers keep their call path untouched.
        object.__setattr__(self, "call", self.quantized_call)

    def _drop_variable(self, attribute, variable):
        delattr(self, attribute)
        # torch registers each variable as a module parameter: forget it
        # too, or the module would keep the float kernel alive.
        parameters = self.__dict__.get("_parameters")
        if parameters:
            for key, value in list(parameters.items()):
                if value is getattr(variable, "_value", None):
                    del parameters[key]

    def _new_float_kernel(self, kernel_shape):
        return self.add_weight(
            name="kernel",
            shape=tuple(kernel_shape),
            initializer=self.kernel_initializer,
            regularizer=self.kernel_regularizer,
            constraint=self.kernel_constraint,
        )

    def _add_fixed(self, name, shape, dtype, initializer="zeros"):
        return self.add_weight(
            name=name,
            shape=tuple(shape),
            initializer=initializer,
            dtype=dtype,
            trainable=False,
        )

    def _int8_variables(self, layout):
        self._kernel = self._add_fixed("kernel", layout.kernel_shape, "int8")
        self.kernel_scale = self._add_fixed(
            "kernel_scale", layout.output_scale_shape, "float32", "ones"
        )

    def _int8_from_float(self, value, layout, config):
        default = quantizers.AbsMaxQuantizer(axis=layout.reduced_axes)
        quantizer = qconfig.QuantizationConfig.weight_quantizer_or_default(
            config, default
        )
        q, scale = _quantize_weights(quantizer, value, layout.reduced_axes)
        self._int8_variables(layout)
        self._kernel.assign(q)
        self.kernel_scale.assign(
            layout.scale_to_output(scale.reshape(-1), xp=np)
        )

    def _int4_variables(self, layout, block):
        packed_units = (layout.units + 1) // 2
        self._kernel = self._add_fixed(
            "kernel", (layout.rows, packed_units), "int8"
        )
        if block is None or block == -1:
            self.kernel_scale = self._add_fixed(
                "kernel_scale", (layout.units,), "float32", "ones"
            )
            return
        groups = -(-layout.rows // block)
        self.kernel_scale = self._add_fixed(
            "kernel_scale", (groups, layout.units), "float32", "ones"
        )
        self.kernel_zero = self._add_fixed(
            "kernel_zero", (groups, layout.units), "int8"
        )
        self.g_idx = self._add_fixed("g_idx", (layout.rows,), "float32")
        self.g_idx.assign(
            (np.arange(layout.rows) // block).astype("float32")
        )

    def _int4_from_float(self, value, layout, config, block):
        matrix = layout.to_matrix(value, xp=np)
        self._int4_variables(layout, block)
        if block is None or block == -1:
            default = quantizers.AbsMaxQuantizer(
                axis=0, value_range=(-8, 7)
            )
            quantizer = (
                qconfig.QuantizationConfig.weight_quantizer_or_default(
                    config, default
                )
            )
            q, scale = _quantize_weights(quantizer, matrix, (0,))
            self.kernel_scale.assign(scale.reshape(-1))
        else:
            q, scale, zero = (
                quantizers.abs_max_quantize_grouped_with_zero_point(
                    matrix, block_size=block, to_numpy=True
                )
            )
            self.kernel_scale.assign(scale)
            self.kernel_zero.assign(zero)
            q = backend.convert_to_numpy(q)
        packed, _, _ = quantizers.pack_int4(q.astype("int8"), axis=-1)
        self._kernel.assign(packed)

    def _activation_quantizer(self):
        config = self.quantization_config
        if config is None:
            if self.quantization_mode == "int8":
                return quantizers.AbsMaxQuantizer()
            return None
        return config.activation_quantizer

    def _integer_call(self, inputs, mode):
        layout = self._quantized_layout
        dtype = self.compute_dtype
        quantizer = self._activation_quantizer()
        x = inputs
        if quantizer is not None:
            # Straight-through: the forward pass sees the quantized
            # inputs, the gradient flows to `inputs` unchanged.
            q, scale = quantizer(
                ops.stop_gradient(inputs), axis=layout.input_reduced_axes
            )
            rounded = ops.divide(ops.cast(q, dtype), ops.cast(scale, dtype))
            x = ops.add(inputs, ops.stop_gradient(rounded - inputs))
        if mode == "int8":
            kernel = ops.cast(self._kernel.value, dtype)
            y = self._contract(x, kernel)
            return ops.divide(y, ops.cast(self.kernel_scale.value, dtype))
        q = quantizers.unpack_int4(self._kernel.value, layout.units, axis=-1)
        q = ops.cast(q, dtype)
        scale = ops.cast(self.kernel_scale.value, dtype)
        if getattr(self, "kernel_zero", None) is None:
            kernel = layout.from_matrix(q)
            y = self._contract(x, kernel)
            return ops.divide(y, layout.scale_to_output(scale))
        groups = ops.cast(self.g_idx.value, "int32")
        zero = ops.cast(ops.take(self.kernel_zero.value, groups, axis=0),
                        dtype)
        matrix = ops.multiply(
            ops.subtract(q, zero), ops.take(scale, groups, axis=0)
        )
        return self._contract(x, layout.from_matrix(matrix))

    # -- GPTQ / AWQ -----------------------------------------------------------

    # The variable name of the zero points (Keras names EinsumDense's
    # "zero_point").
    _calibrated_zero_name = "kernel_zero"

    def _calibrated_variables(self, layout, mode, bits, group_size):
        """Creates the variables of a GPTQ/AWQ kernel: `kernel` holds the
        codes as uint8, output units by input features (two 4-bit codes
        per byte along the units), `kernel_scale` and the zero points one
        per unit and group, `g_idx` each feature's group and, for AWQ,
        `awq_scales` the per-feature scales."""
        rows, units = layout.rows, layout.units
        groups = 1 if group_size == -1 else -(-rows // group_size)
        packed = (units + 1) // 2 if bits == 4 else units
        self._kernel = self._add_fixed("kernel", (packed, rows), "uint8")
        self.kernel_scale = self._add_fixed(
            "kernel_scale", (units, groups), "float32", "ones"
        )
        self.kernel_zero = self._add_fixed(
            self._calibrated_zero_name, (units, groups), "uint8"
        )
        if mode == "awq":
            self.awq_scales = self._add_fixed(
                "awq_scales", (rows,), "float32", "ones"
            )
        self.g_idx = self._add_fixed("g_idx", (rows,), "float32")
        object.__setattr__(self, "_calibrated_bits", bits)

    def _install_calibrated(
        self, config, codes, scale, zero, g_idx, awq_scales=None
    ):
        """Replaces the float kernel by GPTQ/AWQ results.

        Args:
            config: the `GPTQConfig` or `AWQConfig`.
            codes: `(units, rows)` integer codes.
            scale, zero: `(units, groups)`.
            g_idx: `(rows,)` group of each kernel row.
            awq_scales: `(rows,)` AWQ scales (the codes quantize the
                kernel with its rows multiplied by them), or None.
        """
        from keras.src.dtype_policies.dtype_policy import AWQDTypePolicy
        from keras.src.dtype_policies.dtype_policy import GPTQDTypePolicy

        if getattr(self, "lora_enabled", False):
            raise ValueError(
                f"{type(self).__name__} '{self.name}': quantizing a layer "
                "with LoRA enabled is not supported; save and reload the "
                "model to merge the LoRA update into the kernel first."
            )
        kernel = self._kernel
        layout = self._kernel_layout(tuple(kernel.shape))
        object.__setattr__(self, "_quantized_layout", layout)
        source = self.dtype_policy.name
        mode_name = config.dtype_policy_string()
        cls = AWQDTypePolicy if config.mode == "awq" else GPTQDTypePolicy
        policy = cls(mode_name, source)
        self._drop_variable("_kernel", kernel)
        self._calibrated_variables(
            layout, config.mode, policy.weight_bits, policy.group_size
        )
        codes = np.asarray(codes).astype("uint8")
        if policy.weight_bits == 4:
            codes = quantizers.pack_uint4(codes, axis=0)
        self._kernel.assign(codes)
        self.kernel_scale.assign(np.asarray(scale, "float32"))
        self.kernel_zero.assign(np.round(np.asarray(zero)).astype("uint8"))
        self.g_idx.assign(np.asarray(g_idx, "float32"))
        if awq_scales is not None:
            self.awq_scales.assign(np.asarray(awq_scales, "float32"))
        self.quantization_config = config
        self.dtype_policy = policy
        self._route_to_quantized_call()

    def _calibrated_round_to_nearest(self, config):
        from keras.src.quantizers.gptq import round_to_nearest

        layout = self._kernel_layout(tuple(self._kernel.shape))
        value = np.asarray(
            backend.convert_to_numpy(self._kernel.value), "float64"
        )
        weights = layout.to_matrix(value, xp=np).T
        group = config.group_size
        if group != -1 and group >= layout.rows:
            group = -1
        codes, scale, zero, g_idx = round_to_nearest(
            weights,
            config.weight_bits,
            group,
            symmetric=getattr(config, "symmetric", False),
            per_channel=getattr(config, "per_channel", True),
        )
        awq_scales = (
            np.ones((layout.rows,)) if config.mode == "awq" else None
        )
        self._install_calibrated(
            config, codes, scale, zero, g_idx, awq_scales
        )

    def _calibrated_kernel(self):
        """The float kernel the GPTQ/AWQ variables stand for."""
        layout = self._quantized_layout
        dtype = self.compute_dtype
        codes = self._kernel.value
        if self._calibrated_bits == 4:
            codes = quantizers.unpack_uint4(codes, layout.units)
        weights = quantizers.dequantize_with_sz_map(
            ops.cast(codes, "float32"),
            self.kernel_scale.value,
            ops.cast(self.kernel_zero.value, "float32"),
            ops.floor(self.g_idx.value),
        )
        if getattr(self, "awq_scales", None) is not None:
            weights = ops.divide(weights, self.awq_scales.value[None, :])
        return layout.from_matrix(ops.cast(ops.transpose(weights), dtype))

    # -- float8 ---------------------------------------------------------------

    def _float8_build(self):
        # The torch backend's custom gradients are autograd Functions that
        # `torch.func` (the captured jit step) cannot transform: torch
        # compiles this layer's model with its ordinary step instead.
        self.supports_jit = {"torch": False}
        length = getattr(
            self.dtype_policy,
            "amax_history_length",
            QuantizedFloat8DTypePolicy.default_amax_history_length,
        )
        for name in _FLOAT8_VARIABLES:
            history = name.endswith("history")
            variable = self.add_weight(
                name=name,
                shape=(length,) if history else (),
                initializer="zeros" if history else "ones",
                dtype="float32",
                trainable=True,
                autocast=False,
                overwrite_with_gradient=True,
            )
            setattr(self, name, variable)

    def _float8_call(self, inputs, training):
        dtype = self.compute_dtype
        kernel = ops.cast(self._kernel.value, dtype)
        if not training:
            x = quantizers.quantize_and_dequantize(
                inputs, self.inputs_scale.value, "float8_e4m3fn", dtype
            )
            k = quantizers.quantize_and_dequantize(
                kernel, self.kernel_scale.value, "float8_e4m3fn", dtype
            )
            return self._contract(x, k)
        x = _float8_round(
            inputs,
            self.inputs_scale.value,
            self.inputs_amax_history.value,
        )
        k = _float8_round(
            kernel,
            self.kernel_scale.value,
            self.kernel_amax_history.value,
        )
        y = self._contract(x, k)
        return _float8_round_gradient(
            y,
            self.outputs_grad_scale.value,
            self.outputs_grad_amax_history.value,
        )


def _quantize_weights(quantizer, value, axis):
    """`quantizer(value)` as NumPy arrays; abs-max quantizers compute in
    NumPy directly."""
    if isinstance(quantizer, quantizers.AbsMaxQuantizer):
        q, scale = quantizer(value, axis=axis, to_numpy=True)
    else:
        q, scale = quantizer(value)
    return backend.convert_to_numpy(q), backend.convert_to_numpy(scale)


def _float8_round(x, scale, history):
    """`x` rounded through float8_e4m3fn with a scale from `history`;
    straight-through gradient for `x`, and the new scale and history as
    the "gradients" of `scale` and `history` (which the optimizer writes
    over them)."""

    @ops.custom_gradient
    def round_(x, scale, history):
        new_scale = quantizers.compute_float8_scale(
            ops.max(history), scale, _E4M3_MAX
        )
        new_history = quantizers.compute_float8_amax_history(x, history)
        y = quantizers.quantize_and_dequantize(
            x, new_scale, "float8_e4m3fn", x.dtype
        )

        def grad(*args, upstream=None):
            if upstream is None:
                (upstream,) = args
            return upstream, new_scale, new_history

        return y, grad

    return round_(x, scale, history)


def _float8_round_gradient(y, scale, history):
    """Identity on `y` whose gradient is rounded through float8_e5m2;
    the new scale and history flow to `scale` and `history`."""

    @ops.custom_gradient
    def round_(y, scale, history):
        def grad(*args, upstream=None):
            if upstream is None:
                (upstream,) = args
            new_scale = quantizers.compute_float8_scale(
                ops.max(history), scale, _E5M2_MAX
            )
            new_history = quantizers.compute_float8_amax_history(
                upstream, history
            )
            rounded = quantizers.quantize_and_dequantize(
                upstream, new_scale, "float8_e5m2", upstream.dtype
            )
            return rounded, new_scale, new_history

        return y, grad

    return round_(y, scale, history)
