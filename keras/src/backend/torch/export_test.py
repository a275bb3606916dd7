import os

import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import layers
from keras.src import models
from keras.src import ops
from keras.src import testing

pytestmark = pytest.mark.skipif(
    backend.backend() != "torch",
    reason="Exports torch programs: torch backend only.",
)

if backend.backend() == "torch":
    import torch

    from keras.src.backend.torch import export as torch_export


def _tf():
    return pytest.importorskip("tensorflow")


def _mlp():
    return models.Sequential(
        [
            layers.Input((6,)),
            layers.Dense(8, activation="relu"),
            layers.Dropout(0.5),
            layers.Dense(3, activation="softmax"),
        ]
    )


def _convnet():
    return models.Sequential(
        [
            layers.Input((8, 8, 2)),
            layers.Conv2D(4, 3, activation="relu"),
            layers.MaxPooling2D(2),
            layers.Conv2D(3, 2, padding="same"),
            layers.GlobalAveragePooling2D(),
            layers.Flatten(),
            layers.Dense(2, activation="softmax"),
        ]
    )


def _text_model():
    tokens = layers.Input((5,), dtype="int32")
    x = layers.Embedding(10, 8)(tokens)
    x = layers.LayerNormalization()(x + layers.MultiHeadAttention(2, 4)(x, x))
    x = layers.Dense(8, activation="gelu")(x)
    x = layers.GlobalAveragePooling1D()(x)
    return models.Model(tokens, layers.Dense(2)(x))


def _conv1d_model():
    return models.Sequential(
        [
            layers.Input((10, 3)),
            layers.Conv1D(4, 3, padding="same"),
            layers.BatchNormalization(),
            layers.AveragePooling1D(2),
            # The fused RNN kernel's custom op unrolls into ATen ops.
            layers.LSTM(4, return_sequences=True),
            layers.Conv1DTranspose(2, 3, strides=2),
            layers.GlobalMaxPooling1D(),
        ]
    )


def _depthwise_model():
    return models.Sequential(
        [
            layers.Input((8, 8, 4)),
            layers.DepthwiseConv2D(3),
            layers.Conv2D(4, 3, groups=2, padding="same", dilation_rate=2),
            layers.Conv2DTranspose(3, 3, strides=2, padding="same"),
            layers.AveragePooling2D(2),
            layers.Activation("silu"),
            layers.Flatten(),
        ]
    )


_MODELS = {
    "mlp": (_mlp, (6,), "float32"),
    "convnet": (_convnet, (8, 8, 2), "float32"),
    "text": (_text_model, (5,), "int32"),
    "conv1d": (_conv1d_model, (10, 3), "float32"),
    "depthwise": (_depthwise_model, (8, 8, 4), "float32"),
}


def _data(shape, dtype, batch, seed=0):
    rng = np.random.default_rng(seed)
    if dtype == "int32":
        return rng.integers(0, 10, (batch,) + shape).astype("int32")
    return rng.normal(size=(batch,) + shape).astype("float32")


def _archive(tf):
    """A `keras.export.ExportArchive`: on torch, TorchExportArchive under
    the archive's own variable lists."""
    del tf  # Imported by the caller: the test skips without it.
    from keras.src.export.saved_model import ExportArchive

    return ExportArchive()


class _QR(layers.Layer):
    def call(self, x):
        return ops.qr(ops.reshape(x, (-1, 2, 2)))[0]


