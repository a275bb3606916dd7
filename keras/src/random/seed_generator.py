"""`SeedGenerator`: the state behind reproducible random ops.

A random op never keeps state of its own: it draws from a stateless RNG
keyed by a seed tensor of two integers. `draw_seed` turns whatever the user
gave as `seed` (an int, a `SeedGenerator`, a seed tensor or `None`) into
that tensor. A `SeedGenerator` keeps its two integers in a non-trainable
Keras variable and advances them on each draw by assigning the variable,
so inside a `StatelessScope` the new state is routed through the scope and
a compiled, stateless train step can carry it.
"""

import random as python_random

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import global_state
from keras.src.backend.common.name_scope import name_scope
from keras.src.backend.common.naming import auto_name

# Seeds are folded into 32 bits: every backend's RNG takes 32-bit words.
_SEED_MODULUS = 2**32
_GLOBAL_GENERATOR = "global_seed_generator"
# Keras's name for the global generator's state key.
GLOBAL_SEED_GENERATOR = _GLOBAL_GENERATOR
# The seed the global generator is created with on its next first draw.
_GLOBAL_GENERATOR_SEED = "global_seed_generator_seed"


def _is_int(value):
    return isinstance(value, (int, np.integer))


def _seed_words(seed, dtype):
    """The two-word state `[seed, 0]` for an int `seed`, folded into the
    range of the seed dtype (int32 seeds wrap to negative values)."""
    word = int(seed) % _SEED_MODULUS
    if dtype == "int32" and word >= 2**31:
        word -= _SEED_MODULUS
    return [word, 0]


@keras_export("keras.random.SeedGenerator")
class SeedGenerator:
    """Generates the seeds of random ops, reproducibly.

    Pass a `SeedGenerator` as the `seed` of a random op: each call then
    draws a new seed from it, so successive calls give different numbers,
    while two generators created with the same `seed` give the same
    sequence. Its state is a non-trainable variable (`state`), so layers
    that own a generator can be traced and compiled: the state is updated
    like any other variable (through a `StatelessScope` when one is open).

    Args:
        seed: an int, the initial seed. `None` picks one with Python's
            `random` module (so `keras.utils.set_random_seed` fixes it).
        name: the generator's name; its state variable is created under it.
        **kwargs: `backend`, the backend module to create the state with
            (default: the active backend).

    Example:

    >>> gen = keras.random.SeedGenerator(seed=42)
    >>> a = keras.random.normal((2,), seed=gen)
    >>> b = keras.random.normal((2,), seed=gen)  # differs from `a`
    >>> tuple(a.shape)
    (2,)
    """

    def __init__(self, seed=None, name=None, **kwargs):
        self.backend = kwargs.pop("backend", backend)
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
        if seed is None:
            seed = make_default_seed()
        elif isinstance(seed, bool) or not _is_int(seed):
            raise ValueError(
                f"Argument `seed` must be an integer. Received: seed={seed!r}"
            )
        self._initial_seed = int(seed)
        self.name = name or auto_name("seed_generator")
        dtype = self.backend.random_seed_dtype()
        with name_scope(self.name, caller=self):
            self.state = self.backend.Variable(
                _seed_words(seed, dtype),
                shape=(2,),
                dtype=dtype,
                trainable=False,
                name="seed_generator_state",
            )
        # The counter step, made once: `next()` is on the hot path. On
        # TensorFlow it stays a NumPy array: a constant made while a
        # `tf.function` traces (the global generator's first use) would
        # belong to that graph.
        self._step = np.array([0, 1], dtype=dtype)
        if self.backend.backend() != "tensorflow":
            self._step = self.backend.convert_to_tensor(self._step)
        # torch and TensorFlow variables are updated in place, so the seed
        # handed out must be a copy; JAX and NumPy replace the value.
        self._copy_seed = self.backend.backend() not in ("jax", "numpy")

    def next(self, ordered=True):
        """Returns the current seed tensor and advances the state.

        Args:
            ordered: if `True`, the state advances by one step of a
                counter, so the seeds drawn form a fixed sequence. If
                `False`, it jumps to a point drawn from the current state:
                still reproducible, but successive seeds share no word.

        Returns:
            A tensor of shape `(2,)` and dtype
            `keras.backend.random_seed_dtype()`.

        Example:

        >>> gen = keras.random.SeedGenerator(seed=3)
        >>> keras.ops.convert_to_numpy(gen.next()).tolist()
        [3, 0]
        >>> keras.ops.convert_to_numpy(gen.next()).tolist()
        [3, 1]
        """
        value = self.state.value
        seed = self.backend.numpy.copy(value) if self._copy_seed else value
        if ordered:
            self.state.assign(value + self._step)
        else:
            self.state.assign(self._jump(seed))
        return seed

    def _jump(self, seed):
        words = self.backend.random.randint(
            (2,), 0, 2**31 - 1, dtype="int32", seed=seed
        )
        return self.backend.cast(words, self.state.dtype)

    def get_config(self):
        """Returns the generator's constructor arguments."""
        return {"seed": self._initial_seed, "name": self.name}

    @classmethod
    def from_config(cls, config):
        """Creates a generator from the output of `get_config()`."""
        return cls(**config)

    def __repr__(self):
        return (
            f"<SeedGenerator name={self.name}, seed={self._initial_seed}>"
        )


