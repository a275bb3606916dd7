"""`InputLayer` and `keras.Input`: the entry points of functional models."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.layers.layer import Layer
from keras.src.ops.node import Node


@keras_export("keras.layers.InputLayer")
class InputLayer(Layer):
    """The layer behind `keras.Input`: it holds a symbolic input tensor.

    Prefer `keras.Input(...)`, which returns that tensor directly.

    Args:
        shape: the shape of one sample, without the batch axis.
        batch_size: a fixed batch size, if any.
        dtype: the input's dtype (default: `floatx()`).
        sparse: whether the input is a sparse tensor.
        ragged: whether the input is a ragged tensor.
        batch_shape: the full shape including the batch axis (instead of
            `shape` and `batch_size`).
        input_tensor: an existing `KerasTensor` to use as the input.
        optional: whether the input may be `None`.
        name: the layer's name.

    Example:

    >>> layer = keras.layers.InputLayer(shape=(3,))
    >>> layer.output.shape
    (None, 3)
    """

    def __init__(
        self,
        shape=None,
        batch_size=None,
        dtype=None,
        sparse=None,
        ragged=None,
        batch_shape=None,
        input_tensor=None,
        optional=False,
        name=None,
        **kwargs,
    ):
        kwargs.pop("input_shape", None)  # Older configs carry both.
        super().__init__(name=name, **kwargs)
        if shape is not None and batch_shape is not None:
            raise ValueError(
                "You cannot pass both `shape` and `batch_shape` to "
                f"InputLayer '{self.name}'. Received: shape={shape}, "
                f"batch_shape={batch_shape}"
            )
        if input_tensor is not None:
            if not isinstance(input_tensor, KerasTensor):
                raise ValueError(
                    f"InputLayer '{self.name}': `input_tensor` must be a "
                    f"KerasTensor. Received: {input_tensor!r}"
                )
            batch_shape = input_tensor.shape
            dtype = dtype or input_tensor.dtype
            sparse = sparse or input_tensor.sparse
        elif batch_shape is None:
            if shape is None:
                raise ValueError(
                    f"InputLayer '{self.name}' needs a `shape` or a "
                    "`batch_shape`. Received neither."
                )
            if isinstance(shape, int):
                shape = (shape,)
            batch_shape = (batch_size,) + tuple(shape)
        self._batch_shape = backend.standardize_shape(batch_shape)
        self._dtype = backend.standardize_dtype(dtype)
        self.sparse = bool(sparse)
        self.ragged = bool(ragged)
        self.optional = optional
        if self.sparse and self.ragged:
            raise ValueError(
                f"InputLayer '{self.name}' cannot be both sparse and ragged."
            )
        if input_tensor is None:
            input_tensor = KerasTensor(
                self._batch_shape,
                dtype=self._dtype,
                sparse=self.sparse,
                ragged=self.ragged,
                name=self.name,
            )
        self._input_tensor = input_tensor
        Node(operation=self, call_args=(), call_kwargs={},
             outputs=input_tensor)
        self.built = True

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def dtype(self):
        return self._dtype

    def call(self):
        return self._input_tensor

    def get_config(self):
        return {
            "batch_shape": self._batch_shape,
            "dtype": self._dtype,
            "sparse": self.sparse,
            "ragged": self.ragged,
            "name": self.name,
            "optional": self.optional,
        }


@keras_export(["keras.layers.Input", "keras.Input"])
def Input(
    shape=None,
    batch_size=None,
    dtype=None,
    sparse=None,
    ragged=None,
    batch_shape=None,
    name=None,
    tensor=None,
    optional=False,
):
    """Returns a symbolic input tensor: the start of a functional model.

    Args:
        shape: the shape of one sample, without the batch axis.
        batch_size: a fixed batch size, if any.
        dtype: the input's dtype (default: `floatx()`).
        sparse: whether the input is a sparse tensor.
        ragged: whether the input is a ragged tensor.
        batch_shape: the full shape including the batch axis.
        name: the input's name (unique by default).
        tensor: an existing `KerasTensor` to wrap.
        optional: whether the input may be `None`.

    Returns:
        A `KerasTensor`.

    Example:

    >>> x = keras.Input(shape=(28, 28, 1))
    >>> x.shape
    (None, 28, 28, 1)
    """
    layer = InputLayer(
        shape=shape,
        batch_size=batch_size,
        dtype=dtype,
        sparse=sparse,
        ragged=ragged,
        batch_shape=batch_shape,
        input_tensor=tensor,
        optional=optional,
        name=name,
    )
    return layer.output
