"""`python setup.py ...` still works for older tooling: setup.py is a shim
over the metadata in pyproject.toml."""

import os
import subprocess
import sys

import keras

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_setup_py_version_is_the_package_version():
    result = subprocess.run(
        [sys.executable, "setup.py", "--version"],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == keras.__version__


def test_setup_py_name_is_keras():
    result = subprocess.run(
        [sys.executable, "setup.py", "--name"],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "keras"
