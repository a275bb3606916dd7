"""SavedModel export: models, archives with several endpoints, errors."""

import contextlib
import importlib.util
import io
import os

import numpy as np
import pytest
from absl.testing import parameterized

import keras
from keras.src import backend
from keras.src import testing
from keras.src.export import export_utils
from keras.src.export import saved_model

tf = pytest.importorskip("tensorflow")


def _can_export():
    if backend.backend() == "numpy":
        return False
    if backend.backend() == "torch":
        return importlib.util.find_spec("keras.src.backend.torch.export")
    return True


needs_export = pytest.mark.skipif(
    not _can_export(),
    reason="Export needs the tensorflow, jax or torch (with its archive) "
    "backend.",
)


def mlp():
    inputs = keras.Input((4,), name="features")
    x = keras.layers.Dense(8, activation="relu")(inputs)
    x = keras.layers.Dropout(0.5)(x)
    return keras.Model(inputs, keras.layers.Dense(2)(x))


def convnet():
    return keras.Sequential(
        [
            keras.Input((8, 8, 3)),
            keras.layers.Conv2D(4, 3, activation="relu"),
            keras.layers.MaxPooling2D(),
            keras.layers.GlobalAveragePooling2D(),
            keras.layers.Dense(2, activation="softmax"),
        ]
    )


def text_model():
    tokens = keras.Input((6,), dtype="int32", name="tokens")
    x = keras.layers.Embedding(20, 8)(tokens)
    x = keras.layers.LayerNormalization()(x)
    x = keras.layers.GlobalAveragePooling1D()(x)
    return keras.Model(tokens, keras.layers.Dense(3)(x))


MODELS = {"mlp": mlp, "convnet": convnet, "text": text_model}


def sample(model_name, batch_size):
    rng = np.random.default_rng(batch_size)
    if model_name == "text":
        return rng.integers(0, 20, (batch_size, 6)).astype("int32")
    shape = (4,) if model_name == "mlp" else (8, 8, 3)
    return rng.random((batch_size,) + shape).astype("float32")


