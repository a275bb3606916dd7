from keras.src import api_export
from keras.src import layers
from keras.src import losses
from keras.src.testing import TestCase


class ApiExportTest(TestCase):
    def test_exported_names_are_registered(self):
        self.assertIs(
            api_export.get_symbol_from_name("keras.layers.Dense"),
            layers.Dense,
        )
        self.assertEqual(
            api_export.get_name_from_symbol(layers.Dense), "keras.layers.Dense"
        )
        self.assertIsNone(api_export.get_symbol_from_name("Dense"))
        self.assertIsNotNone(
            api_export.get_name_from_symbol(losses.mean_squared_error)
        )

    def test_register_internal_serializable(self):
        class Thing:
            pass

        self.assertIsNone(api_export.get_name_from_symbol(Thing))
        api_export.register_internal_serializable(
            ["keras.test_only.Thing", "keras.test_only.Other"], Thing
        )
        try:
            self.assertEqual(
                api_export.get_name_from_symbol(Thing),
                "keras.test_only.Thing",
            )
            # Only the first name of a list is recorded, as in Keras.
            self.assertIsNone(
                api_export.get_symbol_from_name("keras.test_only.Other")
            )
        finally:
            del api_export.REGISTERED_NAMES_TO_OBJS["keras.test_only.Thing"]
            del api_export.REGISTERED_OBJS_TO_NAMES[Thing]
        with self.assertRaises(TypeError):
            api_export.register_internal_serializable(3, Thing)
