"""`keras.callbacks.TensorBoard`: logs for TensorBoard's dashboards.

Writes event files with the `tensorboard` package's protocol buffers and
without TensorFlow (see `tensorboard_events.py`), on every backend.
"""

import os
import time
import warnings

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback
from keras.src.callbacks.tensorboard_events import EventFileWriter


@keras_export("keras.callbacks.TensorBoard")
class TensorBoard(Callback):
    """Writes training logs for TensorBoard (`tensorboard --logdir=...`).

    Under `log_dir`, `train/` receives the training metrics of each epoch
    (`epoch_loss`, ..., `epoch_learning_rate`) and, with `update_freq`, of
    every few batches (`batch_loss`, ...); `validation/` receives the
    validation metrics under the same tags (`val_loss` as `epoch_loss`,
    so that TensorBoard draws both runs on one chart) and each
    evaluation's results against the optimizer's step
    (`evaluation_loss_vs_iterations`). With `histogram_freq`, the
    histograms (and, with `write_images`, images) of the weights are
    written too. Needs the `tensorboard` package, not TensorFlow.

    `summary` gives subclasses a way to write their own scalars,
    histograms and images next to these.

    Args:
        log_dir: the directory of the logs.
        histogram_freq: how often (in epochs) to write the weights'
            histograms; 0 never does.
        write_graph: accepted for compatibility: only TensorFlow graphs
            can be drawn by TensorBoard, and none is written.
        write_images: whether to write the weights as images along with
            their histograms.
        write_steps_per_second: whether to log the training speed
            (`epoch_steps_per_second`, `batch_steps_per_second`).
        update_freq: `"epoch"`, `"batch"`, or a number of batches: how
            often batch-level metrics are written (`"epoch"`: never).
        profile_batch: batches to profile; profiling is not supported
            here, and a non-zero value gives a warning.
        embeddings_freq: how often to write embeddings for the
            projector; not supported here (a non-zero value warns).
        embeddings_metadata: the projector's metadata files; unused.

    Example:

    >>> board = keras.callbacks.TensorBoard(log_dir="/tmp/logs",
    ...                                     update_freq=100)
    >>> board.update_freq
    100
    """

    def __init__(
        self,
        log_dir="logs",
        histogram_freq=0,
        write_graph=True,
        write_images=False,
        write_steps_per_second=False,
        update_freq="epoch",
        profile_batch=0,
        embeddings_freq=0,
        embeddings_metadata=None,
    ):
        super().__init__()
        _check_count("histogram_freq", histogram_freq)
        _check_count("embeddings_freq", embeddings_freq)
        self.log_dir = os.fspath(log_dir)
        self.histogram_freq = histogram_freq
        self.write_graph = write_graph
        self.write_images = write_images
        self.write_steps_per_second = write_steps_per_second
        self.update_freq = _check_update_freq(update_freq)
        self.embeddings_freq = embeddings_freq
        self.embeddings_metadata = embeddings_metadata
        _warn_unsupported(profile_batch, embeddings_freq)
        self._train_dir = os.path.join(self.log_dir, "train")
        self._val_dir = os.path.join(self.log_dir, "validation")
        self._writers = {}
        self._global_train_batch = 0
        self._epoch_start_batch = 0
        self._epoch_start_time = None
        self._batch_start_time = None

    @property
    def summary(self):
        """Writes custom summaries to this callback's logs.

        `summary.scalar(name, value, step, writer="train")`,
        `summary.histogram(name, values, step, writer="train")` and
        `summary.image(name, pixels, step, writer="train")` write to the
        `train` (or `"validation"`) logs.
        """
        return _Summary(self)

    def set_model(self, model):
        """Attaches the model; checks that `tensorboard` is installed.

        Args:
            model: the model.
        """
        super().set_model(model)
        # Fails early (ImportError naming the package) if it is missing.
        self._writer("train")

    def on_train_begin(self, logs=None):
        """Starts counting training batches.

        Args:
            logs: unused.
        """
        self._global_train_batch = 0

    def on_train_end(self, logs=None):
        """Closes the event files.

        Args:
            logs: unused.
        """
        self._close_writers()

    def on_epoch_begin(self, epoch, logs=None):
        """Records when the epoch starts, for the steps per second.

        Args:
            epoch: the epoch index.
            logs: unused.
        """
        self._epoch_start_batch = self._global_train_batch
        self._epoch_start_time = time.perf_counter()

    def on_train_batch_begin(self, batch, logs=None):
        """Records when the batch starts, for the steps per second.

        Args:
            batch: the batch index.
            logs: unused.
        """
        if self.write_steps_per_second:
            self._batch_start_time = time.perf_counter()

    def on_train_batch_end(self, batch, logs=None):
        """Writes the batch's metrics every `update_freq` batches.

        Args:
            batch: the batch index.
            logs: the metric values so far.
        """
        self._global_train_batch += 1
        if self.update_freq == "epoch":
            return
        if self._global_train_batch % self.update_freq:
            return
        step = self._global_train_batch
        writer = self._writer("train")
        for name, value in _scalars(logs).items():
            writer.scalar(f"batch_{name}", value, step)
        if self.write_steps_per_second and self._batch_start_time:
            elapsed = time.perf_counter() - self._batch_start_time
            if elapsed > 0:
                writer.scalar("batch_steps_per_second", 1 / elapsed, step)

    def on_test_begin(self, logs=None):
        """Nothing to do before an evaluation.

        Args:
            logs: unused.
        """

    def on_test_batch_begin(self, batch, logs=None):
        """Nothing to do before an evaluation batch.

        Args:
            batch: the batch index.
            logs: unused.
        """

    def on_test_end(self, logs=None):
        """Writes the evaluation's metrics against the optimizer's step.

        Args:
            logs: the evaluation's metric values.
        """
        step = self._optimizer_step()
        if step is None or not logs:
            return
        writer = self._writer("validation")
        for name, value in _scalars(logs).items():
            writer.scalar(f"evaluation_{name}_vs_iterations", value, step)
        writer.flush()

    def on_epoch_end(self, epoch, logs=None):
        """Writes the epoch's metrics and, every `histogram_freq` epochs,
        the weights.

        Args:
            epoch: the epoch index.
            logs: the epoch's metric values.
        """
        train, validation = _split_logs(_scalars(logs))
        if "learning_rate" not in train:
            rate = self._learning_rate()
            if rate is not None:
                train["learning_rate"] = rate
        if self.write_steps_per_second and self._epoch_start_time:
            elapsed = time.perf_counter() - self._epoch_start_time
            steps = self._global_train_batch - self._epoch_start_batch
            if elapsed > 0:
                train["steps_per_second"] = steps / elapsed
        self._write_epoch("train", train, epoch)
        self._write_epoch("validation", validation, epoch)
        if self.histogram_freq and epoch % self.histogram_freq == 0:
            self._write_weights(epoch)
        for writer in self._writers.values():
            writer.flush()

    # -- helpers -------------------------------------------------------------

    def _writer(self, kind):
        writer = self._writers.get(kind)
        if writer is None:
            directory = self._train_dir if kind == "train" else self._val_dir
            writer = EventFileWriter(directory)
            self._writers[kind] = writer
        return writer

    def _close_writers(self):
        for writer in self._writers.values():
            writer.close()
        self._writers = {}

    def _write_epoch(self, kind, values, epoch):
        if not values:
            return
        writer = self._writer(kind)
        for name, value in values.items():
            writer.scalar(f"epoch_{name}", value, epoch)

    def _write_weights(self, epoch):
        writer = self._writer("train")
        for name, variable in _named_weights(self.model):
            values = backend.convert_to_numpy(variable)
            writer.histogram(f"{name}/histogram", values, epoch)
            if self.write_images:
                image = _weight_image(values)
                if image is not None:
                    writer.image(f"{name}/image", image, epoch)

    def _optimizer(self):
        return getattr(self.model, "optimizer", None)

    def _optimizer_step(self):
        iterations = getattr(self._optimizer(), "iterations", None)
        if iterations is None:
            return None
        return int(backend.convert_to_numpy(iterations))

    def _learning_rate(self):
        rate = getattr(self._optimizer(), "learning_rate", None)
        if rate is None or callable(rate):
            return None
        try:
            return float(backend.convert_to_numpy(rate))
        except (TypeError, ValueError):
            return None


