"""`count_loc`: lines of code in a source tree."""

import os


def count_loc(directory, exclude=("_test",), extensions=(".py",),
              verbose=0):
    """Counts the lines of code of the source files under `directory`.

    Blank lines and `#` comments are not code, nor are docstrings: a line
    that starts with `\"\"\"` opens a docstring (or is a whole one when it
    also ends with `\"\"\"`), and the docstring runs until a line that
    starts with `\"\"\"`.

    Args:
        directory: the root of the tree, walked recursively.
        exclude: files whose path relative to `directory` contains one of
            these strings are skipped (by default, test files).
        extensions: only files with one of these endings are counted.
        verbose: when truthy, prints each file counted.

    Returns:
        The number of lines of code (0 for a missing directory).

    Example:

    >>> import os, tempfile
    >>> from keras.src.utils.code_stats import count_loc
    >>> root = tempfile.mkdtemp()
    >>> with open(os.path.join(root, "a.py"), "w") as f:
    ...     _ = f.write("# note\\n\\nx = 1\\n")
    >>> count_loc(root)
    1
    """
    total = 0
    for root, _, files in os.walk(directory):
        for name in sorted(files):
            path = os.path.join(root, name)
            relative = os.path.relpath(path, directory)
            if not name.endswith(tuple(extensions)):
                continue
            if any(pattern in relative for pattern in exclude):
                continue
            if verbose:
                print(f"Count LoCs in {path}")
            with open(path, encoding="utf-8", errors="replace") as f:
                total += _count_lines(f)
    return total


def _count_lines(lines):
    count = 0
    in_docstring = False
    for line in lines:
        line = line.strip()
        if in_docstring:
            if line.startswith('"""'):
                in_docstring = False
            continue
        if not line or line.startswith("#"):
            continue
        if line.startswith('"""'):
            # `"""` alone or `"""text"""` is a whole docstring.
            if not line.endswith('"""'):
                in_docstring = True
            continue
        count += 1
    return count
