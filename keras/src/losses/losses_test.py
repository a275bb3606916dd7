import inspect
import re

import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import losses
from keras.src import ops
from keras.src import testing
from keras.src.api_export import REGISTRY
from keras.src.losses import losses as losses_module
from keras.src.saving import object_registration

CLASS_NAMES = [
    cls.__name__ for cls in losses.LOSS_CLASSES
    if cls not in (losses.Loss, losses.LossFunctionWrapper)
]
FUNCTION_NAMES = [fn.__name__ for fn in losses.LOSS_FUNCTIONS]
# Losses whose targets have the predictions' shape.
DENSE_CLASS_NAMES = [
    name for name in CLASS_NAMES
    if name not in ("CTC", "Circle", "SparseCategoricalCrossentropy",
                    "CategoricalGeneralizedCrossEntropy")
]


class GetTest(testing.TestCase):
    @parameterized.parameters(
        ("mse", "mean_squared_error"), ("MSE", "mean_squared_error"),
        ("mae", "mean_absolute_error"), ("MAPE",
                                         "mean_absolute_percentage_error"),
        ("msle", "mean_squared_logarithmic_error"), ("kld", "kl_divergence"),
        ("bce", "binary_crossentropy"), ("BCE", "binary_crossentropy"),
        ("categorical_crossentropy", "categorical_crossentropy"),
        ("sparse_categorical_crossentropy",
         "sparse_categorical_crossentropy"),
    )
    def test_function_names(self, identifier, name):
        self.assertIs(losses.get(identifier), getattr(losses_module, name))

    def test_every_function_and_class_name(self):
        for name in FUNCTION_NAMES:
            self.assertIs(losses.get(name), getattr(losses_module, name))
        for name in CLASS_NAMES:
            obj = losses.get(name)
            self.assertIs(type(obj), getattr(losses_module, name))

    def test_other_identifiers(self):
        self.assertIsNone(losses.get(None))
        loss = losses.Huber(delta=2.0)
        self.assertIs(losses.get(loss), loss)
        self.assertIsInstance(losses.get(losses.Hinge), losses.Hinge)
        fn = losses.get({"class_name": "Huber", "config": {"delta": 3.0}})
        self.assertEqual(fn.delta, 3.0)

        def custom(y_true, y_pred):
            return y_pred - y_true

        self.assertIs(losses.get(custom), custom)

    def test_registered_custom_loss(self):
        @object_registration.register_keras_serializable("test_losses")
        def doubled_error(y_true, y_pred):
            return 2 * ops.abs(y_true - y_pred)

        try:
            self.assertIs(losses.get("test_losses>doubled_error"),
                          doubled_error)
        finally:
            object_registration.GLOBAL_CUSTOM_OBJECTS.pop(
                "test_losses>doubled_error", None
            )
            object_registration.GLOBAL_CUSTOM_NAMES.pop(doubled_error, None)

    def test_unknown_identifiers(self):
        for identifier in ["not_a_loss", 3, [1.0]]:
            with self.assertRaisesRegex(
                ValueError,
                "Could not interpret loss identifier: "
                + re.escape(repr(identifier)),
            ):
                losses.get(identifier)


class SerializationTest(testing.TestCase):
    def test_classes_round_trip(self):
        for name in CLASS_NAMES:
            loss = getattr(losses, name)(reduction="sum", name="saved")
            config = losses.serialize(loss)
            self.assertEqual(config["class_name"], name)
            self.assertEqual(config["module"], "keras.losses")
            revived = losses.deserialize(config)
            self.assertIs(type(revived), type(loss))
            self.assertEqual(revived.get_config(), loss.get_config())

    def test_functions_round_trip(self):
        for name in FUNCTION_NAMES:
            fn = getattr(losses, name)
            config = losses.serialize(fn)
            self.assertEqual(config["config"], name)
            self.assertIs(losses.deserialize(config), fn)

    def test_deserialize_names(self):
        self.assertIs(losses.deserialize("mean_squared_error"),
                      losses.mean_squared_error)
        self.assertIs(losses.deserialize("mse"), losses.mean_squared_error)
        self.assertIsInstance(losses.deserialize("MeanSquaredError"),
                              losses.MeanSquaredError)

    def test_custom_objects(self):
        class Scaled(losses.Loss):
            def __init__(self, scale=1.0, **kwargs):
                super().__init__(**kwargs)
                self.scale = scale

            def call(self, y_true, y_pred):
                return self.scale * ops.abs(y_true - y_pred)

            def get_config(self):
                return {**super().get_config(), "scale": self.scale}

        config = losses.serialize(Scaled(scale=4.0))
        revived = losses.deserialize(config,
                                     custom_objects={"Scaled": Scaled})
        self.assertEqual(revived.scale, 4.0)
        self.assertAllClose(revived([1.0], [2.0]), 4.0)


