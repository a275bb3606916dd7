"""EfficientNet, EfficientNetV2, ConvNeXt and NASNet against fixtures
written by upstream Keras (`fixtures/make_fixtures_b.py`): same layers,
weight shapes and, with the same deterministic weights, the same outputs.

The smallest variant of each family runs on every backend; the others run
with `KERAS_TEST_LARGE_APPLICATIONS=1` (CI time).
"""

import json
import os
from unittest import mock

import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import testing
from keras.src.applications import convnext
from keras.src.applications import efficientnet
from keras.src.applications import efficientnet_v2
from keras.src.applications import imagenet_utils
from keras.src.applications import nasnet
from keras.src.applications.applications_a_test import zero_weights

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")
LARGE = os.environ.get("KERAS_TEST_LARGE_APPLICATIONS") == "1"

BUILDERS = {
    "EfficientNetB0": efficientnet.EfficientNetB0,
    "EfficientNetB3": efficientnet.EfficientNetB3,
    "EfficientNetV2B0": efficientnet_v2.EfficientNetV2B0,
    "EfficientNetV2B3": efficientnet_v2.EfficientNetV2B3,
    "EfficientNetV2S": efficientnet_v2.EfficientNetV2S,
    "ConvNeXtTiny": convnext.ConvNeXtTiny,
    "ConvNeXtSmall": convnext.ConvNeXtSmall,
    "NASNetMobile": nasnet.NASNetMobile,
    "NASNetLarge": nasnet.NASNetLarge,
}
SMALL = ["EfficientNetB0", "EfficientNetV2B0", "ConvNeXtTiny", "NASNetMobile"]


def assign_deterministic_weights(model):
    """The same values as the fixture script's function of that name."""
    index = 0
    for layer in model.layers:
        kind = type(layer).__name__
        values = []
        for k, w in enumerate(layer.weights):
            size = int(np.prod(w.shape))
            v = 0.05 * np.sin(0.37 * np.arange(size) + index)
            if (kind == "BatchNormalization" and k == 3) or (
                kind == "Normalization" and k == 1
            ):
                v = 0.5 + np.abs(v)
            values.append(v.reshape(w.shape).astype("float32"))
            index += 1
        if values:
            layer.set_weights(values)


def fixed_input(shape):
    size = int(np.prod(shape))
    x = 127.5 + 127.5 * np.sin(0.1 * np.arange(size))
    return x.reshape(shape).astype("float32")


def load_fixture(name):
    with open(os.path.join(FIXTURES, f"{name}.json")) as f:
        return json.load(f)


def describe(model):
    return (
        [[layer.name, type(layer).__name__] for layer in model.layers],
        [list(w.shape) for w in model.weights],
        int(model.count_params()),
    )


class Stop(Exception):
    pass


