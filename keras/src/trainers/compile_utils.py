"""The losses and metrics given to `Model.compile()`, matched to outputs.

`compile()` accepts a loss or a metric as a name, an object, or a list or
dict of them keyed like the model's outputs. `CompileLoss` and
`CompileMetrics` resolve those forms once the first batch shows the
structure of `y` and `y_pred`, then compute the weighted total loss and
the per-output metrics, logging them as Keras does (`"loss"`,
`"<output>_loss"`, `"<output>_<metric>"`).
"""

from keras.src import losses as losses_module
from keras.src import metrics as metrics_module
from keras.src import ops
from keras.src import tree
from keras.src.losses.loss import Loss
from keras.src.losses.loss import LossFunctionWrapper
from keras.src.metrics.metric import Metric
from keras.src.metrics.reduction_metrics import Mean
from keras.src.metrics.reduction_metrics import MeanMetricWrapper

_ACCURACY_NAMES = ("accuracy", "acc")
_CROSSENTROPY_NAMES = ("crossentropy", "ce")


def _flat_outputs(y_pred, output_names):
    """Returns `(names, flat_y_pred)` in the order losses map to them."""
    if isinstance(y_pred, dict):
        names = sorted(y_pred)
        return names, [y_pred[n] for n in names]
    flat = tree.flatten(y_pred)
    names = list(output_names or [])
    if len(names) != len(flat):
        names = [f"output_{i}" for i in range(len(flat))]
    return names, flat


def _flat_targets(y_true, names, count, what):
    if isinstance(y_true, dict):
        missing = [n for n in names if n not in y_true]
        if missing:
            raise ValueError(
                f"The {what} targets are a dict without keys {missing}. "
                f"Expected keys: {names}. Received keys: {sorted(y_true)}"
            )
        return [y_true[n] for n in names]
    flat = tree.flatten(y_true)
    if len(flat) != count:
        raise ValueError(
            f"The model has {count} output(s) {names} but {len(flat)} "
            f"{what} target(s) were given."
        )
    return flat


def _per_output(spec, names, what, allow_single, flatten=False):
    """Spreads `spec` (a dict keyed by output name, a list matching the
    outputs, or a single value) over the outputs. With `flatten`, a list
    may nest like the outputs do (`[loss_a, [loss_b, loss_c]]`) or hold
    the single output's one entry (`loss=["mse"]`)."""
    if isinstance(spec, dict):
        unknown = sorted(set(spec) - set(names))
        if unknown:
            raise ValueError(
                f"`{what}` has keys {unknown} that are not output names. "
                f"Output names: {names}. Received: {what}={spec}"
            )
        return [spec.get(n) for n in names]
    if isinstance(spec, (list, tuple)) and (flatten or len(names) > 1):
        entries = tree.flatten(spec) if flatten else list(spec)
        if len(entries) != len(names):
            raise ValueError(
                f"`{what}` should have one entry per output {names}. "
                f"Received: {what}={spec}"
            )
        return entries
    if len(names) == 1:
        return [spec]
    if not allow_single:
        raise ValueError(
            f"`{what}` should be a dict keyed by output name or a list "
            f"with one entry per output {names}. Received: {what}={spec}"
        )
    return [spec] * len(names)


def _flat_sample_weights(sample_weight, names, count):
    if sample_weight is None:
        return [None] * count
    if isinstance(sample_weight, dict):
        return [sample_weight.get(n) for n in names]
    flat = tree.flatten(sample_weight)
    if len(flat) == count:
        return flat
    return [sample_weight] * count


class StepValues:
    """`y`, `y_pred` and `sample_weight` of one step, flattened once into
    lists with one entry per output (in the order of `names`), for the
    compiled loss and the compiled metrics to share.

    Attributes:
        names: the output names the lists follow.
        y, y_pred, sample_weight: the structures as given.
        flat_y, flat_y_pred, flat_sample_weight: their flat lists.
    """

    def __init__(self, names, y, y_pred, sample_weight, flat_y,
                 flat_y_pred, flat_sample_weight):
        self.names = names
        self.y = y
        self.y_pred = y_pred
        self.sample_weight = sample_weight
        self.flat_y = flat_y
        self.flat_y_pred = flat_y_pred
        self.flat_sample_weight = flat_sample_weight


