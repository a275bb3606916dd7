"""Test configuration shared by every test in the repository.

torch is imported before tensorflow: the other order can crash when both
are loaded in one process.
"""

import importlib.util
import os

import pytest

# Tests compile thousands of small steps: they leave no compilation cache in
# the user's KERAS_HOME (its own tests switch it on explicitly).
os.environ.setdefault("KERAS_COMPILATION_CACHE", "0")

# Tests check results, not speed: XLA's CPU compiler (JAX, and TensorFlow
# with jit_compile) skips LLVM's costly optimizations, which halves the
# JAX suite's time (convolutional + models tests: 154 s -> 81 s), and emits
# fusions the older way, which compiles a small Keras fit 3.5x faster
# (41 compiles: 7.6 s -> 2.1 s).
_FAST_XLA = ("--xla_backend_optimization_level=0",
             "--xla_llvm_disable_expensive_passes=true",
             "--xla_cpu_use_fusion_emitters=false")
_xla_flags = os.environ.get("XLA_FLAGS", "")
os.environ["XLA_FLAGS"] = " ".join(
    [_xla_flags] + [f for f in _FAST_XLA if f.split("=")[0] not in _xla_flags]
).strip()

# Measured and left out (2026-12-02): a JAX persistent compilation cache
# private to the run and shared by the xdist workers (thresholds 0). On
# models/ + layers/normalization/ only 11 of 501 compiles were repeats of
# the same program: most are eager ops (jit(add), jit(multiply), ...) on
# shapes no other test uses, a train_step is compiled once per Model and
# the tests' models differ; a second subset run against the first one's
# cache hit 28 of 363. Reading an entry cost more than compiling it, and
# the subset ran no faster (192 s without, 218 s with, machine loaded).
# Also measured and left out (2026-12-02, load 8-13): XLA CPU flags
# parallel_codegen_split_count=1, use_thunk_runtime=false,
# multi_thread_eigen=false, copy_insertion_use_region_analysis=false
# (an eager op still costs ~25 ms CPU to lower and compile, a quarter of it
# JAX building a fresh MLIR context per lowering; none beat the noise);
# `--dist worksteal` instead of xdist's default `load`, which hands the
# first quarter of the tests out alternately and so splits each module
# over both workers (layers/rnn + layers/attention on jax: load 180.6 s
# CPU, worksteal 167.6 and 185.5 s).

if importlib.util.find_spec("torch") is not None:
    import torch  # noqa: F401

from keras.src.backend import backend  # noqa: E402
from keras.src.utils.rng_utils import set_random_seed  # noqa: E402


@pytest.fixture(autouse=True)
def _same_random_draws_every_run():
    # pytest-xdist hands tests to workers in varying order; seeding before
    # each test makes its unseeded draws (initializers, dropout, data) the
    # same in every run, so a result never depends on which tests ran first.
    set_random_seed(1337)


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "requires_trainable_backend: the test trains, so it is skipped on "
        "the numpy backend",
    )


def pytest_collection_modifyitems(config, items):
    if backend() != "numpy":
        return
    skip = pytest.mark.skip(
        reason="The numpy backend cannot train (inference only)."
    )
    for item in items:
        if "requires_trainable_backend" in item.keywords:
            item.add_marker(skip)


def pytest_report_header(config):
    env = os.environ.get("KERAS_BACKEND")
    return f"keras backend: {backend()} (KERAS_BACKEND={env})"