@pytest.mark.skipif(
    backend.image_data_format() != "channels_last",
    reason="fixtures are channels_last",
)
class ApplicationsBTest(testing.TestCase):
    def setUp(self):
        super().setUp()
        self.enterContext(zero_weights())

    def check_against_fixture(self, name):
        fixture = load_fixture(name)
        kwargs = dict(fixture["kwargs"])
        kwargs["input_shape"] = tuple(kwargs["input_shape"])
        model = BUILDERS[name](weights=None, **kwargs)
        assign_deterministic_weights(model)
        layers, shapes, params = describe(model)
        self.assertEqual(layers, fixture["layers"])
        self.assertEqual(shapes, fixture["weight_shapes"])
        self.assertEqual(params, fixture["params"])
        x = fixed_input((1,) + kwargs["input_shape"])
        # predict() compiles the whole graph once: on JAX 5x faster than
        # eager calls, which compile each op (CI time).
        y = model.predict(x, verbose=0)
        expected = np.asarray(fixture["output"])
        scale = max(1.0, float(np.abs(expected).max()))
        self.assertAllClose(y, expected, atol=1e-4 * scale, rtol=1e-3)

    @parameterized.named_parameters((name, name) for name in SMALL)
    def test_matches_upstream(self, name):
        self.check_against_fixture(name)

    @parameterized.named_parameters(
        (name, name) for name in BUILDERS if name not in SMALL
    )
    @pytest.mark.skipif(
        not LARGE, reason="set KERAS_TEST_LARGE_APPLICATIONS=1 (slow)"
    )
    def test_matches_upstream_large(self, name):
        self.check_against_fixture(name)

    @pytest.mark.skipif(
        not LARGE,
        reason="CI time: the legacy h5 path is checked by the MobileNet "
        "file in applications_a_test; set KERAS_TEST_LARGE_APPLICATIONS=1",
    )
    def test_legacy_h5_weights_from_keras(self):
        # Written by Keras's own legacy h5 writer, as its published weights.
        fixture = load_fixture("tiny_efficientnet")
        path = os.path.join(FIXTURES, "tiny_efficientnet.h5")
        model = efficientnet.EfficientNet(
            0.1,
            0.1,
            32,
            weights=path,
            input_shape=(32, 32, 3),
            classes=5,
            name="tiny_efficientnet",
        )
        y = model.predict(fixed_input((1, 32, 32, 3)), verbose=0)
        self.assertAllClose(y, np.asarray(fixture["output"]), atol=1e-5)

    def test_no_top_pooling(self):
        # Max pooling and no pooling are covered by the large fixtures.
        model = efficientnet.EfficientNetB0(
            include_top=False,
            weights=None,
            input_shape=(32, 32, 3),
            pooling="avg",
        )
        self.assertEqual(model.output_shape, (None, 1280))

    @parameterized.named_parameters(
        ("efficientnet", efficientnet.EfficientNetB0),
        ("efficientnet_v2", efficientnet_v2.EfficientNetV2B0),
        ("convnext", convnext.ConvNeXtTiny),
        ("nasnet", nasnet.NASNetMobile),
    )
    def test_argument_errors(self, builder):
        with self.assertRaisesRegex(ValueError, "weights"):
            builder(weights="no_such_file.h5")
        with self.assertRaisesRegex(ValueError, "classes"):
            builder(weights="imagenet", classes=10)

    @parameterized.named_parameters(
        (
            "efficientnet",
            efficientnet.EfficientNetB0,
            "efficientnetb0_notop.h5",
            efficientnet.BASE_WEIGHTS_PATH + "efficientnetb0_notop.h5",
            "50bc09e76180e00e4465e1a485ddc09d",
        ),
        (
            "efficientnet_v2",
            efficientnet_v2.EfficientNetV2S,
            "efficientnetv2-s_notop.h5",
            efficientnet_v2.BASE_WEIGHTS_PATH + "efficientnetv2-s_notop.h5",
            "af0682fb74e8c54910f2d4393339c070",
        ),
        (
            "convnext",
            convnext.ConvNeXtTiny,
            "convnext_tiny_notop.h5",
            convnext.BASE_WEIGHTS_PATH + "convnext_tiny_notop.h5",
            "d547c096cabd03329d7be5562c5e14798aa39ed24b474157cef5e85ab9e49ef1",
        ),
        (
            "nasnet",
            nasnet.NASNetMobile,
            "nasnet_mobile_no_top.h5",
            nasnet.NASNET_MOBILE_WEIGHT_PATH_NO_TOP,
            "1ed92395b5b598bdda52abe5c0dbfd63",
        ),
    )
    def test_imagenet_weights_request(self, builder, file_name, url, digest):
        # Keras's file name, URL, cache folder and hash (no network here).
        # Building is the cost: only ConvNeXt (fewest layers) runs in CI.
        if builder is not convnext.ConvNeXtTiny and not LARGE:
            self.skipTest("set KERAS_TEST_LARGE_APPLICATIONS=1 (slow)")
        with mock.patch(
            "keras.src.utils.file_utils.get_file", side_effect=Stop
        ) as get_file:
            with self.assertRaises(Stop):
                builder(
                    include_top=False,
                    weights="imagenet",
                    input_shape=(32, 32, 3),
                )
        args, kwargs = get_file.call_args
        self.assertEqual(args, (file_name, url))
        self.assertEqual(
            kwargs, {"cache_subdir": "models", "file_hash": digest}
        )

    def test_preprocess_input(self):
        x = np.array([[[[0.0, 127.5, 255.0]]]], dtype="float32")
        # nasnet scales to [-1, 1] ("tf" mode); the others are identities.
        self.assertAllClose(
            nasnet.preprocess_input(x.copy()), [[[[-1.0, 0.0, 1.0]]]]
        )
        for module in (efficientnet, efficientnet_v2, convnext):
            self.assertAllClose(module.preprocess_input(x), x)

    def test_decode_predictions(self):
        index = {str(i): [f"n{i:08d}", f"class_{i}"] for i in range(1000)}
        home = self.get_temp_dir()
        path = os.path.join(home, "imagenet_class_index.json")
        with open(path, "w") as f:
            json.dump(index, f)
        preds = np.zeros((1, 1000), dtype="float32")
        preds[0, 7], preds[0, 3] = 0.7, 0.2
        with mock.patch.dict(os.environ, {"KERAS_HOME": home}):
            with mock.patch.object(imagenet_utils, "CLASS_INDEX", None):
                with mock.patch.object(
                    imagenet_utils.file_utils, "get_file", return_value=path
                ):
                    for module in (
                        efficientnet,
                        efficientnet_v2,
                        convnext,
                        nasnet,
                    ):
                        out = module.decode_predictions(preds, top=2)
                        self.assertEqual(
                            out[0][0][:2], ("n00000007", "class_7")
                        )
                        self.assertEqual(out[0][1][1], "class_3")
                        self.assertAllClose(out[0][0][2], 0.7)


class BuildingBlocksTest(testing.TestCase):
    # Real initializers here: LayerScale starts at its init value.
    def test_building_blocks(self):
        x = np.ones((2, 4, 4, 3), dtype="float32")
        layer = convnext.LayerScale(0.5, 3)
        self.assertAllClose(layer(x), x * 0.5)
        drop = convnext.StochasticDepth(0.5)
        self.assertAllClose(drop(x, training=False), x)
        self.assertEqual(
            convnext.LayerScale(0.5, 3).get_config()["projection_dim"], 3
        )
        with self.assertRaisesRegex(ValueError, "drop_path_rate"):
            convnext.StochasticDepth(1.5)
        self.assertEqual(efficientnet_v2.round_filters(32, 1.4, 8, 8), 48)
        self.assertEqual(efficientnet_v2.round_repeats(3, 1.4), 5)
