"""`DataLayer`, Keras's name for the base of the preprocessing layers
that also run inside `tf.data` pipelines on any backend. It is the class
defined in `tf_data_layer.py` here."""

from keras.src.layers.preprocessing.tf_data_layer import (  # noqa: F401
    TFDataLayer as DataLayer,
)