class _Summary:
    """The writing functions that `TensorBoard.summary` returns."""

    def __init__(self, callback):
        self._callback = callback

    def scalar(self, name, value, step, writer="train"):
        """Writes a scalar.

        Args:
            name: the series' name.
            value: a number or scalar tensor.
            step: the x-axis position.
            writer: `"train"` or `"validation"`.
        """
        value = float(backend.convert_to_numpy(value))
        self._writer(writer).scalar(name, value, step)

    def histogram(self, name, values, step, writer="train"):
        """Writes a histogram of `values`.

        Args:
            name: the series' name.
            values: an array or tensor.
            step: the x-axis position.
            writer: `"train"` or `"validation"`.
        """
        values = backend.convert_to_numpy(values)
        self._writer(writer).histogram(name, values, step)

    def image(self, name, pixels, step, writer="train"):
        """Writes an image.

        Args:
            name: the series' name.
            pixels: a `uint8` array `(height, width[, channels])`.
            step: the x-axis position.
            writer: `"train"` or `"validation"`.
        """
        pixels = backend.convert_to_numpy(pixels)
        self._writer(writer).image(name, pixels, step)

    def _writer(self, kind):
        if kind not in ("train", "validation"):
            raise ValueError(
                "TensorBoard summaries go to writer='train' or "
                f"'validation'. Received: writer={kind!r}"
            )
        return self._callback._writer(kind)


