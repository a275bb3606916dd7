from keras.src.api_export import keras_export

# Kept at the version of the Keras API this package implements: TensorFlow
# 2.21 requires `keras>=3.12`, and pip must accept this package for it.
__version__ = "3.15.1"


@keras_export("keras.version")
def version():
    """Returns the version of this Keras package as a string.

    Example:

    >>> keras.version()  # doctest: +SKIP
    '3.15.1'
    """
    return __version__