def global_seed_generator():
    """Returns the generator that `seed=None` draws from, creating it on
    first use (after each `clear_session()` or `set_random_seed()`)."""
    generator = global_state.get_global_attribute(_GLOBAL_GENERATOR)
    if generator is None:
        seed = global_state.get_global_attribute(_GLOBAL_GENERATOR_SEED)
        generator = SeedGenerator(seed, name=_GLOBAL_GENERATOR)
        global_state.set_global_attribute(_GLOBAL_GENERATOR, generator)
    return generator


def reset_global_seed_generator(seed=None):
    """Makes the global generator start afresh from `seed` on its next draw.

    The generator (a backend variable) is created on that draw, not here:
    `set_random_seed` runs before every test, and a TensorFlow variable
    costs it 17 ms.
    """
    global_state.set_global_attribute(_GLOBAL_GENERATOR_SEED, seed)
    global_state.set_global_attribute(_GLOBAL_GENERATOR, None)


def draw_seed(seed):
    """Returns the seed tensor (shape `(2,)`, the backend's seed dtype) a
    random op draws with.

    Args:
        seed: `None` (draw from the global generator), an int (a fixed
            seed: the same int gives the same numbers), a `SeedGenerator`
            (draw its next seed) or a seed tensor of shape `(2,)`.
    """
    if isinstance(seed, SeedGenerator):
        return seed.next()
    if seed is None:
        return global_seed_generator().next()
    dtype = backend.random_seed_dtype()
    if _is_int(seed):
        # Through NumPy: some backends convert lists slowly.
        words = np.array(_seed_words(seed, dtype), dtype=dtype)
        return backend.convert_to_tensor(words)
    if backend.is_tensor(seed) or isinstance(seed, np.ndarray):
        if tuple(seed.shape) != (2,):
            raise ValueError(
                "A seed tensor must have shape (2,). Received: "
                f"seed.shape={tuple(seed.shape)}"
            )
        return backend.convert_to_tensor(seed, dtype)
    raise ValueError(
        "Argument `seed` must be None, an integer, a `SeedGenerator` or a "
        f"seed tensor of shape (2,). Received: seed={seed!r} (of type "
        f"{type(seed)})"
    )


def make_default_seed():
    """Returns a fresh random seed (an int in `[1, 2**31)`, from Python's
    `random` module, which `keras.utils.set_random_seed` seeds), as used
    for a `SeedGenerator` created without one.

    Example:

    >>> 1 <= make_default_seed() < 2**31
    True
    """
    return python_random.randrange(1, 2**31)
