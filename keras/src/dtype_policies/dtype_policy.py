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


def _parse(name):
    if name in _MIXED:
        return _MIXED[name], "float32"
    try:
        dtype = dtypes.standardize_dtype(name)
    except ValueError:
        dtype = None
    if dtype is None or not dtypes.is_float_dtype(dtype):
        raise ValueError(
            f"Cannot convert {name!r} to a mixed precision DTypePolicy. "
            "Valid policies are 'mixed_float16', 'mixed_bfloat16', and the "
            "name of any float dtype such as 'float32'."
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
