import json
import math
import warnings

import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.backend.common import global_state
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.dtype_policies.dtype_policy import DTypePolicy
from keras.src.saving import object_registration
from keras.src.saving import serialization_lib
from keras.src.saving.safe_mode import SafeModeScope
from keras.src.saving.safe_mode import enable_unsafe_deserialization

serialize = serialization_lib.serialize_keras_object
deserialize = serialization_lib.deserialize_keras_object
THIS_MODULE = __name__


class Point:
    """A configurable class, registered by the tests that need it."""

    def __init__(self, x=0, y=0, child=None):
        self.x, self.y, self.child = x, y, child

    def get_config(self):
        return {"x": self.x, "y": self.y, "child": self.child}

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        config["child"] = deserialize(config.get("child"))
        return cls(**config)


class Stateful(Point):
    """Has build and compile state, like layers and models."""

    built = False

    def get_build_config(self):
        return {"input_shape": (None, 3)}

    def build_from_config(self, config):
        self.built, self.build_config = True, config

    def get_compile_config(self):
        return {"loss": "mse"} if getattr(self, "compiled", True) else None

    def compile_from_config(self, config):
        self.compile_config = config


def square(x):
    return x * x


def _register(test, obj, package="SerializationTest", name=None):
    registered = f"{package}>{name or obj.__name__}"
    object_registration.register_keras_serializable(package, name)(obj)

    def cleanup():
        object_registration.GLOBAL_CUSTOM_OBJECTS.pop(registered, None)
        object_registration.GLOBAL_CUSTOM_NAMES.pop(obj, None)

    test.addCleanup(cleanup)
    return registered


class PlainDataTest(testing.TestCase):
    def test_scalars_and_strings_pass_through(self):
        for value in (None, True, 3, 2.5, "abc"):
            self.assertEqual(serialize(value), value)
            self.assertEqual(deserialize(value), value)
        self.assertTrue(math.isnan(deserialize(serialize(float("nan")))))

    def test_containers(self):
        value = {"a": (1, [2, "x"]), 3: None}
        config = serialize(value)
        self.assertEqual(config, value)
        self.assertIsInstance(config["a"], tuple)
        # JSON has no tuples, so they come back as lists.
        self.assertEqual(deserialize(config), {"a": [1, [2, "x"]], 3: None})

    def test_bytes(self):
        config = serialize(b"xy")
        self.assertEqual(
            config, {"class_name": "__bytes__", "config": {"value": "xy"}}
        )
        self.assertEqual(deserialize(json.loads(json.dumps(config))), b"xy")

    def test_nested_special_values(self):
        config = serialize([b"a", {"k": b"b"}])
        self.assertEqual(deserialize(config), [b"a", {"k": b"b"}])

    def test_slice_and_ellipsis(self):
        config = serialize(slice(1, None, 2))
        self.assertEqual(
            config,
            {
                "class_name": "__slice__",
                "config": {"start": 1, "stop": None, "step": 2},
            },
        )
        self.assertEqual(deserialize(config), slice(1, None, 2))
        config = serialize(Ellipsis)
        self.assertEqual(config, {"class_name": "__ellipsis__", "config": {}})
        self.assertIs(deserialize(config), Ellipsis)

    def test_legacy_tuple_form(self):
        config = {"class_name": "__tuple__", "config": {"value": [1, 2]}}
        self.assertEqual(deserialize(config), (1, 2))

    def test_unserializable(self):
        with self.assertRaisesRegex(TypeError, "get_config"):
            serialize({1, 2})
        with self.assertRaisesRegex(TypeError, "Could not parse config"):
            deserialize({1, 2})


