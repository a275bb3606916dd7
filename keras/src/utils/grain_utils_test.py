import numpy as np

from keras.src import testing
from keras.src.utils import grain_utils


class GrainUtilsTest(testing.TestCase):
    def test_make_batch_stacks_each_leaf(self):
        batch = grain_utils.make_batch(
            [{"a": np.ones(2), "b": 3}, {"a": np.zeros(2), "b": 4}]
        )
        self.assertAllClose(batch["a"], [[1, 1], [0, 0]])
        self.assertAllClose(batch["b"], [3, 4])
        # Lists are structure, as in Keras: one stack per position.
        first, second = grain_utils.make_batch([[1, 2], [3, 4]])
        self.assertAllClose(first, [1, 3])
        self.assertAllClose(second, [2, 4])

    def test_make_string_batch_keeps_strings(self):
        texts, features = grain_utils.make_string_batch(
            [("a", np.ones(2)), ("bc", np.zeros(2))]
        )
        self.assertEqual(texts, ("a", "bc"))
        self.assertAllClose(features, [[1, 1], [0, 0]])

    def test_empty_batch_is_refused(self):
        for fn in (grain_utils.make_batch, grain_utils.make_string_batch):
            with self.assertRaisesRegex(ValueError, "0 values"):
                fn([])
