"""The `Discretization` layer."""

import numpy as np

from keras.src.api_export import keras_export
from keras.src.backend import KerasTensor
from keras.src.layers.preprocessing import adapt_utils
from keras.src.layers.preprocessing import encoding_utils
from keras.src.layers.preprocessing.tf_data_layer import TFDataLayer

_OUTPUT_MODES = ("int", "one_hot", "multi_hot", "count")


@keras_export("keras.layers.Discretization")
class Discretization(TFDataLayer):
    """Buckets continuous values into ranges.

    `bin_boundaries=[0., 1.]` makes the bins `(-inf, 0)`, `[0, 1)` and
    `[1, inf)`, with ids 0, 1 and 2. With `num_bins` instead, `adapt()`
    learns boundaries that split the data into bins of equal counts
    (quantiles).

    Args:
        bin_boundaries: a sorted list of boundaries, or `None`.
        num_bins: the number of bins to learn with `adapt()`.
        epsilon: the tolerated error of the quantiles (kept for
            compatibility: the quantiles computed here are exact).
        output_mode: `"int"` (bin ids), `"one_hot"`, `"multi_hot"` or
            `"count"` (see `CategoryEncoding`).
        sparse: must be `False` (dense outputs only).
        dtype: the layer's dtype (policy).
        name: the layer's name.

    Example:

    >>> layer = keras.layers.Discretization(bin_boundaries=[0.0, 1.0])
    >>> y = layer(np.array([[-1.5, 0.5, 3.0]]))
    >>> print(keras.ops.convert_to_numpy(y))
    [[0 1 2]]
    """

    def __init__(self, bin_boundaries=None, num_bins=None, epsilon=0.01,
                 output_mode="int", sparse=False, dtype=None, name=None):
        super().__init__(name=name, dtype=dtype)
        if output_mode not in _OUTPUT_MODES:
            raise ValueError(
                "Unknown value for `output_mode` argument of "
                f"Discretization. Allowed values are: {_OUTPUT_MODES}. "
                f"Received: output_mode={output_mode}"
            )
        encoding_utils.check_sparse("Discretization", sparse)
        # A config of an adapted layer holds both, and they agree.
        if num_bins is not None and bin_boundaries is not None and (
            len(bin_boundaries) + 1 != num_bins
        ):
            raise ValueError(
                "Both `num_bins` and `bin_boundaries` should not be set. "
                f"Received: `num_bins={num_bins}` and "
                f"`bin_boundaries={bin_boundaries}`"
            )
        if num_bins is None and bin_boundaries is None:
            raise ValueError(
                "You need to set either `num_bins` or `bin_boundaries`. "
                "Received: num_bins=None and bin_boundaries=None"
            )
        if num_bins is not None and (
            not isinstance(num_bins, int) or num_bins < 1
        ):
            raise ValueError(
                "`num_bins` must be a positive int. Received: "
                f"num_bins={num_bins}"
            )
        self.num_bins = num_bins
        self.epsilon = epsilon
        self.output_mode = output_mode
        self.sparse = sparse
        self.input_bin_boundaries = bin_boundaries
        self._values = []
        self._set_boundaries(bin_boundaries)

    def _set_boundaries(self, boundaries):
        if boundaries is None:
            self.bin_boundaries = None
            return
        boundaries = [float(b) for b in boundaries]
        if any(b > a for b, a in zip(boundaries, boundaries[1:])):
            raise ValueError(
                "`bin_boundaries` must be sorted in increasing order. "
                f"Received: bin_boundaries={boundaries}"
            )
        self.bin_boundaries = boundaries

    @property
    def output_dtype(self):
        """The dtype of the outputs: int32 ids or the compute dtype."""
        return "int32" if self.output_mode == "int" else self.compute_dtype

    def build(self, input_shape=None):
        self.built = True

    def adapt(self, data, steps=None):
        """Learns `num_bins` bins of equal counts from `data`.

        Args:
            data: a NumPy array, tensor, `tf.data.Dataset` or
                `keras.utils.PyDataset`.
            steps: how many batches of a dataset to read (default: all).
        """
        if self.num_bins is None:
            raise ValueError(
                "Cannot adapt a Discretization layer created with "
                "`bin_boundaries`; pass `num_bins` instead. Received: "
                f"bin_boundaries={self.input_bin_boundaries}"
            )
        self.reset_state()
        for batch in adapt_utils.iter_batches(data, steps=steps):
            self.update_state(batch)
        self.finalize_state()

    def update_state(self, data):
        """Adds the values of one batch `data` to the statistics."""
        values = np.asarray(adapt_utils.to_numpy(data), dtype="float64")
        self._values.append(values.reshape(-1))

    def finalize_state(self):
        """Computes the bin boundaries from the values seen so far."""
        if not self._values:
            return
        values = np.concatenate(self._values)
        values = values[~np.isnan(values)]
        if values.size == 0:
            raise ValueError(
                "Discretization.adapt() received no values. Expected a "
                "non-empty array or dataset."
            )
        quantiles = np.arange(1, self.num_bins) / self.num_bins
        # The boundary of a bin is the first value whose cumulative
        # share of the data reaches the bin's quantile.
        bounds = np.quantile(values, quantiles, method="inverted_cdf")
        self._set_boundaries(bounds.tolist())

    def reset_state(self):
        """Forgets the values seen by `update_state`."""
        self._values = []
        if self.num_bins is not None:
            self.bin_boundaries = None

    def call(self, inputs):
        if self.bin_boundaries is None:
            raise ValueError(
                "You need to either pass the `bin_boundaries` argument at "
                "construction time or call `adapt(dataset)` before you can "
                "start using the `Discretization` layer."
            )
        ids = self.backend.numpy.digitize(inputs, self.bin_boundaries)
        ids = self.backend.cast(ids, "int32")
        return encoding_utils.encode(
            self.backend, ids, self.output_mode,
            len(self.bin_boundaries) + 1, self.compute_dtype,
        )

    def compute_output_shape(self, input_shape):
        depth = (
            None if self.bin_boundaries is None
            else len(self.bin_boundaries) + 1
        )
        if depth is None and self.num_bins is not None:
            depth = self.num_bins
        return encoding_utils.encoded_shape(
            input_shape, self.output_mode, depth
        )

    def compute_output_spec(self, inputs):
        return KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=self.output_dtype
        )

    def get_config(self):
        return {
            "bin_boundaries": self.bin_boundaries,
            "num_bins": self.num_bins,
            "epsilon": self.epsilon,
            "output_mode": self.output_mode,
            "sparse": self.sparse,
            "name": self.name,
            "dtype": self.dtype_policy.name,
        }


