"""Checks the apps-a families against fixtures written by upstream Keras
(`fixtures/make_fixtures.py`): same layers, weights and, with the same
deterministic weights, the same outputs. The largest variants run only
with `KERAS_TEST_LARGE_APPLICATIONS=1`."""

import contextlib
import json
import os
from unittest import mock

import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import applications  # noqa: F401
from keras.src import backend
from keras.src import testing
from keras.src.applications import imagenet_utils
from keras.src.applications import mobilenet
from keras.src.applications import mobilenet_v2
from keras.src.applications import resnet
from keras.src.applications import resnet_v2
from keras.src.applications import vgg16
from keras.src.applications import vgg19
from keras.src.backend.common import variables
from keras.src.backend.common.variables import initializers_deferred

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")
LARGE = os.environ.get("KERAS_TEST_LARGE_APPLICATIONS") == "1"

FUNCTIONS = {
    "ResNet50": resnet.ResNet50,
    "ResNet101": resnet.ResNet101,
    "ResNet152": resnet.ResNet152,
    "ResNet50V2": resnet_v2.ResNet50V2,
    "ResNet101V2": resnet_v2.ResNet101V2,
    "ResNet152V2": resnet_v2.ResNet152V2,
    "VGG16": vgg16.VGG16,
    "VGG19": vgg19.VGG19,
    "MobileNet": mobilenet.MobileNet,
    "MobileNetV2": mobilenet_v2.MobileNetV2,
}
# fixture -> (function, kwargs, runs on every backend in CI)
VARIANTS = {
    "ResNet50": ("ResNet50", {"input_shape": (32, 32, 3)}, True),
    "ResNet101": ("ResNet101", {"input_shape": (32, 32, 3)}, False),
    "ResNet152": ("ResNet152", {"input_shape": (32, 32, 3)}, False),
    "ResNet50V2": ("ResNet50V2", {"input_shape": (32, 32, 3)}, True),
    "ResNet101V2": ("ResNet101V2", {"input_shape": (32, 32, 3)}, False),
    "ResNet152V2": ("ResNet152V2", {"input_shape": (32, 32, 3)}, False),
    "VGG16": ("VGG16", {"input_shape": (32, 32, 3)}, True),
    "VGG19": ("VGG19", {"input_shape": (32, 32, 3)}, True),
    "MobileNet_a025": (
        "MobileNet", {"input_shape": (32, 32, 3), "alpha": 0.25}, True
    ),
    "MobileNet_a1": ("MobileNet", {"input_shape": (32, 32, 3)}, False),
    "MobileNetV2_a035": (
        "MobileNetV2", {"input_shape": (32, 32, 3), "alpha": 0.35}, True
    ),
    "MobileNetV2_a14": (
        "MobileNetV2", {"input_shape": (32, 32, 3), "alpha": 1.4}, False
    ),
}


def deterministic_value(index, name, shape):
    # Same formula as `fixtures/make_fixtures.py`.
    size = int(np.prod(shape)) if shape else 1
    wave = np.sin(0.37 * np.arange(size, dtype="float64") + index)
    if name == "moving_variance":
        value = 1.0 + 0.5 * np.abs(wave)
    elif name == "gamma":
        value = 1.0 + 0.1 * wave
    elif len(shape) >= 2:
        value = wave * np.sqrt(3.0 / int(np.prod(shape[:-1])))
    else:
        value = 0.1 * wave
    return value.reshape(shape).astype("float32")


@contextlib.contextmanager
def zero_weights():
    """Variables created in the block keep zeros: their initializers never
    run. On JAX each random draw compiles once per weight shape, most of a
    structural test's time; tests comparing values assign every weight."""
    with initializers_deferred():
        yield
        variables._PENDING_INITIALIZERS.clear()


def build_with_deterministic_weights(builder, **kwargs):
    """`builder(**kwargs)` with every variable set by `deterministic_value`."""
    with zero_weights():
        model = builder(**kwargs)
        for i, w in enumerate(model.weights):
            w.assign(deterministic_value(i, w.name, tuple(w.shape)))
    return model


def fixed_input(shape):
    size = int(np.prod(shape))
    x = 127.5 + 127.5 * np.sin(0.011 * np.arange(size) + 0.3)
    return (x.reshape(shape) / 255.0).astype("float32")


