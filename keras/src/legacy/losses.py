"""Keras 2's `tf.keras.losses.Reduction`: the names of the ways a loss
reduces its per-sample values."""

from keras.src.api_export import keras_export


@keras_export("keras._tf_keras.keras.losses.Reduction")
class Reduction:
    """The loss reductions of Keras 2, as string constants.

    `AUTO` lets the context choose (`SUM_OVER_BATCH_SIZE` almost always),
    `NONE` keeps per-sample losses, `SUM` adds them and
    `SUM_OVER_BATCH_SIZE` averages them over the batch. Keras 3 losses
    take the same strings as their `reduction` argument (except
    `"auto"`).

    Example:

    >>> from keras._tf_keras.keras.losses import Reduction
    >>> Reduction.SUM
    'sum'
    >>> Reduction.validate("sum_over_batch_size")
    """

    AUTO = "auto"
    NONE = "none"
    SUM = "sum"
    SUM_OVER_BATCH_SIZE = "sum_over_batch_size"

    @classmethod
    def all(cls):
        """Every reduction, as a tuple of strings.

        Returns:
            `("auto", "none", "sum", "sum_over_batch_size")`.
        """
        return (cls.AUTO, cls.NONE, cls.SUM, cls.SUM_OVER_BATCH_SIZE)

    @classmethod
    def validate(cls, key):
        """Raises a `ValueError` unless `key` is a reduction.

        Args:
            key: the reduction to check.
        """
        if key not in cls.all():
            raise ValueError(
                f"Invalid Reduction Key: {key}. Expected keys are "
                f'"{cls.all()}"'
            )
