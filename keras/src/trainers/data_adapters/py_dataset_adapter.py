"""`keras.utils.PyDataset` and its adapter.

Batches are read in order, by the calling thread (`workers=1`, no
multiprocessing) or ahead of time by a pool of threads or processes that
keeps up to `max_queue_size` batches in flight. A process pool is created
for each epoch, so workers see the dataset as `on_epoch_end` left it; on
Linux its processes are forked, so the dataset need not be picklable.
"""

import collections
import itertools
import multiprocessing
import os
import queue as queue_module
import random as python_random
import threading
import warnings
from concurrent import futures
from multiprocessing import dummy as thread_pool

import numpy as np

from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.trainers.data_adapters import data_adapter_utils as utils
from keras.src.trainers.data_adapters.data_adapter import DataAdapter

_DEFAULTS = {"workers": 1, "use_multiprocessing": False, "max_queue_size": 10}


@keras_export(["keras.utils.PyDataset", "keras.utils.Sequence"])
class PyDataset:
    """Base class for datasets written in Python, read batch by batch.

    Subclasses implement `__getitem__(index)`, returning the batch at
    `index` as `(x,)`, `(x, y)` or `(x, y, sample_weight)` (or `x`
    alone), and `__len__` (the number of batches), or the `num_batches`
    property returning `None` for an endless dataset. `on_epoch_end` may
    reshuffle between epochs. Constructors should pass `**kwargs` to
    `super().__init__`.

    Indexing makes a `PyDataset` safe to read in parallel: with
    `workers > 1`, several batches are prepared ahead of time by threads,
    or by processes when `use_multiprocessing=True` (useful when
    `__getitem__` is CPU-bound Python code).

    Args:
        workers: the number of threads or processes reading batches in
            parallel; 1 reads in the training loop's thread.
        use_multiprocessing: whether the workers are processes rather
            than threads.
        max_queue_size: the most batches prepared ahead of use.

    Example:

    >>> class Squares(keras.utils.PyDataset):
    ...     def __len__(self):
    ...         return 3
    ...     def __getitem__(self, index):
    ...         x = np.full((2, 1), index, "float32")
    ...         return x, x**2
    >>> [y.ravel().tolist() for _, y in Squares()]
    [[0.0, 0.0], [1.0, 1.0], [4.0, 4.0]]
    """

    def __init__(self, workers=1, use_multiprocessing=False,
                 max_queue_size=10):
        self._workers = workers
        self._use_multiprocessing = use_multiprocessing
        self._max_queue_size = max_queue_size

    def _warn_if_super_not_called(self):
        missing = [k for k in _DEFAULTS if not hasattr(self, "_" + k)]
        if not missing:
            return
        warnings.warn(
            f"Your `{type(self).__name__}` should call "
            "`super().__init__(**kwargs)` in its constructor; `**kwargs` "
            "may hold `workers`, `use_multiprocessing` and "
            "`max_queue_size` (arguments of `fit()` do not set them). "
            "Using the defaults.",
            stacklevel=3,
        )
        for key in missing:
            setattr(self, "_" + key, _DEFAULTS[key])

    @property
    def workers(self):
        """The number of parallel readers."""
        self._warn_if_super_not_called()
        return self._workers

    @workers.setter
    def workers(self, value):
        self._workers = value

    @property
    def use_multiprocessing(self):
        """Whether the readers are processes."""
        self._warn_if_super_not_called()
        return self._use_multiprocessing

    @use_multiprocessing.setter
    def use_multiprocessing(self, value):
        self._use_multiprocessing = value

    @property
    def max_queue_size(self):
        """The most batches prepared ahead of use."""
        self._warn_if_super_not_called()
        return self._max_queue_size

    @max_queue_size.setter
    def max_queue_size(self, value):
        self._max_queue_size = value

    def __getitem__(self, index):
        """Returns the batch at position `index` (abstract)."""
        raise NotImplementedError(
            f"{type(self).__name__} must implement `__getitem__(index)`, "
            "returning the batch at `index`."
        )

    @property
    def num_batches(self):
        """Batches per epoch: `len(self)` by default; `None` means the
        dataset never ends."""
        if hasattr(self, "__len__"):
            return len(self)
        raise NotImplementedError(
            f"{type(self).__name__} must implement `__len__` or the "
            "`num_batches` property (returning `None` for an endless "
            "dataset)."
        )

    def on_epoch_begin(self):
        """Called at the beginning of every epoch."""

    def on_epoch_end(self):
        """Called at the end of every epoch."""

    def __iter__(self):
        """Yields the batches in order (endlessly when `num_batches` is
        `None`)."""
        count = self.num_batches
        indices = itertools.count() if count is None else range(count)
        for index in indices:
            yield self[index]