class StepValuesCache:
    """Holds the `StepValues` of the step in progress (or `None`)."""

    def __init__(self):
        self.values = None


def flatten_step(y, y_pred, sample_weight, names, what, previous=None):
    """Flattens one step's values against the outputs `names`.

    Args:
        y: the targets: one tensor, or a list/dict/nest like the outputs.
        y_pred: the model's outputs.
        sample_weight: `None`, one tensor for every output, or one per
            output (a list, or a dict keyed by output name).
        names: the output names, as `CompileLoss`/`CompileMetrics` built
            them.
        what: `"loss"` or `"metric"`, for the error messages.
        previous: the `StepValues` of an earlier call in the same step,
            or `None`. Whatever it flattened from the same objects is
            reused rather than flattened again: the metrics of a step
            take the targets and weights the loss took, and the
            predictions too unless a gradient transform handed back new
            ones (JAX, the captured torch step).

    Returns:
        A `StepValues`.
    """
    reuse = (
        previous is not None
        and (previous.names is names or previous.names == names)
        and previous.y is y
        and previous.sample_weight is sample_weight
    )
    if reuse and previous.y_pred is y_pred:
        return previous
    _, flat_pred = _flat_outputs(y_pred, names)
    if reuse and len(flat_pred) == len(previous.flat_y_pred):
        return StepValues(names, y, y_pred, sample_weight, previous.flat_y,
                          flat_pred, previous.flat_sample_weight)
    flat_true = _flat_targets(y, names, len(flat_pred), what)
    flat_weights = _flat_sample_weights(sample_weight, names,
                                        len(flat_pred))
    return StepValues(names, y, y_pred, sample_weight, flat_true, flat_pred,
                      flat_weights)


class CompileLoss:
    """The total loss of `compile(loss=..., loss_weights=...)`.

    Args:
        loss: a loss, or a list/dict of losses keyed like the outputs.
        loss_weights: scalars weighting each output's loss.
        output_names: the model's output names.
    """

    def __init__(self, loss, loss_weights=None, output_names=None):
        self.loss = loss
        self.loss_weights = loss_weights
        self.output_names = output_names
        self.built = False
        self.trackers = []

    def build(self, y_true, y_pred):
        names, flat_pred = _flat_outputs(y_pred, self.output_names)
        if isinstance(self.loss, dict) and len(names) > 1 and not set(
            self.loss
        ) - set(names) and set(self.loss) != set(names):
            # Keras needs every output in a loss dict (`None` to skip one).
            raise ValueError(
                f"Expected keys {names} in loss dict, but found "
                f"loss.keys()={sorted(self.loss)}"
            )
        specs = _per_output(self.loss, names, "loss", allow_single=True,
                            flatten=True)
        weights = (
            [1.0] * len(names)
            if self.loss_weights is None
            else _per_output(self.loss_weights, names, "loss_weights",
                             allow_single=False, flatten=True)
        )
        self.names = names
        self.losses = [None if spec is None else _resolve_loss(spec)
                       for spec in specs]
        self.weights = [1.0 if w is None else float(w) for w in weights]
        # Each output's loss is logged when more than one is computed.
        if sum(loss is not None for loss in self.losses) > 1:
            self.trackers = [
                None if loss is None else Mean(name=f"{name}_loss")
                for name, loss in zip(names, self.losses)
            ]
        self.built = True

    def __call__(self, y_true, y_pred, sample_weight=None):
        if not self.built:
            self.build(y_true, y_pred)
        return self.call_flat(
            flatten_step(y_true, y_pred, sample_weight, self.names, "loss")
        )

    def call_flat(self, values):
        """The total loss of one step's values, flattened by
        `flatten_step` against `self.names`."""
        flat_true = values.flat_y
        flat_pred = values.flat_y_pred
        flat_weights = values.flat_sample_weight
        total = None
        for index, loss in enumerate(self.losses):
            if loss is None:
                continue
            value = loss(flat_true[index], flat_pred[index],
                         sample_weight=flat_weights[index])
            if self.trackers and self.trackers[index] is not None:
                self.trackers[index].update_state(value)
            if self.weights[index] != 1.0:  # x * 1.0 is x: skip the op.
                value = ops.multiply(value, self.weights[index])
            total = value if total is None else ops.add(total, value)
        return total

    @property
    def metrics(self):
        return [t for t in self.trackers if t is not None]


