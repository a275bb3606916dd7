"""Helpers shared by the dataset loader tests: a temporary `KERAS_HOME`,
fixture files under their cache names, and a guard that fails if the
network is used."""

import contextlib
import hashlib
import io
import os
import urllib.request
from unittest import mock

import numpy as np

from keras.src import testing


def sha256_of(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def object_array(sequences):
    array = np.empty(len(sequences), dtype=object)
    for i, seq in enumerate(sequences):
        array[i] = list(seq)
    return array


class Evil:
    def __reduce__(self):
        return (os.system, ("echo should-not-run",))


class DatasetTestCase(testing.TestCase):
    def setUp(self):
        super().setUp()
        self.home = self.get_temp_dir()
        self.datasets = os.path.join(self.home, "datasets")
        os.makedirs(self.datasets)
        patcher = mock.patch.dict(os.environ, {"KERAS_HOME": self.home})
        patcher.start()
        self.addCleanup(patcher.stop)
        stdout = contextlib.redirect_stdout(io.StringIO())
        stdout.__enter__()
        self.addCleanup(stdout.__exit__, None, None, None)

    def no_network(self):
        return mock.patch.object(
            urllib.request,
            "urlopen",
            side_effect=AssertionError("the network was used"),
        )

    def cache_file(self, module, name, writer, hash_attr="_SHA256"):
        """Writes a fixture under its cache name and makes `module` expect
        its hash."""
        path = os.path.join(self.datasets, name)
        writer(path)
        self.enter(mock.patch.object(module, hash_attr, sha256_of(path)))
        return path

    def enter(self, context):
        value = context.__enter__()
        self.addCleanup(context.__exit__, None, None, None)
        return value
