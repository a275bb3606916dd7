import numpy as np
import pytest

from keras.src import ops
from keras.src import testing
from keras.src.layers.convolutional.conv2d import Conv2D
from keras.src.layers.core.dense import Dense
from keras.src.layers.core.embedding import Embedding
from keras.src.layers.core.input_layer import Input
from keras.src.layers.normalization.spectral_normalization import (
    SpectralNormalization,
)
from keras.src.layers.reshaping.flatten import Flatten
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


def np_l2_normalize(x):
    return x / np.sqrt(max((x**2).sum(), 1e-12))


def np_spectral_step(kernel, u, iterations):
    matrix = kernel.reshape(-1, kernel.shape[-1])
    for _ in range(iterations):
        v = np_l2_normalize(u @ matrix.T)
        u = np_l2_normalize(v @ matrix)
    sigma = (v @ matrix @ u.T).item()
    return u, kernel / sigma


class SpectralNormalizationTest(testing.TestCase):
    def test_layer_checks(self):
        self.run_layer_test(
            SpectralNormalization,
            init_kwargs={"layer": Dense(2)},
            input_shape=(3, 4),
            call_kwargs={"training": True},
            expected_output_shape=(3, 2),
            expected_num_trainable_weights=2,
            expected_num_non_trainable_weights=1,
            expected_num_seed_generators=0,
            expected_num_losses=0,
            supports_masking=False,
            # The wrapped layer computes in its own dtype policy.
            run_mixed_precision_check=False,
        )

    def test_weights_order(self):
        layer = SpectralNormalization(Dense(3))
        layer(np.ones((2, 4), "float32"))
        self.assertEqual(
            [(w.path, tuple(w.shape), w.trainable) for w in layer.weights],
            [
                ("spectral_normalization/dense/kernel", (4, 3), True),
                ("spectral_normalization/vector_u", (1, 3), False),
                ("spectral_normalization/dense/bias", (3,), True),
            ],
        )

    def test_training_normalizes_kernel(self):
        rng = np.random.RandomState(0)
        kernel = rng.randn(4, 3).astype("float32")
        u = rng.randn(1, 3).astype("float32")
        x = rng.randn(2, 4).astype("float32")
        layer = SpectralNormalization(Dense(3), power_iterations=2)
        layer(x)
        layer.set_weights([kernel, u, np.zeros(3, "float32")])
        self.assertAllClose(layer(x), x @ kernel, atol=1e-5)
        self.assertAllClose(layer.kernel, kernel)
        y = layer(x, training=True)
        eu, ekernel = np_spectral_step(kernel, u, 2)
        self.assertAllClose(layer.vector_u, eu, atol=1e-5)
        self.assertAllClose(layer.kernel, ekernel, atol=1e-5)
        self.assertAllClose(y, x @ ekernel, atol=1e-5)

    def test_converges_to_unit_spectral_norm(self):
        # A kernel with a clear gap between its top two singular values
        # (3 and 1), so that convergence does not hang on a random draw.
        rng = np.random.RandomState(2)
        left, _ = np.linalg.qr(rng.randn(6, 5))
        right, _ = np.linalg.qr(rng.randn(5, 5))
        kernel = (left * [3.0, 1.0, 0.5, 0.3, 0.1]) @ right.T
        layer = SpectralNormalization(Dense(5), power_iterations=5)
        x = np.ones((1, 6), "float32")
        layer(x)
        layer.set_weights([
            kernel.astype("float32"),
            rng.randn(1, 5).astype("float32"),
            np.zeros(5, "float32"),
        ])
        for _ in range(5):
            layer(x, training=True)
        kernel = ops.convert_to_numpy(layer.kernel)
        self.assertAllClose(np.linalg.svd(kernel)[1][0], 1.0, atol=1e-3)

    def test_conv_and_embedding(self):
        rng = np.random.RandomState(1)
        layer = SpectralNormalization(Conv2D(3, 2))
        x = rng.randn(1, 4, 4, 2).astype("float32")
        layer(x)
        kernel = rng.randn(2, 2, 2, 3).astype("float32")
        u = rng.randn(1, 3).astype("float32")
        layer.set_weights([kernel, u, np.zeros(3, "float32")])
        layer(x, training=True)
        _, ekernel = np_spectral_step(kernel, u, 1)
        self.assertAllClose(layer.kernel, ekernel, atol=1e-5)
        layer = SpectralNormalization(Embedding(5, 3))
        layer(np.ones((1, 4), "int32"))
        self.assertEqual(
            [tuple(w.shape) for w in layer.weights], [(5, 3), (1, 3)]
        )

    def test_functional_none_batch(self):
        inputs = Input((4,))
        outputs = SpectralNormalization(Dense(2))(inputs)
        self.assertEqual(outputs.shape, (None, 2))
        model = Model(inputs, outputs)
        self.assertEqual(tuple(model(np.ones((3, 4), "float32")).shape),
                         (3, 2))

    def test_config_round_trip(self):
        layer = SpectralNormalization(Dense(3, use_bias=False),
                                      power_iterations=3)
        config = layer.get_config()
        self.assertEqual(config["layer"]["class_name"], "Dense")
        self.assertEqual(config["power_iterations"], 3)
        clone = SpectralNormalization.from_config(config)
        self.assertEqual(clone.get_config()["layer"], config["layer"])
        revived = serialization_lib.deserialize_keras_object(
            serialization_lib.serialize_keras_object(layer)
        )
        self.assertEqual(revived.layer.units, 3)
        self.assertEqual(revived.power_iterations, 3)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "power_iterations=0"):
            SpectralNormalization(Dense(3), power_iterations=0)
        with self.assertRaisesRegex(ValueError, "layer='a'"):
            SpectralNormalization("a")
        with self.assertRaisesRegex(ValueError, "'kernel' nor 'embeddings'"):
            SpectralNormalization(Flatten())(np.ones((2, 4), "float32"))

    @pytest.mark.requires_trainable_backend
    def test_fit_keeps_kernel_normalized(self):
        inputs = Input((4,))
        layer = SpectralNormalization(Dense(3), power_iterations=3)
        model = Model(inputs, layer(inputs))
        model.compile(optimizer="sgd", loss="mse")
        x = np.random.RandomState(2).randn(16, 4).astype("float32")
        model.fit(x, np.ones((16, 3), "float32"), batch_size=4, epochs=2,
                  verbose=0)
        u = ops.convert_to_numpy(layer.vector_u)
        self.assertAllClose(np.linalg.norm(u), 1.0, atol=1e-4)
