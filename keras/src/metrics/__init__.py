"""`keras.metrics`: metric classes and functions, and `get`/`serialize`/
`deserialize` to turn identifiers into metrics.

Every metric keeps its state in non-trainable variables (see `Metric`) and
updates it with tensor operations only, so metrics run eagerly and inside
compiled train steps on every backend.
"""

import inspect

from keras.src.api_export import keras_export
from keras.src.backend.common.naming import to_snake_case
from keras.src.metrics.accuracy_metrics import Accuracy
from keras.src.metrics.accuracy_metrics import BinaryAccuracy
from keras.src.metrics.accuracy_metrics import CategoricalAccuracy
from keras.src.metrics.accuracy_metrics import SparseCategoricalAccuracy
from keras.src.metrics.accuracy_metrics import SparseTopKCategoricalAccuracy
from keras.src.metrics.accuracy_metrics import TopKCategoricalAccuracy
from keras.src.metrics.auc_metric import AUC
from keras.src.metrics.confusion_metrics import FalseNegatives
from keras.src.metrics.confusion_metrics import FalsePositives
from keras.src.metrics.confusion_metrics import Precision
from keras.src.metrics.confusion_metrics import PrecisionAtRecall
from keras.src.metrics.confusion_metrics import Recall
from keras.src.metrics.confusion_metrics import RecallAtPrecision
from keras.src.metrics.confusion_metrics import SensitivityAtSpecificity
from keras.src.metrics.confusion_metrics import SpecificityAtSensitivity
from keras.src.metrics.confusion_metrics import TrueNegatives
from keras.src.metrics.confusion_metrics import TruePositives
from keras.src.metrics.correlation_metrics import ConcordanceCorrelation
from keras.src.metrics.correlation_metrics import PearsonCorrelation
from keras.src.metrics.f_score_metrics import F1Score
from keras.src.metrics.f_score_metrics import FBetaScore
from keras.src.metrics.hinge_metrics import CategoricalHinge
from keras.src.metrics.hinge_metrics import Hinge
from keras.src.metrics.hinge_metrics import SquaredHinge
from keras.src.metrics.iou_metrics import BinaryIoU
from keras.src.metrics.iou_metrics import IoU
from keras.src.metrics.iou_metrics import MeanIoU
from keras.src.metrics.iou_metrics import OneHotIoU
from keras.src.metrics.iou_metrics import OneHotMeanIoU
from keras.src.metrics.metric import Metric
from keras.src.metrics.probabilistic_metrics import BinaryCrossentropy
from keras.src.metrics.probabilistic_metrics import CategoricalCrossentropy
from keras.src.metrics.probabilistic_metrics import KLDivergence
from keras.src.metrics.probabilistic_metrics import Poisson
from keras.src.metrics.probabilistic_metrics import (
    SparseCategoricalCrossentropy,
)
from keras.src.metrics.reduction_metrics import Mean
from keras.src.metrics.reduction_metrics import MeanMetricWrapper
from keras.src.metrics.reduction_metrics import Sum
from keras.src.metrics.regression_metrics import CosineSimilarity
from keras.src.metrics.regression_metrics import LogCoshError
from keras.src.metrics.regression_metrics import MeanAbsoluteError
from keras.src.metrics.regression_metrics import (
    MeanAbsolutePercentageError,
)
from keras.src.metrics.regression_metrics import MeanSquaredError
from keras.src.metrics.regression_metrics import (
    MeanSquaredLogarithmicError,
)
from keras.src.metrics.regression_metrics import R2Score
from keras.src.metrics.regression_metrics import RootMeanSquaredError
from keras.src.saving import serialization_lib

ALL_OBJECTS = (
    # Base classes.
    Metric,
    Mean,
    Sum,
    MeanMetricWrapper,
    # Regression.
    MeanSquaredError,
    RootMeanSquaredError,
    MeanAbsoluteError,
    MeanAbsolutePercentageError,
    MeanSquaredLogarithmicError,
    CosineSimilarity,
    LogCoshError,
    R2Score,
    # Classification.
    AUC,
    FalseNegatives,
    FalsePositives,
    Precision,
    PrecisionAtRecall,
    RecallAtPrecision,
    Recall,
    SensitivityAtSpecificity,
    SpecificityAtSensitivity,
    TrueNegatives,
    TruePositives,
    # Correlation.
    ConcordanceCorrelation,
    PearsonCorrelation,
    # Hinge.
    Hinge,
    SquaredHinge,
    CategoricalHinge,
    # Probabilistic.
    KLDivergence,
    Poisson,
    BinaryCrossentropy,
    CategoricalCrossentropy,
    SparseCategoricalCrossentropy,
    # Accuracy.
    Accuracy,
    BinaryAccuracy,
    CategoricalAccuracy,
    SparseCategoricalAccuracy,
    TopKCategoricalAccuracy,
    SparseTopKCategoricalAccuracy,
    # F-score.
    F1Score,
    FBetaScore,
    # IoU.
    IoU,
    BinaryIoU,
    MeanIoU,
    OneHotIoU,
    OneHotMeanIoU,
)

