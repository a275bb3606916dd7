"""Elementwise functions on TensorFlow."""

import tensorflow as tf

from keras.src.backend.tensorflow.core import promote


def add(x1, x2):
    x1, x2 = promote(x1, x2)
    return tf.add(x1, x2)
