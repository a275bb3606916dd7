"""`DTypePolicyMap`: dtype policies looked up by layer path."""

import re
from collections.abc import MutableMapping

from keras.src.api_export import keras_export
from keras.src.dtype_policies.dtype_policy import DTypePolicy


@keras_export("keras.dtype_policies.DTypePolicyMap")
class DTypePolicyMap(DTypePolicy, MutableMapping):
    """A dict of dtype policies keyed by layer path, with a default.

    Looking up a path returns the policy stored under exactly that key,
    else the one whose key (a regular expression) matches the whole path,
    else `default_policy`. A path matched by several keys is an error.
    As a policy, the map acts as its default policy.

    Args:
        default_policy: the policy for paths without an entry (default:
            the global policy).
        policy_map: an initial dict of paths (or regexes) to policies or
            policy names.

    Example:

    >>> policies = keras.dtype_policies.DTypePolicyMap()
    >>> policies["model/dense"] = "int8_from_float32"
    >>> policies["model/dense"].name, policies["model/other"].name
    ('int8_from_float32', 'float32')
    """

    def __init__(self, default_policy=None, policy_map=None):
        from keras.src import dtype_policies

        if isinstance(default_policy, DTypePolicyMap):
            raise ValueError(
                "`default_policy` cannot be a DTypePolicyMap. Received: "
                f"default_policy={default_policy!r}"
            )
        if policy_map is not None and not isinstance(policy_map, dict):
            raise TypeError(
                "`policy_map` must be a dict or None. Received: "
                f"policy_map={policy_map!r}"
            )
        self._default_policy_arg = default_policy
        self._default_policy = dtype_policies.get(default_policy)
        self._policy_map = {}
        for key, value in (policy_map or {}).items():
            self[key] = value

    @property
    def name(self):
        return "map_" + self._default_policy.name

    @property
    def default_policy(self):
        """The policy of paths without an entry."""
        from keras.src import dtype_policies

        return dtype_policies.get(self._default_policy)

    @property
    def compute_dtype(self):
        return self.default_policy.compute_dtype

    @property
    def variable_dtype(self):
        return self.default_policy.variable_dtype

    @property
    def quantization_mode(self):
        return self.default_policy.quantization_mode

    def convert_input(self, x, autocast, dtype):
        return self.default_policy.convert_input(x, autocast, dtype)

    def __getitem__(self, key):
        if key in self._policy_map:
            return self._policy_map[key]
        matches = [
            k for k in self._policy_map if re.fullmatch(k, key) is not None
        ]
        if len(matches) > 1:
            raise ValueError(
                f"Path '{key}' matches several keys of the DTypePolicyMap: "
                f"{matches}. Make the keys specific enough that one path "
                "matches at most one of them."
            )
        if matches:
            return self._policy_map[matches[0]]
        return self.default_policy

    def __setitem__(self, key, policy):
        from keras.src import dtype_policies

        if key in self._policy_map:
            raise ValueError(
                f"{key} already exist in the DTypePolicyMap with value "
                f"{self._policy_map[key]}. Please make sure to not use "
                "duplicated keys."
            )
        self._policy_map[key] = dtype_policies.get(policy)

    def __delitem__(self, key):
        del self._policy_map[key]

    def __contains__(self, key):
        return key in self._policy_map

    def __iter__(self):
        return iter(self._policy_map)

    def __len__(self):
        return len(self._policy_map)

    def get_config(self):
        from keras.src import dtype_policies

        default = self._default_policy_arg
        if isinstance(default, DTypePolicy):
            default = dtype_policies.serialize(default)
        return {
            "default_policy": default,
            "policy_map": {
                key: dtype_policies.serialize(policy)
                for key, policy in self._policy_map.items()
            },
        }

    @classmethod
    def from_config(cls, config, custom_objects=None):
        from keras.src import dtype_policies

        config = dict(config)
        default = config.get("default_policy")
        if isinstance(default, dict):
            config["default_policy"] = dtype_policies.deserialize(
                default, custom_objects
            )
        config["policy_map"] = {
            key: dtype_policies.deserialize(value, custom_objects)
            for key, value in (config.get("policy_map") or {}).items()
        }
        return cls(**config)

    def __repr__(self):
        return f"<DTypePolicyMap default={self.default_policy!r} " + (
            f"entries={len(self)}>"
        )

    def __eq__(self, other):
        return (
            isinstance(other, DTypePolicyMap)
            and self.default_policy == other.default_policy
            and self._policy_map == other._policy_map
        )

    def __hash__(self):
        return id(self)
