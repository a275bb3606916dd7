"""Profiler traces for the TensorBoard callback, with `tf.profiler`.

`start_trace`/`stop_trace` record everything between them into `logdir`
(TensorBoard's profile tab); `start_batch_trace` marks one training step
in that trace.
"""

import tensorflow as tf


def start_trace(logdir):
    """Starts recording a profiler trace into `logdir`.

    Example:

    ```python
    start_trace("/tmp/logs")
    model.fit(x, y, epochs=1)
    stop_trace(save=True)
    ```
    """
    tf.profiler.experimental.start(logdir=logdir)


def stop_trace(save):
    """Stops the trace started by `start_trace`, writing it when `save`."""
    tf.profiler.experimental.stop(save=save)


def start_batch_trace(batch):
    """Marks the start of training step `batch` in the trace; returns the
    context to pass to `stop_batch_trace`.

    Example:

    >>> context = start_batch_trace(0)
    >>> stop_batch_trace(context)
    """
    context = tf.profiler.experimental.Trace(
        "Profiled batch", step_num=batch
    )
    context.__enter__()
    return context


def stop_batch_trace(batch_trace_context):
    """Marks the end of the step started by `start_batch_trace`."""
    batch_trace_context.__exit__(None, None, None)
