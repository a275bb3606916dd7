"""Profiler traces for the TensorBoard callback, with `jax.profiler`.

`start_trace`/`stop_trace` record everything between them into `logdir`
(viewable in TensorBoard's profile tab); `start_batch_trace` marks one
training step in that trace.
"""

import jax


def start_trace(logdir):
    """Starts recording a profiler trace into `logdir`.

    Args:
        logdir: the directory the trace is written to.

    Example:

    ```python
    start_trace("/tmp/logs")
    model.fit(x, y, epochs=1)
    stop_trace(save=True)
    ```
    """
    jax.profiler.start_trace(logdir)


def stop_trace(save):
    """Stops the trace started by `start_trace`.

    Args:
        save: whether the trace is kept; JAX always writes it to the
            directory given to `start_trace` when tracing stops.
    """
    del save  # `jax.profiler.stop_trace` has no way to discard the trace.
    jax.profiler.stop_trace()


def start_batch_trace(batch):
    """Marks the start of training step `batch` in the trace.

    Args:
        batch: the step number.

    Returns:
        A context to pass to `stop_batch_trace`.

    Example:

    >>> context = start_batch_trace(0)
    >>> stop_batch_trace(context)
    """
    context = jax.profiler.StepTraceAnnotation(
        "Profiled batch", step_num=batch
    )
    context.__enter__()
    return context


def stop_batch_trace(batch_trace_context):
    """Marks the end of the step started by `start_batch_trace`.

    Args:
        batch_trace_context: the value `start_batch_trace` returned.
    """
    batch_trace_context.__exit__(None, None, None)