def assert_matches_fixture(test, key, builder, in_ci, **kwargs):
    """Checks `builder(**kwargs)` against the fixture `<key>.json` written
    by upstream Keras: name, layers, weight shapes, parameter count and,
    with `deterministic_value` weights, the output on `fixed_input`."""
    if not (in_ci or LARGE):
        test.skipTest("set KERAS_TEST_LARGE_APPLICATIONS=1")
    if not _channels_last():
        test.skipTest("fixtures are channels_last")
    with open(os.path.join(FIXTURES, f"{key}.json")) as f:
        ref = json.load(f)
    model = build_with_deterministic_weights(
        builder, weights=None, classifier_activation=None, **kwargs
    )
    test.assertEqual(model.name, ref["name"])
    test.assertEqual(
        [[l.name, type(l).__name__] for l in model.layers], ref["layers"]
    )
    test.assertEqual(
        [[w.name, list(w.shape)] for w in model.weights], ref["weights"]
    )
    test.assertEqual(model.count_params(), ref["params"])
    x = fixed_input((2,) + tuple(kwargs["input_shape"]))
    # `predict` compiles the whole model once: on JAX far cheaper than
    # eager calls, which compile each op.
    y = np.asarray(model.predict(x, verbose=0))
    expected = np.asarray(ref["output"])
    scale = max(1.0, float(np.abs(expected).max()))
    test.assertAllClose(y, expected, atol=2e-4 * scale, rtol=1e-3)


def _channels_last():
    return backend.image_data_format() == "channels_last"


class ArchitectureTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        self.enterContext(zero_weights())

    @parameterized.named_parameters(
        (key, key) for key in VARIANTS if os.path.exists(
            os.path.join(FIXTURES, f"{key}.json")
        )
    )
    def test_matches_upstream(self, key):
        fn_name, kwargs, in_ci = VARIANTS[key]
        assert_matches_fixture(self, key, FUNCTIONS[fn_name], in_ci, **kwargs)

    @parameterized.parameters("avg", "max")
    def test_no_top_with_pooling(self, pooling):
        model = resnet.ResNet50(
            weights=None,
            include_top=False,
            input_shape=(32, 32, 3),
            pooling=pooling,
        )
        self.assertEqual(model.output.shape, (None, 2048))
        self.assertEqual(model.layers[-1].name, f"{pooling}_pool")
        model = vgg16.VGG16(
            weights=None, include_top=False, input_shape=(32, 32, 3)
        )
        self.assertEqual(model.output.shape, (None, 1, 1, 512))

    def test_input_tensor(self):
        from keras.src import layers

        inp = layers.Input((32, 32, 3))
        x = layers.Rescaling(1.0 / 255)(inp)
        model = resnet_v2.ResNet50V2(
            weights=None, include_top=False, input_tensor=x
        )
        self.assertIs(model.inputs[0], inp)

    def test_loads_legacy_h5_weights_file(self):
        # Written by upstream Keras's legacy h5 writer (make_fixtures.py).
        path = os.path.join(FIXTURES, "mobilenet_a025_notop_legacy.h5")
        if not os.path.exists(path):
            self.skipTest("legacy h5 fixture not generated")
        if not _channels_last():
            self.skipTest("fixtures are channels_last")
        with open(path[: -len(".h5")] + ".json") as f:
            ref = json.load(f)
        model = mobilenet.MobileNet(
            weights=path, alpha=0.25, input_shape=(32, 32, 3),
            include_top=False,
        )
        y = np.asarray(model.predict(fixed_input((1, 32, 32, 3)), verbose=0))
        self.assertEqual(list(y.shape), ref["shape"])
        self.assertAllClose(y.sum(), ref["output_sum"], rtol=1e-4)

    def test_mobilenet_arguments(self):
        with self.assertRaisesRegex(ValueError, "alpha"):
            mobilenet.MobileNet(weights="imagenet", alpha=0.3)
        with self.assertRaisesRegex(ValueError, "depth multiplier"):
            mobilenet.MobileNet(weights="imagenet", depth_multiplier=2)
        with self.assertRaisesRegex(ValueError, "alpha"):
            mobilenet_v2.MobileNetV2(weights="imagenet", alpha=0.3)
        model = mobilenet_v2.MobileNetV2(
            weights=None, alpha=0.35, input_shape=(32, 32, 3),
            include_top=False, pooling="avg",
        )
        self.assertEqual(model.output.shape, (None, 1280))
        self.assertEqual(model.name, "mobilenetv2_0.35_32")

    def test_argument_errors(self):
        with self.assertRaisesRegex(ValueError, "`weights` argument"):
            vgg19.VGG19(weights="no/such/file.h5")
        with self.assertRaisesRegex(ValueError, "`classes` should be 1000"):
            resnet.ResNet50(weights="imagenet", classes=10)
        with self.assertRaisesRegex(ValueError, "input_shape"):
            resnet.ResNet50(weights="imagenet", input_shape=(64, 64, 3))
        with self.assertRaisesRegex(ValueError, "at least 32x32"):
            resnet.ResNet50(weights=None, input_shape=(16, 16, 3))

    def test_imagenet_weights_request(self):
        # No network: stop at the download and check what was asked for.
        class Stop(Exception):
            pass

        with mock.patch.object(
            imagenet_utils.file_utils, "get_file", side_effect=Stop
        ) as get_file:
            with self.assertRaises(Stop):
                vgg16.VGG16(include_top=False, input_shape=(32, 32, 3))
        args, kwargs = get_file.call_args
        self.assertEqual(
            args[0], "vgg16_weights_tf_dim_ordering_tf_kernels_notop.h5"
        )
        self.assertEqual(args[1], vgg16.WEIGHTS_PATH_NO_TOP)
        self.assertEqual(kwargs["cache_subdir"], "models")
        self.assertEqual(
            kwargs["file_hash"], "6d6bbae143d832006294945121d1f1fc"
        )