class PyDatasetAdapter(DataAdapter):
    """Adapts a `keras.utils.PyDataset`.

    Args:
        x: the `PyDataset`.
        class_weight: `{class_index: weight}` applied to each batch's
            targets, or `None`.
        shuffle: whether to visit the batches in a new random order each
            epoch (only for datasets of known length).
    """

    def __init__(self, x, class_weight=None, shuffle=False):
        if class_weight is not None:
            utils.validate_class_weight(class_weight)
        x._warn_if_super_not_called()
        self.py_dataset = x
        self.class_weight = class_weight
        self.shuffle = bool(shuffle)
        self._num_batches = x.num_batches

    def get_numpy_iterator(self):
        """Returns an iterator over one epoch of NumPy batches; closing
        it stops the workers."""
        batches = self._read(self._epoch_indices())
        try:
            for batch in batches:
                yield self._standardize(batch)
        finally:
            close = getattr(batches, "close", None)
            if close is not None:
                close()

    def _epoch_indices(self):
        if self._num_batches is None:
            return itertools.count()
        if self.shuffle:
            return [int(i) for i in np.random.permutation(self._num_batches)]
        return range(self._num_batches)

    def _read(self, indices):
        dataset = self.py_dataset
        workers = dataset.workers or 1
        if workers <= 1 and not dataset.use_multiprocessing:
            return (dataset[i] for i in indices)
        depth = max(1, dataset.max_queue_size or 1, workers)
        if dataset.use_multiprocessing:
            return _read_with_processes(dataset, indices, workers, depth)
        return _read_with_threads(dataset, indices, workers, depth)

    def _standardize(self, batch):
        batch = utils.standardize_batch(
            batch, "`PyDataset.__getitem__`"
        )
        batch = utils.structure_to_numpy(batch)
        if self.class_weight is None:
            return batch
        return _weigh_batch(batch, self.class_weight)

    def on_epoch_begin(self):
        self.py_dataset.on_epoch_begin()

    def on_epoch_end(self):
        self.py_dataset.on_epoch_end()

    @property
    def num_batches(self):
        return self._num_batches

    @property
    def batch_size(self):
        return None

    @property
    def has_partial_batch(self):
        return None

    @property
    def partial_batch_size(self):
        return None


def _weigh_batch(batch, class_weight):
    x, y, sample_weight = utils.unpack_x_y_sample_weight(batch)
    if y is None or sample_weight is not None:
        raise ValueError(
            "`class_weight` needs batches `(x, y)` without sample weights. "
            f"Received a batch with y={'None' if y is None else 'set'} and "
            f"sample_weight={'None' if sample_weight is None else 'set'}"
        )
    leaves = tree.flatten(y)
    if len(leaves) != 1:
        raise ValueError(
            "`class_weight` is only supported for models with a single "
            f"output. Received targets holding {len(leaves)} arrays"
        )
    weights = utils.class_weight_to_sample_weights(leaves[0], class_weight)
    return (x, y, weights)


# -- parallel reading ---------------------------------------------------------


def _ordered_prefetch(submit, indices, depth):
    """Yields `submit(i).result()` for each index in order while keeping
    `depth` tasks in flight."""
    pending = collections.deque()
    indices = iter(indices)
    for index in itertools.islice(indices, depth):
        pending.append(submit(index))
    while pending:
        result = pending.popleft().result()
        for index in itertools.islice(indices, 1):
            pending.append(submit(index))
        yield result


