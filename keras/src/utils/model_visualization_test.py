import os
import shutil
from unittest import mock

import pytest

from keras.src import layers
from keras.src import models
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.utils import model_visualization

pytest.importorskip("pydot", reason="pydot is an optional dependency")


def branching_model():
    inputs = Input((4,), name="x")
    a = layers.Dense(3, activation="relu", name="d1")(inputs)
    b = layers.Dense(3, name="d2")(inputs)
    outputs = layers.Add(name="sum")([a, b])
    return models.Model(inputs, outputs)


def edge_names(dot, model):
    names = {str(id(layer)): layer.name for layer in model.layers}
    return sorted(
        (names.get(e.get_source()), names.get(e.get_destination()))
        for e in dot.get_edges()
    )


class ModelToDotTest(testing.TestCase):
    def test_nodes_edges_and_labels(self):
        model = branching_model()
        dot = model_visualization.model_to_dot(
            model, show_shapes=True, show_dtype=True,
            show_layer_activations=True, show_trainable=True,
        )
        self.assertEqual(
            edge_names(dot, model),
            [("d1", "sum"), ("d2", "sum"), ("x", "d1"), ("x", "d2")],
        )
        labels = {
            node.get_name(): node.get("label") for node in dot.get_nodes()
        }
        d1 = labels[str(id(model.get_layer("d1")))]
        for text in ("d1", "Dense", "Activation: relu",
                     "Input shape: (None, 4)", "Output shape: (None, 3)",
                     "float32", "Trainable: yes"):
            self.assertIn(text, d1)
        self.assertIn("(None, 3), (None, 3)",
                      labels[str(id(model.get_layer("sum")))])
        self.assertEqual(dot.get("rankdir"), "TB")

    def test_options_off_and_rankdir(self):
        model = branching_model()
        dot = model_visualization.model_to_dot(
            model, show_layer_names=False, rankdir="LR"
        )
        label = [n.get("label") for n in dot.get_nodes()
                 if n.get_name() == str(id(model.get_layer("d1")))][0]
        self.assertNotIn("d1", label)
        self.assertNotIn("shape", label)
        self.assertEqual(dot.get("rankdir"), "LR")

    def test_sequential_and_expand_nested(self):
        inner = models.Sequential(
            [Input((4,)), layers.Dense(2, name="inner_dense")], name="inner"
        )
        outer = models.Sequential(
            [Input((4,)), inner, layers.Dense(1, name="head")]
        )
        flat = model_visualization.model_to_dot(outer)
        self.assertLen(flat.get_edges(), 2)
        self.assertEqual(flat.get_subgraphs(), [])
        nested = model_visualization.model_to_dot(outer, expand_nested=True)
        self.assertLen(nested.get_subgraphs(), 1)
        cluster = nested.get_subgraphs()[0]
        self.assertEqual(cluster.get("label"), "inner")
        self.assertLen(nested.get_edges(), 2)

    def test_subclassed_model_is_one_node(self):
        class Net(models.Model):
            def __init__(self):
                super().__init__()
                self.dense = layers.Dense(2)

            def call(self, x):
                return self.dense(x)

        net = Net()
        net.build((None, 3))
        dot = model_visualization.model_to_dot(net)
        self.assertLen([n for n in dot.get_nodes()
                        if n.get_name() not in ("node", "edge")], 1)

    def test_errors(self):
        unbuilt = models.Sequential([layers.Dense(2)])
        with self.assertRaisesRegex(ValueError, "built"):
            model_visualization.model_to_dot(unbuilt)
        with self.assertRaisesRegex(ValueError, "built"):
            model_visualization.plot_model(unbuilt)
        model = branching_model()
        with mock.patch.object(model_visualization, "check_pydot",
                               return_value=False):
            with self.assertRaisesRegex(ImportError, "pip install pydot"):
                model_visualization.plot_model(model)
            with self.assertRaisesRegex(ImportError, "pip install pydot"):
                model_visualization.model_to_dot(model)
        with mock.patch.object(model_visualization, "check_graphviz",
                               return_value=False):
            with self.assertRaisesRegex(ImportError, "graphviz"):
                model_visualization.plot_model(model)


@pytest.mark.skipif(
    shutil.which("dot") is None,
    reason="Graphviz's `dot` program is not installed",
)
class PlotModelTest(testing.TestCase):
    def test_writes_image(self):
        model = branching_model()
        path = os.path.join(self.get_temp_dir(), "model.png")
        model_visualization.plot_model(model, to_file=path,
                                       show_shapes=True)
        with open(path, "rb") as f:
            self.assertEqual(f.read(4), b"\x89PNG")
        svg = os.path.join(self.get_temp_dir(), "model.svg")
        model_visualization.plot_model(model, to_file=svg)
        self.assertTrue(os.path.getsize(svg) > 0)
