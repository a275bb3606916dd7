"""Which process of a multi-process run writes files and prints.

In a data-parallel run every process runs the same callbacks on the same
(averaged) logs; only the chief, process 0, prints the progress bar and
writes checkpoints and backups, so that the processes never write the
same file at once. A single process is always the chief.
"""

from keras.src import backend


def is_chief():
    """Whether this process is process 0 of its run (or runs alone)."""
    lib = getattr(backend, "distribution_lib", None)
    if lib is None:
        return True
    return lib.process_id() == 0