def _read_with_threads(dataset, indices, workers, depth):
    with futures.ThreadPoolExecutor(
        max_workers=workers, thread_name_prefix="keras_py_dataset"
    ) as pool:
        try:
            yield from _ordered_prefetch(
                lambda i: pool.submit(dataset.__getitem__, i), indices, depth
            )
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


# The dataset a worker process reads, set once per process by the pool's
# initializer (inherited through fork, pickled under spawn).
_WORKER_DATASET = None


def _init_worker(dataset):
    global _WORKER_DATASET
    _WORKER_DATASET = dataset


def _get_item(index):
    return _WORKER_DATASET[index]


class _AsyncResult:
    """Gives `multiprocessing`'s `AsyncResult` a `result()` method."""

    def __init__(self, async_result):
        self._async_result = async_result

    def result(self):
        return self._async_result.get()


def _read_with_processes(dataset, indices, workers, depth):
    pool = multiprocessing.get_context().Pool(
        workers, initializer=_init_worker, initargs=(dataset,)
    )
    try:
        yield from _ordered_prefetch(
            lambda i: _AsyncResult(pool.apply_async(_get_item, (i,))),
            indices, depth,
        )
    finally:
        pool.terminate()
        pool.join()


# -- Keras's enqueuers -----------------------------------------------------------
# A background thread reads a `PyDataset` epoch after epoch into a bounded
# queue, with a pool of threads or processes doing the `__getitem__`
# calls; `get()` yields the batches in order. (The adapter above reads
# per epoch instead; these are for code that drives a dataset itself.)

# uid -> dataset, shared with the workers (by fork, or by the pool's
# initializer).
_SHARED_DATASETS = {}
_UIDS = itertools.count()
_WORKER_ID_QUEUE = []


def get_index(uid, i):
    """Returns batch `i` of the dataset registered under `uid` (what a
    worker runs).

    Example:

    >>> _SHARED_DATASETS[-1] = [10, 20]
    >>> get_index(-1, 1)
    20
    """
    return _SHARED_DATASETS[uid][i]


def get_pool_class(use_multiprocessing):
    """Returns the pool class to read with: `multiprocessing.Pool`
    (processes) or its thread-backed twin.

    Example:

    >>> get_pool_class(False).__module__
    'multiprocessing.dummy'
    """
    if use_multiprocessing:
        return multiprocessing.get_context().Pool
    return thread_pool.Pool


def get_worker_id_queue():
    """Returns the queue worker processes report their process ids to
    (created on first use).

    Example:

    >>> get_worker_id_queue() is get_worker_id_queue()
    True
    """
    if not _WORKER_ID_QUEUE:
        _WORKER_ID_QUEUE.append(multiprocessing.Queue())
    return _WORKER_ID_QUEUE[0]


def init_pool_generator(gens, random_seed=None, id_queue=None):
    """Initializes a pool worker: installs the shared datasets `gens`,
    seeds Python's and NumPy's generators with `random_seed` plus the
    worker's process id (so workers draw differently), and reports the
    process id to `id_queue`.

    Example:

    >>> init_pool_generator({-2: [1]})
    >>> get_index(-2, 0)
    1
    """
    _SHARED_DATASETS.update(gens)
    pid = os.getpid()
    if random_seed is not None:
        python_random.seed(random_seed + pid)
        np.random.seed((random_seed + pid) % 2**32)
    if id_queue is not None:
        id_queue.put(pid, block=True, timeout=None)


