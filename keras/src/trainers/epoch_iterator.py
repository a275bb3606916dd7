"""`EpochIterator`: the batches of each epoch, for the trainers.

It wraps the data adapter chosen for the user's data and hands out the
batches as the active backend's steps take them, grouped
`steps_per_execution` at a time for the step functions. The backend's
trainer module converts them (`batch_iterable`: NumPy batches, a
`DataLoader` or a `tf.data.Dataset`, each leaf converted once; on JAX,
NumPy arrays in JAX's dtypes, which a jitted step sends to the device
with its call); the steps convert nothing.

Epoch boundaries follow Keras: without `steps_per_epoch` an epoch is one
full pass over the data. With it (or with
`keras.config.set_max_steps_per_epoch`), an epoch is that many batches and
the next epoch continues the same pass, so an endless generator or a
repeated dataset is consumed piece by piece; when the pass ends early the
epoch stops with a warning and the next one starts a new pass.
"""

import itertools
import warnings

import numpy as np

from keras.src.backend import config
from keras.src.trainers import data_adapters
from keras.src.trainers.backend_trainer import backend_trainer


class EpochIterator:
    """Iterates over the batches of the data given to `fit` and co.

    Args:
        x, y, sample_weight, batch_size, shuffle, class_weight: the data
            and its options, as for `data_adapters.get_data_adapter`.
        steps_per_epoch: batches per epoch, or `None` for one full pass.
        steps_per_execution: how many consecutive batches each item of
            `enumerate_epoch` holds.
    """

    def __init__(self, x, y=None, sample_weight=None, batch_size=None,
                 steps_per_epoch=None, shuffle=False, class_weight=None,
                 steps_per_execution=1):
        _check_positive_or_none("steps_per_epoch", steps_per_epoch)
        _check_positive_or_none("steps_per_execution", steps_per_execution)
        self.data_adapter = data_adapters.get_data_adapter(
            x, y=y, sample_weight=sample_weight, batch_size=batch_size,
            steps_per_epoch=steps_per_epoch, shuffle=shuffle,
            class_weight=class_weight,
        )
        self.steps_per_epoch = _cap_steps(steps_per_epoch)
        self.steps_per_execution = int(steps_per_execution or 1)
        self._iterator = None
        # Whether `_iterator` is a pass no epoch has read from yet (one
        # started by `peek`).
        self._fresh = False
        self._batches = None

    @property
    def num_batches(self):
        """Batches per epoch, or `None` when unknown (generators, endless
        datasets)."""
        if self.steps_per_epoch is not None:
            return self.steps_per_epoch
        return _capped(self.data_adapter.num_batches)

    def peek(self):
        """Returns the first batch the next epoch will yield (in the
        backend's form) without consuming it, or `None` when there is no
        more data. Used to build a model before its steps are compiled."""
        iterator = self._current_pass(new_pass=self.steps_per_epoch is None)
        first = next(iterator, _END)
        if first is _END:
            self._iterator = None
            return None
        self._iterator = itertools.chain([first], iterator)
        self._fresh = True
        return first

    def reset(self):
        """Drops the pass in progress: the next epoch starts a new one."""
        iterator, self._iterator = self._iterator, None
        self._fresh = False
        close = getattr(iterator, "close", None)
        if close is not None:
            close()

    def __iter__(self):
        """Yields the batches of one epoch, one at a time."""
        for _, batch in self._enumerate_batches():
            yield batch

    def enumerate_epoch(self):
        """Yields `(step, batches)` over one epoch: `batches` is a list of
        up to `steps_per_execution` consecutive batches (the last list may
        be shorter) and `step` the index, from 0, of its last batch."""
        for _, last, batches in self.enumerate_epoch_groups():
            yield last, batches

    def enumerate_epoch_groups(self):
        """Like `enumerate_epoch`, yielding
        `(first_step, last_step, batches)`."""
        group, first = [], 0
        for step, batch in self._enumerate_batches():
            if not group:
                first = step
            group.append(batch)
            if len(group) == self.steps_per_execution:
                yield first, step, group
                group = []
        if group:
            yield first, first + len(group) - 1, group

    def _enumerate_batches(self):
        self.data_adapter.on_epoch_begin()
        try:
            if self.steps_per_epoch is None:
                yield from self._full_pass()
            else:
                yield from self._steps(self.steps_per_epoch)
        finally:
            self.data_adapter.on_epoch_end()

    def _current_pass(self, new_pass):
        if self._iterator is not None and (self._fresh or not new_pass):
            return self._iterator
        self.reset()
        self._iterator = self._new_iterator()
        return self._iterator

    def _full_pass(self):
        iterator = self._current_pass(new_pass=True)
        self._fresh = False
        count = 0
        for count, batch in enumerate(iterator, start=1):
            yield count - 1, batch
        self._iterator = None
        if count == 0:
            warnings.warn(
                "Your input produced no batch this epoch: it is empty, "
                "or a generator that earlier epochs exhausted (pass "
                "`steps_per_epoch` to spread it over the epochs).",
                stacklevel=2,
            )

    def _steps(self, steps):
        iterator = self._current_pass(new_pass=False)
        self._fresh = False
        for step in range(steps):
            batch = next(iterator, _END)
            if batch is _END:
                self._iterator = None
                _warn_out_of_data(step, steps)
                return
            yield step, batch

    def _new_iterator(self):
        # Made once (a `tf.data.Dataset` re-reads the adapter at each
        # pass); each `iter()` is one pass.
        if self._batches is None:
            self._batches = backend_trainer().batch_iterable(
                self.data_adapter
            )
        return iter(self._batches)


_END = object()


def _check_positive_or_none(name, value):
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(
        value, (int, np.integer)
    ) or value < 1:
        raise ValueError(
            f"`{name}` must be a positive integer or None. Received: "
            f"{name}={value!r}"
        )


def _cap_steps(steps_per_epoch):
    cap = config.max_steps_per_epoch()
    if cap is None:
        return steps_per_epoch
    if steps_per_epoch is None or steps_per_epoch > cap:
        return cap
    return steps_per_epoch


def _capped(num_batches):
    cap = config.max_steps_per_epoch()
    if cap is None or num_batches is None:
        return num_batches
    return min(cap, num_batches)


def _warn_out_of_data(step, steps):
    warnings.warn(
        f"Your input ran out of data after {step} of {steps} steps; "
        "interrupting the epoch. Make sure your dataset or generator can "
        "produce at least `steps_per_epoch * epochs` batches (e.g. with "
        "`.repeat()` on a `tf.data.Dataset`).",
        stacklevel=2,
    )
