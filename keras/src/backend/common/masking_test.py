import numpy as np

from keras.src import backend
from keras.src import testing
from keras.src.backend.common.masking import get_keras_mask
from keras.src.backend.common.masking import set_keras_mask


class MaskingTest(testing.TestCase):
    def test_no_mask_by_default(self):
        x = backend.convert_to_tensor(np.ones((2, 3), "float32"))
        self.assertIsNone(get_keras_mask(x))

    def test_set_get_and_clear(self):
        x = backend.convert_to_tensor(np.ones((2, 3), "float32"))
        mask = backend.convert_to_tensor(np.array([[True, False, True]] * 2))
        set_keras_mask(x, mask)
        self.assertIs(get_keras_mask(x), mask)
        set_keras_mask(x, None)
        self.assertIsNone(get_keras_mask(x))
        set_keras_mask(x, None)  # Clearing twice is fine.
        self.assertIsNone(get_keras_mask(x))

    def test_layers_read_the_mask_it_sets(self):
        from keras.src import layers

        embedded = layers.Embedding(5, 2, mask_zero=True)(
            backend.convert_to_tensor(np.array([[1, 0, 2]]))
        )
        self.assertAllEqual(get_keras_mask(embedded), [[True, False, True]])

    def test_mask_goes_with_its_array(self):
        # NumPy arrays keep theirs in a side table; another array made
        # later (perhaps at the same address) carries none.
        x = backend.convert_to_tensor(np.ones((2, 3), "float32"))
        set_keras_mask(x, backend.convert_to_tensor(np.ones((2, 3), bool)))
        del x
        y = backend.convert_to_tensor(np.ones((2, 3), "float32"))
        self.assertIsNone(get_keras_mask(y))
