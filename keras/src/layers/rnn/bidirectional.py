"""`Bidirectional`: runs a recurrent layer forwards and backwards over a
sequence and merges the two results."""

from keras.src import backend
from keras.src import dtype_policies
from keras.src import ops
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.layers.rnn import cell_arguments
from keras.src.layers.rnn.gru import GRU
from keras.src.layers.rnn.lstm import LSTM
from keras.src.saving import serialization_lib

MERGE_MODES = ("sum", "mul", "ave", "concat", None)
# Attributes the forward and backward layers must agree on.
_MATCHING = ("return_sequences", "return_state", "stateful")
_RNN_ATTRIBUTES = ("go_backwards", "return_sequences", "return_state")


@keras_export("keras.layers.Bidirectional")
class Bidirectional(Layer):
    """A bidirectional wrapper for recurrent layers.

    It holds two copies of a recurrent layer: `forward_layer`, made from
    the given layer's config, reads the sequence from the first step to
    the last; `backward_layer` reads it from the last to the first (the
    same config with `go_backwards` flipped, unless one is given). Their
    outputs are merged with `merge_mode`; with `return_sequences=True`
    the backward outputs are first put back in forward time order, so
    step `t` of the result sees the whole sequence, and both directions
    output zeros at masked steps (`zero_output_for_mask=True`). The
    weights are the forward layer's, then the backward layer's.

    Two `LSTM` (or two `GRU`) layers for which the backend has a fused
    kernel (on PyTorch: default activations, not unrolled, no recurrent
    dropout, no dropout in training, not stateful) run both directions
    in one call: one `torch.lstm`/`torch.gru` with `bidirectional=True`,
    or, with a mask, one loop for both directions. The results are those
    of calling the two layers.

    With `return_state=True` the result is
    `(merged, *forward_states, *backward_states)` (or
    `(forward, backward, *forward_states, *backward_states)` when
    `merge_mode=None`), and an `initial_state` list is split in two: the
    first half starts the forward layer, the second the backward one.

    Args:
        layer: a recurrent layer instance (`keras.layers.RNN`, `LSTM`,
            `GRU`, or any layer with `go_backwards`, `return_sequences`
            and `return_state` attributes and a `get_config()`).
        merge_mode: how the two directions are combined: `"concat"`
            (along the last axis), `"sum"`, `"mul"`, `"ave"` (their
            mean) or `None` (both returned, as a tuple).
        weights: optional list of NumPy arrays set as the layer's weights
            (forward then backward) when it is built.
        backward_layer: optional recurrent layer to use for the backward
            direction. It must have the opposite `go_backwards` and the
            same `return_sequences`, `return_state` and `stateful` as
            `layer`.
        **kwargs: base layer arguments (`name`, `dtype`, `trainable`, ...).

    Call arguments:
        sequences: a tensor of shape `(batch, time, ...)`.
        initial_state: optional list of initial states: the forward
            layer's, then the backward layer's.
        mask: optional boolean tensor of shape `(batch, time)`.
        training: whether the wrapped layers run in training mode.

    Example:

    >>> layer = keras.layers.Bidirectional(keras.layers.LSTM(4))
    >>> layer(keras.ops.ones((2, 5, 3))).shape
    (2, 8)
    >>> len(layer.weights)
    6
    """

    def __init__(
        self,
        layer,
        merge_mode="concat",
        weights=None,
        backward_layer=None,
        **kwargs,
    ):
        if not isinstance(layer, Layer):
            raise ValueError(
                "Please initialize `Bidirectional` layer with a "
                "`keras.layers.Layer` instance. Received: "
                f"layer={layer!r} (of type {type(layer).__name__})"
            )
        _check_recurrent(layer, "layer")
        if backward_layer is not None:
            if not isinstance(backward_layer, Layer):
                raise ValueError(
                    "`backward_layer` needs to be a `keras.layers.Layer` "
                    f"instance. Received: backward_layer={backward_layer!r}"
                    f" (of type {type(backward_layer).__name__})"
                )
            _check_recurrent(backward_layer, "backward_layer")
        if merge_mode not in MERGE_MODES:
            raise ValueError(
                f"Invalid merge mode. Received: merge_mode={merge_mode!r}. "
                'Merge mode should be one of {"sum", "mul", "ave", '
                '"concat", None}'
            )
        # The given layer serves only as a template: both directions are
        # fresh copies (or the given backward layer), so the template's
        # own variables, if it has any, are not the wrapper's.
        forward_layer = _copy(layer, "forward_" + layer.name)
        if backward_layer is None:
            backward_layer = _copy(
                layer, "backward_" + layer.name,
                go_backwards=not layer.go_backwards,
            )
        else:
            _check_compatible(forward_layer, backward_layer)
        if layer.return_sequences:
            # Masked steps output zeros in both directions (as in Keras):
            # otherwise the reversed backward sequence would repeat
            # states into the steps before the mask.
            for direction in (forward_layer, backward_layer):
                if hasattr(direction, "zero_output_for_mask"):
                    direction.zero_output_for_mask = True
        super().__init__(**kwargs)
        self.forward_layer = forward_layer
        self.backward_layer = backward_layer
        self.merge_mode = merge_mode
        self._initial_weights = weights
        self.return_sequences = layer.return_sequences
        self.return_state = layer.return_state
        self.stateful = getattr(layer, "stateful", False)
        self.supports_masking = True
        self.input_spec = layer.input_spec

    # -- building -------------------------------------------------------------

    def build(self, sequences_shape, initial_state_shape=None):
        sequences_shape = tuple(sequences_shape)
        for direction in (self.forward_layer, self.backward_layer):
            if not direction.built:
                direction.build(sequences_shape)
        self.built = True
        if self._initial_weights is not None:
            self.set_weights(self._initial_weights)
            self._initial_weights = None

    def compute_output_shape(self, sequences_shape, initial_state_shape=None):
        shapes = self.forward_layer.compute_output_shape(sequences_shape)
        if self.return_state:
            output_shape, state_shapes = shapes[0], tuple(shapes[1:])
            backward_states = self.backward_layer.compute_output_shape(
                sequences_shape
            )[1:]
            state_shapes = state_shapes + tuple(backward_states)
        else:
            output_shape, state_shapes = shapes, ()
        output_shape = tuple(output_shape)
        if self.merge_mode == "concat":
            backward_shape = self.backward_layer.compute_output_shape(
                sequences_shape
            )
            if self.return_state:
                backward_shape = backward_shape[0]
            last = _add_dims(output_shape[-1], tuple(backward_shape)[-1])
            outputs = (output_shape[:-1] + (last,),)
        elif self.merge_mode is None:
            outputs = (output_shape, output_shape)
        else:
            outputs = (output_shape,)
        if self.return_state:
            return outputs + tuple(tuple(s) for s in state_shapes)
        return outputs if self.merge_mode is None else outputs[0]

    # -- calling --------------------------------------------------------------

    def call(self, sequences, initial_state=None, mask=None, training=None):
        if isinstance(mask, (list, tuple)):
            mask = mask[0]
        fused = self._fused_kind(mask, training)
        if fused is not None:
            forward, backward, forward_states, backward_states = (
                self._call_fused(fused, sequences, initial_state, mask)
            )
        else:
            forward, backward, forward_states, backward_states = (
                self._call_layers(sequences, initial_state, mask, training)
            )
        forward = self._in_compute_dtype(forward)
        backward = self._in_compute_dtype(backward)
        outputs = self._merge(forward, backward)
        if not self.return_state:
            return outputs
        if self.merge_mode is not None:
            outputs = (outputs,)
        return tuple(outputs) + forward_states + backward_states

    def _call_layers(self, sequences, initial_state, mask, training):
        """Calls both layers; returns `(forward, backward, forward_states,
        backward_states)`, the backward outputs in forward time order."""
        kwargs = {}
        if training is not None:
            kwargs["training"] = training
        if mask is not None:
            kwargs["mask"] = mask
        forward_kwargs, backward_kwargs = dict(kwargs), dict(kwargs)
        if initial_state is not None:
            forward_state, backward_state = self._split_states(initial_state)
            forward_kwargs["initial_state"] = forward_state
            backward_kwargs["initial_state"] = backward_state
        forward = self.forward_layer(sequences, **forward_kwargs)
        backward = self.backward_layer(sequences, **backward_kwargs)
        forward_states = backward_states = ()
        if self.return_state:
            forward, forward_states = forward[0], tuple(forward[1:])
            backward, backward_states = backward[0], tuple(backward[1:])
        if self.return_sequences:
            # The backward layer emits its steps last-to-first.
            backward = ops.flip(backward, axis=1)
        return forward, backward, forward_states, backward_states

    # -- the fused path --------------------------------------------------------

    def _fused_kind(self, mask, training):
        """`"lstm"` or `"gru"` when both directions can run as one
        `backend.bidirectional_lstm`/`bidirectional_gru` call, else
        `None`.

        The rule is the single layers' own (`LSTM.inner_loop`): the
        backend's fused kernel computes the configuration (`cudnn_ok`:
        torch, tanh/sigmoid, not unrolled), no recurrent dropout, no
        input dropout while training, `use_cudnn` not False, GRUs with
        `reset_after`; and nothing the layers' own `__call__` would add
        (stateful states, activity regularizers, subclass code, differing
        dtypes). A mask is allowed under `use_cudnn="auto"`: the backend
        then runs both directions in one loop of the generic maths (the
        single layers, with `use_cudnn=True`, raise on it: so does this
        path, by leaving it to them).
        """
        forward, backward = self.forward_layer, self.backward_layer
        kind = {LSTM: "lstm", GRU: "gru"}.get(type(forward))
        if kind is None or type(backward) is not type(forward):
            return None
        if forward.go_backwards or not backward.go_backwards:
            return None
        if forward.unroll != backward.unroll:
            return None
        if forward.compute_dtype != backward.compute_dtype:
            return None
        for layer in (forward, backward):
            cell = layer.cell
            if (layer.stateful or layer.use_cudnn is False
                    or layer.activity_regularizer is not None
                    or cell.recurrent_dropout
                    or (training and cell.dropout)):
                return None
            if mask is not None and layer.use_cudnn is True:
                return None
            if kind == "gru" and not cell.reset_after:
                return None
            if not backend.cudnn_ok(cell.activation,
                                    cell.recurrent_activation, layer.unroll,
                                    cell.use_bias):
                return None
        if (forward.cell.activation is not backward.cell.activation
                or forward.cell.recurrent_activation
                is not backward.cell.recurrent_activation):
            return None
        return kind

    def _call_fused(self, kind, sequences, initial_state, mask):
        """Both directions in one backend call; the same results as
        `_call_layers`."""
        forward, backward = self.forward_layer, self.backward_layer
        dtype = forward.compute_dtype
        sequences = ops.convert_to_tensor(sequences)
        if backend.is_float_dtype(backend.standardize_dtype(sequences.dtype)):
            sequences = ops.cast(sequences, dtype)
        if initial_state is None:
            batch_size = ops.shape(sequences)[0]
            forward_state = forward.get_initial_state(batch_size)
            backward_state = backward.get_initial_state(batch_size)
        else:
            forward_state, backward_state = self._split_states(initial_state)
            forward_state = tree.flatten(forward_state)
            backward_state = tree.flatten(backward_state)
            expected = 2 if kind == "lstm" else 1
            if len(forward_state) != expected:
                raise ValueError(
                    f"Bidirectional '{self.name}': `initial_state` must "
                    f"hold {expected} state(s) per direction "
                    f"({'[h, c]' if kind == 'lstm' else '[h]'} forward, "
                    f"then backward), {2 * expected} tensors in all. "
                    f"Received {2 * len(forward_state)} tensor(s)."
                )
        states = [ops.cast(s, dtype)
                  for s in list(forward_state) + list(backward_state)]
        weights = (cell_arguments.compute_weights(forward.cell, dtype)
                   + cell_arguments.compute_weights(backward.cell, dtype))
        cell = forward.cell
        fn = (backend.bidirectional_lstm if kind == "lstm"
              else backend.bidirectional_gru)
        options = {"return_sequences": self.return_sequences,
                   "unroll": forward.unroll}
        if kind == "gru":
            options["reset_after"] = True
        (forward_last, backward_last, forward_outputs, backward_outputs,
         forward_states, backward_states) = fn(
            sequences, *states, mask, *weights, cell.activation,
            cell.recurrent_activation, **options)
        if self.return_sequences:
            forward_out = _zero_masked(forward, forward_outputs, mask)
            backward_out = _zero_masked(backward, backward_outputs, mask)
        else:
            # A direction's last output comes from its last processed step:
            # the sequence's last step forwards, its first one backwards.
            last, first = (None, None) if mask is None else (
                mask[:, -1], mask[:, 0])
            forward_out = _zero_masked(forward, forward_last, last)
            backward_out = _zero_masked(backward, backward_last, first)
        if not self.return_state:
            forward_states = backward_states = ()
        return (forward_out, backward_out, tuple(forward_states),
                tuple(backward_states))

    def _split_states(self, initial_state):
        states = (
            list(initial_state)
            if isinstance(initial_state, (list, tuple))
            else [initial_state]
        )
        if len(states) % 2:
            raise ValueError(
                f"Bidirectional '{self.name}': `initial_state` must hold "
                "the forward layer's states then the backward layer's, "
                "an even number of tensors. Received "
                f"{len(states)} tensor(s)."
            )
        half = len(states) // 2
        forward, backward = states[:half], states[half:]
        if half == 1:
            return forward[0], backward[0]
        return forward, backward

    def _merge(self, forward, backward):
        if self.merge_mode == "concat":
            return ops.concatenate([forward, backward], axis=-1)
        if self.merge_mode == "sum":
            return ops.add(forward, backward)
        if self.merge_mode == "ave":
            return ops.multiply(ops.add(forward, backward), 0.5)
        if self.merge_mode == "mul":
            return ops.multiply(forward, backward)
        return (forward, backward)

    def _in_compute_dtype(self, y):
        # Under a mixed policy on the wrapper, outputs come out in its
        # compute dtype even though the copies compute in their own.
        dtype = backend.standardize_dtype(y.dtype)
        if backend.is_float_dtype(dtype) and dtype != self.compute_dtype:
            return ops.cast(y, self.compute_dtype)
        return y

    def compute_mask(self, inputs, previous_mask):
        mask = previous_mask
        if isinstance(mask, (list, tuple)):
            mask = mask[0]
        output_mask = mask if self.return_sequences else None
        if self.merge_mode is None:
            output_mask = (output_mask, output_mask)
        if not self.return_state:
            return output_mask
        if self.merge_mode is not None:
            output_mask = (output_mask,)
        state_count = len(_state_list(self.forward_layer)) + len(
            _state_list(self.backward_layer)
        )
        return tuple(output_mask) + (None,) * state_count

    # -- state ----------------------------------------------------------------

    @property
    def states(self):
        """The states of a stateful layer: the forward layer's, then the
        backward layer's (`None` before the first call)."""
        forward = getattr(self.forward_layer, "states", None)
        backward = getattr(self.backward_layer, "states", None)
        if forward is None and backward is None:
            return None
        return tuple(tree.flatten(forward)) + tuple(tree.flatten(backward))

    def reset_state(self):
        """Resets the states of both directions (stateful layers only)."""
        if not self.stateful:
            raise AttributeError(
                f"Bidirectional '{self.name}': `reset_state()` needs a "
                "stateful layer; this one wraps a layer created with "
                "stateful=False."
            )
        self.forward_layer.reset_state()
        self.backward_layer.reset_state()

    def reset_states(self):
        """An alias of `reset_state()`."""
        self.reset_state()

    # -- configuration --------------------------------------------------------

    def get_config(self):
        config = super().get_config()
        config.update({
            "merge_mode": self.merge_mode,
            "layer": serialization_lib.serialize_keras_object(
                self.forward_layer
            ),
            "backward_layer": serialization_lib.serialize_keras_object(
                self.backward_layer
            ),
        })
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        layer_config = dict(config.pop("layer"))
        # The saved forward copy carries the "forward_" prefix that
        # `__init__` adds again.
        inner = dict(layer_config.get("config", {}))
        name = inner.get("name")
        if isinstance(name, str) and name.startswith("forward_"):
            inner["name"] = name[len("forward_"):]
            layer_config["config"] = inner
        layer = serialization_lib.deserialize_keras_object(
            layer_config, custom_objects=custom_objects
        )
        backward = config.pop("backward_layer", None)
        if backward is not None:
            backward = serialization_lib.deserialize_keras_object(
                backward, custom_objects=custom_objects
            )
        if isinstance(config.get("dtype"), dict):
            config["dtype"] = dtype_policies.deserialize(config["dtype"])
        wrapper = cls(layer, backward_layer=backward, **config)
        # `__init__` copies `layer` unbuilt: build the copy as the saved
        # one was, so its variables exist before weights are loaded.
        build_config = layer.get_build_config()
        if layer.built and build_config:
            wrapper.forward_layer.build_from_config(build_config)
        return wrapper


