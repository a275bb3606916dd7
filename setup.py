"""Setuptools shim for tools that still call `python setup.py ...`
(`python setup.py develop`, `python setup.py --version`).

Every piece of metadata (name, version, dependencies, packages) lives in
pyproject.toml, which setuptools reads when `setup()` gets no arguments;
keeping none here means the two can never disagree.
"""

import setuptools

if __name__ == "__main__":
    setuptools.setup()
