"""Models: `Model`, `Functional`, `Sequential`, and model cloning."""

from keras.src.models.functional import Functional  # noqa: F401
from keras.src.models.model import Model  # noqa: F401
from keras.src.models.sequential import Sequential  # noqa: F401
