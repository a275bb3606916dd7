"""DenseNet, Xception and InceptionV3 against fixtures written by upstream
Keras (`fixtures/make_fixtures.py`): same layers, weight shapes and, with
the same deterministic weights, the same outputs.

DenseNet121, Xception and InceptionV3 run on every backend; DenseNet169
and DenseNet201 only with `KERAS_TEST_LARGE_APPLICATIONS=1` (CI time).
"""

import os
from unittest import mock

import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import layers
from keras.src import testing
from keras.src.applications import densenet
from keras.src.applications import imagenet_utils
from keras.src.applications import inception_v3
from keras.src.applications import xception
from keras.src.applications.applications_a_test import (
    assert_matches_fixture,
)
from keras.src.backend.common.variables import initializers_deferred
from keras.src.models import Model

LARGE = os.environ.get("KERAS_TEST_LARGE_APPLICATIONS") == "1"

# fixture -> (function, input side, runs on every backend in CI)
VARIANTS = {
    "DenseNet121": (densenet.DenseNet121, 32, True),
    "DenseNet169": (densenet.DenseNet169, 32, False),
    "DenseNet201": (densenet.DenseNet201, 32, False),
    "Xception": (xception.Xception, 71, True),
    "InceptionV3": (inception_v3.InceptionV3, 75, True),
}
# function -> (weights file with the classifier, its md5, the file
# without it, its md5), as upstream Keras 3.15.1 asks `get_file` for them.
WEIGHT_FILES = {
    "DenseNet121": (
        "densenet121_weights_tf_dim_ordering_tf_kernels.h5",
        "9d60b8095a5708f2dcce2bca79d332c7",
        "densenet121_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "30ee3e1110167f948a6b9946edeeb738",
    ),
    "DenseNet169": (
        "densenet169_weights_tf_dim_ordering_tf_kernels.h5",
        "d699b8f76981ab1b30698df4c175e90b",
        "densenet169_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "b8c4d4c20dd625c148057b9ff1c1176b",
    ),
    "DenseNet201": (
        "densenet201_weights_tf_dim_ordering_tf_kernels.h5",
        "1ceb130c1ea1b78c3bf6114dbdfd8807",
        "densenet201_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "c13680b51ded0fb44dff2d8f86ac8bb1",
    ),
    "Xception": (
        "xception_weights_tf_dim_ordering_tf_kernels.h5",
        "0a58e3b7378bc2990ea3b43d5981f1f6",
        "xception_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "b0042744bf5b25fce3cb969f33bebb97",
    ),
    "InceptionV3": (
        "inception_v3_weights_tf_dim_ordering_tf_kernels.h5",
        "9a0d58056eeedaa3f26cb7ebd46da564",
        "inception_v3_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "bcbd6486424b2319ff4ef7d526e38f63",
    ),
}
FOLDERS = {"dense": "densenet", "xcept": "xception", "incep": "inception_v3"}


def _channels_last():
    return backend.image_data_format() == "channels_last"


class Stop(Exception):
    pass


