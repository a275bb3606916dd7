"""The README's main job runs end to end (one short epoch here; the full
run reaches >= 95% test accuracy, see the issue notes)."""

import os
import pathlib
import re
import subprocess
import sys

import pytest

from keras.src import backend

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.mark.requires_trainable_backend
def test_digits_convnet_runs():
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "digits_convnet.py"),
         "--backend", backend.backend(), "--epochs", "2"],
        capture_output=True, text=True, timeout=600,
        env={**os.environ, "KERAS_BACKEND": backend.backend()},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    match = re.search(r"test_accuracy=([0-9.]+)", result.stdout)
    assert match, result.stdout[-2000:]
    # Two epochs already beat chance (10%) by far.
    assert float(match.group(1)) > 0.5
    assert "Epoch 2/2" in result.stdout
