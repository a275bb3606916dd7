"""Runs the `Example:` sections of every public name's docstring.

The examples must run on every backend; their printed output is checked on
the numpy backend, whose arrays print the same way everywhere (other
backends print their own tensor types).
"""

import doctest
import importlib
import inspect

import numpy as np
import pytest

import keras
from keras.src import backend
from keras.src.api_export import REGISTRY

backend_config = importlib.import_module("keras.src.backend.config")


class _AnyOutput(doctest.OutputChecker):
    def check_output(self, want, got, optionflags):
        return True


def _public_objects():
    seen = {}
    for path, (module, attr) in sorted(REGISTRY.items()):
        obj = getattr(importlib.import_module(module), attr)
        if id(obj) not in seen and (
            inspect.isfunction(obj) or inspect.isclass(obj)
        ):
            seen[id(obj)] = (path, obj)
    return list(seen.values())


def _examples(obj):
    parser = doctest.DocTestParser()
    name = getattr(obj, "__qualname__", repr(obj))
    return parser.get_doctest(
        inspect.getdoc(obj) or "",
        {"keras": keras, "np": np},
        name,
        None,
        0,
    )


@pytest.mark.parametrize(
    "path,obj", _public_objects(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_docstring_example(path, obj):
    test = _examples(obj)
    if not test.examples:
        pytest.skip(f"{path} has no example")
    if backend.backend() == "numpy" and path.endswith(".jvp"):
        pytest.skip("The numpy backend has no automatic differentiation.")
    checker = None if backend.backend() == "numpy" else _AnyOutput()
    runner = doctest.DocTestRunner(
        checker=checker,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    messages = []
    # Without a garbage collection: with every backend imported and the
    # suite collected, one takes about 0.3-1 s, and this file runs ~870
    # examples per backend.
    keras.utils.clear_session(free_memory=False)
    # Examples of setters (floatx, flash attention, epoch limits) change
    # global settings that later tests in this process would inherit.
    settings = {name: value for name, value in vars(backend_config).items()
                if name.isupper() and name.startswith("_")}
    try:
        runner.run(test, out=messages.append)
    finally:
        vars(backend_config).update(settings)
    assert runner.failures == 0, "".join(messages)