class ArrayTest(testing.TestCase):
    def test_numpy_array(self):
        array = np.array([[1, 2]], dtype="int16")
        config = serialize(array)
        # The numpy backend's tensors are NumPy arrays.
        kind = "__tensor__" if backend.backend() == "numpy" else "__numpy__"
        self.assertEqual(
            config,
            {"class_name": kind,
             "config": {"value": [[1, 2]], "dtype": "int16"}},
        )
        restored = deserialize(json.loads(json.dumps(config)))
        self.assertAllEqual(restored, array)
        self.assertDType(restored, "int16")

    def test_numpy_scalars(self):
        if backend.backend() == "numpy":
            self.assertEqual(serialize(np.float32(2.5))["class_name"],
                             "__tensor__")
        else:
            self.assertEqual(serialize(np.float32(2.5)), 2.5)
            self.assertEqual(serialize(np.array(3)), 3)
            self.assertIsInstance(serialize(np.int64(3)), int)

    def test_tensor(self):
        x = backend.convert_to_tensor([1.5, 2.0], dtype="float32")
        config = serialize(x)
        self.assertEqual(
            config,
            {
                "class_name": "__tensor__",
                "config": {"value": [1.5, 2.0], "dtype": "float32"},
            },
        )
        restored = deserialize(config)
        self.assertTrue(backend.is_tensor(restored))
        self.assertAllClose(restored, x)
        self.assertDType(restored, "float32")

    def test_bfloat16_tensor(self):
        x = backend.convert_to_tensor([1.5, 2.0], dtype="bfloat16")
        config = serialize(x)
        self.assertEqual(config["config"]["dtype"], "bfloat16")
        self.assertEqual(config["config"]["value"], [1.5, 2.0])
        self.assertDType(deserialize(config), "bfloat16")
        numpy_config = {"class_name": "__numpy__", "config": config["config"]}
        self.assertDType(deserialize(numpy_config), "bfloat16")


class KerasTensorTest(testing.TestCase):
    def test_keras_tensor(self):
        x = KerasTensor((None, 3), dtype="int32")
        config = serialize(x)
        self.assertEqual(
            config,
            {
                "class_name": "__keras_tensor__",
                "config": {
                    "shape": (None, 3), "dtype": "int32",
                    "keras_history": None,
                },
            },
        )
        restored = deserialize(json.loads(json.dumps(config)))
        self.assertIsInstance(restored, KerasTensor)
        self.assertEqual(restored.shape, (None, 3))
        self.assertEqual(restored.dtype, "int32")

    def test_history_names_the_operation(self):
        class Op:
            name = "dense_1"

        x = KerasTensor((2,))
        x._keras_history = (Op(), 1, 0)
        history = serialize(x)["config"]["keras_history"]
        self.assertEqual(history, ["dense_1", 1, 0])


class FunctionAndTypeTest(testing.TestCase):
    def test_function_format(self):
        self.assertEqual(
            serialize(square),
            {
                "module": "builtins",
                "class_name": "function",
                "config": "square",
                "registered_name": "function",
            },
        )

    def test_unregistered_function_is_not_found(self):
        with self.assertRaisesRegex(TypeError, "function 'square'"):
            deserialize(serialize(square))

    def test_registered_function(self):
        registered = _register(self, square)
        config = serialize(square)
        self.assertEqual(config["config"], registered)
        self.assertIs(deserialize(config), square)

    def test_function_from_custom_objects(self):
        restored = deserialize(serialize(square), {"square": square})
        self.assertIs(restored, square)

    def test_builtin_type(self):
        config = serialize(int)
        self.assertEqual(
            config,
            {"module": "builtins", "class_name": "type", "config": "int",
             "registered_name": "type"},
        )
        self.assertIs(deserialize(config), int)

    def test_registered_class_as_type(self):
        registered = _register(self, Point)
        config = serialize(Point)
        self.assertEqual(config["config"], registered)
        self.assertIs(deserialize(config), Point)

    def test_unknown_type(self):
        config = serialize(Point)
        with self.assertRaisesRegex(TypeError, "'Point'"):
            deserialize(config)


