"""Differential parity suite: every scenario against upstream's golden file.

The golden files are upstream Keras 3.15.1's results, recorded per backend by
`record_golden.py`. A scenario listed in `KNOWN_DIFFERENCES.md` (with its
backends and why the difference is kept) is expected to differ; the test
fails if it no longer does, so the list stays true.

`python integration_tests/parity/parity_test.py` prints the parity rate per
namespace for the active backend instead of running pytest.
"""

import collections
import os
import re
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import parity_runner  # noqa: E402
import parity_scenarios  # noqa: E402
import record_golden  # noqa: E402
from keras.src.backend import backend  # noqa: E402

SCENARIOS = parity_runner.load_scenarios()


def _golden():
    if not os.path.isdir(os.path.join(record_golden.GOLDEN, backend())):
        return None
    return record_golden.read_golden(
        backend(), parity_runner.scenario_modules()
    )


GOLDEN = _golden()


def known_differences():
    """{scenario name: (backends or None for all, reason)}."""
    known = {}
    pattern = re.compile(r"^- `([^`]+)`(?: \[([a-z, ]+)\])?: (.+)$")
    with open(os.path.join(HERE, "KNOWN_DIFFERENCES.md")) as f:
        for line in f:
            match = pattern.match(line.strip())
            if match:
                name, backends, reason = match.groups()
                backends = (
                    {b.strip() for b in backends.split(",")}
                    if backends else None
                )
                known[name] = (backends, reason)
    return known


KNOWN = known_differences()


def _params():
    params = []
    for name, scenario in sorted(SCENARIOS.items()):
        marks = []
        if scenario.trains:
            marks.append(pytest.mark.requires_trainable_backend)
        if name in KNOWN:
            backends, reason = KNOWN[name]
            if backends is None or backend() in backends:
                marks.append(pytest.mark.xfail(reason=reason, strict=True))
        params.append(pytest.param(name, marks=marks, id=name))
    return params


@pytest.mark.skipif(
    GOLDEN is None, reason=f"no golden file for the {backend()} backend"
)
@pytest.mark.parametrize("name", _params())
def test_matches_upstream(name):
    if name not in GOLDEN:
        pytest.fail(
            f"{name} has no golden record: run record_golden.py --modules "
            f"{SCENARIOS[name].module}"
        )
    scenario = SCENARIOS[name]
    ours = parity_runner.run_one(scenario)
    differences = parity_scenarios.compare(GOLDEN[name], ours, scenario)
    assert not differences, "\n".join(differences)


def report():
    by_namespace = collections.defaultdict(lambda: [0, 0])
    failures = []
    for name, scenario in sorted(SCENARIOS.items()):
        if name not in GOLDEN:
            continue
        namespace = name.split("[")[0].rsplit(".", 1)[0]
        namespace = ".".join(namespace.split(".")[:2])
        ours = parity_runner.run_one(scenario)
        differences = parity_scenarios.compare(GOLDEN[name], ours, scenario)
        by_namespace[namespace][1] += 1
        if differences:
            failures.append((name, differences))
        else:
            by_namespace[namespace][0] += 1
    for name, differences in failures:
        print(f"DIFF {name}: {differences[0]}")
    total = [sum(v[i] for v in by_namespace.values()) for i in (0, 1)]
    for namespace, (ok, count) in sorted(by_namespace.items()):
        print(f"{namespace:32} {ok:5}/{count:<5} {100 * ok / count:5.1f}%")
    print(f"{'TOTAL ' + backend():32} {total[0]:5}/{total[1]:<5} "
          f"{100 * total[0] / max(total[1], 1):5.1f}%")


if __name__ == "__main__":
    report()
