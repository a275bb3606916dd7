import numpy as np

from keras.src import testing
from keras.src.utils import python_utils


class PythonUtilsTest(testing.TestCase):
    def test_small_helpers(self):
        self.assertEqual(python_utils.to_list(1), [1])
        self.assertEqual(python_utils.to_list((1, 2)), [(1, 2)])
        self.assertEqual(python_utils.removeprefix("abc", "ab"), "c")
        self.assertEqual(python_utils.removeprefix("abc", ""), "abc")
        self.assertEqual(python_utils.removesuffix("abc", "bc"), "a")
        self.assertEqual(python_utils.removesuffix("abc", "x"), "abc")
        self.assertTrue(python_utils.is_continuous_axis([2, 1, 3]))
        self.assertTrue(python_utils.is_continuous_axis(-1))
        self.assertFalse(python_utils.is_continuous_axis([1, 3]))
        self.assertEqual(
            python_utils.remove_long_seq(3, [[1, 2], [1, 2, 3], [1]],
                                         [0, 1, 2]),
            ([[1, 2], [1]], [0, 2]),
        )
        a, b = [1], [1]
        items = [a, b]
        python_utils.remove_by_id(items, b)
        self.assertEqual(len(items), 1)
        self.assertIs(items[0], a)

    def test_pythonify_logs(self):
        logs = python_utils.pythonify_logs(
            {"a": np.float32(1.5), "b": np.array(2), "c": {"d": 3},
             "e": "x", "f": None, "g": np.array([1.0, 2.0])}
        )
        self.assertEqual(logs["a"], 1.5)
        self.assertIsInstance(logs["b"], float)
        self.assertEqual(logs["d"], 3.0)
        self.assertEqual((logs["e"], logs["f"]), ("x", None))
        self.assertEqual(logs["g"].tolist(), [1.0, 2.0])
        self.assertEqual(python_utils.pythonify_logs(None), {})

    def test_default(self):
        class A:
            @python_utils.default
            def f(self):
                pass

            def g(self):
                pass

        self.assertTrue(python_utils.is_default(A().f))
        self.assertFalse(python_utils.is_default(A().g))

    def test_func_dump_and_load(self):
        def outer():
            offset = 10

            def inner(x, y=2):
                return x + y + offset

            return inner

        dumped = python_utils.func_dump(outer())
        self.assertEqual(dumped[1:], ((2,), (10,)))
        self.assertIn("\n", dumped[0])  # base64 text with line breaks
        self.assertEqual(python_utils.func_load(*dumped)(1), 13)
        self.assertEqual(python_utils.func_load(dumped)(1, 0), 11)
        fn = python_utils.func_load(
            python_utils.func_dump(lambda x: np.sum(x))[0], globs={"np": np}
        )
        self.assertEqual(fn([1, 2]), 3)
