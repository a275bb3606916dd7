"""Activation layers: elementwise nonlinearities as layers."""

from keras.src.layers.activations.elu import ELU  # noqa: F401
from keras.src.layers.activations.leaky_relu import LeakyReLU  # noqa: F401
from keras.src.layers.activations.prelu import PReLU  # noqa: F401
from keras.src.layers.activations.relu import ReLU  # noqa: F401
from keras.src.layers.activations.softmax import Softmax  # noqa: F401
