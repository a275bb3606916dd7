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
