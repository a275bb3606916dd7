"""Numerical helpers: one-hot labels (`to_categorical`), L-p normalization
(`normalize`), and the category encoding and mask builders that layers
share.

NumPy inputs (and lists) give NumPy results computed with NumPy, the same
on every backend; backend tensors give backend tensors computed with
`keras.ops`.
"""

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.preprocessing import encoding_utils


def _is_backend_tensor(x):
    return not isinstance(x, np.ndarray) and backend.is_tensor(x)


@keras_export("keras.utils.to_categorical")
def to_categorical(x, num_classes=None):
    """Converts integer class labels to one-hot vectors.

    A trailing axis of size 1 is dropped first, so labels of shape
    `(n, 1)` give an `(n, num_classes)` matrix.

    Args:
        x: integer labels in `[0, num_classes)`: a list, a NumPy array or
            a backend tensor.
        num_classes: the number of classes. Defaults to `max(x) + 1`.

    Returns:
        A float64 NumPy array of shape `x.shape + (num_classes,)` for
        NumPy/list input (float32 for NumPy input on the numpy backend,
        whose tensors they are); a float32 backend tensor for tensor
        input.

    Example:

    >>> keras.utils.to_categorical([0, 2, 1], num_classes=3)
    array([[1., 0., 0.],
           [0., 0., 1.],
           [0., 1., 0.]])
    """
    if _is_backend_tensor(x):
        if x.shape and len(x.shape) > 1 and x.shape[-1] == 1:
            x = ops.squeeze(x, axis=-1)
        if num_classes is None:
            num_classes = int(ops.convert_to_numpy(ops.max(x))) + 1
        return ops.one_hot(x, int(num_classes))
    # The numpy backend's tensors are NumPy arrays: they give float32, as
    # upstream's numpy backend one-hot encodes them; lists give float64.
    dtype = (
        "float32"
        if isinstance(x, np.ndarray) and backend.backend() == "numpy"
        else "float64"
    )
    x = np.asarray(x)
    if x.dtype.kind not in "iub":
        x = x.astype("int64")
    if x.ndim > 1 and x.shape[-1] == 1:
        x = x[..., 0]
    if num_classes is None:
        num_classes = int(x.max()) + 1 if x.size else 0
    num_classes = int(num_classes)
    if x.size and int(x.max()) >= num_classes:
        # An IndexError, as Keras raises (from NumPy's indexing).
        raise IndexError(
            f"to_categorical: label {int(x.max())} is out of range for "
            f"num_classes={num_classes}. Expected labels in "
            f"[0, {num_classes})."
        )
    flat = x.reshape(-1)
    out = np.zeros((flat.shape[0], num_classes), dtype=dtype)
    # Negative labels count from the end, like NumPy indexing.
    out[np.arange(flat.shape[0]), flat] = 1.0
    return out.reshape(x.shape + (num_classes,))


@keras_export("keras.utils.normalize")
def normalize(x, axis=-1, order=2):
    """Scales `x` to unit L-`order` norm along `axis`.

    Slices whose norm is 0 are left as zeros.

    Args:
        x: the array to normalize (a NumPy array or list, or a backend
            tensor).
        axis: the axis along which norms are computed.
        order: the norm order (`2` for L2, `1` for L1, `np.inf`, ...).

    Returns:
        A float NumPy array for NumPy input (1-D input is returned with a
        leading axis, as Keras does); a backend tensor for tensor input.

    Example:

    >>> keras.utils.normalize(np.array([[3.0, 4.0]]))
    array([[0.6, 0.8]])
    """
    if _is_backend_tensor(x):
        return ops.normalize(x, axis=axis, order=order)
    x = np.asarray(x)
    if x.dtype.kind not in "fc":
        x = x.astype("float64")
    norm = np.atleast_1d(np.linalg.norm(x, order, axis, keepdims=True))
    norm[norm == 0] = 1
    return np.atleast_2d(x / norm)


def encode_categorical_inputs(
    inputs,
    output_mode,
    depth,
    dtype,
    sparse=False,
    count_weights=None,
    backend_module=None,
):
    """Encodes integer category ids as `"int"`, `"one_hot"`,
    `"multi_hot"` or `"count"` vectors with `backend_module` (default:
    the active backend).

    Returns:
        The encoded tensor, or `None` for another `output_mode` (such as
        `"tf_idf"`, which the layer computes itself), as Keras does.
    """
    b = backend_module or backend
    encoding_utils.check_sparse("encode_categorical_inputs", sparse)
    if output_mode == "int":
        return b.cast(inputs, dtype)
    if output_mode not in encoding_utils.ENCODING_MODES:
        return None
    inputs = b.convert_to_tensor(inputs)
    return encoding_utils.encode(
        b, inputs, output_mode, depth, dtype, count_weights=count_weights
    )


def build_pos_neg_masks(query_labels, key_labels, remove_diagonal=True):
    """Masks of the (query, key) pairs with equal and with different
    labels, for contrastive losses.

    Args:
        query_labels: labels of shape `(num_queries,)`.
        key_labels: labels of shape `(num_keys,)`.
        remove_diagonal: whether a query is not its own positive (only
            applied when the label vectors have the same length).

    Returns:
        `(positive_mask, negative_mask)`, boolean tensors of shape
        `(num_queries, num_keys)`.
    """
    query = ops.expand_dims(ops.convert_to_tensor(query_labels), -1)
    key = ops.expand_dims(ops.convert_to_tensor(key_labels), 0)
    positive = ops.equal(query, key)
    negative = ops.logical_not(positive)
    if remove_diagonal and query.shape[0] == key.shape[1]:
        eye = ops.eye(query.shape[0], dtype="bool")
        positive = ops.logical_and(positive, ops.logical_not(eye))
    return positive, negative
