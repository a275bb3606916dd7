import os

from keras.src.testing import TestCase
from keras.src.utils.code_stats import count_loc


class CountLocTest(TestCase):
    def write(self, root, name, text):
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)

    def test_counts_like_keras(self):
        # Expected counts are the oracle's for the same files.
        cases = [
            ("x=1\n# c\n\n  # c\nx=1 # c\n", 2),
            ('"""one"""\n"""a\nb\nc"""\n', 0),
            ('"""a\nb"""\nx=1\n', 0),
            ('"""a\nb\n"""\nx=1\n', 1),
            ('"""\nx=1\n', 1),
            ("'''\nabc\n'''\n", 3),
            ('s = """\nabc\n"""\n', 2),
        ]
        for text, expected in cases:
            root = self.get_temp_dir()
            self.write(root, "a.py", text)
            self.assertEqual(count_loc(root), expected, text)

    def test_exclude_and_extensions(self):
        root = self.get_temp_dir()
        self.write(root, "a.py", "x = 1\n")
        self.write(root, "a_test.py", "x = 1\n")
        self.write(root, "x_test/b.py", "x = 1\n")
        self.write(root, "notes.txt", "x = 1\n")
        self.assertEqual(count_loc(root), 1)
        self.assertEqual(count_loc(root, exclude=()), 3)
        self.assertEqual(count_loc(root, extensions=(".txt",)), 1)
        self.assertEqual(count_loc(os.path.join(root, "missing")), 0)
