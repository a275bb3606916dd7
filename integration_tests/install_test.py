"""The importable `keras` must be this repository's, not upstream's (which
TensorFlow's requirements pull in)."""

import os

import keras

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_keras_is_imported_from_this_repository():
    package_dir = os.path.dirname(os.path.abspath(keras.__file__))
    assert package_dir == os.path.join(REPO_ROOT, "keras"), (
        f"`import keras` loads {keras.__file__}, not this repository's "
        "package. Reinstall with `pip install -r requirements.txt -e .`."
    )


def test_version_satisfies_tensorflow_requirement():
    major, minor = (int(p) for p in keras.__version__.split(".")[:2])
    assert (major, minor) >= (3, 12)
    assert keras.version() == keras.__version__