def _resolve_loss(identifier):
    """A `Loss` object for a loss name, function or object."""
    loss = losses_module.get(identifier)
    if isinstance(loss, Loss):
        return loss
    if not callable(loss):
        raise ValueError(
            f"Could not interpret loss identifier: {identifier!r}"
        )
    name = identifier if isinstance(identifier, str) else getattr(
        loss, "__name__", None
    )
    return LossFunctionWrapper(loss, name=name)


class CompileMetrics(Metric):
    """The metrics of `compile(metrics=..., weighted_metrics=...)`, one
    set per output; its `result()` is a dict of named values.

    Args:
        metrics: metrics (names, objects, functions), or lists/dicts of
            them keyed like the outputs.
        weighted_metrics: the same, updated with the sample weights.
        output_names: the model's output names.
    """

    def __init__(self, metrics, weighted_metrics, output_names=None,
                 name="compile_metrics"):
        super().__init__(name=name)
        self._metrics_spec = metrics
        self._weighted_spec = weighted_metrics
        self.output_names = output_names
        self.built = False
        self._per_output = []
        self._weighted_per_output = []

    def build(self, y_true, y_pred):
        names, flat_pred = _flat_outputs(y_pred, self.output_names)
        flat_true = _flat_targets(y_true, names, len(flat_pred), "metric")
        self.names = names
        self._per_output = self._resolve(
            self._metrics_spec, names, flat_true, flat_pred, "metrics"
        )
        # A weighted metric named like an unweighted one is logged as
        # `weighted_<name>`, so both are kept.
        taken = {m.name for group in self._per_output for m in group}
        self._weighted_per_output = self._resolve(
            self._weighted_spec, names, flat_true, flat_pred,
            "weighted_metrics", taken
        )
        self.built = True

    def _resolve(self, spec, names, flat_true, flat_pred, what,
                 taken=()):
        if spec is None:
            return [[] for _ in names]
        per_output = _per_output(spec, names, what, allow_single=False)
        resolved = []
        seen_names = set(taken)
        for name, items, y_true, y_pred in zip(names, per_output,
                                               flat_true, flat_pred):
            items = [] if items is None else tree.flatten(
                items if isinstance(items, (list, tuple)) else [items]
            )
            metrics = []
            for item in items:
                metric = _resolve_metric(item, y_true, y_pred)
                if not getattr(metric, "built", True):
                    # State sized from the data (F-scores, R2, AUC): made
                    # now, before a step is compiled.
                    metric.build(tuple(y_true.shape), tuple(y_pred.shape))
                prefix = f"{name}_" if len(names) > 1 else ""
                if (what == "weighted_metrics"
                        and prefix + metric.name in seen_names):
                    # Keras logs it as `<output>_weighted_<name>`.
                    metric.name = f"weighted_{metric.name}"
                metric.name = prefix + metric.name
                seen_names.add(metric.name)
                metrics.append(metric)
            resolved.append(metrics)
        return resolved

    @property
    def metrics(self):
        return [m for group in self._per_output + self._weighted_per_output
                for m in group]

    @property
    def variables(self):
        return [v for m in self.metrics for v in m.variables]

    def update_state(self, y_true, y_pred, sample_weight=None):
        if not self.built:
            self.build(y_true, y_pred)
        self.update_flat(
            flatten_step(y_true, y_pred, sample_weight, self.names,
                         "metric")
        )

    def update_flat(self, values):
        """Updates the metrics with one step's values, flattened by
        `flatten_step` against `self.names`."""
        flat_true = values.flat_y
        flat_pred = values.flat_y_pred
        flat_weights = values.flat_sample_weight
        for index in range(len(self.names)):
            for metric in self._per_output[index]:
                metric.update_state(flat_true[index], flat_pred[index])
            for metric in self._weighted_per_output[index]:
                metric.update_state(flat_true[index], flat_pred[index],
                                    sample_weight=flat_weights[index])

    def result(self):
        results = {}
        for metric in self.metrics:
            value = metric.result()
            if isinstance(value, dict):
                results.update(value)
            else:
                results[metric.name] = value
        return results

    def reset_state(self):
        for metric in self.metrics:
            metric.reset_state()

    def get_config(self):
        # Rebuilt by `compile()`, never deserialized on its own.
        return {"name": self.name}


