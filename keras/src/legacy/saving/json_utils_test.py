import json

import numpy as np

from keras.src import testing
from keras.src.backend.common import global_state
from keras.src.layers.core.dense import Dense
from keras.src.legacy.saving import json_utils
from keras.src.legacy.saving import saving_options


class JsonUtilsTest(testing.TestCase):
    def test_tuples_and_ellipsis_round_trip(self):
        value = {"shape": (None, 3), "nested": [1, (2, (3,))], "s": "x"}
        text = json_utils.Encoder().encode(value)
        self.assertEqual(
            json.loads(text)["shape"],
            {"class_name": "__tuple__", "items": [None, 3]},
        )
        self.assertEqual(json_utils.decode(text), value)
        self.assertIs(
            json_utils.decode('{"class_name": "__ellipsis__"}'), Ellipsis
        )

    def test_get_json_type(self):
        self.assertEqual(json_utils.get_json_type(np.float32(2.5)), 2.5)
        self.assertEqual(json_utils.get_json_type(np.arange(3)), [0, 1, 2])
        self.assertEqual(
            json_utils.get_json_type(b"ab"),
            {"class_name": "__bytes__", "value": "ab"},
        )
        self.assertEqual(json_utils.get_json_type(np.maximum), "maximum")
        with self.assertRaisesRegex(TypeError, "Unrecognized type.*set"):
            json_utils.get_json_type({1, 2})

    def test_passive_objects_are_deserialized(self):
        text = json_utils.Encoder().encode({"layer": Dense(3, name="d")})
        restored = json_utils.decode_and_deserialize(text)["layer"]
        self.assertIsInstance(restored, Dense)
        self.assertEqual((restored.units, restored.name), (3, "d"))
        # `decode` leaves them as configurations.
        self.assertEqual(json_utils.decode(text)["layer"]["class_name"],
                         "Dense")

    def test_deep_json_fails_cleanly(self):
        with self.assertRaisesRegex(ValueError, "nested too deeply"):
            json_utils.decode("[" * 100000)

    def test_keras_option_scope(self):
        with saving_options.keras_option_scope(use_legacy_config=True):
            self.assertTrue(
                global_state.get_global_attribute("use_legacy_config")
            )
        self.assertIsNone(
            global_state.get_global_attribute("use_legacy_config")
        )