class TorchExportArchiveTest(testing.TestCase):
    @parameterized.named_parameters(
        ("mlp", "mlp"), ("convnet", "convnet"), ("text", "text")
    )
    def test_endpoint_and_onnx_match_the_model(self, name):
        tf = _tf()
        ort = pytest.importorskip("onnxruntime")
        build, shape, dtype = _MODELS[name]
        model = build()
        archive = _archive(tf)
        archive._track_layer(model)
        self.assertLen(archive._tf_trackable.variables, len(model.variables))
        self.assertLen(
            archive._tf_trackable.trainable_variables,
            len(model.trainable_variables),
        )
        spec = tf.TensorSpec((None,) + shape, dtype, name="inputs")
        fn = archive.add_endpoint(
            "serve", lambda x: model(x, training=False), [spec]
        )
        # The endpoint reads the mirrors, not constants baked in.
        captured = {id(v) for v in fn.get_concrete_function().variables}
        mirrors = archive._tf_trackable.variables
        self.assertTrue(
            all(
                id(v) in captured
                for v in archive._tf_trackable.trainable_variables
            )
        )
        self.assertIs(
            archive._tf_variable_for(model.variables[0]), mirrors[0]
        )

        # The MLP's ONNX file comes from `model.export` (end-to-end test).
        session = None
        if name != "mlp":
            path = os.path.join(self.get_temp_dir(), f"{name}.onnx")
            torch_export.export_onnx(model, path, [spec])
            session = ort.InferenceSession(path)
            self.assertEqual(session.get_inputs()[0].name, "inputs")
        for batch in (1, 4):
            x = _data(shape, dtype, batch, seed=batch)
            expected = ops.convert_to_numpy(model(x, training=False))
            self.assertAllClose(fn(tf.constant(x)), expected, atol=1e-5)
            if session is not None:
                (onnx_out,) = session.run(None, {"inputs": x})
                self.assertAllClose(onnx_out, expected, atol=1e-5)

    @parameterized.named_parameters(
        ("conv1d", "conv1d"), ("depthwise", "depthwise")
    )
    def test_endpoint_of_more_layers(self, name):
        tf = _tf()
        build, shape, dtype = _MODELS[name]
        model = build()
        archive = _archive(tf)
        archive._track_layer(model)
        fn = archive.add_endpoint(
            "serve",
            lambda x: model(x, training=False),
            [tf.TensorSpec((None,) + shape, dtype)],
        )
        for batch in (1, 3):
            x = _data(shape, dtype, batch)
            self.assertAllClose(
                fn(tf.constant(x)),
                ops.convert_to_numpy(model(x, training=False)),
                atol=1e-5,
            )

    def test_endpoint_of_ops(self):
        # Several op rules through one export (each export costs ~1 s).
        tf = _tf()

        def fn(x):
            images = ops.reshape(x, (-1, 2, 3, 1))
            return {
                "sort": ops.sort(x, axis=0),
                "top_k": ops.top_k(x, 2)[1],
                "norm": ops.norm(x, axis=-1),
                "cumprod": ops.cumprod(x, axis=-1),
                "logsumexp": ops.logsumexp(x, axis=-1),
                "one_hot": ops.one_hot(ops.argmax(x, axis=-1), 6),
                "where": ops.where(x > 0, ops.maximum(x, 0.5), x**2),
                "resize": ops.image.resize(images, (4, 6)),
                "split": ops.stack(ops.split(x, 2, axis=-1), axis=1),
                "attention": ops.dot_product_attention(
                    images, images, images
                ),
            }

        endpoint = _archive(tf).add_endpoint(
            "ops", fn, [tf.TensorSpec((None, 6), "float32")]
        )
        for batch in (2, 5):
            x = _data((6,), "float32", batch)
            out = endpoint(tf.constant(x))
            for key, value in fn(x).items():
                self.assertAllClose(out[key], value, atol=1e-5, msg=key)

    def test_saved_model_serves(self):
        tf = _tf()
        model = _mlp()
        # An eager call on as many samples as the export's example inputs
        # (2) must not fix the batch size of the exported function.
        model(_data((6,), "float32", 2))
        archive = _archive(tf)
        archive._track_layer(model)
        fn = archive.add_endpoint(
            "serve",
            lambda x: model(x, training=False),
            [tf.TensorSpec((None, 6), "float32")],
        )
        module = tf.Module()
        module.weights = list(archive._tf_trackable.variables)
        module.serve = fn
        path = os.path.join(self.get_temp_dir(), "saved")
        tf.saved_model.save(module, path)
        restored = tf.saved_model.load(path)
        for batch in (2, 7):
            x = _data((6,), "float32", batch)
            self.assertAllClose(
                restored.serve(tf.constant(x)),
                ops.convert_to_numpy(model(x)),
                atol=1e-5,
            )

    def test_nested_inputs_and_outputs(self):
        tf = _tf()
        a = layers.Input((3,), name="a")
        b = layers.Input((3,), name="b")
        dense = layers.Dense(2)
        model = models.Model(
            {"a": a, "b": b}, {"sum": dense(a + b), "diff": a - b}
        )
        archive = _archive(tf)
        archive._track_layer(model)
        # Keys in another order than the model's: matched by name.
        fn = archive.add_endpoint(
            "serve",
            lambda x: model(x, training=False),
            [
                {
                    "b": tf.TensorSpec((None, 3), "float32"),
                    "a": tf.TensorSpec((None, 3), "float32"),
                }
            ],
        )
        x = {"a": _data((3,), "float32", 3, 1), "b": _data((3,), "float32", 3)}
        out = fn({k: tf.constant(v) for k, v in x.items()})
        expected = model(x)
        for key in ("sum", "diff"):
            self.assertAllClose(out[key], expected[key], atol=1e-5)

    def test_training_endpoint_updates_mirrors(self):
        tf = _tf()
        model = models.Sequential(
            [layers.Input((3,)), layers.BatchNormalization(momentum=0.9)]
        )
        archive = _archive(tf)
        archive._track_layer(model)
        train = archive.add_endpoint(
            "train",
            lambda x: model(x, training=True),
            [tf.TensorSpec((None, 3), "float32")],
        )
        train(tf.fill((4, 3), 10.0))
        mean = archive._tf_variable_for(model.layers[0].moving_mean)
        self.assertAllClose(mean, np.full((3,), 1.0), atol=1e-5)
        # The Keras model itself is left as it was.
        self.assertAllClose(model.layers[0].moving_mean, np.zeros((3,)))

    def test_unsupported_op_names_op_and_layer(self):
        tf = _tf()
        model = models.Sequential([layers.Input((4,)), _QR(name="qr")])
        archive = _archive(tf)
        archive._track_layer(model)
        with self.assertRaisesRegex(
            ValueError, r"aten\.linalg_qr.*'sequential/qr'.*onnx"
        ):
            archive.add_endpoint(
                "serve", model, [tf.TensorSpec((None, 4), "float32")]
            )

    def test_fixed_free_axis_is_an_error(self):
        tf = _tf()
        model = models.Sequential(
            [layers.Input((4,)), layers.Reshape((2, 2))]
        )
        archive = _archive(tf)
        archive._track_layer(model)

        def fixed_batch(x):
            return ops.reshape(model(x), (2, 4))

        with self.assertRaisesRegex(ValueError, "Axis 0 .* static size"):
            archive.add_endpoint(
                "serve", fixed_batch, [tf.TensorSpec((None, 4), "float32")]
            )

    def test_export_torch_program(self):
        from keras.src.export.torch import export_torch

        model = _mlp()
        path = os.path.join(self.get_temp_dir(), "model.pt2")
        export_torch(model, path, verbose=False)
        program = torch.export.load(path)
        for batch in (1, 5):
            x = _data((6,), "float32", batch)
            self.assertAllClose(
                program.module()(torch.from_numpy(x)),
                ops.convert_to_numpy(model(x)),
                atol=1e-6,
            )
        # The weights are the program's buffers, named after the variables.
        self.assertIn("sequential_dense_kernel", program.state_dict)

    def test_model_export_end_to_end(self):
        tf = _tf()
        ort = pytest.importorskip("onnxruntime")
        model = _mlp()
        x = _data((6,), "float32", 3)
        expected = ops.convert_to_numpy(model(x))
        saved = os.path.join(self.get_temp_dir(), "saved")
        model.export(saved, verbose=False)
        restored = tf.saved_model.load(saved)
        self.assertAllClose(restored.serve(tf.constant(x)), expected, 1e-5)
        onnx_path = os.path.join(self.get_temp_dir(), "model.onnx")
        model.export(onnx_path, format="onnx", verbose=False)
        session = ort.InferenceSession(onnx_path)
        name = session.get_inputs()[0].name
        for batch in (1, 3):
            x = _data((6,), "float32", batch)
            self.assertAllClose(
                session.run(None, {name: x})[0],
                ops.convert_to_numpy(model(x)),
                atol=1e-5,
            )
        program_path = os.path.join(self.get_temp_dir(), "model.pt2")
        model.export(program_path, format="torch", verbose=False)
        program = torch.export.load(program_path)
        self.assertAllClose(
            program.module()(torch.from_numpy(x)), expected, atol=1e-6
        )
