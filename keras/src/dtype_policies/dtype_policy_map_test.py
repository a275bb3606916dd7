from keras.src import dtype_policies
from keras.src import testing
from keras.src.dtype_policies.dtype_policy_map import DTypePolicyMap


class DTypePolicyMapTest(testing.TestCase):
    def test_lookup(self):
        policies = DTypePolicyMap(
            default_policy="mixed_bfloat16",
            policy_map={"model/dense": "int8_from_float32", "x/.*": "float16"},
        )
        self.assertEqual(policies["model/dense"].name, "int8_from_float32")
        # Keys are regexes matching whole paths.
        self.assertEqual(policies["x/y"].name, "float16")
        self.assertEqual(policies["model/dense_1"].name, "mixed_bfloat16")
        self.assertEqual(policies.name, "map_mixed_bfloat16")
        self.assertEqual(
            (policies.compute_dtype, policies.variable_dtype),
            ("bfloat16", "float32"),
        )
        self.assertEqual(len(policies), 2)
        self.assertEqual(list(policies), ["model/dense", "x/.*"])
        del policies["x/.*"]
        self.assertNotIn("x/.*", policies)

    def test_errors(self):
        policies = DTypePolicyMap(policy_map={"a.*": "float16"})
        with self.assertRaisesRegex(ValueError, "already exist"):
            policies["a.*"] = "float32"
        policies["ab.*"] = "float32"
        with self.assertRaisesRegex(ValueError, "matches several"):
            policies["abc"]
        with self.assertRaisesRegex(ValueError, "DTypePolicyMap"):
            DTypePolicyMap(default_policy=DTypePolicyMap())
        with self.assertRaisesRegex(TypeError, "policy_map"):
            DTypePolicyMap(policy_map=["a"])

    def test_serialization(self):
        policies = DTypePolicyMap(policy_map={"a/b": "int8_from_float32"})
        config = dtype_policies.serialize(policies)
        self.assertEqual(config["class_name"], "DTypePolicyMap")
        rebuilt = dtype_policies.deserialize(config)
        self.assertEqual(rebuilt, policies)
        self.assertEqual(rebuilt["a/b"].quantization_mode, "int8")
