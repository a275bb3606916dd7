"""`keras.src.optimizers.optimizer.Optimizer`, the path Keras gives the
optimizer base class; it is defined in `base_optimizer.py` here."""

from keras.src.optimizers.base_optimizer import Optimizer  # noqa: F401
from keras.src.optimizers.base_optimizer import (  # noqa: F401
    base_optimizer_keyword_args,
)
