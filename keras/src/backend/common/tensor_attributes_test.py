import numpy as np

from keras.src import ops
from keras.src import testing
from keras.src.backend.common import tensor_attributes as ta


class TensorAttributesTest(testing.TestCase):
    def test_set_get_and_remove(self):
        for tensor in (np.ones(3), ops.ones((3,))):
            self.assertIsNone(ta.get_tensor_attr(tensor, "note"))
            ta.set_tensor_attr(tensor, "note", "a")
            self.assertEqual(ta.get_tensor_attr(tensor, "note"), "a")
            ta.set_tensor_attr(tensor, "note", None)
            self.assertIsNone(ta.get_tensor_attr(tensor, "note"))

    def test_side_table_entry_dies_with_tensor(self):
        import gc

        tensor = np.ones(3)
        ta.set_tensor_attr(tensor, "note", "a")
        key = id(tensor)
        del tensor
        gc.collect()
        self.assertNotIn(key, ta._SIDE_TABLE)
