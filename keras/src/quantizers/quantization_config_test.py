from keras.src import quantizers
from keras.src import testing
from keras.src.quantizers import quantization_config as qconfig


class QuantizationConfigTest(testing.TestCase):
    def test_modes_and_defaults(self):
        int8 = quantizers.Int8QuantizationConfig()
        self.assertEqual(int8.mode, "int8")
        self.assertIsInstance(
            int8.activation_quantizer, quantizers.AbsMaxQuantizer
        )
        int4 = quantizers.Int4QuantizationConfig()
        self.assertEqual((int4.mode, int4.block_size), ("int4", 128))
        self.assertIsNone(int4.activation_quantizer)
        self.assertEqual(quantizers.Float8QuantizationConfig().mode, "float8")
        with self.assertRaisesRegex(NotImplementedError, "mode"):
            quantizers.QuantizationConfig().mode

    def test_serialization_round_trip(self):
        config = quantizers.Int8QuantizationConfig(
            weight_quantizer=quantizers.AbsMaxQuantizer(axis=0)
        )
        # Upstream's layout of the serialized config.
        expected = {
            "weight_quantizer": {
                "module": "keras.quantizers",
                "class_name": "AbsMaxQuantizer",
                "config": {
                    "value_range": (-127, 127),
                    "epsilon": 1e-07,
                    "output_dtype": "int8",
                    "axis": (0,),
                },
                "registered_name": None,
            },
            "activation_quantizer": {
                "module": "keras.quantizers",
                "class_name": "AbsMaxQuantizer",
                "config": {
                    "value_range": (-127, 127),
                    "epsilon": 1e-07,
                    "output_dtype": "int8",
                },
                "registered_name": None,
            },
        }
        self.assertEqual(config.get_config(), expected)
        for config in (
            config,
            quantizers.Int4QuantizationConfig(block_size=-1),
            quantizers.Float8QuantizationConfig(),
        ):
            rebuilt = quantizers.deserialize(quantizers.serialize(config))
            self.assertIs(type(rebuilt), type(config))
            self.assertEqual(rebuilt.get_config(), config.get_config())

    def test_validation(self):
        resolve = qconfig.validate_and_resolve_config
        self.assertEqual(resolve("int4", None).mode, "int4")
        self.assertEqual(
            resolve(None, quantizers.Float8QuantizationConfig()).mode,
            "float8",
        )
        with self.assertRaisesRegex(ValueError, "Contradictory"):
            resolve("int8", quantizers.Int4QuantizationConfig())
        with self.assertRaisesRegex(ValueError, "Invalid quantization mode"):
            resolve("int3", None)
        with self.assertRaisesRegex(ValueError, "needs a config"):
            resolve("gptq", None)
        with self.assertRaisesRegex(ValueError, "block_size"):
            quantizers.Int4QuantizationConfig(block_size=0)
        with self.assertRaisesRegex(ValueError, "int8"):
            quantizers.Int8QuantizationConfig(
                weight_quantizer=quantizers.AbsMaxQuantizer(
                    output_dtype="int16"
                )
            )
        with self.assertRaisesRegex(ValueError, "quantizer identifier"):
            quantizers.Int8QuantizationConfig(activation_quantizer=3)
