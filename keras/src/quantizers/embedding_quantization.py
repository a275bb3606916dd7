"""Quantization of an embedding table (int8, int4), mixed into
`Embedding`.

The table is quantized per row (one scale per token) for int8 and
per-channel int4, or in groups of `block_size` columns with a zero point
for grouped int4; int4 values are packed two per byte along the embedding
axis. Variables are named and saved in Keras's order (`embeddings`,
`embeddings_scale`, `embeddings_zero`, `g_idx`), and only the looked-up
rows are dequantized at call time. As in `kernel_quantization`, `call` is
routed to `quantized_call` once, by an instance attribute.
"""

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


class EmbeddingQuantizationMixin:
    """Adds `quantize`, `quantized_build` and `quantized_call` to a layer
    with an `(input_dim, output_dim)` table in `_embeddings`."""

    def quantize(self, mode=None, type_check=True, config=None):
        """Quantizes the embedding table in place.

        Args:
            mode: `"int8"` or `"int4"` (or `None` to take `config.mode`).
            type_check: kept for Keras's signature.
            config: a `QuantizationConfig` (default: the mode's own).

        Example:

        >>> layer = keras.layers.Embedding(10, 4)
        >>> layer.build()
        >>> layer.quantize("int8")
        >>> [w.name for w in layer.weights]
        ['embeddings', 'embeddings_scale']
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
                "merge the LoRA update into the table first."
            )
        config = qconfig.validate_and_resolve_config(mode, config)
        mode = config.mode
        _check_mode(mode)
        # Converted once, in NumPy (eager JAX compiles each op).
        table = np.asarray(
            backend.convert_to_numpy(self._embeddings.value), "float32"
        )
        self._drop_table()
        source = self.dtype_policy.name
        if mode == "int8":
            self._int8_table_variables()
            quantizer = (
                qconfig.QuantizationConfig.weight_quantizer_or_default(
                    config, quantizers.AbsMaxQuantizer(axis=-1)
                )
            )
            q, scale = _quantize_rows(quantizer, table)
            self._embeddings.assign(q)
            self.embeddings_scale.assign(scale.reshape(-1))
            policy = QuantizedDTypePolicy("int8", source)
        else:
            block = qconfig.get_block_size_for_layer(self, config)
            self._int4_table_variables(block)
            self._int4_from_float(table, block, config)
            policy = Int4DTypePolicy(
                f"int4/{-1 if block is None else block}", source
            )
        if self._has_reverse_table():
            reverse = np.asarray(
                backend.convert_to_numpy(self.reverse_embeddings.value),
                "float32",
            )
            self._drop_variable("reverse_embeddings")
            self._reverse_table_variables(mode, block if mode == "int4"
                                          else None)
            self._quantize_reverse_table(reverse, mode)
        self.quantization_config = config
        self.dtype_policy = policy
        self._route_to_quantized_call()

    def quantized_build(self, embeddings_shape, mode, config=None):
        """Creates the quantized table of a layer built from a quantized
        dtype policy (e.g. when loading a saved model).

        Args:
            embeddings_shape: the float table's shape,
                `(input_dim, output_dim)`.
            mode: `"int8"` or `"int4"`.
            config: the layer's `QuantizationConfig`, if any.
        """
        _check_mode(mode)
        if tuple(embeddings_shape) != (self.input_dim, self.output_dim):
            raise ValueError(
                f"{type(self).__name__} '{self.name}': `embeddings_shape` "
                f"must be {(self.input_dim, self.output_dim)}. Received: "
                f"embeddings_shape={tuple(embeddings_shape)}"
            )
        block = None
        if mode == "int8":
            self._int8_table_variables()
        else:
            block = qconfig.get_block_size_for_layer(
                self, config or self.quantization_config
            )
            self._int4_table_variables(block)
        if self._has_reverse_table():
            self._reverse_table_variables(mode, block)
        self._route_to_quantized_call()

    def quantized_call(self, inputs):
        """Looks the rows up and dequantizes only them."""
        return self._lookup_quantized(inputs)

    def _lookup_quantized(self, inputs):
        if not backend.is_int_dtype(backend.standardize_dtype(inputs.dtype)):
            inputs = ops.cast(inputs, "int32")
        dtype = self.compute_dtype
        rows = ops.take(self._embeddings.value, inputs, axis=0)
        if self.quantization_mode == "int8":
            scale = ops.take(self.embeddings_scale.value, inputs, axis=0)
            return ops.divide(
                ops.cast(rows, dtype),
                ops.expand_dims(ops.cast(scale, dtype), -1),
            )
        q = ops.cast(
            quantizers.unpack_int4(rows, self.output_dim, axis=-1), dtype
        )
        scale = ops.cast(
            ops.take(self.embeddings_scale.value, inputs, axis=0), dtype
        )
        if getattr(self, "embeddings_zero", None) is None:
            return ops.divide(q, ops.expand_dims(scale, -1))
        groups = ops.cast(self.g_idx.value, "int32")
        zero = ops.cast(
            ops.take(self.embeddings_zero.value, inputs, axis=0), dtype
        )
        scale = ops.take(scale, groups, axis=-1)
        zero = ops.take(zero, groups, axis=-1)
        return ops.multiply(ops.subtract(q, zero), scale)

    def _quantized_variables(self):
        names = ("embeddings_scale", "embeddings_zero", "g_idx",
                 "reverse_embeddings", "reverse_embeddings_scale",
                 "reverse_embeddings_zero")
        return [self._embeddings] + [
            getattr(self, n) for n in names
            if getattr(self, n, None) is not None
        ]

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
        # Set once: float layers keep their own call path untouched.
        object.__setattr__(self, "call", self.quantized_call)

    def _drop_table(self):
        self._drop_variable("_embeddings")

    def _drop_variable(self, attribute):
        variable = getattr(self, attribute)
        delattr(self, attribute)
        # torch registers each variable as a module parameter.
        parameters = self.__dict__.get("_parameters")
        if parameters:
            for key, value in list(parameters.items()):
                if value is getattr(variable, "_value", None):
                    del parameters[key]

    def _fixed(self, name, shape, dtype, initializer="zeros"):
        return self.add_weight(
            name=name,
            shape=shape,
            initializer=initializer,
            dtype=dtype,
            trainable=False,
        )

    def _int8_table_variables(self):
        self._embeddings = self._fixed(
            "embeddings", (self.input_dim, self.output_dim), "int8"
        )
        self.embeddings_scale = self._fixed(
            "embeddings_scale", (self.input_dim,), "float32", "ones"
        )

    def _int4_table_variables(self, block):
        packed = (self.output_dim + 1) // 2
        self._embeddings = self._fixed(
            "embeddings", (self.input_dim, packed), "int8"
        )
        if block is None or block == -1:
            self.embeddings_scale = self._fixed(
                "embeddings_scale", (self.input_dim,), "float32", "ones"
            )
            return
        groups = -(-self.output_dim // block)
        self.embeddings_scale = self._fixed(
            "embeddings_scale", (self.input_dim, groups), "float32", "ones"
        )
        self.embeddings_zero = self._fixed(
            "embeddings_zero", (self.input_dim, groups), "int8"
        )
        self.g_idx = self._fixed("g_idx", (self.output_dim,), "float32")
        self.g_idx.assign(
            (np.arange(self.output_dim) // block).astype("float32")
        )

    def _int4_from_float(self, table, block, config):
        if block is None or block == -1:
            quantizer = (
                qconfig.QuantizationConfig.weight_quantizer_or_default(
                    config,
                    quantizers.AbsMaxQuantizer(axis=-1, value_range=(-8, 7)),
                )
            )
            q, scale = _quantize_rows(quantizer, table)
            self.embeddings_scale.assign(scale.reshape(-1))
        else:
            # Groups run along the embedding axis: quantize the transpose.
            q, scale, zero = (
                quantizers.abs_max_quantize_grouped_with_zero_point(
                    table.T, block_size=block, to_numpy=True
                )
            )
            q = backend.convert_to_numpy(q).T
            self.embeddings_scale.assign(backend.convert_to_numpy(scale).T)
            self.embeddings_zero.assign(backend.convert_to_numpy(zero).T)
        packed, _, _ = quantizers.pack_int4(q.astype("int8"), axis=-1)
        self._embeddings.assign(packed)

    # -- the reverse (output projection) table of `ReversibleEmbedding` ------

    def _has_reverse_table(self):
        # `ReversibleEmbedding(tie_weights=False)` has its own
        # `(output_dim, input_dim)` projection table.
        return getattr(self, "tie_weights", True) is False

    def _reverse_table_variables(self, mode, block):
        dim, vocab = self.output_dim, self.input_dim
        if mode == "int8":
            self.reverse_embeddings = self._fixed(
                "reverse_embeddings", (dim, vocab), "int8"
            )
            self.reverse_embeddings_scale = self._fixed(
                "reverse_embeddings_scale", (vocab,), "float32", "ones"
            )
            return
        # int4: packed along the embedding axis, grouped along it too
        # (Keras keeps no `g_idx` here and stores the zero as float).
        block = dim if block is None or block == -1 else block
        groups = -(-dim // block)
        object.__setattr__(self, "_reverse_block", block)
        self.reverse_embeddings = self._fixed(
            "reverse_embeddings", ((dim + 1) // 2, vocab), "int8"
        )
        self.reverse_embeddings_scale = self._fixed(
            "reverse_embeddings_scale", (groups, vocab), "float32", "ones"
        )
        self.reverse_embeddings_zero = self._fixed(
            "reverse_embeddings_zero", (groups, vocab), "float32"
        )

    def _quantize_reverse_table(self, table, mode):
        if mode == "int8":
            q, scale = quantizers.abs_max_quantize(table, 0, to_numpy=True)
            self.reverse_embeddings.assign(q)
            self.reverse_embeddings_scale.assign(
                backend.convert_to_numpy(scale).reshape(-1)
            )
            return
        q, scale, zero = quantizers.abs_max_quantize_grouped_with_zero_point(
            table, block_size=self._reverse_block, to_numpy=True
        )
        q = backend.convert_to_numpy(q).astype("int8")
        packed, _, _ = quantizers.pack_int4(q, axis=0)
        self.reverse_embeddings.assign(packed)
        self.reverse_embeddings_scale.assign(scale)
        self.reverse_embeddings_zero.assign(
            backend.convert_to_numpy(zero).astype("float32")
        )

    def _reverse_logits(self, inputs, dtype):
        """`inputs @ table.T` with the quantized table (tied) or reverse
        table; int8 quantizes the inputs per row (straight-through)."""
        inputs = ops.cast(inputs, dtype)
        mode = self.quantization_mode
        if mode == "int8":
            q, scale = quantizers.AbsMaxQuantizer()(
                ops.stop_gradient(inputs), axis=-1
            )
            rounded = ops.divide(ops.cast(q, dtype), ops.cast(scale, dtype))
            inputs = ops.add(inputs, ops.stop_gradient(rounded - inputs))
            if self._has_reverse_table():
                kernel = ops.cast(self.reverse_embeddings.value, dtype)
                scale = self.reverse_embeddings_scale.value
            else:
                kernel = ops.transpose(
                    ops.cast(self._embeddings.value, dtype)
                )
                scale = self.embeddings_scale.value
            logits = ops.matmul(inputs, kernel)
            return ops.divide(logits, ops.cast(scale, dtype))
        if self._has_reverse_table():
            dim = self.output_dim
            q = ops.cast(
                quantizers.unpack_int4(self.reverse_embeddings.value, dim),
                dtype,
            )
            groups = np.arange(dim) // self._reverse_block
            zero = ops.take(ops.cast(self.reverse_embeddings_zero.value,
                                     dtype), groups, axis=0)
            scale = ops.take(ops.cast(self.reverse_embeddings_scale.value,
                                      dtype), groups, axis=0)
            kernel = ops.multiply(ops.subtract(q, zero), scale)
        else:
            ids = ops.arange(self.input_dim, dtype="int32")
            kernel = ops.transpose(
                ops.cast(self._lookup_quantized(ids), dtype)
            )
        return ops.matmul(inputs, kernel)


def _quantize_rows(quantizer, table):
    """`quantizer` over each row of `table`, as NumPy arrays."""
    if isinstance(quantizer, quantizers.AbsMaxQuantizer):
        q, scale = quantizer(table, axis=-1, to_numpy=True)
    else:
        q, scale = quantizer(table)
    return backend.convert_to_numpy(q), backend.convert_to_numpy(scale)


def _check_mode(mode):
    if mode not in ("int8", "int4"):
        # Keras raises NotImplementedError here too (float8 training has
        # no meaning for a lookup table).
        raise NotImplementedError(
            "Invalid quantization mode. Expected one of ('int8', 'int4'). "
            f"Received: quantization_mode={mode}"
        )