def _scalars(logs):
    """The scalar entries of `logs` as floats (other entries skipped)."""
    values = {}
    for name, value in (logs or {}).items():
        if isinstance(value, str):
            continue
        array = np.asarray(backend.convert_to_numpy(value))
        if array.ndim == 0 and np.issubdtype(array.dtype, np.number):
            values[name] = float(array)
    return values


def _split_logs(values):
    train, validation = {}, {}
    for name, value in values.items():
        if name.startswith("val_"):
            validation[name[len("val_"):]] = value
        else:
            train[name] = value
    return train, validation


def _named_weights(model):
    """(name, variable) pairs of the model's weights, named by path."""
    seen = set()
    for variable in getattr(model, "weights", None) or ():
        name = getattr(variable, "path", None) or getattr(
            variable, "name", f"weight_{len(seen)}"
        )
        name = name.replace(":", "_")
        if name in seen:
            continue
        seen.add(name)
        yield name, variable


def _weight_image(values):
    """A weight as a grey image scaled to 0-255 (`None` for scalars)."""
    values = np.asarray(values, dtype=np.float64)
    if values.ndim == 0 or values.size == 0:
        return None
    if values.ndim == 1:
        values = values[None, :]
    elif values.ndim > 2:
        values = values.reshape(-1, values.shape[-1])
    low, high = np.nanmin(values), np.nanmax(values)
    scale = 255.0 / (high - low) if high > low else 0.0
    return np.nan_to_num((values - low) * scale).astype(np.uint8)


def _check_count(name, value):
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(
            f"TensorBoard expects `{name}` to be a non-negative integer. "
            f"Received: {name}={value!r}"
        )


def _check_update_freq(update_freq):
    if update_freq in ("epoch", "batch"):
        return 1 if update_freq == "batch" else "epoch"
    if (
        isinstance(update_freq, int)
        and not isinstance(update_freq, bool)
        and update_freq > 0
    ):
        return update_freq
    raise ValueError(
        "TensorBoard expects `update_freq` to be 'epoch', 'batch' or a "
        f"positive number of batches. Received: update_freq={update_freq!r}"
    )


def _warn_unsupported(profile_batch, embeddings_freq):
    if profile_batch not in (0, None, "", (0, 0), [0, 0], "0,0"):
        warnings.warn(
            "TensorBoard profiling is not supported by this Keras: "
            f"profile_batch={profile_batch!r} is ignored.",
            stacklevel=3,
        )
    if embeddings_freq:
        warnings.warn(
            "TensorBoard embeddings (the projector) are not supported by "
            f"this Keras: embeddings_freq={embeddings_freq} is ignored.",
            stacklevel=3,
        )
