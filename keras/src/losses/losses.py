"""Every built-in loss function and class in one namespace.

The definitions live in `losses_regression.py`, `losses_probabilistic.py`
and `losses_similarity.py`; metrics and the trainer import them from here
(`keras.src.losses.losses.mean_squared_error`, ...).
"""

from keras.src.losses.loss import BuiltinLoss  # noqa: F401
from keras.src.losses.loss import Loss  # noqa: F401
from keras.src.losses.loss import LossFunctionWrapper  # noqa: F401
from keras.src.losses.losses_probabilistic import (  # noqa: F401
    CTC,
    BinaryCrossentropy,
    BinaryFocalCrossentropy,
    CategoricalCrossentropy,
    CategoricalFocalCrossentropy,
    CategoricalGeneralizedCrossEntropy,
    KLDivergence,
    Poisson,
    SparseCategoricalCrossentropy,
    binary_crossentropy,
    binary_focal_crossentropy,
    categorical_crossentropy,
    categorical_focal_crossentropy,
    categorical_generalized_cross_entropy,
    ctc,
    kl_divergence,
    poisson,
    sparse_categorical_crossentropy,
)
from keras.src.losses.losses_regression import (  # noqa: F401
    CategoricalHinge,
    CosineSimilarity,
    Hinge,
    Huber,
    LogCosh,
    MeanAbsoluteError,
    MeanAbsolutePercentageError,
    MeanSquaredError,
    MeanSquaredLogarithmicError,
    SquaredHinge,
    categorical_hinge,
    cosine_similarity,
    hinge,
    huber,
    log_cosh,
    mean_absolute_error,
    mean_absolute_percentage_error,
    mean_squared_error,
    mean_squared_logarithmic_error,
    squared_hinge,
)
from keras.src.losses.losses_similarity import (  # noqa: F401
    Circle,
    Dice,
    Tversky,
    circle,
    dice,
    tversky,
)


def convert_binary_labels_to_hinge(y_true):
    """Maps labels in {0, 1} to {-1, 1}, the labels hinge losses expect;
    labels already holding other values (such as -1) are returned as they
    are. The check covers the whole tensor.

    Example:

    >>> y = convert_binary_labels_to_hinge(np.array([0.0, 1.0, 1.0]))
    >>> keras.ops.convert_to_numpy(y).tolist()
    [-1.0, 1.0, 1.0]
    """
    from keras.src import ops
    from keras.src.losses.losses_regression import _signed_labels

    return _signed_labels(ops.convert_to_tensor(y_true))
