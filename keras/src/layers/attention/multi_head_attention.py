"""`MultiHeadAttention`: scaled dot-product attention over several heads."""

import math
import string

from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.layers.activations.softmax import Softmax
from keras.src.layers.core.einsum_dense import EinsumDense
from keras.src.layers.layer import Layer
from keras.src.layers.layer_helpers import mask_of
from keras.src.layers.regularization.dropout import Dropout

_LETTERS = string.ascii_lowercase + string.ascii_uppercase


def check_positive_int(value, name):
    """Raises `ValueError` unless `value` is a positive int."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(
            f"Received an invalid value for argument `{name}`, expected a "
            f"positive integer. Received: {name}={value!r}"
        )


def check_optional_positive_int(value, name):
    """Like `check_positive_int`, `None` allowed."""
    if value is not None:
        check_positive_int(value, name)


def projection_equation(rank, num_new_axes=2):
    """The einsum equation of a projection of rank-`rank` inputs: the last
    axis is contracted into `num_new_axes` new axes."""
    source = _LETTERS[:rank]
    new = _LETTERS[rank:rank + num_new_axes]
    return f"{source},{source[-1]}{new}->{source[:-1]}{new}", new


def output_equation(rank, num_out_axes):
    """The einsum equation of the output projection: heads and per-head
    features of a rank-`rank` tensor are contracted into
    `num_out_axes` new axes."""
    source = _LETTERS[:rank]
    new = _LETTERS[rank:rank + num_out_axes]
    return f"{source},{source[-2:]}{new}->{source[:-2]}{new}", new


class AttentionEquations:
    """The einsum equations of attention over `attention_axes` between
    projected tensors of rank `rank` (`(batch, ..., heads, features)`).

    Scores are laid out as `(batch axes..., heads, query attention
    axes..., key attention axes...)`.
    """

    def __init__(self, rank, attention_axes):
        positions = range(rank - 2)
        self.attention_axes = tuple(attention_axes)
        self.batch_axes = tuple(
            p for p in positions if p not in self.attention_axes
        )
        query = list(_LETTERS[:rank])
        key = list(query)
        spare = iter(_LETTERS[rank:])
        for p in self.attention_axes:
            key[p] = next(spare)
        value = list(key)
        value[-1] = next(spare)
        heads = query[-2]
        batch = [query[p] for p in self.batch_axes]
        scores = (
            batch + [heads] + [query[p] for p in self.attention_axes]
            + [key[p] for p in self.attention_axes]
        )
        output = query[:-1] + [value[-1]]
        query, key, value, scores, output = (
            "".join(x) for x in (query, key, value, scores, output)
        )
        self.dot = f"{key},{query}->{scores}"
        self.combine = f"{scores},{value}->{output}"
        self.num_attention_axes = len(self.attention_axes)


@keras_export("keras.layers.MultiHeadAttention")
class MultiHeadAttention(Layer):
    """Multi-head attention, as in "Attention Is All You Need".

    Query, key and value are projected into `num_heads` heads
    (`key_dim` features each for query and key, `value_dim` for value);
    each head attends with scaled dot products, softmax and dropout, and
    the heads' results are projected back to the query's feature size
    (or `output_shape`). With `attention_axes`, attention runs jointly
    over several axes of multi-dimensional inputs.

    Args:
        num_heads: the number of attention heads.
        key_dim: the size of each query and key head.
        value_dim: the size of each value head (default: `key_dim`).
        dropout: the dropout rate of the attention probabilities.
        use_bias: whether the projections have biases.
        output_shape: the output's feature shape (an int or a tuple);
            default: the query's last dimension.
        attention_axes: the axes attention runs over (default: every
            axis between the batch and the features).
        sliding_window: if set, each query position only attends to key
            positions less than this distance away.
        flash_attention: accepted for compatibility; if `True`,
            attention scores cannot be returned.
        kernel_initializer: the initializer of the projection kernels.
        bias_initializer: the initializer of the projection biases.
        kernel_regularizer: a regularizer of the projection kernels.
        bias_regularizer: a regularizer of the projection biases.
        activity_regularizer: a regularizer of the output.
        kernel_constraint: a constraint of the projection kernels.
        bias_constraint: a constraint of the projection biases.
        use_gate: whether to multiply each head's result by a sigmoid
            gate computed from the query.
        seed: an int, for reproducible dropout.
        **kwargs: base layer arguments (`name`, `dtype`, ...).

    Call arguments:
        query: `(B, T, dim)` inputs.
        value: `(B, S, dim)` inputs.
        key: `(B, S, dim)` inputs (default: `value`).
        query_mask: not consulted when given, as in Keras: the query
            positions masked are those of the query's Keras mask.
        value_mask: a `(B, S)` boolean mask of the value positions
            (default: the value's Keras mask).
        key_mask: a `(B, S)` boolean mask of the key positions.
        attention_mask: a boolean mask broadcastable to `(B, T, S)`:
            which key positions each query position may attend to.
        return_attention_scores: whether to return the attention
            probabilities `(B, num_heads, T, S)` as well.
        training: whether dropout is active.
        use_causal_mask: whether position `i` may only attend to key
            positions `j <= i`.

    Returns:
        The `(B, T, dim)` outputs, and the scores when asked for.

    Example:

    >>> layer = keras.layers.MultiHeadAttention(num_heads=2, key_dim=4)
    >>> q, v = np.ones((2, 5, 8)), np.ones((2, 3, 6))
    >>> y, scores = layer(q, v, return_attention_scores=True)
    >>> y.shape, scores.shape
    ((2, 5, 8), (2, 2, 5, 3))
    """

    def __init__(
        self,
        num_heads,
        key_dim,
        value_dim=None,
        dropout=0.0,
        use_bias=True,
        output_shape=None,
        attention_axes=None,
        sliding_window=None,
        flash_attention=None,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        kernel_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        kernel_constraint=None,
        bias_constraint=None,
        use_gate=False,
        seed=None,
        **kwargs,
    ):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        check_positive_int(num_heads, "num_heads")
        check_positive_int(key_dim, "key_dim")
        check_optional_positive_int(value_dim, "value_dim")
        check_optional_positive_int(sliding_window, "sliding_window")
        self.num_heads = num_heads
        self.key_dim = key_dim
        self.value_dim = value_dim if value_dim else key_dim
        self.dropout = dropout
        self.use_bias = use_bias
        self.use_gate = use_gate
        self.sliding_window = sliding_window
        self.flash_attention = flash_attention
        self.seed = seed
        self.output_shape = _standardize_output_shape(output_shape)
        if isinstance(attention_axes, int) and not isinstance(
            attention_axes, bool
        ):
            attention_axes = (attention_axes,)
        if attention_axes is not None and not all(
            isinstance(a, int) for a in attention_axes
        ):
            raise ValueError(
                "`attention_axes` must be None, an int or a list/tuple of "
                f"ints. Received: attention_axes={attention_axes!r}"
            )
        self.attention_axes = attention_axes
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.supports_masking = True
        self._inverse_sqrt_key_dim = 1.0 / math.sqrt(float(key_dim))
        # Made here, not in `build`: a seed generator's state must not be
        # created while a compiled step traces the first call.
        self._dropout_layer = Dropout(
            rate=dropout, seed=seed, dtype=self.dtype_policy,
            name="dropout",
        )

    # -- building -----------------------------------------------------------

    def _dense(self, equation, output_shape, bias_axes, name, **kwargs):
        # Each sublayer gets fresh initializer, regularizer and constraint
        # objects, so that seeded initializers differ between kernels.
        return EinsumDense(
            equation,
            output_shape=output_shape,
            bias_axes=bias_axes if self.use_bias else None,
            kernel_initializer=_clone(self.kernel_initializer,
                                      initializers),
            bias_initializer=_clone(self.bias_initializer, initializers),
            kernel_regularizer=_clone(self.kernel_regularizer,
                                      regularizers),
            bias_regularizer=_clone(self.bias_regularizer, regularizers),
            kernel_constraint=_clone(self.kernel_constraint, constraints),
            bias_constraint=_clone(self.bias_constraint, constraints),
            dtype=self.dtype_policy,
            name=name,
            **kwargs,
        )

    def _projection(self, input_shape, heads, size, name, **kwargs):
        rank = len(input_shape)
        equation, bias_axes = projection_equation(rank)
        layer = self._dense(
            equation, (None,) * (rank - 2) + (heads, size), bias_axes,
            name, **kwargs
        )
        layer.build(input_shape)
        return layer

    def build(self, query_shape, value_shape, key_shape=None):
        key_shape = value_shape if key_shape is None else key_shape
        query_shape, value_shape = tuple(query_shape), tuple(value_shape)
        key_shape = tuple(key_shape)
        _check_shapes(query_shape, value_shape, key_shape)
        self._query_dense = self._projection(
            query_shape, self.num_heads, self.key_dim, "query"
        )
        self._key_dense = self._projection(
            key_shape, self.num_heads, self.key_dim, "key"
        )
        self._gate_dense = None
        if self.use_gate:
            self._gate_dense = self._projection(
                query_shape, self.num_heads, self.value_dim, "gate",
                activation="sigmoid",
            )
        self._value_dense = self._projection(
            value_shape, self.num_heads, self.value_dim, "value"
        )
        self._build_attention(len(query_shape) + 1)
        self._output_dense = self._build_output(query_shape)
        self.built = True

    def _build_attention(self, rank):
        input_rank = rank - 1
        axes = self.attention_axes
        if axes is None:
            axes = tuple(range(1, input_rank - 1))
        else:
            resolved = []
            for a in axes:
                if not -input_rank <= a < input_rank or (
                    a % input_rank in (0, input_rank - 1)
                ):
                    raise ValueError(
                        "`attention_axes` must name axes between the batch "
                        "and the feature axis of the query, of rank "
                        f"{input_rank}. Received: attention_axes={axes}"
                    )
                resolved.append(a % input_rank)
            if any(a < 0 for a in axes):
                self.attention_axes = tuple(resolved)
            axes = tuple(resolved)
        self._equations = AttentionEquations(rank, axes)
        self._softmax = Softmax(
            axis=tuple(range(-len(axes), 0)), dtype=self.dtype_policy,
            name="softmax",
        )

    def _build_output(self, query_shape):
        rank = len(query_shape) + 1
        dims = self.output_shape or (query_shape[-1],)
        equation, bias_axes = output_equation(rank, len(dims))
        layer = self._dense(
            equation, (None,) * (rank - 3) + tuple(dims), bias_axes,
            "attention_output",
        )
        layer.build(query_shape[:-1] + (self.num_heads, self.value_dim))
        return layer

    # -- properties ---------------------------------------------------------

    @property
    def query_dense(self):
        """The query projection (an `EinsumDense`)."""
        return self._query_dense

    @property
    def key_dense(self):
        """The key projection (an `EinsumDense`)."""
        return self._key_dense

    @property
    def value_dense(self):
        """The value projection (an `EinsumDense`)."""
        return self._value_dense

    @property
    def output_dense(self):
        """The output projection (an `EinsumDense`)."""
        return self._output_dense

    # -- calling ------------------------------------------------------------

    def __call__(self, *args, **kwargs):
        # Keras masks query positions by the query's own Keras mask and
        # never by a `query_mask` given here: drop one, so that the layer
        # machinery fills the argument from the query's mask (eagerly and
        # when a functional model runs) as it fills `value_mask`.
        kwargs.pop("query_mask", None)
        if len(args) > 3:
            args = args[:3] + (None,) + args[4:]
        return super().__call__(*args, **kwargs)

    def call(
        self,
        query,
        value,
        key=None,
        query_mask=None,
        value_mask=None,
        key_mask=None,
        attention_mask=None,
        return_attention_scores=False,
        training=None,
        use_causal_mask=False,
    ):
        if return_attention_scores and self.flash_attention:
            raise ValueError(
                "Returning attention scores is not supported when flash "
                "attention is enabled: create the layer with "
                "flash_attention=False. Received: "
                f"flash_attention={self.flash_attention}"
            )
        # An explicit value or key mask wins over the tensor's own (see
        # `__call__` for the query's); without a key, the value's mask
        # stands for the key's.
        query_mask = _mask_or_own(query_mask, query)
        value_mask = _mask_or_own(value_mask, value)
        if key is None:
            key = value
            if key_mask is None:
                key_mask = value_mask
        key_mask = _mask_or_own(key_mask, key)
        mask = self._attention_mask(
            query, value, query_mask, value_mask, key_mask,
            attention_mask, use_causal_mask,
        )
        query_heads = self._query_dense(query)
        key_heads = self._key_dense(key)
        value_heads = self._value_dense(value)
        if not return_attention_scores and self._fused_attention_applies(
                query_heads, training):
            output, scores = self._fused_attention(
                query_heads, key_heads, value_heads, mask
            ), None
        else:
            output, scores = self._compute_attention(
                query_heads, key_heads, value_heads, mask, training
            )
        if self._gate_dense is not None:
            output = ops.multiply(output, self._gate_dense(query))
        output = self._output_dense(output)
        if return_attention_scores:
            return output, scores
        return output

    def _fused_attention_applies(self, query, training):
        # The backend's fused kernel (e.g. torch's scaled_dot_product_
        # attention) computes the same function in one call: one attention
        # axis, `(batch, positions, heads, dim)` layout, no dropout drawn.
        return (
            self._equations.num_attention_axes == 1
            and len(query.shape) == 4
            and (self.dropout == 0 or not training)
        )

    def _fused_attention(self, query, key, value, mask):
        if mask is None:
            return ops.dot_product_attention(
                query, key, value, scale=float(self._inverse_sqrt_key_dim)
            )
        # A query that may attend nowhere gets uniform attention over all
        # keys here (the fused kernel's masked softmax), where the scores
        # path returns zero probabilities: Keras does the same on every
        # backend.
        return ops.dot_product_attention(
            query, key, value, mask=ops.expand_dims(mask, -3),
            scale=float(self._inverse_sqrt_key_dim),
        )

    def _compute_attention(self, query, key, value, mask, training):
        equations = self._equations
        query = ops.multiply(
            query, ops.cast(self._inverse_sqrt_key_dim, query.dtype)
        )
        logits = ops.einsum(equations.dot, key, query)
        if mask is not None:
            mask = _expand_to_rank(
                mask, len(logits.shape), -2 * equations.num_attention_axes - 1
            )
        probabilities = self._softmax(logits, mask=mask)
        dropped = self._dropout_layer(probabilities, training=training)
        output = ops.einsum(equations.combine, dropped, value)
        return output, probabilities

    def _attention_mask(self, query, value, query_mask, value_mask,
                        key_mask, attention_mask, use_causal_mask):
        """The boolean mask of allowed (query, key) position pairs, laid
        out as `(batch axes..., query axes..., key axes...)`, or `None`."""
        mask = None
        equations = self._equations
        if attention_mask is not None:
            mask = ops.cast(attention_mask, "bool")
        for positions_mask, is_query in (
            (query_mask, True), (value_mask, False), (key_mask, False)
        ):
            if positions_mask is not None:
                pair = _pair_mask(positions_mask, equations, is_query)
                mask = pair if mask is None else ops.logical_and(mask, pair)
        if use_causal_mask or self.sliding_window is not None:
            window = self._window_mask(query, value, use_causal_mask)
            mask = window if mask is None else ops.logical_and(mask, window)
        return mask

    def _window_mask(self, query, value, causal):
        if self._equations.num_attention_axes != 1:
            raise ValueError(
                "`use_causal_mask` and `sliding_window` need attention over "
                "one axis. Received: attention_axes="
                f"{self._equations.attention_axes}"
            )
        axis = self._equations.attention_axes[0]
        rows = ops.expand_dims(ops.arange(ops.shape(query)[axis]), -1)
        cols = ops.expand_dims(ops.arange(ops.shape(value)[axis]), 0)
        mask = None
        if causal:
            mask = ops.greater_equal(rows, cols)
        if self.sliding_window is not None:
            near = ops.less(ops.abs(ops.subtract(rows, cols)),
                            self.sliding_window)
            mask = near if mask is None else ops.logical_and(mask, near)
        return ops.expand_dims(mask, 0)

    def compute_mask(self, inputs, previous_mask):
        return previous_mask

    def compute_output_shape(self, query_shape, value_shape,
                             key_shape=None):
        query_shape = tuple(query_shape)
        key_shape = value_shape if key_shape is None else key_shape
        _check_shapes(query_shape, tuple(value_shape), tuple(key_shape))
        dims = self.output_shape or (query_shape[-1],)
        return query_shape[:-1] + tuple(dims)

    def compute_output_spec(self, query, value, key=None,
                            return_attention_scores=False, **kwargs):
        key = value if key is None else key
        shape = self.compute_output_shape(query.shape, value.shape,
                                          key.shape)
        output = KerasTensor(shape, dtype=self.compute_dtype)
        if not return_attention_scores:
            return output
        equations = getattr(self, "_equations", None)
        if equations is None:
            rank = len(query.shape) + 1
            axes = self.attention_axes or tuple(range(1, rank - 2))
            equations = AttentionEquations(
                rank, tuple(a % (rank - 1) for a in axes)
            )
        scores = (
            tuple(query.shape[p] for p in equations.batch_axes)
            + (self.num_heads,)
            + tuple(query.shape[p] for p in equations.attention_axes)
            + tuple(key.shape[p] for p in equations.attention_axes)
        )
        return output, KerasTensor(scores, dtype=self.compute_dtype)

    def get_config(self):
        config = super().get_config()
        config.update({
            "num_heads": self.num_heads,
            "key_dim": self.key_dim,
            "value_dim": self.value_dim,
            "dropout": self.dropout,
            "use_bias": self.use_bias,
            "use_gate": self.use_gate,
            "output_shape": self.output_shape,
            "attention_axes": self.attention_axes,
            "sliding_window": self.sliding_window,
            "kernel_initializer": initializers.serialize(
                self.kernel_initializer
            ),
            "bias_initializer": initializers.serialize(
                self.bias_initializer
            ),
            "kernel_regularizer": regularizers.serialize(
                self.kernel_regularizer
            ),
            "bias_regularizer": regularizers.serialize(
                self.bias_regularizer
            ),
            "activity_regularizer": regularizers.serialize(
                self.activity_regularizer
            ),
            "kernel_constraint": constraints.serialize(
                self.kernel_constraint
            ),
            "bias_constraint": constraints.serialize(self.bias_constraint),
            "seed": self.seed,
        })
        return config


def _clone(obj, module):
    if obj is None:
        return None
    return module.deserialize(module.serialize(obj))


def _standardize_output_shape(output_shape):
    if output_shape is None:
        return None
    if isinstance(output_shape, int) and not isinstance(output_shape, bool):
        output_shape = (output_shape,)
    if not isinstance(output_shape, (list, tuple)) or not all(
        isinstance(d, int) and not isinstance(d, bool) and d > 0
        for d in output_shape
    ):
        raise ValueError(
            "`output_shape` must be None, a positive int or a tuple of "
            f"positive ints. Received: output_shape={output_shape!r}"
        )
    return tuple(output_shape)


def _check_shapes(query_shape, value_shape, key_shape):
    if value_shape[1:-1] != key_shape[1:-1]:
        raise ValueError(
            "All dimensions of `value` and `key`, except the last one, "
            f"must be equal. Received: value_shape={value_shape} and "
            f"key_shape={key_shape}"
        )
    if len(query_shape) != len(value_shape):
        raise ValueError(
            "`query` and `value` must have the same rank. Received: "
            f"query_shape={query_shape} and value_shape={value_shape}"
        )


def _mask_or_own(mask, tensor):
    return mask if mask is not None else mask_of(tensor)


def _pair_mask(positions_mask, equations, is_query):
    """A mask over query (or key) positions, laid out as an attention
    mask: `(batch axes..., query axes..., key axes...)`, size 1 on the
    other side."""
    mask = ops.cast(positions_mask, "bool")
    count = equations.num_attention_axes
    order = equations.batch_axes + equations.attention_axes
    if order != tuple(range(len(order))):
        mask = ops.transpose(mask, order)
    if is_query:
        return _expand_to_rank(mask, len(order) + count, len(order))
    return _expand_to_rank(
        mask, len(order) + count, len(equations.batch_axes)
    )


def _expand_to_rank(x, rank, axis):
    while len(x.shape) < rank:
        x = ops.expand_dims(x, axis)
    return x
