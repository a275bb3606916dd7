"""Test helpers: `TestCase` (with `run_layer_test`) and, in `test_utils`,
small learnable datasets and named parameter products."""

from keras.src.testing import test_utils  # noqa: F401
from keras.src.testing.test_case import TestCase  # noqa: F401
