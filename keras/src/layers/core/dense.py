"""`Dense`: `activation(inputs @ kernel + bias)`, and the LoRA mixin that
`Dense`, `EinsumDense` and `Embedding` share."""

import numbers

import numpy as np

from keras.src import activations
from keras.src import backend
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.quantizers import quantization_config as qconfig
from keras.src.quantizers.kernel_quantization import KernelLayout
from keras.src.quantizers.kernel_quantization import KernelQuantizationMixin


def check_positive_int(name, value):
    """Raises a `ValueError` unless `value` is a positive integer."""
    if (
        isinstance(value, (bool, np.bool_))
        or not isinstance(value, (int, np.integer))
        or value <= 0
    ):
        raise ValueError(
            f"`{name}` must be a positive integer. Received: "
            f"{name}={value!r} (of type {type(value).__name__})"
        )
    return int(value)


class LoraMixin:
    """Low-rank adaptation (LoRA) of one weight of a layer.

    With LoRA enabled, the weight named by `_lora_target` (stored as
    `self._<target>`) is frozen and the layer uses instead
    `weight + (a @ b) * (lora_alpha / lora_rank)`, where the trainable
    `lora_<target>_a` has the weight's shape with its last axis replaced by
    the rank and `lora_<target>_b` has shape `(rank, last axis)`.

    Classes using it call `_init_lora(lora_rank, lora_alpha)` in
    `__init__` and `enable_lora(self.lora_rank, self.lora_alpha)` at the
    end of `build` when `lora_rank` is set.
    """

    _lora_target = "kernel"

    def _init_lora(self, lora_rank, lora_alpha):
        if lora_rank is not None:
            lora_rank = check_positive_int("lora_rank", lora_rank)
        _check_alpha(lora_alpha)
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.lora_enabled = False

    def enable_lora(
        self,
        rank,
        lora_alpha=None,
        a_initializer="he_uniform",
        b_initializer="zeros",
    ):
        """Freezes the layer's main weight and adds trainable low-rank
        factors `a` and `b`: the layer then uses
        `weight + (a @ b) * (lora_alpha / rank)`.

        Args:
            rank: the rank of the update, a positive integer.
            lora_alpha: the scale numerator (default: `rank`, a scale
                of 1).
            a_initializer: the initializer of `a`.
            b_initializer: the initializer of `b` (zeros by default, so
                the layer's output is unchanged at first).

        Example:

        >>> layer = keras.layers.Dense(3)
        >>> layer.build((None, 4))
        >>> layer.enable_lora(2)
        >>> [w.path for w in layer.trainable_weights]
        ['dense/bias', 'dense/lora_kernel_a', 'dense/lora_kernel_b']
        """
        name = type(self).__name__
        if not self.built:
            raise ValueError(
                f"{name} '{self.name}': cannot enable LoRA on a layer "
                "that is not built yet. Build it first, e.g. with "
                "`layer.build(input_shape)`."
            )
        if self.lora_enabled:
            raise ValueError(
                f"{name} '{self.name}': LoRA is already enabled; it can "
                "only be enabled once per layer."
            )
        if self.quantization_mode is not None:
            raise ValueError(
                f"{name} '{self.name}': LoRA on a quantized layer "
                f"(dtype_policy='{self.dtype_policy.name}') is not "
                "supported by this implementation."
            )
        rank = check_positive_int("rank", rank)
        _check_alpha(lora_alpha)
        target = self._lora_target
        base = getattr(self, "_" + target)
        regularizer = getattr(self, f"{target}_regularizer", None)
        base.trainable = False
        a = self.add_weight(
            name=f"lora_{target}_a",
            shape=tuple(base.shape[:-1]) + (rank,),
            initializer=initializers.get(a_initializer),
            regularizer=regularizer,
        )
        b = self.add_weight(
            name=f"lora_{target}_b",
            shape=(rank, base.shape[-1]),
            initializer=initializers.get(b_initializer),
            regularizer=regularizer,
        )
        setattr(self, f"lora_{target}_a", a)
        setattr(self, f"lora_{target}_b", b)
        self.lora_rank = rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else rank
        self.lora_enabled = True

    def _lora_factors(self):
        target = self._lora_target
        return (
            getattr(self, f"lora_{target}_a"),
            getattr(self, f"lora_{target}_b"),
        )

    def _lora_weight(self):
        """The weight the layer computes with: the variable's value, plus
        the low-rank update when LoRA is enabled."""
        value = getattr(self, "_" + self._lora_target).value
        if not self.lora_enabled:
            return value
        a, b = self._lora_factors()
        update = ops.matmul(a.value, b.value)
        return ops.add(value, ops.multiply(update, self._lora_scale()))

    def _lora_scale(self):
        return self.lora_alpha / self.lora_rank

    def _lora_config(self, config):
        if self.lora_rank:
            config["lora_rank"] = self.lora_rank
            config["lora_alpha"] = self.lora_alpha
        return config

    def _saved_variables(self):
        own = self._trainable_variables + self._non_trainable_variables
        if not self.lora_enabled:
            return own
        factors = self._lora_factors()
        return [v for v in own if not any(v is f for f in factors)]

    def save_own_variables(self, store):
        """Writes the layer's variables into `store`; with LoRA enabled,
        the main weight is saved merged with its update and the factors
        are not saved."""
        if not self.lora_enabled:
            return super().save_own_variables(store)
        base = getattr(self, "_" + self._lora_target)
        for index, variable in enumerate(self._saved_variables()):
            value = self._lora_weight() if variable is base else variable
            store[str(index)] = backend.convert_to_numpy(value)

    def load_own_variables(self, store):
        """Reads the layer's variables back from `store`; with LoRA
        enabled, the main weight takes the saved (merged) value and `b` is
        reset to zeros, so the layer computes with exactly that value."""
        if not self.lora_enabled:
            return super().load_own_variables(store)
        variables = self._saved_variables()
        if len(store.keys()) != len(variables):
            raise ValueError(
                f"Layer '{self.name}' expected {len(variables)} variables, "
                f"but received {len(store.keys())} variables during "
                f"loading. Expected: {[v.name for v in variables]}"
            )
        for index, variable in enumerate(variables):
            variable.assign(store[str(index)])
        b = self._lora_factors()[1]
        b.assign(ops.zeros(b.shape, dtype=b.dtype))


