from keras.src.testing.test_case import TestCase  # noqa: F401