class PyDatasetEnqueuer:
    """Reads a `PyDataset` into a queue from a background thread.

    Args:
        py_dataset: the `keras.utils.PyDataset` to read.
        workers: the number of threads or processes reading batches.
        use_multiprocessing: whether the workers are processes.
        max_queue_size: the most batches read ahead.

    Example:

    ```python
    enqueuer = OrderedEnqueuer(dataset, workers=2)
    enqueuer.start()
    batches = enqueuer.get()
    first = next(batches)
    enqueuer.stop()
    ```
    """

    def __init__(self, py_dataset, workers=1, use_multiprocessing=False,
                 max_queue_size=10):
        self.py_dataset = py_dataset
        self.workers = workers
        self.use_multiprocessing = use_multiprocessing
        self.max_queue_size = max_queue_size
        self.uid = next(_UIDS)
        _SHARED_DATASETS[self.uid] = py_dataset
        self.queue = None
        self.stop_signal = None
        self.run_thread = None

    def is_running(self):
        return self.stop_signal is not None and not self.stop_signal.is_set()

    def start(self):
        """Starts reading in the background."""
        if self.is_running():
            return
        self.queue = queue_module.Queue(self.max_queue_size)
        self.stop_signal = threading.Event()
        self.run_thread = threading.Thread(target=self._run, daemon=True)
        self.run_thread.start()

    def stop(self, drain_queue_and_join=True):
        """Stops reading; by default empties the queue and waits for the
        reading thread to end."""
        if self.stop_signal is None:
            return
        self.stop_signal.set()
        if drain_queue_and_join:
            while True:
                try:
                    self.queue.get_nowait()
                except queue_module.Empty:
                    break
            self.run_thread.join()

    def _send_py_dataset(self):
        """Shares the dataset (as `on_epoch_end` left it) with workers."""
        _SHARED_DATASETS[self.uid] = self.py_dataset

    def _get_executor_init(self, workers):
        """Returns a function creating the worker pool for `workers`."""

        def make_pool(shared):
            return get_pool_class(self.use_multiprocessing)(
                workers,
                initializer=init_pool_generator,
                initargs=(shared, None, None),
            )

        return make_pool

    def _indices(self):
        count = self.py_dataset.num_batches
        return itertools.count() if count is None else range(count)

    def _put(self, item):
        # Waits for room in the queue, giving up when stopped.
        while not self.stop_signal.is_set():
            try:
                self.queue.put(item, timeout=0.1)
                return True
            except queue_module.Full:
                continue
        return False

    def _run(self):
        """Reads epoch after epoch, in order, until stopped."""
        while not self.stop_signal.is_set():
            self._send_py_dataset()
            pool = self._get_executor_init(self.workers)(
                {self.uid: self.py_dataset}
            )
            try:
                pending = collections.deque()
                indices = iter(self._indices())
                for index in itertools.islice(indices, self.max_queue_size):
                    pending.append(
                        pool.apply_async(get_index, (self.uid, index))
                    )
                while pending and not self.stop_signal.is_set():
                    try:
                        item = pending.popleft().get()
                    except Exception as e:  # noqa: BLE001
                        self._put(e)
                        return
                    for index in itertools.islice(indices, 1):
                        pending.append(
                            pool.apply_async(get_index, (self.uid, index))
                        )
                    if not self._put(item):
                        return
            finally:
                pool.terminate()
                pool.join()
            if not self.stop_signal.is_set():
                self.py_dataset.on_epoch_end()

    def get(self):
        """Yields the batches read, in order; re-raises a reading error."""
        while self.is_running() or not self.queue.empty():
            try:
                item = self.queue.get(timeout=0.1)
            except queue_module.Empty:
                continue
            if isinstance(item, Exception):
                self.stop(drain_queue_and_join=False)
                raise item
            if item is not None:
                yield item


class OrderedEnqueuer(PyDatasetEnqueuer):
    """A `PyDatasetEnqueuer` that yields each epoch's batches in index
    order, or in a fresh random order per epoch with `shuffle=True`.

    Args:
        py_dataset: the `keras.utils.PyDataset` to read.
        workers: the number of threads or processes reading batches.
        use_multiprocessing: whether the workers are processes.
        max_queue_size: the most batches read ahead.
        shuffle: whether each epoch visits the batches in random order
            (finite datasets only).

    Example:

    ```python
    enqueuer = OrderedEnqueuer(dataset, shuffle=True)
    enqueuer.start()
    for batch in itertools.islice(enqueuer.get(), 10):
        ...
    enqueuer.stop()
    ```
    """

    def __init__(self, py_dataset, workers=1, use_multiprocessing=False,
                 max_queue_size=10, shuffle=False):
        super().__init__(py_dataset, workers=workers,
                         use_multiprocessing=use_multiprocessing,
                         max_queue_size=max_queue_size)
        self.shuffle = shuffle

    def _indices(self):
        indices = super()._indices()
        if self.shuffle and isinstance(indices, range):
            indices = list(indices)
            python_random.shuffle(indices)
        return indices
