import collections

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.optimizers import optimizer_utils


class OptimizerUtilsTest(testing.TestCase):
    def test_clip_by_norm(self):
        x = np.array([3.0, 4.0], "float32")
        self.assertAllClose(optimizer_utils.clip_by_norm(x, 1.0),
                            [0.6, 0.8])
        self.assertAllClose(optimizer_utils.clip_by_norm(x, 10.0), x)
        self.assertAllClose(
            optimizer_utils.clip_by_norm(np.zeros(2, "float32"), 1.0),
            [0.0, 0.0],
        )

    def test_clip_by_global_norm(self):
        values = [np.array([3.0], "float32"), np.array([4.0], "float32")]
        clipped = optimizer_utils.clip_by_global_norm(values, 1.0)
        self.assertAllClose(clipped[0], [0.6])
        self.assertAllClose(clipped[1], [0.8])
        kept = optimizer_utils.clip_by_global_norm(values, 5.0)
        self.assertAllClose(kept[1], [4.0])
        nan = optimizer_utils.clip_by_global_norm(
            [np.array([np.nan], "float32")], 1.0
        )
        self.assertTrue(np.isnan(ops.convert_to_numpy(nan[0])).all())

    def test_all_finite(self):
        self.assertTrue(bool(optimizer_utils.all_finite([np.ones(2)])))
        self.assertFalse(bool(optimizer_utils.all_finite(
            [np.ones(2), np.array([1.0, np.inf])]
        )))

    def test_densify_indexed_slices(self):
        slices = collections.namedtuple(
            "Slices", ["indices", "values", "dense_shape"]
        )(np.array([0, 2, 0]), np.ones((3, 2), "float32"), (4, 2))
        self.assertTrue(optimizer_utils.is_indexed_slices(slices))
        self.assertFalse(optimizer_utils.is_indexed_slices(np.ones(2)))
        self.assertAllClose(
            optimizer_utils.densify(slices, (4, 2)),
            [[2.0, 2.0], [0.0, 0.0], [1.0, 1.0], [0.0, 0.0]],
        )

    def test_apply_if(self):
        a = backend.Variable(np.array([1.0, 2.0], "float32"))
        b = backend.Variable(np.array([5.0], "float32"))

        def fn():
            a.assign(a.value * 10.0)

        optimizer_utils.apply_if(ops.convert_to_tensor(False), fn, [a, b])
        self.assertAllClose(a, [1.0, 2.0])
        optimizer_utils.apply_if(ops.convert_to_tensor(True), fn, [a, b])
        self.assertAllClose(a, [10.0, 20.0])
        self.assertAllClose(b, [5.0])