def _zero_masked(layer, outputs, keep):
    """`outputs` with zeros where `keep` (the mask, or the mask's column
    of the step a last output comes from) is off, for a layer created
    with `zero_output_for_mask=True`: the backend's loop repeats the
    previous output there."""
    if keep is None or not layer.zero_output_for_mask:
        return outputs
    keep = ops.cast(ops.convert_to_tensor(keep), "bool")
    keep = ops.expand_dims(keep, -1)
    return ops.where(keep, outputs, ops.zeros_like(outputs))


def _check_recurrent(layer, argument):
    missing = [a for a in _RNN_ATTRIBUTES if not hasattr(layer, a)]
    if missing:
        raise ValueError(
            f"Bidirectional: `{argument}` must be a recurrent layer (such "
            "as `keras.layers.RNN`, `LSTM` or `GRU`) with the attributes "
            f"{list(_RNN_ATTRIBUTES)}. Received: {argument}={layer!r}, "
            f"which lacks {missing}"
        )


def _check_compatible(forward, backward):
    if forward.go_backwards == backward.go_backwards:
        raise ValueError(
            "Forward layer and backward layer should have different "
            "`go_backwards` values. Received: "
            f"forward_layer.go_backwards={forward.go_backwards}, "
            f"backward_layer.go_backwards={backward.go_backwards}"
        )
    for attribute in _MATCHING:
        ours = getattr(forward, attribute, None)
        theirs = getattr(backward, attribute, None)
        if ours != theirs:
            raise ValueError(
                "Forward layer and backward layer are expected to have the "
                f'same value for attribute "{attribute}". Received: '
                f"{ours} for the forward layer and {theirs} for the "
                "backward layer"
            )


def _copy(layer, name, **overrides):
    """A new, unbuilt layer from `layer`'s config, renamed."""
    config = layer.get_config()
    config["name"] = name
    config.update(overrides)
    copy = type(layer).from_config(config)
    if hasattr(layer, "use_cudnn"):
        # Not in `LSTM`/`GRU` configs (as in Keras), but the copies keep
        # it, as Keras's do.
        copy.use_cudnn = layer.use_cudnn
    return copy


def _state_list(layer):
    size = getattr(getattr(layer, "cell", None), "state_size", None)
    if size is None:
        size = getattr(layer, "state_size", 1)
    return tree.flatten(size) if isinstance(size, (list, tuple)) else [size]


def _add_dims(a, b):
    if a is None or b is None:
        return None
    return a + b