class ObjectTest(testing.TestCase):
    def test_unregistered_class_format(self):
        config = serialize(Point(1, 2))
        self.assertEqual(
            config,
            {
                "module": THIS_MODULE,
                "class_name": "Point",
                "config": {"x": 1, "y": 2, "child": None},
                "registered_name": "Point",
            },
        )
        # Classes of Keras's own modules are found by importing them; those
        # of other modules must be registered or passed.
        self.assertIsInstance(deserialize(config), Point)
        config["module"] = "my_package.points"
        with self.assertRaisesRegex(TypeError, "Could not locate class"):
            deserialize(config)
        restored = deserialize(config, custom_objects={"Point": Point})
        self.assertEqual((restored.x, restored.y), (1, 2))

    def test_registered_class_round_trip(self):
        registered = _register(self, Point, name="Pt")
        point = Point(1, (2, 3), child=Point(4))
        config = serialize(point)
        self.assertEqual(config["registered_name"], registered)
        self.assertEqual(config["class_name"], "Point")
        self.assertEqual(
            config["config"]["child"]["config"], {"x": 4, "y": 0,
                                                  "child": None}
        )
        restored = deserialize(json.loads(json.dumps(config)))
        self.assertIsInstance(restored, Point)
        self.assertEqual(restored.y, [2, 3])
        self.assertEqual(restored.child.x, 4)

    def test_custom_objects_resolve_nested_configs(self):
        config = serialize(Point(1, child=Point(2)))
        restored = deserialize(config, custom_objects={"Point": Point})
        self.assertIsInstance(restored.child, Point)

    def test_public_class(self):
        config = serialize(DTypePolicy("mixed_float16"))
        self.assertEqual(
            config,
            {
                "module": "keras",
                "class_name": "DTypePolicy",
                "config": {"name": "mixed_float16"},
                "registered_name": None,
            },
        )
        restored = deserialize(config)
        self.assertIsInstance(restored, DTypePolicy)
        self.assertEqual(restored.name, "mixed_float16")

    def test_source_module_path(self):
        config = serialize(DTypePolicy("float16"))
        config["module"] = "keras.src.dtype_policies.dtype_policy"
        self.assertEqual(deserialize(config).name, "float16")

    def test_build_and_compile_config(self):
        config = serialize(Stateful(1))
        self.assertEqual(config["build_config"], {"input_shape": (None, 3)})
        self.assertEqual(config["compile_config"], {"loss": "mse"})
        restored = deserialize(config, custom_objects={"Stateful": Stateful})
        self.assertTrue(restored.built)
        self.assertEqual(restored.build_config, {"input_shape": (None, 3)})
        self.assertEqual(restored.compile_config, {"loss": "mse"})

    def test_none_compile_config_is_left_out(self):
        obj = Stateful()
        obj.compiled = False
        self.assertNotIn("compile_config", serialize(obj))

    def test_bad_get_config(self):
        class Bad:
            def get_config(self):
                return 5

        with self.assertRaisesRegex(TypeError, "should return a dict"):
            serialize(Bad())

    def test_no_get_config(self):
        with self.assertRaisesRegex(TypeError, "get_config"):
            serialize(object())

    def test_missing_from_config(self):
        class NoFromConfig:
            def get_config(self):
                return {}

        with self.assertRaisesRegex(TypeError, "from_config"):
            deserialize(serialize(NoFromConfig()),
                        {"NoFromConfig": NoFromConfig})

    def test_from_config_type_error_is_wrapped(self):
        config = serialize(Point(1))
        config["config"]["z"] = 0
        with self.assertRaisesRegex(TypeError, "Point.*could not be"):
            deserialize(config, custom_objects={"Point": Point})
        # Other errors keep their type: they already say what is wrong.
        config["config"] = {"child": {"class_name": "Nope", "config": {}}}
        with self.assertRaisesRegex(TypeError, "class 'Nope'"):
            deserialize(config, custom_objects={"Point": Point})

    def test_config_must_be_a_dict(self):
        config = {"module": "keras", "class_name": "DTypePolicy",
                  "config": "x", "registered_name": None}
        with self.assertRaisesRegex(TypeError, "to be a dict for DTypePolicy"):
            deserialize(config)

    def test_unknown_keras_class(self):
        config = {"module": "keras.layers", "class_name": "NoSuchLayer",
                  "config": {}, "registered_name": None}
        with self.assertRaisesRegex(ValueError, "keras.layers.NoSuchLayer"):
            deserialize(config)

    def test_unknown_class_without_module(self):
        with self.assertRaisesRegex(TypeError, "class 'NoSuchLayer'"):
            deserialize({"class_name": "NoSuchLayer", "config": {}})

    def test_modules_outside_keras_are_not_imported(self):
        config = {"module": "os", "class_name": "system", "config": {},
                  "registered_name": None}
        with self.assertRaisesRegex(TypeError, "class 'system'"):
            deserialize(config, safe_mode=False)

    def test_dict_without_config_is_plain_data(self):
        self.assertEqual(deserialize({"class_name": "X"}), {"class_name": "X"})


