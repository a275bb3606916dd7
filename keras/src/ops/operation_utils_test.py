import numpy as np

from keras.src import layers
from keras.src import models
from keras.src import ops
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops.operation_utils import get_source_inputs


class GetSourceInputsTest(testing.TestCase):
    def test_walks_back_to_the_inputs(self):
        a = layers.Input((3,), name="a")
        b = layers.Input((3,), name="b")
        x = layers.Dense(2)(a)
        y = layers.Add()([x, layers.Dense(2)(b)])
        z = layers.Add()([y, layers.Dense(2)(a)])
        self.assertEqual([t.name for t in get_source_inputs(a)], ["a"])
        self.assertEqual([t.name for t in get_source_inputs(x)], ["a"])
        self.assertEqual([t.name for t in get_source_inputs(z)], ["a", "b"])
        self.assertIs(get_source_inputs(z)[0], a)
        self.assertEqual(
            [t.name for t in get_source_inputs(ops.add(a, 1.0))], ["a"]
        )

    def test_through_a_nested_model(self):
        a = layers.Input((3,), name="a")
        model = models.Model(a, layers.Dense(2)(a))
        b = layers.Input((3,), name="b")
        self.assertEqual([t.name for t in get_source_inputs(model(b))],
                         ["b"])

    def test_tensors_without_history_are_returned(self):
        value = np.zeros(3)
        self.assertIs(get_source_inputs(value), value)
        tensor = KerasTensor((2,))
        self.assertIs(get_source_inputs(tensor), tensor)


class ShapeHelpersTest(testing.TestCase):
    def test_shapes(self):
        from keras.src.ops import operation_utils as u

        self.assertEqual(u.broadcast_shapes((2, 1, 3), (None, 1)),
                         [2, None, 3])
        self.assertEqual(
            u.compute_conv_output_shape((None, 3, 8, 8), 4, (3, 3),
                                        data_format="channels_first"),
            (None, 4, 6, 6),
        )
        self.assertEqual(
            u.compute_conv_output_shape((None, 10, 3), 4, 3,
                                        dilation_rate=2),
            (None, 6, 4),
        )
        self.assertEqual(u.compute_expand_dims_output_shape((2, 3), (0, 2)),
                         (1, 2, 1, 3))
        self.assertEqual(u.compute_matmul_output_shape((4,), (4, 5)), (5,))
        self.assertEqual(
            u.compute_pooling_output_shape((None, 8, 8, 3), (2, 2), (2, 2)),
            (None, 4, 4, 3),
        )
        self.assertEqual(
            u.compute_reshape_output_shape((None, 4), (-1, 2), "newshape"),
            (None, 2),
        )
        self.assertEqual(
            u.compute_take_along_axis_output_shape((2, 3), (2, 1), 1),
            (2, 1),
        )
        self.assertEqual(u.compute_transpose_output_shape((2, 3, 4), None),
                         (4, 3, 2))
        self.assertEqual(u.reduce_shape((2, 3), None), ())
        self.assertIsNone(u.validate_reshape_shape((-1, 2)))

    def test_errors(self):
        from keras.src.ops import operation_utils as u

        with self.assertRaisesRegex(ValueError, "cannot be broadcast"):
            u.broadcast_shapes((2,), (3,))
        with self.assertRaisesRegex(ValueError, "`shape` must be ints"):
            u.validate_reshape_shape((-1, -1), "shape")
        with self.assertRaisesRegex(ValueError, "cannot reshape"):
            u.compute_reshape_output_shape((6, 4), (5, -1), "newshape")
        with self.assertRaises(ValueError):
            u.compute_matmul_output_shape((2, 3), (4, 5))