def _resolve_metric(identifier, y_true, y_pred):
    """A metric object for `identifier`, choosing the accuracy and
    crossentropy variants from the shapes like Keras does."""
    if isinstance(identifier, Metric):
        return _with_direction(identifier)
    if isinstance(identifier, str) and identifier in (
        _ACCURACY_NAMES + _CROSSENTROPY_NAMES
    ):
        variant = _variant(y_true, y_pred)
        kind = (
            "accuracy" if identifier in _ACCURACY_NAMES else "crossentropy"
        )
        metric = metrics_module.get(f"{variant}_{kind}")
        if isinstance(metric, Metric):
            metric.name = identifier
            return _with_direction(metric)
        return _with_direction(MeanMetricWrapper(metric, name=identifier))
    metric = metrics_module.get(identifier)
    if isinstance(metric, Metric):
        if isinstance(identifier, str):
            metric.name = identifier  # Logged under the name given.
        return _with_direction(metric)
    name = getattr(identifier, "__name__", None) or str(identifier)
    if isinstance(identifier, str):
        name = identifier
    wrapper = MeanMetricWrapper(metric, name=name)
    wrapper._direction = _direction_of(getattr(metric, "__name__", name))
    return wrapper


# Which way a metric improves, for callbacks with `mode="auto"`.
_UP = ("accuracy", "acc", "auc", "precision", "recall", "cosine", "r2",
       "iou", "f1", "fbeta", "correlation")
_DOWN = ("error", "mae", "mse", "rmse", "msle", "mape", "crossentropy",
         "hinge", "divergence", "poisson", "log_cosh", "logcosh")


def _direction_of(name):
    name = name.lower()
    if any(word in name for word in _UP):
        return "up"
    if any(word in name for word in _DOWN):
        return "down"
    return None


def _with_direction(metric):
    if getattr(metric, "_direction", None) is None:
        metric._direction = _direction_of(type(metric).__name__ + " "
                                          + metric.name)
    return metric


def _variant(y_true, y_pred):
    """`"binary"`, `"sparse_categorical"` or `"categorical"`."""
    true_shape = tuple(getattr(y_true, "shape", ()))
    pred_shape = tuple(getattr(y_pred, "shape", ()))
    if pred_shape and pred_shape[-1] == 1:
        return "binary"
    if len(true_shape) < len(pred_shape) or (
        true_shape and true_shape[-1] == 1 and pred_shape
        and pred_shape[-1] != 1
    ):
        return "sparse_categorical"
    return "categorical"


# -- Keras's module-level helpers, on the resolution logic above -----------