class PublicNamesTest(testing.TestCase):
    def test_exports(self):
        for name in CLASS_NAMES + FUNCTION_NAMES + ["Loss"]:
            module, attr = REGISTRY[f"keras.losses.{name}"]
            obj = getattr(__import__(module, fromlist=[attr]), attr)
            self.assertIs(obj, getattr(losses_module, name))
        self.assertIn("keras.Loss", REGISTRY)
        for name in ["mean_squared_error", "huber", "log_cosh", "hinge",
                     "sparse_categorical_crossentropy", "kl_divergence"]:
            self.assertIn(f"keras.metrics.{name}", REGISTRY)

    def test_class_signatures_put_reduction_name_dtype_last(self):
        for name in CLASS_NAMES:
            params = inspect.signature(getattr(losses, name)).parameters
            self.assertIn("reduction", params)
            self.assertIsNone(params["dtype"].default)


class BadShapesTest(testing.TestCase):
    @parameterized.named_parameters([(n, n) for n in DENSE_CLASS_NAMES])
    def test_mismatched_outputs(self, name):
        loss = getattr(losses, name)()
        with self.assertRaisesRegex(
            ValueError, r"y_true.shape=\(8, 3\), y_pred.shape=\(8, 5\)"
        ):
            loss(np.ones((8, 3)), np.ones((8, 5)))

    def test_label_losses(self):
        for loss in [losses.SparseCategoricalCrossentropy(),
                     losses.CategoricalGeneralizedCrossEntropy()]:
            with self.assertRaisesRegex(ValueError, rf"`{loss.name}`.*"
                                        r"\(8, 3\).*\(8, 5\)"):
                loss(np.ones((8, 3)), np.ones((8, 5)))


def _compile(fn):
    name = backend.backend()
    if name == "jax":
        import jax

        return jax.jit(fn)
    if name == "tensorflow":
        import tensorflow as tf

        return tf.function(fn, jit_compile=True)
    if name == "torch":
        import torch

        return torch.compile(fn, backend="aot_eager", fullgraph=True)
    return None


class CompiledTest(testing.TestCase):
    def test_every_loss_in_a_compiled_step(self):
        rng = np.random.default_rng(0)
        probs = rng.uniform(0.05, 0.95, (4, 3)).astype("float32")
        labels = np.array([0, 1, 2, 1])
        one_hot = np.eye(3, dtype="float32")[labels]
        embeddings = probs / np.linalg.norm(probs, axis=1, keepdims=True)
        logits = rng.normal(size=(4, 5, 3)).astype("float32")
        ctc_labels = np.array([[1, 2], [2, 0], [1, 1], [0, 0]])
        weights = np.array([1.0, 2.0, 0.0, 1.0], "float32")
        dense = [getattr(losses, n)() for n in DENSE_CLASS_NAMES]
        sparse = losses.SparseCategoricalCrossentropy(ignore_class=2)

        def step(one_hot, probs, labels, embeddings, logits, ctc_labels,
                 weights):
            out = [loss(one_hot, probs, sample_weight=weights)
                   for loss in dense]
            out.append(sparse(labels, probs, sample_weight=weights))
            out.append(losses.CategoricalGeneralizedCrossEntropy()(labels,
                                                                   probs))
            out.append(losses.Circle(gamma=3.0)(labels, embeddings))
            out.append(losses.CTC()(ctc_labels, logits))
            return ops.stack(out)

        args = [ops.convert_to_tensor(x) for x in (
            one_hot, probs, labels, embeddings, logits, ctc_labels, weights
        )]
        eager = step(*args)
        compiled = _compile(step)
        if compiled is None:
            self.skipTest("The numpy backend has no compiler.")
        self.assertAllClose(compiled(*args), eager, rtol=1e-5, atol=1e-5)