# -- Keras's approximate-quantile summaries -----------------------------------
# A summary is a `(2, n)` array: sorted values and their weights. It can
# be built batch by batch (`summarize`, `merge_summaries`), kept small
# (`compress_summary`: at most about `1 / epsilon` points), and turned
# into bin boundaries. `Discretization.adapt` itself computes exact
# quantiles; these serve code that streams data of unknown size.


def summarize(values, epsilon):
    """Returns the summary of `values`: their sorted values, each with
    weight 1, compressed to about `1 / epsilon` points.

    Example:

    >>> summarize(np.array([3.0, 1.0, 2.0]), 0.01).tolist()
    [[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]]
    """
    values = np.sort(np.reshape(np.asarray(values, "float64"), (-1,)))
    summary = np.stack([values, np.ones_like(values)])
    return compress_summary(summary, epsilon)


def merge_summaries(prev_summary, next_summary, epsilon):
    """Returns the summary of the data of two summaries.

    Example:

    >>> a, b = summarize([1.0, 3.0], 0.01), summarize([2.0], 0.01)
    >>> merge_summaries(a, b, 0.01).tolist()
    [[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]]
    """
    merged = np.concatenate([prev_summary, next_summary], axis=1)
    merged = merged[:, np.argsort(merged[0], kind="stable")]
    return compress_summary(merged, epsilon)


def compress_summary(summary, epsilon):
    """Returns `summary` reduced to the values at the quantiles
    `epsilon, 2 * epsilon, ..., 1` (each weighing an equal share) when it
    has more points than that; otherwise `summary` itself.

    Example:

    >>> s = compress_summary(summarize(np.arange(100.0), 0.001), 0.1)
    >>> s[0, :3].tolist(), s[1, :3].tolist()
    ([9.0, 19.0, 29.0], [10.0, 10.0, 10.0])
    """
    count = int(round(1.0 / epsilon))
    if summary.shape[1] <= count:
        return summary
    weights = summary[1]
    total = np.sum(weights)
    targets = np.linspace(epsilon, 1.0, count)
    values = np.interp(targets, np.cumsum(weights) / total, summary[0])
    new_weights = np.diff(np.concatenate([[0.0], targets * total]))
    return np.stack([values, new_weights])


def get_bin_boundaries(summary, num_bins):
    """Returns the `num_bins - 1` boundaries splitting the summarized data
    into bins of equal weight (quantiles interpolated between points).

    Example:

    >>> get_bin_boundaries(summarize(np.arange(10.0), 0.01), 4).tolist()
    [1.5, 4.0, 6.5]
    """
    weights = summary[1]
    cumulative = np.cumsum(weights) / np.sum(weights)
    quantiles = np.arange(1, num_bins) / num_bins
    return np.interp(quantiles, cumulative, summary[0])