# The names `get` and `deserialize` accept: class names, their snake-case
# forms, and the usual abbreviations.
ALL_OBJECTS_DICT = {cls.__name__: cls for cls in ALL_OBJECTS}
ALL_OBJECTS_DICT.update(
    {to_snake_case(cls.__name__): cls for cls in ALL_OBJECTS}
)
ALL_OBJECTS_DICT.update(
    {
        "bce": BinaryCrossentropy,
        "BCE": BinaryCrossentropy,
        "mse": MeanSquaredError,
        "MSE": MeanSquaredError,
        "mae": MeanAbsoluteError,
        "MAE": MeanAbsoluteError,
        "mape": MeanAbsolutePercentageError,
        "MAPE": MeanAbsolutePercentageError,
        "msle": MeanSquaredLogarithmicError,
        "MSLE": MeanSquaredLogarithmicError,
    }
)


@keras_export("keras.metrics.serialize")
def serialize(metric):
    """Returns the config of a metric object (or the name of a metric
    function).

    Args:
        metric: a `keras.metrics.Metric` instance or a metric function.

    Returns:
        A dict with `module`, `class_name`, `config` and
        `registered_name`.

    Example:

    >>> config = keras.metrics.serialize(keras.metrics.Mean(name="avg"))
    >>> config["class_name"], config["config"]["name"]
    ('Mean', 'avg')
    """
    return serialization_lib.serialize_keras_object(metric)


@keras_export("keras.metrics.deserialize")
def deserialize(config, custom_objects=None):
    """Creates a metric from the output of `serialize()` (or a name).

    Args:
        config: a dict from `serialize()`, or the name of a metric class
            (such as `"MeanSquaredError"`, `"mean_squared_error"` or
            `"mse"`), which is instantiated with its defaults.
        custom_objects: an optional dict mapping names to custom classes
            and functions.

    Returns:
        A `keras.metrics.Metric` instance (or a metric function).

    Example:

    >>> metric = keras.metrics.deserialize(
    ...     {"class_name": "Mean", "config": {"name": "avg"}})
    >>> metric.name
    'avg'
    """
    # A saved function is looked up by name among functions, not among
    # the classes whose snake-case names it may share.
    is_function = isinstance(config, dict) and config.get(
        "class_name"
    ) == "function"
    return serialization_lib.deserialize_keras_object(
        config,
        module_objects=None if is_function else ALL_OBJECTS_DICT,
        custom_objects=custom_objects,
    )


@keras_export("keras.metrics.get")
def get(identifier):
    """Returns the metric an identifier refers to.

    Args:
        identifier: `None`, the name of a metric class (such as `"auc"`,
            `"mse"`, `"accuracy"` or `"Precision"`), a config dict from
            `serialize()`, a `Metric` class or instance, or a callable
            `fn(y_true, y_pred)`.

    Returns:
        A metric instance (classes are instantiated with their defaults)
        or the callable given, or `None` for `None`.

    Example:

    >>> keras.metrics.get("mse").name
    'mean_squared_error'
    >>> keras.metrics.get("auc").curve
    'ROC'
    """
    if identifier is None:
        return None
    obj = None
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        cls = ALL_OBJECTS_DICT.get(identifier)
        obj = cls() if cls is not None else deserialize(identifier)
    else:
        obj = identifier
    if inspect.isclass(obj) and issubclass(obj, Metric):
        obj = obj()
    if callable(obj) and not inspect.isclass(obj):
        return obj
    raise ValueError(
        f"Could not interpret metric identifier: {identifier!r}. Expected "
        "None, the name of a metric (such as 'mse' or 'auc'), a config "
        "dict, a `keras.metrics.Metric` or a callable. Received: "
        f"identifier={identifier!r} (of type {type(identifier).__name__})"
    )
