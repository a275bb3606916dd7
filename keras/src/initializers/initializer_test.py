import numpy as np
from absl.testing import parameterized

from keras.src import initializers
from keras.src import ops
from keras.src import testing
from keras.src.saving import object_registration


class Twos(initializers.Initializer):
    def __call__(self, shape, dtype=None):
        return ops.full(shape, 2.0, dtype=dtype)


class BaseTest(testing.TestCase):
    def test_subclass(self):
        init = Twos()
        self.assertAllClose(init((2,)), [2.0, 2.0])
        self.assertEqual(init.get_config(), {})
        self.assertIsInstance(Twos.from_config({}), Twos)
        self.assertIsInstance(init.clone(), Twos)

    def test_base_call_raises(self):
        with self.assertRaisesRegex(TypeError, "must implement"):
            initializers.Initializer()((2,))


class GetTest(testing.TestCase):
    @parameterized.parameters(
        ("glorot_uniform", initializers.GlorotUniform),
        ("GlorotUniform", initializers.GlorotUniform),
        ("he_normal", initializers.HeNormal),
        ("zeros", initializers.Zeros),
        ("zero", initializers.Zeros),
        ("Ones", initializers.Ones),
        ("one", initializers.Ones),
        ("uniform", initializers.RandomUniform),
        ("normal", initializers.RandomNormal),
        ("random_normal", initializers.RandomNormal),
        ("truncated_normal", initializers.TruncatedNormal),
        ("variance_scaling", initializers.VarianceScaling),
        ("orthogonal", initializers.Orthogonal),
        ("OrthogonalInitializer", initializers.Orthogonal),
        ("identity", initializers.Identity),
        ("constant", initializers.Constant),
        ("stft", initializers.STFT),
        ("STFTInitializer", initializers.STFT),
    )
    def test_names(self, name, cls):
        self.assertIsInstance(initializers.get(name), cls)

    def test_none(self):
        self.assertIsNone(initializers.get(None))

    def test_dict(self):
        init = initializers.get(
            {"class_name": "RandomNormal", "config": {"seed": 3}}
        )
        self.assertIsInstance(init, initializers.RandomNormal)
        self.assertEqual(init.seed, 3)
        init = initializers.get({"class_name": "zeros", "config": {}})
        self.assertIsInstance(init, initializers.Zeros)
        config = initializers.serialize(initializers.Constant(4.0))
        self.assertEqual(initializers.get(config).value, 4.0)

    def test_instances_classes_and_callables(self):
        init = initializers.Ones()
        self.assertIs(initializers.get(init), init)
        self.assertIsInstance(
            initializers.get(initializers.Ones), initializers.Ones
        )
        self.assertIsInstance(initializers.get(Twos), Twos)

        def fn(shape, dtype=None):
            return ops.zeros(shape, dtype=dtype)

        self.assertIs(initializers.get(fn), fn)

    def test_unknown(self):
        for identifier in ("glorot_uniformm", "Glorot_Uniform", 12, [1]):
            with self.assertRaisesRegex(
                ValueError, "Could not interpret initializer identifier"
            ) as context:
                initializers.get(identifier)
            self.assertIn(f"identifier={identifier!r}", str(context.exception))
            self.assertIn("Expected", str(context.exception))

    def test_registered_custom_name(self):
        @object_registration.register_keras_serializable(package="Test")
        class Threes(initializers.Initializer):
            def __call__(self, shape, dtype=None):
                return ops.full(shape, 3.0, dtype=dtype)

        init = initializers.get("Test>Threes")
        self.assertAllClose(init((2,)), [3.0, 3.0])


class SerializationTest(testing.TestCase):
    def test_format(self):
        self.assertEqual(
            initializers.serialize(initializers.Zeros()),
            {
                "module": "keras.initializers",
                "class_name": "Zeros",
                "config": {},
                "registered_name": None,
            },
        )
        self.assertEqual(
            initializers.serialize(initializers.GlorotUniform(seed=1)),
            {
                "module": "keras.initializers",
                "class_name": "GlorotUniform",
                "config": {
                    "seed": 1,
                    "input_axes": None,
                    "output_axes": None,
                },
                "registered_name": None,
            },
        )

    def test_round_trips(self):
        for cls in initializers.ALL_OBJECTS:
            init = cls() if cls is not initializers.Constant else cls(1.5)
            restored = initializers.deserialize(initializers.serialize(init))
            self.assertIs(type(restored), cls)
            self.assertEqual(restored.get_config(), init.get_config())

    def test_custom_objects(self):
        config = {"class_name": "Twos", "config": {}}
        init = initializers.deserialize(config, custom_objects={"Twos": Twos})
        self.assertIsInstance(init, Twos)
        np.testing.assert_allclose(ops.convert_to_numpy(init((2,))), [2.0, 2.0])

    def test_strings_pass_through(self):
        self.assertEqual(initializers.serialize("zeros"), "zeros")
        self.assertIsNone(initializers.serialize(None))