class ImagenetUtilsTest(testing.TestCase):
    # Expected values were printed by upstream Keras 3.15.1.
    @parameterized.parameters(
        ("caffe", "channels_last", [-101.939, -115.779, -123.68, -98.939]),
        ("caffe", "channels_first", [-85.939, -84.939, -83.939, -82.939]),
        ("tf", "channels_last", [-1.0, -0.99215686, -0.9843137, -0.9764706]),
        ("torch", "channels_last", [-2.117904, -2.0182073, -1.7695861,
                                    -2.0665298]),
        ("torch", "channels_first", [-2.117904, -2.1007793, -2.0836544,
                                     -2.0665298]),
    )
    def test_preprocess_input(self, mode, data_format, expected):
        x = np.arange(2 * 3 * 3 * 3, dtype="float32").reshape(2, 3, 3, 3)
        y = imagenet_utils.preprocess_input(
            x.copy(), data_format=data_format, mode=mode
        )
        self.assertAllClose(y.ravel()[:4], expected, atol=1e-5)
        # Tensors take the ops path and agree with the NumPy one.
        t = imagenet_utils.preprocess_input(
            backend.convert_to_tensor(x), data_format=data_format, mode=mode
        )
        self.assertAllClose(t, y, atol=1e-5)

    def test_preprocess_input_in_place_and_errors(self):
        x = np.full((1, 2, 2, 3), 255.0, dtype="float32")
        y = imagenet_utils.preprocess_input(x, mode="tf")
        self.assertTrue(np.shares_memory(x, y))
        self.assertAllClose(x, np.ones_like(x))
        ints = np.zeros((1, 2, 2, 3), dtype="uint8")
        self.assertEqual(resnet.preprocess_input(ints).dtype, "float32")
        with self.assertRaisesRegex(ValueError, "mode"):
            imagenet_utils.preprocess_input(x, mode="foo")
        with self.assertRaisesRegex(ValueError, "data_format"):
            imagenet_utils.preprocess_input(x, data_format="foo")

    def test_decode_predictions(self):
        path = os.path.join(self.get_temp_dir(), "index.json")
        with open(path, "w") as f:
            json.dump({str(i): [f"n{i:08d}", f"c{i}"] for i in range(1000)}, f)
        preds = np.zeros((2, 1000), "float32")
        preds[0, 5], preds[0, 7], preds[1, 999] = 0.9, 0.1, 1.0
        with mock.patch.object(imagenet_utils, "CLASS_INDEX", None):
            with mock.patch.object(
                imagenet_utils.file_utils, "get_file", return_value=path
            ) as get_file:
                out = resnet_v2.decode_predictions(preds, top=2)
        self.assertEqual(get_file.call_args[0][1], imagenet_utils.CLASS_INDEX_PATH)
        self.assertEqual(out[0][0][:2], ("n00000005", "c5"))
        self.assertEqual(out[0][1][:2], ("n00000007", "c7"))
        self.assertEqual(out[1][0][:2], ("n00000999", "c999"))
        self.assertAllClose(out[0][0][2], 0.9)
        with self.assertRaisesRegex(ValueError, "samples, 1000"):
            imagenet_utils.decode_predictions(np.zeros((2, 10)))

    def test_obtain_input_shape(self):
        shape = imagenet_utils.obtain_input_shape(
            None, 224, 32, "channels_last", True, "imagenet"
        )
        self.assertEqual(shape, (224, 224, 3))
        shape = imagenet_utils.obtain_input_shape(
            None, 224, 32, "channels_first", False
        )
        self.assertEqual(shape, (3, None, None))
        with self.assertRaisesRegex(ValueError, "3 channels"):
            imagenet_utils.obtain_input_shape(
                (64, 64, 1), 224, 32, "channels_last", False, "imagenet"
            )
        with self.assertRaisesRegex(ValueError, "static"):
            imagenet_utils.obtain_input_shape(
                (None, None, 3), 224, 32, "channels_last", True
            )

    def test_correct_pad_and_activation(self):
        from keras.src.backend.common.keras_tensor import KerasTensor

        pad = imagenet_utils.correct_pad(KerasTensor((None, 6, 7, 3)), (3, 5))
        if _channels_last():
            self.assertEqual(pad, ((0, 1), (2, 2)))
        imagenet_utils.validate_activation("softmax", "imagenet")
        imagenet_utils.validate_activation("relu", None)
        with self.assertRaisesRegex(ValueError, "classifier_activation"):
            imagenet_utils.validate_activation("relu", "imagenet")
