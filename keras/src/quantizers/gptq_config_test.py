from absl.testing import parameterized

from keras.src import quantizers
from keras.src import testing
from keras.src.quantizers.awq_config import AWQConfig
from keras.src.quantizers.gptq_config import GPTQConfig

# Upstream's serialized settings (recorded from Keras 3.15.1).
_GPTQ_DEFAULTS = {
    "dataset": None,
    "tokenizer": None,
    "weight_bits": 4,
    "num_samples": 128,
    "per_channel": True,
    "sequence_length": 512,
    "hessian_damping": 0.01,
    "group_size": 128,
    "symmetric": False,
    "activation_order": False,
    "quantization_layer_structure": None,
}
_AWQ_DEFAULTS = {
    "dataset": None,
    "tokenizer": None,
    "weight_bits": 4,
    "num_samples": 128,
    "sequence_length": 512,
    "group_size": 128,
    "num_grid_points": 20,
    "quantization_layer_structure": None,
}


class CalibrationConfigTest(testing.TestCase):
    def test_defaults_and_policy_strings(self):
        gptq = GPTQConfig([1, 2], "tokenizer")
        self.assertEqual(gptq.get_config(), _GPTQ_DEFAULTS)
        self.assertEqual(
            (gptq.mode, gptq.dtype_policy_string()), ("gptq", "gptq/4/128")
        )
        awq = AWQConfig(None, None, group_size=-1)
        self.assertEqual(
            awq.get_config(), dict(_AWQ_DEFAULTS, group_size=-1)
        )
        self.assertEqual(awq.dtype_policy_string(), "awq/4/-1")
        self.assertEqual(
            GPTQConfig(None, None, weight_bits=8).dtype_policy_string(),
            "gptq/8/128",
        )

    def test_serialization_round_trip(self):
        config = GPTQConfig(
            None, None, weight_bits=3, group_size=32, symmetric=True,
            activation_order=True, hessian_damping=0.1,
        )
        serialized = quantizers.serialize(config)
        self.assertEqual(
            (serialized["module"], serialized["class_name"]),
            ("keras.quantizers", "GPTQConfig"),
        )
        restored = quantizers.deserialize(serialized)
        self.assertIsInstance(restored, GPTQConfig)
        self.assertEqual(restored.get_config(), config.get_config())
        awq = AWQConfig.from_config(
            AWQConfig(None, None, num_grid_points=5).get_config()
        )
        self.assertEqual(awq.num_grid_points, 5)

    @parameterized.parameters(
        # Messages as upstream raises them.
        (GPTQConfig, {"weight_bits": 5}, "Supported values are 2, 3, 4"),
        (GPTQConfig, {"num_samples": 0}, "num_samples must be a positive"),
        (GPTQConfig, {"sequence_length": 0}, "sequence_length must be"),
        (GPTQConfig, {"hessian_damping": 1.5}, "between 0 and 1"),
        (GPTQConfig, {"group_size": 0}, "Invalid group_size"),
        (GPTQConfig, {"quantization_layer_structure": [1]}, "must be None"),
        (AWQConfig, {"weight_bits": 8}, "only supports 4-bit"),
        (AWQConfig, {"group_size": -2}, "Invalid group_size"),
        (AWQConfig, {"num_grid_points": 0}, "num_grid_points must be"),
    )
    def test_invalid_arguments(self, cls, kwargs, message):
        with self.assertRaisesRegex(ValueError, message):
            cls(None, None, **kwargs)
