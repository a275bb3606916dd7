"""Test helpers: `TestCase` (with `run_layer_test`) and, in `test_utils`,
small learnable datasets and named parameter products."""

from keras.src.testing import test_utils  # noqa: F401
from keras.src.testing.test_case import TestCase  # noqa: F401
from keras.src.testing.test_case import jax_uses_gpu  # noqa: F401
from keras.src.testing.test_case import jax_uses_tpu  # noqa: F401
from keras.src.testing.test_case import tensorflow_uses_gpu  # noqa: F401
from keras.src.testing.test_case import tensorflow_uses_tpu  # noqa: F401
from keras.src.testing.test_case import torch_uses_gpu  # noqa: F401
from keras.src.testing.test_case import uses_gpu  # noqa: F401
from keras.src.testing.test_case import uses_tpu  # noqa: F401