class LegacyFormTest(testing.TestCase):
    def test_names(self):
        self.assertEqual(deserialize("relu"), "relu")
        self.assertIs(deserialize("sq", custom_objects={"sq": square}),
                      square)
        self.assertIs(deserialize("sq", module_objects={"sq": square}),
                      square)
        # A class found among the module objects is instantiated.
        point = deserialize("P", module_objects={"P": Point})
        self.assertIsInstance(point, Point)
        self.assertIs(deserialize("P", {"P": Point}, module_objects={}),
                      Point)

    def test_custom_objects_win_over_module_objects(self):
        def other(x):
            return x

        restored = deserialize(
            "sq", custom_objects={"sq": square},
            module_objects={"sq": other}, printable_module_name="function",
        )
        self.assertIs(restored, square)

    def test_class_name_and_config(self):
        point = deserialize({"class_name": "Point", "config": {"x": 5}},
                            module_objects={"Point": Point})
        self.assertEqual(point.x, 5)

    def test_strings_in_plain_dicts(self):
        self.assertEqual(
            deserialize({"a": "k", "b": ["k"]}, custom_objects={"k": 1}),
            {"a": 1, "b": [1]},
        )


class LambdaTest(testing.TestCase):
    def _lambda_config(self, fn):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            config = serialize(fn)
        self.assertLen(caught, 1)
        self.assertIn("safe_mode=False", str(caught[0].message))
        return json.loads(json.dumps(config))

    def test_format(self):
        config = self._lambda_config(lambda x, y=2: x + y)
        self.assertEqual(config["class_name"], "__lambda__")
        code, defaults, closure = config["config"]["value"]
        self.assertIsInstance(code, str)
        self.assertEqual((defaults, closure), ([2], None))

    def test_refused_in_safe_mode(self):
        config = self._lambda_config(lambda x: x)
        message = "safe_mode=False.*enable_unsafe_deserialization"
        with self.assertRaisesRegex(ValueError, message):
            deserialize(config)

    def test_round_trip_when_unsafe(self):
        offset = 10
        config = self._lambda_config(lambda x, y=2: x + y + offset)
        fn = deserialize(config, safe_mode=False)
        self.assertEqual(fn(1), 13)
        self.assertEqual(fn(1, 0), 11)

    def test_global_switch(self):
        config = self._lambda_config(lambda x: -x)
        self.addCleanup(global_state.set_global_attribute, "safe_mode", None)
        enable_unsafe_deserialization()
        self.assertEqual(deserialize(config)(3), -3)

    def test_enclosing_scope_wins(self):
        config = self._lambda_config(lambda x: -x)
        with SafeModeScope(True), self.assertRaises(ValueError):
            deserialize(config, safe_mode=False)
        with SafeModeScope(False):
            self.assertEqual(deserialize(config)(2), -2)

    def test_nested_calls_inherit_safe_mode(self):
        _register(self, Point)
        config = serialize(Point())
        config["config"]["child"] = self._lambda_config(lambda x: 2 * x)
        with self.assertRaisesRegex(ValueError, "lambda"):
            deserialize(config)
        self.assertEqual(deserialize(config, safe_mode=False).child(2), 4)


class KerasHelpersTest(testing.TestCase):
    def test_object_sharing_scope(self):
        shared = object()
        with serialization_lib.ObjectSharingScope():
            first = {"module": "keras.layers"}
            second = {"module": "keras.layers"}
            serialization_lib.record_object_after_serialization(
                shared, first
            )
            self.assertNotIn("shared_object_id", first)
            serialization_lib.record_object_after_serialization(
                shared, second
            )
            self.assertEqual(first["shared_object_id"],
                             second["shared_object_id"])
            serialization_lib.record_object_after_deserialization("obj", 3)
            self.assertEqual(serialization_lib.get_shared_object(3), "obj")
        self.assertIsNone(serialization_lib.get_shared_object(3))

    def test_public_forms(self):
        from keras.src import activations
        from keras.src import layers
        from keras.src import models

        self.assertEqual(
            serialization_lib.serialize_with_public_class(
                layers.Dense, {"units": 2}
            ),
            {"module": "keras.layers", "class_name": "Dense",
             "config": {"units": 2}, "registered_name": None},
        )
        self.assertEqual(
            serialization_lib.serialize_with_public_fn(
                activations.relu, "relu"
            )["module"],
            "keras.activations",
        )
        model = models.Sequential([layers.Input((2,)), layers.Dense(1)])
        config = {}
        serialization_lib.get_build_and_compile_config(model, config)
        self.assertEqual(config["build_config"], {"input_shape": (None, 2)})
        self.assertEqual(
            serialization_lib.SerializableDict(units=2).serialize(),
            {"units": 2},
        )