def _check_alpha(lora_alpha):
    if lora_alpha is None:
        return
    if (
        isinstance(lora_alpha, bool)
        or not isinstance(lora_alpha, numbers.Real)
        or lora_alpha <= 0
    ):
        raise ValueError(
            "`lora_alpha` must be a positive number or None. Received: "
            f"lora_alpha={lora_alpha!r}"
        )


@keras_export("keras.layers.Dense")
class Dense(KernelQuantizationMixin, LoraMixin, Layer):
    """A densely connected layer: `activation(inputs @ kernel + bias)`.

    It contracts the last axis of its input (of rank 2 or more) with a
    `kernel` of shape `(input_dim, units)`: an input of shape
    `(batch, ..., input_dim)` gives an output of shape
    `(batch, ..., units)`.

    Args:
        units: the size of the output's last axis, a positive integer.
        activation: the activation applied to the output (default: none).
        use_bias: whether to add a bias vector.
        kernel_initializer: the initializer of `kernel`.
        bias_initializer: the initializer of `bias`.
        kernel_regularizer: a regularizer applied to `kernel`.
        bias_regularizer: a regularizer applied to `bias`.
        activity_regularizer: a regularizer applied to the output.
        kernel_constraint: a constraint applied to `kernel`.
        bias_constraint: a constraint applied to `bias`.
        lora_rank: if set, LoRA is enabled when the layer is built: the
            kernel is frozen and a trainable update of this rank is added
            (see `enable_lora`).
        lora_alpha: the LoRA scale numerator (default: `lora_rank`).
        quantization_config: a `keras.quantizers.QuantizationConfig`
            used when the layer is quantized (see `quantize`).
        **kwargs: base layer arguments (`name`, `dtype`, `trainable`, ...).

    Example:

    >>> layer = keras.layers.Dense(4, activation="relu")
    >>> layer(keras.ops.ones((2, 3))).shape
    (2, 4)
    >>> [tuple(w.shape) for w in layer.weights]
    [(3, 4), (4,)]
    """

    def __init__(
        self,
        units,
        activation=None,
        use_bias=True,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        kernel_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        kernel_constraint=None,
        bias_constraint=None,
        lora_rank=None,
        lora_alpha=None,
        quantization_config=None,
        **kwargs,
    ):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.units = check_positive_int("units", units)
        self.quantization_config = qconfig.resolve_layer_config(
            f"Dense '{self.name}'", quantization_config
        )
        self.activation = activations.get(activation)
        self.use_bias = bool(use_bias)
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self._init_lora(lora_rank, lora_alpha)
        self.input_spec = InputSpec(min_ndim=2)
        self.supports_masking = True

    def build(self, input_shape):
        input_dim = input_shape[-1]
        if input_dim is None:
            raise ValueError(
                f"Dense '{self.name}': the last axis of the input must be "
                f"defined to build the kernel. Received: "
                f"input_shape={tuple(input_shape)}"
            )
        if self.quantization_mode is not None:
            # Built from a quantized policy, e.g. when loading a model.
            self.quantized_build(
                (input_dim, self.units), self.quantization_mode
            )
        else:
            self._kernel = self._new_float_kernel((input_dim, self.units))
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(
                name="bias",
                shape=(self.units,),
                initializer=self.bias_initializer,
                regularizer=self.bias_regularizer,
                constraint=self.bias_constraint,
            )
        self.input_spec = InputSpec(min_ndim=2, axes={-1: input_dim})
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank, self.lora_alpha)

    @property
    def kernel(self):
        """The kernel variable; with LoRA enabled, the kernel the layer
        computes with (the frozen variable plus the low-rank update)."""
        if self.lora_enabled:
            return self._lora_weight()
        return self._kernel

    def call(self, inputs, training=None):
        # `.value` hands the product plain tensors (torch's fast path).
        kernel = (
            self._lora_weight() if self.lora_enabled else self._kernel.value
        )
        bias = None if self.bias is None else self.bias.value
        if isinstance(inputs, KerasTensor) or isinstance(kernel, KerasTensor):
            x = ops.matmul(inputs, kernel)
            if bias is not None:
                x = ops.add(x, bias)
        else:
            # Eager tensors go straight to the backend's fused product
            # (one `addmm` on torch): the `ops` wrappers would only find
            # again that nothing is symbolic.
            x = backend.nn.linear(inputs, kernel, bias)
        activation = self.activation
        if activation is not None and activation is not activations.linear:
            x = activation(x)
        return x

    def compute_output_shape(self, input_shape):
        return tuple(input_shape[:-1]) + (self.units,)

    def _kernel_layout(self, kernel_shape):
        return KernelLayout(
            kernel_shape,
            reduced_axes=(0,),
            input_reduced_axes=(-1,),
            output_scale_shape=(kernel_shape[1],),
            output_perm=(0,),
        )

    def _contract(self, inputs, kernel):
        return ops.matmul(inputs, kernel)

    def get_config(self):
        config = super().get_config()
        if self.activity_regularizer is not None:
            config["activity_regularizer"] = regularizers.serialize(
                self.activity_regularizer
            )
        config.update({
            "units": self.units,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
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
            "kernel_constraint": constraints.serialize(
                self.kernel_constraint
            ),
            "bias_constraint": constraints.serialize(self.bias_constraint),
            "quantization_config": qconfig.serialize_layer_config(
                self.quantization_config
            ),
        })
        return self._lora_config(config)
