import types

from keras.src import testing
from keras.src import tree
from keras.src.utils import tree as utils_tree


class UtilsTreeTest(testing.TestCase):
    def test_same_functions_as_keras_tree(self):
        public = [
            n
            for n in dir(tree)
            if not n.startswith("_")
            and not isinstance(getattr(tree, n), types.ModuleType)
        ]
        self.assertIn("map_structure", public)
        for name in public:
            self.assertIs(getattr(utils_tree, name), getattr(tree, name))

    def test_flatten_through_old_path(self):
        structure = {"b": [1, 2], "a": (3, None)}
        self.assertEqual(utils_tree.flatten(structure), [3, None, 1, 2])