def is_binary_or_sparse_categorical(y_true, y_pred):
    """Returns `(is_binary, is_sparse_categorical)` for targets and
    predictions of these shapes, as `compile()` decides which accuracy
    (or crossentropy) a metric named `"accuracy"` stands for.

    Args:
        y_true: targets (anything with a `shape`).
        y_pred: predictions.

    Returns:
        A pair of bools; both `False` means one-hot categorical.

    Example:

    >>> import numpy as np
    >>> is_binary_or_sparse_categorical(np.array([1, 2]), np.ones((2, 3)))
    (False, True)
    """
    variant = _variant(y_true, y_pred)
    return variant == "binary", variant == "sparse_categorical"


def get_metric(identifier, y_true, y_pred):
    """Returns the metric object `compile()` uses for `identifier`.

    `"accuracy"`/`"acc"` (and `"crossentropy"`/`"ce"`) become the binary,
    sparse categorical or categorical variant that fits the shapes of
    `y_true` and `y_pred`.

    Args:
        identifier: a metric name, object or function.
        y_true: targets, for their shape.
        y_pred: predictions, for their shape.

    Returns:
        A `keras.metrics.Metric`.

    Example:

    >>> import numpy as np
    >>> get_metric("accuracy", np.array([1, 2]), np.ones((2, 3)))
    <SparseCategoricalAccuracy name=accuracy>
    """
    if identifier is None:
        raise ValueError(f"Expected metric, received `{identifier}`")
    return _resolve_metric(identifier, y_true, y_pred)


def get_loss(identifier, y_true, y_pred):
    """Returns the loss object `compile()` uses for `identifier`.

    Args:
        identifier: a loss name, object or function.
        y_true: targets (unused: losses do not depend on shapes).
        y_pred: predictions (unused).

    Returns:
        A `keras.losses.Loss`.

    Example:

    >>> import numpy as np
    >>> get_loss("mse", np.ones((2, 1)), np.ones((2, 1))).name
    'mse'
    """
    del y_true, y_pred
    if identifier is None:
        raise ValueError(f"Expected loss, received `{identifier}`")
    return _resolve_loss(identifier)


class MetricsList(Metric):
    """Several metrics updated together; `get_result()` returns their
    results keyed by name.

    Args:
        metrics: a list of metric objects.
        name: the name of the list.
        output_name: the model output these metrics are computed on.

    Example:

    >>> import numpy as np
    >>> metrics = MetricsList([keras.metrics.MeanSquaredError(),
    ...                        keras.metrics.MeanAbsoluteError()])
    >>> metrics.update_state(np.zeros((2, 1)), np.ones((2, 1)))
    >>> {k: float(v) for k, v in metrics.get_result().items()}
    {'mean_squared_error': 1.0, 'mean_absolute_error': 1.0}
    """

    def __init__(self, metrics, name="metrics_list", output_name=None):
        super().__init__(name=name)
        self.metrics = list(metrics)
        self.output_name = output_name

    def update_state(self, y_true, y_pred, sample_weight=None):
        for metric in self.metrics:
            metric.update_state(y_true, y_pred, sample_weight=sample_weight)

    def reset_state(self):
        for metric in self.metrics:
            metric.reset_state()

    def get_result(self):
        return {metric.name: metric.result() for metric in self.metrics}

    def result(self):
        return self.get_result()

    def get_config(self):
        # Built by `compile()`: the metrics themselves are not serialized.
        return {"name": self.name, "output_name": self.output_name}


def get_metrics_list(metrics, y_true, y_pred, output_name=None):
    """Returns a `MetricsList` of the metrics `compile()` would use for
    `metrics` (a list of identifiers) on these targets and predictions,
    or `None` when `metrics` is `None`.

    Example:

    >>> import numpy as np
    >>> metrics = get_metrics_list(["mse"], np.ones((2, 1)), np.ones((2, 1)))
    >>> [m.name for m in metrics.metrics]
    ['mse']
    """
    if metrics is None:
        return None
    if not isinstance(metrics, (list, tuple)):
        metrics = [metrics]
    return MetricsList(
        [get_metric(m, y_true, y_pred) for m in metrics],
        output_name=output_name,
    )
