"""`DropoutRNNCell`: the dropout masks of recurrent cells."""

from keras.src import backend
from keras.src import ops
from keras.src.random import random


class DropoutRNNCell:
    """A mixin giving a recurrent cell its dropout masks.

    A cell using it sets `dropout`, `recurrent_dropout` and
    `seed_generator` (a `keras.random.SeedGenerator`). Its `call` asks for
    `get_dropout_mask(inputs)` and `get_recurrent_dropout_mask(state)`:
    each mask is drawn once and reused at every step until it is reset,
    so one sequence sees one mask (variational dropout). The `RNN` layer
    draws the masks before its loop and resets them after each call.

    Masks hold 0 or `1 / (1 - rate)`; multiplying by them is dropout.

    Example:

    >>> cell = keras.layers.SimpleRNNCell(3, dropout=0.5, seed=1)
    >>> x = np.ones((2, 4), "float32")
    >>> m1 = cell.get_dropout_mask(x)
    >>> m2 = cell.get_dropout_mask(x)
    >>> bool(keras.ops.all(m1 == m2))
    True
    >>> cell.reset_dropout_mask()
    """

    def _create_dropout_mask(self, step_input, rate):
        ones = ops.ones_like(step_input)
        if not backend.is_float_dtype(backend.standardize_dtype(ones.dtype)):
            ones = ops.cast(ones, self.compute_dtype)
        return random.dropout(
            ones, rate=rate, seed=self.seed_generator
        )

    def get_dropout_mask(self, step_input):
        """The mask of the inputs (shaped like `step_input`), drawn on
        first use; `None` when `dropout` is 0."""
        if not self.dropout:
            return None
        if getattr(self, "_dropout_mask", None) is None:
            object.__setattr__(
                self, "_dropout_mask",
                self._create_dropout_mask(step_input, self.dropout),
            )
        return self._dropout_mask

    def get_recurrent_dropout_mask(self, step_input):
        """The mask of the recurrent state (shaped like `step_input`),
        drawn on first use; `None` when `recurrent_dropout` is 0."""
        if not self.recurrent_dropout:
            return None
        if getattr(self, "_recurrent_dropout_mask", None) is None:
            object.__setattr__(
                self, "_recurrent_dropout_mask",
                self._create_dropout_mask(
                    step_input, self.recurrent_dropout
                ),
            )
        return self._recurrent_dropout_mask

    def reset_dropout_mask(self):
        """Forgets the inputs' mask: the next use draws a new one."""
        object.__setattr__(self, "_dropout_mask", None)

    def reset_recurrent_dropout_mask(self):
        """Forgets the state's mask: the next use draws a new one."""
        object.__setattr__(self, "_recurrent_dropout_mask", None)
