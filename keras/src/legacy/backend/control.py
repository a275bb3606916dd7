"""Keras 2 backend control flow and random tensors (`K.rnn`, `K.map_fn`,
`K.foldl`, `K.random_normal`, ...)."""

from keras.src import backend
from keras.src import ops
from keras.src import random
from keras.src import tree
from keras.src.api_export import keras_export

__all__ = [
    "foldl",
    "foldr",
    "map_fn",
    "random_bernoulli",
    "random_normal",
    "random_uniform",
    "rnn",
    "truncated_normal",
]

_EXPORT = "keras._tf_keras.keras.backend."


@keras_export(_EXPORT + "rnn")
def rnn(step_function, inputs, initial_states, go_backwards=False,
        mask=None, constants=None, unroll=False, input_length=None,
        time_major=False, zero_output_for_mask=False,
        return_all_outputs=True):
    """Runs `step_function` over the time axis of `inputs`.

    Args:
        step_function: `(inputs_t, states) -> (output_t, new_states)`,
            called with `constants` appended to `states` when given.
        inputs: a tensor `(batch, time, ...)` (`(time, batch, ...)` when
            `time_major`).
        initial_states: a list of state tensors `(batch, ...)`.
        go_backwards: whether to iterate from the last step.
        mask: an optional boolean tensor `(batch, time)`: masked steps
            keep the previous states and output.
        constants: an optional list of tensors passed at every step.
        unroll: whether to unroll the loop in Python.
        input_length: the number of steps (needed only when unrolling a
            sequence of unknown length).
        time_major: whether time is axis 0 of `inputs`.
        zero_output_for_mask: whether masked steps output zeros.
        return_all_outputs: whether to return every step's output, or
            only the last.

    Returns:
        A tuple `(last_output, outputs, new_states)`.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> def step(x, states):
    ...     total = states[0] + x
    ...     return total, [total]
    >>> last, outputs, states = K.rnn(step, K.ones((2, 3, 1)),
    ...                               [K.zeros((2, 1))])
    >>> K.eval(last).tolist()
    [[3.0], [3.0]]
    """
    inputs = tree.map_structure(ops.convert_to_tensor, inputs)
    initial_states = [ops.convert_to_tensor(s) for s in initial_states]
    if mask is not None:
        mask = ops.convert_to_tensor(mask)
    return backend.rnn(
        step_function, inputs, initial_states, go_backwards=go_backwards,
        mask=mask, constants=constants, unroll=unroll,
        input_length=input_length, time_major=time_major,
        zero_output_for_mask=zero_output_for_mask,
        return_all_outputs=return_all_outputs,
    )


@keras_export(_EXPORT + "map_fn")
def map_fn(fn, elems, name=None, dtype=None):
    """Applies `fn` to each slice of `elems` along axis 0 and stacks the
    results.

    Args:
        fn: a function of one slice.
        elems: a tensor.
        name: unused, kept for Keras 2 compatibility.
        dtype: an optional dtype to cast the result to.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.map_fn(lambda t: t * 2, K.constant([1.0, 2.0]))).tolist()
    [2.0, 4.0]
    """
    del name
    result = ops.map(fn, ops.convert_to_tensor(elems))
    if dtype is not None:
        result = ops.cast(result, dtype)
    return result


def _fold(fn, elems, initializer, reverse):
    elems = ops.convert_to_tensor(elems)
    if initializer is None:
        if reverse:
            initializer, elems = elems[-1], elems[:-1]
        else:
            initializer, elems = elems[0], elems[1:]

    def step(carry, x):
        carry = fn(carry, x)
        return carry, carry

    carry, _ = ops.scan(step, ops.convert_to_tensor(initializer), elems,
                        reverse=reverse)
    return carry


@keras_export(_EXPORT + "foldl")
def foldl(fn, elems, initializer=None, name=None):
    """Reduces `elems` along axis 0 from the first slice:
    `fn(...fn(fn(initializer, e0), e1)..., en)`.

    Args:
        fn: a function `(accumulator, slice) -> accumulator`.
        elems: a tensor.
        initializer: the first accumulator; defaults to `elems[0]`, the
            fold then starting from `elems[1]`.
        name: unused, kept for Keras 2 compatibility.

    Returns:
        The final accumulator.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.foldl(lambda a, x: a + x, K.constant([1.0, 2.0, 3.0])))
    np.float32(6.0)
    """
    del name
    return _fold(fn, elems, initializer, reverse=False)


@keras_export(_EXPORT + "foldr")
def foldr(fn, elems, initializer=None, name=None):
    """Reduces `elems` along axis 0 from the last slice:
    `fn(...fn(fn(initializer, en), en-1)..., e0)`.

    Args:
        fn: a function `(accumulator, slice) -> accumulator`.
        elems: a tensor.
        initializer: the first accumulator; defaults to `elems[-1]`, the
            fold then starting from `elems[-2]`.
        name: unused, kept for Keras 2 compatibility.

    Returns:
        The final accumulator.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.foldr(lambda a, x: a - x, K.constant([1.0, 2.0, 3.0])))
    np.float32(0.0)
    """
    del name
    return _fold(fn, elems, initializer, reverse=True)


def _float(dtype):
    return backend.standardize_dtype(dtype or backend.floatx())


@keras_export(_EXPORT + "random_normal")
def random_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """A tensor of normally distributed values.

    Args:
        shape: the shape.
        mean: the mean.
        stddev: the standard deviation.
        dtype: a float dtype; defaults to `K.floatx()`.
        seed: an optional integer seed.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.random_normal((2, 3), seed=1))
    (2, 3)
    """
    return random.normal(tuple(shape), mean=mean, stddev=stddev,
                         dtype=_float(dtype), seed=seed)


@keras_export(_EXPORT + "random_uniform")
def random_uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    """A tensor of uniformly distributed values in `[minval, maxval)`.

    Args:
        shape: the shape.
        minval: the lower bound.
        maxval: the upper bound.
        dtype: a float dtype; defaults to `K.floatx()`.
        seed: an optional integer seed.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.random_uniform((2,), seed=1))
    (2,)
    """
    return random.uniform(tuple(shape), minval=minval, maxval=maxval,
                          dtype=_float(dtype), seed=seed)


@keras_export(_EXPORT + "truncated_normal")
def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """A tensor of normal values redrawn when more than two standard
    deviations from the mean.

    Args:
        shape: the shape.
        mean: the mean.
        stddev: the standard deviation before truncation.
        dtype: a float dtype; defaults to `K.floatx()`.
        seed: an optional integer seed.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.int_shape(K.truncated_normal((2,), seed=1))
    (2,)
    """
    return random.truncated_normal(tuple(shape), mean=mean, stddev=stddev,
                                   dtype=_float(dtype), seed=seed)


@keras_export(_EXPORT + "random_bernoulli")
def random_bernoulli(shape, p=0.0, dtype=None, seed=None):
    """A tensor of ones (with probability `p`) and zeros.

    Args:
        shape: the shape.
        p: the probability of a one.
        dtype: the result's dtype; defaults to `K.floatx()`.
        seed: an optional integer seed.

    Returns:
        A tensor.

    Example:

    >>> from keras._tf_keras.keras import backend as K
    >>> K.eval(K.random_bernoulli((3,), p=1.0)).tolist()
    [1.0, 1.0, 1.0]
    """
    draws = random.uniform(tuple(shape), seed=seed)
    return ops.cast(ops.less(draws, p), _float(dtype))
