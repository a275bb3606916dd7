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


class FlattenStepTest(testing.TestCase):
    def test_reuses_what_the_same_objects_gave(self):
        names = ["a", "b"]
        y = {"a": np.zeros((2, 1)), "b": np.ones((2, 3))}
        y_pred = {"b": np.ones((2, 3)), "a": np.zeros((2, 1))}
        weights = {"b": np.ones((2,))}
        first = compile_utils.flatten_step(y, y_pred, weights, names, "loss")
        self.assertIs(first.flat_y[0], y["a"])
        self.assertIs(first.flat_y_pred[1], y_pred["b"])
        self.assertEqual(first.flat_sample_weight[0], None)
        self.assertIs(first.flat_sample_weight[1], weights["b"])
        # The metrics of the same step: nothing is flattened again, even
        # with an equal list of names built separately.
        again = compile_utils.flatten_step(y, y_pred, weights, list(names),
                                           "metric", previous=first)
        self.assertIs(again, first)
        # New predictions (from a gradient transform): only they are.
        new_pred = dict(y_pred)
        partial = compile_utils.flatten_step(y, new_pred, weights, names,
                                             "metric", previous=first)
        self.assertIs(partial.flat_y, first.flat_y)
        self.assertIs(partial.flat_sample_weight, first.flat_sample_weight)
        self.assertIsNot(partial.flat_y_pred, first.flat_y_pred)
        # New targets: everything is.
        new_y = dict(y)
        fresh = compile_utils.flatten_step(new_y, y_pred, weights, names,
                                           "metric", previous=first)
        self.assertIsNot(fresh.flat_y, first.flat_y)
        with self.assertRaisesRegex(ValueError, "metric targets .* keys"):
            compile_utils.flatten_step({"a": y["a"]}, y_pred, None, names,
                                       "metric")

    def test_one_flattening_per_step(self):
        # The loss and the metrics of a step share one flattening of the
        # targets, on every backend and compiled or not.
        calls = []
        original = compile_utils._flat_targets

        def counting(*args):
            calls.append(args[-1])
            return original(*args)

        inputs = layers.Input((3,))
        outputs = [layers.Dense(1, name="p")(inputs),
                   layers.Dense(2, name="q")(inputs)]
        model = models.Model(inputs, outputs)
        model.compile(loss=["mse", "mae"], metrics=[["mae"], ["mse"]],
                      weighted_metrics=[["mse"], ["mse"]])
        x = np.ones((4, 3), "float32")
        y = [np.zeros((4, 1), "float32"), np.ones((4, 2), "float32")]
        compile_utils._flat_targets = counting
        try:
            logs = model.test_on_batch(x, y, sample_weight=np.ones((4,)),
                                       return_dict=True)
        finally:
            compile_utils._flat_targets = original
        # Building the metrics on the first batch flattens once; each
        # step (traced once or more) flattens for the loss alone.
        self.assertEqual(calls.count("metric"), 1)
        self.assertIn("loss", calls)
        self.assertEqual(
            set(logs),
            {"loss", "p_loss", "q_loss", "p_mae", "q_mse", "p_mse",
             "q_weighted_mse"},
        )


class RecompileTest(testing.TestCase):
    def test_second_compile_replaces_loss_and_metrics(self):
        # The first compile's loss tracker and metrics leave the model:
        # their reset results no longer overwrite the new ones.
        model = models.Sequential([layers.Input((2,)), layers.Dense(1)])
        model.compile(loss="mse", metrics=["mae"])
        model.compile(loss="mse", metrics=["mae"])
        self.assertEqual(model.metrics_names, ["loss", "compile_metrics"])
        x, y = np.ones((4, 2), "float32"), np.full((4, 1), 3.0, "float32")
        logs = model.test_on_batch(x, y, return_dict=True)
        expected = np.mean((model.predict_on_batch(x) - y) ** 2)
        self.assertAllClose(logs["loss"], expected, rtol=1e-5)
        self.assertGreater(logs["mae"], 0.0)
