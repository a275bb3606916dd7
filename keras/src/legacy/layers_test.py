import numpy as np
import pytest

from keras.src import backend
from keras.src import testing
from keras.src.legacy import layers
from keras.src.legacy import losses
from keras.src.legacy.saving import serialization


class LegacyLayersTest(testing.TestCase):
    def test_thresholded_relu(self):
        self.run_layer_test(
            layers.ThresholdedReLU, init_kwargs={"theta": 0.5},
            input_data=np.array([[0.2, 0.5, 0.7, -1.0]], "float32"),
            expected_output=np.array([[0.0, 0.0, 0.7, 0.0]], "float32"),
            supports_masking=True, run_training_check=False)
        with self.assertRaisesRegex(ValueError, "theta"):
            layers.ThresholdedReLU(theta=-1)
        with self.assertRaisesRegex(ValueError, "None"):
            layers.ThresholdedReLU(theta=None)

    def test_alpha_dropout_matches_oracle(self):
        layer = layers.AlphaDropout(0.5, seed=1)
        self.assertEqual(
            {k: v for k, v in layer.get_config().items() if k != "dtype"},
            {"name": layer.name, "trainable": True, "rate": 0.5, "seed": 1})
        outputs = backend.convert_to_numpy(
            layer(np.ones((200,), "float32"), training=True))
        # Upstream's two values for rate 0.5: kept and dropped entries.
        self.assertAllClose(np.unique(np.round(outputs, 4)),
                            [-0.7792, 1.6656], atol=1e-4)
        self.assertAllClose(layer(np.ones((3,)), training=False),
                            np.ones(3))

    def test_random_height_and_width(self):
        height = layers.RandomHeight((0.5, 0.5), seed=1)
        self.assertEqual(height(np.ones((2, 4, 6, 3))).shape, (2, 6, 6, 3))
        self.assertEqual(height.compute_output_shape((2, 4, 6, 3)),
                         (2, None, 6, 3))
        self.assertEqual(height(np.ones((4, 6, 3)), training=False).shape,
                         (4, 6, 3))
        width = layers.RandomWidth((-0.5, -0.5), interpolation="nearest")
        out = width(np.arange(8, dtype="float32").reshape(1, 1, 8, 1))
        self.assertAllClose(out, np.array([[[[1.0], [3.0], [5.0], [7.0]]]]))
        drawn = layers.RandomWidth(0.4, seed=3)(np.ones((2, 10, 3)))
        self.assertTrue(6 <= drawn.shape[1] <= 14)
        self.assertEqual(layers.RandomWidth(0.3, seed=2).get_config()["factor"],
                         0.3)
        with self.assertRaisesRegex(ValueError, "above -1"):
            layers.RandomHeight(1.5)
        with self.assertRaisesRegex(ValueError, "upper bound"):
            layers.RandomHeight((0.5, -0.2))
        with self.assertRaisesRegex(ValueError, "interpolation"):
            layers.RandomWidth(0.2, interpolation="cubic")

    @pytest.mark.requires_trainable_backend
    def test_random_height_trains_eagerly(self):
        from keras.src import layers as core_layers
        from keras.src import models

        model = models.Sequential([
            core_layers.Input((4, 4, 1)),
            layers.RandomHeight(0.25, seed=1),
            core_layers.GlobalAveragePooling2D(),
            core_layers.Dense(1),
        ])
        # TensorFlow traces `fit` into a graph, where the random size
        # cannot be drawn.
        model.compile(optimizer="sgd", loss="mse",
                      run_eagerly=backend.backend() == "tensorflow")
        history = model.fit(np.ones((2, 4, 4, 1)), np.ones((2, 1)),
                            batch_size=2, epochs=1, verbose=0)
        self.assertTrue(np.isfinite(history.history["loss"][0]))


class ReductionTest(testing.TestCase):
    def test_reduction(self):
        self.assertEqual(losses.Reduction.all(),
                         ("auto", "none", "sum", "sum_over_batch_size"))
        losses.Reduction.validate("none")
        with self.assertRaisesRegex(ValueError, "Invalid Reduction Key"):
            losses.Reduction.validate("mean")


class SharedObjectScopesTest(testing.TestCase):
    def test_saving_and_loading_share_objects(self):
        from keras.src import layers as core_layers

        dense = core_layers.Dense(2)
        with serialization.SharedObjectSavingScope():
            first = serialization.serialize_keras_object(dense)
            second = serialization.serialize_keras_object(dense)
        self.assertIs(first, second)
        self.assertEqual(first[serialization.SHARED_OBJECT_KEY], 0)
        plain = serialization.serialize_keras_object(dense)
        self.assertNotIn(serialization.SHARED_OBJECT_KEY, plain)
        objects = vars(core_layers)
        with serialization.SharedObjectLoadingScope():
            a = serialization.deserialize_keras_object(dict(first), objects)
            b = serialization.deserialize_keras_object(dict(first), objects)
        self.assertIs(a, b)
        c = serialization.deserialize_keras_object(dict(first), objects)
        self.assertIsNot(a, c)
        with serialization.DisableSharedObjectScope():
            with serialization.SharedObjectSavingScope() as scope:
                self.assertIsNone(scope)
                once = serialization.serialize_keras_object(dense)
                twice = serialization.serialize_keras_object(dense)
            self.assertIsNot(once, twice)
            with serialization.SharedObjectLoadingScope() as scope:
                self.assertIsInstance(scope,
                                      serialization.NoopLoadingScope)


class UpstreamFileTest(testing.TestCase):
    def test_loads_upstream_keras_file(self):
        import os

        from keras.src.saving import saving_api

        path = os.path.join(os.path.dirname(__file__), "testdata",
                            "upstream_legacy_layers.keras")
        model = saving_api.load_model(path)
        self.assertEqual(
            [type(layer) for layer in model.layers[:2]],
            [layers.ThresholdedReLU, layers.AlphaDropout])
        self.assertEqual(model.layers[0].theta, 0.5)
        # Upstream's output for this input: [[4.0, 4.0]].
        self.assertAllClose(model(np.array([[0.2, 1.0, 3.0]])),
                            [[4.0, 4.0]])
