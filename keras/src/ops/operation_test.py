import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src import testing
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops.operation import Operation


class Scale(Operation):
    def __init__(self, factor, name=None):
        super().__init__(name=name)
        self.factor = factor

    def call(self, x):
        return ops.multiply(x, self.factor)


class OperationTest(testing.TestCase):
    def test_eager_call_computes(self):
        out = Scale(2.0)(np.array([1.0, 2.0], "float32"))
        self.assertAllClose(out, [2.0, 4.0])

    def test_symbolic_call_infers_spec_and_records_node(self):
        x = KerasTensor((None, 3))
        op = Scale(2.0, name="scale")
        y = op(x)
        self.assertEqual(y.shape, (None, 3))
        self.assertEqual(y.dtype, "float32")
        self.assertIs(y._keras_history.operation, op)
        self.assertIs(op.input, x)
        self.assertIs(op.output, y)
        node = op._inbound_nodes[0]
        self.assertEqual(node.input_tensors, [x])

    def test_functional_op_records_parent_nodes(self):
        x = KerasTensor((None, 3))
        y = ops.add(x, 1.0)
        z = ops.multiply(y, y)
        node = z._keras_history.operation._inbound_nodes[0]
        self.assertLen(node.parent_nodes, 2)
        producer = y._keras_history.operation
        self.assertIs(node.parent_nodes[0].operation, producer)

    def test_get_config_round_trip(self):
        op = Scale(3.0, name="triple")
        clone = Scale.from_config(op.get_config())
        self.assertEqual(clone.name, "triple")
        self.assertEqual(clone.factor, 3.0)

    def test_unique_default_names(self):
        self.assertNotEqual(Scale(1.0).name, Scale(1.0).name)

    def test_bad_name(self):
        with self.assertRaisesRegex(ValueError, "name"):
            Scale(1.0, name="a/b")

    def test_any_symbolic_tensors_walks_nested_arguments(self):
        x = KerasTensor((2,))
        self.assertTrue(any_symbolic_tensors((x,)))
        self.assertTrue(any_symbolic_tensors(([1, {"a": (x,)}],)))
        self.assertTrue(any_symbolic_tensors((), {"k": [x]}))
        self.assertFalse(any_symbolic_tensors(([1, {"a": (2,)}],), {"k": 3}))

    def test_symbolic_shape_error_names_op_and_shapes(self):
        with self.assertRaisesRegex(ValueError, r"add.*\(None, 3\).*\(4,\)"):
            ops.add(KerasTensor((None, 3)), KerasTensor((4,)))


@pytest.mark.skipif(
    backend.backend() != "torch", reason="torch.compile needs the torch backend"
)
def test_ops_compile_with_torch_without_graph_breaks():
    import torch
    import torch._dynamo

    torch._dynamo.reset()
    torch._dynamo.utils.counters.clear()

    def step(x, w):
        h = ops.relu(ops.add(ops.matmul(x, w), 1.0))
        h = ops.reshape(h, (-1, 2, 2))
        return ops.mean(ops.softmax(h, axis=-1) * 2.0, axis=(1, 2))

    compiled = torch.compile(step, fullgraph=True, backend="eager")
    x, w = torch.randn(3, 4), torch.randn(4, 4)
    torch.testing.assert_close(compiled(x, w), step(x, w))
    assert not torch._dynamo.utils.counters["graph_break"]
