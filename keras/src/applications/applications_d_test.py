"""MobileNetV3 and InceptionResNetV2 against fixtures written by upstream
Keras (`fixtures/make_fixtures.py`): same layers, weight shapes and, with
the same deterministic weights, the same outputs.

Only MobileNetV3Small runs the fixture comparison on every backend; the
larger variants run with `KERAS_TEST_LARGE_APPLICATIONS=1` (CI time).
"""

import os
import warnings
from unittest import mock

import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import layers
from keras.src import testing
from keras.src.applications import imagenet_utils
from keras.src.applications import inception_resnet_v2
from keras.src.applications import mobilenet_v3
from keras.src.applications.applications_a_test import (
    assert_matches_fixture,
)
from keras.src.applications.applications_a_test import zero_weights

LARGE = os.environ.get("KERAS_TEST_LARGE_APPLICATIONS") == "1"

FUNCTIONS = {
    "MobileNetV3Small": mobilenet_v3.MobileNetV3Small,
    "MobileNetV3Large": mobilenet_v3.MobileNetV3Large,
    "InceptionResNetV2": inception_resnet_v2.InceptionResNetV2,
}
# fixture -> (function, kwargs, runs on every backend in CI), as in
# `fixtures/make_fixtures.py`.
VARIANTS = {
    "MobileNetV3Small": (
        "MobileNetV3Small", {"input_shape": (32, 32, 3)}, True
    ),
    "MobileNetV3Large_min": (
        "MobileNetV3Large",
        {"input_shape": (32, 32, 3), "minimalistic": True},
        False,
    ),
    "InceptionResNetV2": (
        "InceptionResNetV2", {"input_shape": (75, 75, 3)}, False
    ),
}


class Stop(Exception):
    pass


def _requested_file(build):
    """The `(file name, origin, hash)` `build()` asks `get_file` for, and
    the messages of the warnings it gave."""
    with mock.patch.object(
        imagenet_utils.file_utils, "get_file", side_effect=Stop
    ) as get_file:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                build()
            except Stop:
                pass
    args, kwargs = get_file.call_args
    assert kwargs["cache_subdir"] == "models"
    messages = [str(w.message) for w in caught]
    return (args[0], args[1], kwargs["file_hash"]), messages


class ArchitectureTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        self.enterContext(zero_weights())

    @parameterized.named_parameters((key, key) for key in VARIANTS)
    def test_matches_upstream(self, key):
        fn_name, kwargs, in_ci = VARIANTS[key]
        assert_matches_fixture(self, key, FUNCTIONS[fn_name], in_ci, **kwargs)

    def test_mobilenet_v3_options(self):
        # Shapes and head layers as printed by upstream Keras 3.15.1.
        build = mobilenet_v3.MobileNetV3Small
        inp = layers.Input((48, 48, 3))
        model = build(
            weights=None, include_top=False, pooling="max", input_tensor=inp,
            include_preprocessing=False,
        )
        self.assertIs(model.inputs[0], inp)
        self.assertEqual(model.output.shape, (None, 576))
        self.assertEqual(model.layers[-1].name, "max_pool")
        self.assertNotIn(
            "Rescaling", [type(l).__name__ for l in model.layers]
        )
        model = build(
            weights=None, dropout_rate=0, classes=7,
            classifier_activation="relu",
        )
        self.assertEqual(model.input.shape, (None, None, None, 3))
        self.assertEqual(model.output.shape, (None, 7))
        self.assertNotIn("Dropout", [type(l).__name__ for l in model.layers])
        self.assertEqual(model.get_layer("conv_2").filters, 1024)
        # alpha > 1 widens the classifier's hidden layer too; an empty
        # block stack keeps this cheap (new weight shapes are slow on jax).
        model = mobilenet_v3.MobileNetV3(
            lambda x, kernel, activation, se_ratio: x, 1024,
            input_shape=(32, 32, 3), alpha=1.25, weights=None,
        )
        self.assertEqual(model.get_layer("conv_1").filters, 96)
        self.assertEqual(model.get_layer("conv_2").filters, 1280)
        # The preprocessing is in the model.
        x = np.full((1, 4, 4, 3), 255.0, "float32")
        self.assertIs(mobilenet_v3.preprocess_input(x), x)

    def test_mobilenet_v3_errors(self):
        with self.assertRaisesRegex(ValueError, "alpha can be one of"):
            mobilenet_v3.MobileNetV3Large(alpha=0.5)
        with self.assertRaisesRegex(ValueError, "alpha can be one of"):
            mobilenet_v3.MobileNetV3Small(alpha=0.75, minimalistic=True)
        with self.assertRaisesRegex(ValueError, "at least 32x32"):
            mobilenet_v3.MobileNetV3Small(weights=None, input_shape=(31, 64, 3))
        with self.assertRaisesRegex(ValueError, "three integers"):
            mobilenet_v3.MobileNetV3Small(weights=None, input_shape=(64, 64))
        with self.assertRaisesRegex(ValueError, "input_shape"):
            mobilenet_v3.MobileNetV3Small(
                weights=None, input_tensor=layers.Input((48, 48, 3)),
                input_shape=(64, 64, 3),
            )
        with self.assertRaisesRegex(ValueError, "not a keras tensor"):
            mobilenet_v3.MobileNetV3Small(
                weights=None, input_tensor=np.zeros((1, 48, 48, 3))
            )
        with self.assertRaisesRegex(ValueError, "`classes` should be 1000"):
            mobilenet_v3.MobileNetV3Small(classes=10)
        with self.assertRaisesRegex(ValueError, "`weights` argument"):
            mobilenet_v3.MobileNetV3Small(weights="no/such/file.h5")
        with self.assertRaisesRegex(ValueError, "classifier_activation"):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # about the input size
                mobilenet_v3.MobileNetV3Small(
                    input_shape=(32, 32, 3), classifier_activation="relu"
                )

    @parameterized.named_parameters(
        ("small", "MobileNetV3Small", {}, "small_224_1.0_float",
         "8768d4c2e7dee89b9d02b2d03d65d862",
         "d3e8ec802a04aa4fc771ee12a9a9b836", True),
        ("small_min", "MobileNetV3Small", {"minimalistic": True},
         "small_minimalistic_224_1.0_float",
         None, "cde8136e733e811080d9fcd8a252f7e4", True),
        ("large_075", "MobileNetV3Large", {"alpha": 0.75},
         "large_224_0.75_float", "765b44a33ad4005b3ac83185abf1d0eb",
         "40af19a13ebea4e2ee0c676887f69a2e", False),
    )  # fmt: skip
    def test_mobilenet_v3_weights_request(
        self, fn_name, kwargs, stem, top_hash, no_top_hash, in_ci
    ):
        # Recorded from upstream Keras with a mocked `get_file`; each case
        # builds the model, so only the small ones run in CI.
        if not (in_ci or LARGE):
            self.skipTest("set KERAS_TEST_LARGE_APPLICATIONS=1")
        build = FUNCTIONS[fn_name]
        cases = [(False, "_no_top_v2.h5", no_top_hash)]
        if top_hash:
            cases.append((True, ".h5", top_hash))
        for include_top, suffix, file_hash in cases:
            (name, origin, got_hash), messages = _requested_file(
                lambda: build(
                    include_top=include_top, input_shape=(32, 32, 3),
                    **kwargs,
                )
            )
            self.assertEqual(name, f"weights_mobilenet_v3_{stem}{suffix}")
            self.assertEqual(origin, mobilenet_v3.BASE_WEIGHT_PATH + name)
            self.assertEqual(got_hash, file_hash)
            # The weights were made for 224x224 inputs.
            self.assertTrue(any("not 224" in m for m in messages))

    def test_inception_resnet_v2_weights_request(self):
        # Recorded from upstream Keras with a mocked `get_file`. Building
        # the 56M-parameter model twice is too slow for CI.
        if not LARGE:
            self.skipTest("set KERAS_TEST_LARGE_APPLICATIONS=1")
        for include_top, name, file_hash in (
            (True, "inception_resnet_v2_weights_tf_dim_ordering_tf_kernels.h5",
             "e693bd0210a403b3192acc6073ad2e96"),
            (False, "inception_resnet_v2_weights_tf_dim_ordering_tf_kernels"
             "_notop.h5", "d19885ff4a710c122648d3b5c3b684e4"),
        ):  # fmt: skip
            got, _ = _requested_file(
                lambda: inception_resnet_v2.InceptionResNetV2(
                    include_top=include_top,
                    input_shape=None if include_top else (75, 75, 3),
                )
            )
            self.assertEqual(
                got,
                (name, inception_resnet_v2.BASE_WEIGHT_URL + name, file_hash),
            )

    def test_inception_resnet_v2_errors(self):
        with self.assertRaisesRegex(ValueError, "at least 75x75"):
            inception_resnet_v2.InceptionResNetV2(
                weights=None, include_top=False, input_shape=(74, 75, 3)
            )
        with self.assertRaisesRegex(ValueError, "input_shape"):
            inception_resnet_v2.InceptionResNetV2(input_shape=(75, 75, 3))
        with self.assertRaisesRegex(ValueError, "block type"):
            inception_resnet_v2.inception_resnet_block(
                layers.Input((8, 8, 4)), 0.1, "block9", 1
            )

    def test_inception_resnet_parts(self):
        layer = inception_resnet_v2.CustomScaleLayer(0.5)
        y = layer([np.ones((1, 2), "float32"), np.full((1, 2), 2.0)])
        self.assertAllClose(y, [[2.0, 2.0]])
        self.assertEqual(layer.get_config()["scale"], 0.5)
        inp = layers.Input((8, 8, 16))
        x = inception_resnet_v2.inception_resnet_block(
            inp, 0.2, "block8", 3, activation=None
        )
        self.assertEqual(x.shape, (None, 8, 8, 16))
        x = inception_resnet_v2.conv2d_bn(inp, 4, [1, 3], name="c")
        self.assertEqual(x.shape, (None, 8, 8, 4))
        x = np.full((1, 2, 2, 3), 255.0, "float32")
        self.assertAllClose(
            inception_resnet_v2.preprocess_input(x), np.ones_like(x)
        )
