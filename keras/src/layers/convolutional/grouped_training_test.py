"""Grouped, depthwise and dilated convolutions train without a compiler.

TensorFlow's own CPU kernels (used where oneDNN is off, as on CPUs without
AVX-512) lack gradients for grouped convolutions and dilated transposed
convolutions; the TensorFlow backend routes around them. Under XLA they
always worked, which hid the gap from compiled training checks.
"""

import numpy as np
import pytest
from absl.testing import parameterized

import keras
from keras.src import testing

L = keras.layers

CASES = {
    "grouped_conv1d_first": (
        lambda: L.Conv1D(4, 2, groups=2, strides=2, padding="same",
                         data_format="channels_first"), (4, 5)),
    "grouped_conv2d": (lambda: L.Conv2D(4, 3, groups=2), (6, 6, 4)),
    "grouped_conv3d": (lambda: L.Conv3D(4, 2, groups=2), (3, 3, 3, 4)),
    "depthwise1d_strided": (
        lambda: L.DepthwiseConv1D(3, strides=2, depth_multiplier=2), (7, 3)),
    "depthwise2d_dilated": (
        lambda: L.DepthwiseConv2D(3, dilation_rate=2), (7, 7, 3)),
    "depthwise2d_unequal_strides": (
        lambda: L.DepthwiseConv2D(3, strides=(1, 2)), (7, 7, 3)),
    "separable2d": (lambda: L.SeparableConv2D(4, 3, strides=2), (7, 7, 3)),
    "transpose2d_dilated": (
        lambda: L.Conv2DTranspose(3, 3, dilation_rate=2), (5, 5, 2)),
}


@pytest.mark.requires_trainable_backend
class GroupedTrainingTest(testing.TestCase):
    @parameterized.named_parameters(*[(n, n) for n in CASES])
    def test_trains_eagerly(self, name):
        make, shape = CASES[name]
        model = keras.Sequential(
            [keras.Input(shape), make(), L.Flatten(), L.Dense(1)]
        )
        model.compile(keras.optimizers.SGD(0.01), "mse", jit_compile=False)
        x = np.random.default_rng(0).normal(size=(4,) + shape)
        before = [w.copy() for w in model.layers[0].get_weights()]
        history = model.fit(x.astype("float32"), np.ones((4, 1)),
                            epochs=2, batch_size=4, verbose=0)
        self.assertTrue(np.all(np.isfinite(history.history["loss"])))
        after = model.layers[0].get_weights()
        self.assertNotAllClose(before[0], after[0])
