"""`DTypePolicy`: the dtypes a layer computes in and stores variables in."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.common import global_state

_MIXED = {"mixed_float16": "float16", "mixed_bfloat16": "bfloat16"}


@keras_export(
    [
        "keras.DTypePolicy",
        "keras.dtype_policies.DTypePolicy",
        "keras.mixed_precision.DTypePolicy",
        "keras.mixed_precision.Policy",
    ]
)
class DTypePolicy:
    """A dtype policy: the compute dtype and the variable dtype of a layer.

    `"mixed_float16"` and `"mixed_bfloat16"` compute in half precision and
    keep variables in float32; any float dtype name uses that dtype for
    both.

    Args:
        name: a policy name; defaults to `floatx()`.

    Example:

    >>> policy = keras.DTypePolicy("mixed_bfloat16")
    >>> policy.compute_dtype, policy.variable_dtype
    ('bfloat16', 'float32')
    """

    def __init__(self, name=None):
        name = config.floatx() if name is None else name
        if not isinstance(name, str):
            raise TypeError(
                "`name` must be a string such as 'mixed_float16'. "
                f"Received: name={name!r}"
            )
        self._name = name
        self._compute_dtype, self._variable_dtype = _parse(name)

    @property
    def name(self):
        return self._name

    @property
    def compute_dtype(self):
        return self._compute_dtype

    @property
    def variable_dtype(self):
        return self._variable_dtype

    @property
    def quantization_mode(self):
        """`None`: this policy does not quantize."""
        return None

    def convert_input(self, x, autocast, dtype):
        """Casts floating point `x` to `dtype` when `autocast` is set."""
        dtype = dtypes.standardize_dtype(dtype)
        if not autocast or not ops.is_tensor(x):
            return x
        if dtypes.is_float_dtype(x.dtype) and x.dtype != dtype:
            return ops.cast(x, dtype)
        return x

    def get_config(self):
        return {"name": self._name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self):
        return f'<DTypePolicy "{self._name}">'

    def __eq__(self, other):
        return (
            isinstance(other, DTypePolicy)
            and type(self) is type(other)
            and self._name == other._name
        )

    def __hash__(self):
        return hash((type(self), self._name))


@keras_export(
    ["keras.FloatDTypePolicy", "keras.dtype_policies.FloatDTypePolicy"]
)
class FloatDTypePolicy(DTypePolicy):
    """A float dtype policy (the kind `DTypePolicy` names describe).

    Example:

    >>> keras.FloatDTypePolicy("float16").compute_dtype
    'float16'
    """


# The modes `Layer.quantize` accepts; "gptq" and "awq" are calibrated
# modes (`Model.quantize` with a `GPTQConfig` / `AWQConfig`).
QUANTIZATION_MODES = ("int8", "float8", "int4", "gptq", "awq")


@keras_export("keras.dtype_policies.QuantizedDTypePolicy")
class QuantizedDTypePolicy(DTypePolicy):
    """The policy of a quantized layer: a quantization `mode` on top of a
    float `source_name` policy (which gives the compute and variable
    dtypes). Its name is `"<mode>_from_<source_name>"`.

    Args:
        mode: `"int8"`, `"int4"` (per output channel) or `"float8"`.
        source_name: the float policy name (default: `floatx()`).

    Example:

    >>> policy = keras.dtype_policies.QuantizedDTypePolicy("int8", "float32")
    >>> policy.name, policy.quantization_mode
    ('int8_from_float32', 'int8')
    """

    _modes = ("int8", "int4", "float8")

    def __init__(self, mode, source_name=None):
        source_name = config.floatx() if source_name is None else source_name
        base_mode = mode.split("/")[0] if isinstance(mode, str) else mode
        if base_mode not in self._modes:
            raise ValueError(
                f"Invalid quantization mode for {type(self).__name__}. "
                f"Expected one of {self._modes}. Received: mode={mode!r}"
            )
        # Not `DTypePolicy.__init__`: the name is not a float policy name.
        self._name = f"{mode}_from_{source_name}"
        self._compute_dtype, self._variable_dtype = _parse_source(
            source_name
        )
        self._mode = mode
        self._source_name = source_name
        if base_mode == "int8" and self._compute_dtype == "float16":
            raise ValueError(
                f"Quantization mode='{mode}' doesn't work well with "
                "compute_dtype='float16': use 'bfloat16' or 'float32'."
            )

    @property
    def quantization_mode(self):
        """The quantization mode (`"int8"`, `"int4"`, ...)."""
        return self._mode.split("/")[0]

    def get_config(self):
        return {"mode": self._mode, "source_name": self._source_name}

    def __repr__(self):
        return f'<{type(self).__name__} "{self._name}">'


@keras_export("keras.dtype_policies.Int4DTypePolicy")
class Int4DTypePolicy(QuantizedDTypePolicy):
    """An int4 policy with grouped quantization: `mode` is
    `"int4/<block_size>"` (-1 for one group per output channel).

    Args:
        mode: `"int4/<block_size>"`, e.g. `"int4/128"`.
        source_name: the float policy name (default: `floatx()`).

    Example:

    >>> policy = keras.dtype_policies.Int4DTypePolicy("int4/64", "float32")
    >>> policy.name, policy.block_size
    ('int4/64_from_float32', 64)
    """

    _modes = ("int4",)

    def __init__(self, mode, source_name=None):
        parts = mode.split("/") if isinstance(mode, str) else []
        block = parts[1] if len(parts) == 2 else ""
        if parts[:1] != ["int4"] or not block.lstrip("-").isdigit() or (
            int(block) <= 0 and int(block) != -1
        ):
            raise ValueError(
                "Invalid mode for Int4DTypePolicy. Expected format "
                f"'int4/<block_size>', but got '{mode}'."
            )
        super().__init__(mode, source_name)
        self._block_size = int(block)

    @property
    def block_size(self):
        """Rows per quantization group (-1: per output channel)."""
        return self._block_size


@keras_export("keras.dtype_policies.QuantizedFloat8DTypePolicy")
class QuantizedFloat8DTypePolicy(QuantizedDTypePolicy):
    """The float8 training policy: `mode` `"float8"` with the length of
    the amax histories the layer keeps.

    Args:
        mode: `"float8"`.
        source_name: the float policy name (default: `floatx()`).
        amax_history_length: entries of each amax history.

    Example:

    >>> policy = keras.dtype_policies.QuantizedFloat8DTypePolicy(
    ...     "float8", "float32", amax_history_length=16)
    >>> policy.name, policy.amax_history_length
    ('float8_from_float32', 16)
    """

    _modes = ("float8",)
    default_amax_history_length = 1024

    def __init__(self, mode, source_name=None, amax_history_length=1024):
        super().__init__(mode, source_name)
        if isinstance(amax_history_length, bool) or not isinstance(
            amax_history_length, int
        ):
            raise TypeError(
                "`amax_history_length` must be an integer. "
                f"Received: amax_history_length={amax_history_length!r}"
            )
        if amax_history_length <= 0:
            raise ValueError(
                "`amax_history_length` must be a positive integer. "
                f"Received: amax_history_length={amax_history_length!r}"
            )
        self._amax_history_length = amax_history_length

    @property
    def amax_history_length(self):
        return self._amax_history_length

    def get_config(self):
        config = super().get_config()
        config["amax_history_length"] = self._amax_history_length
        return config


class _CalibratedDTypePolicy(QuantizedDTypePolicy):
    """A `"<kind>/<weight_bits>/<group_size>"` policy (GPTQ, AWQ)."""

    _kind = None
    _bits = ()

    def __init__(self, mode, source_name=None):
        kind = self._kind
        expected = f"'{kind}/<weight_bits>/<group_size>'"
        parts = mode.split("/") if isinstance(mode, str) else []
        if len(parts) != 3 or parts[0] != kind:
            raise ValueError(
                f"Invalid mode for {type(self).__name__}. Expected format "
                f"{expected}, but got '{mode}'."
            )
        try:
            bits, group = int(parts[1]), int(parts[2])
        except ValueError:
            raise ValueError(
                f"Invalid mode for {type(self).__name__}. <weight_bits> "
                "and <group_size> must be integers. Expected format "
                f"{expected}, but got '{mode}'."
            ) from None
        if bits not in self._bits:
            raise ValueError(self._bits_message(bits, mode))
        if group <= 0 and group != -1:
            raise ValueError(
                "Invalid group_size in mode. Supported values are -1 "
                "(whole-tensor) or a positive integer, but got "
                f"{group} from '{mode}'."
            )
        super().__init__(mode, source_name)
        self._weight_bits = bits
        self._group_size = group

    @property
    def weight_bits(self):
        """Bits per quantized weight."""
        return self._weight_bits

    @property
    def group_size(self):
        """Input rows sharing a scale (-1: one group per output unit)."""
        return self._group_size

    @property
    def mode(self):
        """The full mode string, `"<kind>/<weight_bits>/<group_size>"`."""
        return self._mode


@keras_export("keras.dtype_policies.GPTQDTypePolicy")
class GPTQDTypePolicy(_CalibratedDTypePolicy):
    """The policy of a layer quantized with GPTQ: `mode` is
    `"gptq/<weight_bits>/<group_size>"` on top of a float `source_name`.

    Args:
        mode: `"gptq/<weight_bits>/<group_size>"`; `weight_bits` is 2, 3,
            4 or 8 and `group_size` a positive integer or -1.
        source_name: the float policy name (default: `floatx()`).

    Example:

    >>> policy = keras.dtype_policies.GPTQDTypePolicy("gptq/4/128", "float32")
    >>> policy.name, policy.weight_bits, policy.group_size
    ('gptq/4/128_from_float32', 4, 128)
    """

    _modes = ("gptq",)
    _kind = "gptq"
    _bits = (2, 3, 4, 8)

    def _bits_message(self, bits, mode):
        return (
            "Invalid weight_bits in mode. Supported values are 2, 3, 4, "
            f"and 8, but got {bits} from '{mode}'."
        )


@keras_export("keras.dtype_policies.AWQDTypePolicy")
class AWQDTypePolicy(_CalibratedDTypePolicy):
    """The policy of a layer quantized with AWQ: `mode` is
    `"awq/4/<group_size>"` on top of a float `source_name`.

    Args:
        mode: `"awq/4/<group_size>"` (AWQ quantizes to 4 bits);
            `group_size` is a positive integer or -1.
        source_name: the float policy name (default: `floatx()`).

    Example:

    >>> policy = keras.dtype_policies.AWQDTypePolicy("awq/4/64", "float32")
    >>> policy.name, policy.group_size
    ('awq/4/64_from_float32', 64)
    """

    _modes = ("awq",)
    _kind = "awq"
    _bits = (4,)

    def _bits_message(self, bits, mode):
        return (
            "Invalid weight_bits in mode. AWQ only supports 4-bit "
            f"quantization, but got {bits} from '{mode}'."
        )


def quantized_policy_from_name(name):
    """The quantized policy a `"<mode>_from_<source>"` name describes."""
    mode, sep, source = name.partition("_from_")
    if not sep or not source:
        raise ValueError(
            "Cannot convert `policy` into a valid pair (`mode`, "
            "`source_name`) to instantiate `QuantizedDTypePolicy`. "
            f"Received: policy={name}"
        )
    if mode.startswith("int4/"):
        return Int4DTypePolicy(mode, source)
    if mode == "float8":
        return QuantizedFloat8DTypePolicy(mode, source)
    if mode.startswith("gptq"):
        return GPTQDTypePolicy(mode, source)
    if mode.startswith("awq"):
        return AWQDTypePolicy(mode, source)
    return QuantizedDTypePolicy(mode, source)


def _parse_source(name):
    if name in _MIXED:
        return _MIXED[name], "float32"
    try:
        dtype = dtypes.standardize_dtype(name)
    except ValueError:
        dtype = None
    if dtype is None:
        raise ValueError(
            f"Cannot convert {name!r} to a source DTypePolicy of a "
            "quantized policy: expected 'mixed_float16', 'mixed_bfloat16' "
            "or a dtype name such as 'float32'."
        )
    return dtype, dtype


def _parse(name):
    if name in _MIXED:
        return _MIXED[name], "float32"
    try:
        dtype = dtypes.standardize_dtype(name)
    except ValueError:
        dtype = None
    # Any dtype name makes a policy, as in Keras: integer, bool and string
    # policies serve layers whose inputs are not floats (lookups, hashing).
    if dtype is None:
        raise ValueError(
            f"Cannot convert {name!r} to a mixed precision DTypePolicy. "
            "Valid policies are 'mixed_float16', 'mixed_bfloat16', and the "
            "name of any dtype such as 'float32'."
        )
    return dtype, dtype


@keras_export(
    [
        "keras.config.set_dtype_policy",
        "keras.mixed_precision.set_dtype_policy",
        "keras.mixed_precision.set_global_policy",
    ]
)
def set_dtype_policy(policy):
    """Sets the default dtype policy of new layers.

    Args:
        policy: a `DTypePolicy` or a policy name.

    Example:

    >>> keras.config.set_dtype_policy("mixed_float16")
    >>> keras.config.dtype_policy().compute_dtype
    'float16'
    >>> keras.config.set_dtype_policy("float32")
    """
    if isinstance(policy, str):
        if "_from_" in policy:
            policy = quantized_policy_from_name(policy)
        else:
            policy = DTypePolicy(policy)
    if not isinstance(policy, DTypePolicy):
        raise ValueError(
            "`policy` must be a DTypePolicy or a policy name. "
            f"Received: policy={policy!r}"
        )
    global_state.set_global_attribute("dtype_policy", policy)


@keras_export(
    [
        "keras.config.dtype_policy",
        "keras.mixed_precision.dtype_policy",
        "keras.mixed_precision.global_policy",
    ]
)
def dtype_policy():
    """Returns the default dtype policy of new layers.

    Example:

    >>> keras.config.dtype_policy().name
    'float32'
    """
    policy = global_state.get_global_attribute("dtype_policy")
    if policy is None:
        policy = DTypePolicy(config.floatx())
        global_state.set_global_attribute("dtype_policy", policy)
    return policy
