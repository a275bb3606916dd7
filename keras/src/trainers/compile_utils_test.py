import numpy as np

from keras.src import layers
from keras.src import metrics
from keras.src import models
from keras.src import testing
from keras.src.trainers import compile_utils
from keras.src.trainers.trainer import model_supports_jit


class CompileUtilsHelpersTest(testing.TestCase):
    def test_accuracy_variants(self):
        binary = (np.array([[1], [0]]), np.array([[0.3], [0.8]]))
        sparse = (np.array([1, 2]), np.ones((2, 3)))
        onehot = (np.eye(3), np.ones((3, 3)))
        self.assertEqual(
            compile_utils.is_binary_or_sparse_categorical(*binary),
            (True, False),
        )
        self.assertEqual(
            compile_utils.is_binary_or_sparse_categorical(*sparse),
            (False, True),
        )
        for data, cls in ((binary, metrics.BinaryAccuracy),
                          (sparse, metrics.SparseCategoricalAccuracy),
                          (onehot, metrics.CategoricalAccuracy)):
            metric = compile_utils.get_metric("accuracy", *data)
            self.assertIsInstance(metric, cls)
            self.assertEqual(metric.name, "accuracy")
        with self.assertRaisesRegex(ValueError, "Expected metric"):
            compile_utils.get_metric(None, *binary)
        self.assertEqual(compile_utils.get_loss("mse", *binary).name, "mse")

    def test_metrics_list(self):
        y_true, y_pred = np.zeros((2, 1)), np.ones((2, 1))
        self.assertIsNone(
            compile_utils.get_metrics_list(None, y_true, y_pred)
        )
        metric_list = compile_utils.get_metrics_list(
            ["mse", "mae"], y_true, y_pred, output_name="out"
        )
        self.assertEqual(metric_list.output_name, "out")
        metric_list.update_state(y_true, y_pred)
        results = {k: float(v) for k, v in metric_list.get_result().items()}
        self.assertEqual(results, {"mse": 1.0, "mae": 1.0})
        metric_list.reset_state()
        self.assertEqual(float(metric_list.get_result()["mse"]), 0.0)

    def test_model_supports_jit(self):
        dense = layers.Dense(1)
        model = models.Sequential([layers.Input((2,)), dense])
        self.assertTrue(model_supports_jit(model))
        dense.supports_jit = False
        self.assertFalse(model_supports_jit(model))
