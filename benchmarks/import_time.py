"""`import keras` wall time, in fresh processes, here and at another commit.

Each run starts a new interpreter (`python -c "import keras"`) with the
backend set, so the figure includes the backend framework's own import.
With `--ref`, the same is measured for a `git worktree` of that commit,
alternating runs so that machine load affects both sides alike.

    python benchmarks/import_time.py --backend jax --ref ce8544a --runs 7
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def time_import(source_dir, backend):
    """Seconds one fresh `import keras` takes from `source_dir`."""
    env = dict(os.environ, KERAS_BACKEND=backend, PYTHONPATH=source_dir)
    # As users run it: from cached bytecode (the warm-up run writes it).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", "import keras"],
        cwd=source_dir, env=env, check=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def report(label, times):
    print(
        f"{label:>12}: best {min(times):.3f} s  median "
        f"{statistics.median(times):.3f} s  ({len(times)} runs)"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", default="jax")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ref", help="a git commit to compare with")
    args = parser.parse_args()

    sources = {"here": REPO}
    with tempfile.TemporaryDirectory() as tmp:
        if args.ref:
            worktree = os.path.join(tmp, "ref")
            subprocess.run(
                ["git", "-C", REPO, "worktree", "add", "--detach",
                 worktree, args.ref],
                check=True, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            sources[args.ref] = worktree
        try:
            times = {label: [] for label in sources}
            # One warm-up each (bytecode caches, the OS's file cache).
            for source in sources.values():
                time_import(source, args.backend)
            for _ in range(args.runs):
                for label, source in sources.items():
                    times[label].append(time_import(source, args.backend))
            print(f"import keras, KERAS_BACKEND={args.backend}")
            for label, values in times.items():
                report(label, values)
            if args.ref:
                ratio = min(times["here"]) / min(times[args.ref])
                print(f"best here / best {args.ref}: {ratio:.3f}")
        finally:
            if args.ref:
                subprocess.run(
                    ["git", "-C", REPO, "worktree", "remove", "--force",
                     sources[args.ref]],
                    check=False,
                )


if __name__ == "__main__":
    main()
