"""`keras.optimizers.legacy`: the Keras 2 optimizers, which Keras 3 does
not have; the names remain so that old code fails with a clear message."""

from keras.src.api_export import keras_export


@keras_export(
    [
        "keras.optimizers.legacy.Adagrad",
        "keras.optimizers.legacy.Adam",
        "keras.optimizers.legacy.Ftrl",
        "keras.optimizers.legacy.Optimizer",
        "keras.optimizers.legacy.RMSprop",
        "keras.optimizers.legacy.SGD",
    ]
)
class LegacyOptimizerWarning:
    """Stands for every `keras.optimizers.legacy` optimizer: creating one
    raises an `ImportError` that points to the Keras 3 optimizers and to
    the `tf_keras` package.

    Args:
        *args: ignored.
        **kwargs: ignored.

    Example:

    >>> try:
    ...     keras.optimizers.legacy.Adam(0.1)
    ... except ImportError:
    ...     print("use keras.optimizers.Adam")
    use keras.optimizers.Adam
    """

    def __init__(self, *args, **kwargs):
        raise ImportError(
            "`keras.optimizers.legacy` is not supported in Keras 3. Use "
            "the optimizers of `keras.optimizers` (e.g. "
            "`keras.optimizers.Adam`). To keep using a "
            "`tf.keras.optimizers.legacy` optimizer, install the "
            "`tf_keras` package (Keras 2) and set the environment "
            "variable `TF_USE_LEGACY_KERAS=True`."
        )
