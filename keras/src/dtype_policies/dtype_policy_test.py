from absl.testing import parameterized

from keras.src import dtype_policies
from keras.src import testing
from keras.src.dtype_policies.dtype_policy import AWQDTypePolicy
from keras.src.dtype_policies.dtype_policy import GPTQDTypePolicy
from keras.src.dtype_policies.dtype_policy import Int4DTypePolicy
from keras.src.dtype_policies.dtype_policy import QuantizedDTypePolicy
from keras.src.dtype_policies.dtype_policy import QuantizedFloat8DTypePolicy


class QuantizedDTypePolicyTest(testing.TestCase):
    @parameterized.parameters(
        # (name, class, compute dtype, variable dtype, mode), as upstream.
        ("int8_from_float32", QuantizedDTypePolicy, "float32", "float32",
         "int8"),
        ("int8_from_mixed_bfloat16", QuantizedDTypePolicy, "bfloat16",
         "float32", "int8"),
        ("int4_from_float32", QuantizedDTypePolicy, "float32", "float32",
         "int4"),
        ("int4/64_from_float32", Int4DTypePolicy, "float32", "float32",
         "int4"),
        ("float8_from_mixed_float16", QuantizedFloat8DTypePolicy, "float16",
         "float32", "float8"),
        ("gptq/4/128_from_float32", GPTQDTypePolicy, "float32", "float32",
         "gptq"),
        ("awq/4/-1_from_mixed_bfloat16", AWQDTypePolicy, "bfloat16",
         "float32", "awq"),
    )
    def test_from_name(self, name, cls, compute, variable, mode):
        policy = dtype_policies.get(name)
        self.assertIs(type(policy), cls)
        self.assertEqual(policy.name, name)
        self.assertEqual(
            (policy.compute_dtype, policy.variable_dtype), (compute, variable)
        )
        self.assertEqual(policy.quantization_mode, mode)
        config = dtype_policies.serialize(policy)
        self.assertEqual(config["module"], "keras.dtype_policies")
        self.assertEqual(dtype_policies.deserialize(config), policy)

    def test_configs_and_errors(self):
        self.assertEqual(
            QuantizedDTypePolicy("int8", "float32").get_config(),
            {"mode": "int8", "source_name": "float32"},
        )
        policy = QuantizedFloat8DTypePolicy("float8", "float32", 16)
        self.assertEqual(policy.amax_history_length, 16)
        self.assertEqual(policy.get_config()["amax_history_length"], 16)
        self.assertEqual(Int4DTypePolicy("int4/32", "float32").block_size, 32)
        self.assertEqual(
            dtype_policies.QUANTIZATION_MODES,
            ("int8", "float8", "int4", "gptq", "awq"),
        )
        with self.assertRaisesRegex(ValueError, "valid pair"):
            dtype_policies.get("int8_from_")
        with self.assertRaisesRegex(ValueError, "float16"):
            QuantizedDTypePolicy("int8", "mixed_float16")
        with self.assertRaisesRegex(ValueError, "int4/<block_size>"):
            Int4DTypePolicy("int4", "float32")
        with self.assertRaisesRegex(ValueError, "Invalid quantization mode"):
            QuantizedDTypePolicy("int3", "float32")
        with self.assertRaisesRegex(ValueError, "amax_history_length"):
            QuantizedFloat8DTypePolicy("float8", "float32", 0)
        with self.assertRaisesRegex(TypeError, "amax_history_length"):
            QuantizedFloat8DTypePolicy("float8", "float32", "x")

    def test_any_dtype_makes_a_policy(self):
        # As in Keras: integer, bool and string policies are allowed.
        for name in ("int32", "bool", "uint8", "string"):
            policy = dtype_policies.DTypePolicy(name)
            self.assertEqual(
                (policy.name, policy.compute_dtype, policy.variable_dtype),
                (name, name, name),
            )
        with self.assertRaisesRegex(ValueError, "mixed_float16"):
            dtype_policies.DTypePolicy("float")


class CalibratedDTypePolicyTest(testing.TestCase):
    def test_properties_and_config(self):
        policy = GPTQDTypePolicy("gptq/3/64", "float32")
        self.assertEqual(
            (policy.name, policy.weight_bits, policy.group_size),
            ("gptq/3/64_from_float32", 3, 64),
        )
        self.assertEqual(
            policy.get_config(), {"mode": "gptq/3/64", "source_name": "float32"}
        )
        restored = dtype_policies.deserialize(
            dtype_policies.serialize(AWQDTypePolicy("awq/4/32", "float16"))
        )
        self.assertIs(type(restored), AWQDTypePolicy)
        self.assertEqual(restored.name, "awq/4/32_from_float16")

    @parameterized.parameters(
        # Errors as upstream raises them (messages recorded from Keras).
        (GPTQDTypePolicy, "awq/4/8", "Expected format 'gptq/<weight_bits>"),
        (GPTQDTypePolicy, "gptq/4", "Expected format"),
        (GPTQDTypePolicy, "gptq/x/8", "must be integers"),
        (GPTQDTypePolicy, "gptq/5/8", "Supported values are 2, 3, 4, and 8"),
        (GPTQDTypePolicy, "gptq/4/0", "Invalid group_size"),
        (AWQDTypePolicy, "awq/3/64", "AWQ only supports 4-bit"),
        (AWQDTypePolicy, "gptq/4/8", "Expected format 'awq/<weight_bits>"),
    )
    def test_invalid_modes(self, cls, mode, message):
        with self.assertRaisesRegex(ValueError, message):
            cls(mode, "float32")
