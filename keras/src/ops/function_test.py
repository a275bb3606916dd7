import numpy as np

from keras.src import ops
from keras.src import testing
from keras.src.backend import KerasTensor
from keras.src.layers.core.input_layer import Input
from keras.src.ops.function import Function


class FunctionTest(testing.TestCase):
    def test_replays_ops(self):
        x = Input((2,), name="x")
        y = Input((2,), name="y")
        out = ops.add(ops.square(x), y)
        fn = Function([x, y], {"out": out, "x2": ops.square(x)})
        result = fn([np.array([[1.0, 2.0]]), np.array([[1.0, 1.0]])])
        self.assertAllClose(result["out"], [[2.0, 5.0]])
        self.assertLen(fn.inputs, 2)
        self.assertLen(fn.outputs, 2)
        self.assertEqual(fn.operations[0].name, "x")

    def test_inputs_by_name_and_symbolic(self):
        x = Input((2,), name="x")
        fn = Function(x, ops.multiply(x, 3.0))
        self.assertEqual(fn(KerasTensor((None, 2))).shape, (None, 2))
        self.assertAllClose(fn({"x": np.ones((1, 2))}), [[3.0, 3.0]])

    def test_errors(self):
        x = Input((2,))
        with self.assertRaisesRegex(ValueError, "must be KerasTensors"):
            Function(x, 3.0)
        other = Input((2,), name="other")
        with self.assertRaisesRegex(ValueError, "not among"):
            Function(x, ops.add(x, other))
        fn = Function([x, other], ops.add(x, other))
        with self.assertRaisesRegex(ValueError, "expects 2 input"):
            fn([np.ones((1, 2))] * 3)

    def test_intermediate_tensor_as_input(self):
        x = Input((2,))
        h = ops.square(x)
        fn = Function(h, ops.add(h, 1.0))
        self.assertAllClose(fn(np.array([[2.0, 3.0]])), [[3.0, 4.0]])


class MapGraphTest(testing.TestCase):
    def test_depths_keys_and_operations(self):
        from keras.src import layers
        from keras.src.ops.function import make_node_key
        from keras.src.ops.function import map_graph
        from keras.src.ops.node import is_keras_tensor

        x = layers.Input((3,), name="x")
        dense = layers.Dense(2, name="d")
        y = ops.add(dense(x), 1.0)
        keys, nodes_by_depth, operations, operations_by_depth = map_graph(
            [x], [y]
        )
        self.assertIn(make_node_key(dense, 0), keys)
        self.assertLen(keys, 3)
        self.assertEqual(
            {d: [n.operation.name for n in nodes]
             for d, nodes in nodes_by_depth.items()},
            {0: ["add"], 1: ["d"], 2: ["x"]},
        )
        self.assertEqual([op.name for op in operations], ["x", "d", "add"])
        self.assertEqual(operations_by_depth[1], [dense])
        self.assertTrue(is_keras_tensor(y))
        self.assertFalse(is_keras_tensor(1.0))