class ArchitectureTest(testing.TestCase):
    @parameterized.named_parameters((key, key) for key in VARIANTS)
    def test_matches_upstream(self, key):
        fn, side, in_ci = VARIANTS[key]
        assert_matches_fixture(
            self, key, fn, in_ci, input_shape=(side, side, 3)
        )

    @parameterized.named_parameters(
        ("xception_top", "Xception", True, True),
        ("densenet121_top", "DenseNet121", True, False),
        ("densenet121", "DenseNet121", False, True),
        ("densenet169", "DenseNet169", False, False),
        ("densenet201", "DenseNet201", False, False),
        ("xception", "Xception", False, False),
        ("inception_v3", "InceptionV3", False, True),
    )
    def test_imagenet_weights_request(self, fn_name, include_top, in_ci):
        # No network: the download gives a made-up path, whose "loading"
        # sets every weight (so no initializer runs) and is recorded.
        # DenseNet169/201 (larger builds, same code) wait for LARGE.
        if not (in_ci or LARGE):
            self.skipTest("set KERAS_TEST_LARGE_APPLICATIONS=1")
        fn = VARIANTS[fn_name][0]
        loaded = []

        def load_weights(model, path):
            for w in model.weights:
                w.assign(np.zeros(w.shape, w.dtype))
            loaded.append(path)

        kwargs = {} if include_top else {"input_shape": (75, 75, 3)}
        with mock.patch.object(
            imagenet_utils.file_utils, "get_file", return_value="fake.h5"
        ) as get_file, mock.patch.object(
            Model, "load_weights", autospec=True, side_effect=load_weights
        ):
            with initializers_deferred():
                model = fn(include_top=include_top, **kwargs)
        self.assertEqual(loaded, ["fake.h5"])
        self.assertEqual(model.name, fn.__name__.lower().replace("v3", "_v3"))
        args, kwargs = get_file.call_args
        top_file, top_hash, file, file_hash = WEIGHT_FILES[fn_name]
        if include_top:
            file, file_hash = top_file, top_hash
        folder = FOLDERS[fn_name.lower()[:5]]
        self.assertEqual(args[0], file)
        self.assertEqual(
            args[1],
            "https://storage.googleapis.com/tensorflow/keras-applications/"
            f"{folder}/{file}",
        )
        self.assertEqual(kwargs["cache_subdir"], "models")
        self.assertEqual(kwargs["file_hash"], file_hash)

    @parameterized.named_parameters(
        ("densenet121", densenet.DenseNet121, 32),
        ("xception", xception.Xception, 71),
        ("inception_v3", inception_v3.InceptionV3, 75),
    )
    def test_argument_errors(self, fn, min_side):
        # Every check runs before any layer is built.
        small = (min_side - 1, min_side - 1, 3)
        with self.assertRaisesRegex(ValueError, f"at least {min_side}x"):
            fn(weights=None, include_top=False, input_shape=small)
        with self.assertRaisesRegex(ValueError, "`classes` should be 1000"):
            fn(weights="imagenet", classes=10)
        with self.assertRaisesRegex(ValueError, "`weights` argument"):
            fn(weights="no/such/file.weights.h5")
        with self.assertRaisesRegex(ValueError, "input_shape"):
            fn(weights="imagenet", input_shape=(100, 100, 3))
        with self.assertRaisesRegex(ValueError, "classifier_activation"):
            fn(weights="imagenet", classifier_activation="relu")

    def test_input_tensor_classes_and_pooling(self):
        if not _channels_last():
            self.skipTest("checks channels_last shapes")
        image = layers.Input((40, 40, 3))
        x = layers.Rescaling(1.0 / 255)(image)
        model = densenet.DenseNet(
            (1, 2, 1, 1), weights=None, input_tensor=x, classes=7
        )
        self.assertIs(model.inputs[0], image)
        self.assertEqual(model.output.shape, (None, 7))
        # 64 stem channels, +32 per conv block, halved by each transition:
        # 96 -> 48, 112 -> 56, 88 -> 44, then 76.
        self.assertEqual(model.get_layer("bn").output.shape, (None, 1, 1, 76))
        self.assertEqual(model.name, "densenet")
        model = densenet.DenseNet(
            (1, 1, 1, 1), weights=None, include_top=False, pooling="max"
        )
        self.assertEqual(model.output.shape, (None, 68))
        self.assertEqual(model.layers[-1].name, "max_pool")
        with self.assertRaisesRegex(ValueError, "blocks"):
            densenet.DenseNet((1, 2, 1, 1), include_top=False)

    def test_channels_first_shapes(self):
        # Built only (TensorFlow has no channels_first CPU convolutions).
        previous = backend.image_data_format()
        backend.set_image_data_format("channels_first")
        try:
            # Keras's DenseNet refuses channels_first.
            with self.assertRaisesRegex(ValueError, "channels_last"):
                densenet.DenseNet121(weights=None, input_shape=(3, 32, 32))
            y = inception_v3.conv2d_bn(layers.Input((3, 9, 9)), 8, 1, 3)
            self.assertEqual(y.shape, (None, 8, 9, 9))
        finally:
            backend.set_image_data_format(previous)

    # Expected values were printed by upstream Keras 3.15.1.
    @parameterized.named_parameters(
        ("densenet", densenet, [-2.117904, -2.0182073, -1.7695861,
                                -2.0665298]),
        ("xception", xception, [-1.0, -0.99215686, -0.9843137, -0.9764706]),
        ("inception_v3", inception_v3, [-1.0, -0.99215686, -0.9843137,
                                        -0.9764706]),
    )  # fmt: skip
    def test_preprocess_and_decode(self, module, expected):
        x = np.arange(2 * 3 * 3 * 3, dtype="float32").reshape(2, 3, 3, 3)
        y = module.preprocess_input(x.copy(), data_format="channels_last")
        self.assertAllClose(y.ravel()[:4], expected, atol=1e-5)
        preds = np.zeros((1, 1000), "float32")
        preds[0, 3] = 1.0
        index = {str(i): [f"n{i}", f"c{i}"] for i in range(1000)}
        with mock.patch.object(imagenet_utils, "CLASS_INDEX", index):
            out = module.decode_predictions(preds, top=1)
        self.assertEqual(out[0][0][:2], ("n3", "c3"))
