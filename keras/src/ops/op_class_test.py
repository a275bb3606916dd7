import importlib
import inspect
import json
import os

import numpy as np

from keras.src import ops
from keras.src import testing
from keras.src.backend import KerasTensor
from keras.src.layers.core.input_layer import Input
from keras.src.ops import operation
from keras.src.ops.op_class import make_op_classes

SIGNATURES = os.path.join(
    os.path.dirname(__file__), "fixtures", "op_signatures.json"
)


def _parameters(fn):
    return [
        [p.name, p.kind.name,
         None if p.default is p.empty else repr(p.default)]
        for p in inspect.signature(fn).parameters.values()
        if p.name != "self"
    ]


class OpClassSignaturesTest(testing.TestCase):
    def test_signatures_match_keras(self):
        # `op_signatures.json` is written from upstream Keras's classes by
        # `fixtures/make_op_signatures.py`.
        with open(SIGNATURES) as f:
            table = json.load(f)
        self.assertGreater(len(table), 300)
        mismatches = []
        for path, expected in table.items():
            module_name, class_name = path.rsplit(".", 1)
            cls = getattr(importlib.import_module(module_name), class_name,
                          None)
            if cls is None:
                mismatches.append(f"{path}: missing")
                continue
            self.assertEqual(cls.__module__, module_name)
            for method in ("init", "call"):
                fn = cls.__init__ if method == "init" else cls.call
                if _parameters(fn) != expected[method]:
                    mismatches.append(
                        f"{path}.{method}: {_parameters(fn)} != "
                        f"{expected[method]}"
                    )
        self.assertEqual(mismatches, [])


class OpClassTest(testing.TestCase):
    def test_symbolic_call_records_the_op_class(self):
        x = Input((4,))
        y = ops.sum(x, axis=1, keepdims=True)
        op = y._keras_history.operation
        self.assertEqual(type(op).__name__, "Sum")
        self.assertEqual(type(op).__module__, "keras.src.ops.numpy")
        self.assertEqual(
            op.get_config(), {"name": op.name, "axis": 1, "keepdims": True}
        )
        self.assertEqual(y.shape, (None, 1))

    def test_from_config_infers_and_computes(self):
        from keras.src.ops.numpy import Reshape

        op = Reshape.from_config({"name": "r", "newshape": [-1, 2]})
        self.assertEqual(op(KerasTensor((3, 4))).shape, (6, 2))
        # A config-made op records no extra node while inferring.
        self.assertLen(op._inbound_nodes, 1)
        self.assertAllClose(op(np.arange(4.0)), [[0.0, 1.0], [2.0, 3.0]])

    def test_variadic_and_keyword_arguments(self):
        from keras.src.ops.einops import Rearrange
        from keras.src.ops.numpy import Meshgrid

        a, b = ops.meshgrid(KerasTensor((2,)), KerasTensor((3,)),
                            indexing="ij")
        op = a._keras_history.operation
        self.assertIsInstance(op, Meshgrid)
        self.assertEqual(op.indexing, "ij")
        self.assertEqual((a.shape, b.shape), ((2, 3), (2, 3)))
        y = ops.rearrange(KerasTensor((None, 6)), "b (h w) -> b w h", h=2)
        self.assertIsInstance(y._keras_history.operation, Rearrange)
        self.assertEqual(y.shape, (None, 3, 2))

    def test_symbolic_constructor_argument_falls_back(self):
        x = Input((4,))
        y = ops.clip(x, Input((4,)), 1.0)
        self.assertIsInstance(
            y._keras_history.operation, operation.FunctionOperation
        )

    def test_specs_only_scope_records_nothing(self):
        x = Input((4,))
        with operation.SpecsOnly():
            y = ops.exp(x)
        self.assertIsNone(getattr(y, "_keras_history", None))
        self.assertEqual(y.shape, (None, 4))

    def test_make_op_classes(self):
        def scale(x, factor=2.0):
            return x * factor

        classes = make_op_classes("keras.demo", {"scale": scale},
                                  {"Scale": "scale(x)"})
        op = classes["Scale"](3.0, name="s")
        self.assertEqual(op.get_config(), {"name": "s", "factor": 3.0})
        self.assertEqual(op.call(2.0), 6.0)
        self.assertEqual(
            str(inspect.signature(classes["Scale"].__init__)),
            "(self, factor=2.0, *, name=None)",
        )
        with self.assertRaisesRegex(ValueError, "no parameter 'y'"):
            make_op_classes("keras.demo", {"scale": scale},
                            {"Bad": "scale(y)"})
        operation.OP_CLASSES.pop(scale)