@needs_export
class ExportSavedModelTest(testing.TestCase):
    @parameterized.named_parameters(("mlp", "mlp"), ("convnet", "convnet"),
                                    ("text", "text"))
    def test_model_export_serves_any_batch_size(self, model_name):
        model = MODELS[model_name]()
        path = os.path.join(self.get_temp_dir(), model_name)
        model.export(path, verbose=False)
        reloaded = tf.saved_model.load(path)
        signature = reloaded.signatures["serving_default"]
        for batch_size in (1, 3):
            x = sample(model_name, batch_size)
            expected = model.predict(x, verbose=0)
            self.assertAllClose(reloaded.serve(x), expected, atol=1e-5)
            outputs = signature(tf.constant(x))
            self.assertEqual(list(outputs), ["output_0"])
            self.assertAllClose(outputs["output_0"], expected, atol=1e-5)
        self.assertLen(reloaded.trainable_variables,
                       len(model.trainable_variables))

    def test_verbose_prints_endpoints(self):
        model = mlp()
        path = os.path.join(self.get_temp_dir(), "verbose")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            model.export(path)
        text = out.getvalue()
        self.assertIn(f"Saved artifact at '{path}'", text)
        self.assertIn("* Endpoint 'serve'", text)
        self.assertIn("name='features'", text)

    def test_dict_inputs_and_outputs(self):
        a = keras.Input((2,), name="a")
        b = keras.Input((3,), name="b")
        merged = keras.layers.Concatenate()([a, b])
        model = keras.Model(
            {"a": a, "b": b},
            {"sum": keras.layers.Dense(1)(merged), "same": merged},
        )
        path = os.path.join(self.get_temp_dir(), "dict")
        model.export(path, verbose=False)
        reloaded = tf.saved_model.load(path)
        x = {"a": np.ones((2, 2), "float32"), "b": np.ones((2, 3), "float32")}
        expected = model.predict(x, verbose=0)
        outputs = reloaded.serve(x)
        self.assertAllClose(outputs["sum"], expected["sum"], atol=1e-5)
        signature = reloaded.signatures["serving_default"]
        self.assertEqual(
            sorted(signature.structured_input_signature[1]), ["a", "b"]
        )
        self.assertEqual(sorted(signature.structured_outputs),
                         ["same", "sum"])

    def test_archive_two_endpoints_and_variable_collection(self):
        model = keras.Sequential(
            [
                keras.Input((3,)),
                keras.layers.Dense(2),
                keras.layers.BatchNormalization(),
            ]
        )
        archive = saved_model.ExportArchive()
        archive.track(model)
        archive.add_endpoint(
            "call", lambda x: model(x, training=False),
            input_signature=[tf.TensorSpec((None, 3), tf.float32)],
        )
        archive.add_endpoint(
            "double", lambda x: model(x, training=False) * 2.0,
            input_signature=[keras.InputSpec(shape=(None, 3),
                                             dtype="float32")],
        )
        archive.add_variable_collection("kernels", [model.weights[0]])
        path = os.path.join(self.get_temp_dir(), "archive")
        archive.write_out(path, verbose=False)

        reloaded = tf.saved_model.load(path)
        self.assertEqual(
            sorted(reloaded.signatures),
            ["call", "double", "serving_default"],
        )
        x = np.random.rand(4, 3).astype("float32")
        expected = model.predict(x, verbose=0)
        self.assertAllClose(reloaded.call(x), expected, atol=1e-5)
        self.assertAllClose(reloaded.double(x), 2 * expected, atol=1e-5)
        self.assertLen(reloaded.kernels, 1)
        self.assertAllClose(reloaded.kernels[0], model.weights[0])
        self.assertLen(reloaded.variables, 6)
        self.assertLen(reloaded.non_trainable_variables, 2)

    def test_training_endpoint_updates_moving_statistics(self):
        model = keras.Sequential(
            [keras.Input((3,)), keras.layers.BatchNormalization()]
        )
        archive = saved_model.ExportArchive()
        archive.track(model)
        archive.add_endpoint(
            "train", lambda x: model(x, training=True),
            input_signature=[keras.InputSpec(shape=(None, 3), dtype="float32")],
        )
        path = os.path.join(self.get_temp_dir(), "training")
        archive.write_out(path, verbose=False)
        reloaded = tf.saved_model.load(path)
        reloaded.train(np.full((4, 3), 10.0, "float32"))
        means = [v for v in reloaded.variables if "moving_mean" in v.name]
        self.assertAllClose(means[0], np.full((3,), 0.1), atol=1e-5)

    def test_errors(self):
        archive = saved_model.ExportArchive()
        with self.assertRaisesRegex(ValueError, "No endpoints"):
            archive.write_out(os.path.join(self.get_temp_dir(), "none"))
        with self.assertRaisesRegex(ValueError, "Invalid resource type"):
            archive.track(3)
        with self.assertRaisesRegex(ValueError, "not yet been built"):
            archive.track(keras.Sequential([keras.layers.Dense(2)]))
        model = mlp()
        archive.track(model)
        with self.assertRaisesRegex(ValueError, "input_signature"):
            archive.add_endpoint("call", lambda x: model(x))
        spec = [keras.InputSpec(shape=(None, 4), dtype="float32")]
        archive.add_endpoint("call", lambda x: model(x), spec)
        with self.assertRaisesRegex(ValueError, "already taken"):
            archive.add_endpoint("call", lambda x: model(x), spec)
        with self.assertRaisesRegex(ValueError, "list/tuple/set"):
            archive.add_variable_collection("v", 3)
        with self.assertRaisesRegex(ValueError, "tf.Variable"):
            archive.add_variable_collection("v", [1])
        with self.assertRaisesRegex(ValueError, "Unrecognized format"):
            model.export("x", format="bad")
        with self.assertRaisesRegex(ValueError, "not yet been built"):
            keras.Sequential([keras.layers.Dense(2)]).export("x")


class ExportUtilsTest(testing.TestCase):
    def test_specs(self):
        model = mlp()
        (spec,) = export_utils.get_input_signature(model)
        self.assertEqual((spec.shape, spec.dtype, spec.name),
                         ((None, 4), "float32", "features"))
        tf_spec = export_utils.make_tf_tensor_spec(
            keras.InputSpec(shape=(2, 3), dtype="int32"), dynamic_batch=True
        )
        self.assertEqual(tf_spec.shape.as_list(), [None, 3])
        self.assertEqual(tf_spec.dtype, tf.int32)
        zeros = export_utils.convert_spec_to_tensor(spec, 2)
        self.assertEqual(tuple(zeros.shape), (2, 4))
        with self.assertRaisesRegex(TypeError, "Unsupported input spec"):
            export_utils.make_input_spec("nope")

    @pytest.mark.skipif(backend.backend() != "numpy",
                        reason="The numpy backend's refusal.")
    def test_numpy_backend_refuses(self):
        with self.assertRaisesRegex(ValueError, "numpy backend"):
            mlp().export(os.path.join(self.get_temp_dir(), "np"))
