"""`pad_sequences`: a list of variable-length sequences as one array."""

import numpy as np

from keras.src.api_export import keras_export


def _is_string_dtype(dtype):
    return np.issubdtype(dtype, np.str_) or np.issubdtype(dtype, np.bytes_)


@keras_export(
    [
        "keras.utils.pad_sequences",
        "keras.preprocessing.sequence.pad_sequences",
    ]
)
def pad_sequences(
    sequences,
    maxlen=None,
    dtype="int32",
    padding="pre",
    truncating="pre",
    value=0.0,
):
    """Pads (and truncates) sequences to the same length.

    Each sequence becomes one row of length `maxlen` (default: the length
    of the longest sequence). Shorter sequences are filled with `value` at
    the start (`padding="pre"`) or the end (`"post"`); longer ones lose
    values at the start (`truncating="pre"`) or the end (`"post"`).

    Args:
        sequences: a list (or other sized iterable) of sequences. The
            items of a sequence may themselves be arrays of one fixed
            shape.
        maxlen: the length of the output rows, or `None`.
        dtype: the output dtype. Use `object` (or a string dtype such as
            `"str"`) for sequences of strings.
        padding: `"pre"` or `"post"`: where to pad.
        truncating: `"pre"` or `"post"`: where to cut long sequences.
        value: the padding value (a number, or a string for string
            dtypes).

    Returns:
        A NumPy array of shape `(len(sequences), maxlen) + item_shape`.

    Example:

    >>> keras.utils.pad_sequences([[1, 2, 3], [4], [5, 6]])
    array([[1, 2, 3],
           [0, 0, 4],
           [0, 5, 6]], dtype=int32)
    >>> keras.utils.pad_sequences([[1, 2, 3], [4]], maxlen=2,
    ...                           padding="post", truncating="post")
    array([[1, 2],
           [4, 0]], dtype=int32)
    """
    if not hasattr(sequences, "__len__"):
        raise ValueError(
            "`sequences` must be iterable (a list of sequences). Received: "
            f"{type(sequences).__name__}"
        )
    for name, arg in (("padding", padding), ("truncating", truncating)):
        if arg not in ("pre", "post"):
            raise ValueError(
                f'{name.capitalize()} type "{arg}" not understood. '
                f'Expected "pre" or "post". Received: {name}={arg!r}'
            )
    lengths = []
    item_shape = ()
    item_shape_found = False
    for seq in sequences:
        try:
            lengths.append(len(seq))
        except TypeError:
            raise ValueError(
                "`sequences` must be a list of iterables. Found "
                f"non-iterable: {seq}"
            ) from None
        if not item_shape_found and len(seq):
            item_shape = np.asarray(seq).shape[1:]
            item_shape_found = True

    if maxlen is None:
        maxlen = max(lengths, default=0)
    maxlen = int(maxlen)
    if maxlen < 0:
        raise ValueError(f"`maxlen` must be >= 0. Received: maxlen={maxlen}")

    dtype = np.dtype(dtype)
    if (
        isinstance(value, str)
        and dtype != object
        and not _is_string_dtype(dtype)
    ):
        raise ValueError(
            f"`dtype` {dtype} is not compatible with `value`'s type: "
            f"{type(value)}\nYou should set `dtype=object` for variable "
            "length strings."
        )

    out = np.full((len(lengths), maxlen) + item_shape, value, dtype=dtype)
    for i, seq in enumerate(sequences):
        if not len(seq) or not maxlen:
            continue
        seq = np.asarray(seq, dtype=dtype if dtype == object else None)
        seq = seq[-maxlen:] if truncating == "pre" else seq[:maxlen]
        if seq.shape[1:] != item_shape:
            raise ValueError(
                f"Shape of sample {seq.shape[1:]} of sequence at position "
                f"{i} is different from expected shape {item_shape}"
            )
        if padding == "post":
            out[i, : len(seq)] = seq
        else:
            out[i, maxlen - len(seq) :] = seq
    return out
