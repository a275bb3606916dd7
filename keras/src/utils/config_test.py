import copy
import pickle

from keras.src import testing
from keras.src.utils.config import Config


class ConfigTest(testing.TestCase):
    def test_attribute_and_item_access(self):
        config = Config(a=1, b="x")
        config.c = 3
        config["d"] = 4
        self.assertEqual((config.a, config["b"], config["c"], config.d),
                         (1, "x", 3, 4))
        self.assertEqual(list(config.keys()), ["a", "b", "c", "d"])
        self.assertEqual(list(config.values()), [1, "x", 3, 4])
        self.assertEqual(len(config), 4)
        self.assertIn("a", config)
        self.assertEqual(config.get("zz", 5), 5)
        self.assertEqual(config.pop("d"), 4)
        config.update({"e": 5}, f=6)
        self.assertEqual(config.as_dict(),
                         {"a": 1, "b": "x", "c": 3, "e": 5, "f": 6})
        self.assertEqual(Config(a=1).to_json(), '{"a": 1}')
        self.assertEqual(repr(Config(a=1)), "<Config {'a': 1}>")
        with self.assertRaisesRegex(AttributeError, "Unknown attribute"):
            config.zz
        with self.assertRaises(KeyError):
            config["zz"]
        del config["e"]
        del config.f
        self.assertNotIn("f", config)

    def test_freeze(self):
        config = Config(a=1)
        config.freeze()
        self.assertTrue(config.frozen)
        for mutate in (
            lambda: setattr(config, "a", 2),
            lambda: config.__setitem__("a", 2),
            lambda: config.pop("a"),
            lambda: config.update(a=2),
            lambda: config.__delitem__("a"),
        ):
            with self.assertRaisesRegex(ValueError, "frozen"):
                mutate()
        self.assertEqual(config.a, 1)
        config.unfreeze()
        config.a = 2
        self.assertEqual(config.a, 2)

    def test_copy_and_pickle(self):
        config = Config(a=[1])
        config.freeze()
        for clone in (copy.deepcopy(config),
                      pickle.loads(pickle.dumps(config))):
            self.assertEqual(clone.a, [1])
            self.assertTrue(clone.frozen)
