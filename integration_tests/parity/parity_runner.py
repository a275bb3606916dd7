"""Runs the parity scenarios in one process, the same way for both sides."""

import glob
import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def scenario_modules():
    """Names of the `scenarios_*.py` modules, sorted."""
    return sorted(
        os.path.basename(path)[:-3]
        for path in glob.glob(os.path.join(HERE, "scenarios_*.py"))
    )


def load_scenarios(modules=None):
    """Imports the scenario modules (default: all); returns the registry,
    whose scenarios know their module (`scenario.module`)."""
    if HERE not in sys.path:
        sys.path.insert(0, HERE)
    import parity_scenarios

    for module in modules or scenario_modules():
        importlib.import_module(module)
    return parity_scenarios.SCENARIOS


def prepare():
    """Puts Keras in the same state before every scenario."""
    import keras

    keras.backend.clear_session(free_memory=False)
    keras.utils.set_random_seed(0)


def run_one(scenario):
    import parity_scenarios

    prepare()
    return parity_scenarios.run(scenario)


def run_module(module):
    """{name: record} for every scenario of one scenario module."""
    scenarios = load_scenarios([module])
    return {
        name: run_one(scenario)
        for name, scenario in sorted(scenarios.items())
        if scenario.module == module
    }
