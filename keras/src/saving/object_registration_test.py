import threading

from keras.src import testing
from keras.src.saving import object_registration as registration


class _Configurable:
    def __init__(self, value=1):
        self.value = value

    def get_config(self):
        return {"value": self.value}


def _unregister(*names):
    for name in names:
        obj = registration.GLOBAL_CUSTOM_OBJECTS.pop(name, None)
        if registration.GLOBAL_CUSTOM_NAMES.get(obj) == name:
            del registration.GLOBAL_CUSTOM_NAMES[obj]


class RegisterTest(testing.TestCase):
    def test_default_package_and_name(self):
        self.addCleanup(_unregister, "Custom>_Configurable")
        result = registration.register_keras_serializable()(_Configurable)
        self.assertIs(result, _Configurable)
        self.assertIs(
            registration.get_custom_objects()["Custom>_Configurable"],
            _Configurable,
        )
        self.assertEqual(
            registration.get_registered_name(_Configurable),
            "Custom>_Configurable",
        )

    def test_package_and_name(self):
        self.addCleanup(_unregister, "Pkg>Renamed")

        @registration.register_keras_serializable("Pkg", "Renamed")
        def fn(x):
            return x + 1

        self.assertEqual(fn(1), 2)
        self.assertEqual(registration.get_registered_name(fn), "Pkg>Renamed")
        self.assertIs(registration.get_registered_object("Pkg>Renamed"), fn)

    def test_registration_leaves_object_unchanged(self):
        self.addCleanup(_unregister, "Pkg>_Configurable")
        before = dict(vars(_Configurable))
        registration.register_keras_serializable("Pkg")(_Configurable)
        self.assertEqual(dict(vars(_Configurable)), before)

    def test_class_without_get_config_is_refused(self):
        class Plain:
            pass

        with self.assertRaisesRegex(ValueError, "get_config"):
            registration.register_keras_serializable()(Plain)
        self.assertNotIn("Custom>Plain", registration.get_custom_objects())

    def test_reregistering_replaces(self):
        self.addCleanup(_unregister, "Pkg>f")

        def first(x):
            return x

        def second(x):
            return -x

        registration.register_keras_serializable("Pkg", "f")(first)
        registration.register_keras_serializable("Pkg", "f")(second)
        self.assertIs(registration.get_registered_object("Pkg>f"), second)

    def test_unregistered_name_is_dunder_name(self):
        self.assertEqual(
            registration.get_registered_name(_Configurable), "_Configurable"
        )
        with self.assertRaises(AttributeError):
            registration.get_registered_name(3)

    def test_custom_objects_dict_is_mutable_registry(self):
        self.addCleanup(_unregister, "added")
        registration.get_custom_objects()["added"] = _Configurable
        self.assertIs(registration.get_registered_object("added"),
                      _Configurable)


class LookupTest(testing.TestCase):
    def test_lookup_order(self):
        self.addCleanup(_unregister, "LookupTest>x")
        registration.get_custom_objects()["LookupTest>x"] = "global"
        get = registration.get_registered_object
        self.assertEqual(get("k", {"k": 1}, {"k": 2}), 1)
        self.assertEqual(get("k", None, {"k": 2}), 2)
        self.assertEqual(get("LookupTest>x", {"LookupTest>x": 1}), "global")
        with registration.CustomObjectScope({"LookupTest>x": "scope"}):
            self.assertEqual(get("LookupTest>x"), "scope")
        self.assertIsNone(get("missing", {"k": 1}, {"k": 2}))

    def test_nested_scopes(self):
        get = registration.get_registered_object
        with registration.custom_object_scope({"a": 1}):
            with registration.custom_object_scope({"a": 2, "b": 3}) as s:
                self.assertIsInstance(s, registration.CustomObjectScope)
                self.assertEqual((get("a"), get("b")), (2, 3))
            self.assertEqual((get("a"), get("b")), (1, None))
        self.assertIsNone(get("a"))

    def test_scope_does_not_touch_global_registry(self):
        with registration.CustomObjectScope({"scoped": 1}):
            self.assertNotIn("scoped", registration.get_custom_objects())

    def test_scope_exits_on_error(self):
        scope = registration.CustomObjectScope({"a": 1})
        with self.assertRaises(RuntimeError), scope:
            raise RuntimeError("boom")
        self.assertIsNone(registration.get_registered_object("a"))

    def test_none_scope(self):
        with registration.CustomObjectScope(None) as scope:
            self.assertEqual(scope.custom_objects, {})

    def test_scopes_are_per_thread(self):
        seen = []
        with registration.CustomObjectScope({"a": 1}):
            thread = threading.Thread(
                target=lambda: seen.append(
                    registration.get_registered_object("a")
                )
            )
            thread.start()
            thread.join()
        self.assertEqual(seen, [None])

    def test_aliases(self):
        self.assertIs(
            registration.custom_object_scope, registration.CustomObjectScope
        )
